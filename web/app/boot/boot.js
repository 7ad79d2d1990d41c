// Starting the engine: the worker boots (engine-client.js, started by engine-start.js before
// the catalog is in) while the setup screen is already usable; the top bar shows the stage and the time, "Deal" is enabled once the engine answers,
// and a failure shows what went wrong with the details and "Try again".

import { onLanguage, t } from "../core/i18n.js";
import { $, $as } from "../core/dom.js";
import { BootError } from "./engine-client.js";
import { takeEngine } from "./engine-start.js";
import { app, BOT_LEVELS } from "../state.js";
import { updateStart } from "../game/setup.js";
import { updateWelcome } from "../game/welcome.js";

const STAGES = ["start", "runtime", "python", "engine", "ready"];

/**
 * Show the worker's start; then `whenReady` (refresh the setup screen, resume a saved game).
 * @param {() => Promise<void>} whenReady
 */
export async function boot(whenReady) {
  onLanguage(relocalizeBoot);
  $("boot-error").hidden = true;
  const box = $("boot");
  box.dataset.state = "loading";
  const t0 = performance.now();
  /** @param {number} digits */
  const elapsed = (digits) => t("boot.elapsed", { seconds: ((performance.now() - t0) / 1000).toFixed(digits) });
  const timer = setInterval(() => {
    $("boot-time").textContent = elapsed(0);
  }, 500);
  /** @param {string} name */
  const stage = (name) => {
    $("boot-stage").textContent = t(`boot.stage.${name}`);
    $as("boot-progress", HTMLProgressElement).value = STAGES.indexOf(name) + 1;
  };
  const engine = takeEngine(stage);
  app.client = engine.client;
  try {
    const info = await engine.started;
    app.levels = info.bot_levels || BOT_LEVELS;
    app.ready = true;
    performance.mark("vnv:engine-ready"); // tools/bench_web.py reads these marks
    box.dataset.state = "ready";
    $("boot-time").textContent = elapsed(1);
    updateStart();
    updateWelcome();
    await whenReady();
  } catch (error) {
    box.dataset.state = "failed";
    app.ready = false;
    updateStart();
    updateWelcome();
    showBootError(error);
  } finally {
    clearInterval(timer);
  }
}

/** @param {unknown} error */
export function showBootError(error) {
  const code = error instanceof BootError ? error.code : "unknown";
  const detail = error instanceof BootError ? error.detail : "";
  $("boot-error-text").textContent = t(`boot.error.${code}`);
  $("boot-error-detail").textContent = detail || (error instanceof Error ? error.message : String(error));
  $("boot-error").hidden = false;
  $("boot-stage").textContent = t("boot.failed");
  console.error("boot failed", error);
}

/** The top bar's stage line, written again in another language. */
function relocalizeBoot() {
  const state = $("boot").dataset.state;
  if (state === "ready") $("boot-stage").textContent = t("boot.stage.ready");
  else if (state === "failed") $("boot-stage").textContent = t("boot.failed");
}
