// The examples page's builder (docs/positions.md, "The builder"): a position set up with clicks
// (builder-parts.js: rule set, players, deck, whose turn, the pile's plays, where each card
// is), a caption, and the embed code for it, written again on every change. Its words come from
// the page (#builder-text, in the page's language), with the game's own names for the seats and
// the cards (`table`), so that it says "You", "Anna", "7♣" where the frame will.

import { packLink, snippet } from "./position-link.js";
import { cardsFieldset, make, playsFieldset, seatsOf, settingsFieldset } from "./builder-parts.js";

/** @typedef {import("./builder-parts.js").BuilderState} BuilderState */

/**
 * The position as the engine reads it (engine/position.py).
 * @param {BuilderState} state
 * @param {string} lang the caption's language
 */
function position(state, lang) {
  /** @param {string} where */
  const cardsAt = (where) => [...state.where].filter(([, w]) => w === where).map(([card]) => card);
  const hands = seatsOf(state).map((seat) => cardsAt(`h${seat}`));
  const pile = state.plays.map((play, k) => ({ seat: play.seat, cards: cardsAt(`p${k}`), rank: play.rank }));
  /** @type {Record<string, unknown>} */
  const options = state.preset === "classic" && state.deck === 52 ? { deck: 52 } : {};
  /** @type {Record<string, unknown>} */
  const made = { v: 1, preset: state.preset, options, hands, pile, turn: state.turn };
  if (state.caption) made.caption = { [lang]: state.caption };
  return made;
}

/** Set the builder up in #builder, if the page has one. */
export function startBuilder() {
  const root = document.getElementById("builder");
  const textNode = document.getElementById("builder-text");
  if (!root || !textNode) return;
  const { table, ...words } = JSON.parse(textNode.textContent || "{}");
  const lang = root.dataset.lang || "en";
  /** @type {BuilderState} */
  const state = {
    preset: "classic",
    players: 3,
    deck: 36,
    where: new Map(),
    plays: [],
    target: "h0",
    turn: 0,
    caption: "",
  };
  const output = make("textarea", { rows: "4", readonly: "", id: "builder-code" });
  const preview = make("a", { target: "_blank", rel: "noopener", id: "builder-preview" }, words.preview);
  const copied = make("span", { role: "status" });
  const write = async () => {
    const src = `../embed.html?lang=${lang}#position=${await packLink(position(state, lang))}`;
    if (output instanceof HTMLTextAreaElement) output.value = snippet(src, words.title);
    if (preview instanceof HTMLAnchorElement) preview.href = src;
  };
  const copy = make("button", { type: "button", id: "builder-copy" }, words.copy);
  copy.addEventListener("click", async () => {
    if (output instanceof HTMLTextAreaElement) await navigator.clipboard.writeText(output.value).catch(() => {});
    copied.textContent = words.copied;
  });
  /** @type {import("./builder-parts.js").Builder} */
  const b = { state, words, table, redraw: () => draw() };
  const draw = () => {
    root.replaceChildren(
      settingsFieldset(b),
      playsFieldset(b),
      cardsFieldset(b),
      make("label", {}, words.caption, captionBox(state, write)),
      make("label", {}, words.code, output), // named, as every form control is (axe: label)
      make("p", {}, copy, " ", preview, " ", copied),
    );
    write();
  };
  draw();
}

/**
 * The caption's box: a change is written into the embed code.
 * @param {BuilderState} state
 * @param {() => void} write
 */
function captionBox(state, write) {
  const caption = make("textarea", { rows: "2", id: "builder-caption" });
  if (caption instanceof HTMLTextAreaElement) {
    caption.value = state.caption;
    caption.addEventListener("change", () => {
      state.caption = caption.value;
      write();
    });
  }
  return caption;
}
