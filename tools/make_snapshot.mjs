// The memory snapshot made at build time, in Node (docs/snapshot.md): the site's vendored
// Pyodide, its engine files, and the same PREPARE code the browser's background maker runs.
// tools/build.py (snapshot_manifest) calls it and gzips the result.
//
// Run: node tools/make_snapshot.mjs <built site> <pyodide.mjs, relative to it> <out> <file>...

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [site, pyodide, out, ...files] = process.argv.slice(2);
if (!site || !pyodide || !out || !files.length) {
  console.error("usage: node tools/make_snapshot.mjs <site> <pyodide.mjs> <out> <file>...");
  process.exit(2);
}
const { PREPARE, writeFiles } = await import(pathToFileURL(join(site, "app/snapshot.js")).href);
const { loadPyodide } = await import(pathToFileURL(join(site, pyodide)).href);

const py = await loadPyodide({ _makeSnapshot: true });
writeFiles(
  py,
  files.map((name) => [name, readFileSync(join(site, name))]),
);
py.runPython(PREPARE); // also drops os.environ["_"], which names this script
const leaked = py.runPython(`import os; ",".join(k for k, v in os.environ.items() if "make_snapshot" in v)`);
if (leaked) throw new Error("the snapshot would carry the build path in " + leaked);
writeFileSync(out, py.makeMemorySnapshot());
