// The card tracker panel: per rank, what the player can know of where the cards
// are, as the worker's `tracker` gives it (engine.tracker: built only from the player's view and
// the events they were shown). A folded panel beside the log: closed by default, and whether it
// is open is remembered (settings.js, checked like every stored setting).

import { t } from "../core/i18n.js";
import { $as, el } from "../core/dom.js";
import { rankText } from "../core/events.js";
import { setTrackerOpen } from "../core/settings.js";
import { settings } from "../state.js";

/** Open the panel as the player left it, and remember each change. */
export function bindTracker() {
  const panel = $as("tracker-panel", HTMLDetailsElement);
  panel.open = settings.trackerOpen;
  panel.addEventListener("toggle", () => setTrackerOpen(panel.open));
}

/**
 * Fill the panel from the last answer (a closed panel is filled too, so opening it shows the
 * notes at once).
 * @param {import("../protocol").TableAnswer} resp
 * @param {string[]} names
 */
export function renderTracker(resp, names) {
  const report = resp.tracker;
  const others = names.map((name, seat) => ({ name, seat })).filter((o) => o.seat !== resp.human);
  const head = [
    t("tracker.rank"),
    t("tracker.mine"),
    t("tracker.discard"),
    t("tracker.pile"),
    ...others.map((o) => t("tracker.held_by", { name: o.name })),
    t("tracker.unaccounted"),
  ];
  const table = el(
    "table",
    { class: "ranking tracker-table" },
    el("caption", { text: t("tracker.caption") }),
    // Each heading in a span, written upwards by style.css, so six players' columns fit.
    el("thead", {}, el("tr", {}, ...head.map((text) => el("th", { scope: "col" }, el("span", { text }))))),
    el(
      "tbody",
      {},
      ...report.ranks.map((row) =>
        el(
          "tr",
          { "data-rank": row.rank },
          el("th", { scope: "row", text: rankText(row.rank) }),
          ...[row.mine, row.discard, row.pile, ...others.map((o) => row.held[o.seat] ?? 0), row.unaccounted].map((n) =>
            el("td", { text: String(n) }),
          ),
        ),
      ),
    ),
  );
  $as("tracker", HTMLElement).replaceChildren(table);
}
