// The memory snapshot made at build time, in Node (docs/snapshot.md): the site's vendored
// Pyodide, its engine files, and the same preparation the browser's background maker runs.
// tools/build.py (snapshot_manifest) calls it. Writes the snapshot to <out> and its brotli
// form (what the site ships) to <out>.br, at the given quality (0-11), with a 16 MiB window.
//
// Run: node tools/make_snapshot.mjs <site> <pyodide.mjs, relative to it> <out> <quality> <file>...

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const [site, pyodide, out, quality, ...files] = process.argv.slice(2);
if (!site || !pyodide || !out || !quality || !files.length) {
  console.error("usage: node tools/make_snapshot.mjs <site> <pyodide.mjs> <out> <quality> <file>...");
  process.exit(2);
}
const { prepare, writeFiles } = await import(pathToFileURL(join(site, "app/worker/snapshot.js")).href);
const { loadPyodide } = await import(pathToFileURL(join(site, pyodide)).href);

const py = await loadPyodide({ _makeSnapshot: true });
writeFiles(
  py,
  files.map((name) => [name, readFileSync(join(site, name))]),
);
prepare(py); // also drops os.environ["_"], which names this script
const leaked = py.runPython(`import os; ",".join(k for k, v in os.environ.items() if "make_snapshot" in v)`);
if (leaked) throw new Error("the snapshot would carry the build path in " + leaked);
const snapshot = py.makeMemorySnapshot();
writeFileSync(out, snapshot);
const params = {
  [constants.BROTLI_PARAM_QUALITY]: Number(quality),
  [constants.BROTLI_PARAM_LGWIN]: 24,
  [constants.BROTLI_PARAM_SIZE_HINT]: snapshot.length,
};
writeFileSync(out + ".br", brotliCompressSync(snapshot, { params }));
