// The end screen: a modal dialog with the placing (cards held, penalty points in a match),
// "Play again" (same setup) and "Change setup". It tells the embedding page too
// (the vnv:game-over event, which embed/frame.js forwards).

import { language, onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { app, current } from "../state.js";
import { endReviews } from "../learn/review.js";
import { sharedTable } from "../core/events.js";
import { keepReplay, resetShare } from "../replay/share.js";

/** Show (or, in another language, rewrite) the end screen for the finished game. */
export function showEnd() {
  const view = current().view;
  const result = view.result;
  if (!result) return;
  const human = current().human;
  const winner = result.winner;
  // A draw is a shared first place: name everyone who shares it.
  const firsts = result.ranking.filter((row) => row.place === 1).map((row) => app.names[row.seat] ?? "");
  const title = result.draw
    ? t("end.shared_win", { names: new Intl.ListFormat(language(), { type: "unit", style: "short" }).format(firsts) })
    : winner === human && !sharedTable(current()) // a shared screen names the winner
      ? t("end.you_won")
      : t("end.winner", { name: winner === null ? "" : (app.names[winner] ?? "") });
  $("end-title").textContent = title;
  const reasonKey = `end.reason.${result.reason}`;
  const reasonText = t(reasonKey);
  $("end-reason").textContent = reasonText === reasonKey ? "" : reasonText;
  const match = view.options && view.options.ending === "match";
  const ranking = result.ranking;
  const hasCards = ranking.some((row) => typeof row.cards === "number");
  $("end-col-cards").hidden = !hasCards;
  $("end-col-penalty").hidden = !match;
  const scores = result.scores || view.scores;
  const body = $("end-ranking");
  body.replaceChildren();
  for (const row of ranking) {
    const tr = el(
      "tr",
      { class: row.seat === human ? "me-row" : "" },
      el("td", { text: String(row.place) }),
      el("td", { text: app.names[row.seat] }),
    );
    if (hasCards) tr.append(el("td", { text: typeof row.cards === "number" ? String(row.cards) : "" }));
    if (match) tr.append(el("td", { text: String(scores[row.seat]) }));
    body.append(tr);
  }
  fillReview();
  const dialog = $as("end-screen", HTMLDialogElement);
  if (!dialog.open) {
    resetShare(); // the last game's link is not this one's
    keepReplay(); // for the statistics dialog's last games
    dialog.showModal();
    const mine = ranking.find((row) => row.seat === human);
    document.dispatchEvent(
      new CustomEvent("vnv:game-over", {
        detail: {
          place: mine ? mine.place : null,
          players: view.players,
          won: winner === human,
          draw: Boolean(result.draw),
          ranking: ranking.map((row) => ({ place: row.place, name: app.names[row.seat], you: row.seat === human })),
        },
      }),
    );
  }
  $("play-again").focus();
}

/** The game's review, built only while its box is open: a long game's tables would otherwise
 * lengthen the end screen's first draw (a long task on a slow phone). */
function fillReview() {
  const open = $as("end-review-box", HTMLDetailsElement).open;
  $("end-review").replaceChildren(...(open ? [endReviews()] : []));
}

/** @param {{ onPlayAgain: () => void, onChangeSetup: () => void }} actions */
export function bindEnd({ onPlayAgain, onChangeSetup }) {
  const dialog = $as("end-screen", HTMLDialogElement);
  onLanguage(() => dialog.open && showEnd());
  $("end-review-box").addEventListener("toggle", () => dialog.open && fillReview());
  $("play-again").addEventListener("click", () => {
    dialog.close();
    onPlayAgain();
  });
  $("change-setup").addEventListener("click", () => {
    dialog.close();
    onChangeSetup();
  });
}

/** Close the end screen if it is open (a new game is dealt from elsewhere). */
export function closeEnd() {
  const dialog = $as("end-screen", HTMLDialogElement);
  if (dialog.open) dialog.close();
}
