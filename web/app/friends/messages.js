// What crosses a data channel between the host's page and a friend's (docs/friends.md): JSON
// text, one message per send. The host's engine is the only authority, so a friend's page may
// send one thing only, its seat's action; anything else, or anything too long to be one, is
// refused before it reaches the engine. The seat is never read from a message: the host knows
// it from the channel the message came on.

import { isRecord } from "../core/record.js";

/** A friend's message is an action: a few hundred characters at most. */
export const GUEST_MESSAGE_MAX = 2048;
/** The host's answers carry a seat's view and, at a hand's end, its review: well under this. */
export const HOST_MESSAGE_MAX = 1 << 20;

/**
 * @typedef {import("../protocol").Action} Action
 * @typedef {import("../protocol").TableAnswer} TableAnswer
 * @typedef {{ t: "act", n: number, action: Action }} GuestMessage a friend's action, numbered by its page
 * @typedef {{ t: "table", a: TableAnswer }
 *   | { t: "step", a: TableAnswer }
 *   | { t: "refused", n: number | null, error: string, message: string }
 *   | { t: "bye" }} HostMessage
 *   "table": the whole table, drawn anew (a new game, a join); "step": what one step changed;
 *   "refused": the friend's message `n` changed nothing; "bye": the host left this game
 */

/**
 * A friend's message as the host reads it, or the reason it is refused (the engine checks the
 * action itself: only its shape is checked here).
 * @param {unknown} data what the channel delivered
 * @returns {{ ok: true, message: GuestMessage } | { ok: false, n: number | null, reason: string }}
 */
export function readGuestMessage(data) {
  if (typeof data !== "string") return { ok: false, n: null, reason: "not text" };
  if (data.length > GUEST_MESSAGE_MAX) return { ok: false, n: null, reason: `longer than ${GUEST_MESSAGE_MAX}` };
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false, n: null, reason: "not JSON" };
  }
  if (!isRecord(value)) return { ok: false, n: null, reason: "not an object" };
  const n = Number.isSafeInteger(value.n) ? Number(value.n) : null;
  if (value.t !== "act" || n === null) return { ok: false, n, reason: "not an action" };
  if (!isRecord(value.action)) return { ok: false, n, reason: "the action is not an object" };
  const keys = Object.keys(value).filter((key) => !["t", "n", "action"].includes(key));
  if (keys.length) return { ok: false, n, reason: "unknown fields: " + keys.join(", ") };
  return { ok: true, message: { t: "act", n, action: /** @type {Action} */ (/** @type {unknown} */ (value.action)) } };
}

/**
 * The host's message as a friend's page reads it; null for anything else.
 * @param {unknown} data
 * @returns {HostMessage | null}
 */
export function readHostMessage(data) {
  if (typeof data !== "string" || data.length > HOST_MESSAGE_MAX) return null;
  try {
    const value = JSON.parse(data);
    if (!isRecord(value)) return null;
    if ((value.t === "table" || value.t === "step") && isRecord(value.a) && isRecord(value.a.view)) {
      return /** @type {HostMessage} */ (value);
    }
    if (value.t === "refused" && typeof value.error === "string") return /** @type {HostMessage} */ (value);
    if (value.t === "bye") return { t: "bye" };
  } catch {
    return null;
  }
  return null;
}
