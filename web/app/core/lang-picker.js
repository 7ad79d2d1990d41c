// The language picker in the top bar: one <select> of the six languages, each named in its own
// language (Deutsch, Nederlands, ...) and marked with its lang attribute for screen readers.
// A change switches the page at once (i18n.js setLanguage), the game in progress included.

import { t, language, onLanguage, setLanguage, LANGUAGES } from "./i18n.js";

export function initLanguagePicker() {
  const select = document.getElementById("lang");
  if (!(select instanceof HTMLSelectElement)) return;
  select.replaceChildren();
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = t(`language.name.${code}`);
    select.append(option);
  }
  select.value = language();
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    select.value = language();
  });
  onLanguage(() => {
    select.value = language();
  });
}
