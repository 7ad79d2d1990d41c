"""Play with friends (docs/friends.md): a host and two friends, each in a browser context of its
own, over real WebRTC data channels inside the tests' own network namespace (e2e/netns.py: no
peer traffic reaches the machine's interfaces).

The host's page runs the engine; the friends' pages start none. Each friend joins as a person
does: opens the host's invite link, and the host pastes the friend's answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe import check
from camera import FRAME, camera_args, film, y4m
from driver import (
    Person,
    check_no_hidden_cards,
    configure,
    invite_link,
    paste_answer,
    play_together,
    state,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

JOIN_TIMEOUT_MS = 30_000


def open_host(
    ns_context: Callable[..., BrowserContext], base: str, query: str = "", **options: Any
) -> Page:
    page = ns_context(viewport={"width": 1280, "height": 800}, **options).new_page()
    # Printed only when the test fails (pytest shows a failed test's output): what the page said.
    page.on("console", lambda m: print("host's console:", m.type, m.text))
    page.on("requestfailed", lambda r: print("host's request failed:", r.url, r.failure))
    page.goto(f"{base}index.html?speed=instant&debug=1{query}")
    wait_ready(page)
    return page


def deal_with_friends(
    host: Page, friends: int, players: int = 3, seed: int = 7, first: tuple[str, ...] = ()
) -> None:
    """The setup form with the ``first`` seats' levels, then ``friends`` seats for friends'
    devices, then Medium bots; dealt."""
    levels = [*first] + ["friend"] * friends + ["medium"] * (players - 1 - len(first) - friends)
    configure(host, "classic", players, seed, {"deck": 36, "ending": "single"}, levels=levels)
    host.click("#start")
    expect(host.locator("#friends-panel")).to_be_visible()
    expect(host.locator("#friends-seats li")).to_have_count(friends)
    take_seat = host.locator("#take-seat")
    if take_seat.is_visible():  # pass-and-play: the first person to act takes the device
        take_seat.click()
        expect(host.locator("#handoff-screen")).to_be_hidden()


def invite_code(host: Page, seat: int) -> str:
    """The invite's code, from the link the host's panel shows for this seat."""
    return invite_link(host, seat).split("#join=", 1)[1]


def join(
    host: Page, ns_context: Callable[..., BrowserContext], base: str, seat: int, lang: str = "en"
) -> Page:
    """A friend opens the invite (its code in the address, as the camera app opens it) and the
    host pastes the friend's answer; returns the friend's page, seated at the table."""
    code = invite_code(host, seat)
    guest = ns_context(viewport={"width": 390, "height": 844}).new_page()
    guest.on("pageerror", lambda error: print("friend's page:", error))
    guest.on("console", lambda m: print("friend's console:", m.text) if m.type == "error" else None)
    guest.goto(f"{base}index.html?debug=1&lang={lang}#join={code}")
    paste_answer(host, guest, JOIN_TIMEOUT_MS)
    expect(guest.locator("#table-screen")).to_be_visible(timeout=JOIN_TIMEOUT_MS)
    expect(host.locator(f'#friends-seats li[data-seat="{seat}"]')).to_have_attribute(
        "data-state", "connected"
    )
    return guest


def guest_answers(page: Page) -> list[str]:
    """Every answer the friend's page received from the host, as sent (each message's "a")."""
    raw: list[str] = page.evaluate("() => window.__vnv.app.client.rawLog.slice()")
    return [json.dumps(json.loads(text)["a"]) for text in raw if json.loads(text)["t"] != "refused"]


@pytest.mark.timeout(400)
def test_host_and_two_friends_play_a_whole_game(
    ns_context: Callable[..., BrowserContext], ns_base_url: str
) -> None:
    """Four at the table: the host and a second person sharing the host's device
    (pass-and-play), and two friends on their own devices."""
    host = open_host(ns_context, ns_base_url)
    deal_with_friends(host, friends=2, players=4, first=("human",))
    anna = join(host, ns_context, ns_base_url, seat=2)
    boris = join(host, ns_context, ns_base_url, seat=3, lang="de")
    # Each friend's page is its own seat's: its name for itself, the host's seat named "Host".
    expect(anna.locator("#me-name")).to_have_text("You")
    expect(boris.locator("#me-name")).to_have_text("Du")
    people = [Person(host), Person(anna), Person(boris)]
    play_together(people)
    for page in (host, anna, boris):
        expect(page.locator("#end-screen")).to_be_visible()
    # Every action of each friend went through their own page.
    assert people[1].turns > 0
    assert people[2].turns > 0
    # A friend's page is one player's, though the host's device is shared: its log says "you".
    assert "You" in anna.locator("#log").inner_text()
    expect(anna.locator("#end-friend")).to_be_visible()  # the host decides what comes next
    # The friends' pages started no engine, and received nothing their seat may not see.
    for guest in (anna, boris):
        assert guest.evaluate("() => document.documentElement.dataset.boot") is None
        assert check_no_hidden_cards(guest_answers(guest)) > 10
    # The German friend's log is in German, the host's in English.
    assert "Du" in boris.locator("#log").inner_text()
    # The host deals a game without friends: each friend's page says the host left.
    host.keyboard.press("Escape")
    host.click("#new-game")
    configure(host, "classic", 3, 1, levels=["medium", "medium"])
    host.click("#start")
    for guest in (anna, boris):
        expect(guest.locator("#notice")).to_contain_text(
            "Gastgeber" if guest is boris else "The host has left this game"
        )


def send_raw(guest: Page, data: str) -> None:
    guest.evaluate("(data) => window.__vnv.app.client.channel.send(data)", data)


def hostile_messages(host: Page) -> list[str]:
    """What a hostile friend's page sends: not JSON, not an action, a forged seat, a bad or huge
    action, a message too long to be one, the host's own kind, and (when it is not the friend's
    turn) an action out of turn."""
    hostile = [
        "garbage",
        "{",
        json.dumps([1, 2, 3]),
        json.dumps({"t": "act", "n": 1, "action": {"type": "pass"}, "seat": 0}),  # a forged seat
        json.dumps({"t": "act", "n": 2, "action": "play"}),
        json.dumps({"t": "act", "n": 3, "action": {"type": "play", "cards": ["AS"] * 500}}),
        json.dumps({"t": "act", "n": 4, "action": {"type": "pass"}, "pad": "x" * 100_000}),
        json.dumps({"t": "table", "a": {}}),
    ]
    if host.evaluate("() => window.__vnv.app.resp.view.to_move") != 1:
        hostile.append(json.dumps({"t": "act", "n": 5, "action": {"type": "challenge"}}))
    return hostile


def refusals(guest: Page, count: int) -> list[dict[str, Any]]:
    """The host's refusals the friend's page received, once there are ``count`` of them."""
    found: list[dict[str, Any]] = guest.evaluate(
        """(n) => new Promise((resolve) => {
            const seen = () => window.__vnv.app.client.rawLog
                .map((t) => JSON.parse(t)).filter((m) => m.t === "refused");
            const wait = () => seen().length >= n ? resolve(seen()) : setTimeout(wait, 50);
            wait();
        })""",
        count,
    )
    return found


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] == width[1], width


@pytest.mark.timeout(300)
def test_friends_screens_the_scan_and_a_hostile_friend(
    ns_context: Callable[..., BrowserContext],
    ns_launch: Callable[..., Browser],
    ns_base_url: str,
    tmp_path: Path,
) -> None:
    """The host's panel with an invite open, the friend's join screen with its answer, and the
    friend's table: no axe violation at any impact, no sideways scroll on a 390 px phone. The
    host scans the friend's answer with the camera (a fake one, filming the friend's QR code).
    Then the friend's page turns hostile: every message is refused, the host's game untouched."""
    video = tmp_path / "answer.y4m"
    video.write_bytes(y4m([255] * (FRAME[0] * FRAME[1]), *FRAME))  # the answer is filmed later
    host = open_host(ns_context, ns_base_url, browser=ns_launch(*camera_args(video)))
    deal_with_friends(host, friends=1, players=3, seed=11)
    code = invite_code(host, 1)
    found: dict[str, Any] = {}
    check(found, host, "host, invite open")
    guest = ns_context(viewport={"width": 390, "height": 844}).new_page()
    guest.goto(f"{ns_base_url}index.html?debug=1&lang=ru#join={code}")
    answer = guest.locator("#join-code")
    expect(answer).not_to_have_value("", timeout=JOIN_TIMEOUT_MS)
    expect(guest.locator("#join-qr svg")).to_be_visible()
    check(found, guest, "friend, join screen")
    no_sideways_scroll(guest)
    film(guest, answer.input_value(), video)
    host.click("#friends-scan")
    expect(guest.locator("#table-screen")).to_be_visible(timeout=JOIN_TIMEOUT_MS)
    expect(host.locator("#friends-video")).to_be_hidden()  # the camera stops once it read
    check(found, guest, "friend, table")
    no_sideways_scroll(guest)
    # The friend's page offers none of what is the host's alone.
    for control in ("#undo", "#new-game", "#finish-hand"):
        expect(guest.locator(control)).to_be_hidden()
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)

    before = host.evaluate("() => JSON.stringify(window.__vnv.app.resp.view)")
    steps = host.evaluate("() => window.__vnv.app.step")
    hostile = hostile_messages(host)
    for data in hostile:
        guest.evaluate("(data) => window.__vnv.app.client.channel.send(data)", data)
    assert len(refusals(guest, len(hostile))) == len(hostile)
    assert host.evaluate("() => JSON.stringify(window.__vnv.app.resp.view)") == before
    assert host.evaluate("() => window.__vnv.app.step") == steps
    expect(host.locator('#friends-seats li[data-seat="1"]')).to_have_attribute(
        "data-state", "connected"
    )
    host.set_viewport_size({"width": 390, "height": 844})
    no_sideways_scroll(host)


def bot_plays_seat(host: Page, seat: int) -> None:
    """Play the host's turns until the seat's bot has played a card for the away friend."""
    host_player = Person(host)
    played = f"""() => window.__vnv.raw().some(
        (r) => JSON.parse(r).events?.some((e) => e.type === "played" && e.seat === {seat}))"""
    for _ in range(50):
        if host.evaluate(played):
            return
        s = state(host)
        if s["state"] == "human":
            host_player.act(s)
        host.wait_for_timeout(200)
    raise AssertionError("the away friend's bot never played the seat")


@pytest.mark.timeout(300)
def test_a_friend_drops_and_comes_back_and_the_host_reloads(
    ns_context: Callable[..., BrowserContext], ns_base_url: str
) -> None:
    host = open_host(ns_context, ns_base_url, "&away=1")
    deal_with_friends(host, friends=1, players=3, seed=5)
    guest = join(host, ns_context, ns_base_url, seat=1)
    row = host.locator('#friends-seats li[data-seat="1"]')
    guest.close()  # the friend's page is gone (a tab closed)
    expect(row).to_have_attribute("data-state", "dropped", timeout=15_000)
    # After the wait (shortened to 1 s by ?away=1 in tests) the seat's bot plays it.
    expect(row).to_have_attribute("data-state", "away")
    bot_plays_seat(host, 1)
    # The friend comes back with a new invite: the seat is theirs again, the game so far drawn.
    back = join(host, ns_context, ns_base_url, seat=1)
    expect(back.locator("#log li").first).to_be_visible()
    assert back.evaluate("() => window.__vnv.app.resp.human") == 1

    # The host's page reloads: the game resumes from its save, the friend's page says the host
    # is gone, and the friend joins again with a new invite to the game as it stands.
    host.reload()
    expect(host.locator("#table-screen")).to_be_visible(timeout=90_000)
    expect(row).to_have_attribute("data-state", re.compile("dropped|away"))  # the wait is 1 s
    expect(back.locator("#notice")).to_be_visible()
    again = join(host, ns_context, ns_base_url, seat=1)
    held = host.evaluate(
        """() => window.__vnv.raw().map((r) => JSON.parse(r))
            .filter((a) => a.guests && a.guests["1"]).at(-1).guests["1"].view.hand"""
    )
    assert again.evaluate("() => window.__vnv.app.resp.view.hand.slice()") == held
