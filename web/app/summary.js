// A match's between-hands summary: when a hand ends and the match goes on, a modal dialog shows
// the hand's places, the match's penalty points so far and the hand's review (review.js), and the
// next hand's first move waits until the player closes it ("Next hand"). Written again in another
// language while it is open.

import { t } from "./i18n.js";
import { $, $as, el } from "./dom.js";
import { app } from "./state.js";
import { handReview } from "./review.js";

/** @typedef {import("./protocol").HandOverEvent} HandOverEvent */

/** @type {{ event: HandOverEvent, scores: number[], human: number } | null} what the open summary shows */
let shown = null;
/** @type {(() => void) | null} resolves the wait of whoever is holding the next move */
let release = null;

function draw() {
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
  shown = { event, scores, human };
  draw();
  const dialog = $as("hand-summary", HTMLDialogElement);
  if (!dialog.open) dialog.showModal();
  $("next-hand").focus();
}

/** Resolves once no summary is open: the bots wait on it before the next hand's first move. */
export function summaryClosed() {
  if (!$as("hand-summary", HTMLDialogElement).open) return Promise.resolve();
  return new Promise((resolve) => {
    release = () => resolve(undefined);
  });
}

/** Close the summary without waiting for the player (a new game, a game left). */
export function closeHandSummary() {
  const dialog = $as("hand-summary", HTMLDialogElement);
  if (dialog.open) dialog.close();
}

/** Another language: write the open summary again. */
export function relocalizeSummary() {
  if ($as("hand-summary", HTMLDialogElement).open) draw();
}

export function bindHandSummary() {
  const dialog = $as("hand-summary", HTMLDialogElement);
  $("next-hand").addEventListener("click", () => dialog.close());
  // Closed by the button, by Escape or from code: the next hand goes on.
  dialog.addEventListener("close", () => {
    shown = null;
    const go = release;
    release = null;
    if (go) go();
    if (!$("table-screen").hidden) $("hand").focus({ preventScroll: true });
  });
}
