// "Share replay" on the end screen: the worker writes the finished game's replay link
// (replay_link: its configuration, seed or deal, every action, who sat where); the page shows it
// as the full page's address with #replay=…, selected, and copies it where the browser allows.

import { t } from "../core/i18n.js";
import { $, $as } from "../core/dom.js";
import { app } from "../state.js";
import { keepReplayLink } from "../learn/history.js";
import { copyField } from "../core/clipboard.js";

/** The address that opens this link in the full page's viewer (from the embed page too).
 * @param {string} link
 */
export function replayAddress(link) {
  return new URL(`./#replay=${link}`, location.href).href;
}

async function share() {
  if (!app.client) return;
  const resp = await app.client.call("replay_link");
  const status = $("replay-copied");
  if (!resp.ok) {
    status.textContent = t(`error.${resp.error}`);
    return;
  }
  const input = $as("replay-link", HTMLInputElement);
  input.value = replayAddress(resp.link);
  $("replay-link-box").hidden = false;
  $("copy-replay").hidden = false;
  input.select();
  await copy();
}

/** Copy the link; a browser that refuses (no clipboard in a frame) leaves it selected to copy. */
function copy() {
  return copyField($as("replay-link", HTMLInputElement), $("replay-copied"));
}

/** The finished game's link, kept with its reviews for the statistics dialog's last games. */
export async function keepReplay() {
  // A guided hand is not among the last games (learn/review.js): its link belongs to none of them.
  if (!app.client || app.resp?.guide) return;
  const resp = await app.client.call("replay_link");
  if (resp.ok) keepReplayLink(resp.link);
}

/** Hide the last game's link (a new end screen shows a new game). */
export function resetShare() {
  $as("replay-link", HTMLInputElement).value = "";
  $("replay-link-box").hidden = true;
  $("copy-replay").hidden = true;
  $("replay-copied").textContent = "";
}

export function bindShare() {
  $("share-replay").addEventListener("click", share);
  $("copy-replay").addEventListener("click", copy);
}
