// Memory snapshot of the engine's interpreter: shared by the boot wrapper (pyodide-boot.js, in
// the PyScript worker), the snapshot maker (snapshot-maker.js, a background worker) and the
// build (tools/make_snapshot.mjs). See docs/snapshot.md.
//
// One stored entry, in Cache Storage: a fixed URL, the snapshot bytes as the body, and two
// headers: the key it was made for (Pyodide version + engine files, computed by the build) and
// the SHA-256 of the body. A wrong key or a wrong hash means the entry is dropped and the
// engine boots bare; the page then makes a new one in the background.

export const CACHE_NAME = "vnv-snapshot";
export const ENTRY_URL = new URL("./__snapshot__", import.meta.url).href;
const KEY_HEADER = "x-vnv-snapshot-key";
const HASH_HEADER = "x-vnv-snapshot-sha256";

// Run in the _makeSnapshot session, after the engine files are in the file system. It must
// leave no JS object referenced from Python (none is touched here) and nothing personal:
// os.environ["_"] holds the maker's path when made by Node.
export const PREPARE = `
import os, sys, importlib, pkgutil
os.environ.pop("_", None)
import json, asyncio, random, traceback
import pyodide.ffi
import engine
for _info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(_info.name)
del _info
importlib.invalidate_caches()
`;

// After a restore: the interpreter must hold the engine. The module-level random state was
// frozen when the snapshot was made, so it is reseeded from os.urandom, which Emscripten
// serves from crypto.getRandomValues (game seeds are drawn from SystemRandom anyway).
export const AFTER_RESTORE = `
import sys, random
random.seed()
"engine" in sys.modules and "engine.game" in sys.modules
`;

/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {{ bytes: Uint8Array<ArrayBuffer>, reason?: undefined } | { bytes?: undefined, reason: string }} Found */

/** @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot for `key`: {bytes} when it is there and intact; {reason} otherwise (the
// entry is then dropped, so a new one is made).
/**
 * @param {string} key
 * @returns {Promise<Found>}
 */
export async function readSnapshot(key) {
  if (!globalThis.caches) return { reason: "no-cache-storage" };
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY_URL);
  if (!response) return { reason: "none" };
  if (response.headers.get(KEY_HEADER) !== key) {
    await cache.delete(ENTRY_URL);
    return { reason: "key-mismatch" };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256hex(bytes)) !== response.headers.get(HASH_HEADER)) {
    await cache.delete(ENTRY_URL);
    return { reason: "corrupt" };
  }
  return { bytes };
}

// The snapshot made at build time (snapshot/<key>.bin.gz, named in build.json). Gzipped
// on disk; a host that sends it with Content-Encoding: gzip has it decoded already.
/**
 * @param {string} url
 * @param {string} sha
 * @returns {Promise<Found>}
 */
export async function fetchSnapshot(url, sha) {
  const response = await fetch(url);
  if (!response.ok) return { reason: `HTTP ${response.status}` };
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  }
  if ((await sha256hex(bytes)) !== sha) return { reason: "corrupt" };
  return { bytes };
}

export async function dropSnapshot() {
  if (globalThis.caches) await (await caches.open(CACHE_NAME)).delete(ENTRY_URL);
}

/**
 * @param {string} key
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
export async function storeSnapshot(key, bytes) {
  const headers = {
    "content-type": "application/octet-stream",
    [KEY_HEADER]: key,
    [HASH_HEADER]: await sha256hex(bytes),
  };
  const cache = await caches.open(CACHE_NAME);
  await cache.put(ENTRY_URL, new Response(bytes, { headers }));
}

// The engine's .py files into the interpreter's file system, where PyScript's `files` config
// used to put them (./engine/... under the working directory, which is on sys.path).
/**
 * @param {URL} siteRoot
 * @returns {Promise<[string, Uint8Array][]>}
 */
export async function engineFiles(siteRoot) {
  const manifest = await fetch(new URL("build.json", siteRoot), { cache: "no-cache" });
  if (!manifest.ok) throw new Error(`build.json: HTTP ${manifest.status}`);
  /** @type {string[]} */
  const names = (await manifest.json()).engine_files;
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
