// The page: setup screen, boot of the engine worker, the table loop (human actions and paced
// bot steps), the hand listbox, the action bar, the log, the narrator and the end screen.
// It renders JSON that the worker sends; it never sees another seat's hidden cards.

import { loadCatalog, t, applyTranslations, chooseLanguage } from "./i18n.js";
import { EngineClient, BootError } from "./engine-client.js";
import { describeEvent, cardLabel, cardText, rankText } from "./events.js";
import { el, cardFace, renderSeats, renderCenter, showReveal, hideReveal, windowInfo } from "./table.js";
import { recordStats, initStats } from "./stats.js";
import { persistent, readItem, writeItem } from "./storage.js";
import { initLanguagePicker } from "./lang-picker.js";
import { initRulesPanel, sectionFor } from "./rules-panel.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const DEBUG = params.has("debug");
const SPEEDS = { instant: 0, fast: 250, normal: 800, slow: 1600 };
const BOT_LEVELS = ["easy", "medium", "hard", "expert", "random"]; // the worker confirms the list at boot
const DEFAULT_LEVEL = "medium"; // a new bot seat's level: a fair opponent for a first game
// The embed page (embed.html, docs/embedding.md) keeps its own settings and saved game.
const EMBED = document.body.dataset.mode === "embed";
const SETUP_KEY = EMBED ? "vnv.embed.setup" : "vnv.setup"; // setup choices only: never a card
const SPEED_KEY = EMBED ? "vnv.embed.speed" : "vnv.speed";
const SAVE_SLOT = EMBED ? "embed" : "current"; // the worker's IndexedDB key for the game
const LOG_MAX = 400;

const app = {
  manifest: null,
  client: null,
  ready: false,
  resp: null, // last worker answer: {view, events, seats, human, ...}
  names: [],
  setup: null,
  gen: 0, // bumps when a game is left, so a running bot loop stops
  busy: false,
  selected: new Set(), // indexes into view.hand
  active: 0, // listbox focus index
  rank: null, // claimed rank chosen in the picker
  rankChosen: false,
  lastHand: "",
  delayBoost: false,
  levels: BOT_LEVELS,
  step: 0, // answers handled so far (tests wait on #table-screen[data-step])
  bubbles: {}, // seat -> the last thing that seat did, shown on the seat
};

// ---------------------------------------------------------------- boot

async function main() {
  await loadLanguage();
  applyTranslations();
  initLanguagePicker();
  document.title = t("app.title");
  $("storage-note").hidden = persistent; // no save, no resume: say so before the game starts
  const speed = params.get("speed") || readItem(SPEED_KEY) || "normal";
  $("speed").value = speed in SPEEDS ? speed : "normal";
  app.manifest = await fetch("build.json", { cache: "no-cache" }).then((r) => r.json());
  initSetup();
  bindTable();
  initStats();
  initRulesPanel(rulesContext);
  document.addEventListener("vnv:language", relocalize);
  // embed.js fills the form from the URL on this event, and asks for a new game on the other.
  document.dispatchEvent(new CustomEvent("vnv:setup-ready"));
  document.addEventListener("vnv:new-game", () => {
    if (!app.ready) return;
    if ($("end-screen").open) $("end-screen").close();
    startFromForm();
  });
  performance.mark("vnv:setup-ready"); // tools/bench_web.py reads these marks
  if (DEBUG) window.__vnv = { app, raw: () => (app.client ? app.client.rawLog : []) };
  boot();
}

const STAGES = ["start", "runtime", "python", "engine", "ready"];

async function boot() {
  $("boot-error").hidden = true;
  const box = $("boot");
  box.dataset.state = "loading";
  const t0 = performance.now();
  const timer = setInterval(() => {
    $("boot-time").textContent = t("boot.elapsed", { seconds: ((performance.now() - t0) / 1000).toFixed(0) });
  }, 500);
  const stage = (name) => {
    $("boot-stage").textContent = t(`boot.stage.${name}`);
    $("boot-progress").value = STAGES.indexOf(name) + 1;
  };
  stage("start");
  if (app.client) app.client.stop();
  app.client = new EngineClient({ debug: DEBUG });
  try {
    const info = await app.client.start(app.manifest, stage);
    app.levels = info.bot_levels || BOT_LEVELS;
    app.ready = true;
    performance.mark("vnv:engine-ready");
    box.dataset.state = "ready";
    $("boot-time").textContent = t("boot.elapsed", { seconds: ((performance.now() - t0) / 1000).toFixed(1) });
    updateStart();
    refreshLevels();
    await tryResume();
  } catch (error) {
    box.dataset.state = "failed";
    app.ready = false;
    updateStart();
    const code = error instanceof BootError ? error.code : "unknown";
    $("boot-error-text").textContent = t(`boot.error.${code}`);
    $("boot-error-detail").textContent = (error && (error.detail || error.message)) || String(error);
    $("boot-error").hidden = false;
    $("boot-stage").textContent = t("boot.failed");
    console.error("boot failed", error);
  } finally {
    clearInterval(timer);
  }
}

// Language (i18n.js): the URL's ?lang=, then the one chosen before, then the browser's, then
// English; English too if that catalog cannot be loaded.
async function loadLanguage() {
  try {
    await loadCatalog(chooseLanguage());
  } catch (error) {
    console.error(error);
    await loadCatalog("en");
  }
}

async function tryResume() {
  $("boot-stage").textContent = t("boot.stage.resume");
  const resp = await app.client.call("resume", { slot: SAVE_SLOT });
  $("boot-stage").textContent = t("boot.stage.ready");
  if (!resp.ok && resp.error === "bad_save") {
    // A damaged or outdated save: say so, and deal a new game with the remembered setup.
    console.warn("saved game refused:", resp.message);
    await startFromForm();
    showNotice(t("save.bad"));
    return;
  }
  if (!resp.ok || resp.view.over) {
    if (EMBED) await startFromForm();
    return;
  }
  app.setup = resp.setup || { seats: resp.seats, human: resp.human };
  const names = resp.seats.map((s) => s.name);
  const ctx = { human: resp.human, names };
  const lines = [];
  if (typeof resp.first === "number") lines.push(startedLine(resp.view, names, resp.first, resp.human));
  for (const event of resp.log || []) lines.push(() => describeEvent(event, ctx));
  // The log gets the game so far; the narrator only says that the game is back.
  enterTable(resp, [() => t("event.resumed")]);
  $("log").prepend(...lines.slice(-(LOG_MAX - 1)).map(logItem));
  $("log").scrollTop = $("log").scrollHeight;
  // The seats' bubbles (each one's last action), as they were before the reload.
  for (const event of resp.log || []) {
    const bubble = bubbleFor(event);
    if (bubble && event.seat !== resp.human) app.bubbles[event.seat] = bubble;
    if (event.type === "dealt") app.bubbles = {};
  }
  render();
}

// A log line is a function that writes it from the current catalog (see logLines).
function startedLine(view, names, first, human) {
  const key = first === human ? "event.started_you" : "event.started";
  return () =>
    t(key, {
      count: view.players,
      players: view.players,
      preset: t(`setup.preset_${view.preset}`),
      name: names[first] ?? "",
    });
}

// One message at the top of the page (role=alert), until the next game is dealt.
function showNotice(text) {
  let box = $("notice");
  if (!box) {
    box = el("p", { id: "notice", class: "notice", role: "alert" });
    document.querySelector("main").prepend(box);
  }
  box.textContent = text;
}

// ---------------------------------------------------------------- setup screen

function optionSpecs(preset) {
  return app.manifest.options.options.filter((spec) => spec.presets.includes(preset));
}

function savedSetup() {
  try {
    return JSON.parse(readItem(SETUP_KEY)) || {};
  } catch {
    return {};
  }
}

function currentPreset() {
  return document.querySelector('input[name="preset"]:checked').value;
}

function initSetup() {
  const saved = savedSetup();
  if (saved.preset) {
    const radio = document.querySelector(`input[name="preset"][value="${saved.preset}"]`);
    if (radio) radio.checked = true;
  }
  $("human-name").value = saved.human_name || "";
  $("seed").value = saved.seed ?? "";
  renderPlayers(saved.players);
  renderBotSeats(saved.bots);
  renderOptions(saved.options && saved.options[currentPreset()]);
  for (const radio of document.querySelectorAll('input[name="preset"]')) {
    radio.addEventListener("change", () => {
      const s = savedSetup();
      renderPlayers($("players").value);
      renderBotSeats(readBots());
      renderOptions(s.options && s.options[currentPreset()]);
    });
  }
  $("players").addEventListener("change", () => renderBotSeats(readBots()));
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm();
  });
  $("resume").addEventListener("click", () => {
    if (!app.resp) return;
    showScreen("table");
    render();
    runBots();
  });
  $("speed").addEventListener("change", () => writeItem(SPEED_KEY, $("speed").value));
  // A second PyWorker() in the same page needs 'unsafe-eval' (PyScript then serializes hooks
  // into the worker), which the CSP forbids: a retry starts over with a fresh page.
  $("boot-retry").addEventListener("click", () => location.reload());
  updateStart();
}

function renderPlayers(wanted) {
  const [low, high] = app.manifest.options.presets[currentPreset()].players;
  const select = $("players");
  select.replaceChildren();
  const value = Math.min(high, Math.max(low, Number(wanted) || 4));
  for (let n = low; n <= high; n++) {
    select.append(el("option", { value: n, selected: n === value, text: t("setup.players_count", { count: n }) }));
  }
  select.value = String(value);
}

function readBots() {
  return [...document.querySelectorAll("#bot-seats li")].map((li) => ({
    name: li.querySelector("input").value,
    level: li.querySelector("select").value,
  }));
}

function renderBotSeats(previous = []) {
  const n = Number($("players").value);
  const list = $("bot-seats");
  list.replaceChildren();
  for (let i = 1; i < n; i++) {
    const before = previous[i - 1] || {};
    const name = el("input", {
      name: `bot_name_${i}`,
      maxlength: 16,
      "aria-label": t("setup.bot_name", { n: i }),
      placeholder: t(`bot.name_${i}`),
    });
    name.value = before.name || "";
    const level = el("select", { name: `bot_level_${i}`, "aria-label": t("setup.bot_level", { n: i }) });
    for (const lvl of app.levels) {
      level.append(
        el("option", { value: lvl, selected: lvl === (before.level || DEFAULT_LEVEL), text: t(`level.${lvl}`) }),
      );
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

function refreshLevels() {
  renderBotSeats(readBots());
}

function optionValueLabel(spec, value) {
  const key = `option.${spec.name}.v${value === null ? "null" : value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

function renderOptions(saved = {}) {
  const box = $("options");
  box.replaceChildren();
  const preset = currentPreset();
  for (const spec of optionSpecs(preset)) {
    const id = `opt-${spec.name}`;
    const hintId = `${id}-hint`;
    const def = spec.default[preset];
    const value = saved && spec.name in saved ? saved[spec.name] : def;
    const hint = el("span", { class: "hint", id: hintId, text: t(`option.${spec.name}.hint`) });
    let control;
    const isBool = spec.values && spec.values.length === 2 && spec.values.every((v) => typeof v === "boolean");
    if (isBool) {
      control = el("input", { type: "checkbox", id, name: spec.name, "aria-describedby": hintId });
      control.checked = Boolean(value);
      box.append(
        el(
          "label",
          { class: "option bool", for: id },
          control,
          el("span", { class: "option-label", text: t(`option.${spec.name}.label`) }),
          hint,
        ),
      );
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
      box.append(
        el(
          "label",
          { class: "option", for: id },
          el("span", { class: "option-label", text: t(`option.${spec.name}.label`) }),
          control,
          hint,
        ),
      );
    }
    control.dataset.option = spec.name;
  }
  const ending = $("opt-ending");
  const hands = $("opt-hands");
  if (ending && hands) {
    const sync = () => {
      hands.disabled = JSON.parse(ending.value) !== "match";
      hands.closest("label").classList.toggle("disabled", hands.disabled);
    };
    ending.addEventListener("change", sync);
    sync();
  }
}

function readOptions() {
  const options = {};
  for (const control of document.querySelectorAll("#options [data-option]")) {
    const name = control.dataset.option;
    if (control.disabled) continue;
    if (control.type === "checkbox") options[name] = control.checked;
    else if (control.tagName === "SELECT") options[name] = JSON.parse(control.value);
    else if (control.value === "") options[name] = null;
    else options[name] = Math.trunc(Number(control.value));
  }
  // Leave out what the engine fills itself (null: "by player count" / "no limit" defaults).
  for (const spec of app.manifest.options.options) {
    if (options[spec.name] === null && !spec.nullable) delete options[spec.name];
  }
  return options;
}

function readSetup() {
  const preset = currentPreset();
  const players = Number($("players").value);
  const humanName = $("human-name").value.trim() || t("setup.default_name");
  const bots = readBots();
  const seats = [{ name: humanName, level: "human" }];
  bots.forEach((bot, i) => seats.push({ name: bot.name.trim() || t(`bot.name_${i + 1}`), level: bot.level }));
  const options = readOptions();
  const seedText = $("seed").value.trim();
  const config = { preset, players, options };
  if (seedText !== "") config.seed = Math.trunc(Number(seedText));
  const saved = savedSetup();
  saved.preset = preset;
  saved.players = players;
  saved.human_name = $("human-name").value.trim();
  saved.bots = bots;
  saved.seed = seedText;
  saved.options = { ...(saved.options || {}), [preset]: options };
  writeItem(SETUP_KEY, JSON.stringify(saved));
  return { config, human: 0, seats };
}

function updateStart() {
  const start = $("start");
  start.disabled = !app.ready;
  start.textContent = app.ready ? t("setup.start") : t("setup.waiting");
  $("resume").hidden = !(app.resp && !app.resp.view.over);
}

async function startFromForm() {
  if (!app.ready) return;
  const setup = readSetup();
  await startGame(setup);
}

async function startGame(setup) {
  app.gen++;
  app.setup = setup;
  const resp = await app.client.call("new_game", setup);
  if (!resp.ok) {
    showSetupError(resp);
    return;
  }
  const notice = $("notice");
  if (notice) notice.remove();
  const names = resp.seats.map((s) => s.name);
  enterTable(resp, [startedLine(resp.view, names, resp.view.to_move, resp.human)]);
  document.dispatchEvent(
    new CustomEvent("vnv:game-started", {
      detail: { preset: resp.view.preset, players: resp.view.players, seats: resp.seats, human: resp.human },
    }),
  );
}

function showSetupError(resp) {
  let text = t(`error.${resp.error}`, { message: resp.message });
  if (text === `error.${resp.error}`) text = t("error.generic", { message: resp.message });
  let box = $("setup-error");
  if (!box) {
    box = el("p", { id: "setup-error", class: "form-error", role: "alert" });
    $("start").before(box);
  }
  box.textContent = text;
}

// ---------------------------------------------------------------- screens

function showScreen(name) {
  $("setup-screen").hidden = name !== "setup";
  $("table-screen").hidden = name !== "table";
  document.body.dataset.screen = name;
  updateStart();
}

function enterTable(resp, lines) {
  $("log").replaceChildren();
  hideReveal();
  const setupError = $("setup-error");
  if (setupError) setupError.remove();
  app.resp = null;
  app.selected.clear();
  app.active = 0;
  app.rank = null;
  app.rankChosen = false;
  app.lastHand = "";
  app.bubbles = {};
  if ($("end-screen").open) $("end-screen").close();
  showScreen("table");
  handle(resp, lines);
  $("hand").focus({ preventScroll: true });
  runBots();
}

// ---------------------------------------------------------------- the game loop

const lineText = (line) => (typeof line === "function" ? line() : line);

// Each log entry keeps the function that writes it (events as data plus a catalog template),
// so a change of language rewrites the whole log (relocalize).
function logItem(line) {
  const item = el("li", { text: lineText(line) });
  item.vnvLine = line;
  return item;
}

function logLines(lines) {
  const log = $("log");
  for (const line of lines) log.append(logItem(line));
  while (log.children.length > LOG_MAX) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// Apply one worker answer: log and narrate its events, show reveals, render the view.
function handle(resp, extraLines = []) {
  app.resp = resp;
  app.step += 1;
  app.names = resp.seats.map((s) => s.name);
  const ctx = { human: resp.human, names: app.names };
  const lines = [...extraLines];
  const events = resp.events || [];
  recordStats(resp, app.setup);
  app.delayBoost = false;
  events.forEach((event, i) => {
    lines.push(() => describeEvent(event, ctx));
    const bubble = bubbleFor(event);
    if (bubble && event.seat !== resp.human) app.bubbles[event.seat] = bubble;
    if (event.type === "dealt") app.bubbles = {};
    if (event.type === "revealed") {
      const after = events.slice(i + 1).find((e) => e.type === "took_pile" || e.type === "discarded");
      showReveal(event, after ? describeEvent(after, ctx) : "");
      $("reveal").vnvOutcome = after ? () => describeEvent(after, ctx) : null;
      app.delayBoost = true;
    } else if (event.type === "played" || event.type === "dealt") {
      hideReveal();
    }
  });
  logLines(lines);
  render();
  if (myTurn()) {
    if (lines.length) lines.push(() => t("table.your_turn") + ".");
    // Keep keyboard users at the table: a button that just went disabled drops the focus.
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.disabled) $("hand").focus({ preventScroll: true });
  }
  if (lines.length) {
    $("narrator").vnvLines = lines; // rewritten in another language by relocalize
    $("narrator").textContent = lines.map(lineText).join(" ");
  }
  if (resp.view.over) showEnd();
}

const BUBBLES = {
  played: "bubble.played",
  challenged: "bubble.challenged",
  believed: "bubble.believed",
  passed: "bubble.passed",
};

function bubbleFor(event) {
  const key = BUBBLES[event.type];
  if (!key) return null;
  // Written when shown, so it follows the language.
  return {
    kind: event.type,
    get text() {
      return t(key, { count: event.count, rank: rankText(event.rank) });
    },
  };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function botDelay() {
  const base = SPEEDS[$("speed").value] ?? SPEEDS.normal;
  return app.delayBoost ? base * 2.5 : base;
}

async function runBots() {
  const gen = app.gen;
  while (app.resp && app.resp.bot_to_move && !app.resp.view.over && gen === app.gen) {
    const delay = botDelay();
    if (delay > 0) await sleep(delay);
    else await new Promise((resolve) => setTimeout(resolve, 0)); // let the page paint
    if (gen !== app.gen) return;
    const resp = await app.client.call("bot_step");
    if (gen !== app.gen) return;
    if (!resp.ok) {
      showActionError(resp);
      return;
    }
    handle(resp);
  }
}

async function act(action) {
  if (app.busy || !app.resp) return;
  app.busy = true;
  updateActions();
  const gen = app.gen;
  let resp;
  try {
    resp = await app.client.call("act", action);
  } finally {
    app.busy = false;
  }
  if (gen !== app.gen) return;
  if (!resp.ok) {
    updateActions();
    showActionError(resp); // after updateActions, which rewrites the reason line
    return;
  }
  app.selected.clear();
  app.rank = null;
  app.rankChosen = false;
  handle(resp);
  runBots();
}

function showActionError(resp) {
  let text = t(`error.${resp.error}`, { message: resp.message });
  if (text === `error.${resp.error}`) text = t("error.generic", { message: resp.message });
  $("reason").textContent = text;
  $("reason").classList.add("error");
}

// ---------------------------------------------------------------- rendering

function myTurn() {
  const r = app.resp;
  return Boolean(r && !r.view.over && r.view.to_move === r.human && r.view.legal);
}

function render() {
  const resp = app.resp;
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
  renderRankPicker();
  updateActions();
}

function renderMe() {
  const r = app.resp;
  const view = r.view;
  const me = $("me");
  me.classList.toggle("to-move", myTurn());
  $("me-name").textContent = app.names[r.human];
  const place = view.out.indexOf(r.human);
  let status;
  if (place >= 0) status = t("table.out", { place: place + 1 });
  else if (view.over) status = t("reason.game_over");
  else if (myTurn()) status = t("table.your_turn");
  else status = t("table.waiting_for", { name: app.names[view.to_move] ?? "" });
  $("me-status").textContent = status;
}

function renderHand() {
  const view = app.resp.view;
  const hand = $("hand");
  hand.replaceChildren();
  view.hand.forEach((card, i) => {
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
  if (!view.hand.length) hand.append(el("span", { class: "hint", text: t("table.hand_empty") }));
  hand.style.setProperty("--n", String(view.hand.length));
  if (view.hand.length) hand.setAttribute("aria-activedescendant", `card-${app.active}`);
  else hand.removeAttribute("aria-activedescendant");
}

function allowedRanks() {
  const legal = myTurn() ? app.resp.view.legal : null;
  return legal && legal.play ? legal.play.ranks : [];
}

// The rank the play will claim: the only allowed one, the one picked, or, while the player
// has not picked, the rank of the selected cards when they all share an allowed rank.
function claimRank() {
  const ranks = allowedRanks();
  if (ranks.length === 1) return ranks[0];
  if (app.rankChosen && ranks.includes(app.rank)) return app.rank;
  const hand = app.resp.view.hand;
  const chosen = [...app.selected].map((i) => hand[i].slice(0, -1));
  if (chosen.length && chosen.every((r) => r === chosen[0]) && ranks.includes(chosen[0])) return chosen[0];
  return null;
}

function renderRankPicker() {
  const ranks = allowedRanks();
  const picker = $("rank-picker");
  picker.hidden = ranks.length <= 1;
  const box = $("rank-options");
  const current = claimRank();
  if (picker.hidden) {
    box.replaceChildren();
    delete box.dataset.ranks;
    return;
  }
  const wanted = ranks.join(",");
  if (box.dataset.ranks !== wanted) {
    box.replaceChildren();
    box.dataset.ranks = wanted;
    for (const rank of ranks) {
      const input = el("input", { type: "radio", name: "claim-rank", value: rank, id: `rank-${rank}` });
      input.addEventListener("change", () => {
        app.rank = rank;
        app.rankChosen = true;
        updateActions();
      });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          playSelected();
        }
      });
      box.append(el("label", { class: "rank-chip", for: `rank-${rank}` }, input, el("span", { text: rankText(rank) })));
    }
  }
  for (const input of box.querySelectorAll("input")) input.checked = input.value === current;
}

function playRule() {
  const legal = myTurn() ? app.resp.view.legal : null;
  return legal ? legal.play : null;
}

// What the table waits for: the human ("human"), the bots ("bots"), the worker ("busy"),
// nobody ("over"). Tests and styles read it from #table-screen[data-state].
function tableState() {
  const view = app.resp.view;
  if (view.over) return "over";
  if (app.busy) return "busy";
  if (myTurn()) return "human";
  return "bots";
}

function updateActions() {
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
  const play = $("act-play");
  play.disabled = !canPlay;
  // The legal play as data, for tests and assistive styling: "min-max" and the claimable ranks.
  play.dataset.legal = rule ? `${rule.min}-${rule.max}` : "";
  play.dataset.ranks = rule ? rule.ranks.join(" ") : "";
  play.textContent = rule && rank && count ? t("action.play_as", { count, rank: rankText(rank) }) : t("action.play");
  const challenge = $("act-challenge");
  const believe = $("act-believe");
  const pass = $("act-pass");
  challenge.disabled = app.busy || !(legal && legal.challenge);
  believe.disabled = app.busy || !(legal && legal.believe);
  const win = windowInfo(view);
  pass.hidden = !(legal && legal.pass) && !win;
  pass.disabled = app.busy || !(legal && legal.pass);
  if (view.over) reasons.push(t("reason.game_over"));
  else if (app.busy) reasons.push(t("reason.busy"));
  else if (!legal) reasons.push(t("reason.not_your_turn", { name: app.names[view.to_move] ?? "" }));
  else if (win && legal.pass && !rule) {
    reasons.push(t("table.window", { name: app.names[win.author] ?? "" }));
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

// ---------------------------------------------------------------- hand listbox + actions

function toggle(index) {
  if (!app.resp || index < 0 || index >= app.resp.view.hand.length) return;
  if (app.selected.has(index)) app.selected.delete(index);
  else app.selected.add(index);
  app.active = index;
  renderHand();
  renderRankPicker();
  updateActions();
}

function moveActive(delta, absolute = null) {
  const n = app.resp ? app.resp.view.hand.length : 0;
  if (!n) return;
  app.active = absolute !== null ? absolute : Math.min(n - 1, Math.max(0, app.active + delta));
  renderHand();
  const option = $(`card-${app.active}`);
  if (option) option.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function playSelected() {
  const rule = playRule();
  const rank = claimRank();
  if (!rule || !rank || $("act-play").disabled) {
    updateActions();
    if (rule && !rank && !$("rank-picker").hidden) {
      const first = $("rank-options").querySelector("input");
      if (first) first.focus();
    }
    return;
  }
  const hand = app.resp.view.hand;
  const cards = [...app.selected].sort((a, b) => a - b).map((i) => hand[i]);
  act({ type: "play", cards, rank });
}

function bindTable() {
  const hand = $("hand");
  hand.addEventListener("click", (event) => {
    const option = event.target.closest("[role=option]");
    if (!option) return;
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
  $("new-game").addEventListener("click", leaveToSetup);
  $("play-again").addEventListener("click", () => {
    $("end-screen").close();
    startGame(app.setup);
  });
  $("change-setup").addEventListener("click", () => {
    $("end-screen").close();
    leaveToSetup();
  });
}

// The game in progress stays in the worker: "Back to the game" returns to it until a new one
// is dealt.
function leaveToSetup() {
  app.gen++;
  showScreen("setup");
  $("start").focus();
}

// ---------------------------------------------------------------- language and rules

// The rules panel's rule set and section: the game's at the table, the setup's choice before.
function rulesContext() {
  if (app.resp && !$("table-screen").hidden) return { set: app.resp.view.preset, section: sectionFor(app.resp.view) };
  return { set: currentPreset(), section: null };
}

// Another language (i18n.js has refilled every data-i18n element): write again everything
// built from the catalog. The game, the choices on the setup screen and the log stay.
function relocalize() {
  const box = $("boot");
  if (box.dataset.state === "ready") $("boot-stage").textContent = t("boot.stage.ready");
  else if (box.dataset.state === "failed") $("boot-stage").textContent = t("boot.failed");
  updateStart();
  const players = $("players").value;
  const bots = readBots();
  const options = readOptions();
  renderPlayers(players);
  renderBotSeats(bots);
  renderOptions(options);
  for (const item of $("log").children) if (item.vnvLine) item.textContent = lineText(item.vnvLine);
  const narrator = $("narrator");
  if (narrator.vnvLines) narrator.textContent = narrator.vnvLines.map(lineText).join(" ");
  if (!app.resp) return;
  delete $("rank-options").dataset.ranks; // rank symbols differ by language: rebuild the picker
  render();
  const reveal = $("reveal");
  if (!reveal.hidden) {
    $("reveal-verdict").textContent = reveal.classList.contains("honest") ? t("table.honest") : t("table.bluff");
    $("reveal-outcome").textContent = reveal.vnvOutcome ? reveal.vnvOutcome() : "";
    for (const flip of $("reveal-cards").querySelectorAll("[data-card]")) {
      flip.querySelector(".rank").textContent = rankText(flip.dataset.card.slice(0, -1));
    }
  }
  if ($("end-screen").open) showEnd();
}

// ---------------------------------------------------------------- end screen

function showEnd() {
  const view = app.resp.view;
  const result = view.result || {};
  const human = app.resp.human;
  const title = result.draw
    ? t("end.draw")
    : result.winner === human
      ? t("end.you_won")
      : t("end.winner", { name: app.names[result.winner] ?? "" });
  $("end-title").textContent = title;
  const reasonKey = `end.reason.${result.reason}`;
  const reasonText = t(reasonKey);
  $("end-reason").textContent = reasonText === reasonKey ? "" : reasonText;
  const match = view.options && view.options.ending === "match";
  const ranking = result.ranking || [];
  const hasCards = ranking.some((row) => typeof row.cards === "number");
  $("end-col-cards").hidden = !hasCards;
  $("end-col-penalty").hidden = !match;
  const body = $("end-ranking");
  body.replaceChildren();
  for (const row of ranking) {
    const tr = el(
      "tr",
      { class: row.seat === human ? "me-row" : "" },
      el("td", { text: String(row.place) }),
      el("td", { text: app.names[row.seat] }),
    );
    if (hasCards) tr.append(el("td", { text: typeof row.cards === "number" ? String(row.cards) : "" }));
    if (match) tr.append(el("td", { text: String((result.scores || view.scores)[row.seat]) }));
    body.append(tr);
  }
  const dialog = $("end-screen");
  if (!dialog.open) {
    dialog.showModal();
    const mine = ranking.find((row) => row.seat === human);
    document.dispatchEvent(
      new CustomEvent("vnv:game-over", {
        detail: {
          place: mine ? mine.place : null,
          players: view.players,
          won: result.winner === human,
          draw: Boolean(result.draw),
          ranking: ranking.map((row) => ({ place: row.place, name: app.names[row.seat], you: row.seat === human })),
        },
      }),
    );
  }
  $("play-again").focus();
}

main().catch((error) => {
  console.error(error);
  $("boot-error-text").textContent = t("boot.error.unknown");
  $("boot-error-detail").textContent = String(error && (error.stack || error));
  $("boot-error").hidden = false;
});
