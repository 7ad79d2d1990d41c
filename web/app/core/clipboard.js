// Copying a text field's value (a replay link, an invite, a friend's answer): where the browser
// refuses the clipboard (a frame, an insecure origin), the field is left selected to copy by hand.

import { t } from "./i18n.js";

/**
 * @param {HTMLInputElement | HTMLTextAreaElement} input
 * @param {HTMLElement} status says so when it was copied
 * @param {string} [said] what it says
 */
export async function copyField(input, status, said = "end.copied") {
  status.textContent = "";
  try {
    await navigator.clipboard.writeText(input.value);
    status.textContent = t(said);
  } catch {
    input.select();
  }
}
