"""Replays as links (docs/embedding.md "Replays"): a finished game's end screen gives
its link; opening it shows the viewer, which steps forward and back, plays at the bot speed,
jumps, and shows the game from any seat or with every hand open; closing it brings back the
player's own saved game untouched; an edited link says so in the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from driver import (
    Person,
    check_protocol,
    configure,
    deal,
    game_frame,
    open_page,
    play_again,
    wait_turn,
)
from playwright.sync_api import Page, expect

from engine.lab.replay_sizes import bot_game, table_of
from engine.links import pack, unpack
from engine.replay import link

BOOT_MS = 120_000


def wait_step(page: Page, step: int) -> None:
    expect(page.locator("#table-screen")).to_have_attribute(
        "data-replay-step", str(step), timeout=30_000
    )


def shared_game(page: Page, base_url: str, preset: str, seed: int) -> str:
    """Play a 3-player game to its end; its replay link (the text after #replay=) as shared."""
    open_page(page, base_url)
    configure(page, preset, 3, seed=seed, levels=["random", "random"])
    deal(page)
    Person(page).play_game()
    page.click("#share-replay")
    # The link is made by the worker: wait for it rather than read the field at once.
    link_field = page.locator("#replay-link")
    prefix = base_url.rstrip("/") + "/#replay="
    expect(link_field).to_have_value(re.compile("^" + re.escape(prefix)))
    address = link_field.input_value()
    return urlsplit(address).fragment.removeprefix("replay=")


def test_share_open_step_switch_seat_and_leave(page: Page, base_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    text = shared_game(page, base_url, "quick", 4)
    expect(page.locator("#replay-copied")).to_have_text("Link copied")
    assert page.evaluate("() => navigator.clipboard.readText()").endswith(text)
    assert len(text) < 2000

    # A game in progress, saved: the replay must leave it as it is.
    play_again(page)
    before = wait_turn(page)
    hand = before["hand"]

    page.goto(f"{base_url}?speed=instant&debug=1#replay={text}")
    expect(page.locator("#replay-bar")).to_be_visible(timeout=BOOT_MS)
    expect(page.locator("#replay-move")).to_contain_text("Move 0 of")
    steps = int(page.locator("#replay-slider").get_attribute("max") or 0)
    assert steps > 3
    expect(page.locator("#me-name")).to_have_text("Player")  # the sharer's unnamed seat
    expect(page.locator("#log li")).to_have_count(1)  # "New game: 3 players, …"
    # Step to the end and back.
    page.click("#replay-end")
    wait_step(page, steps)
    expect(page.locator("#replay-move")).to_have_text(f"Move {steps} of {steps}")
    expect(page.locator("#log li").last).to_have_text("Game over.")
    lines_at_end = page.locator("#log li").count()
    page.click("#replay-back")
    wait_step(page, steps - 1)
    assert page.locator("#log li").count() < lines_at_end
    page.click("#replay-start")
    wait_step(page, 0)
    expect(page.locator("#log li")).to_have_count(1)
    for step in (1, 2, 3):
        page.click("#replay-forward")
        wait_step(page, step)
    check_seat_views(page)
    # Play at the bot speed (instant) to the end.
    page.click("#replay-play")
    wait_step(page, steps)
    expect(page.locator("#replay-play")).to_have_text("Play")
    # The slider jumps.
    page.locator("#replay-slider").fill(str(steps // 2))
    wait_step(page, steps // 2)
    assert check_protocol(page) > 0

    # Leaving: the game in progress comes back as it was, and the address loses the replay.
    page.click("#replay-close")
    expect(page.locator("#replay-bar")).to_be_hidden()
    after = wait_turn(page)
    assert after["hand"] == hand
    assert "#replay" not in page.url


def check_seat_views(page: Page) -> None:
    """Another seat's view: its name and its cards only, the others' face down; then open."""
    page.select_option("#replay-seat", "1")
    expect(page.locator("#me-name")).to_have_text("Anna")
    own = page.locator("#replay-hand .card.face").count()
    assert own > 0
    sizes = page.locator("#opponents .seat-count").all_inner_texts()
    expect(page.locator("#opponents .card.face")).to_have_count(0)
    # Every hand open: the opponents' cards face up, as many as they hold.
    page.check("#replay-open")
    expect(page.locator("#opponents .card.face").first).to_be_visible()
    held = sum(int(size.split()[0]) for size in sizes)
    expect(page.locator("#opponents .card.face")).to_have_count(held)
    expect(page.locator("#log")).to_contain_text("Anna plays")
    # Open, the log names the cards of every play: "Anna plays 2 nines. [9♥, J♠]".
    expect(page.locator("#log li", has_text="Anna plays").first).to_contain_text("[")


def test_an_edited_or_broken_link_says_so(page: Page, base_url: str) -> None:
    record = unpack(shared_game(page, base_url, "classic", 6))
    tokens = record["a"].split(",")
    record["a"] = ",".join([*tokens[:-2], tokens[-1], tokens[-2]])  # two moves swapped
    page.goto(f"{base_url}?debug=1#replay={pack(record)}")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("This replay cannot be shown", timeout=BOOT_MS)
    expect(notice).to_contain_text("does not play back")
    expect(page.locator("#setup-screen")).to_be_visible()  # never a blank table
    expect(page.locator("#replay-bar")).to_be_hidden()
    page.goto(f"{base_url}?debug=1#replay=not-a-link")  # on the running page
    expect(notice).to_contain_text("could not be read")
    page.reload()  # and at the start
    expect(notice).to_contain_text("could not be read", timeout=BOOT_MS)
    expect(page.locator("#setup-screen")).to_be_visible()
    # The statistics dialog's last game keeps its (true) replay: it opens in the viewer.
    page.click("#stats-open")
    page.locator("#review-history li a").first.click()
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("#stats-dialog")).to_be_hidden()
    page.click("#replay-end")
    expect(page.locator("#replay-move")).to_have_text(f"Move {len(tokens)} of {len(tokens)}")


REPLAY_HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules site</title></head>
<body>
<iframe id="game" title="Verish' Ne Verish'" width="980" height="760" src="{game}"></iframe>
<iframe id="foreign" title="someone else" width="300" height="100" src="{foreign}"></iframe>
<script>
  window.received = [];
  addEventListener("message", (e) => received.push({{origin: e.origin, data: e.data}}));
  window.send = (message, origin) => {{
    received.length = 0;
    document.getElementById("game").contentWindow.postMessage(message, origin);
  }};
</script>
</body></html>
"""

FOREIGN_LOADER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>foreign</title></head><body><script>
  window.answers = [];
  addEventListener("message", (e) => answers.push(e.data));
  window.poke = (link) => parent.frames[0].postMessage({type: "vnv:load-replay", link}, "*");
</script></body></html>
"""


def answer_to(page: Page, message: dict[str, Any], origin: str) -> dict[str, Any]:
    """Post ``message`` to the game frame as the host page, and wait for the frame's answer
    (the game's own messages, such as vnv:game-started, may come in between)."""
    page.evaluate("([m, o]) => send(m, o)", [message, origin])
    answered = "() => received.find((m) => m.data.type.startsWith('vnv:replay-'))"
    page.wait_for_function(answered, timeout=30_000)
    received: dict[str, Any] = page.evaluate(answered)
    assert received["origin"] == origin
    return received["data"]  # type: ignore[no-any-return]


def test_a_host_on_another_origin_loads_and_steps_a_replay(
    page: Page,
    base_url: str,
    host_server: tuple[Path, int],
) -> None:
    folder, port = host_server
    game_origin = base_url.rstrip("/")
    host_origin = f"http://localhost:{port}"
    (folder / "foreign-loader.html").write_text(FOREIGN_LOADER, encoding="utf-8")
    query = f"lang=en&preset=quick&players=3&speed=slow&debug=1&parentOrigin={host_origin}"
    (folder / "replay-host.html").write_text(
        REPLAY_HOST.format(
            game=f"{game_origin}/embed.html?{query}",
            foreign=f"http://127.0.0.1:{port}/foreign-loader.html",
        ),
        encoding="utf-8",
    )
    game = bot_game("classic", 4, seed=2, level="medium")
    text = link(game, table_of(4))
    page.goto(f"{host_origin}/replay-host.html")
    frame = game_frame(page)
    expect(frame.locator("#boot")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)

    # A foreign origin's load is dropped: nothing answered, no viewer.
    foreign = next(f for f in page.frames if "foreign-loader" in f.url)
    foreign.evaluate("(link) => poke(link)", text)
    expect(frame.locator("html")).to_have_attribute("data-ignored-messages", "1")
    expect(frame.locator("#replay-bar")).to_be_hidden()

    state = answer_to(page, {"type": "vnv:load-replay", "link": text}, game_origin)
    steps = len(game.actions)
    assert (state["type"], state["step"], state["steps"]) == ("vnv:replay-state", 0, steps)
    expect(frame.locator("#replay-bar")).to_be_visible()
    state = answer_to(page, {"type": "vnv:replay-step", "by": 1}, game_origin)
    assert state["step"] == 1
    played = [event for event in state["events"] if event["type"] == "played"]
    assert played
    assert all("cards" not in event for event in played)  # public: the cards stay hidden
    assert "hand" not in state["table"]
    wait_step(frame, 1)  # type: ignore[arg-type]
    state = answer_to(page, {"type": "vnv:replay-step", "step": steps, "seat": 2}, game_origin)
    assert (state["step"], state["seat"], state["table"]["over"]) == (steps, 2, True)
    assert state["table"]["result"] == game.result
    again = answer_to(page, {"type": "vnv:replay-get"}, game_origin)
    assert again["step"] == steps
    assert again["table"] == state["table"]
    assert foreign.evaluate("() => answers") == []

    record = unpack(text)
    record["h"] = "0" * 16
    refused = answer_to(page, {"type": "vnv:load-replay", "link": pack(record)}, game_origin)
    assert refused["type"] == "vnv:replay-error"
    assert refused["error"] == "replay_mismatch"
    assert "does not play back" in refused["message"]
    expect(frame.locator("#notice")).to_contain_text("This replay cannot be shown")
