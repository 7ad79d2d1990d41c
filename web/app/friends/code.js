// A WebRTC session description as a short URL-safe text, and back (pure functions, no DOM).
//
// The host's offer travels in a link and a QR code, the friend's answer back as a QR code or a
// pasted text: only what the data channel needs is kept, and the full SDP is rebuilt on the other
// side. Format (bits, most significant first), then base64url without padding:
//
//   2   kind: 0 offer (setup actpass), 1 answer (setup active), 2 answer (setup passive)
//   2   ICE credentials: 0 ufrag of 4 + pwd of 24 ICE characters, 6 bits each (Chromium, Safari);
//       1 ufrag of 8 + pwd of 32 lowercase hex digits, 4 bits each (Firefox);
//       2 ufrag length (8 bits, 4-255), pwd length (8 bits, 22-255), then 6 bits a character
//   3   number of candidates (0-7), then the credentials, then the DTLS sha-256 fingerprint (256)
//   per candidate: 2 bits kind: 0 host IPv4 (32 bits), 1 srflx IPv4 (32 bits), 2 host mDNS
//       name <uuid>.local with a version 4 UUID (122 bits: the fixed version and variant bits
//       are left out), 3 host mDNS name with any other UUID (128 bits); then the port (16)
//   zero bits to the byte; then `extra` as JSON without its outer braces (UTF-8: {"seat":2}
//   travels as "seat":2, {} as nothing); then a CRC-16 (CCITT-FALSE) of the number of bytes
//   before it (modulo 256, one byte) and those bytes.
//
// Only UDP candidates of component 1 are kept, host or srflx (TCP, relay, IPv6 addresses are
// dropped). The rebuilt SDP has one m=application section (UDP/DTLS/SCTP webrtc-datachannel,
// mid 0, a=sctp-port:5000, a=max-message-size:262144) in a BUNDLE group, as Chromium and Firefox
// make it. Decoding takes hostile text: length capped, every field checked, one Error otherwise.

const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEX = "0123456789abcdef";
/** The longest code decodeDescription reads, in characters. */
export const MAX_CODE_CHARS = 600;
/** The largest `extra`, in bytes of JSON (each 3 bytes cost 4 characters). */
export const MAX_EXTRA_BYTES = 120;
const MAX_CANDIDATES = 7;
const SESSION = ["v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0"];
const KINDS = ["offer actpass", "answer active", "answer passive"]; // type and setup
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** @param {string} address an IPv4 address a peer can be reached on: 1.x.x.x to 223.x.x.x */
const unicast = (address) => IPV4.test(address) && /^([1-9]\d?|1\d\d|2[01]\d|22[0-3])\./.test(address);

/**
 * @typedef {{ type: "offer" | "answer", sdp: string }} Description
 * @typedef {{ kind: number, address: string, port: number }} Candidate
 * @typedef {{ [key: string]: unknown }} Extra a small JSON object the code carries
 */

/** @param {string} message */
const refuse = (message) => new Error(`not a table code: ${message}`);

class Bits {
  /** @param {Uint8Array} [bytes] what a reader reads; a writer starts empty */
  constructor(bytes) {
    this.bytes = bytes ?? new Uint8Array(0);
    /** @type {number[]} */
    this.out = [];
    this.at = 0; // bits read or written
  }
  /** @param {number} value @param {number} width at most 32 */
  put(value, width) {
    for (let i = width - 1; i >= 0; i--, this.at++) {
      if (this.at % 8 === 0) this.out.push(0);
      this.out[this.out.length - 1] |= (Math.floor(value / 2 ** i) & 1) << (7 - (this.at % 8));
    }
  }
  /** @param {number} width at most 32 */
  get(width) {
    let value = 0;
    for (let i = 0; i < width; i++, this.at++) {
      const byte = this.bytes[this.at >> 3];
      if (byte === undefined) throw refuse("too short");
      value = value * 2 + ((byte >> (7 - (this.at % 8))) & 1);
    }
    return value;
  }
}

/** @param {Uint8Array} bytes the CRC covers their number too, so that appended zeros change it */
function crc16(bytes) {
  let crc = 0xffff;
  for (const byte of [bytes.length & 0xff, ...bytes]) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  const bits = new Bits(Uint8Array.from([...bytes, 0])); // zeros for the last character's low bits
  let text = "";
  while (bits.at < bytes.length * 8) text += BASE64URL[bits.get(6)];
  return text;
}

/** @param {string} text */
function fromBase64url(text) {
  if (text.length % 4 === 1) throw refuse("cut short");
  const bits = new Bits();
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw refuse(`the character ${JSON.stringify(char)}`);
    bits.put(value, 6);
  }
  const bytes = Uint8Array.from(bits.out.slice(0, Math.floor((text.length * 6) / 8)));
  if (bits.out.length > bytes.length && bits.out[bytes.length] !== 0) throw refuse("stray bits at the end");
  return bytes;
}

/** @param {string} sdp @param {string} name the attribute, as in a=name:value */
function attribute(sdp, name) {
  const found = sdp.match(new RegExp(`^a=${name}:(.*?)\\s*$`, "m"));
  if (!found) throw new Error(`the description has no a=${name}`);
  return found[1];
}

/**
 * The UDP candidates of component 1 the code can carry, highest priority first.
 * @param {string} sdp
 * @returns {Candidate[]}
 */
function candidates(sdp) {
  const found = [];
  for (const line of sdp.split(/\r?\n/)) {
    const [head, component, transport, priority, name, port, typ, type] = line.trim().split(/\s+/);
    if (!/^a=candidate:/.test(head) || component !== "1" || transport.toLowerCase() !== "udp" || typ !== "typ")
      continue;
    const address = name.toLowerCase();
    const uuid = address.match(UUID);
    let kind = -1;
    if (unicast(address)) kind = ["host", "srflx"].indexOf(type);
    else if (uuid && type === "host") kind = uuid[3][0] === "4" && "89ab".includes(uuid[4][0]) ? 2 : 3;
    const number = Number(port);
    if (kind >= 0 && number > 0 && number < 65536) found.push({ kind, address, port: number, priority: +priority });
  }
  found.sort((a, b) => b.priority - a.priority);
  return found.slice(0, MAX_CANDIDATES).map(({ kind, address, port }) => ({ kind, address, port }));
}

/** @param {Bits} bits @param {string} text @param {string} alphabet of 16 or 64 characters */
function putChars(bits, text, alphabet) {
  const width = Math.log2(alphabet.length);
  for (const char of text) bits.put(alphabet.indexOf(char), width);
}

/** @param {Bits} bits @param {Candidate} candidate */
function putCandidate(bits, { kind, address, port }) {
  bits.put(kind, 2);
  if (kind < 2) for (const part of address.split(".")) bits.put(Number(part), 8);
  const hex = address.slice(0, 36).replaceAll("-", "");
  if (kind === 3) putChars(bits, hex, HEX);
  if (kind === 2) {
    putChars(bits, hex.slice(0, 12) + hex.slice(13, 16), HEX); // hex[12] is the version, 4
    bits.put(HEX.indexOf(hex[16]) & 3, 2); // the variant's two free bits: 8, 9, a or b
    putChars(bits, hex.slice(17), HEX);
  }
  bits.put(port, 16);
}

/**
 * A session description as a code: see the format at the top of this file.
 * @param {Description} description an RTCSessionDescription or its JSON
 * @param {Extra | null} [extra] a small JSON object to carry along (MAX_EXTRA_BYTES)
 * @returns {string} base64url, no padding
 */
export function encodeDescription(description, extra = {}) {
  const { type, sdp } = description;
  const setup = attribute(sdp, "setup");
  const kind = KINDS.indexOf(`${type} ${setup}`);
  if (kind < 0) throw new Error(`a code cannot carry an ${type} with a=setup:${setup}`);
  if (attribute(sdp, "mid") !== "0" || attribute(sdp, "sctp-port") !== "5000") {
    throw new Error("a code carries a=mid:0 and a=sctp-port:5000 only");
  }
  const [ufrag, pwd] = [attribute(sdp, "ice-ufrag"), attribute(sdp, "ice-pwd")];
  if (!/^[A-Za-z0-9+/]{4,255}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,255}$/.test(pwd)) {
    throw new Error("the description's ICE credentials are not valid");
  }
  const fingerprint = sdp.match(/^a=fingerprint:sha-256 ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})\s*$/im);
  if (!fingerprint) throw new Error("the description has no sha-256 fingerprint");
  const found = candidates(sdp);
  const bits = new Bits();
  bits.put(kind, 2);
  const hex = /^[0-9a-f]{8}$/.test(ufrag) && /^[0-9a-f]{32}$/.test(pwd);
  const form = ufrag.length === 4 && pwd.length === 24 ? 0 : hex ? 1 : 2;
  bits.put(form, 2);
  bits.put(found.length, 3);
  if (form === 2) [ufrag.length, pwd.length].forEach((length) => bits.put(length, 8));
  putChars(bits, ufrag + pwd, form === 1 ? HEX : ICE_CHARS);
  putChars(bits, fingerprint[1].replaceAll(":", "").toLowerCase(), HEX);
  found.forEach((candidate) => putCandidate(bits, candidate));
  return seal([...bits.out, ...extraBytes(extra)]);
}

/** @param {Extra | null | undefined} extra */
function extraBytes(extra) {
  const object = extra ?? {};
  if (typeof object !== "object" || Array.isArray(object)) throw new Error("extra must be a JSON object");
  const bytes = new TextEncoder().encode(JSON.stringify(object).slice(1, -1));
  if (bytes.length > MAX_EXTRA_BYTES) throw new Error(`extra is over ${MAX_EXTRA_BYTES} bytes of JSON`);
  return bytes;
}

/** @param {number[]} body the bytes before the CRC */
function seal(body) {
  const crc = crc16(Uint8Array.from(body));
  const code = toBase64url(Uint8Array.from([...body, crc >> 8, crc & 0xff]));
  if (code.length > MAX_CODE_CHARS) throw new Error(`the code would be over ${MAX_CODE_CHARS} characters`);
  return code;
}

/** @param {Bits} bits @param {number} count @param {string} alphabet of 16 or 64 characters */
function getChars(bits, count, alphabet) {
  const width = Math.log2(alphabet.length);
  let text = "";
  for (let i = 0; i < count; i++) text += alphabet[bits.get(width)];
  return text;
}

/** @param {Bits} bits */
function getCandidate(bits) {
  const kind = bits.get(2);
  let address;
  if (kind < 2) address = [0, 0, 0, 0].map(() => bits.get(8)).join(".");
  else {
    const hex = kind === 3 ? getChars(bits, 32, HEX) : `${getChars(bits, 12, HEX)}4${getChars(bits, 3, HEX)}`;
    const uuid = kind === 3 ? hex : `${hex}${HEX[8 | bits.get(2)]}${getChars(bits, 15, HEX)}`;
    address = `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20)}.local`;
  }
  const port = bits.get(16);
  if (port === 0) throw refuse("a candidate on port 0");
  if (kind < 2 && !unicast(address)) throw refuse(`the address ${address}`);
  return { kind, address, port };
}

/** @param {Uint8Array} bytes the extra's JSON without its braces */
function readExtra(bytes) {
  if (bytes.length > MAX_EXTRA_BYTES) throw refuse("too long");
  let text;
  let extra;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    extra = JSON.parse(`{${text}}`);
  } catch {
    throw refuse("its extra is not JSON");
  }
  if (JSON.stringify(extra) !== `{${text}}`) throw refuse("its extra is not as encodeDescription writes it");
  return /** @type {Extra} */ (extra);
}

/**
 * A code back as a session description to give setRemoteDescription, and its extra.
 * @param {string} text a code from encodeDescription
 * @returns {{ description: Description, extra: Extra }} extra is {} when the code carries none
 * @throws {Error} when the text is not such a code (too long or short, a stray character, a field
 *   out of range, a failed CRC, an extra that is not JSON)
 */
export function decodeDescription(text) {
  if (typeof text !== "string") throw refuse("not a text");
  if (text.length > MAX_CODE_CHARS) throw refuse("too long");
  const bytes = fromBase64url(text);
  if (bytes.length < 3) throw refuse("too short");
  const body = bytes.subarray(0, -2);
  if (crc16(body) !== (bytes[bytes.length - 2] << 8) + bytes[bytes.length - 1]) throw refuse("damaged (CRC)");
  const bits = new Bits(body);
  const [kind, form, count] = [bits.get(2), bits.get(2), bits.get(3)];
  if (kind > 2 || form > 2) throw refuse("an unknown kind or form of ICE credentials");
  const [ufragLength, pwdLength] = form === 0 ? [4, 24] : form === 1 ? [8, 32] : [bits.get(8), bits.get(8)];
  if (ufragLength < 4 || pwdLength < 22) throw refuse("ICE credentials too short");
  const [ufrag, pwd] = [ufragLength, pwdLength].map((length) => getChars(bits, length, form === 1 ? HEX : ICE_CHARS));
  const fingerprint = getChars(bits, 64, HEX).toUpperCase().match(/../g) ?? [];
  const found = Array.from({ length: count }, () => getCandidate(bits));
  if (bits.at % 8 && bits.get(8 - (bits.at % 8)) !== 0) throw refuse("stray bits");
  const extra = readExtra(body.subarray(bits.at / 8));
  const [type, setup] = KINDS[kind].split(" ");
  const sdp = rebuild({ setup, ufrag, pwd, fingerprint: fingerprint.join(":"), candidates: found });
  return { description: { type: /** @type {"offer" | "answer"} */ (type), sdp }, extra };
}

/**
 * The SDP of a data-channel-only connection, as Chromium and Firefox accept it.
 * @param {{ setup: string, ufrag: string, pwd: string, fingerprint: string, candidates: Candidate[] }} parts
 */
function rebuild({ setup, ufrag, pwd, fingerprint, candidates }) {
  const lines = candidates.map(({ kind, address, port }, i) => {
    const [type, preference] = kind === 1 ? ["srflx raddr 0.0.0.0 rport 0", 100] : ["host", 126];
    const priority = preference * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    return `a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${type}`;
  });
  const media = ["m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", ...lines];
  const ice = [`a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fingerprint}`, `a=setup:${setup}`];
  const sctp = ["a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""];
  return [...SESSION, ...media, "a=end-of-candidates", ...ice, ...sctp].join("\r\n");
}
