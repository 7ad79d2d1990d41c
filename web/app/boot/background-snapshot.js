// The snapshot made in the browser (docs/snapshot.md): after a bare boot, once the page is idle,
// a background worker (app/worker/snapshot-maker.js) makes the snapshot the next visit boots
// from and stores it in Cache Storage; its key goes to localStorage for app/boot/preload.js.

import { persistent, writeItem } from "../core/storage.js";

/** @typedef {import("./engine-client.js").Manifest} Manifest */

const SNAPSHOT_DELAY_MS = 2000; // after the engine is ready, then the next idle moment
// localStorage: the key of the snapshot kept in Cache Storage, so that app/boot/preload.js (which
// reads the same name) leaves out the first visit's preloads.
export const SNAPSHOT_STORED = "vnv.snapshot";

// Once per page: after a bare boot, when the page is idle, a background worker makes the
// snapshot the next visit boots from. <html data-snapshot> says how it went (tests wait on it).
let snapshotScheduled = false;
/**
 * @param {Manifest} manifest
 * @param {string} base the site's address, which the manifest's paths are relative to
 */
export function scheduleSnapshot(manifest, base) {
  const snap = manifest.snapshot;
  if (!snap || snapshotScheduled || !persistent || !globalThis.caches || !globalThis.BroadcastChannel) return;
  if (["off", "build"].includes(new URLSearchParams(location.search).get("snapshot") || "")) return;
  snapshotScheduled = true;
  const { maker: makerPath, key } = snap;
  const root = document.documentElement;
  const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 0));
  setTimeout(() => idle(() => makeSnapshot(), { timeout: 5000 }), SNAPSHOT_DELAY_MS);
  function makeSnapshot() {
    root.dataset.snapshot = "making";
    const maker = new URL(makerPath, base).href;
    // A static import in a blob module worker fails in Chromium; a dynamic one works.
    const code = `import(${JSON.stringify(maker)}).catch((e) => postMessage({ error: String(e) }));`;
    const blob = new Blob([code], { type: "text/javascript" });
    const blobURL = URL.createObjectURL(blob);
    const worker = new Worker(blobURL, { type: "module" });
    /**
     * @param {string} state
     * @param {string} [detail]
     */
    const done = (state, detail) => {
      root.dataset.snapshot = state;
      if (detail) root.dataset.snapshotDetail = detail;
      worker.terminate();
      URL.revokeObjectURL(blobURL);
    };
    worker.onerror = (event) => done("failed", String(event.message || "worker error"));
    worker.onmessage = ({ data }) => {
      if (data.ready) {
        worker.postMessage({
          pyodide: new URL(manifest.pyodide, base).href,
          key,
        });
      } else if (data.ok) {
        writeItem(SNAPSHOT_STORED, key);
        done("stored", `${Math.round(data.ms)} ms, ${data.bytes} bytes`);
      } else {
        done("failed", data.error);
      }
    };
  }
}
