// The replay viewer (docs/embedding.md "Replays"): `index.html#replay=…` and
// `embed.html#replay=…` show a finished game again instead of a new one. The worker decodes the
// link and plays it through the rules (open_replay), then answers each step seen from one seat
// or with every hand open (replay_step); this module only draws those answers on the table
// screen (table.js draws the seats and the centre, log.js and events.js write the log) and runs
// the controls: step, play/pause at the bot speeds, jump by the slider, the seat and open view.
// The game at the table and its save stay in the worker untouched; closing the viewer resumes it.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { app, settings, ui } from "../state.js";
import { SPEEDS } from "../core/settings.js";
import { cardsText, describeEvent, fields, seatName } from "../core/events.js";
import { cardFace, hideReveal, renderCenter, renderSeats, showReveal } from "../table/table.js";
import { clearLog, logLines, narrate, relocalizeLog, startedLine, updateBubbles } from "../table/log.js";
import { showScreen } from "../game/loop.js";
import { showNotice } from "../core/notice.js";

/** @typedef {import("../protocol").ReplayTable} ReplayTable */
/** @typedef {import("../protocol").ErrorAnswer} ErrorAnswer */
/** @typedef {import("../table/log.js").Line} Line */

const PREFIX = "#replay=";

const viewer = ui.replay;
/** @type {() => Promise<void>} */
let leave = async () => {};

/** The replay link's text in the page's address, or null. */
export function replayInAddress() {
  return location.hash.startsWith(PREFIX) ? location.hash.slice(PREFIX.length) : null;
}

/** The viewer is showing a replay. */
export function viewing() {
  return viewer.resp !== null;
}

/** The replay shown now, for the embed's messages (embed/replay.js); null without one. */
export function shownReplay() {
  return viewer.resp;
}

/** @returns {import("../boot/engine-client.js").EngineClient} */
function client() {
  if (!app.client) throw new Error("the engine is not started");
  return app.client;
}

/**
 * Open a replay link in the viewer. A link that is no replay, or whose moves do not play back,
 * is said in the page, and the page goes on as without it (the saved game, or a new one).
 * @param {string} text what follows #replay=
 * @returns {Promise<ErrorAnswer | null>} the refusal, if the link was refused
 */
export async function openReplay(text) {
  stop();
  app.gen++; // a bot loop of the game at the table stops; the game waits in the worker
  /** @type {ReplayTable | ErrorAnswer} */
  const resp = await client().call("open_replay", { link: text });
  if (!resp.ok) {
    showNotice(`${t("replay.error")}: ${t(`error.${resp.error}`)}`);
    if (!viewing()) await leave();
    return resp;
  }
  app.resp = null; // the table's modules draw nothing of the game in the worker meanwhile
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    if (dialog instanceof HTMLDialogElement) dialog.close(); // the end screen, the statistics
  }
  document.getElementById("notice")?.remove();
  document.body.dataset.replay = "on";
  $("replay-bar").hidden = false;
  $("replay-hand").hidden = false;
  showScreen("table");
  fillSeats(resp);
  show(resp, true);
  $("replay-play").focus({ preventScroll: true });
  return null;
}

/**
 * Go to a step, from a seat, open or not; the log is written again unless it is one step on.
 * @param {{ step?: number, seat?: number, open?: boolean }} [to]
 * @returns {Promise<ReplayTable | ErrorAnswer | null>}
 */
export async function goTo(to = {}) {
  const was = viewer.resp;
  if (!was) return null;
  const step = Math.max(0, Math.min(to.step ?? was.step, was.steps));
  const seat = to.seat ?? was.human;
  const open = to.open ?? was.open;
  const onward = step === was.step + 1 && seat === was.human && open === was.open;
  /** @type {ReplayTable | ErrorAnswer} */
  const resp = await client().call("replay_step", { step, seat, open, from: onward ? was.step : 0 });
  if (resp.ok && viewer.resp) show(resp, !onward);
  return resp;
}

/** Names as shown: typed names stay; the sharer's unnamed seat is "Player", bots by default. */
function fillSeats(/** @type {ReplayTable} */ resp) {
  const table = { human: resp.sharer ?? 0, seats: resp.seats };
  viewer.named.seats = resp.seats.map((seat, i) => ({
    ...seat,
    name: seat.name || (i === table.human ? t("replay.player") : seatName(table, i)),
  }));
  const select = $as("replay-seat", HTMLSelectElement);
  select.replaceChildren(...viewer.named.seats.map((seat, i) => el("option", { value: String(i), text: seat.name })));
}

/**
 * Draw one answer: the table seen from its seat, the log (all of it again, or this step's
 * lines), the reveal of this step, the controls.
 * @param {ReplayTable} resp
 * @param {boolean} again the events are the whole game so far: write the log anew
 */
function show(resp, again) {
  viewer.resp = resp;
  /** @type {Line[]} */
  const lines = [];
  if (again) {
    clearLog();
    hideReveal();
    viewer.bubbles = {};
    lines.push(startedLine(resp.view, viewer.named, resp.first));
  }
  viewer.bubbles = updateBubbles(again ? {} : viewer.bubbles, resp.events, resp.human);
  resp.events.forEach((event, i) => {
    lines.push(() => told(event));
    if (again) return;
    if (event.type === "revealed") {
      const after = resp.events.slice(i + 1).find((e) => e.type === "took_pile" || e.type === "discarded");
      showReveal(event, after ? () => describeEvent(after, viewer.named) : null);
    } else if (event.type === "played" || event.type === "dealt") hideReveal();
  });
  logLines(lines);
  if (!again && lines.length) narrate(lines);
  draw();
}

/**
 * An event as the log's sentence; a play or a draw whose cards this view shows (the seat's own,
 * or every one when open) names them after it: "Anna plays 2 nines. [9♥, J♠]".
 * @param {import("../protocol").GameEvent} event
 */
function told(event) {
  const cards = event.type === "played" || event.type === "drew" ? fields(event).cards : undefined;
  const sentence = describeEvent(event, viewer.named);
  return cards && cards.length ? `${sentence} [${cardsText(cards)}]` : sentence;
}

/** The table and the controls for the answer shown (again in another language). */
function draw() {
  const resp = viewer.resp;
  if (!resp) return;
  const names = viewer.named.seats.map((seat) => seat.name);
  const table = {
    view: resp.view,
    human: resp.human,
    seats: resp.seats.map((seat) => ({ name: seat.name, level: seat.level === "human" ? "" : seat.level })),
  };
  renderSeats(table, names, viewer.bubbles);
  renderCenter(table, names);
  if (resp.hands) {
    for (const item of $("opponents").querySelectorAll("[data-seat]")) {
      const seat = Number(item.getAttribute("data-seat"));
      const cards = resp.hands[seat] ?? [];
      item
        .querySelector(".backs")
        ?.replaceChildren(...cards.map((card) => cardFace(card, { class: "card face mini" })));
    }
  }
  const view = resp.view;
  $("me").classList.toggle("to-move", view.to_move === resp.human);
  $("me-name").textContent = names[resp.human] ?? "";
  const place = view.out.indexOf(resp.human);
  $("me-status").textContent =
    place >= 0
      ? t("table.out", { place: place + 1 })
      : view.over
        ? t("reason.game_over")
        : view.to_move === resp.human
          ? t("table.turn")
          : t("table.waiting_for", { name: view.to_move === null ? "" : (names[view.to_move] ?? "") });
  $("replay-hand").replaceChildren(...view.hand.map((card) => cardFace(card, { role: "listitem" })));
  const slider = $as("replay-slider", HTMLInputElement);
  slider.max = String(resp.steps);
  slider.value = String(resp.step);
  $("replay-move").textContent = t("replay.move", { step: resp.step, steps: resp.steps });
  $as("replay-seat", HTMLSelectElement).value = String(resp.human);
  $as("replay-open", HTMLInputElement).checked = resp.open;
  $("replay-play").textContent = t(viewer.playing ? "replay.pause" : "replay.play");
  $("table-screen").dataset.replayStep = String(resp.step); // tests wait on it
}

function stop() {
  viewer.playing = false;
  clearTimeout(viewer.timer);
  if (viewer.resp) $("replay-play").textContent = t("replay.play");
}

/** Play on, one step per bot delay of the top bar's speed, until the end or a pause. */
function play() {
  const resp = viewer.resp;
  if (!resp) return;
  if (resp.step >= resp.steps) return stop();
  viewer.playing = true;
  $("replay-play").textContent = t("replay.pause");
  viewer.timer = window.setTimeout(async () => {
    const now = viewer.resp;
    if (!viewer.playing || !now) return;
    await goTo({ step: now.step + 1 });
    if (viewer.playing) play();
  }, SPEEDS[settings.speed]);
}

/** Close the viewer: the address loses its #replay=, and the player's own game comes back. */
export async function closeReplay() {
  stop();
  viewer.resp = null;
  delete document.body.dataset.replay;
  $("replay-bar").hidden = true;
  $("replay-hand").hidden = true;
  delete $("table-screen").dataset.replayStep;
  clearLog();
  hideReveal();
  if (location.hash.startsWith(PREFIX)) history.replaceState(null, "", location.pathname + location.search);
  await leave();
}

/**
 * Wire the controls. `onLeave` brings the player's own game back (or the setup) after the viewer.
 * @param {{ onLeave: () => Promise<void> }} actions
 */
export function bindReplay({ onLeave }) {
  leave = onLeave;
  /** @param {(resp: ReplayTable) => number} step */
  const stepper = (step) => () => {
    stop();
    if (viewer.resp) goTo({ step: step(viewer.resp) });
  };
  $("replay-start").addEventListener(
    "click",
    stepper(() => 0),
  );
  $("replay-back").addEventListener(
    "click",
    stepper((r) => r.step - 1),
  );
  $("replay-forward").addEventListener(
    "click",
    stepper((r) => r.step + 1),
  );
  $("replay-end").addEventListener(
    "click",
    stepper((r) => r.steps),
  );
  $("replay-play").addEventListener("click", () => (viewer.playing ? stop() : play()));
  const slider = $as("replay-slider", HTMLInputElement);
  slider.addEventListener("change", () => {
    stop();
    goTo({ step: Number(slider.value) });
  });
  const seat = $as("replay-seat", HTMLSelectElement);
  seat.addEventListener("change", () => goTo({ seat: Number(seat.value) }));
  const open = $as("replay-open", HTMLInputElement);
  open.addEventListener("change", () => goTo({ open: open.checked }));
  $("replay-close").addEventListener("click", closeReplay);
  // A replay link opened on a page already running (pasted into the address bar).
  window.addEventListener("hashchange", () => {
    const text = replayInAddress();
    if (text && app.ready) openReplay(text);
  });
  onLanguage(() => {
    if (!viewer.resp) return;
    fillSeats(viewer.resp);
    relocalizeLog(); // the log's lines name the seats: write them again with the new names
    draw();
  });
}
