"""How often the open-challenge variant asks a player to decide, with auto-pass off and on.

In an open-challenge window the player may only call or let the play stand. Auto-pass
(``web/app/game/loop.js``, ``autoPassNow``) lets it stand for them unless the play gives a reason
to call: they hold cards of the claimed rank, the card counts make the claim a sure bluff, or
the play is its author's last cards. This measures, over seeded six-player games (Medium bots, a
Medium player in seat 0), how many of the player's prompts only offer Pass. The figures decide
auto-pass's default for a new player (``web/app/core/settings.js``; docs/web.md, "Auto-pass").
``.venv/bin/python -m tests.test_auto_pass 20`` prints them for 20 games.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from engine.bots import make_bot
from engine.cards import rank_of
from engine.coach import facts
from engine.table import Table

SEEDS = range(1, 5)


def auto_passes(answer: dict[str, Any]) -> bool:
    """The page's rule (loop.js ``autoPassNow``): a window the engine gives no reason to call."""
    return "call_reason" in answer and answer["call_reason"] is None


def prompts(seed: int, auto: bool) -> tuple[int, int]:
    """One game: the player's prompts, and how many of them were windows (Pass offered)."""
    table = Table()
    seats = [{"name": "", "level": "human"}] + [{"name": "", "level": "medium"}] * 5
    config = {"preset": "classic", "players": 6, "seed": seed, "options": {"open_challenge": True}}
    answer = table.new_game({"config": config, "human": 0, "seats": seats})
    player = make_bot("medium", random.Random(seed))
    asked = windows = 0
    while not answer["view"]["over"]:
        if answer["bot_to_move"]:
            answer = table.bot_step()
        else:
            view = answer["view"]
            if auto and auto_passes(answer):
                action: Any = {"type": "pass"}
            else:
                asked += 1
                windows += bool(view["legal"]["pass"])
                action = player.act(view)
            answer = table.act(action)
        player.observe(answer["events"])
    return asked, windows


def figures(seeds: range) -> dict[bool, tuple[int, int]]:
    """Prompts and Pass-only prompts over ``seeds``, by auto-pass off (False) and on (True)."""
    found = {}
    for auto in (False, True):
        counts = [prompts(seed, auto) for seed in seeds]
        found[auto] = (sum(c[0] for c in counts), sum(c[1] for c in counts))
    return found


def test_a_window_is_asked_exactly_when_a_call_may_pay() -> None:
    """Every open-challenge window of the player carries a reason or null, and the reason is
    right: "held" when the hand holds the claimed rank, "sure_bluff" exactly when the coach
    states a sure bluff (auto-pass never lets pass a claim the coach calls a lie), "last_cards"
    when the author has no card left; null only when none of these holds."""
    seen: set[object] = set()
    for seed in SEEDS:
        table = Table()
        seats = [{"name": "", "level": "human"}] + [{"name": "", "level": "medium"}] * 5
        config = {
            "preset": "classic",
            "players": 6,
            "seed": seed,
            "options": {"open_challenge": True},
        }
        answer = table.new_game({"config": config, "human": 0, "seats": seats})
        player = make_bot("medium", random.Random(seed))
        while not answer["view"]["over"]:
            if answer["bot_to_move"]:
                answer = table.bot_step()
                player.observe(answer["events"])
                continue
            view = answer["view"]
            legal = view["legal"]
            window = bool(legal["pass"]) and not legal["play"] and view["last_play"] is not None
            assert ("call_reason" in answer) == window, answer
            if window:
                last, reason = view["last_play"], answer["call_reason"]
                held = any(rank_of(card) == last["rank"] for card in view["hand"])
                codes = {fact["code"] for fact in facts(view, table._game().seen[0])}
                sure = "sure_bluff" in codes
                out = view["hand_sizes"][last["seat"]] == 0
                expected = (
                    "held" if held else "sure_bluff" if sure else "last_cards" if out else None
                )
                assert reason == expected, (reason, expected, view)
                seen.add(reason)
            answer = table.act(player.act(view))
            player.observe(answer["events"])
    assert {"held", None} <= seen, seen


def test_auto_pass_on_leaves_mostly_prompts_that_ask_for_more_than_a_pass() -> None:
    """Off, most prompts only offer Pass (what the player met); on, fewer than half do and
    there are far fewer prompts: the default for a new player is on."""
    (asked_off, windows_off), (asked_on, windows_on) = figures(SEEDS).values()
    assert windows_off > asked_off / 2, (asked_off, windows_off)
    assert windows_on < asked_on / 2, (asked_on, windows_on)
    assert asked_on < asked_off * 0.7


if __name__ == "__main__":
    games = range(1, 1 + int(sys.argv[1]) if len(sys.argv) > 1 else 9)
    for auto, (asked, windows) in figures(games).items():
        print(f"auto-pass {'on' if auto else 'off'}: {asked} prompts, {windows} only offered Pass")
