// The top bar's one menu: a disclosure button (aria-expanded, aria-controls) that shows the
// settings' panel under it: bot speed, auto-pass, sound, the coach, the card tracker and the
// rules page's link. Enter or Space on the button opens and closes it, Tab goes through its
// controls, Escape closes it and puts the focus back on the button; a click or the focus
// outside it closes it too. The controls keep their ids and are bound where they always were
// (main.js, learn/coach.js); the tracker's box here follows the tracker panel's fold both ways,
// the panel remembering it (learn/tracker.js).

import { $, $as } from "./dom.js";
import { settings } from "../state.js";

export function initSettingsMenu() {
  const menu = $("settings-menu");
  const button = $as("settings-button", HTMLButtonElement);
  const panel = $("settings-panel");
  /** @param {boolean} open @param {boolean} [refocus] */
  const show = (open, refocus = false) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (refocus) button.focus();
  };
  button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || panel.hidden) return;
    event.preventDefault();
    event.stopPropagation();
    show(false, true);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!panel.hidden && event.target instanceof Node && !menu.contains(event.target)) show(false);
  });
  menu.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (!panel.hidden && next instanceof Node && !menu.contains(next)) show(false);
  });
  bindTrackerBox();
}

/** The card tracker's box: the panel's fold, in both directions. */
function bindTrackerBox() {
  const box = $as("tracker-on", HTMLInputElement);
  const tracker = $as("tracker-panel", HTMLDetailsElement);
  box.checked = settings.trackerOpen;
  box.addEventListener("change", () => {
    tracker.open = box.checked; // its toggle event stores it (learn/tracker.js)
  });
  tracker.addEventListener("toggle", () => {
    box.checked = tracker.open;
  });
}
