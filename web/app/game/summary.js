// A match's between-hands summary: when a hand ends and the match goes on, a modal dialog shows
// the hand's places, the match's penalty points so far and the hand's review (review.js) over the
// table as the hand ended; the next hand is dealt (the worker shows it) only once the player closes
// it ("Next hand"), and a reload while it is open opens it again. Written again in another
// language while it is open.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { app, ui } from "../state.js";
import { handReview } from "../learn/review.js";

/** @typedef {import("../protocol").HandOverEvent} HandOverEvent */

const summary = ui.summary;

function draw() {
  const shown = summary.shown;
  if (!shown) return;
  const { event, scores, human } = shown;
  $("hand-summary-title").textContent = t("table.hand_summary", { hand: event.hand });
  const body = $("hand-summary-ranking");
  body.replaceChildren();
  for (const row of event.ranking) {
    body.append(
      el(
        "tr",
        { class: row.seat === human ? "me-row" : "" },
        el("td", { text: String(row.place) }),
        el("td", { text: app.names[row.seat] ?? "" }),
        el("td", { text: String(scores[row.seat] ?? 0) }),
      ),
    );
  }
  $("hand-summary-review").replaceChildren(handReview());
}

/**
 * Show the summary of the hand that just ended.
 * @param {HandOverEvent} event
 * @param {number[]} scores the match's penalty points after this hand, by seat
 * @param {number} human
 */
export function showHandSummary(event, scores, human) {
  summary.shown = { event, scores, human };
  draw();
  const dialog = $as("hand-summary", HTMLDialogElement);
  if (!dialog.open) dialog.showModal();
  $("next-hand").focus();
}

/** Resolves once no summary is open: the loop waits on it before asking for the next deal. */
export function summaryClosed() {
  if (!$as("hand-summary", HTMLDialogElement).open) return Promise.resolve();
  return new Promise((resolve) => {
    summary.release = () => resolve(undefined);
  });
}

/** Close the summary without waiting for the player (a new game, a game left). */
export function closeHandSummary() {
  const dialog = $as("hand-summary", HTMLDialogElement);
  if (dialog.open) dialog.close();
}

export function bindHandSummary() {
  const dialog = $as("hand-summary", HTMLDialogElement);
  onLanguage(() => dialog.open && draw());
  $("next-hand").addEventListener("click", () => dialog.close());
  // Closed by the button, by Escape or from code: the next hand goes on.
  dialog.addEventListener("close", () => {
    summary.shown = null;
    const go = summary.release;
    summary.release = null;
    if (go) go();
    if (!$("table-screen").hidden) $("hand").focus({ preventScroll: true });
  });
}
