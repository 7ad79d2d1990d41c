// A friend's page (docs/friends.md): opened from the host's invite (index.html#join=<code>), it
// starts no engine. It answers the invite with a code of its own (a QR code and a text the host
// scans or pastes); once the data channel is open, the table loop draws what the host's engine
// answers for this seat (friends/remote-client.js), in this page's language and with its own
// motion and sound, and sends this seat's actions back.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as } from "../core/dom.js";
import { logTable } from "../core/events.js";
import { app, DEBUG, joinCode } from "../state.js";
import { showNotice } from "../core/notice.js";
import { enterTable } from "../game/loop.js";
import { drawRestored, checkTable } from "../game/resume.js";
import { startedLine } from "../table/log.js";
import { RemoteClient } from "./remote-client.js";
import { guestAnswer } from "./rtc.js";
import { renderQR } from "./qr.js";
import { stunServer } from "./hub.js";
import { copyField } from "../core/clipboard.js";

/** @typedef {import("../protocol").TableAnswer} TableAnswer */

const SLOW_JOIN_MS = 120000; // an answer not taken by then is probably not going to be

/**
 * Answer the invite and wait for the host to take the answer.
 * @param {string} code
 */
export async function joinTable(code) {
  document.body.dataset.friend = "guest";
  $("boot").hidden = true;
  showJoin("friends.join.making");
  /** @type {Awaited<ReturnType<typeof guestAnswer>>} */
  let joined;
  try {
    joined = await guestAnswer(code, { stun: stunServer() });
  } catch (error) {
    console.warn("the invite was refused:", error);
    showJoin("friends.join.bad_invite");
    return;
  }
  const { version } = renderQR(joined.code, $("join-qr"));
  const field = $as("join-code", HTMLInputElement);
  field.value = joined.code;
  join.size = { chars: joined.code.length, version };
  $("join-answer").hidden = false;
  showJoin("friends.join.show_host");
  field.focus(); // the answer, selected to copy at once
  field.select();
  performance.mark("vnv:join-answer");
  // The host may never take this answer (it took another page's for the seat): say so, later.
  const slow = setTimeout(() => showJoin("friends.join.slow"), SLOW_JOIN_MS);
  /** @type {RTCDataChannel} */
  let channel;
  try {
    channel = await joined.channel;
  } catch (error) {
    console.warn("no connection to the host:", error); // ICE failed: another network, say
    showJoin("friends.join.lost");
    return;
  } finally {
    clearTimeout(slow);
  }
  showJoin("friends.join.connected");
  playOn(joined.pc, channel);
}

/**
 * The channel is open: the table loop plays on the host's answers from now on.
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel} channel
 */
function playOn(pc, channel) {
  let left = false; // the host said it left the game: the connection's end is no loss then
  /** @param {string} key */
  const over = (key) => {
    app.gen++; // nothing more comes: the loop stops waiting
    showNotice(t(key));
  };
  const onBye = () => {
    left = true;
    over("friends.join.ended");
  };
  const client = new RemoteClient(channel, { onTable: drawTable, onBye }, DEBUG);
  app.client = /** @type {any} */ (client); // the loop's calls, answered by the host
  app.remote = true;
  app.ready = true;
  const lost = () => left || over("friends.join.lost");
  channel.addEventListener("close", lost);
  // A page closed or left says so to the host at once (else the host waits for ICE to time out).
  addEventListener("pagehide", () => pc.close());
  pc.addEventListener("connectionstatechange", () => pc.connectionState === "failed" && lost());
}

/** What the join screen says, kept to write again in another language. */
const join = {
  said: "",
  /** @type {{ chars: number, version: number } | null} the answer's length and QR version */
  size: null,
};

function writeJoin() {
  $("join-status").textContent = join.said ? t(join.said) : "";
  $("join-size").textContent = join.size ? t("friends.code_size", join.size) : "";
}

/** @param {string} key what the join screen says now */
function showJoin(key) {
  const screen = $("join-screen");
  if (document.body.dataset.screen !== "table") {
    for (const id of ["setup-screen", "table-screen", "handoff-screen"]) $(id).hidden = true;
    screen.hidden = false;
    document.body.dataset.screen = "join";
  }
  join.said = key;
  writeJoin();
}

/**
 * The whole table the host sent: a new game, or the game so far (a join, a rejoin).
 * @param {TableAnswer} resp
 */
function drawTable(resp) {
  app.gen++;
  $("join-screen").hidden = true;
  performance.mark("vnv:join-seated");
  const restored = /** @type {import("../protocol").ResumedTable} */ (resp);
  if (Array.isArray(restored.log)) {
    checkTable(restored);
    drawRestored(restored, "friends.join.seated");
    return;
  }
  const first = resp.view.to_move;
  const ctx = logTable(resp);
  enterTable(resp, first === null ? [] : [startedLine(resp.view, ctx, first)]);
}

/** The join screen's copy button; a new invite opened in this tab (only the address's #join=
 * changes, which loads nothing) starts the page again on it. */
export function bindJoin() {
  addEventListener("hashchange", () => joinCode() !== null && location.reload());
  onLanguage(writeJoin);
  $("join-copy").addEventListener("click", () =>
    copyField($as("join-code", HTMLInputElement), $("join-copied"), "friends.copied"),
  );
}
