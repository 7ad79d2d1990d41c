// Memory snapshot of the engine's interpreter: shared by the boot wrapper (pyodide-boot.js, in
// the PyScript worker), the snapshot maker (snapshot-maker.js, a background worker) and the
// build (tools/make_snapshot.mjs). See docs/snapshot.md.
//
// One stored entry, in Cache Storage: a fixed URL, the snapshot bytes as the body, and three
// headers: the key it was made for (Pyodide version + engine files, computed by the build),
// its length and the SHA-256 of the body. The entry is trusted by its key: its bytes were
// checked when they came in (the build's against build.json's hash, the browser's made here),
// so a return visit reads and restores them without hashing 31 MB first. A wrong key or length
// drops the entry at once; a copy that does not restore is dropped by the boot wrapper; a
// restore that never finished (damaged memory can hang the interpreter) is found by a marker
// left while restoring, and the copy dropped on a later load; and the hash is checked after
// the restore, off the boot's path (verifyStored), so a copy damaged in a way the restore did
// not notice is dropped for the next visit.

export const CACHE_NAME = "vnv-snapshot";
export const ENTRY_URL = new URL("../__snapshot__", import.meta.url).href;
const KEY_HEADER = "x-vnv-snapshot-key";
const HASH_HEADER = "x-vnv-snapshot-sha256";
const LENGTH_HEADER = "x-vnv-snapshot-bytes";
// The marker: when a restore from the stored copy began (ms since the epoch), until it is done.
const RESTORING_URL = ENTRY_URL + "-restoring";
const UNFINISHED_MS = 60000; // a restore this old never finished: the copy hangs it

// Run in the _makeSnapshot session, after the engine files are in the file system. It must
// leave no JS object referenced from Python (none is touched here) and nothing personal:
// os.environ["_"] holds the maker's path when made by Node. Then it trims what the heap need
// not carry: the module used only to walk the engine, the caches of imports, regular
// expressions, typing and source lines (refilled on demand), and garbage.
//
// It also compiles the worker's own code (app/worker.py, which PyScript runs with runPython
// once the interpreter is up) and keeps it in the heap as the module _vnv_worker (its text and
// code object; runPrecompiled uses it). After a restore nothing of CPython's compiler has run
// yet, and compiling those 800 lines there took ~1 s of a return visit at load 9 (0.2-0.3 s in
// Node): its longest step (docs/benchmarks-web.md). Both makers write the file into the file
// system with the engine's.
export const WORKER_FILE = "app/worker.py";
const WORKER_MODULE = "_vnv_worker";
const PREPARE = `
import os, sys, importlib, pkgutil
os.environ.pop("_", None)
import json, asyncio, random, traceback
import pyodide.ffi
import engine
for _info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(_info.name)
del _info
import gc, linecache, re, typing
for _cleanup in typing._cleanups:
    _cleanup()
del _cleanup
re.purge()
linecache.clearcache()
sys.path_importer_cache.clear()
importlib.invalidate_caches()
del sys.modules["pkgutil"], pkgutil
import types
_worker = types.ModuleType("${WORKER_MODULE}")
with open("${WORKER_FILE}", encoding="utf-8") as _file:
    _worker.SOURCE = _file.read().strip()
_worker.CODE = compile(_worker.SOURCE, "worker.py", "exec", dont_inherit=True)
sys.modules[_worker.__name__] = _worker
del _worker, _file, types
sys._clear_internal_caches()
gc.collect()
`;

// The heap's free memory still holds whatever was there before (freed objects, the import
// machinery's buffers): megabytes of noise that compress badly. Allocating it zeroed (calloc)
// and freeing it again leaves it zero, and the snapshot ~13 % smaller once compressed. Never
// asks for more memory than the heap has (that would make the snapshot larger).
const HEADROOM = 1 << 18;
/** @param {Pyodide} py */
export function zeroFreeMemory(py) {
  /** @type {any} Emscripten's module, with malloc's exports (not in Pyodide's types) */
  const wasm = /** @type {any} */ (py)._module;
  const end = wasm.HEAP8.length;
  const held = [];
  for (let size = 1 << 22; size >= 16; size >>= 1) {
    while (wasm._sbrk(0) + size + HEADROOM <= end) {
      const top = wasm._sbrk(0);
      const block = wasm._calloc(1, size);
      if (!block) break;
      held.push(block);
      if (wasm._sbrk(0) !== top) break; // taken from the top of the heap: try smaller blocks
    }
  }
  for (const block of held) wasm._free(block);
}

// What both makers (the build's in Node, the browser's background one) do before the dump.
/** @param {Pyodide} py */
export function prepare(py) {
  py.runPython(PREPARE);
  zeroFreeMemory(py);
}

// After a restore: the interpreter must hold the engine. The module-level random state was
// frozen when the snapshot was made, so it is reseeded from os.urandom, which Emscripten
// serves from crypto.getRandomValues (game seeds are drawn from SystemRandom anyway).
export const AFTER_RESTORE = `
import sys, random
random.seed()
"engine" in sys.modules and "engine.game" in sys.modules
`;

// After a restore: PyScript's runPython of the worker's code runs the code object the snapshot
// holds instead of compiling the text again, when the text is the one it was compiled from
// (else, and for any other code, runPython as ever). The result is the same module run in the
// same namespace; tracebacks name "worker.py".
/** @param {Pyodide} py */
export function runPrecompiled(py) {
  const sys = py.pyimport("sys");
  const worker = sys.modules.get(WORKER_MODULE);
  sys.destroy();
  if (!worker) return;
  /** @type {string} */
  const source = worker.SOURCE;
  const builtins = py.pyimport("builtins");
  const runPython = py.runPython.bind(py);
  /** @type {Pyodide["runPython"]} */
  py.runPython = (text, options = {}) => {
    if (text.trim() !== source) return runPython(text, options);
    py.runPython = runPython;
    performance.mark("vnv:worker-code"); // tools/trace_boot.py
    try {
      builtins.exec(worker.CODE, options.globals ?? py.globals);
    } finally {
      worker.destroy();
      builtins.destroy();
    }
    return undefined;
  };
}

// A restore needs none of the standard library's zip (2.5 MB, ~1 s of a first visit at
// 20 Mbit/s): the snapshot holds every module the engine, worker.py and PyScript's worker
// import, and a whole game imports nothing more (checked in the page: after the boot only `js`
// and `polyscript`, PyScript's JavaScript modules, were new). So a restore runs on an empty zip
// (app/empty.zip, passed as Pyodide's stdLibURL) and mountStdlib writes the real one in once it
// is downloaded, after the restore. Until then, an import that no finder satisfies fetches the
// zip at once (a synchronous request: allowed in a worker) and is tried again; a module that
// does not exist costs that one download, then fails as ever.
export const EMPTY_STDLIB = new URL("./empty.zip", import.meta.url).href;
// The zip's table of contents is cached in the heap (zipimport), so the snapshot's copy, of the
// real zip, would send imports to offsets the empty one lacks: it is forgotten after the
// restore, and again once the real zip is written.
const FORGET_ZIP = `
import sys, importlib, zipimport
for _path in [p for p in sys.path if p.endswith(".zip")]:
    sys.path_importer_cache.pop(_path, None)
    zipimport._zip_directory_cache.pop(_path, None)
importlib.invalidate_caches()
del _path
`;
const STDLIB_LATER = `
import sys, importlib.machinery
from _vnv_stdlib import mount_now as _mount_now
class _StdlibLater:
    @staticmethod
    def find_spec(name, path=None, target=None, mount=_mount_now):
        mount()
        return importlib.machinery.PathFinder.find_spec(name, path, target)
sys.meta_path.append(_StdlibLater)
del _StdlibLater, _mount_now
`;
const STDLIB_MOUNTED = `
import sys
sys.meta_path[:] = [f for f in sys.meta_path if getattr(f, "__name__", "") != "_StdlibLater"]
`;

/**
 * After a restore on EMPTY_STDLIB: the real standard library into the file system, downloaded
 * now, or at once by the first import that needs it.
 * @param {Pyodide} py
 * @param {string} url  python_stdlib.zip
 */
export function mountStdlib(py, url) {
  /** @type {string} */
  const path = py.runPython("[p for p in __import__('sys').path if p.endswith('.zip')][0]");
  let mounted = false;
  /** @param {Uint8Array} bytes */
  const mount = (bytes) => {
    if (mounted) return;
    mounted = true;
    py.FS.writeFile(path, bytes);
    py.runPython(FORGET_ZIP + STDLIB_MOUNTED);
    performance.mark("vnv:stdlib-mounted"); // tools/trace_boot.py
  };
  py.registerJsModule("_vnv_stdlib", {
    mount_now() {
      if (mounted) return;
      const request = new XMLHttpRequest();
      request.open("GET", url, false);
      request.responseType = "arraybuffer";
      request.send();
      if (request.status !== 200) throw new Error(`the standard library: HTTP ${request.status}`);
      mount(new Uint8Array(request.response));
    },
  });
  py.runPython(FORGET_ZIP + STDLIB_LATER);
  fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then(
      (buffer) => mount(new Uint8Array(buffer)),
      () => undefined, // the next import that needs it asks again (mount_now)
    );
}

/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {{ bytes: Uint8Array<ArrayBuffer>, reason?: undefined } | { bytes?: undefined, reason: string }} Found */

/** @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot for `key`, in two steps, so that the caller can start the runtime in
// between: at once {reason} when there is none for this key (a wrong key's entry is dropped),
// else {size}, the length stored with it, {sha}, the hash its bytes had when stored, and
// {readInto}, which streams them into the caller's buffer of `size` bytes ({reason: "corrupt"},
// the entry dropped, when the body is not that long). The caller restores them and then calls
// restoreDone (or dropSnapshot).
/**
 * @param {string} key
 * @returns {Promise<{ size: number, sha: string, readInto: (target: Uint8Array<ArrayBuffer>) => Promise<Found>, reason?: undefined } | { readInto?: undefined, reason: string }>}
 */
export async function openSnapshot(key) {
  if (!globalThis.caches) return { reason: "no-cache-storage" };
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY_URL);
  if (!response) return { reason: "none" };
  if (response.headers.get(KEY_HEADER) !== key) {
    await cache.delete(ENTRY_URL);
    return { reason: "key-mismatch" };
  }
  const size = Number(response.headers.get(LENGTH_HEADER));
  const body = response.body;
  if (!Number.isSafeInteger(size) || size <= 0 || !body) {
    await cache.delete(ENTRY_URL);
    return { reason: "corrupt" };
  }
  const began = await cache.match(RESTORING_URL);
  if (!began) {
    // Not awaited: the write is on its way before the restore starts.
    cache.put(RESTORING_URL, new Response(String(Date.now()))).catch(() => undefined);
  } else if (Date.now() - Number(await began.text()) > UNFINISHED_MS) {
    await dropSnapshot();
    return { reason: "unfinished" };
  }
  return {
    size,
    sha: response.headers.get(HASH_HEADER) || "",
    readInto: (target) => storedInto(cache, body, target),
  };
}

// The restore from the stored copy finished (the engine answered from it).
export async function restoreDone() {
  await (await caches.open(CACHE_NAME)).delete(RESTORING_URL);
}

/**
 * @param {Cache} cache
 * @param {ReadableStream<Uint8Array>} body
 * @param {Uint8Array<ArrayBuffer>} target  exactly as long as the body must be
 * @returns {Promise<Found>}
 */
async function storedInto(cache, body, target) {
  const reader = body.getReader();
  let written = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (written + read.value.length > target.length) {
      written = -1;
      reader.cancel().catch(() => undefined);
      break;
    }
    target.set(read.value, written);
    written += read.value.length;
  }
  if (written !== target.length) {
    await cache.delete(ENTRY_URL);
    return { reason: "corrupt" };
  }
  return { bytes: target };
}

// After a restore from the stored copy, while the player is on the setup screen: the hash the
// boot skipped. A copy that no longer matches it is dropped, so the next visit fetches the
// build's snapshot again (or boots bare and makes one). True when the copy is intact.
/**
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {string} sha
 */
export async function verifyStored(bytes, sha) {
  if ((await sha256hex(bytes)) === sha) return true;
  await dropSnapshot();
  return false;
}

// The snapshot made at build time (snapshot/<sha>.bin.br, named in build.json): brotli, sent
// by the host as plain bytes and decoded here, as it arrives, by a small WebAssembly decoder
// (docs/snapshot.md: why not Content-Encoding), into the caller's buffer of the decoded length.
const DECODE_STEP = 1 << 22; // bytes of output per decoder call
/**
 * @param {string} url
 * @param {string} sha
 * @param {Uint8Array<ArrayBuffer>} bytes  as long as the decoded snapshot
 * @param {string} decoderURL
 * @returns {Promise<Found>}
 */
export async function fetchSnapshot(url, sha, bytes, decoderURL) {
  const [response, brotli] = await Promise.all([fetch(url), loadDecoder(decoderURL)]);
  if (!response.ok || !response.body) return { reason: `HTTP ${response.status}` };
  const size = bytes.length;
  const decoder = new brotli.BrotliDecStream();
  const reader = response.body.getReader();
  let written = 0;
  let finished = false;
  try {
    for (let read = await reader.read(); !read.done && !finished; read = await reader.read()) {
      let input = read.value;
      for (;;) {
        const step = decoder.dec(input, DECODE_STEP);
        const { buf, code } = step;
        input = input.subarray(step.input_offset);
        step.free();
        if (written + buf.length > size) return { reason: "corrupt" };
        bytes.set(buf, written);
        written += buf.length;
        if (code === brotli.BrotliStreamResultCode.ResultSuccess) finished = true;
        if (code !== brotli.BrotliStreamResultCode.NeedsMoreOutput) break;
      }
    }
  } catch {
    return { reason: "corrupt" }; // the decoder refused the stream
  } finally {
    decoder.free();
    reader.cancel().catch(() => undefined);
  }
  if (!finished || written !== size) return { reason: "corrupt" };
  if ((await sha256hex(bytes)) !== sha) return { reason: "corrupt" };
  return { bytes };
}

/**
 * The brotli decoder (vendored brotli-dec-wasm): its module, its WebAssembly instantiated.
 * @param {string} url
 */
async function loadDecoder(url) {
  const brotli = await import(url);
  await brotli.default();
  return brotli;
}

export async function dropSnapshot() {
  if (!globalThis.caches) return;
  const cache = await caches.open(CACHE_NAME);
  await Promise.all([cache.delete(ENTRY_URL), cache.delete(RESTORING_URL)]);
}

// `sha`: the bytes' SHA-256 when the caller has checked it already (the build's snapshot).
/**
 * @param {string} key
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {string} [sha]
 */
export async function storeSnapshot(key, bytes, sha) {
  const headers = {
    "content-type": "application/octet-stream",
    [KEY_HEADER]: key,
    [LENGTH_HEADER]: String(bytes.length),
    [HASH_HEADER]: sha || (await sha256hex(bytes)),
  };
  const cache = await caches.open(CACHE_NAME);
  await cache.put(ENTRY_URL, new Response(bytes, { headers }));
  await cache.delete(RESTORING_URL); // about the copy this one replaces
}

// The engine's .py files into the interpreter's file system, where PyScript's `files` config
// used to put them (./engine/... under the working directory, which is on sys.path), and any
// `extra` ones (the snapshot maker's: WORKER_FILE).
/**
 * @param {URL} siteRoot
 * @param {string[]} [extra]
 * @returns {Promise<[string, Uint8Array][]>}
 */
export async function engineFiles(siteRoot, extra = []) {
  const manifest = await fetch(new URL("build.json", siteRoot), { cache: "no-cache" });
  if (!manifest.ok) throw new Error(`build.json: HTTP ${manifest.status}`);
  /** @type {string[]} */
  const names = [...(await manifest.json()).engine_files, ...extra];
  return Promise.all(
    names.map(async (name) => {
      const response = await fetch(new URL(name, siteRoot));
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      /** @type {[string, Uint8Array]} */
      const file = [name, new Uint8Array(await response.arrayBuffer())];
      return file;
    }),
  );
}

/**
 * @param {Pyodide} py
 * @param {[string, Uint8Array][]} files
 */
export function writeFiles(py, files) {
  const home = py.runPython("import os; os.getcwd()");
  for (const [name, bytes] of files) {
    const path = `${home}/${name}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, bytes);
  }
}
