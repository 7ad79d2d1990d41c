// The in-game rules panel: a modal dialog showing the rules of the current rule set in the
// current language, opened at the section that matters now.
//
// The text is the build's own output (tools/render_rules.py writes rules/panel/<set>.<lang>.html,
// one <article> per rule set and language, its section ids namespaced: "classic-variants",
// "quick-last-cards"); it is fetched from our origin and inserted as HTML. Escape closes (the
// dialog's own cancel), focus goes to the section opened and back to the opener on close.

import { t, language, onLanguage, LANGUAGES } from "../core/i18n.js";
import { ui } from "../state.js";
import { $, $as } from "../core/dom.js";

/** @type {Map<string, string>} */
const fragments = new Map(); // "classic.de" -> HTML text

// Sections a rule set lacks, mapped to the nearest one it has: the quick edition has no
// variants section, its table readings say what the setup choices change.
/** @type {Record<string, Record<string, string>>} */
const FALLBACK = { quick: { variants: "table-readings", deck: "players", setup: "players" } };

// The section of the rules that matters at this point of a game (the human's view).
/**
 * @param {import("../state.js").View | null} view
 * @returns {string | null}
 */
export function sectionFor(view) {
  if (!view) return null;
  if (view.over) return "winning";
  const legal = view.legal;
  if (view.preset === "quick") {
    // Veryu is offered in the quick edition only on a play of the last cards.
    if (legal && legal.believe) return "last-cards";
    if (view.move_limit && view.moves >= view.move_limit * 0.9) return "move-limit";
    if (legal && (legal.challenge || !view.opening)) return "claim";
    return "play";
  }
  return "play";
}

/**
 * @param {string} set
 * @param {string} lang
 * @returns {Promise<string>}
 */
async function fragment(set, lang) {
  const key = `${set}.${lang}`;
  if (!fragments.has(key)) {
    const response = await fetch(`rules/panel/${key}.html`, { cache: "no-cache" });
    if (!response.ok) throw new Error(`rules/panel/${key}.html: ${response.status}`);
    fragments.set(key, await response.text());
  }
  return fragments.get(key) ?? "";
}

/**
 * @param {string} set
 * @param {string | null} section
 */
function sectionId(set, section) {
  const wanted = (section && FALLBACK[set] && FALLBACK[set][section]) || section;
  return wanted ? `${set}-${wanted}` : set;
}

// Open (or refresh) the panel: rule set "classic" | "quick", section an anchor of docs/i18n.md
// ("variants", "last-cards", ...) or null for the top.
/**
 * @param {string} set
 * @param {string | null} [section]
 */
export async function openRules(set, section = null) {
  const dialog = $as("rules-panel", HTMLDialogElement);
  const body = $("rules-panel-body");
  const lang = language();
  if (!dialog.open) {
    ui.rules.opener = document.activeElement;
    dialog.showModal();
  }
  ui.rules.shown = { set, section };
  const id = sectionId(set, section);
  dialog.dataset.set = set;
  dialog.dataset.section = id;
  dialog.dataset.state = "loading";
  $as("rules-panel-page", HTMLAnchorElement).href = `rules/${LANGUAGES.includes(lang) ? lang : "en"}.html#${id}`;
  body.replaceChildren();
  body.textContent = t("rules_panel.loading");
  let html;
  try {
    html = await fragment(set, lang);
  } catch (error) {
    console.error(error);
    body.textContent = t("rules_panel.failed");
    dialog.dataset.state = "failed";
    return;
  }
  const shown = ui.rules.shown;
  if (!dialog.open || !shown || shown.set !== set || language() !== lang) return; // closed or superseded
  body.innerHTML = html; // our own build output (tools/render_rules.py), from our own origin
  dialog.dataset.lang = lang;
  dialog.dataset.state = "ready";
  const target = body.querySelector(`#${CSS.escape(id)}`);
  if (target instanceof HTMLElement) {
    target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  } else {
    body.scrollTop = 0;
    body.focus({ preventScroll: true });
  }
}

export function closeRules() {
  const dialog = $as("rules-panel", HTMLDialogElement);
  if (dialog.open) dialog.close();
}

// context(): {set, section} for the table's Rules button (the game's rule set and moment).
/** @param {() => { set: string, section: string | null }} context */
export function initRulesPanel(context) {
  const dialog = $as("rules-panel", HTMLDialogElement);
  $("open-rules").addEventListener("click", () => {
    const { set, section } = context();
    openRules(set, section);
  });
  // "?" buttons on the setup screen: the rule set chosen there, at the section they name.
  for (const button of document.querySelectorAll("[data-rules-section]")) {
    button.addEventListener("click", () => {
      const preset = document.querySelector('input[name="preset"]:checked');
      const section = button instanceof HTMLElement ? (button.dataset.rulesSection ?? null) : null;
      openRules(preset instanceof HTMLInputElement ? preset.value : "classic", section);
    });
  }
  $("rules-panel-close").addEventListener("click", closeRules);
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) closeRules();
  });
  dialog.addEventListener("close", () => {
    ui.rules.shown = null;
    const back = ui.rules.opener;
    ui.rules.opener = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
  });
  const link = document.querySelector('a.rules-link[href^="rules/"]');
  const syncLink = () => {
    if (link instanceof HTMLAnchorElement) link.href = `rules/${language()}.html`;
  };
  syncLink();
  onLanguage(() => {
    syncLink();
    const shown = ui.rules.shown;
    if (dialog.open && shown) openRules(shown.set, shown.section);
  });
}
