// Route 1 of docs/snapshot.md, measured by tools/bench_web.py: the memory snapshot made at build
// time, in Node, from a built site (its vendored Pyodide, its engine files, the same PREPARE
// code the browser's maker runs). Not part of `make build`: the browser makes its own.
//
// Run: node tools/make_snapshot.mjs <built site folder> <output file>

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node tools/make_snapshot.mjs <site> <out>");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(site, "build.json"), "utf-8"));
const { PREPARE, writeFiles } = await import(pathToFileURL(join(site, "app/snapshot.js")).href);
const { loadPyodide } = await import(pathToFileURL(join(site, manifest.pyodide)).href);

const py = await loadPyodide({ _makeSnapshot: true });
writeFiles(
  py,
  manifest.engine_files.map((name) => [name, readFileSync(join(site, name))]),
);
py.runPython(PREPARE); // also drops os.environ["_"], which names this script
const leaked = py.runPython(
  `import os; ",".join(k for k, v in os.environ.items() if "make_snapshot" in v)`,
);
if (leaked) throw new Error("the snapshot would carry the build path in " + leaked);
writeFileSync(out, py.makeMemorySnapshot());
