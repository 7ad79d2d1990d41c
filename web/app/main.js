// The page's wiring, and nothing else: load the language and build.json, set up each part,
// boot the engine, and connect the parts' events. Which module does what (docs/web.md):
//
//   state.js     the one state (the worker's last answer, the human's choices) and fixed settings
//   settings.js  stored settings (setup, speed), each value checked before use
//   setup.js     the setup screen          boot.js    starting the engine worker
//   loop.js      the table loop: deal, each answer in, actions out, bot pacing, finish the hand
//   hand.js      the human's seat: render, hand listbox, rank picker, action bar
//   table.js     seats and centre of the table; log.js: log, narrator, bubbles
//   end.js       the end screen            resume.js  back to a saved game, or recover from it
//
// Data flows one way: worker answer -> loop.handle -> state.app.resp -> render (table, hand,
// log, end); the human's input -> loop.act -> worker (engine-client.js) -> the next answer.

import { loadCatalog, t, applyTranslations, chooseLanguage } from "./i18n.js";
import { $, $as } from "./dom.js";
import { relocalizeReveal } from "./table.js";
import { initStats } from "./stats.js";
import { persistent } from "./storage.js";
import { initLanguagePicker } from "./lang-picker.js";
import { initRulesPanel, sectionFor } from "./rules-panel.js";
import { app, DEBUG } from "./state.js";
import { loadSpeed, loadToggle, storeSpeed, storeToggle } from "./settings.js";
import { boot, relocalizeBoot, showBootError } from "./boot.js";
import {
  currentPreset,
  initSetup,
  readBots,
  readOptions,
  renderBotSeats,
  renderOptions,
  renderPlayers,
  updateStart,
} from "./setup.js";
import { autoPass, backToTable, bindTable, leaveToSetup, showScreen, startFromForm, startGame } from "./loop.js";
import { bindHandSummary, relocalizeSummary } from "./summary.js";
import { forgetRankPicker, render } from "./hand.js";
import { relocalizeLog } from "./log.js";
import { seatNames } from "./events.js";
import { bindEnd, closeEnd, showEnd } from "./end.js";
import { bindReview, relocalizeReview } from "./review.js";
import { bindTracker } from "./tracker.js";
import { bindCoach } from "./coach.js";
import { tryResume, undoLast } from "./resume.js";
import { writeHandoff } from "./handoff.js";
import { bindReplay, openReplay, replayInAddress } from "./replay-viewer.js";
import { bindShare } from "./replay-share.js";

async function main() {
  await loadLanguage();
  applyTranslations();
  initLanguagePicker();
  document.title = t("app.title");
  $("storage-note").hidden = persistent; // no save, no resume: say so before the game starts
  const speed = $as("speed", HTMLSelectElement);
  speed.value = loadSpeed();
  speed.addEventListener("change", () => storeSpeed(speed.value));
  const autoPassBox = $as("auto-pass", HTMLInputElement);
  autoPassBox.checked = loadToggle("autopass");
  autoPassBox.addEventListener("change", () => {
    storeToggle("autopass", autoPassBox.checked);
    autoPass(); // turned on while a window waits for the human
  });
  const soundBox = $as("sound", HTMLInputElement);
  soundBox.checked = loadToggle("sound");
  soundBox.addEventListener("change", () => storeToggle("sound", soundBox.checked));
  app.manifest = await fetch("build.json", { cache: "no-cache" }).then((r) => r.json());
  initSetup({ onStart: startFromForm, onBack: backToTable });
  // A second PyWorker() in the same page needs 'unsafe-eval' (PyScript then serializes hooks
  // into the worker), which the CSP forbids: a retry starts over with a fresh page.
  $("boot-retry").addEventListener("click", () => location.reload());
  bindTable();
  bindHandSummary();
  bindEnd({ onPlayAgain: () => app.setup && startGame(app.setup), onChangeSetup: leaveToSetup });
  bindReview();
  bindTracker();
  bindCoach();
  bindShare();
  // After the replay viewer: the player's own saved game, as after a reload (or the setup).
  bindReplay({ onLeave: leaveReplay });
  $("undo").addEventListener("click", undoLast);
  initStats();
  initRulesPanel(rulesContext);
  document.addEventListener("vnv:language", relocalize);
  // embed.js fills the form from the URL on this event, and asks for a new game on the other.
  document.dispatchEvent(new CustomEvent("vnv:setup-ready"));
  document.addEventListener("vnv:new-game", () => {
    if (!app.ready) return;
    closeEnd();
    startFromForm();
  });
  performance.mark("vnv:setup-ready"); // tools/bench_web.py reads these marks
  if (DEBUG) Object.assign(window, { __vnv: { app, raw: () => (app.client ? app.client.rawLog : []) } });
  boot(async () => {
    renderBotSeats(readBots()); // the levels the worker offers
    const replay = replayInAddress(); // #replay=…: the viewer instead of the game (issue 15)
    if (replay) await openReplay(replay);
    else await (app.firstGame ?? tryResume)(); // embed.html#position=... sets its position up instead
  });
}

async function leaveReplay() {
  showScreen("setup");
  await tryResume();
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

// The rules panel's rule set and section: the game's at the table, the setup's choice before.
function rulesContext() {
  if (app.resp && !$("table-screen").hidden) return { set: app.resp.view.preset, section: sectionFor(app.resp.view) };
  return { set: currentPreset(), section: null };
}

// Another language (i18n.js has refilled every data-i18n element): write again everything
// built from the catalog. The game, the choices on the setup screen and the log stay.
function relocalize() {
  relocalizeBoot();
  updateStart();
  const players = $as("players", HTMLSelectElement).value;
  const bots = readBots();
  const options = readOptions();
  renderPlayers(players);
  renderBotSeats(bots);
  renderOptions(options);
  relocalizeLog();
  relocalizeReview();
  if (!app.resp) return;
  app.names = seatNames(app.resp); // "You" and the bots' default names in the new language
  forgetRankPicker(); // rank symbols differ by language: rebuild the picker
  render();
  relocalizeReveal();
  relocalizeSummary();
  writeHandoff();
  if ($as("end-screen", HTMLDialogElement).open) showEnd();
}

main().catch(showBootError);
