// The host's friends panel beside the table (docs/friends.md): each friend's seat with how it is
// reached (waiting to join, at the table, connection lost, played by its bot), an invite per seat
// (a link and its QR code), the field where the friend's answer is pasted or scanned, and the
// optional STUN server for play across networks.

import { onLanguage, t } from "../core/i18n.js";
import { $, $as, el } from "../core/dom.js";
import { copyField } from "../core/clipboard.js";
import { app } from "../state.js";
import { hub, invite, letBotPlay, setStunServer, stunServer, takeAnswer } from "./hub.js";
import { renderQR, startCamera } from "./qr.js";

/** @type {number | null} the seat whose invite is shown */
let shown = null;
/** @type {(() => void) | null} stops the camera */
let stopCamera = null;

/** What the rows show, as text: the panel is drawn again only when it changes (every answer
 * of the engine passes by, and a row drawn again would lose the keyboard's focus). */
let drawn = "";

/** @param {import("./hub.js").Peer} peer */
function stateOf(peer) {
  return hub.away.includes(peer.seat) ? "away" : peer.link;
}

/** The panel for the peers as they are now; hidden at a table without friends. */
export function renderFriends() {
  const panel = $("friends-panel");
  panel.hidden = hub.peers.size === 0;
  if (panel.hidden) {
    shown = null;
    drawn = "";
    $("friends-invite").hidden = true;
    return;
  }
  const peers = [...hub.peers.values()];
  const now = JSON.stringify([
    document.documentElement.lang,
    peers.map((p) => [p.seat, stateOf(p), app.names[p.seat]]),
  ]);
  if (now !== drawn) drawRows(peers);
  drawn = now;
  if (shown !== null && hub.peers.get(shown)?.link === "connected") {
    shown = null;
    $("friends-invite").hidden = true;
  }
}

/** @param {import("./hub.js").Peer[]} peers */
function drawRows(peers) {
  const rows = peers.map((peer) => {
    const state = stateOf(peer);
    const away = state === "away";
    const name = app.names[peer.seat] ?? "";
    const row = el(
      "li",
      { "data-seat": peer.seat, "data-state": state },
      el("span", { class: "seat-name", text: name }),
      " ",
      el("span", { class: "chip", text: t(`friends.state.${state}`) }),
    );
    if (peer.link !== "connected") {
      const button = el("button", { type: "button", class: "btn small", text: t("friends.invite", { name }) });
      button.addEventListener("click", () => showInvite(peer.seat));
      row.append(" ", button);
    }
    if (peer.link !== "connected" && !away) {
      const bot = el("button", { type: "button", class: "btn small", text: t("friends.bot_plays") });
      bot.addEventListener("click", () => letBotPlay(peer.seat));
      row.append(" ", bot);
    }
    return row;
  });
  $("friends-seats").replaceChildren(...rows);
}

/** @param {number} seat */
async function showInvite(seat) {
  shown = seat;
  $("friends-error").textContent = "";
  const box = $("friends-invite");
  box.hidden = true; // an older invite is no good any more
  delete box.dataset.seat;
  const made = await invite(seat);
  if (!made || shown !== seat) return;
  box.hidden = false;
  $("friends-invite-title").textContent = t("friends.invite_for", { name: app.names[seat] ?? "" });
  const { version } = renderQR(made.url, $("friends-qr"));
  $as("friends-link", HTMLInputElement).value = made.url;
  $("friends-size").textContent = t("friends.code_size", { chars: made.url.length, version });
  box.dataset.seat = String(seat);
  $("friends-answer").focus();
}

/** @param {string} text */
async function connect(text) {
  const error = $("friends-error");
  error.textContent = "";
  try {
    await takeAnswer(text);
    $as("friends-answer", HTMLInputElement).value = "";
  } catch (failure) {
    console.warn("the answer was refused:", failure);
    error.textContent = t("friends.bad_answer");
  }
}

function scan() {
  if (stopCamera) {
    stopCamera();
    stopCamera = null;
    $("friends-video").hidden = true;
    return;
  }
  const video = $as("friends-video", HTMLVideoElement);
  video.hidden = false;
  startCamera(video, (text) => {
    stopCamera?.();
    stopCamera = null;
    video.hidden = true;
    connect(text);
  })
    .then((stop) => {
      stopCamera = stop;
    })
    .catch((failure) => {
      console.warn("no camera:", failure);
      video.hidden = true;
      $("friends-error").textContent = t("friends.no_camera");
    });
}

export function bindFriends() {
  hub.onChange = renderFriends;
  onLanguage(renderFriends);
  document.addEventListener("vnv:answer", renderFriends); // the seats' names of a new game
  $("friends-answer-form").addEventListener("submit", (event) => {
    event.preventDefault();
    connect($as("friends-answer", HTMLInputElement).value);
  });
  $("friends-scan").addEventListener("click", scan);
  $("friends-copy").addEventListener("click", () =>
    copyField($as("friends-link", HTMLInputElement), $("friends-copied"), "friends.copied"),
  );
  const stun = $as("friends-stun", HTMLInputElement);
  stun.value = stunServer();
  stun.addEventListener("change", () => {
    try {
      setStunServer(stun.value);
      $("friends-error").textContent = "";
    } catch {
      $("friends-error").textContent = t("friends.bad_stun");
    }
    stun.value = stunServer();
  });
}
