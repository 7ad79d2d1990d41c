// Small typed DOM helpers shared by the page's modules: find an element the page's HTML is known
// to hold (and say which one is missing instead of failing later on null), and build elements.

/**
 * The element with this id; throws if the page lacks it (a broken page, not a game state).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

/**
 * The element with this id, checked to be of the given kind (an input, a select, a dialog...).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T; prototype: T }} kind
 * @returns {T}
 */
export function $as(id, kind) {
  const node = $(id);
  if (!(node instanceof kind)) throw new Error(`#${id} is not a ${kind.name}`);
  return node;
}

/** @typedef {Record<string, string | number | boolean | null | undefined>} Attrs */

/**
 * A new element: attributes (false, null and undefined are left out, true is an empty
 * attribute; "class" and "text" set className and textContent), then the children that are set.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Run `fn` in a task of its own once the next frame is drawn (or after 100 ms where no frame
 * comes, as in a hidden tab): work that forces a layout, kept out of the task that drew.
 * @param {() => unknown} fn
 */
export function afterPaint(fn) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const fallback = setTimeout(run, 100);
  requestAnimationFrame(() => {
    clearTimeout(fallback);
    setTimeout(run, 0);
  });
}
