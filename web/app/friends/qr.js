// QR codes for the invites and answers: drawn with qrcode-generator, read with the browser's
// BarcodeDetector where it has one for QR codes, else with jsQR on the pixels of a canvas. Both
// libraries are vendored by the build (tools/build.py: copy_qr_libraries) under versioned folders
// at the site's root; the paths below name those versions, and the build fails if they are not
// the ones package.json pins. jsQR (250 kB) is loaded only when a code is read without a detector.
// Everything drawn is SVG elements and attributes: no style attribute, which the page's CSP
// (style-src 'self') would refuse.

// @ts-ignore: the build puts the library there (tools/build.py), not in the source tree
import { qrcode } from "../../vendor/qrcode-generator-2.0.4/qrcode.mjs";

const JSQR = "../../vendor/jsqr-1.4.0/jsQR.js";
const QUIET = 4; // the light margin around the code, in modules, as the standard asks
const SCAN_MS = 250; // a frame looked at four times a second
const SCAN_SIDE = 720; // frames are scaled down to this for jsQR

/**
 * @typedef {{ addData(data: string, mode?: "Byte"): void, make(): void, getModuleCount(): number,
 *   isDark(row: number, col: number): boolean }} QRCode qrcode-generator's code (its qrcode.d.ts)
 * @typedef {(typeNumber: number, level: "L" | "M" | "Q" | "H") => QRCode} QRFactory
 * @typedef {(data: Uint8ClampedArray, width: number, height: number,
 *   options?: { inversionAttempts?: "dontInvert" | "onlyInvert" | "attemptBoth" | "invertFirst" })
 *   => { data: string } | null} JsQR jsQR's reader (its dist/index.d.ts)
 * @typedef {{ detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> }} Detector
 * @typedef {HTMLVideoElement | HTMLCanvasElement | HTMLImageElement | ImageBitmap} Source
 */

/**
 * Draw `text` as a QR code (byte mode, error correction M, the smallest version that holds it):
 * an SVG that replaces the element's children and scales with it (dark modules black on white,
 * with the quiet zone).
 * @param {string} text
 * @param {Element} element
 * @returns {{ version: number, modules: number }} the QR version (1-40) and modules on a side
 */
export function renderQR(text, element) {
  const code = /** @type {QRFactory} */ (qrcode)(0, "M");
  code.addData(text, "Byte");
  code.make();
  const modules = code.getModuleCount();
  element.replaceChildren(drawSvg(code));
  return { version: (modules - 17) / 4, modules };
}

/** @param {QRCode} code */
function drawSvg(code) {
  const modules = code.getModuleCount();
  const side = modules + 2 * QUIET;
  let path = "";
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!code.isDark(row, col) || (col > 0 && code.isDark(row, col - 1))) continue;
      let run = 1;
      while (col + run < modules && code.isDark(row, col + run)) run++;
      path += `M${col + QUIET} ${row + QUIET}h${run}v1h-${run}z`;
    }
  }
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" ` +
    `aria-hidden="true"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  return document.importNode(parsed, true);
}

/** @type {Promise<Detector | null> | null} */
let detector = null;

/** The browser's QR code detector, or null where it has none. */
function nativeDetector() {
  detector ??= (async () => {
    const Detector = /** @type {any} */ (globalThis).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes("qr_code") ? /** @type {Detector} */ (new Detector({ formats: ["qr_code"] })) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** @type {Promise<JsQR> | null} */
let jsQR = null;

/** jsQR, loaded once: a UMD file that, run as a module, puts its function on `self`. */
function loadJsQR() {
  jsQR ??= import(new URL(JSQR, import.meta.url).href).then(() => {
    const found = /** @type {any} */ (globalThis).jsQR;
    if (typeof found !== "function") throw new Error("jsQR did not load");
    return /** @type {JsQR} */ (found);
  });
  jsQR.catch(() => (jsQR = null)); // tried again next time
  return jsQR;
}

/** @param {Source} source */
function sizeOf(source) {
  if (source instanceof HTMLVideoElement) return [source.videoWidth, source.videoHeight];
  if (source instanceof HTMLImageElement) return [source.naturalWidth, source.naturalHeight];
  return [source.width, source.height];
}

/**
 * The source's pixels, scaled down to SCAN_SIDE at most; null while it has none (a video that
 * has not started).
 * @param {Source} source
 */
function pixels(source) {
  const [width, height] = sizeOf(source);
  if (!width || !height) return null;
  const scale = Math.min(1, SCAN_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The text of a QR code seen in `source`, or null if none is read.
 * @param {Source} source
 * @param {{ native?: boolean }} [options] native: false reads with jsQR even where the browser
 *   has a detector
 * @returns {Promise<string | null>}
 */
export async function scanQR(source, options = {}) {
  const found = options.native === false ? null : await nativeDetector();
  if (found) {
    const codes = await found.detect(source);
    return codes.length ? codes[0].rawValue : null;
  }
  const read = await loadJsQR();
  const image = pixels(source);
  if (!image) return null;
  const code = read(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
  return code ? code.data : null;
}

/**
 * Film with the back camera into `video` and read QR codes from it a few times a second. The first
 * text read goes to `onText`; the camera stops then, unless `onText` returns false (a text that is
 * not what was expected: scanning goes on).
 * @param {HTMLVideoElement} video
 * @param {(text: string) => boolean | void} onText
 * @returns {Promise<() => void>} stops the camera (again: nothing)
 * @throws {Error} when there is no camera or the player or the page's policy refuses it
 */
export async function startCamera(video, onText) {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera here (it needs https)");
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    stream.getTracks().forEach((track) => track.stop());
    if (video.srcObject === stream) video.srcObject = null;
  };
  const look = async () => {
    if (stopped) return;
    const text = await scanQR(video).catch((error) => {
      console.warn("cannot read the camera:", error);
      return null;
    });
    if (stopped) return;
    if (text !== null && onText(text) !== false) return stop();
    timer = setTimeout(look, SCAN_MS);
  };
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    stop();
    throw error;
  }
  timer = setTimeout(look, SCAN_MS);
  return stop;
}
