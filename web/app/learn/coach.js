// The coach: when it is on (a top-bar toggle, off by default, remembered like
// auto-pass) and the human is to decide, the page asks the worker's coach() and shows its advice
// under the action bar: what is certain about the rank in play, the chance that the last claim
// is a lie, and the Expert's suggestion with one reason. The worker answers in codes and numbers
// (engine.coach); every sentence is the catalog's. A game in which the coach was asked counts
// apart in the statistics (the worker says so in `assisted`).

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { aboutSeat, cardsText, rankText } from "../core/events.js";
import { app, myTurn, settings, ui } from "../state.js";
import { setToggle } from "../core/settings.js";

/** @typedef {import("../protocol").Advice} Advice */
/** @typedef {import("../protocol").CoachFact} CoachFact */
/** @typedef {import("../protocol").Suggestion} Suggestion */

export function bindCoach() {
  const box = $as("coach-on", HTMLInputElement);
  box.checked = settings.coach;
  box.addEventListener("change", () => {
    setToggle("coach", box.checked);
    updateCoach(); // turned on while the human is to decide: advise now
  });
  // Bound after the table, which renames the seats first ("Boris" -> "Борис").
  onLanguage(() => {
    if (ui.coach.shown) renderAdvice(ui.coach.shown);
  });
}

/** Ask for advice when the coach is on and the human is to decide; hide it otherwise. Called
 * after every answer is drawn. An advice that comes back after the table moved on is dropped. */
export async function updateCoach() {
  const panel = $("coach");
  const resp = app.resp;
  const coach = ui.coach;
  // Behind pass-and-play's privacy screen (`pass_to`, also after a reload) no advice: it names
  // the cards of a hand whose person has not said they are at the device.
  if (!settings.coach || !resp || !myTurn() || !app.client || typeof resp.pass_to === "number") {
    panel.hidden = true;
    panel.replaceChildren();
    coach.asked = -1;
    coach.shown = null;
    return;
  }
  if (coach.asked === app.step) return; // this position's advice is shown or on its way
  const step = (coach.asked = app.step);
  const gen = app.gen;
  coach.shown = null;
  panel.hidden = false;
  panel.replaceChildren(el("p", { class: "hint", text: t("coach.thinking") }));
  const advice = await app.client.call("coach");
  if (step !== app.step || gen !== app.gen) return;
  if (!advice.ok) {
    panel.replaceChildren(el("p", { class: "hint", text: t(`error.${advice.error}`) }));
    return;
  }
  coach.shown = advice;
  renderAdvice(advice);
}

/** @param {CoachFact} fact @returns {string} */
function factText(fact) {
  if (fact.code === "bound") {
    return t("coach.bound", {
      rank: rankText(fact.rank),
      total: fact.total,
      mine: fact.mine,
      discard: fact.discard,
      pile: fact.pile,
      limit: fact.limit,
      over: fact.limit + 1,
    });
  }
  // A sentence about the seat that claimed, worded for it (core/events.js aboutSeat).
  const table = app.resp ?? { human: -1, seats: [] };
  const claim = { n: fact.count, rank: rankText(fact.rank) };
  if (fact.code === "sure_bluff")
    return aboutSeat("coach.sure_bluff", table, fact.seat, { ...claim, limit: fact.limit });
  return aboutSeat("coach.lie_chance", table, fact.seat, { ...claim, percent: fact.percent });
}

/** @param {Suggestion} suggestion @returns {string} */
function actionText(suggestion) {
  const action = suggestion.action;
  if (action.type === "play") {
    return t("coach.play", { cards: cardsText(action.cards), n: action.cards.length, rank: rankText(action.rank) });
  }
  return t(`action.${action.type}`);
}

/** @param {Suggestion} suggestion @returns {string} */
function whyText(suggestion) {
  const why = suggestion.why;
  return t(`coach.why_${why.code}`, {
    n: why.count,
    rank: rankText(why.rank),
    honest: why.honest,
    percent: why.percent,
  });
}

/** @param {Advice} advice */
function renderAdvice(advice) {
  const facts = advice.facts.map((fact) => el("li", { class: `coach-fact ${fact.code}`, text: factText(fact) }));
  const suggestion = advice.suggestion;
  $("coach").replaceChildren(
    el("h2", { class: "coach-title", text: t("coach.title") }),
    facts.length
      ? el("ul", { class: "coach-facts" }, ...facts)
      : el("p", { class: "hint", text: t("coach.nothing_sure") }),
    suggestion &&
      el(
        "p",
        { class: "coach-suggestion" },
        el("strong", { text: t("coach.suggest", { action: actionText(suggestion) }) }),
        " ",
        whyText(suggestion),
      ),
  );
}
