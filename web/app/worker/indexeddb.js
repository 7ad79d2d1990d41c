// PyScript opens IndexedDB (its package cache), in the page and in its worker, and the worker
// fails to start where the browser denies it: a cross-site iframe with third-party storage
// blocked. There an in-memory IndexedDB (the fake-indexeddb package, vendored by the build)
// takes its place before PyScript runs, so the game plays; nothing outlives the page, and the
// page says so (storage.js). Used by engine-client.js (page) and pyodide-boot.js (worker).

// indexedDB.databases() creates nothing, and rejects where storage is denied.
async function indexedDBAllowed() {
  if (!globalThis.indexedDB) return false;
  if (typeof indexedDB.databases !== "function") return true;
  return indexedDB.databases().then(
    () => true,
    () => false,
  );
}

// `moduleURL`: fake-indexeddb's fakeIndexedDB.js. True when the stand-in was put in place.
/** @param {string | null | undefined} moduleURL */
export async function ensureIndexedDB(moduleURL) {
  if (!moduleURL || (await indexedDBAllowed())) return false;
  const { default: memoryDB } = await import(moduleURL);
  Object.defineProperty(globalThis, "indexedDB", { value: memoryDB, configurable: true });
  return true;
}
