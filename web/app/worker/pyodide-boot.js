// The "interpreter module" PyScript loads in the engine's worker (PyWorker `version:` is this
// file's absolute URL, see engine-client.js). It re-exports Pyodide's `version` and wraps
// `loadPyodide` to restore the interpreter, engine already imported, from a memory snapshot:
//   1. the copy in Cache Storage, if it was made for this build (same key, same length; its
//      hash is checked after the restore, off the boot's path, see snapshot.js);
//   2. else the one the build made (src), fetched and hashed; a copy then goes to Cache Storage;
//   3. else, or on any error, a bare boot, the engine files written into the file system.
// The path taken goes to the page on a BroadcastChannel. See docs/snapshot.md.
//
// Where the browser denies IndexedDB, an in-memory one takes its place first (indexeddb.js).
//
// Query: pyodide=<pyodide.mjs, relative to the site root>, chan=<channel>, key=<snapshot key>
// (empty: no Cache Storage), src=<build-time snapshot, brotli, relative to the site root>,
// sha=<its SHA-256> (empty: none), size=<its decoded length>, dec=<the brotli decoder's module,
// relative to the site root>, idb=<fake-indexeddb's module, relative to the site root>,
// wasm=page (the page compiles Pyodide's wasm and hands it over: runtime-module.js) and
// debug=1 (the page's ?debug: the interpreter is kept as globalThis.vnvPython, for e2e tests
// of what no page action reaches, such as an import before the stdlib is in).

import { AFTER_RESTORE, EMPTY_STDLIB, engineFiles, mountStdlib, runPrecompiled, writeFiles } from "./snapshot.js";
import {
  dropSnapshot,
  fetchSnapshot,
  openSnapshot,
  restoreDone,
  storeSnapshot,
  verifyStored,
} from "./snapshot-store.js";
import { ensureIndexedDB } from "./indexeddb.js";
import { ASK } from "./runtime-module.js";

const params = new URL(import.meta.url).searchParams;
const siteRoot = new URL("../../", import.meta.url);
const pyodideURL = new URL(params.get("pyodide") ?? "", siteRoot).href;
const key = params.get("key") || "";
const channel = params.get("chan") || "";
const srcParam = params.get("src");
const src = srcParam ? new URL(srcParam, siteRoot).href : "";
const sha = params.get("sha") || "";
const size = Number(params.get("size") || 0);
const decoder = new URL(params.get("dec") || "", siteRoot).href;

// How long the worker waits for the page's compiled wasm before it compiles the wasm itself.
const PAGE_MODULE_WAIT_MS = 3000;

performance.mark("vnv:boot-module"); // marks: tools/trace_boot.py
const pageModule = params.get("wasm") === "page" ? askPage() : Promise.resolve(null);
// Which side compiled the wasm the interpreter runs on: reported with the path.
let wasmFrom = "worker";
useModule(new URL("pyodide.asm.wasm", pyodideURL).href, pageModule);
// The Cache Storage lookup starts at once, beside the IndexedDB check and the import of Pyodide;
// loadPyodide then streams the stored bytes into the buffer Pyodide restores from.
const opened = key ? openSnapshot(key) : null;
opened?.catch(() => undefined);
// Pyodide's module does not touch IndexedDB until loadPyodide: it loads meanwhile.
const imported = import(pyodideURL);
imported.catch(() => undefined); // awaited below, after the IndexedDB check
const idb = params.get("idb");
if (idb) await ensureIndexedDB(new URL(idb, siteRoot).href);
const pyodide = await imported;

export const version = pyodide.version;

// How long after a restore from Cache Storage the stored copy's hash is checked: the engine's
// first answers (boot, resume) go first.
const VERIFY_DELAY_MS = 2000;

/**
 * @param {string} path
 * @param {string} source
 * @param {string} reason
 * @param {number} ms
 */
function report(path, source, reason, ms) {
  tell({ path, source, reason, ms, wasm: wasmFrom });
}

/** @param {object} message  to the page (engine-client.js: bootWrapper) */
function tell(message) {
  if (!channel || !globalThis.BroadcastChannel) return;
  const bc = new BroadcastChannel(channel);
  bc.postMessage(message);
  bc.close();
}

/** @param {unknown} error  its message's first line */
function errorLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}

/**
 * The wasm the page compiled (runtime-module.js), or null: the page answers on the port this
 * sends up, with null when it has none.
 * @returns {Promise<WebAssembly.Module | null>}
 */
function askPage() {
  const { port1, port2 } = new MessageChannel();
  /** @type {Promise<WebAssembly.Module | null>} */
  const answered = new Promise((resolve) => {
    port1.onmessage = ({ data }) => {
      port1.close();
      resolve(data instanceof WebAssembly.Module ? data : null);
    };
  });
  self.postMessage(ASK, { transfer: [port2] });
  const late = new Promise((resolve) => setTimeout(() => resolve(null), PAGE_MODULE_WAIT_MS));
  return /** @type {Promise<WebAssembly.Module | null>} */ (Promise.race([answered, late]));
}

/**
 * Pyodide instantiates its wasm with WebAssembly.instantiateStreaming(fetch(url)) and has no
 * option to take a compiled module; so that call instantiates the page's module instead, when
 * there is one. Any other wasm (the brotli decoder's) goes through as before.
 * @param {string} wasmURL
 * @param {Promise<WebAssembly.Module | null>} module
 */
function useModule(wasmURL, module) {
  if (typeof WebAssembly.instantiateStreaming !== "function") return; // Pyodide then compiles
  const compile = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    const compiled = response.url === wasmURL ? await module : null;
    if (compiled) {
      try {
        const instance = await WebAssembly.instantiate(compiled, imports);
        performance.mark("vnv:page-module");
        wasmFrom = "page";
        return { module: compiled, instance };
      } catch (error) {
        console.warn("the page's compiled wasm did not instantiate; compiling it here", error);
      }
    }
    return compile(response, imports);
  };
}

/** A source without a usable snapshot (none, another key, damaged): not a failed restore. */
class Unusable extends Error {}

/** @typedef {NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>} LoadOptions */

/** @param {LoadOptions} options  PyScript's */
export async function loadPyodide(options = {}) {
  const py = await boot(options);
  if (params.get("debug")) Object.assign(globalThis, { vnvPython: py });
  return py;
}

/** @typedef {import("./snapshot-store.js").Found} Found */

/**
 * A source's snapshot: what fills the caller's buffer with it, its length and the hash stored
 * with it; or why the source has none.
 * @param {"cache" | "build"} source
 * @returns {Promise<{ fill: (target: Uint8Array<ArrayBuffer>) => Promise<Found>, length: number, storedSha: string } | { fill?: undefined, reason: string }>}
 */
async function snapshotSource(source) {
  if (source === "build")
    return { fill: (target) => fetchSnapshot(src, sha, target, decoder), length: size, storedSha: "" };
  const entry = await /** @type {ReturnType<typeof openSnapshot>} */ (opened);
  if (!entry.readInto) return { reason: entry.reason };
  return { fill: entry.readInto, length: entry.size, storedSha: entry.sha };
}

/**
 * Restore the interpreter from the snapshot `found` writes into `target`.
 *
 * Pyodide sizes the interpreter's memory by the snapshot and waits for it before it
 * instantiates the wasm. So it gets the buffer at once, still empty, and the wasm compiles
 * while the snapshot is read (the stored copy) or downloaded, decoded and hashed (the build's)
 * into it; the fsInit hook holds the restore until the buffer is full. A snapshot that turns
 * out unusable gets its magic number wiped, so the restore refuses it instead of running half a
 * heap.
 * @param {LoadOptions} options PyScript's
 * @param {LoadOptions} base
 * @param {Uint8Array<ArrayBuffer>} target
 * @param {Promise<Found>} found
 */
async function restore(options, base, target, found) {
  const filled = found.then((f) => {
    performance.mark("vnv:snapshot-bytes");
    if (!f.bytes) target.fill(0, 0, 4);
  });
  const py = await pyodide
    .loadPyodide({
      ...base,
      _loadSnapshot: target,
      stdLibURL: EMPTY_STDLIB,
      /** @type {NonNullable<LoadOptions["fsInit"]>} */
      fsInit: async (fs, info) => {
        await options.fsInit?.(fs, info);
        await filled;
      },
    })
    .catch(async (/** @type {unknown} */ error) => {
      const f = await found;
      throw f.bytes ? error : new Unusable(f.reason);
    });
  performance.mark("vnv:restored");
  if (py.runPython(AFTER_RESTORE) !== true) throw new Error("engine missing after restore");
  runPrecompiled(py);
  mountStdlib(py, new URL("python_stdlib.zip", pyodideURL).href);
  return py;
}

/**
 * After a restore: the build's copy is kept in Cache Storage for the next visit; the stored
 * copy's restore is marked done and its hash checked later, off the boot's path.
 * @param {"cache" | "build"} source
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {string} storedSha
 */
function afterRestore(source, bytes, storedSha) {
  if (source === "build" && key) {
    storeSnapshot(key, bytes, sha).then(
      () => tell({ stored: key }),
      () => undefined,
    );
  }
  if (source === "cache") {
    restoreDone().catch(() => undefined);
    setTimeout(() => {
      verifyStored(bytes, storedSha).then(
        (intact) => intact || console.warn("snapshot: the stored copy was damaged; dropped"),
        () => undefined,
      );
    }, VERIFY_DELAY_MS);
  }
}

/** @param {LoadOptions} options */
async function boot(options) {
  const t0 = performance.now();
  const base = { ...options, indexURL: new URL(".", pyodideURL).href };
  const reasons = [];
  for (const source of /** @type {const} */ (["cache", "build"])) {
    if (source === "cache" ? !key : !src || !size) continue;
    try {
      const from = await snapshotSource(source);
      if (!from.fill) {
        reasons.push(`${source}: ${from.reason}`);
        continue;
      }
      const target = new Uint8Array(from.length);
      /** @type {Promise<Found>} */
      const found = from.fill(target).then(
        (f) => f,
        (error) => ({ reason: "error: " + errorLine(error) }),
      );
      const py = await restore(options, base, target, found);
      report("snapshot", source, reasons.join("; "), performance.now() - t0);
      afterRestore(source, target, from.storedSha);
      return py;
    } catch (error) {
      if (error instanceof Unusable) {
        reasons.push(`${source}: ${error.message}`);
        continue;
      }
      // A snapshot that does not restore (another Pyodide build, damaged in a way the hash did
      // not catch) is dropped; the player just gets the next source or the bare boot.
      reasons.push(`${source}: error: ` + errorLine(error));
      if (source === "cache") await dropSnapshot().catch(() => undefined);
    }
  }
  const files = engineFiles(siteRoot);
  files.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
  const py = await pyodide.loadPyodide(base);
  writeFiles(py, await files);
  report("bare", "", reasons.join("; ") || "disabled", performance.now() - t0);
  return py;
}
