// The first visit's heavy downloads (Pyodide's modules, the wasm, the stdlib or the build's
// snapshot; the built head lists them in data-fetch), started here as the head is parsed rather
// than when the worker gets to them. On a return visit the worker restores the copy of the
// snapshot kept in Cache Storage, and 16 MB the page never used cost it ~0.1 s at load 9: so
// only while no copy of this build's snapshot is stored (engine-client.js keeps its key in
// localStorage, `vnv.snapshot`). See docs/snapshot.md. A friend's page starts no engine and
// fetches none of it (docs/friends.md).
//
// Only what the page fetches itself gets a <link rel="preload">: the wasm, which the page
// compiles (worker/runtime-module.js, unless ?wasm=worker) with a fetch of the same mode. The
// worker's downloads (Pyodide's modules, the snapshot or the stdlib) cannot be served by the
// page's preload cache, and Chromium warned "preloaded but not used" for each: they are fetched
// here instead, their bodies read and dropped, so that each lands in the HTTP cache (immutable
// files) where the worker's own request finds it, one download each.
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
  const pageWasm = !/[?&]wasm=worker\b/.test(location.search);
  // A friend's page (#join=…) plays on the host's engine: it downloads none.
  const engine = !location.hash.startsWith("#join=");
  if (engine && (!key || stored !== key)) {
    for (const href of (script.dataset.fetch || "").split(" ").filter(Boolean)) {
      if (pageWasm && href.endsWith(".wasm")) {
        const link = document.createElement("link");
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous";
        link.href = href;
        document.head.append(link);
      } else {
        fetch(href)
          .then((response) => response.body && response.body.pipeTo(new WritableStream()))
          .catch(() => undefined); // the worker asks again and reports what fails
      }
    }
  }
}
