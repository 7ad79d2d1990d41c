// A friend's page has no engine of its own: the table loop (game/loop.js) talks to this client as
// it talks to the worker, and it answers from the host's messages. Its seat's action goes to the
// host, whose answer for this seat comes back as the next step; "bot_step" (someone else is to
// move) waits for the next step the host sends, so the host paces the table. Whatever else the
// loop may ask for (undo, the coach, a replay link) is the host's alone and is not offered.

import { readHostMessage } from "./messages.js";

/**
 * @typedef {import("../protocol").TableAnswer} TableAnswer
 * @typedef {import("../protocol").ErrorAnswer} ErrorAnswer
 * @typedef {TableAnswer | ErrorAnswer} Answer
 */

export class RemoteClient {
  /**
   * @param {RTCDataChannel} channel
   * @param {{ onTable: (table: TableAnswer) => void, onBye: () => void }} host what the host
   *   sends besides steps: a whole table to draw anew (a new game, a join), and its leaving
   * @param {boolean} [debug] keep every message the host sent (the e2e tests read them)
   */
  constructor(channel, { onTable, onBye }, debug = false) {
    this.channel = channel;
    this.onTable = onTable;
    this.onBye = onBye;
    /** @type {string[] | null} */
    this.rawLog = debug ? [] : null;
    /** @type {Answer[]} steps and refusals not yet taken by the loop */
    this.queue = [];
    /** @type {((answer: Answer) => void) | null} the loop's call waiting for the next one */
    this.waiting = null;
    this.sent = 0;
    channel.addEventListener("message", (event) => this.receive(event.data));
  }

  /** @param {unknown} data */
  receive(data) {
    if (this.rawLog && typeof data === "string") this.rawLog.push(data);
    const message = readHostMessage(data);
    if (!message) {
      console.warn("a message from the host that is not ours was dropped");
      return;
    }
    if (message.t === "bye") {
      this.onBye();
      return;
    }
    if (message.t === "table") {
      this.queue = [];
      this.waiting = null; // the loop that waited is gone with the table it drew
      this.onTable(message.a);
      return;
    }
    // A refusal carries the engine's code, or "bad_message" for a message the host did not read.
    const refused = /** @type {ErrorAnswer} */ (/** @type {unknown} */ ({ ok: false, ...message }));
    const answer = message.t === "step" ? message.a : refused;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = null;
      waiting(answer);
    } else this.queue.push(answer);
  }

  /** @returns {Promise<Answer>} the next step or refusal, now or when it arrives */
  next() {
    const first = this.queue.shift();
    if (first) return Promise.resolve(first);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /**
   * The loop's calls, as the worker would take them.
   * @param {string} name
   * @param {unknown} [request]
   * @returns {Promise<any>}
   */
  call(name, request) {
    if (name === "bot_step") return this.next();
    if (name === "act" && this.channel.readyState === "open") {
      this.sent += 1;
      this.channel.send(JSON.stringify({ t: "act", n: this.sent, action: request }));
      return this.next();
    }
    if (name === "act") return Promise.resolve({ ok: false, error: "not_connected", message: "the host is gone" });
    return Promise.resolve({ ok: false, error: "not_offered", message: `${name} is the host's` });
  }
}
