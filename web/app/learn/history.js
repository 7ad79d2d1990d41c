// The last 20 finished games' reviews, in localStorage (the embed page keeps its own): the game
// is over, so its cards are no secret any more. The statistics dialog lists them (review.js:
// historyList). What is stored is shown, never trusted: each game is checked for its shape when
// read, and a damaged one is dropped. A game keeps its seats as set up (a typed name, or "" for a
// default one) and the names are made when it is shown, so a review reopened in another language
// names "Du" and "Анна" in that language (docs/i18n.md, "Players in sentences"); a game stored
// before seats were kept has only its names, and those that are a default name are read back as
// the default (pastTable).

import { readItem, writeItem } from "../core/storage.js";
import { isRecord } from "../core/record.js";

/**
 * @typedef {import("../protocol").HandReview} HandReview
 * @typedef {import("../protocol").Seat} Seat
 * @typedef {{ when: string, preset: string, names: string[], human: number, reviews: HandReview[], replay?: string,
 *   seats?: Seat[] }} PastGame
 */

const KEY = document.body.dataset.mode === "embed" ? "vnv.embed.reviews" : "vnv.reviews";
const HISTORY_MAX = 20;

/**
 * A stored review is shown, never trusted: one whose shape is not the protocol's is dropped.
 * @param {unknown} value
 * @returns {value is HandReview}
 */
function isReview(value) {
  const cards = (/** @type {unknown} */ v) => Array.isArray(v) && v.every((c) => typeof c === "string");
  if (!isRecord(value) || !counts(value.hand) || !Array.isArray(value.hands) || !value.hands.every(cards)) {
    return false;
  }
  const { plays, calls, players } = value;
  return (
    Array.isArray(plays) &&
    plays.every((p) => isRecord(p) && counts(p.seat) && typeof p.rank === "string" && cards(p.cards)) &&
    Array.isArray(calls) &&
    calls.every((c) => isRecord(c) && counts(c.seat) && counts(c.target) && counts(c.play) && counts(c.taken)) &&
    Array.isArray(players) &&
    players.length === value.hands.length &&
    players.every(
      (l, seat) =>
        isRecord(l) &&
        l.seat === seat &&
        ["bluffs", "caught", "calls_won", "calls_lost", "taken"].every((k) => counts(l[k])),
    )
  );
}

/** The stored games, newest first, each checked. @returns {PastGame[]} */
export function loadHistory() {
  /** @type {unknown} */
  let raw = null;
  try {
    raw = JSON.parse(readItem(KEY) ?? "null");
  } catch {
    // damaged: nothing to show
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (g) =>
        isRecord(g) &&
        typeof g.when === "string" &&
        typeof g.preset === "string" &&
        Array.isArray(g.names) &&
        g.names.every((/** @type {unknown} */ n) => typeof n === "string") &&
        counts(g.human) &&
        Array.isArray(g.reviews) &&
        g.reviews.every(isReview) &&
        (g.replay === undefined || (typeof g.replay === "string" && LINK.test(g.replay))) &&
        (g.seats === undefined || isSeats(g.seats, g.names.length)),
    )
    .slice(0, HISTORY_MAX);
}

/**
 * @param {unknown} value
 * @param {number} players
 * @returns {value is Seat[]}
 */
function isSeats(value, players) {
  return (
    Array.isArray(value) &&
    value.length === players &&
    value.every((seat) => isRecord(seat) && typeof seat.name === "string" && typeof seat.level === "string")
  );
}

// The default names in every catalog (i18n/*.json `setup.default_name`, `bot.name_<n>`;
// tests/test_catalog_grammar.py keeps this list equal to them): a game stored with names only
// shows these in the language the page is in.
const DEFAULT_YOU = ["You", "Du", "Jij", "Tu", "Você", "Вы"];
const DEFAULT_BOTS = [
  ["Anna", "Анна"],
  ["Boris", "Борис"],
  ["Vera", "Вера"],
  ["Grisha", "Grischa", "Grisja", "Гриша"],
  ["Dasha", "Dascha", "Dasja", "Даша"],
];

/**
 * Who sat where in a stored game, as the page names seats (core/events.js seatName): its seats,
 * or for a game stored with names only, each name that is a default name read back as "" (the
 * default in the current language), any other kept as typed.
 * @param {PastGame} past
 * @returns {{ human: number, seats: Seat[] }}
 */
export function pastTable(past) {
  if (past.seats) return { human: past.human, seats: past.seats };
  /** @type {Seat[]} */
  const seats = past.names.map((name, seat) => {
    const bot = seat < past.human ? seat : seat - 1; // the bots' names count from 1, the human left out
    const known = seat === past.human ? DEFAULT_YOU : (DEFAULT_BOTS[bot] ?? []);
    return { name: known.includes(name) ? "" : name, level: seat === past.human ? "human" : "medium" };
  });
  return { human: past.human, seats };
}

/** @param {unknown} v */
function counts(v) {
  return Number.isSafeInteger(v) && Number(v) >= 0;
}

const LINK = /^[A-Za-z0-9_-]+$/; // a replay link's text (base64url)

/**
 * The replay link of the game just finished (replay/share.js asks the worker for it), kept with
 * that game's reviews: the newest stored game, if it has none yet.
 * @param {string} link
 */
export function keepReplayLink(link) {
  const [newest, ...older] = loadHistory();
  if (!newest || newest.replay !== undefined || !LINK.test(link)) return;
  writeItem(KEY, JSON.stringify([{ ...newest, replay: link }, ...older]));
}

/** A finished game, newest first. @param {PastGame} past */
export function remember(past) {
  writeItem(KEY, JSON.stringify([past, ...loadHistory()].slice(0, HISTORY_MAX)));
}
