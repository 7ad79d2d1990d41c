// One message at the top of the page (role=alert), e.g. "the saved game could not be restored",
// until the next game is dealt. The sentence is the page's own, in the player's language from its
// first word to its last; a detail from the engine (English, for whoever debugs) is only ever
// folded away beneath it, under "Details".

import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @param {string} text the message, in the page's language
 * @param {string} [detail] the engine's own words, shown folded (lang="en")
 */
export function showNotice(text, detail = "") {
  let box = document.getElementById("notice");
  if (!box) {
    box = el("div", { id: "notice", class: "notice", role: "alert" });
    (document.querySelector("main") ?? document.body).prepend(box);
  }
  const message = el("span", { class: "notice-text", text });
  if (!detail) {
    box.replaceChildren(message);
    return;
  }
  const folded = el(
    "details",
    { class: "notice-detail" },
    el("summary", { text: t("boot.details") }),
    el("code", { lang: "en", text: detail }),
  );
  box.replaceChildren(message, folded);
}

export function clearNotice() {
  document.getElementById("notice")?.remove();
}
