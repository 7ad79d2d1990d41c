// The rank picker beside the hand: a radio group shown when the play may claim more than one
// rank. Until the player picks one it preselects the rank of the chosen cards when they share
// one; the pick is kept in state.js (app.rank, app.rankChosen).

import { $, el } from "../core/dom.js";
import { rankText } from "../core/events.js";
import { app, current, myTurn } from "../state.js";

/** @typedef {import("../protocol").Rank} Rank */

/** What a play may be now, if the human is to play. */
export function playRule() {
  const legal = myTurn() ? current().view.legal : null;
  return legal && legal.play ? legal.play : null;
}

/** @returns {Rank[]} */
function allowedRanks() {
  const rule = playRule();
  return rule ? rule.ranks : [];
}

// The rank the play will claim: the only allowed one, the one picked, or, while the player
// has not picked, the rank of the selected cards when they all share an allowed rank.
/** @returns {Rank | null} */
export function claimRank() {
  const ranks = allowedRanks();
  if (ranks.length === 1) return ranks[0];
  if (app.rankChosen && app.rank !== null && ranks.includes(app.rank)) return app.rank;
  const hand = current().view.hand;
  const chosen = [...app.selected].map((i) => hand[i].slice(0, -1));
  if (!chosen.length || !chosen.every((r) => r === chosen[0])) return null;
  return ranks.find((r) => r === chosen[0]) ?? null;
}

/**
 * Show the picker when the play may claim more than one rank, its choice checked.
 * @param {() => void} onPick a rank was picked
 * @param {() => void} onEnter Enter on a rank: play the selected cards
 */
export function renderRankPicker(onPick, onEnter) {
  const ranks = allowedRanks();
  const picker = $("rank-picker");
  picker.hidden = ranks.length <= 1;
  const box = $("rank-options");
  const chosen = claimRank();
  if (picker.hidden) {
    box.replaceChildren();
    delete box.dataset.ranks;
    return;
  }
  const wanted = ranks.join(",");
  if (box.dataset.ranks !== wanted) {
    box.replaceChildren();
    box.dataset.ranks = wanted;
    for (const rank of ranks) {
      const input = el("input", { type: "radio", name: "claim-rank", value: rank, id: `rank-${rank}` });
      input.addEventListener("change", () => {
        app.rank = rank;
        app.rankChosen = true;
        onPick();
      });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          onEnter();
        }
      });
      box.append(el("label", { class: "rank-chip", for: `rank-${rank}` }, input, el("span", { text: rankText(rank) })));
    }
  }
  for (const input of box.querySelectorAll("input")) input.checked = input.value === chosen;
}

/** Rebuild the rank picker (rank symbols differ by language). */
export function forgetRankPicker() {
  delete $("rank-options").dataset.ranks;
}
