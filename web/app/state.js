// The page's one state: what the worker last answered and what the human has chosen at the
// table. Every module reads `app` from here; main.js and boot.js fill in build.json and the
// engine at start, then only the table loop (loop.js), the hand (hand.js: the selection) and
// resume.js write it. Also the page's fixed settings (mode, storage keys).
//
// Data flows one way: the worker's answer -> app.resp -> the modules that render it; the human's
// clicks -> a call to the worker (engine-client.js) -> its answer -> app.resp again.

// The worker's answers, typed from the protocol's one description (protocol.schema.json ->
// protocol.d.ts, docs/worker-protocol.md): a wrong field name is a tsc error.
/**
 * @typedef {import("./protocol").TableAnswer} TableAnswer
 * @typedef {import("./protocol").ResumedTable} ResumedTable
 * @typedef {import("./protocol").ErrorAnswer} ErrorAnswer
 * @typedef {import("./protocol").SeatView} View
 * @typedef {import("./protocol").GameEvent} GameEvent
 * @typedef {import("./protocol").NewGameRequest} Setup
 * @typedef {import("./protocol").Seat} Seat
 * @typedef {import("./protocol").Action} Action
 */

/** @typedef {{ kind: string, readonly text: string }} Bubble */

export const params = new URLSearchParams(location.search);
export const DEBUG = params.has("debug");
// The embed page (embed.html, docs/embedding.md) keeps its own settings and saved game.
export const EMBED = document.body.dataset.mode === "embed";
export const SAVE_SLOT = EMBED ? "embed" : "current"; // the worker's IndexedDB key for the game
export const BOT_LEVELS = ["easy", "medium", "hard", "expert", "random"]; // the worker confirms the list at boot
export const DEFAULT_LEVEL = "medium"; // a new bot seat's level: a fair opponent for a first game

export const app = {
  /** @type {(import("./setup.js").Manifest & import("./engine-client.js").Manifest) | null} build.json */
  manifest: null,
  /** @type {import("./engine-client.js").EngineClient | null} */
  client: null,
  ready: false,
  /** @type {TableAnswer | null} the last worker answer: view, events, seats, human */
  resp: null,
  /** @type {string[]} seat -> name */
  names: [],
  /** @type {Setup | null} what "Play again" deals */
  setup: null,
  gen: 0, // bumps when a game is left, so a running bot loop stops
  busy: false,
  /** @type {Set<number>} indexes into view.hand */
  selected: new Set(),
  active: 0, // listbox focus index
  /** @type {import("./protocol").Rank | null} claimed rank chosen in the picker */
  rank: null,
  rankChosen: false,
  lastHand: "",
  delayBoost: false, // a reveal is on the table: the next bot waits longer
  finishing: false, // "Finish the hand": bots play the rest at instant speed
  /** @type {string[]} */
  levels: BOT_LEVELS,
  step: 0, // answers handled so far (tests wait on #table-screen[data-step])
  /** @type {Record<number, Bubble>} seat -> the last thing that seat did, shown on the seat */
  bubbles: {},
  /** @type {(() => Promise<void>) | null} the page's first game in place of a saved one (a position link) */
  firstGame: null,
};

/** The human is to move and the engine offers something. */
export function myTurn() {
  const r = app.resp;
  return Boolean(r && !r.view.over && r.view.to_move === r.human && r.view.legal);
}

/**
 * The last answer; only called where a game is known to be at the table.
 * @returns {TableAnswer}
 */
export function current() {
  if (!app.resp) throw new Error("no game at the table");
  return app.resp;
}
