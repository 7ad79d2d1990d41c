// The memory snapshot's one stored entry, in Cache Storage (docs/snapshot.md): read by the boot
// wrapper (pyodide-boot.js) before a restore, written by it after fetching the build's copy and
// by the snapshot maker (snapshot-maker.js) after making one.
//
// A fixed URL, the snapshot bytes as the body, and three
// headers: the key it was made for (Pyodide version + engine files, computed by the build),
// its length and the SHA-256 of the body. The entry is trusted by its key: its bytes were
// checked when they came in (the build's against build.json's hash, the browser's made here),
// so a return visit reads and restores them without hashing 31 MB first. A wrong key or length
// drops the entry at once; a copy that does not restore is dropped by the boot wrapper; a
// restore that never finished (damaged memory can hang the interpreter) is found by a marker
// left while restoring, and the copy dropped on a later load; and the hash is checked after
// the restore, off the boot's path (verifyStored), so a copy damaged in a way the restore did
// not notice is dropped for the next visit.

export const CACHE_NAME = "vnv-snapshot";
export const ENTRY_URL = new URL("../__snapshot__", import.meta.url).href;
const KEY_HEADER = "x-vnv-snapshot-key";
const HASH_HEADER = "x-vnv-snapshot-sha256";
const LENGTH_HEADER = "x-vnv-snapshot-bytes";
// The marker: when a restore from the stored copy began (ms since the epoch), until it is done.
const RESTORING_URL = ENTRY_URL + "-restoring";
const UNFINISHED_MS = 60000; // a restore this old never finished: the copy hangs it

/** @typedef {{ bytes: Uint8Array<ArrayBuffer>, reason?: undefined } | { bytes?: undefined, reason: string }} Found */

/** @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot for `key`, in two steps, so that the caller can start the runtime in
// between: at once {reason} when there is none for this key (a wrong key's entry is dropped),
// else {size}, the length stored with it, {sha}, the hash its bytes had when stored, and
// {readInto}, which streams them into the caller's buffer of `size` bytes ({reason: "corrupt"},
// the entry dropped, when the body is not that long). The caller restores them and then calls
// restoreDone (or dropSnapshot).
/**
 * @param {string} key
 * @returns {Promise<{ size: number, sha: string, readInto: (target: Uint8Array<ArrayBuffer>) => Promise<Found>, reason?: undefined } | { readInto?: undefined, reason: string }>}
 */
export async function openSnapshot(key) {
  if (!globalThis.caches) return { reason: "no-cache-storage" };
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY_URL);
  if (!response) return { reason: "none" };
  if (response.headers.get(KEY_HEADER) !== key) {
    await cache.delete(ENTRY_URL);
    return { reason: "key-mismatch" };
  }
  const size = Number(response.headers.get(LENGTH_HEADER));
  const body = response.body;
  if (!Number.isSafeInteger(size) || size <= 0 || !body) {
    await cache.delete(ENTRY_URL);
    return { reason: "corrupt" };
  }
  const began = await cache.match(RESTORING_URL);
  if (!began) {
    // Not awaited: the write is on its way before the restore starts.
    cache.put(RESTORING_URL, new Response(String(Date.now()))).catch(() => undefined);
  } else if (Date.now() - Number(await began.text()) > UNFINISHED_MS) {
    await dropSnapshot();
    return { reason: "unfinished" };
  }
  return {
    size,
    sha: response.headers.get(HASH_HEADER) || "",
    readInto: (target) => storedInto(cache, body, target),
  };
}

// The restore from the stored copy finished (the engine answered from it).
export async function restoreDone() {
  await (await caches.open(CACHE_NAME)).delete(RESTORING_URL);
}

/**
 * @param {Cache} cache
 * @param {ReadableStream<Uint8Array>} body
 * @param {Uint8Array<ArrayBuffer>} target  exactly as long as the body must be
 * @returns {Promise<Found>}
 */
async function storedInto(cache, body, target) {
  const reader = body.getReader();
  let written = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (written + read.value.length > target.length) {
      written = -1;
      reader.cancel().catch(() => undefined);
      break;
    }
    target.set(read.value, written);
    written += read.value.length;
  }
  if (written !== target.length) {
    await cache.delete(ENTRY_URL);
    return { reason: "corrupt" };
  }
  return { bytes: target };
}

// After a restore from the stored copy, while the player is on the setup screen: the hash the
// boot skipped. A copy that no longer matches it is dropped, so the next visit fetches the
// build's snapshot again (or boots bare and makes one). True when the copy is intact.
/**
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {string} sha
 */
export async function verifyStored(bytes, sha) {
  if ((await sha256hex(bytes)) === sha) return true;
  await dropSnapshot();
  return false;
}

// The snapshot made at build time (snapshot/<sha>.bin.br, named in build.json): brotli, sent
// by the host as plain bytes and decoded here, as it arrives, by a small WebAssembly decoder
// (docs/snapshot.md: why not Content-Encoding), into the caller's buffer of the decoded length.
const DECODE_STEP = 1 << 22; // bytes of output per decoder call
/**
 * @param {string} url
 * @param {string} sha
 * @param {Uint8Array<ArrayBuffer>} bytes  as long as the decoded snapshot
 * @param {string} decoderURL
 * @returns {Promise<Found>}
 */
export async function fetchSnapshot(url, sha, bytes, decoderURL) {
  const [response, brotli] = await Promise.all([fetch(url), loadDecoder(decoderURL)]);
  if (!response.ok || !response.body) return { reason: `HTTP ${response.status}` };
  const size = bytes.length;
  const decoder = new brotli.BrotliDecStream();
  const reader = response.body.getReader();
  let written = 0;
  let finished = false;
  try {
    for (let read = await reader.read(); !read.done && !finished; read = await reader.read()) {
      let input = read.value;
      for (;;) {
        const step = decoder.dec(input, DECODE_STEP);
        const { buf, code } = step;
        input = input.subarray(step.input_offset);
        step.free();
        if (written + buf.length > size) return { reason: "corrupt" };
        bytes.set(buf, written);
        written += buf.length;
        if (code === brotli.BrotliStreamResultCode.ResultSuccess) finished = true;
        if (code !== brotli.BrotliStreamResultCode.NeedsMoreOutput) break;
      }
    }
  } catch {
    return { reason: "corrupt" }; // the decoder refused the stream
  } finally {
    decoder.free();
    reader.cancel().catch(() => undefined);
  }
  if (!finished || written !== size) return { reason: "corrupt" };
  if ((await sha256hex(bytes)) !== sha) return { reason: "corrupt" };
  return { bytes };
}

/**
 * The brotli decoder (vendored brotli-dec-wasm): its module, its WebAssembly instantiated.
 * @param {string} url
 */
async function loadDecoder(url) {
  const brotli = await import(url);
  await brotli.default();
  return brotli;
}

export async function dropSnapshot() {
  if (!globalThis.caches) return;
  const cache = await caches.open(CACHE_NAME);
  await Promise.all([cache.delete(ENTRY_URL), cache.delete(RESTORING_URL)]);
}

// `sha`: the bytes' SHA-256 when the caller has checked it already (the build's snapshot).
/**
 * @param {string} key
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {string} [sha]
 */
export async function storeSnapshot(key, bytes, sha) {
  const headers = {
    "content-type": "application/octet-stream",
    [KEY_HEADER]: key,
    [LENGTH_HEADER]: String(bytes.length),
    [HASH_HEADER]: sha || (await sha256hex(bytes)),
  };
  const cache = await caches.open(CACHE_NAME);
  await cache.put(ENTRY_URL, new Response(bytes, { headers }));
  await cache.delete(RESTORING_URL); // about the copy this one replaces
}
