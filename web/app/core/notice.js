// One message at the top of the page (role=alert), e.g. "the saved game could not be restored",
// until the next game is dealt.

import { el } from "./dom.js";

/** @param {string} text */
export function showNotice(text) {
  let box = document.getElementById("notice");
  if (!box) {
    box = el("p", { id: "notice", class: "notice", role: "alert" });
    (document.querySelector("main") ?? document.body).prepend(box);
  }
  box.textContent = text;
}

export function clearNotice() {
  document.getElementById("notice")?.remove();
}
