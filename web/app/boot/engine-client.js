// The one door to Python. Starts the PyScript worker that holds the game and the bots, and
// turns its exported functions into async calls that take and return plain JSON.
//
// Traps handled here (see docs/web.md):
// * PyWorker() called from JS ignores any page config for the interpreter: it gets `version:`
//   as the ABSOLUTE URL of the vendored pyodide.mjs, or it would fetch Pyodide from a CDN.
// * An import error inside the worker resolves silently, the exports are then just missing:
//   every expected export is checked, and boot() reports the engine's own import error.
// * Only JSON strings cross the boundary; no proxy is kept alive on either side.
// * Fast start (docs/snapshot.md): `version:` names app/worker/pyodide-boot.js, a wrapper beside our
//   code that restores the interpreter from a memory snapshot (the copy in Cache Storage, else
//   the one the build made) and boots bare otherwise (it then writes the engine files itself).
//   The path taken arrives on a BroadcastChannel and is shown as <html data-boot="...">.
//   After a bare boot, a background worker makes the snapshot for the next visit.

import { ensureIndexedDB } from "../worker/indexeddb.js";
import { compileRuntime, offerRuntimeToNextWorker } from "../worker/runtime-module.js";
import { persistent, removeItem, writeItem } from "../core/storage.js";
import { scheduleSnapshot, SNAPSHOT_STORED } from "./background-snapshot.js";

// The messages are typed from the one description of the protocol, web/app/protocol.schema.json
// (docs/worker-protocol.md); protocol.d.ts is generated from it (tools/protocol_types.mjs).
/**
 * @typedef {import("../protocol").WorkerCalls} WorkerCalls
 * @typedef {import("../protocol").ExportName} ExportName
 * @typedef {import("../protocol").BootAnswer} BootAnswer
 * @typedef {import("../protocol").BootReady} BootReady
 */
/**
 * What an export takes: its request, nothing (boot, bot_step, forget), or an optional one (resume).
 * @template {ExportName} K
 * @typedef {WorkerCalls[K] extends { request: infer R }
 *   ? [request: R]
 *   : "request" extends keyof WorkerCalls[K]
 *     ? [request?: WorkerCalls[K][Extract<"request", keyof WorkerCalls[K]>]]
 *     : []} RequestArgs
 */
/** @typedef {{path?: string, source?: string, reason?: string, wasm?: string}} BootPath */
/**
 * The part of build.json (written by tools/build.py) that starting the worker reads.
 * @typedef {object} Manifest
 * @property {string} pyscript
 * @property {string} pyodide
 * @property {string} worker
 * @property {string} memory_indexeddb
 * @property {{key: string, boot: string, maker: string, decoder: string, built?: {url: string, sha256: string, bytes: number}} | null} [snapshot]
 */

/** @type {ExportName[]} */
const EXPORTS = [
  "boot",
  "new_game",
  "new_position",
  "new_guide",
  "act",
  "bot_step",
  "resume",
  "forget",
  "undo",
  "coach",
  "take_seat",
  "replay_link",
  "open_replay",
  "replay_step",
  "guest_act",
  "seat_away",
  "guest_view",
];
const BOOT_TIMEOUT_MS = 120000;
const BOOT_CALL_TIMEOUT_MS = 20000;
const BOOT_PATH_WAIT_MS = 2000;

export class BootError extends Error {
  /**
   * @param {string} code
   * @param {string} [detail]
   */
  constructor(code, detail) {
    super(code);
    this.code = code; // i18n key suffix: boot.error.<code>
    this.detail = detail || "";
  }
}

export class EngineClient {
  /** @param {{debug?: boolean}} [options] */
  constructor({ debug = false } = {}) {
    /** @type {any} PyScript's proxy of the worker's exports: each returns a JSON string */
    this.sync = null;
    /** @type {any} */
    this.worker = null;
    /** @type {BootReady | null} */
    this.info = null;
    this.bootPath = "";
    // Kept only in debug mode (the e2e tests read them): every raw string the worker sent, and
    // beside each one the call it answers, [export, its argument as sent or null].
    /** @type {string[] | null} */
    this.rawLog = debug ? [] : null;
    this.debug = debug;
    /** @type {[ExportName, string | null][] | null} */
    this.sentLog = debug ? [] : null;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    /** @type {(name: ExportName, answer: any) => void} sees every answer, in order (friends/hub.js) */
    this.onAnswer = () => undefined;
  }

  /**
   * @param {Manifest} manifest
   * @param {(stage: string) => void} onStage
   * @returns {Promise<BootReady>}
   */
  async start(manifest, onStage) {
    onStage("runtime");
    const base = location.href;
    // ?wasm=worker, for tests and figures: the worker compiles Pyodide's wasm itself, as it
    // does whenever the page has none to give (runtime-module.js).
    const compileHere = new URLSearchParams(location.search).get("wasm") !== "worker";
    const wasmURL = new URL("pyodide.asm.wasm", new URL(manifest.pyodide, base)).href;
    const runtime = compileHere ? compileRuntime(wasmURL) : null;
    await ensureIndexedDB(new URL(manifest.memory_indexeddb, base).href).catch(() => false);
    performance.mark("vnv:client-start");
    const core = await import(new URL(manifest.pyscript, base).href).catch((error) => {
      throw new BootError("fetch", errorText(error));
    });
    onStage("python");
    performance.mark("vnv:pyscript-imported");
    const boot = bootWrapper(manifest, base, compileHere, this.debug);
    // The worker PyScript is about to make asks for the wasm compiled above.
    const stopOffer = runtime ? offerRuntimeToNextWorker(runtime) : () => undefined;
    const started = core.PyWorker(new URL(manifest.worker, base).href, {
      config: {},
      version: boot.url,
    });
    started.then(stopOffer, stopOffer);
    const worker = await withTimeout(started, BOOT_TIMEOUT_MS, "timeout").catch((error) => {
      if (error instanceof BootError) throw error;
      throw new BootError("worker", errorText(error));
    });
    this.worker = worker;
    performance.mark("vnv:worker-started");
    this.sync = worker.sync;
    onStage("engine");
    // `sync` is a proxy: every name looks like a function, exported or not. A missing export
    // shows only when called (it throws), so boot() is called and must answer in JSON.
    let raw;
    try {
      raw = await withTimeout(Promise.resolve(this.sync.boot()), BOOT_CALL_TIMEOUT_MS, "worker");
    } catch (error) {
      if (error instanceof BootError) throw error;
      throw new BootError("worker", errorText(error));
    }
    this.record("boot", null, raw);
    /** @type {BootAnswer} */
    const info = JSON.parse(raw);
    if (!info.ok) throw new BootError("engine", info.message || info.error || "");
    const missing = EXPORTS.filter((name) => !(info.exports || []).includes(name));
    if (missing.length) throw new BootError("worker", "missing exports: " + missing.join(", "));
    this.info = info;
    /** @type {BootPath} */
    const path = await withTimeout(boot.path, BOOT_PATH_WAIT_MS, "path").catch(() => ({}));
    this.bootPath = path.path || "bare";
    document.documentElement.dataset.boot = this.bootPath;
    document.documentElement.dataset.bootSource = path.source || "";
    document.documentElement.dataset.bootReason = path.reason || "";
    document.documentElement.dataset.bootWasm = path.wasm || "";
    onStage("ready");
    if (this.bootPath !== "snapshot" && manifest.snapshot) scheduleSnapshot(manifest, base);
    return info;
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.sync = null;
  }

  /**
   * @param {ExportName} name
   * @param {string | null} arg
   * @param {unknown} raw
   */
  record(name, arg, raw) {
    if (!this.rawLog || !this.sentLog) return;
    this.rawLog.push(typeof raw === "string" ? raw : JSON.stringify(raw));
    this.sentLog.push([name, arg]);
  }

  /**
   * One export of the worker, its request and answer as the protocol says. Calls run one after
   * another: the worker holds one game and answers in order.
   * @template {ExportName} K
   * @param {K} name
   * @param {RequestArgs<K>} args
   * @returns {Promise<WorkerCalls[K]["answer"]>}
   */
  call(name, ...args) {
    const run = async () => {
      if (!this.sync) throw new BootError("worker", "not started");
      const arg = args[0] === undefined ? null : JSON.stringify(args[0]);
      const raw = arg === null ? await this.sync[name]() : await this.sync[name](arg);
      this.record(name, arg, raw);
      const answer = JSON.parse(raw);
      this.onAnswer(name, answer);
      return answer;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/**
 * The wrapper module's URL (see pyodide-boot.js) and a promise of the boot path it reports.
 * @param {Manifest} manifest
 * @param {string} base
 * @param {boolean} pageWasm  the page compiles Pyodide's wasm and offers it to the worker
 * @param {boolean} debug  the worker keeps its interpreter where tests reach it (vnvPython)
 * @returns {{url: string, path: Promise<BootPath>}}
 */
function bootWrapper(manifest, base, pageWasm, debug) {
  // ?snapshot= picks the sources, for tests and figures: "off" none (bare, nothing made);
  // "browser" only Cache Storage, filled by the background maker; "build" only the build's.
  const choice = new URLSearchParams(location.search).get("snapshot") || "";
  const snap = manifest.snapshot;
  const chan = "vnv-boot-" + crypto.getRandomValues(new Uint32Array(2)).join("-");
  const query = new URLSearchParams({ pyodide: manifest.pyodide, chan, idb: manifest.memory_indexeddb });
  if (pageWasm) query.set("wasm", "page");
  if (debug) query.set("debug", "1");
  if (snap && persistent && ["", "browser"].includes(choice)) query.set("key", snap.key);
  if (snap && snap.built && ["", "build"].includes(choice)) {
    query.set("src", snap.built.url);
    query.set("sha", snap.built.sha256);
    query.set("size", String(snap.built.bytes));
    query.set("dec", snap.decoder);
  }
  const url = new URL(manifest.snapshot ? manifest.snapshot.boot : "app/worker/pyodide-boot.js", base);
  url.search = query.toString();
  // Messages: the path taken, then {stored: key} once the build's snapshot was copied into
  // Cache Storage. Handled in that order, so `vnv.snapshot` ends up right (app/boot/preload.js).
  const path = new Promise((resolve) => {
    const bc = new BroadcastChannel(chan);
    bc.onmessage = ({ data }) => {
      if (data.stored) {
        writeItem(SNAPSHOT_STORED, data.stored);
        bc.close();
        return;
      }
      if (data.source === "cache" && snap) writeItem(SNAPSHOT_STORED, snap.key);
      else removeItem(SNAPSHOT_STORED);
      resolve(data);
    };
  });
  return { url: url.href, path };
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} code
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, code) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new BootError(code, ms + " ms")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** @param {any} error  anything thrown or rejected */
function errorText(error) {
  return String(error && (error.message || error));
}
