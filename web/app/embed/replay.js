// The embed's replay messages (docs/embedding.md "Replays"): the host page loads a
// replay link, steps it, and reads where it stands. embed/frame.js checks the origin (exactly the
// parentOrigin or one of allowOrigins) before anything reaches this module, and answers go to
// that origin only. What is answered is public: the table as every player sees it, without the
// viewed seat's hand, and the step's events without the cards of plays and draws.

import { t } from "../core/i18n.js";
import { app } from "../state.js";
import { goTo, openReplay, shownReplay } from "../replay/viewer.js";

/** @typedef {import("../protocol").ReplayTable} ReplayTable */
/** @typedef {import("../protocol").ErrorAnswer} ErrorAnswer */
/** @typedef {(message: Record<string, unknown>) => void} Reply */

const PRIVATE = new Set(["hand", "legal", "seat"]); // the viewed seat's: not the table's
const CARDS = new Set(["cards"]);

/**
 * A copy of an object without some of its keys (no key left holding undefined: a message to
 * the host has exactly the public fields).
 * @param {object} value
 * @param {Set<string>} keys
 */
function without(value, keys) {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.has(key)));
}

/** The public state of a replay step: no hand, no hidden card.
 * @param {ReplayTable} resp
 */
export function publicState(resp) {
  const table = without(resp.view, PRIVATE);
  return {
    type: "vnv:replay-state",
    step: resp.step,
    steps: resp.steps,
    seat: resp.human,
    open: resp.open,
    table,
    events: resp.events.map((event) =>
      event.type === "played" || event.type === "drew" ? without(event, CARDS) : event,
    ),
  };
}

/** @param {ErrorAnswer} resp */
function refusal(resp) {
  return { type: "vnv:replay-error", error: resp.error, message: t(`error.${resp.error}`) };
}

/**
 * One message of the replay API, already known to come from an allowed origin; false if it is
 * none of them.
 * @param {Record<string, unknown>} data
 * @param {Reply} reply
 */
export function replayMessage(data, reply) {
  const kind = data.type;
  if (kind !== "vnv:load-replay" && kind !== "vnv:replay-step" && kind !== "vnv:replay-get") return false;
  run(kind, data, reply).catch((error) =>
    reply({ type: "vnv:replay-error", error: "internal", message: String(error) }),
  );
  return true;
}

/**
 * @param {string} kind
 * @param {Record<string, unknown>} data
 * @param {Reply} reply
 */
async function run(kind, data, reply) {
  if (!app.ready) return reply(refusal({ ok: false, error: "no_game", message: "the engine is not ready" }));
  if (kind === "vnv:load-replay") {
    const refused = await openReplay(typeof data.link === "string" ? data.link : "");
    const shown = shownReplay();
    if (refused) return reply(refusal(refused));
    if (shown) reply(publicState(shown));
    return;
  }
  const shown = shownReplay();
  if (!shown) return reply(refusal({ ok: false, error: "no_game", message: "no replay open" }));
  if (kind === "vnv:replay-get") return reply(publicState(shown));
  const whole = (/** @type {unknown} */ value) => (Number.isInteger(value) ? Number(value) : undefined);
  const by = whole(data.by);
  const step = by === undefined ? whole(data.step) : shown.step + by;
  const seat = whole(data.seat);
  const open = typeof data.open === "boolean" ? data.open : undefined;
  const resp = await goTo({ step, seat, open });
  if (resp && !resp.ok) return reply(refusal(resp));
  const now = shownReplay();
  if (now) reply(publicState(now));
}
