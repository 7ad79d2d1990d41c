// The one door to Python. Starts the PyScript worker that holds the game and the bots, and
// turns its exported functions into async calls that take and return plain JSON.
//
// Traps handled here (see docs/web.md):
// * PyWorker() called from JS ignores any page config for the interpreter: it gets `version:`
//   as the ABSOLUTE URL of the vendored pyodide.mjs, or it would fetch Pyodide from a CDN.
// * An import error inside the worker resolves silently, the exports are then just missing:
//   every expected export is checked, and boot() reports the engine's own import error.
// * Only JSON strings cross the boundary; no proxy is kept alive on either side.

const EXPORTS = ["boot", "new_game", "act", "bot_step", "resume", "forget"];
const BOOT_TIMEOUT_MS = 120000;
const BOOT_CALL_TIMEOUT_MS = 20000;

export class BootError extends Error {
  constructor(code, detail) {
    super(code);
    this.code = code; // i18n key suffix: boot.error.<code>
    this.detail = detail || "";
  }
}

export class EngineClient {
  constructor({ debug = false } = {}) {
    this.sync = null;
    this.worker = null;
    this.info = null;
    // Every raw string the worker sent, kept only in debug mode (tests read it).
    this.rawLog = debug ? [] : null;
    this.queue = Promise.resolve();
  }

  async start(manifest, onStage) {
    onStage("runtime");
    const base = location.href;
    const core = await import(new URL(manifest.pyscript, base).href).catch((error) => {
      throw new BootError("fetch", String(error && (error.message || error)));
    });
    onStage("python");
    const files = {};
    for (const name of manifest.engine_files) {
      files[new URL(name, base).href] = "./" + name;
    }
    const config = { files };
    const started = core.PyWorker(new URL(manifest.worker, base).href, {
      config,
      version: new URL(manifest.pyodide, base).href,
    });
    const worker = await withTimeout(started, BOOT_TIMEOUT_MS, "timeout").catch((error) => {
      if (error instanceof BootError) throw error;
      throw new BootError("worker", String(error && (error.message || error)));
    });
    this.worker = worker;
    this.sync = worker.sync;
    onStage("engine");
    // `sync` is a proxy: every name looks like a function, exported or not. A missing export
    // shows only when called (it throws), so boot() is called and must answer in JSON.
    let raw;
    try {
      raw = await withTimeout(Promise.resolve(this.sync.boot()), BOOT_CALL_TIMEOUT_MS, "worker");
    } catch (error) {
      if (error instanceof BootError) throw error;
      throw new BootError("worker", String(error && (error.message || error)));
    }
    this.record(raw);
    const info = JSON.parse(raw);
    if (!info.ok) throw new BootError("engine", info.message || info.error || "");
    const missing = EXPORTS.filter((name) => !(info.exports || []).includes(name));
    if (missing.length) throw new BootError("worker", "missing exports: " + missing.join(", "));
    this.info = info;
    onStage("ready");
    return info;
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.sync = null;
  }

  record(value) {
    if (this.rawLog) this.rawLog.push(typeof value === "string" ? value : JSON.stringify(value));
  }

  // Calls run one after another: the worker holds one game and answers in order.
  call(name, payload) {
    const run = async () => {
      if (!this.sync) throw new BootError("worker", "not started");
      const arg = payload === undefined ? undefined : JSON.stringify(payload);
      const raw = arg === undefined ? await this.sync[name]() : await this.sync[name](arg);
      this.record(raw);
      return JSON.parse(raw);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function withTimeout(promise, ms, code) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new BootError(code, ms + " ms")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
