// The rule examples page (tools/render_examples.py): each example's frame is made when the
// reader asks for it (every frame runs its own Python), its embed code is written with this
// site's address, and the builder at the end (builder.js) sets up a position with clicks and
// writes the embed code for it (docs/positions.md, "The builder").

import { snippet } from "./position-link.js";
import { startBuilder } from "./builder.js";

/**
 * An iframe of the embed, in place of the box's button.
 * @param {HTMLElement} box
 * @param {string} src
 * @param {string} title
 */
function showFrame(box, src, title) {
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = title;
  box.replaceChildren(frame);
}

function examples() {
  for (const box of document.querySelectorAll(".example .frame")) {
    if (!(box instanceof HTMLElement)) continue;
    const src = box.dataset.src ?? "";
    const title = box.dataset.title ?? "";
    box.querySelector("button")?.addEventListener("click", () => showFrame(box, src, title));
    const code = box.parentElement?.querySelector(".code code");
    if (code) code.textContent = snippet(src, title);
  }
}

examples();
startBuilder();
