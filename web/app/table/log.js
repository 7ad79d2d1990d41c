// The game log and the narrator. Every worker answer's events become sentences from catalog
// templates (events.js); they go to the log (the last LOG_MAX lines) and to one polite live
// region. A line is kept as the function that writes it, so another language rewrites the whole
// log (relocalizeLog). Also each seat's speech bubble: the last thing that seat did.

import { t } from "../core/i18n.js";
import { $, el } from "../core/dom.js";
import { fields, rankText, seatName } from "../core/events.js";
import { ui } from "../state.js";

/** @typedef {string | (() => string)} Line */
/** @typedef {import("../state.js").View} View */
/** @typedef {import("../state.js").GameEvent} GameEvent */
/** @typedef {import("../state.js").Bubble} Bubble */

export const LOG_MAX = 400;
/** @type {WeakMap<Element, Line>} each log item's line, to write it again in another language */
const written = new WeakMap();

/** @param {Line} line */
export const lineText = (line) => (typeof line === "function" ? line() : line);

/** @param {Line} line */
function logItem(line) {
  const item = el("li", { text: lineText(line) });
  written.set(item, line);
  return item;
}

/** Add lines at the end of the log, dropping the oldest beyond LOG_MAX.
 * @param {Line[]} lines
 */
export function logLines(lines) {
  const log = $("log");
  for (const line of lines) log.append(logItem(line));
  while (log.children.length > LOG_MAX) log.firstElementChild?.remove();
  followLog();
}

/** Keep the log's end in view. Once per frame, at the next paint: reading scrollHeight right
 * away would lay the page out again in the middle of every answer (a long task at instant speed,
 * tools/bench_longtasks.py). */
function followLog() {
  if (ui.log.following) return;
  ui.log.following = true;
  requestAnimationFrame(() => {
    ui.log.following = false;
    const log = $("log");
    log.scrollTop = log.scrollHeight;
  });
}

/** Put a restored game's lines before what the log holds (the last LOG_MAX - 1 of them).
 * @param {Line[]} lines
 */
export function prependLines(lines) {
  const log = $("log");
  log.prepend(...lines.slice(-(LOG_MAX - 1)).map(logItem));
  followLog();
}

export function clearLog() {
  $("log").replaceChildren();
}

/** Say these lines in the live region (role=status).
 * @param {Line[]} lines
 */
export function narrate(lines) {
  ui.log.narrated = lines;
  $("narrator").textContent = lines.map(lineText).join(" ");
}

/** Another language: write the log and the narrator again (the replay viewer calls it once it has
 * renamed its seats). */
export function relocalizeLog() {
  for (const item of $("log").children) {
    const line = written.get(item);
    if (line) item.textContent = lineText(line);
  }
  const narrated = ui.log.narrated;
  if (narrated.length) $("narrator").textContent = narrated.map(lineText).join(" ");
}

/** The log's opening line: "New game: 4 players, Classic. Anna starts."
 * @param {View} view
 * @param {import("../core/events.js").Table} table
 * @param {number} first
 * @returns {Line}
 */
export function startedLine(view, table, first) {
  const key = first === table.human ? "event.started_you" : "event.started";
  return () =>
    t(key, {
      count: view.players,
      players: view.players,
      preset: t(`setup.preset_${view.preset}`),
      name: seatName(table, first),
    });
}

/** @type {Record<string, string>} */
const BUBBLES = {
  played: "bubble.played",
  challenged: "bubble.challenged",
  believed: "bubble.believed",
  passed: "bubble.passed",
};

/**
 * The bubble an event leaves on its seat, or null; written when shown, so it follows the language.
 * @param {GameEvent} event
 * @returns {Bubble | null}
 */
export function bubbleFor(event) {
  const key = BUBBLES[event.type];
  if (!key) return null;
  return {
    kind: event.type,
    get text() {
      const { count, rank } = fields(event);
      return t(key, { count, rank: rankText(rank) });
    },
  };
}

/**
 * The seats' bubbles after these events: each seat's last action in this round, cleared when a
 * round opens (and by a deal).
 * @param {Record<number, Bubble>} bubbles
 * @param {GameEvent[]} events
 * @param {number} human
 * @returns {Record<number, Bubble>}
 */
export function updateBubbles(bubbles, events, human) {
  let result = bubbles;
  for (const event of events) {
    if (event.type === "dealt" || event.type === "round_opened") result = {};
    const bubble = bubbleFor(event);
    const seat = fields(event).seat;
    if (bubble && seat !== undefined && seat !== human) result[seat] = bubble;
  }
  return result;
}
