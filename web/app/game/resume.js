// Back to the game after a reload: the worker reads its save (IndexedDB) and answers the table
// as it was, with the events the human saw. The answer is not trusted: a save damaged on disk,
// left by another version or edited by hand may carry anything. Whatever fails (the worker
// refuses the save, the answer is malformed, drawing it throws), the page says so, deletes the
// save, and deals a new game with the stored setup.

import { t } from "../core/i18n.js";
import { $ } from "../core/dom.js";
import { describeEvent, logTable } from "../core/events.js";
import { app, EMBED, SAVE_SLOT } from "../state.js";
import { prependLines, startedLine, updateBubbles } from "../table/log.js";
import { enterTable, runBots, startFromForm } from "./loop.js";
import { render, showActionError } from "../table/hand.js";
import { showNotice } from "../core/notice.js";
import { isRecord } from "../core/record.js";

/** @typedef {import("../state.js").ResumedTable} ResumedTable */
/** @typedef {import("../state.js").ErrorAnswer} ErrorAnswer */

/**
 * @param {unknown} value
 * @param {number} players
 */
function isSeat(value, players) {
  return Number.isInteger(value) && Number(value) >= 0 && Number(value) < players;
}

/**
 * Throw if the restored answer is not one this page can draw: seats, the human's seat, the log's
 * events and the setup "Play again" would send.
 * @param {ResumedTable} resp
 */
export function checkRestored(resp) {
  checkTable(resp);
  const players = resp.view.players;
  const setup = resp.setup;
  const fits =
    isRecord(setup) &&
    isRecord(setup.config) &&
    Array.isArray(setup.seats) &&
    setup.seats.length === players &&
    isSeat(setup.human ?? 0, players);
  if (!fits) throw new Error("the saved setup does not match the game");
}

/**
 * Throw if a table drawn again (a save, or a friend's table the host sent) is not one this page
 * can draw: seats, the human's seat, the log's events.
 * @param {Omit<ResumedTable, "setup">} resp
 */
export function checkTable(resp) {
  const view = resp.view;
  if (!isRecord(view) || !Number.isInteger(view.players)) throw new Error("no view");
  const players = view.players;
  if (!isSeat(resp.human, players)) throw new Error(`the human's seat ${resp.human} is not at the table`);
  const seats = resp.seats;
  if (!Array.isArray(seats) || seats.length !== players) throw new Error("the seats do not match the game");
  if (!seats.every((s) => isRecord(s) && typeof s.name === "string" && typeof s.level === "string")) {
    throw new Error("a seat has no name or level");
  }
  if (!Array.isArray(view.hand) || !view.hand.every((card) => typeof card === "string")) throw new Error("no hand");
  if (!Array.isArray(resp.log) || !resp.log.every((e) => isRecord(e) && typeof e.type === "string")) {
    throw new Error("the log holds something that is not an event");
  }
  if (resp.first !== undefined && resp.first !== null && !isSeat(resp.first, players)) {
    throw new Error("the first player is not at the table");
  }
}

/** Draw the restored game: the log so far, the seats' bubbles, the table.
 * @param {ResumedTable} resp
 * @param {string} [said] the log's line for how the table came back
 */
function restoreTable(resp, said = "event.resumed") {
  checkRestored(resp);
  app.setup = resp.setup;
  drawRestored(resp, said);
}

/** Draw a table that comes back with its log (checked by checkTable).
 * @param {Omit<ResumedTable, "setup">} resp
 * @param {string} said the log's line for how the table came back
 */
export function drawRestored(resp, said) {
  const log = resp.log;
  const ctx = logTable(resp);
  /** @type {import("../table/log.js").Line[]} */
  const lines = [];
  if (typeof resp.first === "number") lines.push(startedLine(resp.view, ctx, resp.first));
  for (const event of log) lines.push(() => describeEvent(event, ctx));
  // The log gets the game so far; the narrator only says that the game is back.
  enterTable(resp, [() => t(said)]);
  prependLines(lines);
  // The seats' bubbles (each one's last action), as they were before the reload.
  app.bubbles = updateBubbles({}, log, ctx.human);
  render();
}

/**
 * The save could not be restored: delete it, deal a new game, and say so.
 * @param {unknown} why
 */
async function recover(why) {
  console.warn("saved game refused:", why);
  app.gen++; // stop a bot loop the half-restored table may have started
  app.resp = null;
  try {
    await app.client?.call("forget");
  } catch (error) {
    console.warn("forget failed:", error); // new_game below overwrites the save anyway
  }
  await startFromForm();
  showNotice(t("save.bad"));
}

export async function tryResume() {
  $("boot-stage").textContent = t("boot.stage.resume");
  try {
    await resumeSaved();
  } finally {
    // Only now, with the saved table drawn (or a new game dealt in place of a damaged save): a
    // reader of the stage may take the screen it finds for the one that stays.
    $("boot-stage").textContent = t("boot.stage.ready");
  }
}

async function resumeSaved() {
  /** @type {ResumedTable | ErrorAnswer} */
  let resp;
  try {
    if (!app.client) throw new Error("the engine is not started");
    resp = await app.client.call("resume", { slot: SAVE_SLOT });
  } catch (error) {
    resp = { ok: false, error: "bad_save", message: String(error) };
  }
  if (!resp.ok) {
    if (resp.error === "no_game") {
      if (EMBED) await startFromForm();
    } else {
      await recover(resp.message); // a damaged or outdated save, or the worker failed on it
    }
    return;
  }
  if (isRecord(resp.view) && resp.view.over === true) {
    if (EMBED) await startFromForm();
    return;
  }
  try {
    restoreTable(resp);
  } catch (error) {
    await recover(error);
  }
}

/** "Undo": the worker replays the game up to the human's last decision (the
 * bots choose again from their seeds) and answers like resume(); the table is drawn again from it.
 * A card seen revealed stays seen: the player saw it, and the help says so. */
export async function undoLast() {
  if (!app.client || !app.resp || app.busy) return;
  app.gen++; // the bots' loop stops: the table is about to go back
  app.busy = true;
  /** @type {ResumedTable | ErrorAnswer} */
  let resp;
  try {
    resp = await app.client.call("undo");
  } finally {
    app.busy = false;
  }
  if (!resp.ok) {
    showActionError(resp);
    runBots();
    return;
  }
  restoreTable(resp, "event.undone");
}
