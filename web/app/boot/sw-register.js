// Offline: registers the service worker the build generated with Workbox (sw.js, see
// docs/offline.md). It precaches every built file, the vendored Python runtime included, so
// after one visit the game starts and plays with no network.
//
// Registered once the engine is ready (or right away when a service worker already controls
// the page), so the first visit's boot does not compete with the precache download.
// <html data-sw> says how far it got: "registered", then "ready" when one is active; tests wait
// on it. ?sw=off skips it.

import { persistent } from "../core/storage.js";

const root = document.documentElement;

function register() {
  navigator.serviceWorker
    .register("sw.js", { scope: "./" })
    .then(() => {
      if (root.dataset.sw !== "ready") root.dataset.sw = "registered";
    })
    .catch((error) => {
      root.dataset.sw = "failed";
      console.warn("service worker:", error);
    });
}

/** @param {() => void} then */
function whenEngineReady(then) {
  const boot = document.getElementById("boot");
  if (!boot || boot.dataset.state === "ready") return then();
  const watch = new MutationObserver(() => {
    if (boot.dataset.state === "ready") {
      watch.disconnect();
      then();
    }
  });
  watch.observe(boot, { attributes: true, attributeFilter: ["data-state"] });
}

// Where the browser denies this page its storage (storage.js), it denies service workers too.
const wanted = persistent && new URLSearchParams(location.search).get("sw") !== "off";
if ("serviceWorker" in navigator && wanted) {
  navigator.serviceWorker.ready.then(() => {
    root.dataset.sw = "ready";
  });
  if (navigator.serviceWorker.controller)
    register(); // picks up a new deploy's sw.js
  else whenEngineReady(register);
}
