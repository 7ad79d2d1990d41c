// Engine events -> sentences, through catalog templates keyed by event type
// (`event.<type>`, `event.<type>_you` when the human acted). Used by the log and the narrator.

import { t, has } from "./i18n.js";

/**
 * @param {string | null | undefined} rank
 * @returns {string}
 */
export function rankText(rank) {
  return rank === null || rank === undefined ? "" : t(`rank.${rank}`);
}

/** @param {string} card "7H", "10S" */
export function cardText(card) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return `${rankText(rank)}${t(`suit.${suit}`)}`;
}

/** @param {string} card */
export function cardLabel(card) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return t("card.label", { rank: t(`rank_name.${rank}`), suit: t(`suit_name.${suit}`) });
}

/** @param {string[] | null | undefined} cards */
export function cardsText(cards) {
  return (cards || []).map(cardText).join(t("card.list_sep"));
}

/** @param {string} card */
export function isRed(card) {
  const suit = card.slice(-1);
  return suit === "H" || suit === "D";
}

/**
 * @typedef {import("../protocol").GameEvent} GameEvent
 * @typedef {{ seat?: number, target?: number, rank?: import("../protocol").Rank, count?: number,
 *   cards?: string[], dealer?: number, honest?: boolean, reason?: string }} EventFields
 */

/**
 * An event with the fields the templates and bubbles read, whichever kind it is (each kind has
 * some of them; a missing one reads as undefined).
 * @param {GameEvent} event
 * @returns {GameEvent & EventFields}
 */
export function fields(event) {
  return /** @type {GameEvent & EventFields} */ (event);
}

/**
 * @typedef {import("../protocol").Seat} Seat
 * @typedef {{ human: number, seats: Seat[] }} Table who sits where, as the worker answers it
 */

/**
 * A seat's name as shown. A seat set up without a name (the page sends "") is called by its
 * default in the current language, so "You" and the bots' "Anna" / "Анна" follow a switch of
 * language mid-game; a name the player typed stays as typed.
 * @param {Table} table
 * @param {number | null | undefined} seat
 * @returns {string}
 */
export function seatName(table, seat) {
  if (seat === null || seat === undefined) return "";
  const given = table.seats[seat]?.name;
  if (given) return given;
  const first = firstPerson(table);
  // On a shared screen nobody is "You": the first person is "Player 1", the others are named
  // like the bots of their rows.
  if (seat === first) return sharedTable(table) ? t("setup.first_person") : t("setup.default_name");
  // Seats are numbered from 1 in setup order, the first person's seat left out.
  const bot = seat < first ? seat + 1 : seat;
  return has(`bot.name_${bot}`) ? t(`bot.name_${bot}`) : `#${seat}`;
}

/** The setup's first person (its "You" row): the seat the bots' default names count from.
 * @param {Table} table
 */
function firstPerson(table) {
  const first = table.seats.findIndex((seat) => seat.level === "human");
  return first >= 0 ? first : table.human;
}

/** Pass-and-play: more than one person at this table (docs/web.md).
 * @param {Table} table
 */
export function sharedTable(table) {
  return table.seats.filter((seat) => seat.level === "human").length > 1;
}

/**
 * Whom the log and the bubbles address as "you": the human, but nobody on a shared screen,
 * where every line names its seat (the log is the table's, not one person's).
 * @param {Table} table
 * @returns {Table}
 */
export function logTable(table) {
  return { human: sharedTable(table) ? -1 : table.human, seats: table.seats };
}

/** @param {Table} table */
export function seatNames(table) {
  return table.seats.map((_, seat) => seatName(table, seat));
}

/**
 * One event as a sentence for the human seat. Where the human is the subject (the seat that
 * acts, or the dealer) the sentence is the `_you` template, in the second person.
 * @param {GameEvent} any
 * @param {Table} ctx
 * @returns {string}
 */
export function describeEvent(any, ctx) {
  const event = fields(any);
  /** @param {number | null | undefined} seat */
  const name = (seat) => seatName(ctx, seat);
  const vars = {
    ...event,
    name: name(event.seat),
    target: event.target === ctx.human ? t("event.you_object") : name(event.target),
    rank: rankText(event.rank),
    // "3 sevens" / "3 семёрки" / "5 семёрок": the rank's name agreeing with the count.
    ranks: event.rank && typeof event.count === "number" ? t(`rank_plural.${event.rank}`, { count: event.count }) : "",
    // "sevens" / "семёрки": the rank's name for a group ("a round of sevens", "all sevens").
    rank_group: event.rank ? t(`rank_group.${event.rank}`) : "",
    cards: cardsText(event.cards),
    dealer: name(event.dealer),
  };
  let key = `event.${event.type}`;
  if (event.type === "revealed") key = event.honest ? "event.revealed_honest" : "event.revealed_bluff";
  if (event.type === "hand_over" && event.reason === "cap") key = "event.hand_over_cap"; // the table's cap
  const subject = event.type === "dealt" ? event.dealer : event.seat;
  if (subject === ctx.human && has(`${key}_you`)) key = `${key}_you`;
  if (!has(key)) return t("event.unknown", { type: event.type });
  return t(key, vars);
}
