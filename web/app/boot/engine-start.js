// Starts the engine's worker as early as the page can: this module runs right after the HTML
// is parsed (index.html loads it before main.js), before main.js has the catalog and
// build.json. What starting needs, the build wrote into the page (<meta name="vnv-boot">, the
// boot part of build.json, tools/build.py: boot_head). boot.js takes the started client over
// and shows its stages from then on. See docs/snapshot.md (overlap).

import { EngineClient } from "./engine-client.js";
import { DEBUG, JOINING } from "../state.js";

/** @returns {import("./engine-client.js").Manifest} */
function bootManifest() {
  const meta = document.querySelector('meta[name="vnv-boot"]');
  if (!meta) throw new Error("the page lacks its boot manifest (<meta name=vnv-boot>)");
  return JSON.parse(meta.getAttribute("content") || "");
}

let stage = "start";
/** @type {(name: string) => void} */
let show = () => undefined;
const client = new EngineClient({ debug: DEBUG });
// A friend's page plays on the host's engine and never starts one.
const started = JOINING
  ? new Promise(() => undefined)
  : Promise.resolve().then(() =>
      client.start(bootManifest(), (name) => {
        stage = name;
        show(name);
      }),
    );
started.catch(() => undefined); // boot.js awaits it and shows the error

/**
 * The client started above, and its start; `onStage` gets the stage reached so far, then every
 * later one.
 * @param {(stage: string) => void} onStage
 */
export function takeEngine(onStage) {
  show = onStage;
  onStage(stage);
  return { client, started };
}
