// The page's own small settings (language, last setup, bot speed, statistics) in localStorage,
// and what happens where the browser denies a page its storage: a cross-site iframe in a browser
// that blocks third-party storage (Chrome with third-party cookies blocked, Safari, Firefox
// strict mode). There a read finds nothing and a write lasts only as long as the page, so the
// game still plays; `persistent` tells the page to say so (docs/embedding.md, "Storage").

/** @type {Map<string, string>} */
const memory = new Map();

function probe() {
  try {
    localStorage.getItem("vnv.probe");
    return true;
  } catch {
    return false;
  }
}

export const persistent = probe();

/**
 * @param {string} key
 * @returns {string | null}
 */
export function readItem(key) {
  if (!persistent) return memory.get(key) ?? null;
  return localStorage.getItem(key);
}

/**
 * @param {string} key
 * @param {string} value
 */
export function writeItem(key, value) {
  if (!persistent) {
    memory.set(key, String(value));
    return;
  }
  try {
    localStorage.setItem(key, value);
  } catch {
    memory.set(key, String(value)); // quota full: keep it for this page at least
  }
}

/** @param {string} key */
export function removeItem(key) {
  memory.delete(key);
  if (persistent) localStorage.removeItem(key);
}
