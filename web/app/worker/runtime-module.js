// Pyodide's wasm, compiled on the page while the page and PyScript's worker are still starting,
// then handed to the engine's worker (docs/snapshot.md, "The wasm compiled on the page").
//
// Why: compiling the 9 MB wasm is the longest single step of a return visit (~200 ms on a quiet
// 2-core machine), and the worker can only begin it once PyScript has started the worker and
// imported our boot module (~400 ms after navigation). The page can begin it ~250 ms sooner, on
// V8's background threads, and a compiled WebAssembly.Module crosses to a worker by
// postMessage. The two sides meet on a MessageChannel whose port the worker sends up with its
// first message (pyodide-boot.js: pageModule); PyScript's own message handlers ignore it.
//
// Everything here is an optimisation: the worker compiles the wasm itself whenever the page
// has no module to give (compile failed, the browser cannot send modules to workers).

/** @type {Map<string, Promise<WebAssembly.Module | null>>} */
const compiling = new Map();

/**
 * Starts compiling the wasm at `url` (once per URL and page) and returns the promise of it.
 * @param {string} url
 * @returns {Promise<WebAssembly.Module | null>}
 */
export function compileRuntime(url) {
  let module = compiling.get(url);
  if (!module) {
    // Any failure, a synchronous one too (a browser without compileStreaming), means null.
    module = Promise.resolve()
      .then(() => WebAssembly.compileStreaming(fetch(url)))
      .catch(() => null);
    compiling.set(url, module);
  }
  return module;
}

/** What the worker's first message says (pyodide-boot.js sends the same). */
export const ASK = "vnv:runtime-module";

/**
 * Answers the next worker's request for the compiled wasm: the module, or null when there is
 * none. The next worker is PyScript's: PyWorker() hands it over only once Python is up, and
 * PyScript's `hooks.main.onWorker` is not called for a PyWorker() made from JavaScript
 * (checked in @pyscript/core 0.7.31). So Worker.prototype.postMessage is wrapped until the
 * page first posts to a worker (PyScript's first message, the worker's options), and that
 * worker is the one listened to. Returns the function that takes the wrapper off (idempotent).
 * @param {Promise<WebAssembly.Module | null>} module
 * @returns {() => void}
 */
export function offerRuntimeToNextWorker(module) {
  const proto = Worker.prototype;
  const post = proto.postMessage;
  let taken = false;
  const restore = () => {
    if (proto.postMessage === wrapped) proto.postMessage = post;
  };
  /**
   * @this {Worker}
   * @param {any} message
   * @param {any} [options]
   */
  function wrapped(message, options) {
    restore();
    if (!taken) {
      taken = true;
      listen(this, module);
    }
    return post.call(this, message, options);
  }
  proto.postMessage = wrapped;
  return restore;
}

/**
 * @param {Worker} worker
 * @param {Promise<WebAssembly.Module | null>} module
 */
function listen(worker, module) {
  /** @param {MessageEvent} event */
  const answer = (event) => {
    const [port] = event.ports;
    if (event.data !== ASK || !port) return;
    worker.removeEventListener("message", answer);
    module.then((m) => {
      try {
        port.postMessage(m);
      } catch {
        port.postMessage(null); // this browser cannot send modules: the worker compiles
      }
      port.close();
    });
  };
  worker.addEventListener("message", answer);
}
