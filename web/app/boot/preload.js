// The first visit's heavy preloads (Pyodide's modules, the wasm, the stdlib, the build's
// snapshot; the built head lists them in data-fetch), added here rather than written into the
// HTML: on a return visit the worker restores the copy of the snapshot kept in Cache Storage,
// and 16 MB of preloads the page never used cost it ~0.1 s at load 9 (and Chromium's "preloaded
// but not used" warnings). A classic script that runs as the head is parsed, so a first visit's
// downloads still start with the page's. engine-client.js keeps `vnv.snapshot` in
// localStorage: the key of the stored copy once there is one. See docs/snapshot.md.
{
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  const meta = document.querySelector('meta[name="vnv-boot"]');
  const key = JSON.parse((meta && meta.getAttribute("content")) || "{}").snapshot?.key;
  let stored = null;
  try {
    stored = localStorage.getItem("vnv.snapshot");
  } catch {
    // storage denied (a cross-site frame): a first visit every time
  }
  if (!key || stored !== key) {
    for (const href of (script.dataset.fetch || "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = href;
      document.head.append(link);
    }
  }
}
