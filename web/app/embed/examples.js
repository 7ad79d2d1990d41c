// The rule examples page (tools/render_examples.py): each example's frame is made when the
// reader asks for it (every frame runs its own Python), its embed code is written with this
// site's address, and the builder at the end sets up a position with clicks and writes the embed
// code for it (docs/positions.md, "The builder").

import { packLink } from "./position-link.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["C", "D", "H", "S"];
/** @type {Record<string, string>} */
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/**
 * The iframe snippet for an embed address (absolute, from this page).
 * @param {string} src
 * @param {string} title
 */
function snippet(src, title) {
  const url = new URL(src, location.href).href;
  const safe = title.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<iframe src="${url}" title="${safe}" width="980" height="760" style="max-width: 100%; border: 0" loading="lazy"></iframe>`;
}

/**
 * An iframe of the embed, in place of the box's button.
 * @param {HTMLElement} box
 * @param {string} src
 * @param {string} title
 */
function showFrame(box, src, title) {
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = title;
  box.replaceChildren(frame);
}

function examples() {
  for (const box of document.querySelectorAll(".example .frame")) {
    if (!(box instanceof HTMLElement)) continue;
    const src = box.dataset.src ?? "";
    const title = box.dataset.title ?? "";
    box.querySelector("button")?.addEventListener("click", () => showFrame(box, src, title));
    const code = box.parentElement?.querySelector(".code code");
    if (code) code.textContent = snippet(src, title);
  }
}

/**
 * @param {string} template
 * @param {Record<string, string | number>} vars
 */
function fill(template, vars) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} children
 */
function make(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * A labelled select.
 * @param {string} label
 * @param {[string, string][]} choices value, text
 * @param {string} value
 * @param {(value: string) => void} onChange
 */
function select(label, choices, value, onChange) {
  const control = make("select");
  for (const [v, text] of choices) control.append(make("option", { value: v }, text));
  if (control instanceof HTMLSelectElement) {
    control.value = value;
    control.addEventListener("change", () => onChange(control.value));
  }
  return make("label", {}, `${label} `, control);
}

/** The builder: a position set up with clicks, its embed code written as it changes. */
function builder() {
  const found = document.getElementById("builder");
  const textNode = document.getElementById("builder-text");
  if (!found || !textNode) return;
  const root = found;
  /** @type {Record<string, string>} */
  const words = JSON.parse(textNode.textContent || "{}");
  const lang = root.dataset.lang || "en";
  const state = {
    preset: "classic",
    players: 3,
    deck: 36,
    /** @type {Map<string, string>} card -> "h<seat>" or "p<play index>" */
    where: new Map(),
    /** @type {{ seat: number, rank: string }[]} */
    plays: [],
    target: "h0",
    turn: 0,
    caption: "",
  };
  const deckRanks = () => (state.deck === 36 ? RANKS.slice(4) : RANKS);
  const seats = () => [...Array(state.players).keys()];
  const output = make("textarea", { rows: "4", readonly: "", id: "builder-code" });
  const preview = make("a", { target: "_blank", rel: "noopener", id: "builder-preview" }, words.preview);
  const copied = make("span", { role: "status" });

  function position() {
    const hands = seats().map((seat) => [...state.where].filter(([, w]) => w === `h${seat}`).map(([c]) => c));
    const pile = state.plays.map((play, k) => ({
      seat: play.seat,
      cards: [...state.where].filter(([, w]) => w === `p${k}`).map(([c]) => c),
      rank: play.rank,
    }));
    /** @type {Record<string, unknown>} */
    const options = state.preset === "classic" && state.deck === 52 ? { deck: 52 } : {};
    /** @type {Record<string, unknown>} */
    const made = { v: 1, preset: state.preset, options, hands, pile, turn: state.turn };
    if (state.caption) made.caption = { [lang]: state.caption };
    return made;
  }

  async function write() {
    const src = `../embed.html?lang=${lang}#position=${await packLink(position())}`;
    if (output instanceof HTMLTextAreaElement) output.value = snippet(src, words.title);
    if (preview instanceof HTMLAnchorElement) preview.href = src;
  }

  function draw() {
    const targets = [
      ...seats().map((seat) => [`h${seat}`, fill(words.hand, { n: seat })]),
      ...state.plays.map((play, k) => [`p${k}`, `${fill(words.play, { k: k + 1, n: play.seat })} ${play.rank}`]),
    ];
    const cards = make("div", { class: "cards" });
    for (const rank of deckRanks())
      for (const suit of SUITS) {
        const card = rank + suit;
        const where = state.where.get(card);
        const label = where ? `${rank}${SUIT_SIGNS[suit]} → ${where}` : `${rank}${SUIT_SIGNS[suit]}`;
        const button = make("button", { type: "button", "data-card": card }, label);
        if (where) button.setAttribute("data-where", where);
        button.addEventListener("click", () => {
          if (state.where.get(card) === state.target) state.where.delete(card);
          else state.where.set(card, state.target);
          draw();
        });
        cards.append(button);
      }
    const plays = make("div", { class: "plays" });
    state.plays.forEach((play, k) => {
      plays.append(
        make(
          "div",
          {},
          select(
            fill(words.play, { k: k + 1, n: "" }),
            seats().map((s) => [String(s), fill(words.seat, { n: s })]),
            String(play.seat),
            (v) => ((play.seat = Number(v)), draw()),
          ),
          " ",
          select(
            "",
            deckRanks().map((r) => [r, r]),
            play.rank,
            (v) => ((play.rank = v), draw()),
          ),
        ),
      );
    });
    const addPlay = make("button", { type: "button", id: "builder-add-play" }, words.add_play);
    addPlay.addEventListener("click", () => {
      state.plays.push({ seat: (state.turn + state.players - 1) % state.players, rank: deckRanks()[0] });
      state.target = `p${state.plays.length - 1}`;
      draw();
    });
    const caption = make("textarea", { rows: "2", id: "builder-caption" });
    if (caption instanceof HTMLTextAreaElement) {
      caption.value = state.caption;
      caption.addEventListener("change", () => ((state.caption = caption.value), write()));
    }
    const copy = make("button", { type: "button", id: "builder-copy" }, words.copy);
    copy.addEventListener("click", async () => {
      if (output instanceof HTMLTextAreaElement) await navigator.clipboard.writeText(output.value).catch(() => {});
      copied.textContent = words.copied;
    });
    root.replaceChildren(
      make(
        "fieldset",
        {},
        select(
          words.preset,
          [
            ["classic", words.classic],
            ["quick", words.quick],
          ],
          state.preset,
          (v) => {
            state.preset = v;
            state.deck = v === "quick" ? 52 : state.deck;
            state.players = Math.max(state.players, v === "quick" ? 3 : 2);
            draw();
          },
        ),
        " ",
        select(
          words.players,
          ["2", "3", "4", "5", "6"].map((n) => [n, n]),
          String(state.players),
          (v) => {
            state.players = Number(v);
            draw();
          },
        ),
        " ",
        select(
          words.deck,
          [
            ["36", "36"],
            ["52", "52"],
          ],
          String(state.deck),
          (v) => {
            state.deck = state.preset === "quick" ? 52 : Number(v);
            draw();
          },
        ),
        " ",
        select(
          words.turn,
          seats().map((s) => [String(s), fill(words.seat, { n: s })]),
          String(state.turn),
          (v) => {
            state.turn = Number(v);
            draw();
          },
        ),
      ),
      make("fieldset", {}, plays, addPlay),
      make(
        "fieldset",
        {},
        select(
          words.target,
          targets.map(([v, text]) => [v, text]),
          state.target,
          (v) => ((state.target = v), draw()),
        ),
        cards,
      ),
      make("label", {}, words.caption, caption),
      make("p", {}, output),
      make("p", {}, copy, " ", preview, " ", copied),
    );
    write();
  }
  draw();
}

examples();
builder();
