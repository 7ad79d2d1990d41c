// Background worker: makes the memory snapshot the next visit boots from (see docs/snapshot.md).
// Started by engine-client.js once the engine is ready and the page is idle, from a blob URL
// (the CSP allows workers from blob: only). It loads its own Pyodide with `_makeSnapshot`,
// writes the engine files, imports the whole engine and stores the snapshot in Cache Storage.
//
// Message in: {pyodide: <pyodide.mjs URL>, key}. Message out: {ok, ms, bytes} or {ok, error}.

import { engineFiles, prepare, WORKER_FILE, writeFiles } from "./snapshot.js";
import { storeSnapshot } from "./snapshot-store.js";

const siteRoot = new URL("../../", import.meta.url);

/** @param {{ pyodide: string, key: string }} request */
async function make({ pyodide: pyodideURL, key }) {
  const t0 = performance.now();
  const files = engineFiles(siteRoot, [WORKER_FILE]);
  files.catch(() => undefined);
  const { loadPyodide } = await import(pyodideURL);
  const py = await loadPyodide({
    indexURL: new URL(".", pyodideURL).href,
    _makeSnapshot: true,
  });
  writeFiles(py, await files);
  prepare(py);
  const bytes = py.makeMemorySnapshot();
  await storeSnapshot(key, bytes);
  return { ok: true, ms: performance.now() - t0, bytes: bytes.length };
}

self.addEventListener("message", (event) => {
  make(event.data).then(
    (result) => self.postMessage(result),
    (error) => self.postMessage({ ok: false, error: String((error && error.message) || error) }),
  );
});
self.postMessage({ ready: true });
