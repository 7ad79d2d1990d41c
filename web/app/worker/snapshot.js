// Memory snapshot of the engine's interpreter, the interpreter's side: what prepares it before
// the snapshot is taken, what runs after a restore, and the engine's files. Shared by the boot
// wrapper (pyodide-boot.js, in the PyScript worker), the snapshot maker (snapshot-maker.js, a
// background worker) and the build (tools/make_snapshot.mjs, in Node, which imports this file
// alone). Where the snapshot is kept: snapshot-store.js. See docs/snapshot.md.

// Run in the interpreter loaded with _makeSnapshot, after the engine files are in the file system. It must
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
const LOAD = `
import os, sys, importlib, pkgutil
import json, asyncio, functools, traceback
import pyodide.ffi
import engine
for _info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(_info.name)
del _info
del sys.modules["pkgutil"], pkgutil
import types
_worker = types.ModuleType("${WORKER_MODULE}")
with open("${WORKER_FILE}", encoding="utf-8") as _file:
    _worker.SOURCE = _file.read().strip()
_worker.CODE = compile(_worker.SOURCE, "worker.py", "exec", dont_inherit=True)
sys.modules[_worker.__name__] = _worker
del _worker, _file, types
`;
const TRIM = `
import os, sys, importlib
os.environ.pop("_", None)
import gc, linecache, re, typing
for _cleanup in typing._cleanups:
    _cleanup()
del _cleanup
re.purge()
linecache.clearcache()
sys.path_importer_cache.clear()
importlib.invalidate_caches()
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
  py.runPython(LOAD);
  trim(py);
}

// What any snapshot can shed before the dump, ours or a bare interpreter's
// (tools/bench_snapshot.mjs measures the runtime's own floor with it).
/** @param {Pyodide} py */
export function trim(py) {
  py.runPython(TRIM);
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
// (app/worker/empty.zip, passed as Pyodide's stdLibURL) and mountStdlib writes the real one in once it
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
