// The human's seat: renders the table for the last answer (seats and centre through table.js,
// then the human's own line), the hand as a WAI-ARIA multi-select listbox, the rank picker and
// the action bar with the reason an action is not offered. What the human chooses (selected
// cards, claimed rank) is kept in state.js; an action goes to the table loop through `onAction`.

import { t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { cardLabel, cardText, rankText, sharedTable } from "../core/events.js";
import { handoffTo } from "../game/handoff.js";
import { cardFace, renderCenter, renderSeats, windowInfo } from "./table.js";
import { app, current, myTurn } from "../state.js";
import { renderTracker } from "../learn/tracker.js";
import { claimRank, playRule, renderRankPicker } from "./rank-picker.js";

/** @typedef {import("../state.js").Action} Action */

/** @type {(action: Action) => void} */
let onAction = () => undefined;

/** Draw the whole table from app.resp. */
export function render() {
  const resp = current();
  const view = resp.view;
  const handKey = view.hand.join(",");
  if (handKey !== app.lastHand) {
    app.selected.clear();
    app.lastHand = handKey;
    app.active = Math.min(app.active, Math.max(0, view.hand.length - 1));
  }
  renderSeats(resp, app.names, app.bubbles);
  renderCenter(resp, app.names);
  renderMe();
  renderHand();
  renderRankPicker(updateActions, playSelected);
  updateActions();
  // Behind pass-and-play's privacy screen the seat's notes go too: the next person must not
  // find them in the page (a screen reader reads what the markup holds).
  if (handoffTo(resp) === null) renderTracker(resp, app.names);
  else $("tracker").replaceChildren();
  // No undo when several people share the table, on one device or each on their own.
  $("undo").hidden = sharedTable(resp) || Boolean(resp.friends);
}

function renderMe() {
  const r = current();
  const view = r.view;
  $("me").classList.toggle("to-move", myTurn());
  $("me-name").textContent = app.names[r.human];
  const place = view.out.indexOf(r.human);
  let status;
  if (place >= 0) status = t("table.out", { place: place + 1 });
  else if (view.over) status = t("reason.game_over");
  else if (myTurn()) status = t("table.your_turn");
  else status = t("table.waiting_for", { name: view.to_move === null ? "" : (app.names[view.to_move] ?? "") });
  $("me-status").textContent = status;
}

function renderHand() {
  const resp = current();
  const hand = $("hand");
  hand.replaceChildren();
  // The privacy screen hides the table: the last seat's cards leave the page with it.
  const cards = handoffTo(resp) === null ? resp.view.hand : [];
  cards.forEach((card, i) => {
    const option = cardFace(card, {
      role: "option",
      id: `card-${i}`,
      "aria-selected": app.selected.has(i) ? "true" : "false",
      "aria-label": `${cardText(card)}, ${cardLabel(card)}`, // the visible text first (WCAG 2.5.3)
      "data-index": i,
    });
    if (i === app.active) option.classList.add("active");
    hand.append(option);
  });
  if (!resp.view.hand.length) hand.append(el("span", { class: "hint", text: t("table.hand_empty") }));
  hand.style.setProperty("--n", String(cards.length));
  if (cards.length) hand.setAttribute("aria-activedescendant", `card-${app.active}`);
  else hand.removeAttribute("aria-activedescendant");
}

// What the table waits for: the human ("human"), the bots ("bots"), the worker ("busy"),
// another person to take the seat ("handoff", pass-and-play), nobody ("over"). Tests and
// styles read it from #table-screen[data-state].
function tableState() {
  const resp = current();
  if (resp.view.over) return "over";
  if (app.busy) return "busy";
  if (handoffTo(resp) !== null) return "handoff";
  if (myTurn()) return "human";
  return "bots";
}

/** Every person is out of this hand and the bots play on: "Finish the hand" is offered. */
function botsPlayOn() {
  const r = app.resp;
  if (!r || r.view.over || !r.bot_to_move) return false;
  const out = r.view.out;
  return r.seats.every((seat, i) => (seat.level !== "human" && i !== r.human) || out.includes(i));
}

export function updateActions() {
  if (!app.resp) return;
  const view = app.resp.view;
  const screen = $("table-screen");
  screen.dataset.state = tableState();
  screen.dataset.step = String(app.step);
  const legal = myTurn() ? view.legal : null;
  const rule = playRule();
  const count = app.selected.size;
  const rank = claimRank();
  const reasons = [];
  const canPlay = Boolean(!app.busy && rule && count >= rule.min && count <= rule.max && rank);
  const play = $as("act-play", HTMLButtonElement);
  play.disabled = !canPlay;
  // The legal play as data, for tests and assistive styling: "min-max" and the claimable ranks.
  play.dataset.legal = rule ? `${rule.min}-${rule.max}` : "";
  play.dataset.ranks = rule ? rule.ranks.join(" ") : "";
  play.textContent = rule && rank && count ? t("action.play_as", { count, rank: rankText(rank) }) : t("action.play");
  $as("act-challenge", HTMLButtonElement).disabled = app.busy || !(legal && legal.challenge);
  const believe = $as("act-believe", HTMLButtonElement);
  believe.disabled = app.busy || !(legal && legal.believe);
  believe.hidden = view.preset === "quick" && !(legal && legal.believe); // quick: only on last cards
  const pass = $as("act-pass", HTMLButtonElement);
  const win = windowInfo(view);
  pass.hidden = !(legal && legal.pass) && !win;
  pass.disabled = app.busy || !(legal && legal.pass);
  const finish = $as("finish-hand", HTMLButtonElement);
  finish.hidden = !botsPlayOn() || app.finishing;
  const toMove = view.to_move === null ? "" : (app.names[view.to_move] ?? "");
  if (view.over) reasons.push(t("reason.game_over"));
  else if (app.busy) reasons.push(t("reason.busy"));
  else if (!legal && current().between_hands) reasons.push(t("reason.next_hand"));
  else if (!legal) reasons.push(t("reason.not_your_turn", { name: toMove }));
  else if (win && legal.pass && !rule) {
    reasons.push(t("table.window", { name: win.author === null ? "" : (app.names[win.author] ?? "") }));
  } else {
    if (!rule) reasons.push(t("reason.no_play"));
    else if (count < rule.min || count > rule.max) {
      reasons.push(
        rule.max === 1 ? t("reason.select_cards_one") : t("reason.select_cards", { min: rule.min, max: rule.max }),
      );
    } else if (!rank) reasons.push(t("reason.pick_rank"));
    if (!legal.challenge && !legal.believe && !legal.pass) reasons.push(t("reason.nothing_to_call"));
    else if (!legal.believe && legal.challenge) reasons.push(t("reason.believe_not_offered"));
  }
  const reason = $("reason");
  reason.classList.remove("error");
  reason.textContent = reasons.join(" ");
  $("hand").setAttribute("aria-label", `${t("table.hand_label")}. ${t("table.selected", { count })}`);
}

/** A refused action or a failed bot step: the reason line says why, in red.
 * @param {import("../state.js").ErrorAnswer} resp
 */
export function showActionError(resp) {
  let text = t(`error.${resp.error}`, { message: resp.message });
  if (text === `error.${resp.error}`) text = t("error.generic", { message: resp.message });
  const reason = $("reason");
  reason.textContent = text;
  reason.classList.add("error");
}

/** @param {number} index */
function toggle(index) {
  if (!app.resp || index < 0 || index >= app.resp.view.hand.length) return;
  if (app.selected.has(index)) app.selected.delete(index);
  else app.selected.add(index);
  app.active = index;
  renderHand();
  renderRankPicker(updateActions, playSelected);
  updateActions();
}

/**
 * @param {number} delta
 * @param {number | null} [absolute]
 */
function moveActive(delta, absolute = null) {
  const n = app.resp ? app.resp.view.hand.length : 0;
  if (!n) return;
  app.active = absolute !== null ? absolute : Math.min(n - 1, Math.max(0, app.active + delta));
  renderHand();
  document.getElementById(`card-${app.active}`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function playSelected() {
  const rule = playRule();
  const rank = claimRank();
  if (!rule || !rank || $as("act-play", HTMLButtonElement).disabled) {
    updateActions();
    if (rule && !rank && !$("rank-picker").hidden) $("rank-options").querySelector("input")?.focus();
    return;
  }
  const hand = current().view.hand;
  const cards = [...app.selected].sort((a, b) => a - b).map((i) => hand[i]);
  onAction({ type: "play", cards, rank });
}

/** Forget the choices made for the last hand (after an action went through, or a new game). */
export function clearChoice() {
  app.selected.clear();
  app.rank = null;
  app.rankChosen = false;
}

/** Keep keyboard users at the table: a button that just went disabled drops the focus. */
export function keepFocus() {
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || (focused instanceof HTMLButtonElement && focused.disabled);
  if (lost) $("hand").focus({ preventScroll: true });
}

/**
 * The listbox's keys and clicks, and the action bar's buttons.
 * @param {(action: Action) => void} act
 */
export function bindHand(act) {
  onAction = act;
  const hand = $("hand");
  hand.addEventListener("click", (event) => {
    const option = event.target instanceof Element ? event.target.closest("[role=option]") : null;
    if (!(option instanceof HTMLElement)) return;
    toggle(Number(option.dataset.index));
    hand.focus({ preventScroll: true });
  });
  hand.addEventListener("keydown", (event) => {
    const n = app.resp ? app.resp.view.hand.length : 0;
    switch (event.key) {
      case "ArrowLeft":
      case "ArrowUp":
        moveActive(-1);
        break;
      case "ArrowRight":
      case "ArrowDown":
        moveActive(1);
        break;
      case "Home":
        moveActive(0, 0);
        break;
      case "End":
        moveActive(0, n - 1);
        break;
      case " ":
      case "Spacebar":
        toggle(app.active);
        break;
      case "Enter":
        playSelected();
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  $("act-play").addEventListener("click", playSelected);
  $("act-challenge").addEventListener("click", () => act({ type: "challenge" }));
  $("act-believe").addEventListener("click", () => act({ type: "believe" }));
  $("act-pass").addEventListener("click", () => act({ type: "pass" }));
}
