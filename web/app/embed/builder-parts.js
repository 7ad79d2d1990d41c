// The builder's controls (builder.js): small DOM helpers, the settings, the pile's plays and the
// card grid. Each part reads the builder's state and asks for a redraw after a change; the
// builder puts them together and writes the embed code.

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["C", "D", "H", "S"];

/**
 * What the builder has set up so far.
 * @typedef {{ preset: string, players: number, deck: number,
 *   where: Map<string, string>, plays: { seat: number, rank: string }[],
 *   target: string, turn: number, caption: string }} BuilderState
 * `where`: card -> "h<seat>" (a hand) or "p<play index>" (a play on the pile); `target`: where a
 * clicked card goes.
 * @typedef {{ you: string, bots: string[], ranks: Record<string, string>, suits: Record<string, string> }} TableWords
 * the game's own words for seats and cards, in the page's language (tools/render_examples.py
 * takes them from the game's catalog), so the builder and the frame say the same.
 * @typedef {{ state: BuilderState, words: Record<string, string>, table: TableWords, redraw: () => void }} Builder
 */

/** @param {BuilderState} state the ranks of the deck in use */
export const deckRanks = (state) => (state.deck === 36 ? RANKS.slice(4) : RANKS);
/** @param {BuilderState} state */
export const seatsOf = (state) => [...Array(state.players).keys()];

/**
 * @param {string} template
 * @param {Record<string, string | number>} vars
 */
export function fill(template, vars) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} children
 */
export function make(tag, attrs = {}, ...children) {
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
export function select(label, choices, value, onChange) {
  const control = make("select");
  for (const [v, text] of choices) control.append(make("option", { value: v }, text));
  if (control instanceof HTMLSelectElement) {
    control.value = value;
    control.addEventListener("change", () => onChange(control.value));
  }
  return make("label", {}, `${label} `, control);
}

/**
 * A select whose choice changes the state, then the builder redraws.
 * @param {Builder} b
 * @param {string} label
 * @param {[string, string][]} choices
 * @param {string} value
 * @param {(value: string) => void} apply
 */
function setting(b, label, choices, value, apply) {
  return select(label, choices, value, (v) => {
    apply(v);
    b.redraw();
  });
}

/**
 * A seat's name as the frame will show it: the reader (the seat to act) is "You", the others
 * take the bots' default names, counted from 1 in seat order with the reader's seat left out
 * (core/events.js: seatName; the engine seats a position's reader as its one person).
 * @param {Builder} b
 * @param {number} seat
 */
export function seatName(b, seat) {
  const turn = b.state.turn;
  if (seat === turn) return b.table.you;
  const bot = seat < turn ? seat + 1 : seat;
  return b.table.bots[bot - 1] ?? `#${seat}`;
}

/** A card as the table writes it ("10♥", "Д♠"). @param {Builder} b @param {string} card */
export function cardName(b, card) {
  const rank = card.slice(0, -1);
  return `${b.table.ranks[rank] ?? rank}${b.table.suits[card.slice(-1)] ?? ""}`;
}

/** Where a card is put, in words: a seat's name, or "Play 2". @param {Builder} b @param {string} where */
function placeName(b, where) {
  const index = Number(where.slice(1));
  return where.startsWith("h") ? seatName(b, index) : fill(b.words.pile_play, { k: index + 1 });
}

/** @param {Builder} b @returns {[string, string][]} each seat, as a choice */
function seatChoices(b) {
  return seatsOf(b.state).map((s) => [String(s), seatName(b, s)]);
}

/** The rule set, players, deck and whose turn it is. @param {Builder} b */
export function settingsFieldset(b) {
  const { state, words } = b;
  const presets = /** @type {[string, string][]} */ ([
    ["classic", words.classic],
    ["quick", words.quick],
  ]);
  const players = ["2", "3", "4", "5", "6"].map((n) => /** @type {[string, string]} */ ([n, n]));
  const decks = /** @type {[string, string][]} */ ([
    ["36", "36"],
    ["52", "52"],
  ]);
  return make(
    "fieldset",
    {},
    setting(b, words.preset, presets, state.preset, (v) => {
      state.preset = v;
      state.deck = v === "quick" ? 52 : state.deck;
      state.players = Math.max(state.players, v === "quick" ? 3 : 2);
    }),
    " ",
    setting(b, words.players, players, String(state.players), (v) => (state.players = Number(v))),
    " ",
    setting(b, words.deck, decks, String(state.deck), (v) => {
      state.deck = state.preset === "quick" ? 52 : Number(v);
    }),
    " ",
    setting(b, words.turn, seatChoices(b), String(state.turn), (v) => (state.turn = Number(v))),
  );
}

/** The plays on the pile, each its author and claimed rank, and a button to add one. @param {Builder} b */
export function playsFieldset(b) {
  const { state, words } = b;
  const ranks = deckRanks(state).map((r) => /** @type {[string, string]} */ ([r, b.table.ranks[r] ?? r]));
  const plays = make("div", { class: "plays" });
  state.plays.forEach((play, k) => {
    const author = setting(b, fill(words.play_by, { k: k + 1 }), seatChoices(b), String(play.seat), (v) => {
      play.seat = Number(v);
    });
    const rank = setting(b, words.claims, ranks, play.rank, (v) => (play.rank = v));
    plays.append(make("div", {}, author, " ", rank));
  });
  const addPlay = make("button", { type: "button", id: "builder-add-play" }, words.add_play);
  addPlay.addEventListener("click", () => {
    state.plays.push({ seat: (state.turn + state.players - 1) % state.players, rank: deckRanks(state)[0] });
    state.target = `p${state.plays.length - 1}`;
    b.redraw();
  });
  return make("fieldset", {}, plays, addPlay);
}

/** Where a clicked card goes (a hand or a play), and every card of the deck. @param {Builder} b */
export function cardsFieldset(b) {
  const { state, words } = b;
  /** @type {[string, string][]} */
  const targets = [
    ...seatsOf(state).map(
      (seat) => /** @type {[string, string]} */ ([`h${seat}`, fill(words.hand, { name: seatName(b, seat) })]),
    ),
    ...state.plays.map((play, k) => {
      const what = `${seatName(b, play.seat)}: ${b.table.ranks[play.rank] ?? play.rank}`;
      return /** @type {[string, string]} */ ([`p${k}`, `${fill(words.pile_play, { k: k + 1 })} (${what})`]);
    }),
  ];
  const cards = make("div", { class: "cards" });
  for (const rank of deckRanks(state))
    for (const suit of SUITS) {
      const card = rank + suit;
      const where = state.where.get(card);
      const label = where ? `${cardName(b, card)} → ${placeName(b, where)}` : cardName(b, card);
      const button = make("button", { type: "button", "data-card": card }, label);
      if (where) button.setAttribute("data-where", where);
      button.addEventListener("click", () => {
        if (state.where.get(card) === state.target) state.where.delete(card);
        else state.where.set(card, state.target);
        b.redraw();
      });
      cards.append(button);
    }
  return make(
    "fieldset",
    {},
    setting(b, words.target, targets, state.target, (v) => (state.target = v)),
    cards,
  );
}
