// The end-of-hand review: the worker sends it (TableAnswer.review) only in the answer that ends a
// hand, with every card that was hidden. Shown as tables (screen readers read them cell by cell)
// between the hands of a match, in the between-hands summary that holds the bots until "Next
// hand" (summary.js), and on the end screen. The last 20 finished games keep their reviews in localStorage (the game is over, so its
// cards are no secret any more): the statistics dialog opens them again.

import { onLanguage, t } from "../core/i18n.js";
import { $as, el } from "../core/dom.js";
import { cardsText, rankText } from "../core/events.js";
import { readItem, writeItem } from "../core/storage.js";
import { ui } from "../state.js";

/**
 * @typedef {import("../protocol").HandReview} HandReview
 * @typedef {{ when: string, preset: string, names: string[], human: number, reviews: HandReview[], replay?: string }} PastGame
 */

const KEY = document.body.dataset.mode === "embed" ? "vnv.embed.reviews" : "vnv.reviews";
export const HISTORY_MAX = 20;

const game = ui.review.game; // this game's reviews so far, with the names and seat they are told for

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
  if (resp.view.over) {
    remember({
      when: new Date().toISOString(),
      preset: resp.view.preset,
      names,
      human: resp.human,
      reviews: game.reviews,
    });
  }
}

/** The review of the hand that just ended, as tables, for the between-hands summary. @returns {HTMLElement} */
export function handReview() {
  const last = game.reviews.slice(-1);
  return reviewTables({ when: "", preset: "", names: game.names, human: game.human, reviews: last });
}

/** The reviews of the game just finished, for the end screen. @returns {HTMLElement} */
export function endReviews() {
  return reviewTables({ when: "", preset: "", names: game.names, human: game.human, reviews: game.reviews });
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
          el("th", { scope: "row", text: String(row[0]) }),
          ...row.slice(1).map((cell) => el("td", { text: String(cell) })),
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
  const name = (/** @type {number | null} */ seat) => (seat === null ? "" : (past.names[seat] ?? String(seat)));
  const box = el("div", { class: "review" });
  for (const review of past.reviews) {
    const section = el("section", { class: "review-hand", "data-hand": String(review.hand) });
    section.append(el("h3", { text: t("review.hand", { hand: review.hand }) }));
    section.append(
      table(
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
      ),
    );
    if (review.calls.length) {
      section.append(
        table(
          t("review.calls"),
          ["#", t("review.caller"), t("review.call"), t("review.of_play"), t("review.outcome"), t("review.cost")],
          review.calls.map((call, i) => [
            i + 1,
            name(call.seat),
            t(`review.call_${call.kind}`),
            `${call.play + 1} (${name(call.target)})`,
            t(call.right ? "review.right" : "review.wrong"),
            call.taker === null ? t("review.no_cost") : t("review.took", { name: name(call.taker), n: call.taken }),
          ]),
        ),
      );
    }
    section.append(
      table(
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
        [past.human],
      ),
    );
    box.append(section);
  }
  return box;
}

// ---------------------------------------------------------------- the last 20 games

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A stored review is shown, never trusted: one whose shape is not the protocol's is dropped.
 * @param {unknown} value
 * @returns {value is HandReview}
 */
function isReview(value) {
  const cards = (/** @type {unknown} */ v) => Array.isArray(v) && v.every((c) => typeof c === "string");
  if (!isRecord(value) || !counts(value.hand) || !Array.isArray(value.hands) || !value.hands.every(cards)) {
    return false;
  }
  const { plays, calls, players } = value;
  return (
    Array.isArray(plays) &&
    plays.every((p) => isRecord(p) && counts(p.seat) && typeof p.rank === "string" && cards(p.cards)) &&
    Array.isArray(calls) &&
    calls.every((c) => isRecord(c) && counts(c.seat) && counts(c.target) && counts(c.play) && counts(c.taken)) &&
    Array.isArray(players) &&
    players.length === value.hands.length &&
    players.every(
      (l, seat) =>
        isRecord(l) &&
        l.seat === seat &&
        ["bluffs", "caught", "calls_won", "calls_lost", "taken"].every((k) => counts(l[k])),
    )
  );
}

/** The stored games, newest first, each checked. @returns {PastGame[]} */
export function loadHistory() {
  /** @type {unknown} */
  let raw = null;
  try {
    raw = JSON.parse(readItem(KEY) ?? "null");
  } catch {
    // damaged: nothing to show
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (g) =>
        isRecord(g) &&
        typeof g.when === "string" &&
        typeof g.preset === "string" &&
        Array.isArray(g.names) &&
        g.names.every((/** @type {unknown} */ n) => typeof n === "string") &&
        counts(g.human) &&
        Array.isArray(g.reviews) &&
        g.reviews.every(isReview) &&
        (g.replay === undefined || (typeof g.replay === "string" && LINK.test(g.replay))),
    )
    .slice(0, HISTORY_MAX);
}

/** @param {unknown} v */
function counts(v) {
  return Number.isSafeInteger(v) && Number(v) >= 0;
}

const LINK = /^[A-Za-z0-9_-]+$/; // a replay link's text (base64url)

/**
 * The replay link of the game just finished (replay/share.js asks the worker for it), kept with
 * that game's reviews: the newest stored game, if it has none yet.
 * @param {string} link
 */
export function keepReplayLink(link) {
  const [newest, ...older] = loadHistory();
  if (!newest || newest.replay !== undefined || !LINK.test(link)) return;
  writeItem(KEY, JSON.stringify([{ ...newest, replay: link }, ...older]));
}

/** @param {PastGame} past */
function remember(past) {
  writeItem(KEY, JSON.stringify([past, ...loadHistory()].slice(0, HISTORY_MAX)));
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
