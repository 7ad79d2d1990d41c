// The table loop: deal a game, take each worker answer into state.js (log, narrator, reveals,
// render, end screen), send the human's actions, and pace the bots' steps by the speed setting.
// "Finish the hand" lets the bots play the rest of a hand the human is out of at instant speed.
// Auto-pass (on by default) lets a play stand for the human in an open-challenge window that
// gives them no reason to call. A match's between-hands summary shows over the ended hand's table (the worker
// holds the next deal back: between_hands); closing it asks for the next step, which deals.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, afterPaint } from "../core/dom.js";
import { describeEvent, logTable, seatNames, sharedTable } from "../core/events.js";
import { bindReveal, hideReveal, showReveal } from "../table/table.js";
import { recordStats } from "../learn/stats.js";
import { app, myTurn, settings, ui } from "../state.js";
import { pauseBeforeBot } from "./pace.js";
import { clearLog, logLines, narrate, relocalizeLog, startedLine, updateBubbles } from "../table/log.js";
import { bindHand, clearChoice, keepFocus, render, showActionError, updateActions } from "../table/hand.js";
import { forgetRankPicker } from "../table/rank-picker.js";
import { readSetup, showSetupError, updateStart } from "./setup.js";
import { focusSetup, updateWelcome } from "./welcome.js";
import { showEnd } from "./end.js";
import { closeHandSummary, showHandSummary, summaryClosed } from "./summary.js";
import { playSounds } from "../table/sound.js";
import { clearNotice } from "../core/notice.js";
import { startReviews, takeReview } from "../learn/review.js";
import { updateCoach } from "../learn/coach.js";
import { bindHandoff, focusOn, screenFor, writeHandoff } from "./handoff.js";
import { animateEvents, clearFlights } from "../table/motion.js";

/** @typedef {import("../state.js").TableAnswer} TableAnswer */
/** @typedef {import("../state.js").ErrorAnswer} ErrorAnswer */
/** @typedef {import("../state.js").Setup} Setup */
/** @typedef {import("../table/log.js").Line} Line */

/** @returns {import("../boot/engine-client.js").EngineClient} */
function client() {
  if (!app.client) throw new Error("the engine is not started");
  return app.client;
}

/** @param {"setup" | "table" | "handoff"} name the handoff screen hides the table (pass-and-play) */
export function showScreen(name) {
  $("join-screen").hidden = true; // a friend's page leaves it for good once the table is drawn
  $("setup-screen").hidden = name !== "setup";
  $("table-screen").hidden = name !== "table";
  $("handoff-screen").hidden = name !== "handoff";
  document.body.dataset.screen = name;
  updateStart();
  updateWelcome();
}

export async function startFromForm() {
  if (!app.ready) return;
  await startGame(readSetup());
}

/** Deal a new game with this setup; a refused setup is said on the setup screen.
 * @param {Setup} setup
 */
export async function startGame(setup) {
  app.gen++;
  app.setup = setup;
  /** @type {TableAnswer | ErrorAnswer} */
  const resp = await client().call("new_game", setup);
  if (!resp.ok) {
    showSetupError(resp);
    return;
  }
  clearNotice();
  const first = resp.view.to_move; // a new game always has someone to move
  enterTable(resp, first === null ? [] : [startedLine(resp.view, logTable(resp), first)]);
  document.dispatchEvent(
    new CustomEvent("vnv:game-started", {
      detail: {
        preset: resp.view.preset,
        players: resp.view.players,
        seats: resp.seats.map((seat, i) => ({ name: app.names[i], level: seat.level })),
        human: resp.human,
      },
    }),
  );
}

/** A fresh table for this answer (a new or restored game).
 * @param {TableAnswer} resp
 * @param {Line[]} lines
 */
export function enterTable(resp, lines) {
  clearLog();
  hideReveal();
  document.getElementById("setup-error")?.remove();
  app.resp = null;
  clearChoice();
  app.active = 0;
  app.lastHand = "";
  app.bubbles = {};
  app.finishing = false;
  clearFlights();
  startReviews();
  const end = $as("end-screen", HTMLDialogElement);
  if (end.open) end.close();
  closeHandSummary();
  showScreen("table");
  handle(resp, lines);
  // Focus forces the new screen's layout: after the first frame, not in the first draw's task.
  const gen = app.gen;
  afterPaint(() => gen === app.gen && app.resp && focusOn(screenFor(app.resp)));
  runBots();
}

/** The game in progress stays in the worker: "Back to the game" returns to it. */
export function leaveToSetup() {
  app.gen++;
  showScreen("setup");
  focusSetup();
}

export function backToTable() {
  if (!app.resp) return;
  showScreen(screenFor(app.resp));
  render();
  runBots();
}

/** Apply one worker answer: log and narrate its events, show reveals, render the view.
 * @param {TableAnswer} resp
 * @param {Line[]} [extraLines]
 */
export function handle(resp, extraLines = []) {
  app.resp = resp;
  app.step += 1;
  app.names = seatNames(resp);
  const ctx = logTable(resp); // on a shared screen the log names every seat, nobody is "you"
  /** @type {Line[]} */
  const lines = [...extraLines];
  const events = resp.events || [];
  // Pass-and-play games and rule examples (positions) are no game of the player's own, and a
  // game with friends is none against the bots the statistics count (docs/friends.md).
  if (!sharedTable(resp) && !resp.position && !resp.friends) recordStats(resp, app.setup);
  app.delayBoost = false;
  app.bubbles = updateBubbles(app.bubbles, events, ctx.human);
  events.forEach((event, i) => {
    lines.push(() => describeEvent(event, ctx));
    if (event.type === "revealed") {
      const after = events.slice(i + 1).find((e) => e.type === "took_pile" || e.type === "discarded");
      showReveal(event, after ? () => describeEvent(after, ctx) : null);
      app.delayBoost = true;
    } else if (event.type === "played" || event.type === "dealt") {
      hideReveal();
    }
    // "Finish the hand" lasts until the hand is over.
    if (event.type === "hand_over") app.finishing = false;
  });
  logLines(lines);
  playSounds(events, resp.human);
  render();
  if (document.body.dataset.screen !== "setup") {
    const screen = screenFor(resp);
    const changed = document.body.dataset.screen !== screen;
    showScreen(screen);
    if (changed) focusOn(screen);
  }
  writeHandoff();
  animateEvents(events, resp);
  if (myTurn()) {
    if (lines.length) lines.push(() => t("table.your_turn") + ".");
    keepFocus();
  }
  if (lines.length) narrate(lines);
  takeReview(resp, app.names);
  updateCoach();
  document.dispatchEvent(new CustomEvent("vnv:answer")); // a position's caption and explanation
  if (resp.position) return; // a position's end is told in its explanation (embed/position.js)
  if (resp.view.over) {
    // After the last draw's frame: the modal forces the whole page's style and layout.
    const gen = app.gen;
    afterPaint(() => gen === app.gen && app.resp === resp && showEnd());
  } else if (resp.between_hands) showHandSummary(resp.between_hands, resp.view.scores, resp.human);
}

/** The generation whose bot loop is running: one loop per game, however often it is asked for. */
let looping = -1;

/** Ask the worker for bot steps, one at a time, paced, until the human is to move or the game ends. */
export async function runBots() {
  const gen = app.gen;
  if (looping === gen) return; // the running loop reads app.resp again before each step
  looping = gen;
  const done = await botSteps(gen).finally(() => {
    if (looping === gen) looping = -1;
  });
  if (done && gen === app.gen) await autoPass();
}

/**
 * @param {number} gen
 * @returns {Promise<boolean>} false if the game was left or a step refused
 */
async function botSteps(gen) {
  while (app.resp && app.resp.bot_to_move && !app.resp.view.over && gen === app.gen) {
    await summaryClosed(); // the next hand is dealt when the player has seen the last one's summary
    if (gen !== app.gen) return false;
    await pauseBeforeBot(); // 0 still lets the page paint between two steps
    if (gen !== app.gen) return false;
    /** @type {TableAnswer | ErrorAnswer} */
    const resp = await client().call("bot_step");
    if (gen !== app.gen) return false;
    if (!resp.ok) {
      app.finishing = false;
      showActionError(resp);
      return false;
    }
    handle(resp);
  }
  return true;
}

/** An answer that came from elsewhere than this page's own calls (a friend's action, a seat
 * that changed hands): drawn, and the bots go on if it is theirs to play.
 * @param {TableAnswer} resp
 */
export function takeAnswer(resp) {
  handle(resp);
  runBots();
}

/**
 * Auto-pass (the top bar's checkbox, on unless the player turned it off): in an open-challenge
 * window, where the human may only call or let the play stand, pass for them unless the play
 * gives a reason to call: they hold cards of the claimed rank (so the claim is less likely true),
 * the card tracker's counts make the claim a sure bluff (what the coach would say), or the play
 * is its author's last cards.
 */
function autoPassNow() {
  const resp = app.resp;
  if (!resp || !myTurn() || !settings.autoPass) return false;
  if (sharedTable(resp)) return false; // each person decides their own windows (docs/web.md)
  if (resp.position) return false; // a position (docs/positions.md) asks the reader on purpose
  // An open-challenge window where nothing points to a call (engine.coach.call_reason).
  return "call_reason" in resp && resp.call_reason === null;
}

/** Pass for the human if auto-pass is on and this window gives no reason to call. */
export async function autoPass() {
  if (autoPassNow()) await act({ type: "pass" });
}

/** "Finish the hand": the bots play the rest of this hand at instant speed. */
export function finishHand() {
  if (!app.resp || app.finishing) return;
  app.finishing = true;
  ui.loop.wake?.();
  updateActions();
  $("hand").focus({ preventScroll: true }); // the button hides itself
}

/** The human's action; a refused one leaves the game as it was and says why.
 * @param {import("../table/hand.js").Action} action
 */
export async function act(action) {
  if (app.busy || !app.resp) return;
  app.busy = true;
  updateActions();
  const gen = app.gen;
  /** @type {TableAnswer | ErrorAnswer} */
  let resp;
  try {
    resp = await client().call("act", action);
  } finally {
    app.busy = false;
  }
  if (gen !== app.gen) return;
  if (!resp.ok) {
    updateActions();
    showActionError(resp); // after updateActions, which rewrites the reason line
    return;
  }
  clearChoice();
  handle(resp);
  runBots();
}

export function bindTable() {
  // Another language: the log, then the seats' names ("You", the bots' default names), then
  // everything at the table that shows them.
  onLanguage(relocalizeLog);
  onLanguage(() => {
    if (!app.resp) return;
    app.names = seatNames(app.resp);
    forgetRankPicker(); // rank symbols differ by language: rebuild the picker
    render();
  });
  bindReveal();
  bindHand(act);
  bindHandoff(takeAnswer); // the seat just taken: its table, the privacy screen gone
  $("finish-hand").addEventListener("click", finishHand);
  $("new-game").addEventListener("click", leaveToSetup);
}
