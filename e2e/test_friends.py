"""Play with friends (docs/friends.md): a host and two friends, each in a browser context of its
own, over real WebRTC data channels inside the tests' own network namespace (e2e/netns.py: no
peer traffic reaches the machine's interfaces).

The host's page runs the engine; the friends' pages start none. Each friend joins as a person
does: opens the host's invite link, and the host pastes the friend's answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from driver import Person, check_no_hidden_cards, configure, play_together, state, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

JOIN_TIMEOUT_MS = 30_000


def open_host(ns_context: Callable[..., BrowserContext], base: str, query: str = "") -> Page:
    page = ns_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{base}index.html?speed=instant&debug=1{query}")
    wait_ready(page)
    return page


def deal_with_friends(host: Page, friends: int, players: int = 3, seed: int = 7) -> None:
    """The setup form with `friends` seats for friends' devices, dealt."""
    levels = ["friend"] * friends + ["medium"] * (players - 1 - friends)
    configure(host, "classic", players, seed, {"deck": 36, "ending": "single"}, levels=levels)
    host.click("#start")
    expect(host.locator("#friends-panel")).to_be_visible()
    expect(host.locator("#friends-seats li")).to_have_count(friends)


def invite_code(host: Page, seat: int) -> str:
    """The invite's code, from the link the host's panel shows for this seat."""
    host.locator(f'#friends-seats li[data-seat="{seat}"] button').first.click()
    box = host.locator(f'#friends-invite[data-seat="{seat}"]')
    expect(box).to_be_visible()
    link = host.locator("#friends-link").input_value()
    assert "#join=" in link, link
    return link.split("#join=", 1)[1]


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
    answer = guest.locator("#join-code")
    expect(answer).not_to_have_value("", timeout=JOIN_TIMEOUT_MS)
    host.fill("#friends-answer", answer.input_value())
    host.click("#friends-connect")
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
    host = open_host(ns_context, ns_base_url)
    deal_with_friends(host, friends=2)
    anna = join(host, ns_context, ns_base_url, seat=1)
    boris = join(host, ns_context, ns_base_url, seat=2, lang="de")
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
    # The friends' pages started no engine, and received nothing their seat may not see.
    for guest in (anna, boris):
        assert guest.evaluate("() => document.documentElement.dataset.boot") is None
        assert check_no_hidden_cards(guest_answers(guest)) > 10
    # The German friend's log is in German, the host's in English.
    assert "Du" in boris.locator("#log").inner_text()


def send_raw(guest: Page, data: str) -> None:
    guest.evaluate("(data) => window.__vnv.app.client.channel.send(data)", data)


@pytest.mark.timeout(300)
def test_hostile_friend_changes_nothing(
    ns_context: Callable[..., BrowserContext], ns_base_url: str
) -> None:
    host = open_host(ns_context, ns_base_url)
    deal_with_friends(host, friends=1, players=3, seed=11)
    guest = join(host, ns_context, ns_base_url, seat=1)
    before = host.evaluate("() => JSON.stringify(window.__vnv.app.resp.view)")
    steps = host.evaluate("() => window.__vnv.app.step")
    hostile: list[Any] = [
        "garbage",
        "{",
        json.dumps([1, 2, 3]),
        json.dumps({"t": "act", "n": 1, "action": {"type": "pass"}, "seat": 0}),  # a forged seat
        json.dumps({"t": "act", "n": 2, "action": "play"}),
        json.dumps({"t": "act", "n": 3, "action": {"type": "play", "cards": ["AS"] * 500}}),
        json.dumps({"t": "act", "n": 4, "action": {"type": "pass"}, "pad": "x" * 100_000}),
        json.dumps({"t": "table", "a": {}}),
    ]
    # Out of turn: an action while the host (seat 0) or a bot is to move.
    to_move = host.evaluate("() => window.__vnv.app.resp.view.to_move")
    if to_move != 1:
        hostile.append(json.dumps({"t": "act", "n": 5, "action": {"type": "challenge"}}))
    for data in hostile:
        send_raw(guest, data)
    refused = guest.evaluate(
        """(n) => new Promise((resolve) => {
            const seen = () => window.__vnv.app.client.rawLog
                .map((t) => JSON.parse(t)).filter((m) => m.t === "refused");
            const wait = () => seen().length >= n ? resolve(seen()) : setTimeout(wait, 50);
            wait();
        })""",
        len(hostile),
    )
    assert len(refused) == len(hostile)
    assert host.evaluate("() => JSON.stringify(window.__vnv.app.resp.view)") == before
    assert host.evaluate("() => window.__vnv.app.step") == steps
    # The table goes on: the friend's honest action still counts.
    expect(host.locator('#friends-seats li[data-seat="1"]')).to_have_attribute(
        "data-state", "connected"
    )


@pytest.mark.timeout(300)
def test_friend_drops_a_bot_plays_and_the_friend_takes_the_seat_back(
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
    # The game goes on without the friend: the seat's bot plays it in turn, and the host too.
    host_player = Person(host)
    played = """() => window.__vnv.raw().some(
        (r) => JSON.parse(r).events?.some((e) => e.type === "played" && e.seat === 1))"""
    for _ in range(20):
        if host.evaluate(played):
            break
        s = state(host)
        if s["state"] == "human":
            host_player.act(s)
        host.wait_for_timeout(200)
    else:
        raise AssertionError("the away friend's bot never played the seat")
    # The friend comes back with a new invite: the seat is theirs again, the game so far drawn.
    back = join(host, ns_context, ns_base_url, seat=1)
    expect(row).to_have_attribute("data-state", "connected")
    expect(back.locator("#log li").first).to_be_visible()
    assert back.evaluate("() => window.__vnv.app.resp.human") == 1


@pytest.mark.timeout(300)
def test_host_reload_resumes_and_friends_join_again(
    ns_context: Callable[..., BrowserContext], ns_base_url: str
) -> None:
    host = open_host(ns_context, ns_base_url)
    deal_with_friends(host, friends=1, players=3, seed=9)
    guest = join(host, ns_context, ns_base_url, seat=1)
    hand = guest.evaluate("() => window.__vnv.app.resp.view.hand.slice()")
    host.reload()
    expect(host.locator("#table-screen")).to_be_visible(timeout=90_000)
    row = host.locator('#friends-seats li[data-seat="1"]')
    expect(row).to_have_attribute("data-state", "dropped")
    expect(guest.locator("#notice")).to_be_visible()  # the friend's page says the host is gone
    again = join(host, ns_context, ns_base_url, seat=1)
    # The friend's page draws the seat the host's engine holds: the hand as the game stands.
    held = host.evaluate(
        """() => window.__vnv.raw().map((r) => JSON.parse(r))
            .filter((a) => a.guests && a.guests["1"]).at(-1).guests["1"].view.hand"""
    )
    assert again.evaluate("() => window.__vnv.app.resp.view.hand.slice()") == held
    assert sorted(held) == sorted(hand) or len(held) != len(hand)  # unchanged unless it played
