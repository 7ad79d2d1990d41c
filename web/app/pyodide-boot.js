// The "interpreter module" PyScript loads in the engine's worker (PyWorker `version:` is this
// file's absolute URL, see engine-client.js). It re-exports Pyodide's `version` and wraps
// `loadPyodide`: when Cache Storage holds a snapshot made for this build (same key, intact
// bytes), the interpreter is restored from it, engine already imported; otherwise, or on any
// error, it boots bare and the engine files are written into its file system, as before.
// Which path was taken goes to the page on a BroadcastChannel. See docs/snapshot.md.
//
// Query: pyodide=<pyodide.mjs, relative to the site root>, key=<snapshot key>, chan=<channel>;
// for route 1 (a snapshot made at build time, measured by tools/bench_web.py) src=<its URL,
// relative to the site root> and sha=<its SHA-256> instead of Cache Storage.

import {
  AFTER_RESTORE,
  dropSnapshot,
  engineFiles,
  fetchSnapshot,
  readSnapshot,
  writeFiles,
} from "./snapshot.js";

const params = new URL(import.meta.url).searchParams;
const siteRoot = new URL("../", import.meta.url);
const pyodideURL = new URL(params.get("pyodide"), siteRoot).href;
const key = params.get("key") || "";
const channel = params.get("chan") || "";
const src = params.get("src") ? new URL(params.get("src"), siteRoot).href : "";
const sha = params.get("sha") || "";
const pyodide = await import(pyodideURL);

export const version = pyodide.version;

function report(path, reason, ms) {
  if (!channel || !globalThis.BroadcastChannel) return;
  const bc = new BroadcastChannel(channel);
  bc.postMessage({ path, reason, ms });
  bc.close();
}

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  const base = { ...options, indexURL: new URL(".", pyodideURL).href };
  let reason = "disabled";
  if (key || src) {
    try {
      const stored = src ? await fetchSnapshot(src, sha) : await readSnapshot(key);
      reason = stored.reason || "";
      if (stored.bytes) {
        const py = await pyodide.loadPyodide({ ...base, _loadSnapshot: stored.bytes });
        if (py.runPython(AFTER_RESTORE) !== true) throw new Error("engine missing after restore");
        report("snapshot", "", performance.now() - t0);
        return py;
      }
    } catch (error) {
      // A snapshot that does not restore (another Pyodide build, damaged in a way the hash did
      // not catch) is dropped and rebuilt later; the player just gets the bare boot.
      reason = "error: " + String((error && error.message) || error).split("\n")[0];
      if (!src) await dropSnapshot().catch(() => undefined);
    }
  }
  const files = engineFiles(siteRoot);
  files.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
  const py = await pyodide.loadPyodide(base);
  writeFiles(py, await files);
  report("bare", reason, performance.now() - t0);
  return py;
}
