// A data channel between the host's page and a friend's page with no signalling server: the host's
// offer and the friend's answer travel as codes (./code.js), each made once ICE gathering is
// complete (no trickle). No STUN or TURN server unless the player names one (stun:host:port, for
// play across networks): on one network the peers reach each other on their own addresses, and
// nothing leaves the page but the connection to the other peer. Plain WebRTC API only.

import { decodeDescription, encodeDescription } from "./code.js";

/** How long to wait for ICE gathering before the code is made from the candidates found so far. */
export const GATHER_MS = 5000;
const STUN = /^stun:(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*):(\d{1,5})$/i;

/**
 * @typedef {import("./code.js").Extra} Extra
 * @typedef {object} Options
 * @property {string | null} [stun] one STUN server, "stun:host:port"; none when empty
 * @property {Extra} [extra] what the code carries besides the description (./code.js)
 * @property {number} [gatherMs] the wait for ICE gathering (GATHER_MS)
 */

/**
 * A STUN server setting checked: "stun:host:port" (a host name, an IPv4 address or a bracketed
 * IPv6 address; port 1-65535), or null when the text is empty.
 * @param {string | null | undefined} text
 * @returns {string | null}
 * @throws {Error} when the text is not empty and not such a server
 */
export function parseStun(text) {
  const value = (text ?? "").trim();
  if (!value) return null;
  const found = value.match(STUN);
  if (!found || Number(found[5]) < 1 || Number(found[5]) > 65535) {
    throw new Error(`not a STUN server (stun:host:port): ${JSON.stringify(value)}`);
  }
  return value;
}

/** @param {Options} options */
function connection(options) {
  const stun = parseStun(options.stun);
  const pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
  // Negotiated: both pages make the same channel (id 0), no in-band open message to wait for.
  const channel = pc.createDataChannel("table", { negotiated: true, id: 0, ordered: true });
  return { pc, channel };
}

/**
 * Resolves when ICE gathering is complete, or after `ms` with what was gathered by then.
 * @param {RTCPeerConnection} pc
 * @param {number} ms
 */
function gathered(pc, ms) {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(undefined);
    };
    const check = () => pc.iceGatheringState === "complete" && finish();
    const timer = setTimeout(finish, ms);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

/**
 * The local description once gathered, as a code (TCP candidates are left out: ./code.js keeps
 * UDP ones only).
 * @param {RTCPeerConnection} pc
 * @param {Options} options
 * @param {Extra} extra
 */
async function localCode(pc, options, extra) {
  await gathered(pc, options.gatherMs ?? GATHER_MS);
  const local = pc.localDescription;
  if (!local || (local.type !== "offer" && local.type !== "answer")) throw new Error("no local description");
  return encodeDescription({ type: local.type, sdp: local.sdp }, extra);
}

/**
 * The host's side: a connection, its data channel (ordered, reliable; open once a friend's answer
 * is accepted and the peers meet), and the offer's code for the link and the QR code.
 * @param {Options} [options]
 * @returns {Promise<{ pc: RTCPeerConnection, channel: RTCDataChannel, code: string }>}
 */
export async function hostOffer(options = {}) {
  const { pc, channel } = connection(options);
  try {
    await pc.setLocalDescription(await pc.createOffer());
    return { pc, channel, code: await localCode(pc, options, options.extra ?? {}) };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/**
 * The friend's answer, given to the host's connection.
 * @param {RTCPeerConnection} pc the connection hostOffer made
 * @param {string} code the answer's code
 * @returns {Promise<Extra>} what the answer carries besides the description
 * @throws {Error} when the code is not an answer's (./code.js) or the browser refuses it
 */
export async function acceptAnswer(pc, code) {
  const { description, extra } = decodeDescription(code);
  if (description.type !== "answer") throw new Error("this code is an offer, not an answer");
  await pc.setRemoteDescription(description);
  return extra;
}

/**
 * Resolves with the channel once it is open; rejects if the connection fails or is closed first.
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel} channel
 * @returns {Promise<RTCDataChannel>}
 */
function opened(pc, channel) {
  const open = new Promise((resolve, reject) => {
    const check = () => {
      if (channel.readyState === "open") resolve(channel);
      else if (channel.readyState === "closed" || ["failed", "closed"].includes(pc.connectionState)) {
        reject(new Error(`the connection to the host ${pc.connectionState === "failed" ? "failed" : "closed"}`));
      } else return;
      channel.removeEventListener("open", check);
      channel.removeEventListener("close", check);
      pc.removeEventListener("connectionstatechange", check);
    };
    channel.addEventListener("open", check);
    channel.addEventListener("close", check);
    pc.addEventListener("connectionstatechange", check);
  });
  open.catch(() => undefined); // a caller that never waits for it is not told of a rejection
  return /** @type {Promise<RTCDataChannel>} */ (open);
}

/**
 * The friend's side: the host's offer (from the link or a QR code) answered. The answer's code
 * carries `options.extra`, or else the offer's extra back (the host knows which invite it
 * answers).
 * @param {string} offerCode
 * @param {Options} [options]
 * @returns {Promise<{ pc: RTCPeerConnection, channel: Promise<RTCDataChannel>, code: string, extra: Extra }>}
 *   channel resolves once the host has taken the answer and the channel is open; extra is the offer's
 * @throws {Error} when the code is not an offer's (./code.js) or the browser refuses it
 */
export async function guestAnswer(offerCode, options = {}) {
  const { description, extra } = decodeDescription(offerCode);
  if (description.type !== "offer") throw new Error("this code is an answer, not an invite");
  const { pc, channel } = connection(options);
  try {
    const open = opened(pc, channel);
    await pc.setRemoteDescription(description);
    await pc.setLocalDescription(await pc.createAnswer());
    const code = await localCode(pc, options, options.extra ?? extra);
    return { pc, channel: open, code, extra };
  } catch (error) {
    pc.close();
    throw error;
  }
}
