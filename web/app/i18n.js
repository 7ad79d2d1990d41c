// The UI's only source of text: one i18next-style JSON catalog per language.
// Keys are dotted paths; `{{name}}` interpolates; a `count` variable picks the CLDR plural form
// (`key_one`, `key_other`, ...) through Intl.PluralRules.

let catalog = {};
let lang = "en";
let plurals = new Intl.PluralRules(lang);

export async function loadCatalog(language = "en") {
  const response = await fetch(`i18n/${language}.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`i18n/${language}.json: ${response.status}`);
  catalog = await response.json();
  lang = language;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  return catalog;
}

function lookup(key) {
  let node = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function has(key) {
  return lookup(key) !== undefined || lookup(`${key}_other`) !== undefined;
}

export function t(key, vars = {}) {
  let text;
  if (typeof vars.count === "number") {
    text = lookup(`${key}_${plurals.select(vars.count)}`) ?? lookup(`${key}_other`);
  }
  text = text ?? lookup(key);
  if (text === undefined) {
    console.warn("i18n: missing key", key);
    return key;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) =>
    vars[name] === undefined || vars[name] === null ? "" : String(vars[name]),
  );
}

// Fill every element that names a key: data-i18n (text), data-i18n-<attr> (attributes).
export function applyTranslations(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const dataKey = "i18n" + attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.dataset[dataKey]));
    }
  }
}
