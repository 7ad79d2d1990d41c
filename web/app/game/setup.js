// The setup form: preset, players, a name and a level per seat (a bot's, or "Person" for
// pass-and-play), one control per engine option (from build.json, which the build took from
// engine.config.describe()), the seed. It starts from the stored setup (settings.js), checked
// here against what this build offers, and stores the choices again when a game is dealt. It
// never talks to the worker: "Deal" and "Back to the game" call what main.js hands in.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { app, DEFAULT_LEVEL } from "../state.js";
import { loadSetup, storeSetup } from "../core/settings.js";

/**
 * build.json's part the page reads (tools/build.py writes it).
 * @typedef {{ name: string, presets: string[], default: Record<string, any>, values?: any[],
 *   nullable?: boolean, bounds: [number, number] }} OptionSpec
 * @typedef {{ options: { options: OptionSpec[], presets: Record<string, { players: [number, number] }> },
 *   [key: string]: any }} Manifest
 * @typedef {import("../state.js").Setup} Setup
 * @typedef {import("../core/settings.js").OptionValue} OptionValue
 */

function manifest() {
  if (!app.manifest) throw new Error("build.json is not loaded");
  return app.manifest;
}

/** @param {string} preset */
function optionSpecs(preset) {
  return manifest().options.options.filter((spec) => spec.presets.includes(preset));
}

/** @returns {HTMLInputElement[]} */
function presetRadios() {
  return [...document.querySelectorAll('input[name="preset"]')].filter((r) => r instanceof HTMLInputElement);
}

export function currentPreset() {
  const radio = presetRadios().find((r) => r.checked);
  return radio ? radio.value : "classic";
}

/**
 * Check the preset radio whose value is `name`, compared as text (never put into a selector);
 * false when this build has no such preset.
 * @param {string | null} name
 */
export function choosePreset(name) {
  const radio = presetRadios().find((r) => r.value === name);
  if (radio) radio.checked = true;
  return Boolean(radio);
}

/** Whether this build still offers a stored value for this option.
 * @param {OptionSpec} spec
 * @param {OptionValue | undefined} value
 */
function offered(spec, value) {
  if (value === undefined) return false;
  if (value === null) return Boolean(spec.nullable);
  if (spec.values) return spec.values.includes(value);
  return Number.isInteger(value) && Number(value) >= spec.bounds[0] && Number(value) <= spec.bounds[1];
}

/**
 * @param {{ onStart: () => void, onBack: () => void }} actions
 */
export function initSetup({ onStart, onBack }) {
  fillStored();
  for (const radio of presetRadios()) {
    radio.addEventListener("change", () => {
      renderPlayers($as("players", HTMLSelectElement).value);
      renderBotSeats(readBots());
      renderOptions(loadSetup().options[currentPreset()]);
    });
  }
  $("players").addEventListener("change", () => renderBotSeats(readBots()));
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    onStart();
  });
  $("resume").addEventListener("click", onBack);
  updateStart();
  // Another language: the choices stay, their labels are written again.
  onLanguage(() => {
    updateStart();
    const [players, bots, options] = [$as("players", HTMLSelectElement).value, readBots(), readOptions()];
    renderPlayers(players);
    renderBotSeats(bots);
    renderOptions(options);
  });
}

/** The form as stored (classic where the stored rules are not offered): what "Play your usual table" deals. */
export function fillStored() {
  const saved = loadSetup();
  if (!choosePreset(saved.preset)) choosePreset("classic");
  $as("human-name", HTMLInputElement).value = saved.human_name;
  $as("seed", HTMLInputElement).value = saved.seed;
  renderPlayers(saved.players);
  renderBotSeats(saved.bots);
  renderOptions(saved.options[currentPreset()]);
}

/** @param {string | number | null} wanted */
export function renderPlayers(wanted) {
  const [low, high] = manifest().options.presets[currentPreset()].players;
  const select = $as("players", HTMLSelectElement);
  select.replaceChildren();
  const value = Math.min(high, Math.max(low, Number(wanted) || 4));
  for (let n = low; n <= high; n++) {
    select.append(el("option", { value: n, selected: n === value, text: t("setup.players_count", { count: n }) }));
  }
  select.value = String(value);
}

/** @returns {import("../core/settings.js").StoredBot[]} */
export function readBots() {
  return [...document.querySelectorAll("#bot-seats li")].map((li) => ({
    name: li.querySelector("input")?.value ?? "",
    level: li.querySelector("select")?.value ?? DEFAULT_LEVEL,
  }));
}

/** @param {import("../core/settings.js").StoredBot[]} [previous] */
export function renderBotSeats(previous = []) {
  const n = Number($as("players", HTMLSelectElement).value);
  const list = $("bot-seats");
  list.replaceChildren();
  for (let i = 1; i < n; i++) {
    const before = previous[i - 1] || { name: "", level: "" };
    const name = el("input", {
      name: `bot_name_${i}`,
      maxlength: 16,
      "aria-label": t("setup.bot_name", { n: i }),
      placeholder: t(`bot.name_${i}`),
    });
    name.value = before.name || "";
    // The bots' levels, then "human" (a person's seat, pass-and-play: docs/web.md) and "friend"
    // (a friend's own device plays it, a Medium bot while they are away: docs/friends.md).
    const choices = [...app.levels, "human", "friend"];
    const wanted = choices.includes(before.level) ? before.level : DEFAULT_LEVEL;
    const level = el("select", { name: `bot_level_${i}`, "aria-label": t("setup.bot_level", { n: i }) });
    for (const lvl of choices) {
      const text = t(lvl === "human" ? "setup.person" : lvl === "friend" ? "friends.seat_level" : `level.${lvl}`);
      level.append(el("option", { value: lvl, selected: lvl === wanted, text }));
    }
    list.append(
      el(
        "li",
        { class: "seat-row" },
        el("span", { class: "seat-no", text: t("setup.seat", { n: i + 1 }) }),
        name,
        level,
      ),
    );
  }
}

/**
 * @param {OptionSpec} spec
 * @param {unknown} value
 */
function optionValueLabel(spec, value) {
  const key = `option.${spec.name}.v${value === null ? "null" : value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

/** @param {Record<string, OptionValue>} [saved] the stored values of this preset */
export function renderOptions(saved = {}) {
  const box = $("options");
  box.replaceChildren();
  const preset = currentPreset();
  for (const spec of optionSpecs(preset)) {
    const id = `opt-${spec.name}`;
    const hintId = `${id}-hint`;
    const value = offered(spec, saved[spec.name]) ? saved[spec.name] : spec.default[preset];
    const hint = el("span", { class: "hint", id: hintId, text: t(`option.${spec.name}.hint`) });
    const label = el("span", { class: "option-label", text: t(`option.${spec.name}.label`) });
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let control;
    const isBool = spec.values && spec.values.length === 2 && spec.values.every((v) => typeof v === "boolean");
    if (isBool) {
      control = el("input", { type: "checkbox", id, name: spec.name, "aria-describedby": hintId });
      control.checked = Boolean(value);
      box.append(el("label", { class: "option bool", for: id }, control, label, hint));
    } else {
      if (spec.values) {
        control = el("select", { id, name: spec.name, "aria-describedby": hintId });
        const values = spec.nullable && !spec.values.includes(null) ? [null, ...spec.values] : spec.values;
        for (const v of values) {
          control.append(
            el("option", { value: JSON.stringify(v), selected: v === value, text: optionValueLabel(spec, v) }),
          );
        }
      } else {
        control = el("input", {
          type: "number",
          id,
          name: spec.name,
          min: spec.bounds[0],
          max: spec.bounds[1],
          step: 1,
          inputmode: "numeric",
          "aria-describedby": hintId,
          placeholder: spec.nullable ? t(`option.${spec.name}.none`) : false,
        });
        control.value = value === null || value === undefined ? "" : String(value);
      }
      box.append(el("label", { class: "option", for: id }, label, control, hint));
    }
    control.dataset.option = spec.name;
  }
  const ending = document.getElementById("opt-ending");
  const hands = document.getElementById("opt-hands");
  if (ending instanceof HTMLSelectElement && hands instanceof HTMLInputElement) {
    const sync = () => {
      hands.disabled = JSON.parse(ending.value) !== "match";
      hands.closest("label")?.classList.toggle("disabled", hands.disabled);
    };
    ending.addEventListener("change", sync);
    sync();
  }
}

/** @returns {Record<string, OptionValue>} */
export function readOptions() {
  /** @type {Record<string, OptionValue>} */
  const options = {};
  for (const control of document.querySelectorAll("#options [data-option]")) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
    const name = control.dataset.option ?? "";
    if (control.disabled) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") options[name] = control.checked;
    else if (control instanceof HTMLSelectElement) options[name] = JSON.parse(control.value);
    else if (control.value === "") options[name] = null;
    else options[name] = Math.trunc(Number(control.value));
  }
  // Leave out what the engine fills itself (null: "by player count" / "no limit" defaults).
  for (const spec of manifest().options.options) {
    if (options[spec.name] === null && !spec.nullable) delete options[spec.name];
  }
  return options;
}

/** The setup the form shows, for the worker's new_game; stored for the next visit too.
 * @returns {Setup}
 */
export function readSetup() {
  const preset = /** @type {import("../protocol").Preset} */ (currentPreset()); // a radio's value
  const players = Number($as("players", HTMLSelectElement).value);
  const typedName = $as("human-name", HTMLInputElement).value.trim();
  const bots = readBots();
  /** @type {import("../state.js").Seat[]} */
  // A seat left without a name is sent as "": the table calls it by its default in whatever
  // language is on when it is shown (events.js seatName).
  const seats = [{ name: typedName, level: "human" }];
  for (const bot of bots) {
    const level = /** @type {import("../protocol").SeatLevel} */ (bot.level); // a bot level or "human"
    if (bot.level === "friend") seats.push({ name: bot.name.trim(), level: DEFAULT_LEVEL, guest: true });
    else seats.push({ name: bot.name.trim(), level });
  }
  const options = readOptions();
  const seedText = $as("seed", HTMLInputElement).value.trim();
  /** @type {Setup["config"]} */
  const config = { preset, players, options };
  if (seedText !== "") config.seed = Math.trunc(Number(seedText));
  const saved = loadSetup();
  storeSetup({
    ...saved,
    preset,
    players,
    human_name: typedName,
    bots,
    seed: seedText,
    options: { ...saved.options, [preset]: options },
  });
  return { config, human: 0, seats };
}

export function updateStart() {
  const start = $as("start", HTMLButtonElement);
  start.disabled = !app.ready;
  start.textContent = app.ready ? t("setup.start") : t("setup.waiting");
  $("resume").hidden = !(app.resp && !app.resp.view.over);
}

/** A refused setup (the worker's error answer), under the form.
 * @param {import("../state.js").ErrorAnswer} resp
 */
export function showSetupError(resp) {
  let text = t(`error.${resp.error}`, { message: resp.message });
  if (text === `error.${resp.error}`) text = t("error.generic", { message: resp.message });
  let box = document.getElementById("setup-error");
  if (!box) {
    box = el("p", { id: "setup-error", class: "form-error", role: "alert" });
    $("start").before(box);
  }
  box.textContent = text;
}
