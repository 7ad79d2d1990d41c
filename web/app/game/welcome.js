// The first screen, above the setup form: two ways in for a newcomer, "Play now" (a table chosen
// for a first game, said in one line under the button) and "Learn by playing" (the guided first
// hand of either rule set, asked for with a vnv:guide event that the guide listens for), "Play
// with friends" (the form with a seat for a friend's own device), the full
// form one click away behind a disclosure, and, first of all for a player who dealt from the form
// before, "Play your usual table": the stored setup, dealt as it is. The embed deals from its URL
// and never shows it (tools/build.py writes embed.html with this part hidden and the form open).

import { onLanguage, t } from "../core/i18n.js";
import { $, $as } from "../core/dom.js";
import { app, EMBED } from "../state.js";
import { hasStoredSetup, loadSetup } from "../core/settings.js";
import { fillStored } from "./setup.js";

/** @typedef {import("../state.js").Setup} Setup */

// A first game: the classic rules (the rules page's own), the player and three Easy bots (they
// seldom call, so a first bluff may stand while the round's flow is learned), one 36-card deck,
// one hand, no variant: some ten decisions of the player's among about 40 moves, a few minutes
// (docs/web.md, "The first five minutes"). The screen says so: welcome.play_now_line.
const FIRST_BOTS = 3;
const FIRST_LEVEL = "easy";

/** The table "Play now" deals; the player's stored name, if any, is kept.
 * @returns {Setup} */
export function firstGame() {
  /** @type {import("../state.js").Seat[]} */
  const seats = [{ name: loadSetup().human_name, level: "human" }];
  for (let i = 0; i < FIRST_BOTS; i++) seats.push({ name: "", level: FIRST_LEVEL });
  /** @type {import("../protocol").GameOptions} */
  const options = { deck: 36, decks: 1, ending: "single" };
  return { config: { preset: "classic", players: FIRST_BOTS + 1, options }, human: 0, seats };
}

/**
 * The stored setup's rules and number of players, as the form deals them (fillStored): the
 * classic rules where the stored ones are not offered, the number of players within their range.
 * @returns {{ preset: string, players: number }}
 */
function usualTable() {
  const saved = loadSetup();
  const presets = app.manifest ? app.manifest.options.presets : {};
  const preset = saved.preset !== null && Object.hasOwn(presets, saved.preset) ? saved.preset : "classic";
  const [low, high] = presets[preset]?.players ?? [2, 6];
  return { preset, players: Math.min(high, Math.max(low, saved.players || 4)) };
}

/** The full setup form shown or folded (a disclosure: the button says which).
 * @param {boolean} open */
export function showForm(open) {
  if (EMBED) return; // the embed's form is always open
  $("setup-form").hidden = !open;
  $("setup-toggle").setAttribute("aria-expanded", String(open));
}

/** The focus on the setup screen: Deal when the form is open, else the first way in. */
export function focusSetup() {
  if (!$("setup-form").hidden) {
    $("start").focus();
    return;
  }
  const first = [...document.querySelectorAll("#welcome .way button")].find(
    (b) => b instanceof HTMLButtonElement && !b.disabled && b.offsetParent !== null,
  );
  if (first instanceof HTMLElement) first.focus();
}

/** The screen follows the engine (the ways that deal wait for it) and the stored setup. */
export function updateWelcome() {
  if (EMBED) return;
  const returning = hasStoredSetup();
  $("usual-way").hidden = !returning;
  $("play-now").classList.toggle("primary", !returning); // one primary button: the first
  if (returning) {
    const { preset, players } = usualTable();
    const rules = t(preset === "quick" ? "welcome.rules_quick" : "welcome.rules_classic");
    $("usual-line").textContent = t("welcome.usual_line", {
      rules,
      players: t("setup.players_count", { count: players }),
    });
  }
  for (const id of ["play-usual", "play-now"]) $as(id, HTMLButtonElement).disabled = !app.ready;
  $("welcome-wait").hidden = app.ready || $("boot").dataset.state === "failed";
}

/** "Play with friends" (docs/friends.md): the form, open, with a seat for a friend's device
 * (the first bot seat, unless one is set so already) and its choice focused. */
function playWithFriends() {
  showForm(true);
  const levels = [...document.querySelectorAll("#bot-seats select")].filter((s) => s instanceof HTMLSelectElement);
  const chosen = levels.find((select) => select.value === "friend") ?? levels[0];
  if (!chosen) return;
  chosen.value = "friend";
  chosen.focus();
}

/**
 * @param {{ onPlay: (setup: Setup) => unknown, onDealForm: () => unknown }} actions
 */
export function bindWelcome({ onPlay, onDealForm }) {
  if (EMBED) return;
  $("play-now").addEventListener("click", () => app.ready && onPlay(firstGame()));
  $("play-usual").addEventListener("click", () => {
    if (!app.ready) return;
    fillStored(); // the table as stored, whatever was changed in the form since
    onDealForm();
  });
  // The guide's buttons and the form's disclosure work while the engine starts (the guide waits
  // for it), but not before this page's code listens: disabled in the HTML until now.
  for (const rules of ["classic", "quick"]) {
    const button = $as(`guide-${rules}`, HTMLButtonElement);
    button.addEventListener("click", () => document.dispatchEvent(new CustomEvent("vnv:guide", { detail: { rules } })));
    button.disabled = false;
  }
  const friends = $as("play-friends", HTMLButtonElement);
  friends.addEventListener("click", playWithFriends);
  friends.disabled = false;
  const toggle = $as("setup-toggle", HTMLButtonElement);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    showForm(open); // the form opens under the button, its Deal row sticky at the screen's bottom
  });
  toggle.disabled = false;
  updateWelcome();
  onLanguage(updateWelcome);
}
