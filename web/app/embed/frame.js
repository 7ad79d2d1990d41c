// Embed mode (embed.html, docs/embedding.md): the same table in a compact layout, set up from
// the URL and dealt at once, with optional messages to and from the page that embeds it.
//
// URL parameters: lang, preset (classic | quick), players (or seats), levels (comma list, one
// per bot, or one for all), names (comma list), seed, speed, any engine option by its name
// (open_challenge=true, deck=36, ...), parentOrigin (the one origin events are posted to and
// accepted from), allowOrigins (more origins whose messages are accepted, comma list).
//
// Out (window.parent.postMessage(message, parentOrigin), never to "*"):
//   {type: "vnv:game-started", preset, players, seats: [{name, level}], you}
//   {type: "vnv:game-over", place, players, won, draw, ranking: [{place, name, you}]}
// In (only when event.origin is exactly one of the allowed origins; anything else is dropped
// and counted in <html data-ignored-messages>):
//   {type: "vnv:ping"} -> answered with {type: "vnv:pong", ready}
//   {type: "vnv:new-game"} -> deals a new game with the same setup
//   {type: "vnv:load-replay" | "vnv:replay-step" | "vnv:replay-get", ...} -> embed/replay.js
//   {type: "vnv:load-position", position} and {type: "vnv:get-state"}: embed/position.js

import "../main.js";
import { t } from "../core/i18n.js";
import { $ } from "../core/dom.js";
import { ui } from "../state.js";
import { choosePreset, currentPreset } from "../game/setup.js";
import { replayMessage } from "./replay.js";
import { positionMessage } from "./position.js";

const params = new URLSearchParams(location.search);
const root = document.documentElement;

// An exact origin (scheme, host and port, as event.origin spells it), or null: no path, no
// wildcard, no "null".
/**
 * @param {string | null | undefined} text
 * @returns {string | null}
 */
export function exactOrigin(text) {
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.origin === "null" || url.origin !== text.replace(/\/$/, "")) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const parentOrigin = exactOrigin(params.get("parentOrigin"));
const allowed = new Set(
  [parentOrigin, ...(params.get("allowOrigins") || "").split(",").map((o) => exactOrigin(o.trim()))].filter(Boolean),
);

/** @param {Record<string, unknown>} message */
function post(message) {
  if (parentOrigin && window.parent !== window) window.parent.postMessage(message, parentOrigin);
}

/**
 * Set a form control from a URL parameter's text, as the player would (a change event follows).
 * @param {Element | null} control
 * @param {string | null} value
 */
function set(control, value) {
  if (value === null || value === undefined) return;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) return;
  if (control instanceof HTMLInputElement && control.type === "checkbox")
    control.checked = value === "true" || value === "1";
  else if (control instanceof HTMLSelectElement) {
    const wanted = [...control.options].find((o) => o.value === value || o.value === JSON.stringify(value));
    if (!wanted) return;
    control.value = wanted.value;
  } else control.value = value;
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

// Fill the setup form from the URL, before the engine is ready (main.js deals it then).
function applyParams() {
  const preset = params.get("preset");
  const before = currentPreset();
  if (preset && preset !== before && choosePreset(preset)) {
    document.querySelector('input[name="preset"]:checked')?.dispatchEvent(new Event("change", { bubbles: true }));
  }
  set(document.getElementById("players"), params.get("players") || params.get("seats"));
  const levels = (params.get("levels") || "").split(",").filter(Boolean);
  const names = (params.get("names") || "").split(",");
  document.querySelectorAll("#bot-seats li").forEach((li, i) => {
    const level = levels[i] ?? (levels.length === 1 ? levels[0] : null);
    set(li.querySelector("select"), level);
    const name = li.querySelector("input");
    if (names[i] && name) name.value = names[i].slice(0, 16);
  });
  for (const control of document.querySelectorAll("#options [data-option]")) {
    if (control instanceof HTMLElement) set(control, params.get(control.dataset.option ?? ""));
  }
  const seed = $("seed");
  if (params.has("seed") && seed instanceof HTMLInputElement) seed.value = params.get("seed") ?? "";
  const full = document.createElement("a");
  full.href = "./";
  full.target = "_blank";
  full.rel = "noopener";
  full.className = "rules-link";
  full.textContent = t("embed.open_full");
  full.dataset.i18n = "embed.open_full"; // i18n.js rewrites it in another language
  document.querySelector(".topbar")?.append(full);
}

document.addEventListener("vnv:setup-ready", applyParams);
document.addEventListener("vnv:game-started", (event) => {
  /** @type {{ preset: string, players: number, seats: import("../state.js").Seat[], human: number }} */
  const detail = /** @type {CustomEvent} */ (event).detail;
  post({
    type: "vnv:game-started",
    preset: detail.preset,
    players: detail.players,
    seats: detail.seats.map((s) => ({ name: s.name, level: s.level })),
    you: detail.human,
  });
});
document.addEventListener("vnv:game-over", (event) =>
  post({ type: "vnv:game-over", .../** @type {CustomEvent} */ (event).detail }),
);

window.addEventListener("message", (event) => {
  if (!allowed.has(event.origin)) {
    ui.embed.ignored += 1;
    root.dataset.ignoredMessages = String(ui.embed.ignored);
    return;
  }
  const data = event.data && typeof event.data === "object" ? event.data : {};
  if (data.type === "vnv:ping" && event.source) {
    const ready = $("boot").dataset.state === "ready";
    event.source.postMessage({ type: "vnv:pong", ready }, { targetOrigin: event.origin });
  } else if (data.type === "vnv:new-game") {
    document.dispatchEvent(new CustomEvent("vnv:new-game"));
  } else {
    const source = event.source;
    const reply = (/** @type {unknown} */ message) => source?.postMessage(message, { targetOrigin: event.origin });
    // vnv:load-replay, vnv:replay-step, vnv:replay-get (embed/replay.js); otherwise
    // vnv:load-position, vnv:get-state (embed/position.js).
    if (!source || !replayMessage(data, reply)) positionMessage(data, event);
  }
});
