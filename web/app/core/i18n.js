// The UI's only source of text: one i18next-style JSON catalog per language (i18n/<lang>.json).
// Keys are dotted paths; `{{name}}` interpolates; a `count` variable picks the CLDR plural form
// (`key_one`, `key_few`, `key_many`, `key_other`, ...) through Intl.PluralRules.
//
// Language choice (docs/i18n.md): `?lang=` in the URL, then the stored choice, then
// navigator.languages, then English. setLanguage() switches at any time: it loads the catalog,
// sets <html lang>, refills every data-i18n element and calls every function registered with
// onLanguage(), so the page writes again what it built from the catalog (the game itself is
// untouched).

import { readItem, writeItem } from "./storage.js";
import { settings } from "../state.js";

export const LANGUAGES = ["de", "nl", "it", "pt", "en", "ru"];
export const DEFAULT_LANGUAGE = "en";
const LANG_KEY = "vnv.lang";

/** @typedef {{ [key: string]: string | Catalog }} Catalog */

/** @type {Catalog} */
let catalog = {};
let plurals = new Intl.PluralRules(DEFAULT_LANGUAGE); // settings.language's
/** @type {Map<string, Catalog>} */
const loaded = new Map(); // language -> catalog, so switching back costs nothing
/** @type {(() => void)[]} */
const followers = [];

export function language() {
  return settings.language;
}

/**
 * The one way to follow a change of language: `write` runs after each switch, once every
 * data-i18n element is refilled, in the order of registration (main.js binds the table first,
 * so the seats are renamed before anything that names them is written again).
 * @param {() => void} write
 */
export function onLanguage(write) {
  followers.push(write);
}

// "pt-BR" -> "pt"; null for a language without a catalog.
/**
 * @param {unknown} tag
 * @returns {string | null}
 */
export function supported(tag) {
  if (typeof tag !== "string") return null;
  const code = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(code) ? code : null;
}

// The language to start in: URL, then stored, then the browser's list, then the default.
export function chooseLanguage(search = location.search) {
  const asked = new URLSearchParams(search).get("lang");
  for (const tag of [asked, readItem(LANG_KEY), ...(navigator.languages || [navigator.language])]) {
    const code = supported(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * @param {string} language
 * @returns {Promise<Catalog>}
 */
async function fetchCatalog(language) {
  const known = loaded.get(language);
  if (known) return known;
  const response = await fetch(`i18n/${language}.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`i18n/${language}.json: ${response.status}`);
  const data = await response.json();
  loaded.set(language, data);
  return data;
}

/** @param {string} [language] */
export async function loadCatalog(language = DEFAULT_LANGUAGE) {
  catalog = await fetchCatalog(language);
  settings.language = language;
  plurals = new Intl.PluralRules(language);
  document.documentElement.lang = language;
  return catalog;
}

// Switch the whole page to `language` (one of LANGUAGES). `remember`: keep it for next time
// (the picker does; a ?lang= link does not), and make the URL agree so a reload keeps it.
/**
 * @param {string} language
 * @param {{ remember?: boolean }} [how]
 */
export async function setLanguage(language, { remember = true } = {}) {
  const code = supported(language) || DEFAULT_LANGUAGE;
  await loadCatalog(code);
  if (remember) {
    writeItem(LANG_KEY, code);
    const url = new URL(location.href);
    if (url.searchParams.has("lang") && url.searchParams.get("lang") !== code) {
      url.searchParams.set("lang", code);
      history.replaceState(history.state, "", url);
    }
  }
  applyTranslations();
  document.title = t("app.title");
  for (const write of followers) write();
  return code;
}

/**
 * @param {string} key
 * @returns {string | undefined}
 */
function lookup(key) {
  /** @type {string | Catalog} */
  let node = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** @param {string} key */
export function has(key) {
  return lookup(key) !== undefined || lookup(`${key}_other`) !== undefined;
}

/**
 * The text of `key` in the current language, `{{name}}` filled from `vars`; the key itself if
 * the catalog lacks it.
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  let text;
  if (typeof vars.count === "number") {
    text = lookup(`${key}_${plurals.select(vars.count)}`) ?? lookup(`${key}_other`);
  }
  text = text ?? lookup(key) ?? lookup(`${key}_other`);
  if (text === undefined) {
    console.warn("i18n: missing key", key);
    return key;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) =>
    vars[name] === undefined || vars[name] === null ? "" : String(vars[name]),
  );
}

// Fill every element that names a key: data-i18n (text), data-i18n-<attr> (attributes).
/** @param {ParentNode} [root] */
export function applyTranslations(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n ?? "");
  }
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const dataKey = "i18n" + attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      if (el instanceof HTMLElement) el.setAttribute(attr, t(el.dataset[dataKey] ?? ""));
    }
  }
}
