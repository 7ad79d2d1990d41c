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
  // A friend's page (docs/friends.md): the friend is "You", the host's unnamed seat "Host".
  if (table.seats[table.human]?.guest) {
    if (seat === table.human) return t("setup.default_name");
    if (seat === firstPerson(table)) return t("friends.host");
  }
  const bot = defaultBot(table, seat);
  // On a shared screen nobody is "You": the first person is "Player 1", the others are named
  // like the bots of their rows.
  if (bot === null) return sharedTable(table) ? t("setup.first_person") : t("setup.default_name");
  return has(`bot.name_${bot}`) ? t(`bot.name_${bot}`) : `#${seat}`;
}

/**
 * The number of the default bot name an unnamed seat takes (`bot.name_<n>`), null for the
 * setup's first person. Seats are numbered from 1 in setup order, the first person's seat left out.
 * @param {Table} table
 * @param {number} seat
 * @returns {number | null}
 */
function defaultBot(table, seat) {
  const first = firstPerson(table);
  if (seat === first) return null;
  return seat < first ? seat + 1 : seat;
}

/**
 * @typedef {"you" | "female" | "male" | "neutral"} Person how a sentence about a seat is worded
 */

/**
 * How a sentence about `seat` is worded (docs/i18n.md, "Players in sentences"): the human is
 * spoken to ("you"); an unnamed bot seat takes the grammatical gender its default name has in
 * the catalog (`bot.gender_<n>`), so Russian says "Анна забрала", "Борис забрал"; any other name
 * (typed by the player, or "Player 1") gets the neutral wording, which each language words to
 * fit a name of any gender, as the page cannot know it.
 * @param {Table} table
 * @param {number | null | undefined} seat
 * @returns {Person}
 */
export function seatPerson(table, seat) {
  if (seat === null || seat === undefined) return "neutral";
  if (seat === table.human) return "you";
  if (table.seats[seat]?.name) return "neutral";
  const bot = defaultBot(table, seat);
  const gender = bot !== null && has(`bot.gender_${bot}`) ? t(`bot.gender_${bot}`) : "";
  return gender === "female" || gender === "male" ? gender : "neutral";
}

/**
 * The key a sentence about a seat of `person` uses: `key_you` (the second person) for the
 * human, `key_female` / `key_male` where the language words one for that gender, else `key`.
 * @param {string} key
 * @param {Person} person
 */
export function personKey(key, person) {
  return person !== "neutral" && has(`${key}_${person}`) ? `${key}_${person}` : key;
}

/**
 * The sentence `key` about `seat` (its subject), in the form for that seat (personKey), with
 * the seat's name as `{{name}}` (or as the variable `as`, e.g. "author").
 * @param {string} key
 * @param {Table} table
 * @param {number | null | undefined} seat
 * @param {Record<string, unknown>} [vars]
 * @param {string} [as]
 */
export function aboutSeat(key, table, seat, vars = {}, as = "name") {
  return t(personKey(key, seatPerson(table, seat)), { ...vars, [as]: seatName(table, seat) });
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
  if (table.seats[table.human]?.guest) return false; // a friend's page is one player's, whoever shares the host's
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
 * acts, or the dealer) the sentence is the `_you` template, in the second person; a bot's is the
 * form for its gender where the language has one (personKey).
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
  if (!has(key)) return t("event.unknown", { type: event.type });
  // The subject (the seat that acts, or the dealer) decides the form: "You take", "Анна забирает".
  const subject = event.type === "dealt" ? event.dealer : event.seat;
  return t(personKey(key, seatPerson(ctx, subject)), vars);
}
