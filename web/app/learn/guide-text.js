// The guided hand's sentences (learn/guide.js): the worker says what happened and what the player
// faces in codes and numbers (engine/guide.py); every sentence here is the catalog's. An outcome
// of the player's own call is worded by the explanations positions use (position.why.*), a bot's
// call by guide.called.*, and who went out, who is next or opens, who won by position.*; the
// coach's suggestion and its reason by the coach's own sentences (coach.play, coach.why_*).

import { t } from "../core/i18n.js";
import { aboutSeat, cardsText, personKey, rankText, seatName, seatPerson } from "../core/events.js";

/** @typedef {import("../protocol").GuideStep} GuideStep */
/** @typedef {import("../protocol").GuideNote} GuideNote */
/** @typedef {import("../protocol").GuideOutcome} GuideOutcome */
/** @typedef {{ human: number, seats: import("../protocol").Seat[] }} Table */

/** @param {number} count @returns {string} "8 cards" */
function cards(count) {
  return t("table.cards", { count });
}

/**
 * What the player faces now: the claim to answer (if any), then what each choice does.
 * @param {GuideStep} step
 * @param {Table} table
 * @returns {string[]}
 */
export function stepText(step, table) {
  const lines = [];
  const claimed = typeof step.seat === "number" && step.rank !== undefined;
  const name = claimed ? seatName(table, step.seat) : "";
  const rank = step.rank ? rankText(step.rank) : "";
  if (claimed && step.kind !== "follow") {
    lines.push(t("guide.claim", { name, n: step.count, rank, cards: cards(step.pile) }));
  }
  lines.push(t(`guide.step.${step.kind}`, { name, rank }));
  return lines;
}

/**
 * A call and what it decided, then who went out and who acts next (or who won).
 * @param {GuideOutcome} note
 * @param {Table} table
 * @returns {string[]}
 */
function outcomeText(note, table) {
  const group = t(`rank_group.${note.rank}`);
  const lines = [];
  if (note.seat === table.human) {
    lines.push(aboutSeat(`position.why.${note.reason}`, table, note.author, { rank_group: group }, "author"));
  } else {
    const key = personKey(`guide.called.${note.reason}`, seatPerson(table, note.author) === "you" ? "you" : "neutral");
    lines.push(
      t(key, {
        name: seatName(table, note.seat),
        author: seatName(table, note.author),
        cards: cardsText(note.cards),
        rank_group: group,
      }),
    );
  }
  for (const seat of note.out) lines.push(aboutSeat("position.out", table, seat));
  if (!note.ended && note.next !== null) {
    lines.push(aboutSeat(note.opening ? "position.opens" : "position.next", table, note.next));
  }
  return lines;
}

/**
 * One note on what happened since the player's last decision.
 * @param {GuideNote} note
 * @param {Table} table
 * @param {boolean} called the player's own decision was a call (its cost is told)
 * @returns {string[]}
 */
export function noteText(note, table, called) {
  if (note.kind === "outcome") return outcomeText(note, table);
  if (note.kind === "played") {
    const vars = { n: note.count, rank: rankText(note.rank), real: note.real, cards: cards(note.pile) };
    const lines = [t(note.real === note.count ? "guide.played.honest" : "guide.played.bluff", vars)];
    if (note.last) lines.push(t("guide.played.last"));
    return lines;
  }
  if (note.kind === "coach") {
    const action = note.action;
    const what =
      action.type === "play"
        ? t("coach.play", { cards: cardsText(action.cards), n: action.cards.length, rank: rankText(action.rank) })
        : t(`action.${action.type}`);
    const why = note.why;
    const lines = [
      t("guide.coach", { action: what }),
      t(`coach.why_${why.code}`, { n: why.count, rank: rankText(why.rank), honest: why.honest, percent: why.percent }),
    ];
    if (called) lines.push(note.cost ? t("guide.cost", { cards: cards(note.cost) }) : t("guide.cost_none"));
    return lines;
  }
  const win = note.winner === null ? t("position.draw") : aboutSeat("position.win", table, note.winner);
  return [win, t("guide.end")];
}
