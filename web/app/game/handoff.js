// Pass-and-play's privacy screen: when another person is to act, the worker's answer says
// `pass_to`, and the table stays hidden ("Pass the device to Boris") until that person presses
// "I am Boris: show my cards". Only then does the page ask the worker to take that seat
// (take_seat(), which can only ever bring up the seat whose turn it is), and draw its table.
// After a reload the worker asks for the hand-off too: whoever holds the device may not be the
// person who was on screen.

import { onLanguage, t } from "../core/i18n.js";
import { $ } from "../core/dom.js";
import { app } from "../state.js";

/** @typedef {import("../state.js").TableAnswer} TableAnswer */

/** @type {(resp: TableAnswer) => void} draws the new seat's table (the loop's handle) */
let onSeated = () => undefined;

/** The person the device goes to, or null: the table may be shown.
 * @param {TableAnswer} resp
 */
export function handoffTo(resp) {
  return typeof resp.pass_to === "number" ? resp.pass_to : null;
}

/** The screen an answer is shown on: its table, or the privacy screen while it waits for a person.
 * @param {TableAnswer} resp
 * @returns {"table" | "handoff"}
 */
export function screenFor(resp) {
  return handoffTo(resp) === null ? "table" : "handoff";
}

/** The element a screen's keyboard focus starts on.
 * @param {"table" | "handoff"} screen
 */
export function focusOn(screen) {
  $(screen === "table" ? "hand" : "take-seat").focus({ preventScroll: true });
}

/** Write the privacy screen for the answer at the table (also after a switch of language). */
export function writeHandoff() {
  const seat = app.resp ? handoffTo(app.resp) : null;
  if (seat === null) return;
  const name = app.names[seat] ?? "";
  $("handoff-title").textContent = t("handoff.title", { name });
  $("handoff-hint").textContent = t("handoff.hint", { name });
  $("take-seat").textContent = t("handoff.take", { name });
}

/** The person is at the device: the worker answers their seat, the page draws it. */
async function takeSeat() {
  if (!app.client || !app.resp || app.busy || handoffTo(app.resp) === null) return;
  const gen = app.gen;
  app.busy = true;
  /** @type {TableAnswer | import("../state.js").ErrorAnswer} */
  let resp;
  try {
    resp = await app.client.call("take_seat");
  } finally {
    app.busy = false;
  }
  if (gen !== app.gen || !resp.ok) return; // only no_game: the game was left meanwhile
  onSeated(resp);
}

/** @param {(resp: TableAnswer) => void} seated */
export function bindHandoff(seated) {
  onLanguage(writeHandoff);
  onSeated = seated;
  $("take-seat").addEventListener("click", takeSeat);
}
