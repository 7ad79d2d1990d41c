// Link text for a position, made in the browser (the examples page's builder): the same encoding
// as engine/links.py's pack(), compact JSON -> raw deflate -> base64url without padding, so the
// engine's unpack() reads it. CompressionStream("deflate-raw") is the stream zlib writes with
// wbits -15; nothing else is needed. Also the iframe code a host page pastes for an embed link.

/**
 * @param {unknown} value JSON data
 * @returns {Promise<string>}
 */
export async function packLink(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of packed) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The iframe snippet for an embed address (absolute, from this page).
 * @param {string} src
 * @param {string} title
 */
export function snippet(src, title) {
  const url = new URL(src, location.href).href;
  const safe = title.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<iframe src="${url}" title="${safe}" width="980" height="760" style="max-width: 100%; border: 0" loading="lazy"></iframe>`;
}
