"""Positions in a real Chromium (docs/positions.md): an example of the rule examples page lets the
reader decide and explains the outcome; a position the rules cannot reach is said in the frame,
in the reader's language, over a usable page; a host page on another origin loads a position by
postMessage and reads the public state back, the cards of no hand included."""

from __future__ import annotations

import json
import re
from pathlib import Path

from driver import BOOT_TIMEOUT_MS, game_frame
from playwright.sync_api import Frame, Page, expect

from engine.links import pack, unpack
from engine.position import decode

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {
    e["id"]: e
    for e in json.loads((ROOT / "i18n/examples/examples.json").read_text(encoding="utf-8"))[
        "examples"
    ]
}

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules site</title></head><body>
<iframe id="game" title="game" width="980" height="760" src="{game}"></iframe>
<script>
  window.received = [];
  addEventListener("message", (e) => received.push({{origin: e.origin, data: e.data}}));
</script></body></html>
"""


def ready(frame: Frame) -> None:
    expect(frame.locator("html")).to_have_attribute(
        "data-position", "ready", timeout=BOOT_TIMEOUT_MS
    )
    expect(frame.locator("#act-challenge")).to_be_enabled()


def test_an_example_lets_the_reader_decide_and_explains_the_outcome(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url.rstrip('/')}/examples/en.html")
    section = page.locator("#ex-classic-fixed-rank")
    expect(section.locator("iframe")).to_have_count(0)  # made on demand: one Python per frame
    expect(section.locator(".code code")).to_contain_text("embed.html?lang=en#position=")
    section.get_by_role("button", name="Try it").click()
    handle = section.locator("iframe").element_handle()
    frame = handle.content_frame()
    assert frame is not None
    ready(frame)
    expect(frame.locator("#position-caption")).to_contain_text("Anna opened the round")
    expect(frame.locator("#opponents .seat")).to_have_count(2)
    expect(frame.locator("#hand [data-card]")).to_have_count(5)
    frame.locator("#act-challenge").click()
    expect(frame.locator("html")).to_have_attribute("data-position", "decided")
    box = frame.locator("#position-box")
    expect(box).to_contain_text("Boris bluffed, not all sevens")
    expect(box).to_contain_text("Boris takes the whole pile")
    expect(box.locator(".position-pile li")).to_have_count(2)
    boris = box.locator(".position-pile li").nth(1)
    expect(boris).to_have_class("bluff")
    expect(boris).to_contain_text("Boris: K♣ as 1 seven")
    expect(frame.locator("#act-play")).to_be_disabled()  # the table holds still
    expect(frame.locator("#end-screen")).to_be_hidden()
    # Try again: the same moment, the other decision.
    frame.locator("#position-again").click()
    ready(frame)
    expect(frame.locator("#position-box h2")).to_have_count(0)
    # The rules page links its section to this example.
    page.goto(f"{base_url.rstrip('/')}/rules/en.html")
    link = page.locator("#classic-play ~ .example-links a").first
    expect(link).to_have_attribute("href", "../examples/en.html#ex-classic-fixed-rank")


def test_a_position_the_rules_cannot_reach_is_said_in_the_frame(page: Page, base_url: str) -> None:
    bad = pack({"v": 1, "hands": [["7S"], ["7S"]], "turn": 0})
    page.goto(f"{base_url.rstrip('/')}/embed.html?lang=de#position={bad}")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(
        "Diese Stellung lässt sich nicht aufbauen.", timeout=BOOT_TIMEOUT_MS
    )
    expect(notice).to_contain_text("nach den Regeln nicht erreichbar")
    expect(page.locator("#setup-screen")).to_be_visible()  # never a blank frame
    page.goto(f"{base_url.rstrip('/')}/embed.html?lang=en#position=not-a-link")
    page.reload()
    expect(page.locator("#notice")).to_contain_text(
        "The link could not be read", timeout=BOOT_TIMEOUT_MS
    )


def test_a_host_on_another_origin_loads_a_position_by_message(
    page: Page,
    base_url: str,
    host_server: tuple[Path, int],
) -> None:
    folder, port = host_server
    game_origin = base_url.rstrip("/")
    host_origin = f"http://localhost:{port}"
    game = f"{game_origin}/embed.html?lang=en&speed=instant&parentOrigin={host_origin}"
    (folder / "position-host.html").write_text(HOST.format(game=game), encoding="utf-8")
    page.goto(f"{host_origin}/position-host.html")
    frame = game_frame(page)
    expect(frame.locator("#table-screen")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    example = EXAMPLES["quick-last-cards"]["position"]
    page.evaluate(
        "([origin, position]) => document.getElementById('game').contentWindow"
        ".postMessage({type: 'vnv:load-position', position}, origin)",
        [game_origin, pack({**example, "caption": {"en": "Sent by the host."}})],
    )
    page.wait_for_function("() => received.some((m) => m.data.type === 'vnv:position-loaded')")
    loaded = page.evaluate("() => received.find((m) => m.data.type === 'vnv:position-loaded')")
    assert loaded == {"origin": game_origin, "data": {"type": "vnv:position-loaded", "ok": True}}
    ready(frame)
    expect(frame.locator("#position-caption")).to_have_text("Sent by the host.")
    expect(frame.locator("#act-play")).to_be_disabled()  # last cards: the reader must call
    frame.locator("#act-challenge").click()
    expect(frame.locator("html")).to_have_attribute("data-position", "decided")
    page.evaluate(
        "(origin) => document.getElementById('game').contentWindow"
        ".postMessage({type: 'vnv:get-state'}, origin)",
        game_origin,
    )
    page.wait_for_function("() => received.some((m) => m.data.type === 'vnv:state')")
    state = page.evaluate("() => received.find((m) => m.data.type === 'vnv:state')")["data"][
        "state"
    ]
    assert state["decided"] == {
        "reason": "challenge_bluff",
        "taker": 2,
        "ended": None,
        "winner": None,
    }
    assert state["hand_sizes"] == [3, 2, 4]
    assert "hand" not in state  # no card of any hand goes to the host
    # An object works as well as link text; an impossible one is answered with the reason.
    page.evaluate(
        "([origin, position]) => document.getElementById('game').contentWindow"
        ".postMessage({type: 'vnv:load-position', position}, origin)",
        [game_origin, {**example, "turn": 1}],
    )
    page.wait_for_function(
        "() => received.some((m) => m.data.type === 'vnv:position-loaded' && !m.data.ok)"
    )
    refused = page.evaluate(
        "() => received.find((m) => m.data.type === 'vnv:position-loaded' && !m.data.ok)"
    )
    assert refused["data"]["error"] == "bad_position"
    expect(frame.locator("#notice")).to_contain_text("This position cannot be set up.")


def test_the_builder_writes_a_link_the_engine_reads(page: Page, base_url: str) -> None:
    page.goto(f"{base_url.rstrip('/')}/examples/en.html")
    builder = page.locator("#builder")
    builder.get_by_label("Caption").fill("Three cards, three players.")
    builder.get_by_label("Caption").dispatch_event("change")
    for seat, card in enumerate(["7C", "8C", "9C"]):
        builder.get_by_label("Put cards into").select_option(f"h{seat}")
        builder.locator(f'[data-card="{card}"]').click()
    code = page.locator("#builder-code")
    expect(code).to_have_value(re.compile(r"#position=[A-Za-z0-9_-]+"))
    text = ""
    for _ in range(50):  # the code is written again (asynchronously) after every click
        link = re.search(r"#position=([A-Za-z0-9_-]+)", code.input_value())
        assert link is not None
        text = link.group(1)
        if unpack(text)["hands"] == [["7C"], ["8C"], ["9C"]]:  # CompressionStream -> zlib
            break
        page.wait_for_timeout(100)
    position, game = decode(text)  # and the rules accept it
    assert position["caption"] == {"en": "Three cards, three players."}
    assert game.to_move == 0


def test_the_builder_names_seats_and_cards_as_the_frame_does(page: Page, base_url: str) -> None:
    """The builder says "You", "Anna", "Boris" and "7♣" (in Russian "Вы", "Анна", "Д♠"), the
    names the frame then shows for the same seats, and no code of its own ("Seat 0", "h0")."""
    catalog = json.loads((ROOT / "i18n/ru.json").read_text(encoding="utf-8"))
    page.goto(f"{base_url.rstrip('/')}/examples/ru.html")
    builder = page.locator("#builder")
    turn = builder.get_by_label("Ходит")
    names = [catalog["setup"]["default_name"], catalog["bot"]["name_1"], catalog["bot"]["name_2"]]
    expect(turn.locator("option")).to_have_text(names)
    builder.get_by_label("Класть карты в").select_option("h0")
    builder.locator('[data-card="QS"]').click()
    expect(builder.locator('[data-card="QS"]')).to_have_text(f"Д♠ → {names[0]}")

    page.goto(f"{base_url.rstrip('/')}/examples/en.html")
    builder.get_by_label("To act").select_option("1")  # the reader is seat 1: "You" moves along
    expect(builder.get_by_label("To act").locator("option")).to_have_text(["Anna", "You", "Boris"])
    for seat, card in enumerate(["7C", "8C", "9C"]):
        builder.get_by_label("Put cards into").select_option(f"h{seat}")
        builder.locator(f'[data-card="{card}"]').click()
    expect(builder.locator('[data-card="8C"]')).to_have_text("8♣ → You")
    href = ""
    for _ in range(50):  # the link is written again (asynchronously) after every click
        href = page.locator("#builder-preview").get_attribute("href") or ""
        if unpack(href.split("#position=")[1])["hands"] == [["7C"], ["8C"], ["9C"]]:
            break
        page.wait_for_timeout(100)
    builder.locator("#builder-add-play").click()
    expect(builder.get_by_label("Put cards into").locator("option")).to_have_text(
        ["Hand: Anna", "Hand: You", "Hand: Boris", "Play 1 (Anna: 6)"]
    )
    builder.locator('[data-card="10H"]').click()
    expect(builder.locator('[data-card="10H"]')).to_have_text("10♥ → Play 1")
    assert not re.search(r"\b[hp]\d\b|Seat \d", builder.inner_text())

    page.goto(f"{base_url.rstrip('/')}/examples/{href}")
    expect(page.locator("#me-name")).to_have_text("You", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('.seat[data-seat="0"] .seat-name')).to_have_text("Anna")
    expect(page.locator('.seat[data-seat="2"] .seat-name')).to_have_text("Boris")
