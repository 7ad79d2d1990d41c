// The snapshot's size against the runtime's own floor, in one run on one machine: a snapshot of
// the vendored Pyodide with nothing of ours (trimmed and zeroed as ours is), and ours (the
// engine, the worker's code, the modules the worker imports), each compressed with brotli at
// the quality the build ships and at 11. What is left between the two rows is ours; what is in
// the first row no change of ours can remove. See docs/benchmarks-web.md.
//
// Run after a build: node tools/bench_snapshot.mjs dist

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const site = process.argv[2];
if (!site) {
  console.error("usage: node tools/bench_snapshot.mjs <built site>");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(site, "build.json"), "utf-8"));
const { prepare, trim, writeFiles, WORKER_FILE } = await import(
  pathToFileURL(join(site, "app/worker/snapshot.js")).href
);
const { loadPyodide } = await import(pathToFileURL(join(site, manifest.pyodide)).href);

/** @param {Uint8Array} heap @param {number} quality */
function brotli(heap, quality) {
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: heap.length,
  };
  return brotliCompressSync(heap, { params }).length;
}

/** @param {string} label @param {(py: any) => void} fill */
async function measure(label, fill) {
  const py = await loadPyodide({ _makeSnapshot: true });
  fill(py);
  const heap = py.makeMemorySnapshot();
  const sizes = [10, 11].map((quality) => brotli(heap, quality).toLocaleString("en"));
  console.log(`| ${label} | ${heap.length.toLocaleString("en")} | ${sizes.join(" | ")} |`);
}

console.log("| snapshot | raw bytes | brotli q10 (shipped) | brotli q11 |");
console.log("|---|---:|---:|---:|");
await measure("Pyodide alone, trimmed and zeroed (the floor)", trim);
await measure("ours", (py) => {
  const names = [...manifest.engine_files, WORKER_FILE];
  writeFiles(
    py,
    names.map((name) => [name, readFileSync(join(site, name))]),
  );
  prepare(py);
});
