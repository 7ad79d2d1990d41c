// Local statistics, kept in the page's localStorage through storage.js (they hold no card, so
// the page may keep them): games played and won per preset and bot level, calls won and lost, bluffs caught.
// Counted once per finished game, from the answer that ends it: its `reviews` tell every hand as
// finally played (after any reload or undo), so a call made again after an undo counts once.
// A game in which the coach was asked or a move was undone (the answer's `assisted`) counts in
// a section of its own, and a guided hand ("Learn by playing", learn/guide.js) in another: the
// player's own record stays their own. A "Statistics" button on the setup screen opens a dialog to see and reset them.

import { t } from "../core/i18n.js";
import { readItem, removeItem, writeItem } from "../core/storage.js";
import { el } from "../core/dom.js";
import { historyList } from "./review.js";
import { isRecord } from "../core/record.js";

const KEY = document.body.dataset.mode === "embed" ? "vnv.embed.stats" : "vnv.stats";

/**
 * @typedef {{ played: number, won: number }} GameRow
 * @typedef {{ games: Record<string, GameRow>, calls: { won: number, lost: number }, bluffs_caught: number }} Tally
 * @typedef {Tally & { assisted: Tally, guided: Tally }} Stats
 */

/**
 * @param {unknown} value
 * @returns {number} a count (a non-negative integer), else 0
 */
function count(value) {
  return Number.isSafeInteger(value) && Number(value) >= 0 ? Number(value) : 0;
}

/**
 * One section of the stored statistics, every count checked (a damaged or hand-edited value
 * counts as 0, a row that is not a game row is dropped).
 * @param {unknown} raw
 * @returns {Tally}
 */
function tally(raw) {
  const stored = isRecord(raw) ? raw : {};
  /** @type {Record<string, GameRow>} */
  const games = {};
  if (isRecord(stored.games)) {
    for (const [key, row] of Object.entries(stored.games)) {
      if (!/^[a-z]+\|[a-z+?]+$/.test(key) || !isRecord(row)) continue;
      const played = count(row.played);
      games[key] = { played, won: Math.min(played, count(row.won)) };
    }
  }
  const calls = isRecord(stored.calls) ? stored.calls : {};
  return {
    games,
    calls: { won: count(calls.won), lost: count(calls.lost) },
    bluffs_caught: count(stored.bluffs_caught),
  };
}

/**
 * The stored statistics: shown and added to, never trusted. Statistics stored before games with
 * help or guided hands were counted apart lack those sections: they start empty.
 * @returns {Stats}
 */
export function loadStats() {
  /** @type {unknown} */
  let raw = null;
  try {
    raw = JSON.parse(readItem(KEY) ?? "null");
  } catch {
    // damaged: start over
  }
  const part = (/** @type {string} */ name) => tally(isRecord(raw) ? raw[name] : null);
  return { ...tally(raw), assisted: part("assisted"), guided: part("guided") };
}

/** @param {Stats} stats */
function saveStats(stats) {
  writeItem(KEY, JSON.stringify(stats));
}

export function resetStats() {
  removeItem(KEY);
}

// "classic|random": the preset, and the bots' level (several levels: joined by "+").
/**
 * @param {import("../state.js").View} view
 * @param {{ level: string }[]} seats
 */
function gameKey(view, seats) {
  const levels = new Set(seats.map((s) => s.level).filter((l) => l && l !== "human"));
  return `${view.preset}|${[...levels].sort().join("+") || "?"}`;
}

/**
 * The answer that ends a game: the game's row, and every call the human made or faced in any of
 * its hands (Ne veryu / Veryu, right or wrong), counted in the section the game belongs to.
 * @param {import("../state.js").TableAnswer} resp
 * @param {import("../state.js").Setup | null} setup
 */
export function recordStats(resp, setup) {
  const over = (resp.events || []).find((event) => event.type === "game_over");
  if (!over || over.type !== "game_over") return;
  const human = resp.human;
  const stats = loadStats();
  const section = resp.guide ? stats.guided : resp.assisted.length ? stats.assisted : stats;
  for (const review of resp.reviews || []) {
    for (const call of review.calls) {
      if (call.seat !== human && call.target !== human) continue;
      const won = call.seat === human ? call.right : !call.right;
      section.calls[won ? "won" : "lost"] += 1;
      if (call.seat === human && call.kind === "challenge" && call.right) section.bluffs_caught += 1;
    }
  }
  const key = gameKey(resp.view, setup ? setup.seats : resp.seats); // a guided hand has no setup
  const row = section.games[key] || { played: 0, won: 0 };
  row.played += 1;
  if (!over.draw && over.winner === human) row.won += 1;
  section.games[key] = row;
  saveStats(stats);
}

/** @param {string} levels */
function levelText(levels) {
  return levels
    .split("+")
    .map((level) => t(`level.${level}`))
    .join(" + ");
}

/**
 * One section's games and calls; ids start with ``prefix`` ("stats-", "stats-assisted-", "stats-guided-").
 * @param {Tally} section
 * @param {string} prefix
 * @returns {HTMLElement[]}
 */
function renderTally(section, prefix) {
  const rows = Object.entries(section.games).sort();
  /** @type {HTMLElement[]} */
  const parts = [];
  if (!rows.length) {
    parts.push(el("p", { class: "hint", text: t("stats.empty") }));
  } else {
    const table = el(
      "table",
      { class: "ranking" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "col", text: t("stats.preset") }),
          el("th", { scope: "col", text: t("stats.level") }),
          el("th", { scope: "col", text: t("stats.played") }),
          el("th", { scope: "col", text: t("stats.won") }),
        ),
      ),
    );
    const tbody = el("tbody", { id: `${prefix}games` });
    for (const [key, row] of rows) {
      const [preset, levels] = key.split("|");
      tbody.append(
        el(
          "tr",
          { "data-key": key },
          el("td", { text: t(`setup.preset_${preset}`) }),
          el("td", { text: levelText(levels) }),
          el("td", { text: String(row.played) }),
          el("td", { text: String(row.won) }),
        ),
      );
    }
    table.append(tbody);
    parts.push(table);
  }
  parts.push(
    el(
      "dl",
      { class: "stats-calls" },
      el("dt", { text: t("stats.calls_won") }),
      el("dd", { id: `${prefix}calls-won`, text: String(section.calls.won) }),
      el("dt", { text: t("stats.calls_lost") }),
      el("dd", { id: `${prefix}calls-lost`, text: String(section.calls.lost) }),
      el("dt", { text: t("stats.bluffs_caught") }),
      el("dd", { id: `${prefix}bluffs`, text: String(section.bluffs_caught) }),
    ),
  );
  return parts;
}

/**
 * A section counted apart (help used, guided hands), shown once it holds a game.
 * @param {Tally} section @param {string} name @param {string} title @param {string} hint
 */
function apart(section, name, title, hint) {
  if (!Object.keys(section.games).length) return [];
  const prefix = `stats-${name}-`;
  const heading = [el("h3", { text: t(title) }), el("p", { class: "hint", text: t(hint) })];
  return [el("section", { id: `stats-${name}`, class: "stats-assisted" }, ...heading, ...renderTally(section, prefix))];
}

/** @param {HTMLElement} body */
function renderStats(body) {
  const stats = loadStats();
  body.replaceChildren(...renderTally(stats, "stats-"));
  body.append(
    ...apart(stats.assisted, "assisted", "stats.assisted", "stats.assisted_hint"),
    ...apart(stats.guided, "guided", "guide.title", "guide.stats_note"),
    historyList(),
  );
}

// The button (on the first screen, beside "Choose the table yourself"; in the embed, which has no
// first screen, beside "Deal") and the dialog, built here so the page's HTML stays as it is.
export function initStats() {
  const anchor = document.querySelector(".welcome:not([hidden]) .welcome-more, .setup-actions");
  if (!anchor || document.getElementById("stats-open")) return;
  const body = el("div", { id: "stats-body" });
  const reset = el("button", {
    type: "button",
    id: "stats-reset",
    class: "btn",
    text: t("stats.reset"),
    "data-i18n": "stats.reset",
  });
  const close = el("button", {
    type: "button",
    id: "stats-close",
    class: "btn primary",
    text: t("stats.close"),
    "data-i18n": "stats.close",
  });
  const dialog = el(
    "dialog",
    { id: "stats-dialog", class: "end-screen", "aria-labelledby": "stats-title" },
    el("h2", { id: "stats-title", text: t("stats.title"), "data-i18n": "stats.title" }),
    body,
    el("div", { class: "end-actions" }, close, reset),
  );
  document.body.append(dialog);
  const open = el("button", {
    type: "button",
    id: "stats-open",
    class: "btn",
    text: t("stats.open"),
    "data-i18n": "stats.open",
  });
  anchor.append(open);
  open.addEventListener("click", () => {
    renderStats(body);
    dialog.showModal();
    close.focus();
  });
  close.addEventListener("click", () => dialog.close());
  reset.addEventListener("click", () => {
    if (!confirmReset(reset)) return;
    resetStats();
    renderStats(body);
    close.focus();
  });
}

// Reset asks once: the first press turns the button into "Really reset?", the second resets.
/** @param {HTMLButtonElement} button */
function confirmReset(button) {
  if (button.dataset.armed === "1") {
    delete button.dataset.armed;
    button.textContent = t("stats.reset");
    return true;
  }
  button.dataset.armed = "1";
  button.textContent = t("stats.reset_confirm");
  return false;
}
