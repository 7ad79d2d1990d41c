// The page's stored settings (localStorage through storage.js): the last setup, the bot
// speed, auto-pass (on unless the player turned it off), sound and the coach. Whatever is stored may be damaged or hostile (another version, a hand-edited value, a
// shared machine), so every value is checked here before the page uses it, and anything odd
// falls back to the default. The language is checked by i18n.js (supported()), the statistics
// by stats.js (loadStats()). None of these holds a card. Whether the card tracker is open is
// "open" or "closed"; anything else is closed (the default). loadSettings() puts the checked
// values into the page's state (state.js: settings), where every module reads them.

import { readItem, writeItem } from "./storage.js";
import { EMBED, params, settings } from "../state.js";
import { isRecord } from "./record.js";

const SETUP_KEY = EMBED ? "vnv.embed.setup" : "vnv.setup";
const SPEED_KEY = EMBED ? "vnv.embed.speed" : "vnv.speed";
// On/off settings, each under its own key; the embed page keeps its own.
const TOGGLES = Object.freeze({
  autoPass: EMBED ? "vnv.embed.autopass" : "vnv.autopass",
  sound: EMBED ? "vnv.embed.sound" : "vnv.sound",
  coach: EMBED ? "vnv.embed.coach" : "vnv.coach",
});
const TRACKER_KEY = EMBED ? "vnv.embed.tracker" : "vnv.tracker";
const NAME_MAX = 16; // the inputs' maxlength
const SEED_TEXT = /^\d{1,15}$/; // what the seed field can hold: a non-negative integer

/** Milliseconds between two bot moves, by the speed setting (reveals hold 2.5x longer). */
export const SPEEDS = Object.freeze({ instant: 0, fast: 250, normal: 800, slow: 1600 });
export const DEFAULT_SPEED = "normal";

/**
 * @typedef {{ name: string, level: string }} StoredBot
 * @typedef {string | number | boolean | null} OptionValue
 * @typedef {{ preset: string | null, players: number | null, human_name: string,
 *   bots: StoredBot[], seed: string, options: Record<string, Record<string, OptionValue>> }} StoredSetup
 */

/**
 * @param {unknown} value
 * @returns {string}
 */
function shortText(value) {
  return typeof value === "string" ? value.slice(0, NAME_MAX) : "";
}

/**
 * The stored setup, each field checked for its type (the setup screen then checks the values
 * against what this build offers: presets, player counts, levels, option values).
 * @param {unknown} raw
 * @returns {StoredSetup}
 */
export function cleanSetup(raw) {
  const saved = isRecord(raw) ? raw : {};
  /** @type {Record<string, Record<string, OptionValue>>} */
  const options = {};
  if (isRecord(saved.options)) {
    for (const [preset, values] of Object.entries(saved.options)) {
      if (!isRecord(values)) continue;
      /** @type {Record<string, OptionValue>} */
      const kept = {};
      for (const [name, value] of Object.entries(values)) {
        const scalar =
          value === null ||
          typeof value === "boolean" ||
          typeof value === "string" ||
          (typeof value === "number" && Number.isFinite(value));
        if (scalar) kept[name] = value;
      }
      options[preset] = kept;
    }
  }
  const seed = typeof saved.seed === "string" ? saved.seed.trim() : "";
  return {
    preset: typeof saved.preset === "string" ? saved.preset : null,
    players: Number.isInteger(saved.players) ? Number(saved.players) : null,
    human_name: shortText(saved.human_name),
    bots: Array.isArray(saved.bots)
      ? saved.bots.slice(0, 5).map((bot) => ({
          name: isRecord(bot) ? shortText(bot.name) : "",
          level: isRecord(bot) && typeof bot.level === "string" ? bot.level : "",
        }))
      : [],
    seed: SEED_TEXT.test(seed) ? seed : "",
    options,
  };
}

/** @returns {StoredSetup} the last setup, checked; the defaults if none or damaged */
export function loadSetup() {
  try {
    return cleanSetup(JSON.parse(readItem(SETUP_KEY) ?? "null"));
  } catch {
    return cleanSetup(null); // not JSON: start from the defaults
  }
}

/** Whether a setup was stored: the player dealt a game from the setup form before. */
export function hasStoredSetup() {
  return readItem(SETUP_KEY) !== null;
}

/** @param {StoredSetup} setup */
export function storeSetup(setup) {
  writeItem(SETUP_KEY, JSON.stringify(setup));
}

/**
 * One of SPEEDS' names (own keys only: "constructor" is no speed).
 * @param {unknown} name
 * @returns {name is keyof typeof SPEEDS}
 */
export function isSpeed(name) {
  return typeof name === "string" && Object.hasOwn(SPEEDS, name);
}

/**
 * Auto-pass is on for a player who never set it: in a six-player open-challenge game without it
 * about seven prompts in ten only offered Pass (docs/web.md, "Auto-pass"). A stored "off" stays off.
 */
const AUTO_PASS_DEFAULT = true;

/** Fill the page's settings from storage, each value checked. The embed has no coach. */
export function loadSettings() {
  settings.speed = loadSpeed();
  settings.autoPass = loadToggle("autoPass", AUTO_PASS_DEFAULT);
  settings.sound = loadToggle("sound");
  settings.coach = !EMBED && loadToggle("coach");
  settings.trackerOpen = readItem(TRACKER_KEY) === "open";
}

/** @returns {keyof typeof SPEEDS} the URL's ?speed=, else the stored one, else "normal" */
function loadSpeed() {
  for (const name of [params.get("speed"), readItem(SPEED_KEY)]) if (isSpeed(name)) return name;
  return DEFAULT_SPEED;
}

/** The speed chosen in the top bar, kept and stored (anything but a speed is ignored).
 * @param {string} name */
export function setSpeed(name) {
  if (!isSpeed(name)) return;
  settings.speed = name;
  writeItem(SPEED_KEY, name);
}

/**
 * An on/off setting (auto-pass, sound, the coach): as stored when stored exactly as "on" or "off";
 * anything else, or nothing, is the setting's default (off but for auto-pass).
 * @param {keyof typeof TOGGLES} name
 * @param {boolean} [byDefault]
 * @returns {boolean}
 */
function loadToggle(name, byDefault = false) {
  const stored = readItem(TOGGLES[name]);
  return stored === "on" || stored === "off" ? stored === "on" : byDefault;
}

/**
 * An on/off setting switched in the page, kept and stored.
 * @param {keyof typeof TOGGLES} name
 * @param {boolean} on
 */
export function setToggle(name, on) {
  settings[name] = on;
  writeItem(TOGGLES[name], on ? "on" : "off");
}

/** @param {boolean} open */
export function setTrackerOpen(open) {
  settings.trackerOpen = open;
  writeItem(TRACKER_KEY, open ? "open" : "closed");
}
