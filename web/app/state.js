// The page's one state: the game at the table (`app`: what the worker last answered, what the
// human has chosen), the player's settings (`settings`: read from here, never from the controls)
// and each feature's own state (`ui`, one entry per feature). Every module reads and writes its
// part here, so what the page is showing can be read in one place.
//
// Data flows one way: the worker's answer -> app.resp -> the modules that render it; the human's
// clicks -> a call to the worker (boot/engine-client.js) -> its answer -> app.resp again.
//
// Left with their modules, as they are no state of the page's behaviour: caches (catalogs,
// rules fragments, the audio context, compiled runtimes), the log items' lines (log.js, tied to
// the elements), the card elements in flight (motion.js), the callbacks a module is bound to at
// start, and the engine's start (boot/), which runs before any of the page's modules.

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
/** @typedef {keyof typeof import("./core/settings.js").SPEEDS} Speed */

export const params = new URLSearchParams(location.search);
export const DEBUG = params.has("debug");
const JOIN = "#join="; // a host's invite (friends/hub.js), as boot/preload.js reads it too

/** The invite's code in this page's address (#join=<code>, perhaps damaged: friends/guest.js
 * says so), or null: not a friend's page. */
export function joinCode() {
  return location.hash.startsWith(JOIN) ? location.hash.slice(JOIN.length) : null;
}

// A friend's page (friends/guest.js): opened from a host's invite, it plays on the host's engine.
export const JOINING = joinCode() !== null;
// The embed page (embed.html, docs/embedding.md) keeps its own settings and saved game.
export const EMBED = document.body.dataset.mode === "embed";
export const SAVE_SLOT = EMBED ? "embed" : "current"; // the worker's IndexedDB key for the game
export const BOT_LEVELS = ["easy", "medium", "hard", "expert", "random"]; // the worker confirms the list at boot
export const DEFAULT_LEVEL = "medium"; // a new bot seat's level: a fair opponent for a first game

export const app = {
  /** @type {(import("./game/setup.js").Manifest & import("./boot/engine-client.js").Manifest) | null} build.json */
  manifest: null,
  /** @type {import("./boot/engine-client.js").EngineClient | null} */
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
  remote: false, // a friend's page: the host's engine answers and paces the table (friends/guest.js)
  /** @type {(() => Promise<void>) | null} the page's first game in place of a saved one (a position link) */
  firstGame: null,
};

/** The player's settings, filled from storage at start (settings.js: loadSettings) and kept
 * equal to the top bar's controls by their change listeners. */
export const settings = {
  /** @type {Speed} the bots' pace, the cards' flights and a replay's playback */
  speed: "normal",
  autoPass: false,
  sound: false,
  coach: false, // never on in the embed (docs/embedding.md)
  trackerOpen: false,
  language: "en", // i18n.js sets it with the catalog it loads
};

/** Each feature's own state, by feature. */
export const ui = {
  /** the log and the narrator (log.js) */
  log: {
    /** @type {import("./table/log.js").Line[]} what the narrator said last */
    narrated: [],
    following: false, // the log's end is to be scrolled into view at the next frame
  },
  /** the reveal on the table (table.js) */
  reveal: {
    /** @type {(() => string) | null} the reveal's outcome line, written again in another language */
    outcome: null,
  },
  /** the bots' pacing (loop.js) */
  loop: {
    /** @type {(() => void) | null} ends the bots' current pause early ("Finish the hand") */
    wake: null,
  },
  /** a match's between-hands summary (summary.js) */
  summary: {
    /** @type {{ event: import("./protocol").HandOverEvent, scores: number[], human: number } | null} */
    shown: null,
    /** @type {(() => void) | null} resolves the wait of whoever is holding the next move */
    release: null,
  },
  /** the end-of-hand reviews (review.js) */
  review: {
    /** @type {{ reviews: import("./protocol").HandReview[], names: string[], human: number }} this game's */
    game: { reviews: [], names: [], human: 0 },
    /** @type {import("./learn/history.js").PastGame | null} what the review dialog shows */
    shown: null,
  },
  /** the coach's advice (coach.js) */
  coach: {
    asked: -1, // the answer (app.step) the advice was asked for; -1: none
    /** @type {import("./protocol").Advice | null} the advice shown */
    shown: null,
  },
  /** the rules panel (rules-panel.js) */
  rules: {
    /** @type {Element | null} where the focus goes back to on close */
    opener: null,
    /** @type {{ set: string, section: string | null } | null} what the panel shows */
    shown: null,
  },
  /** the replay viewer (replay/viewer.js) */
  replay: {
    /** @type {import("./protocol").ReplayTable | null} the step shown; null: no replay */
    resp: null,
    playing: false,
    timer: 0,
    /** @type {Record<number, Bubble>} */
    bubbles: {},
    /** @type {{ human: number, seats: Seat[] }} names as shown, for the log */
    named: { human: -1, seats: [] },
  },
  /** the embed's position (embed/position.js) */
  position: {
    /** @type {string | Record<string, unknown> | null} the position last asked for ("Try again") */
    asked: null,
  },
  /** the embed's messages (embed/frame.js) */
  embed: {
    ignored: 0, // messages from origins not allowed, counted for the host's tests
  },
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
