// Motion: after each answer is drawn, its events move on the table: played
// cards travel face down from the seat to the pile, a taken pile travels to whoever takes it,
// drawn cards come from the stock, true cards slide from the reveal to the discard heap, and a
// seat that goes out is marked with a pulse. The reveal's flip is table.js's; its length is
// set here. Everything is the Web Animations API on throw-away elements: nothing waits for an
// animation (input, the engine and the bots' pacing go on), the elements take no pointer
// events and remove themselves when their animation ends or is cancelled, and a new table
// clears any left in flight. The pace follows the bot-speed setting; "instant" (and "Finish
// the hand") and prefers-reduced-motion play none.

import { $, el } from "../core/dom.js";
import { app, settings } from "../state.js";
import { fields } from "../core/events.js";

/** @typedef {import("../state.js").TableAnswer} TableAnswer */
/** @typedef {import("../state.js").GameEvent} GameEvent */

/** A card's flight in ms, by the speed setting; the reveal's flip takes as long. */
const FLIGHT_MS = Object.freeze({ instant: 0, fast: 220, normal: 450, slow: 750 });
const STAGGER_MS = 60; // between two cards of one play
const CARDS_SHOWN = 4; // a play or a pile moves at most this many card backs
const MAX_FLIGHTS = 24; // never more elements in flight than this
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

/** @type {Set<HTMLElement>} the cards in flight now */
const flights = new Set();
let tableGen = 0; // counts new tables: a flight measured after one began is dropped

/** How long a card travels now: 0 plays no motion at all. */
export function motionMs() {
  if (reduced.matches || app.finishing) return 0;
  return FLIGHT_MS[settings.speed];
}

/** Where a seat sits on screen: the hand for the seat on screen, else its place at the table.
 * @param {TableAnswer} resp
 * @param {number | undefined} seat
 * @returns {Element | null}
 */
function seatBox(resp, seat) {
  if (seat === undefined) return null;
  if (seat === resp.human) return $("hand");
  return document.querySelector(`#opponents [data-seat="${seat}"]`);
}

/** @param {Element | null} box @returns {DOMRect | null} its box, if it is shown */
function shownRect(box) {
  if (!box) return null;
  const rect = box.getBoundingClientRect();
  return rect.width && rect.height ? rect : null;
}

/**
 * One card back travelling from one box's centre to another's.
 * @param {DOMRect} from
 * @param {DOMRect} to
 * @param {number} ms
 * @param {number} delay
 */
function fly(from, to, ms, delay) {
  if (flights.size >= MAX_FLIGHTS) return;
  const card = el("span", { class: "card back flight", "aria-hidden": "true" });
  document.body.append(card);
  flights.add(card);
  const x0 = from.left + from.width / 2;
  const y0 = from.top + from.height / 2;
  const x1 = to.left + to.width / 2;
  const y1 = to.top + to.height / 2;
  const turn = (x1 - x0) / 40; // a slight turn in the direction of travel
  const animation = card.animate(
    [
      { transform: `translate(${x0}px, ${y0}px) rotate(0deg)`, opacity: 1 },
      { transform: `translate(${x1}px, ${y1}px) rotate(${turn}deg)`, opacity: 0.9 },
    ],
    { duration: ms, delay, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards" },
  );
  const land = () => {
    card.remove();
    flights.delete(card);
  };
  animation.finished.then(land, land); // cancelled (clearFlights) or done: either way, gone
}

/**
 * Several card backs from one box to another, a little apart.
 * @param {Element | null} from
 * @param {Element | null} to
 * @param {number} count
 * @param {number} ms
 * @param {number} delay
 */
function flyCards(from, to, count, ms, delay) {
  const a = shownRect(from);
  const b = shownRect(to);
  if (!a || !b) return;
  for (let i = 0; i < Math.min(count, CARDS_SHOWN); i++) fly(a, b, ms, delay + i * STAGGER_MS);
}

/** A seat that went out: a short pulse on its place.
 * @param {Element | null} box
 * @param {number} ms
 */
function markOut(box, ms) {
  if (!shownRect(box) || !(box instanceof HTMLElement)) return;
  box.animate(
    [
      { transform: "scale(1)", boxShadow: "0 0 0 0 rgba(255, 215, 0, 0.9)" },
      { transform: "scale(1.06)", boxShadow: "0 0 0 10px rgba(255, 215, 0, 0.35)" },
      { transform: "scale(1)", boxShadow: "0 0 0 0 rgba(255, 215, 0, 0)" },
    ],
    { duration: ms * 3, easing: "ease-out" },
  );
}

/**
 * Move this answer's events on the table just drawn for it. Called after render(); returns at
 * once (the flights start at the next frame and run on their own).
 * @param {GameEvent[]} events
 * @param {TableAnswer} resp
 */
export function animateEvents(events, resp) {
  const ms = motionMs();
  document.documentElement.style.setProperty("--flip-ms", `${ms}ms`);
  if (!ms || !events.length) return;
  // The boxes are measured at the next frame, where the browser lays the new table out anyway:
  // measured now, that layout would be forced into the answer's own task (a long task on a
  // slow phone). An answer no longer the table's by then (a newer one, a new table) moves nothing.
  const table = tableGen;
  requestAnimationFrame(() => {
    if (table === tableGen && app.resp === resp) flyEvents(events, resp, ms);
  });
}

/**
 * @param {GameEvent[]} events
 * @param {TableAnswer} resp
 * @param {number} ms
 */
function flyEvents(events, resp, ms) {
  const pile = $("pile");
  // Where a pile or true cards go is shown once the called cards have turned over.
  const after = events.some((event) => event.type === "revealed") ? ms : 0;
  for (const any of events) {
    const event = fields(any);
    const seat = seatBox(resp, event.seat);
    if (event.type === "played") flyCards(seat, pile, event.count ?? 1, ms, 0);
    else if (event.type === "took_pile") flyCards(pile, seat, event.count ?? 1, ms, after);
    else if (event.type === "drew") flyCards($("stock-box"), seat, event.count ?? 1, ms, after);
    else if (event.type === "discarded") {
      const from = $("reveal").hidden ? pile : $("reveal-cards");
      flyCards(from, $("discard-box"), (event.cards ?? []).length, ms, after);
    } else if (event.type === "out") markOut(seat === $("hand") ? $("me") : seat, ms);
  }
}

/** A new table: whatever is still in flight goes. */
export function clearFlights() {
  tableGen++;
  for (const card of flights) {
    for (const animation of card.getAnimations()) animation.cancel();
    card.remove();
  }
  flights.clear();
}
