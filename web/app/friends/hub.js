// The host's side of play with friends (docs/friends.md): one data channel per friend's seat.
// The host's engine answers every step with each friend's own answer (`guests`, built by the
// engine for that seat only); this module forwards them, unread, on that seat's channel, and
// turns a friend's message into the engine's `guest_act` for the seat the channel belongs to.
// A friend whose connection drops is away after AWAY_WAIT_MS: the seat's stand-in bot plays it
// until the friend joins again with a new invite and takes it back.

import { app, DEBUG, params } from "../state.js";
import { readItem, writeItem } from "../core/storage.js";
import { readGuestMessage } from "./messages.js";
import { acceptAnswer, hostOffer, parseStun } from "./rtc.js";
import { decodeDescription } from "./code.js";

/**
 * @typedef {import("../protocol").TableAnswer} TableAnswer
 * @typedef {"invited" | "connecting" | "connected" | "dropped"} Link how the host reaches the seat's friend
 * @typedef {{ seat: number, link: Link, pc: RTCPeerConnection | null, channel: RTCDataChannel | null,
 *   invite: { code: string, url: string, nonce: number } | null, timer: ReturnType<typeof setTimeout> | null }} Peer
 */

// A dropped friend's seat goes to its bot after this wait; ?away=<seconds> shortens it in tests.
const AWAY_WAIT_MS = DEBUG && params.has("away") ? Number(params.get("away")) * 1000 : 20000;
const STUN_KEY = "vnv.stun";
const BYE_MS = 500; // a friend's channel stays open this long after "bye", so the message arrives
// The answers that put another game at the host's table.
const NEW_TABLE = new Set(["new_game", "new_guide", "new_position", "resume"]);

export const hub = {
  /** @type {Map<number, Peer>} the friends' seats of the game at the table */
  peers: new Map(),
  /** @type {number[]} seats whose stand-in plays now, as the engine said last */
  away: [],
  /** @type {(resp: TableAnswer) => void} the host's table takes an answer (loop.takeAnswer) */
  onAnswer: () => undefined,
  /** @type {() => void} the friends' panel draws the peers again */
  onChange: () => undefined,
};

/** The STUN server the player set for play across networks, or "" (none: same network only). */
export function stunServer() {
  try {
    return parseStun(readItem(STUN_KEY)) ?? "";
  } catch {
    return ""; // a stored value that is not a STUN server: none
  }
}

/**
 * @param {string} value "" turns it off
 * @throws {Error} when the text is not a STUN server (nothing is stored then)
 */
export function setStunServer(value) {
  writeItem(STUN_KEY, parseStun(value) ?? "");
}

/**
 * Every answer of the host's engine passes here (EngineClient.onAnswer): each friend's part goes
 * on that friend's channel, and a game with other friends' seats resets the peers.
 * @param {string} call the export that answered
 * @param {any} answer
 */
export function forwardAnswer(call, answer) {
  if (!answer || !answer.ok || call === "guest_view") return; // joined() sends that one itself
  if (!answer.friends) {
    if (NEW_TABLE.has(call)) closeAll(); // a game without friends' seats: nobody to keep
    return;
  }
  const seats = /** @type {number[]} */ (answer.friends.guests);
  hub.away = answer.friends.away;
  if (NEW_TABLE.has(call)) syncPeers(seats, call === "resume");
  const kind = call === "new_game" ? "table" : "step";
  for (const [key, part] of Object.entries(answer.guests || {})) {
    const peer = hub.peers.get(Number(key));
    if (peer && peer.link === "connected") send(peer, { t: kind, a: part });
  }
}

/**
 * The peers of a new or resumed game: one per friend's seat. After a reload nobody is connected
 * any more: each friend is then dropped (a bot takes the seat after the wait), until they join again.
 * @param {number[]} seats
 * @param {boolean} resumed
 */
function syncPeers(seats, resumed) {
  const same = seats.length === hub.peers.size && seats.every((seat) => hub.peers.has(seat));
  if (same && !resumed) return; // "Play again" with the same friends: their channels stay
  closeAll();
  for (const seat of seats) {
    /** @type {Peer} */
    const peer = { seat, link: "invited", pc: null, channel: null, invite: null, timer: null };
    hub.peers.set(seat, peer);
    if (resumed) dropped(peer);
  }
}

/** Every friend's connection closed; each friend at the table is told the host left the game. */
function closeAll() {
  for (const peer of hub.peers.values()) {
    if (peer.timer) clearTimeout(peer.timer);
    send(peer, { t: "bye" });
    const pc = peer.pc;
    setTimeout(() => pc?.close(), BYE_MS); // the goodbye is sent before the connection goes
  }
  if (hub.peers.size) {
    hub.peers.clear();
    hub.onChange();
  }
}

/**
 * @param {Peer} peer
 * @param {unknown} message
 */
function send(peer, message) {
  if (peer.channel && peer.channel.readyState === "open") peer.channel.send(JSON.stringify(message));
}

/**
 * A new invite for this seat: an offer whose code the friend's page opens from a link or a QR code.
 * @param {number} seat
 */
export async function invite(seat) {
  const peer = hub.peers.get(seat);
  if (!peer) return null;
  peer.pc?.close();
  const nonce = crypto.getRandomValues(new Uint16Array(1))[0];
  // The seat and the invite's number, under one-letter keys: each character counts in a QR code.
  const { pc, channel, code } = await hostOffer({ stun: stunServer(), extra: { s: seat, n: nonce } });
  const url = new URL(location.pathname, location.href);
  url.hash = "join=" + code;
  peer.pc = pc;
  peer.channel = null;
  peer.invite = { code, url: url.href, nonce };
  if (peer.link === "connected") peer.link = "dropped";
  channel.addEventListener("open", () => joined(peer, pc, channel));
  channel.addEventListener("message", (event) => received(peer, channel, event.data));
  channel.addEventListener("close", () => peer.channel === channel && dropped(peer));
  pc.addEventListener("connectionstatechange", () => {
    if (peer.pc === pc && ["failed", "closed", "disconnected"].includes(pc.connectionState)) dropped(peer);
  });
  hub.onChange();
  return peer.invite;
}

/**
 * The friend's answer, scanned or pasted: it names the seat and the invite it answers.
 * @param {string} text the answer's code, or a text that holds it
 * @returns {Promise<number>} the seat it connects
 */
export async function takeAnswer(text) {
  const code = text.trim().replace(/^.*[#=]/s, "");
  const { extra } = decodeDescription(code);
  const seat = Number(extra && extra.s);
  const peer = hub.peers.get(seat);
  if (!peer || !peer.pc || !peer.invite || extra.n !== peer.invite.nonce) {
    throw new Error("this answer is not for an open invite of this table");
  }
  peer.link = "connecting";
  hub.onChange();
  await acceptAnswer(peer.pc, code);
  return seat;
}

/**
 * The friend is at the table: the seat is theirs again, and they get the whole table.
 * @param {Peer} peer
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel} channel
 */
async function joined(peer, pc, channel) {
  if (peer.pc !== pc || !app.client) return;
  if (peer.timer) clearTimeout(peer.timer);
  peer.timer = null;
  peer.channel = channel;
  peer.link = "connected";
  peer.invite = null;
  if (hub.away.includes(peer.seat)) {
    const back = await app.client.call("seat_away", { seat: peer.seat, away: false });
    if (back.ok) hub.onAnswer(back);
  }
  const table = await app.client.call("guest_view", { seat: peer.seat });
  if (table.ok) send(peer, { t: "table", a: table });
  hub.onChange();
}

/**
 * The friend's connection is gone: away after the wait, unless they are back by then.
 * @param {Peer} peer
 */
function dropped(peer) {
  if (peer.link === "dropped" && peer.timer) return;
  peer.link = "dropped";
  peer.channel = null;
  if (peer.timer) clearTimeout(peer.timer);
  peer.timer = setTimeout(() => letBotPlay(peer.seat), AWAY_WAIT_MS);
  hub.onChange();
}

/**
 * The seat's stand-in bot plays it from now on (the host's button, or the wait after a drop).
 * @param {number} seat
 */
export async function letBotPlay(seat) {
  const peer = hub.peers.get(seat);
  if (peer?.timer) clearTimeout(peer.timer);
  if (peer) peer.timer = null;
  if (!app.client || hub.away.includes(seat) || peer?.link === "connected") return;
  const resp = await app.client.call("seat_away", { seat, away: true });
  if (resp.ok) hub.onAnswer(resp);
}

/**
 * A friend's message: an action for the seat of the channel it came on, or refused untouched.
 * @param {Peer} peer
 * @param {RTCDataChannel} channel
 * @param {unknown} data
 */
async function received(peer, channel, data) {
  if (peer.channel !== channel || !app.client) return;
  const read = readGuestMessage(data);
  if (!read.ok) {
    send(peer, { t: "refused", n: read.n, error: "bad_message", message: read.reason });
    return;
  }
  const { n, action } = read.message;
  const resp = await app.client.call("guest_act", { seat: peer.seat, action });
  if (!resp.ok) {
    send(peer, { t: "refused", n, error: resp.error, message: resp.message || "" });
    return;
  }
  hub.onAnswer(resp);
}
