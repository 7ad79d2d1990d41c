// Sound: off by default, one toggle in the top bar (#sound), remembered (settings.js). Every cue
// is synthesized with Web Audio, a few short tones: no file, nothing fetched. The audio context
// is made at the first cue after sound is on; browsers let it play once the player has clicked.

import { settings } from "../state.js";

/** @typedef {import("../protocol").GameEvent} GameEvent */

/** Each cue as tones played one after the other: [frequency in Hz, seconds]. */
const CUES = Object.freeze({
  play: [[440, 0.05]],
  call: [
    [660, 0.07],
    [520, 0.09],
  ],
  reveal: [
    [330, 0.05],
    [495, 0.1],
  ],
  pickup: [
    [262, 0.08],
    [196, 0.14],
  ],
  win: [
    [523, 0.1],
    [659, 0.1],
    [784, 0.22],
  ],
});

/** @type {AudioContext | null} */
let context = null;

/**
 * @param {AudioContext} audio
 * @param {number} frequency
 * @param {number} start
 * @param {number} length
 */
function tone(audio, frequency, start, length) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "triangle";
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/**
 * The cues these events call for, in order: a play, a call, a reveal, a pick-up, the human's win.
 * @param {GameEvent[]} events
 * @param {number} human
 * @returns {(keyof typeof CUES)[]}
 */
export function cuesFor(events, human) {
  /** @type {(keyof typeof CUES)[]} */
  const cues = [];
  for (const event of events) {
    if (event.type === "played") cues.push("play");
    else if (event.type === "challenged" || event.type === "believed") cues.push("call");
    else if (event.type === "revealed") cues.push("reveal");
    else if (event.type === "took_pile") cues.push("pickup");
    else if (event.type === "game_over" && event.winner === human) cues.push("win");
  }
  return cues;
}

/**
 * Play the cues of these events, if sound is on.
 * @param {GameEvent[]} events
 * @param {number} human
 */
export function playSounds(events, human) {
  if (!settings.sound) return;
  const cues = cuesFor(events, human);
  if (!cues.length) return;
  context = context ?? new AudioContext();
  if (context.state === "suspended") context.resume();
  let at = context.currentTime + 0.01;
  for (const cue of cues) {
    for (const [frequency, length] of CUES[cue]) {
      tone(context, frequency, at, length);
      at += length;
    }
  }
}
