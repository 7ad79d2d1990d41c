// Positions in the embed (docs/positions.md): embed.html#position=<link text> sets up the
// described moment (engine/position.py, through the worker's new_position), lets the reader make
// the next decision, and then explains it: what was under the pile, who takes it, and which rule
// decided. The bots play only until the reader decides; the table then holds still, and
// "Try again" sets the position up anew. A position the rules cannot reach is said above the
// setup screen wholly in the reader's language; the engine's own reason (English, for whoever
// builds positions) goes to the console and to the notice's folded details.
//
// A host page loads positions by postMessage (embed/frame.js checks the origin, then hands the message
// here): {type: "vnv:load-position", position} -> {type: "vnv:position-loaded", ok, error?},
// {type: "vnv:get-state"} -> {type: "vnv:state", state}. Nothing posted holds a hidden card.

import { t, has, language, onLanguage } from "../core/i18n.js";
import { el } from "../core/dom.js";
import { app, ui } from "../state.js";
import { enterTable } from "../game/loop.js";
import { aboutSeat, cardsText } from "../core/events.js";
import { showNotice, clearNotice } from "../core/notice.js";

/** @typedef {import("../protocol").Explanation} Explanation */
/** @typedef {import("../protocol").TableAnswer} TableAnswer */
/** @typedef {string | Record<string, unknown>} PositionSource */

const PREFIX = "position=";

/** The position in the URL's fragment (#position=...), or null. */
export function hashPosition() {
  const fragment = location.hash.slice(1);
  return fragment.startsWith(PREFIX) ? decodeURIComponent(fragment.slice(PREFIX.length)) : null;
}

/**
 * Set a position up in the worker and at the table; a refusal is said in the frame.
 * @param {PositionSource} position
 * @returns {Promise<{ ok: boolean, error?: string }>}
 */
export async function setUpPosition(position) {
  if (!app.client || !app.ready) return { ok: false, error: "no_game" };
  ui.position.asked = position;
  app.gen++; // a bot loop of the previous game stops
  const resp = await app.client.call("new_position", { position });
  if (!resp.ok) {
    document.getElementById("position-box")?.remove();
    console.warn("position refused:", resp.error, resp.message);
    showNotice(`${t("position.error")} ${t(`error.${resp.error}`)}`, resp.message);
    document.documentElement.dataset.position = "refused";
    return { ok: false, error: resp.error };
  }
  clearNotice();
  app.setup = null; // "Play again" after a position is the reader's own setup screen
  enterTable(resp, []);
  document.documentElement.dataset.position = "ready";
  return { ok: true };
}

/** The caption in the reader's language: text per language, a catalog key, or plain text.
 * @param {TableAnswer} resp
 */
function captionText(resp) {
  const caption = resp.position && resp.position.caption;
  if (typeof caption === "string") return has(caption) ? t(caption) : caption;
  if (!caption || typeof caption !== "object") return "";
  const texts = /** @type {Record<string, string>} */ (caption);
  return texts[language()] ?? texts.en ?? Object.values(texts)[0] ?? "";
}

/**
 * The explanation's sentences, from the catalog: why, who went out, who drew, what comes next.
 * Each is worded for the seat it is about (core/events.js aboutSeat): "You are next", "Борис
 * блефовал", "Анна блефовала".
 * @param {Explanation} x
 * @param {TableAnswer} resp
 */
function sentences(x, resp) {
  const ctx = { human: resp.human, seats: resp.seats };
  const top = x.pile[x.pile.length - 1];
  const group = top ? t(`rank_group.${top.rank}`) : "";
  const lines = [aboutSeat(`position.why.${x.reason}`, ctx, top?.seat, { rank_group: group }, "author")];
  for (const seat of x.out) lines.push(aboutSeat("position.out", ctx, seat));
  for (const drew of x.drew) lines.push(aboutSeat("position.drew", ctx, drew.seat, { count: drew.count }));
  if (x.ended === "move_limit") lines.push(t("position.move_limit"));
  if (x.ended) {
    lines.push(x.winner === null ? t("position.draw") : aboutSeat("position.win", ctx, x.winner));
  } else if (x.next !== null) {
    lines.push(aboutSeat(x.opening ? "position.opens" : "position.next", ctx, x.next));
  }
  return lines;
}

/** Draw the caption and, once decided, the explanation (again after a change of language). */
function renderBox() {
  const resp = app.resp;
  if (!resp || !resp.position) {
    // A game dealt after a position ("New game"): no caption, and Undo is back.
    document.getElementById("position-box")?.remove();
    delete document.documentElement.dataset.position;
    return;
  }
  const box = el("section", { id: "position-box", class: "position-box", "aria-live": "polite" });
  const caption = captionText(resp);
  if (caption) box.append(el("p", { id: "position-caption", class: "position-caption", text: caption }));
  const x = resp.position.explanation;
  if (x) {
    const ctx = { human: resp.human, seats: resp.seats };
    const plays = el("ul", { class: "position-pile" });
    for (const play of x.pile) {
      const count = play.cards.length;
      const ranks = t(`rank_plural.${play.rank}`, { count });
      const line = aboutSeat("position.play", ctx, play.seat, { cards: cardsText(play.cards), count, ranks });
      plays.append(
        el(
          "li",
          { class: play.honest ? "honest" : "bluff" },
          el("span", { text: line }),
          el("strong", { text: ` ${t(play.honest ? "review.honest" : "review.bluff")}` }),
        ),
      );
    }
    const again = el("button", { type: "button", id: "position-again", class: "btn", text: t("position.again") });
    again.addEventListener("click", () => {
      const asked = ui.position.asked;
      if (asked !== null) setUpPosition(asked);
    });
    box.append(
      el("h2", { class: "position-outcome", text: t("position.outcome") }),
      ...sentences(x, resp).map((text) => el("p", { class: "position-why", text })),
      el("p", { class: "label", text: t("position.pile") }),
      plays,
      again,
    );
    document.documentElement.dataset.position = "decided";
  }
  document.getElementById("position-box")?.remove();
  document.querySelector("#table-screen .side")?.prepend(box);
}

/** The public state for a host: what every player at the table may know, no card of any hand. */
function publicState() {
  const resp = app.resp;
  if (!resp) return null;
  const view = resp.view;
  const x = resp.position && resp.position.explanation;
  return {
    players: view.players,
    preset: view.preset,
    options: view.options,
    hand_sizes: view.hand_sizes,
    pile_size: view.pile_size,
    stock_size: view.stock_size,
    discard: view.discard,
    round_rank: view.round_rank,
    next_rank: view.next_rank,
    last_play: view.last_play,
    to_move: view.to_move,
    you: resp.human,
    out: view.out,
    over: view.over,
    moves: view.moves,
    decided: x ? { reason: x.reason, taker: x.taker, ended: x.ended, winner: x.winner } : null,
  };
}

/**
 * A message from an allowed origin (embed/frame.js checked it). Returns whether it was one of ours.
 * @param {Record<string, any>} data
 * @param {MessageEvent} event
 */
export function positionMessage(data, event) {
  /** @param {Record<string, unknown>} message */
  const reply = (message) => event.source && event.source.postMessage(message, { targetOrigin: event.origin });
  if (data.type === "vnv:load-position") {
    const position = data.position;
    if (typeof position !== "string" && (typeof position !== "object" || position === null)) {
      reply({ type: "vnv:position-loaded", ok: false, error: "bad_position" });
    } else setUpPosition(position).then((result) => reply({ type: "vnv:position-loaded", ...result }));
    return true;
  }
  if (data.type === "vnv:get-state") {
    reply({ type: "vnv:state", state: publicState() });
    return true;
  }
  return false;
}

// The first game of a page opened at #position=... is that position, not a saved game.
const fromLink = hashPosition();
if (fromLink !== null) app.firstGame = () => setUpPosition(fromLink).then(() => undefined);
document.addEventListener("vnv:answer", renderBox);
onLanguage(renderBox);
window.addEventListener("hashchange", () => {
  const position = hashPosition();
  if (position !== null && app.ready) setUpPosition(position);
});
