// The end-of-hand review: the worker sends it (TableAnswer.review) only in the answer that ends a
// hand, with every card that was hidden. Shown as tables (screen readers read them cell by cell)
// between the hands of a match, in the between-hands summary that holds the bots until "Next
// hand" (summary.js), and on the end screen. The last 20 finished games keep their reviews
// (history.js): the statistics dialog opens them again. Names are made when a review is shown,
// from the seats (core/events.js), so they are in the page's language and each sentence about a
// player has its grammar ("You took 5 cards", "Анна забрала 5 карт").

import { onLanguage, t } from "../core/i18n.js";
import { $as, el } from "../core/dom.js";
import { aboutSeat, cardsText, logTable, rankText, seatName } from "../core/events.js";
import { ui } from "../state.js";
import { loadHistory, pastTable, remember } from "./history.js";

/**
 * @typedef {import("../protocol").HandReview} HandReview
 * @typedef {import("./history.js").PastGame} PastGame
 * @typedef {import("../protocol").Seat} Seat
 */

const game = ui.review.game; // this game's reviews so far, with the names and seat they are told for
/** @type {Seat[]} this game's seats as set up: the reviews name them in the page's language */
let seats = [];

/** A new game at the table: its reviews start empty. */
export function startReviews() {
  game.reviews = [];
}

/**
 * Keep the review an answer carries; a finished game's reviews go to the history. Between the
 * hands of a match the summary dialog shows the hand's review (handReview), so one dialog holds
 * the bots there. The answer that ends the game carries every hand's review as finally played
 * (`reviews`): those are kept, so hands before a reload and hands redone after an undo are
 * told as they ended.
 * @param {import("../protocol").TableAnswer} resp
 * @param {string[]} names
 */
export function takeReview(resp, names) {
  if (!resp.review) return;
  game.reviews = resp.reviews ?? [...game.reviews, resp.review];
  game.names = names;
  game.human = resp.human;
  seats = resp.seats.map((seat) => ({ name: seat.name, level: seat.level }));
  if (resp.view.over && !resp.guide) {
    // A guided hand (learn/guide.js) is no game of the player's own: not among the last games.
    remember({
      when: new Date().toISOString(),
      preset: resp.view.preset,
      names,
      seats,
      human: resp.human,
      reviews: game.reviews,
    });
  }
}

/** The review of the hand that just ended, as tables, for the between-hands summary. @returns {HTMLElement} */
export function handReview() {
  const last = game.reviews.slice(-1);
  return reviewTables({ when: "", preset: "", names: game.names, seats, human: game.human, reviews: last });
}

/** The reviews of the game just finished, for the end screen. @returns {HTMLElement} */
export function endReviews() {
  return reviewTables({ when: "", preset: "", names: game.names, seats, human: game.human, reviews: game.reviews });
}

/** @param {PastGame} past */
function openReview(past) {
  ui.review.shown = past;
  const dialog = $as("review-dialog", HTMLDialogElement);
  $as("review-body", HTMLElement).replaceChildren(reviewTables(past));
  if (!dialog.open) dialog.showModal();
  $as("review-close", HTMLButtonElement).focus();
}

export function bindReview() {
  const dialog = $as("review-dialog", HTMLDialogElement);
  onLanguage(() => {
    const shown = ui.review.shown;
    if (shown && dialog.open) openReview(shown);
  });
  $as("review-close", HTMLButtonElement).addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    ui.review.shown = null;
  });
}

/**
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 * @param {string} caption
 * @param {number[]} [mine] rows to mark as the human's
 */
function table(caption, head, rows, mine = []) {
  return el(
    "table",
    { class: "ranking review-table" },
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, ...head.map((text) => el("th", { scope: "col", text })))),
    el(
      "tbody",
      {},
      ...rows.map((row, i) =>
        el(
          "tr",
          { class: mine.includes(i) ? "me-row" : "" },
          // data-label: a narrow screen shows each row as a block, every cell under its heading.
          el("th", { scope: "row", text: String(row[0]), "data-label": head[0] }),
          ...row.slice(1).map((cell, k) => el("td", { text: String(cell), "data-label": head[k + 1] })),
        ),
      ),
    ),
  );
}

/**
 * Every hand's review of one game: plays, calls, and one line per player.
 * @param {PastGame} past
 * @returns {HTMLElement}
 */
function reviewTables(past) {
  const ctx = logTable(pastTable(past)); // on a shared screen nobody is "you"
  /** @param {number | null} seat */
  const name = (seat) => (seat === null ? "" : seatName(ctx, seat) || String(seat));
  const box = el("div", { class: "review" });
  for (const review of past.reviews) {
    const section = el("section", { class: "review-hand", "data-hand": String(review.hand) });
    section.append(el("h3", { text: t("review.hand", { hand: review.hand }) }), playsTable(review, name));
    if (review.calls.length) section.append(callsTable(review, name, ctx));
    section.append(playersTable(review, name, past.human));
    box.append(section);
  }
  return box;
}

/** @typedef {(seat: number | null) => string} NameOf */

/** The hand's plays in order, with their true cards. @param {HandReview} review @param {NameOf} name */
function playsTable(review, name) {
  return table(
    t("review.plays"),
    ["#", t("review.player"), t("review.claim"), t("review.cards"), t("review.truth"), t("review.called")],
    review.plays.map((play, i) => [
      i + 1,
      name(play.seat),
      `${play.cards.length} × ${rankText(play.rank)}`,
      cardsText(play.cards),
      t(play.honest ? "review.honest" : "review.bluff"),
      play.call ? t(`review.call_${play.call}`) : t("review.not_called"),
    ]),
  );
}

/**
 * The hand's calls: who was right, who took how many cards ("You took 5 cards", "Анна забрала").
 * @param {HandReview} review
 * @param {NameOf} name
 * @param {import("../core/events.js").Table} ctx
 */
function callsTable(review, name, ctx) {
  return table(
    t("review.calls"),
    ["#", t("review.caller"), t("review.call"), t("review.of_play"), t("review.outcome"), t("review.cost")],
    review.calls.map((call, i) => [
      i + 1,
      name(call.seat),
      t(`review.call_${call.kind}`),
      `${call.play + 1} (${name(call.target)})`,
      t(call.right ? "review.right" : "review.wrong"),
      call.taker === null ? t("review.no_cost") : aboutSeat("review.took", ctx, call.taker, { count: call.taken }),
    ]),
  );
}

/**
 * One line per player: bluffs, calls, cards taken, the hand at the end.
 * @param {HandReview} review
 * @param {NameOf} name
 * @param {number} human the row marked as the player's
 */
function playersTable(review, name, human) {
  return table(
    t("review.players"),
    [
      t("review.player"),
      t("review.bluffs"),
      t("review.caught"),
      t("review.calls_won"),
      t("review.calls_lost"),
      t("review.taken"),
      t("review.hand_end"),
    ],
    review.players.map((line) => [
      name(line.seat),
      line.bluffs,
      line.caught,
      line.calls_won,
      line.calls_lost,
      line.taken,
      cardsText(review.hands[line.seat]) || t("review.empty"),
    ]),
    [human],
  );
}

/** The statistics dialog's list of the last games, each opening its review. @returns {HTMLElement} */
export function historyList() {
  const games = loadHistory();
  const box = el("section", { id: "review-history" }, el("h3", { text: t("review.history") }));
  if (!games.length) {
    box.append(el("p", { class: "hint", text: t("review.history_empty") }));
    return box;
  }
  const list = el("ul", { class: "review-history" });
  for (const past of games) {
    const when = new Date(past.when);
    const date = Number.isNaN(when.getTime()) ? "" : when.toLocaleString(document.documentElement.lang || undefined);
    const button = el("button", {
      type: "button",
      class: "btn",
      text: t("review.history_game", { date, preset: t(`setup.preset_${past.preset}`), n: past.names.length }),
    });
    button.addEventListener("click", () => openReview(past));
    // Its replay in the viewer (replay/viewer.js opens #replay=… on this page).
    const replay = past.replay
      ? el("a", { class: "btn small", href: `#replay=${past.replay}`, text: t("replay.title") })
      : null;
    list.append(el("li", {}, button, replay));
  }
  box.append(list);
  return box;
}
