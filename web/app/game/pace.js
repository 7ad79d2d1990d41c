// The bots' pace: the pause before each bot step, by the speed setting, longer while a reveal is
// on the table; none for "Finish the hand", after a match's summary (it was the pause) and on a
// friend's page (the host's page paces the table). ui.loop.wake cuts a pause short.

import { SPEEDS } from "../core/settings.js";
import { app, settings, ui } from "../state.js";

const REVEAL_HOLD = 2.5; // a reveal stays this many bot delays on the table

function botDelay() {
  if (app.finishing || app.remote || app.resp?.between_hands) return 0;
  const base = SPEEDS[settings.speed];
  return app.delayBoost ? base * REVEAL_HOLD : base;
}

/** @returns {Promise<void>} after the pause before the next bot step (0 still lets the page paint) */
export function pauseBeforeBot() {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      ui.loop.wake = null;
      resolve();
    };
    const timer = setTimeout(done, botDelay());
    ui.loop.wake = done;
  });
}
