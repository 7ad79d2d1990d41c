// One game, one tab. The saved game (IndexedDB, one slot) is shared by every tab of the site in a
// browser: two tabs playing on would each overwrite the other's save, and after a reload both
// would show whichever wrote last, the other's moves gone without a word. So one tab holds the
// game (a Web Lock named after the save's slot, let go when the tab closes) and plays. A tab
// opened beside it says the game is open elsewhere and offers "Play here": it asks the holder to
// let go (BroadcastChannel); the holder stops its bots, says it is no longer the playing tab,
// waits for its worker's last answer (its last save) and lets go; the taker then loads the
// latest save. A holder that does not answer within TAKE_WAIT_MS loses the lock anyway (steal).
// The notice is a modal dialog: the tab that does not play can neither act nor deal.

import { onLanguage, t } from "../core/i18n.js";
import { el } from "../core/dom.js";
import { app, SAVE_SLOT } from "../state.js";

const LOCK = `vnv-game-${SAVE_SLOT}`;
const TAKE_WAIT_MS = 3000;
const SAVE_SETTLE_MS = 200; // the worker writes its save to IndexedDB just after it answers

/** @typedef {{ onTaken: () => Promise<void>, onLost: () => void }} Hooks */

/** @type {Hooks} what main.js does when this tab takes the game (resume) and loses it (stop) */
let hooks = { onTaken: async () => undefined, onLost: () => undefined };
/** @type {(() => void) | null} lets go of the lock while this tab holds it */
let letGo = null;
/** @type {BroadcastChannel | null} */
let channel = null;
/** @type {"elsewhere" | "moved" | null} the notice shown: another tab plays / took the game over */
let shown = null;
let taking = false; // "Play here" was pressed and the lock is on its way

/**
 * Ask for the lock; resolves true once it is held (until letGo or a steal), false when it is not
 * granted (held elsewhere with ifAvailable, or the wait aborted).
 * @param {LockOptions} options
 * @returns {Promise<boolean>}
 */
function hold(options) {
  return new Promise((resolve) => {
    navigator.locks
      .request(LOCK, options, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        return new Promise((done) => {
          letGo = () => {
            letGo = null;
            done(undefined);
          };
        });
      })
      .catch(() => {
        if (letGo) {
          letGo = null; // stolen: another tab took the game without waiting for us
          lose();
        }
        resolve(false);
      });
  });
}

/** This tab no longer plays: stop, and say so. */
function lose() {
  hooks.onLost();
  show("moved");
}

/** Another tab asks for the game: stop, let the worker finish its last save, then let go. */
async function onAsked() {
  const release = letGo;
  if (!release) return;
  letGo = null;
  lose();
  await app.client?.queue;
  await new Promise((done) => setTimeout(done, SAVE_SETTLE_MS));
  release();
}

/** "Play here": take the game from the tab that holds it, then load its latest save. */
async function take() {
  if (taking || letGo) return;
  taking = true;
  channel?.postMessage("release");
  let held = await hold({ signal: AbortSignal.timeout(TAKE_WAIT_MS) });
  if (!held) held = await hold({ steal: true });
  taking = false;
  if (!held) return;
  shown = null;
  document.documentElement.dataset.tab = "playing";
  const dialog = document.getElementById("tab-notice");
  if (dialog instanceof HTMLDialogElement) dialog.close();
  app.gen++;
  await hooks.onTaken();
}

/** The notice's dialog, made the first time it is needed. */
function dialog() {
  const found = document.getElementById("tab-notice");
  if (found instanceof HTMLDialogElement) return found;
  const box = el(
    "dialog",
    { id: "tab-notice", class: "end-screen", "aria-labelledby": "tab-notice-text" },
    el("p", { id: "tab-notice-text" }),
    el("button", { type: "button", id: "tab-take", class: "btn primary" }),
  );
  box.addEventListener("cancel", (event) => event.preventDefault()); // Escape does not play on
  box.addEventListener("close", () => {
    if (shown) box.showModal(); // closed anyway (a second Escape): still not this tab's game
  });
  box.querySelector("button")?.addEventListener("click", take);
  document.body.append(box);
  return box;
}

function writeNotice() {
  if (!shown) return;
  const box = dialog();
  const text = box.querySelector("p");
  const button = box.querySelector("button");
  if (text) text.textContent = t(`tabs.${shown}`);
  if (button) button.textContent = t("tabs.take");
}

/** @param {"elsewhere" | "moved"} kind */
function show(kind) {
  shown = kind;
  document.documentElement.dataset.tab = kind; // tests and styles read <html data-tab>
  writeNotice();
  const box = dialog();
  if (!box.open) box.showModal();
  box.querySelector("button")?.focus();
}

/**
 * Hold the game in this tab if no other tab does. Resolves true: this tab plays (resume its
 * game); false: another tab plays it, the notice is up, and `onTaken` runs if the person takes
 * the game over here. Browsers without Web Locks play as before.
 * @param {Hooks} given
 * @returns {Promise<boolean>}
 */
export async function claimGame(given) {
  hooks = given;
  if (!navigator.locks || typeof BroadcastChannel === "undefined") return true;
  if (letGo) return true; // claimed before (a replay left, back to the game): still held
  if (!channel) {
    onLanguage(writeNotice);
    channel = new BroadcastChannel(LOCK);
    channel.addEventListener("message", (event) => {
      if (event.data === "release") onAsked();
    });
  }
  const held = await hold({ ifAvailable: true });
  if (held) document.documentElement.dataset.tab = "playing";
  else show("elsewhere");
  return held;
}
