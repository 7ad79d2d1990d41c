// "Learn by playing": the guided first hand of each rule system (docs/guide.md). The worker deals
// it (new_guide: a normal game of engine/table.py on a prepared deal, engine/guide.py) and every
// answer of it carries `guide`: what happened since the player's last decision and the decision
// the player faces now, in codes; this module words them (learn/guide-text.js) in a panel under
// the action bar, next to the hand the decision is made with. The panel has "Leave the guide"
// (the setup screen; the hand stays in the worker, like any game left) and "Start again" (the
// same prepared hand anew), and at the end "Play a real game": the player's stored setup, or for
// a newcomer the first screen's first game (game/welcome.js); the end screen's "Play again" does
// the same while a guided hand is over.
//
// Started by the first screen's buttons (the `vnv:guide` event, detail {rules}), by the address
// (index.html?guide=classic, embed.html?guide=quick&lang=de), or resumed after a reload like any
// game (the save holds the guide's marker).

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { logTable } from "../core/events.js";
import { showNotice } from "../core/notice.js";
import { app, EMBED, params } from "../state.js";
import { hasStoredSetup } from "../core/settings.js";
import { enterTable, leaveToSetup, startFromForm, startGame } from "../game/loop.js";
import { firstGame } from "../game/welcome.js";
import { closeEnd } from "../game/end.js";
import { startedLine } from "../table/log.js";
import { noteText, stepText } from "./guide-text.js";

/** @typedef {import("../protocol").Preset} Preset */
/** @typedef {import("../protocol").TableAnswer} TableAnswer */

/**
 * The rules a request names, or null.
 * @param {unknown} value
 * @returns {Preset | null}
 */
function rulesOf(value) {
  return value === "classic" || value === "quick" ? value : null;
}

/**
 * Deal the guided hand of `rules` (again: "Start again"); before the engine is ready, it is the
 * page's first game instead of a saved one.
 * @param {Preset} rules
 */
export async function startGuide(rules) {
  if (!app.client || !app.ready) {
    app.firstGame = () => startGuide(rules);
    return;
  }
  app.gen++; // a bot loop of the previous game stops
  // Asked for in the moment between the engine's start and the page's first game: that first
  // game (a saved one resumed) must not replace this hand.
  app.firstGame = async () => {};
  const resp = await app.client.call("new_guide", { rules });
  if (!resp.ok) {
    showNotice(t(`error.${resp.error}`), resp.message);
    return;
  }
  closeEnd();
  app.setup = null; // "Play again" is the real game (playReal), never this hand again
  const first = resp.view.to_move;
  enterTable(resp, first === null ? [] : [startedLine(resp.view, logTable(resp), first)]);
  document.documentElement.dataset.guide = rules;
  // As for any game: the embed tells its parent page (embed/frame.js), which then hears its end.
  const seats = resp.seats.map((seat, i) => ({ name: app.names[i], level: seat.level }));
  const detail = { preset: resp.view.preset, players: resp.view.players, seats, human: resp.human };
  document.dispatchEvent(new CustomEvent("vnv:game-started", { detail }));
}

/** The real game after the guide: the player's stored setup as the form shows it (the embed:
 * its URL's), else the first screen's first game (classic, you and three bots, one hand). */
function playReal() {
  closeEnd();
  if (EMBED || hasStoredSetup()) startFromForm();
  else startGame(firstGame());
}

/** @param {TableAnswer} resp */
function guided(resp) {
  return Boolean(resp.guide);
}

/**
 * The panel's text for this answer: the title, what happened, the decision now (or the wait, or
 * the end).
 * @param {TableAnswer} resp
 * @returns {HTMLElement[]}
 */
function panelBody(resp) {
  const guide = resp.guide;
  if (!guide) return [];
  const table = { human: resp.human, seats: resp.seats };
  const called = guide.notes.some((n) => n.kind === "outcome" && n.seat === resp.human);
  const happened = guide.notes.flatMap((note) => noteText(note, table, called));
  const parts = [el("h2", { class: "guide-title", text: `${t("guide.title")}: ${t(`guide.rules_${guide.rules}`)}` })];
  if (!happened.length && guide.step && guide.step.kind === "open" && resp.view.pile_size === 0 && !resp.view.moves) {
    parts.push(el("p", { class: "guide-intro", text: t("guide.intro") }));
  }
  if (happened.length) {
    parts.push(
      el("h3", { class: "guide-label", text: t("position.outcome") }),
      ...happened.map((text) => el("p", { class: "guide-note", text })),
    );
  }
  if (guide.step) {
    parts.push(
      el("h3", { class: "guide-label", text: t("guide.now") }),
      ...stepText(guide.step, table).map((text) => el("p", { class: "guide-step", text })),
    );
  } else if (!resp.view.over) {
    parts.push(el("p", { class: "guide-wait hint", text: t("guide.waiting") }));
  }
  return parts;
}

/** The panel's buttons: leave, start again, and at the end the real game.
 * @param {TableAnswer} resp
 */
function panelButtons(resp) {
  const rules = resp.guide ? resp.guide.rules : "classic";
  const buttons = el("div", { class: "guide-actions" });
  if (resp.view.over) {
    const real = el("button", { type: "button", id: "guide-real", class: "btn primary", text: t("guide.real_game") });
    real.addEventListener("click", playReal);
    buttons.append(real);
  }
  const restart = el("button", { type: "button", id: "guide-restart", class: "btn", text: t("guide.restart") });
  restart.addEventListener("click", () => startGuide(rules));
  const leave = el("button", { type: "button", id: "guide-leave", class: "btn", text: t("guide.leave") });
  leave.addEventListener("click", leaveToSetup);
  buttons.append(restart, leave);
  return buttons;
}

/** Draw the panel for the answer at the table (again after a change of language), or remove it. */
function renderGuide() {
  const resp = app.resp;
  const old = document.getElementById("guide-panel");
  const playAgain = $("play-again");
  if (!resp || !guided(resp)) {
    old?.remove();
    delete document.documentElement.dataset.guide;
    playAgain.dataset.i18n = "end.play_again";
    playAgain.textContent = t("end.play_again");
    return;
  }
  const guide = resp.guide;
  if (guide) document.documentElement.dataset.guide = guide.rules;
  app.setup = null; // a resumed guided hand's setup is its prepared deal's, not a game to deal again
  // The end screen's first button deals the real game while a guided hand is over.
  playAgain.dataset.i18n = "guide.real_game";
  playAgain.textContent = t("guide.real_game");
  // One element for the whole hand, its content replaced: a live region is announced only when
  // it was already in the page before its text changed.
  const panel = old ?? el("section", { id: "guide-panel", class: "guide-panel", "aria-live": "polite" });
  panel.dataset.step = guide?.step?.kind ?? "";
  panel.replaceChildren(...panelBody(resp), panelButtons(resp));
  if (!old) $("coach").after(panel);
}

export function bindGuide() {
  document.addEventListener("vnv:answer", renderGuide);
  onLanguage(renderGuide);
  // The first screen's buttons (guide-classic, guide-quick) and any other entry point.
  document.addEventListener("vnv:guide", (event) => {
    const rules = rulesOf(/** @type {CustomEvent} */ (event).detail?.rules);
    if (rules) startGuide(rules);
  });
  // "Play again" on the end screen of a guided hand: the real game (bindEnd's own listener
  // then finds no setup to deal again).
  $as("play-again", HTMLButtonElement).addEventListener("click", () => {
    if (app.resp && guided(app.resp) && !app.setup) playReal();
  });
  const asked = rulesOf(params.get("guide"));
  if (asked) {
    app.firstGame = async () => {
      // Off the address once dealt: a reload resumes the hand, as any game, instead of dealing it anew.
      const url = new URL(location.href);
      url.searchParams.delete("guide");
      history.replaceState(history.state, "", url);
      await startGuide(asked);
    };
  }
}
