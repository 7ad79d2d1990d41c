// Renders one worker answer (the human seat's view) onto the table. No game logic here:
// everything shown comes from the view the engine wrote for this seat.

import { onLanguage, t } from "../core/i18n.js";
import { cardLabel, isRed, rankText, cardsText } from "../core/events.js";
import { $, el } from "../core/dom.js";
import { ui } from "../state.js";

/** @typedef {import("../state.js").View} View */
/** @typedef {import("../state.js").GameEvent} GameEvent */
/**
 * What the seats and the centre are drawn from: a table answer, or a replay's step.
 * @typedef {{ view: View, human: number, seats: { name: string, level: string }[] }} Shown
 */

/**
 * A face-up card; `extra` attributes go on its element.
 * @param {string} card
 * @param {import("../core/dom.js").Attrs} [extra]
 */
export function cardFace(card, extra = {}) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return el(
    "span",
    { class: `card face${isRed(card) ? " red" : ""}`, "data-card": card, ...extra },
    el("span", { class: "rank", text: rankText(rank) }),
    el("span", { class: "suit", text: t(`suit.${suit}`) }),
  );
}

/** A card face down. */
export function cardBack() {
  return el("span", { class: "card back" });
}

// Where each opponent sits on a laptop-size table: clockwise from the human's left.
/** @type {Record<number, string[]>} */
const SLOTS = {
  1: ["top"],
  2: ["top-left", "top-right"],
  3: ["left", "top", "right"],
  4: ["left", "top-left", "top-right", "right"],
  5: ["left", "top-left", "top", "top-right", "right"],
};

/**
 * The open-challenge window, if any: who played, and who may still call.
 * @param {View} view
 * @returns {{ author: number | null, waiting: number[] } | null}
 */
export function windowInfo(view) {
  if (!view.window.length) return null;
  return { author: view.last_play ? view.last_play.seat : null, waiting: view.window };
}

// bubbles: seat -> {text, kind}: what each bot did last, shown on its seat.
/**
 * @param {Shown} resp
 * @param {string[]} names
 * @param {Record<number, import("../state.js").Bubble>} [bubbles]
 */
export function renderSeats(resp, names, bubbles = {}) {
  const view = resp.view;
  const human = resp.human;
  const list = $("opponents");
  list.replaceChildren();
  const n = view.players;
  const slots = SLOTS[n - 1] || [];
  const match = view.options && view.options.ending === "match";
  for (let k = 1; k < n; k++) {
    const seat = (human + k) % n;
    const count = view.hand_sizes[seat];
    const place = view.out.indexOf(seat);
    const toMove = view.to_move === seat;
    const backs = el("span", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(count, 12); i++) backs.append(cardBack());
    const level = resp.seats[seat] && resp.seats[seat].level;
    const item = el(
      "li",
      {
        class: `seat${toMove ? " to-move" : ""}${place >= 0 ? " is-out" : ""}`,
        "data-seat": seat,
        "data-slot": slots[k - 1] || "top",
        "aria-current": toMove ? "true" : false,
      },
      el(
        "div",
        { class: "seat-head" },
        el("span", { class: "seat-name", text: names[seat] }),
        level ? el("span", { class: "level", text: t(`level.${level}`) }) : null,
        view.dealer === seat ? el("span", { class: "dealer", title: t("table.dealer"), text: "D" }) : null,
      ),
      backs,
      el("span", { class: "seat-count", text: t("table.cards", { count }) }),
      place >= 0 ? el("span", { class: "badge out", text: t("table.out", { place: place + 1 }) }) : null,
      match
        ? el("span", {
            class: "badge penalty",
            title: t("table.penalty", { count: view.scores[seat] }),
            text: t("table.penalty_short", { count: view.scores[seat] }),
          })
        : null,
      toMove ? el("span", { class: "badge turn", text: t("table.turn") }) : null,
      bubbles[seat] ? el("span", { class: `bubble ${bubbles[seat].kind}`, text: bubbles[seat].text }) : null,
    );
    list.append(item);
  }
}

/**
 * @param {Shown} resp
 * @param {string[]} names
 */
export function renderCenter(resp, names) {
  const view = resp.view;
  const opts = view.options || {};
  // Claim: the round's fixed rank, the next rank (ascending), or the opener's free choice.
  const claim = $("claim-rank");
  if (opts.ascending) {
    $("claim-label").textContent = t("table.next_rank");
    claim.textContent = rankText(view.next_rank) || "—";
  } else if (view.round_rank) {
    $("claim-label").textContent = t("table.round_rank");
    claim.textContent = rankText(view.round_rank);
  } else {
    $("claim-label").textContent = t("table.round_rank");
    claim.textContent = t("table.rank_open");
  }
  claim.classList.toggle("free", !opts.ascending && !view.round_rank);
  const pile = $("pile");
  pile.replaceChildren();
  for (let i = 0; i < Math.min(view.pile_size, 8); i++) {
    const back = cardBack();
    back.style.setProperty("--i", String(i));
    pile.append(back);
  }
  $("pile-count").textContent = t("table.pile_count", { count: view.pile_size });
  const last = view.last_play;
  $("last-play").textContent = last
    ? t("table.last_play_text", { name: names[last.seat], count: last.count, rank: rankText(last.rank) })
    : t("table.last_play_none");
  $("last-play").classList.toggle("resolved", Boolean(last && !last.unresolved));
  const stockBox = $("stock-box");
  stockBox.hidden = !opts.draw;
  stockBox.classList.toggle("empty", view.stock_size === 0);
  $("stock-count").textContent = t("table.cards", { count: view.stock_size });
  $("discard-box").hidden = view.preset === "quick"; // quick has no discard heap
  const discard = $("discard");
  discard.replaceChildren();
  if (!view.discard.length) {
    discard.append(el("span", { class: "hint", text: t("table.discard_empty") }));
  }
  for (const card of view.discard.slice(-12))
    discard.append(cardFace(card, { class: "card face mini" + (isRed(card) ? " red" : "") }));
  if (view.discard.length > 12) discard.append(el("span", { class: "count", text: `+${view.discard.length - 12}` }));
  discard.setAttribute("aria-label", cardsText(view.discard) || t("table.discard_empty"));
  $("hand-info").hidden = opts.ending !== "match";
  $("hand-info").textContent = t("table.hand_of", { n: view.hand_number, total: opts.hands });
  $("move-info").textContent = view.move_limit
    ? t("table.moves_limit", { moves: view.moves, limit: view.move_limit })
    : t("table.moves", { moves: view.moves });
}

/**
 * A reveal: the challenged or believed cards flip face up, with the verdict and the outcome.
 * @param {import("../protocol").RevealedEvent} event
 * @param {(() => string) | null} outcome writes who took the pile or where the cards went
 */
export function showReveal(event, outcome) {
  const box = $("reveal");
  box.hidden = false;
  box.classList.toggle("bluff", !event.honest);
  box.classList.toggle("honest", Boolean(event.honest));
  const cards = $("reveal-cards");
  cards.replaceChildren();
  for (const card of event.cards) {
    const flip = el(
      "span",
      { class: "flip", "aria-label": cardLabel(card), role: "img" },
      el("span", { class: "flip-inner" }, cardBack(), cardFace(card)),
    );
    cards.append(flip);
  }
  // Start face down, flip on the next frame so the transition runs.
  requestAnimationFrame(() => requestAnimationFrame(() => cards.classList.add("flipped")));
  cards.classList.remove("flipped");
  ui.reveal.outcome = outcome;
  writeReveal();
}

function writeReveal() {
  const honest = $("reveal").classList.contains("honest");
  $("reveal-verdict").textContent = honest ? t("table.honest") : t("table.bluff");
  const outcome = ui.reveal.outcome;
  $("reveal-outcome").textContent = outcome ? outcome() : "";
}

/** Another language: the verdict, the outcome and the cards' rank symbols. */
function relocalizeReveal() {
  if ($("reveal").hidden) return;
  writeReveal();
  for (const flip of $("reveal-cards").querySelectorAll("[data-card]")) {
    const rank = flip.querySelector(".rank");
    if (rank && flip instanceof HTMLElement) rank.textContent = rankText((flip.dataset.card ?? "").slice(0, -1));
  }
}

export function bindReveal() {
  onLanguage(relocalizeReveal);
}

export function hideReveal() {
  $("reveal").hidden = true;
}
