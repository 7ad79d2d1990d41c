// The page's wiring, and nothing else: load the language and build.json, set up each part,
// boot the engine, and connect the parts' events. The folders (docs/web.md, "The page's
// modules"): state.js, the one state; core/, what every part uses; boot/, starting the engine;
// worker/, code that runs in the engine's worker; game/, the flow of a game; table/, drawing
// the table; learn/, review, tracker, coach, statistics, rules; replay/; embed/.
//
// Data flows one way: worker answer -> loop.handle -> state.app.resp -> render (table, hand,
// log, end); the human's input -> loop.act -> worker (boot/engine-client.js) -> the next answer.
// The parts are bound in order: the table first, as it renames the seats on a change of
// language before the other parts write their text again (core/i18n.js: onLanguage).

import { loadCatalog, t, applyTranslations, chooseLanguage } from "./core/i18n.js";
import { $, $as } from "./core/dom.js";
import { initStats } from "./learn/stats.js";
import { persistent } from "./core/storage.js";
import { initLanguagePicker } from "./core/lang-picker.js";
import { initSettingsMenu } from "./core/settings-menu.js";
import { initRulesPanel, sectionFor } from "./learn/rules-panel.js";
import { app, DEBUG, EMBED, joinCode, settings } from "./state.js";
import { loadSettings, setSpeed, setToggle } from "./core/settings.js";
import { boot, showBootError } from "./boot/boot.js";
import { currentPreset, initSetup, readBots, renderBotSeats } from "./game/setup.js";
import {
  autoPass,
  backToTable,
  bindTable,
  leaveToSetup,
  showScreen,
  startFromForm,
  startGame,
  takeAnswer,
} from "./game/loop.js";
import { bindHandSummary } from "./game/summary.js";
import { bindEnd, closeEnd } from "./game/end.js";
import { bindReview } from "./learn/review.js";
import { bindTracker } from "./learn/tracker.js";
import { bindCoach } from "./learn/coach.js";
import { bindGuide } from "./learn/guide.js";
import { tryResume, undoLast } from "./game/resume.js";
import { claimGame } from "./game/tab-lock.js";
import { bindReplay, openReplay, replayInAddress } from "./replay/viewer.js";
import { bindShare } from "./replay/share.js";
import { bindWelcome, showForm } from "./game/welcome.js";
import { bindFriends } from "./friends/panel.js";
import { forwardAnswer, hub } from "./friends/hub.js";
import { bindJoin, joinTable } from "./friends/guest.js";

async function main() {
  await loadLanguage();
  applyTranslations();
  initLanguagePicker();
  document.title = t("app.title");
  $("storage-note").hidden = persistent; // no save, no resume: say so before the game starts
  bindTopBar();
  app.manifest = await fetch("build.json", { cache: "no-cache" }).then((r) => r.json());
  initSetup({ onStart: startFromForm, onBack: backToTable });
  bindWelcome({ onPlay: startGame, onDealForm: startFromForm }); // the ways in above the form
  // A second PyWorker() in the same page needs 'unsafe-eval' (PyScript then serializes hooks
  // into the worker), which the CSP forbids: a retry starts over with a fresh page.
  $("boot-retry").addEventListener("click", () => location.reload());
  bindTable(); // first of the table's parts: it renames the seats on a change of language
  bindHandSummary();
  bindEnd({ onPlayAgain: () => app.setup && startGame(app.setup), onChangeSetup: changeSetup });
  bindReview();
  bindTracker();
  initSettingsMenu(); // after the tracker: its box follows the tracker panel
  bindCoach();
  bindGuide(); // after the coach: the guide's panel goes under the coach's
  bindShare();
  // After the replay viewer: the player's own saved game, as after a reload (or the setup).
  bindReplay({ onLeave: leaveReplay });
  $("undo").addEventListener("click", undoLast);
  initStats();
  initRulesPanel(rulesContext);
  // embed/frame.js fills the form from the URL on this event, and asks for a new game on the other.
  document.dispatchEvent(new CustomEvent("vnv:setup-ready"));
  document.addEventListener("vnv:new-game", () => {
    if (!app.ready) return;
    closeEnd();
    startFromForm();
  });
  performance.mark("vnv:setup-ready"); // tools/bench_web.py reads these marks
  bindFriends();
  bindJoin();
  hub.onAnswer = takeAnswer; // a friend's action, a seat that changes hands: drawn at the host's table
  if (DEBUG) Object.assign(window, { __vnv: { app, hub, raw: () => (app.client ? app.client.rawLog : []) } });
  const invited = joinCode(); // a friend's page (#join=…) starts no engine: the host's answers
  if (invited !== null) {
    await joinTable(invited);
    return;
  }
  boot(async () => {
    if (app.client) app.client.onAnswer = forwardAnswer; // the friends' parts of every answer
    renderBotSeats(readBots()); // the levels the worker offers
    const replay = replayInAddress(); // #replay=…: the viewer instead of the game
    if (replay) await openReplay(replay);
    else if (await playsHere()) await (app.firstGame ?? tryResume)(); // embed.html#position=... sets its position up instead
  });
}

// One game, one tab (game/tab-lock.js): a tab opened beside the one that plays says so and may
// take the game over, loading its latest save; the other then stops. The embed keeps its own
// slot per frame's page and positions are never saved: only the main page claims its game.
function playsHere() {
  if (EMBED) return Promise.resolve(true);
  return claimGame({
    onTaken: async () => {
      leaveToSetup(); // the table shown here may be older than the save: drawn again from it
      await tryResume();
    },
    onLost: leaveToSetup, // its bots stop (a new generation); the notice covers the page
  });
}

// The settings in the top bar's menu (core/settings-menu.js): shown as stored, kept in the state (settings) on every change.
function bindTopBar() {
  loadSettings();
  const speed = $as("speed", HTMLSelectElement);
  speed.value = settings.speed;
  speed.addEventListener("change", () => setSpeed(speed.value));
  const autoPassBox = $as("auto-pass", HTMLInputElement);
  autoPassBox.checked = settings.autoPass;
  autoPassBox.addEventListener("change", () => {
    setToggle("autoPass", autoPassBox.checked);
    autoPass(); // turned on while a window waits for the human
  });
  const soundBox = $as("sound", HTMLInputElement);
  soundBox.checked = settings.sound;
  soundBox.addEventListener("change", () => setToggle("sound", soundBox.checked));
}

// "Change setup" on the end screen: the setup form itself, open.
function changeSetup() {
  showForm(true);
  leaveToSetup();
}

async function leaveReplay() {
  showScreen("setup");
  if (await playsHere()) await tryResume(); // the replay did not claim the game; its player does
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

main().catch(showBootError);
