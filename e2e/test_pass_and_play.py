"""Pass-and-play: two people and a bot at one device. Between two people's
turns a privacy screen hides the table until the next one says who they are; each then sees
their own hand and only cards that seat may know; the log is the table's (no "You", no card
played face down); Undo is not offered; a reload lands on the privacy screen for whoever is to
act."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from driver import (
    Person,
    cards_in,
    check_protocol,
    configure,
    deal,
    open_page,
    open_settings,
    raw_answers,
    state,
)
from playwright.sync_api import Page, expect

NAMES = {0: "Vera", 1: "Boris"}  # the two people; seat 2 is a bot
WAIT = (
    '#table-screen:not([hidden])[data-state="human"]:not([data-step="{step}"]), '
    "#handoff-screen:not([hidden]), #end-screen[open]"
)


def set_up(page: Page) -> None:
    configure(page, "classic", 3, seed=21, levels=["human", "medium"])
    page.fill("#human-name", NAMES[0])
    page.fill('input[name="bot_name_1"]', NAMES[1])
    deal(page)


def take_seat(page: Page) -> int:
    """The privacy screen is up: check it hides the table, take the seat; returns the seat."""
    expect(page.locator("#table-screen")).to_be_hidden()
    title = page.locator("#handoff-title").inner_text()
    seat = next(seat for seat, name in NAMES.items() if name in title)
    expect(page.locator("#take-seat")).to_contain_text(NAMES[seat])
    page.click("#take-seat")
    expect(page.locator("#table-screen")).to_be_visible()
    expect(page.locator("#me-name")).to_have_text(NAMES[seat])
    return seat


def shown_per_seat(answers: list[str]) -> dict[int, set[str]]:
    """Each answer's cards against what its seat on screen may know (its hands, the discard
    heap, revealed cards; the end-of-hand review aside): any other card is a leak."""
    known: dict[int, set[str]] = {}
    for raw in answers:
        answer: dict[str, Any] = json.loads(raw)
        if not answer.get("ok") or "view" not in answer:
            continue
        view = answer["view"]
        mine = known.setdefault(answer["human"], set())
        mine |= set(view["hand"]) | set(view["discard"]) | set(cards_in(view["revealed"]))
        mine |= set(
            cards_in([e for e in answer["events"] if e["type"] in ("revealed", "discarded")])
        )
        answer.pop("review", None)
        leaked = set(cards_in(answer)) - mine
        assert not leaked, f"seat {answer['human']} was sent {sorted(leaked)}"
    return known


def test_two_people_and_a_bot_share_the_device(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    set_up(page)
    person = Person(page)
    handoffs: list[int] = []
    step = -1
    for _ in range(400):
        page.locator(WAIT.format(step=step)).first.wait_for(timeout=60_000)
        if page.locator("#end-screen").is_visible():
            break
        if page.locator("#handoff-screen").is_visible():
            handoffs.append(take_seat(page))
            continue
        s = state(page)
        seat = page.evaluate("() => window.__vnv.app.resp.human")
        assert page.locator("#me-name").inner_text() == NAMES[seat]
        assert s["hand"] == page.evaluate("() => window.__vnv.app.resp.view.hand")
        expect(page.locator("#undo")).to_be_hidden()
        person.act(s)
        step = s["step"]
        if len(handoffs) >= 4:
            break
    assert {0, 1} <= set(handoffs), f"the device went to both people: {handoffs}"
    shown_per_seat(raw_answers(page))
    assert check_protocol(page) > 0
    log = page.locator("#log").inner_text()
    assert "You " not in log
    assert NAMES[0] in log
    assert NAMES[1] in log

    # A reload lands on the privacy screen for whoever is to act, then on their own table.
    # The last action's answer first: until it lands, the page's answer still names its author.
    page.locator(WAIT.format(step=step)).first.wait_for(timeout=60_000)
    to_act = page.evaluate("() => window.__vnv.app.resp.view.to_move")
    for _ in range(300):  # the bot moves on its own: wait for a person's turn
        if to_act in NAMES:
            break
        page.wait_for_timeout(100)
        to_act = page.evaluate("() => window.__vnv.app.resp.view.to_move")
    page.reload()
    expect(page.locator("#handoff-screen")).to_be_visible(timeout=90_000)
    expect(page.locator("#handoff-title")).to_contain_text(NAMES[to_act])
    assert take_seat(page) == to_act
    expect(page.locator("#table-screen")).to_have_attribute("data-state", "human")
    shown_per_seat(raw_answers(page))


AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => {
  const result = await axe.run(document, {
    resultTypes: ['violations'],
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
}"""
# What of the last person's hand the page still holds: cards drawn anywhere but in the reveal
# (cards turned up for everyone), the hand's options, the tracker's notes, the coach.
LEFT_IN_PAGE = """(cards) => ({
  faces: [...document.querySelectorAll('[data-card]')]
    .filter((e) => cards.includes(e.dataset.card) && !e.closest('#reveal'))
    .map((e) => e.dataset.card + ' in #' + (e.closest('[id]') || {id: '?'}).id),
  options: document.querySelectorAll('#hand [role=option]').length,
  tracker: document.querySelector('#tracker').textContent,
  coach: document.querySelector('#coach').textContent,
})"""
COLOURS = """() => {
  const bg = (e) => {
    for (; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const button = document.querySelector('#take-seat');
  return [bg(button), bg(button.parentElement)];
}"""


def luminance(css: str) -> float:
    """WCAG relative luminance of an rgb()/rgba() colour (opaque)."""
    channels = [int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_privacy_screen_holds_nothing_of_the_last_hand(page: Page, base_url: str) -> None:
    """The hand-over button stands out from the screen (WCAG 1.4.11, 3:1), the page holds no
    card of the person who just played while the next one is called, and axe finds nothing."""
    open_page(page, base_url)
    open_settings(page)
    page.check("#coach-on")
    page.keyboard.press("Escape")
    set_up(page)
    person = Person(page)
    seated = False
    step = -1
    for _ in range(200):
        page.locator(WAIT.format(step=step)).first.wait_for(timeout=60_000)
        if page.locator("#handoff-screen").is_visible():
            if seated:
                break
            take_seat(page)
            seated = True
            continue
        s = state(page)
        person.act(s)
        step = s["step"]
    expect(page.locator("#handoff-screen")).to_be_visible()
    last = page.evaluate("() => window.__vnv.app.resp.view.hand")
    assert last, "the last person holds cards"
    left = page.evaluate(LEFT_IN_PAGE, last)
    assert left == {"faces": [], "options": 0, "tracker": "", "coach": ""}, left

    button, around = page.evaluate(COLOURS)
    assert contrast(button, around) >= 3, f"{button} on {around}"
    page.keyboard.press("Shift+Tab")  # the keyboard's focus ring, drawn on the felt around it
    page.keyboard.press("Tab")
    expect(page.locator("#take-seat")).to_be_focused()
    ring = page.locator("#take-seat").evaluate("(b) => getComputedStyle(b).outlineColor")
    assert page.evaluate("() => document.querySelector('#take-seat').matches(':focus-visible')")
    assert contrast(ring, around) >= 3, f"focus ring {ring} on {around}"

    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    assert page.evaluate(AXE_RUN) == []

    take_seat(page)
    expect(page.locator("#hand [role=option]").first).to_be_visible()

    # After a reload the privacy screen comes first too, with nothing of the hand on screen
    # before (the coach is still on: it waits for the person as well).
    page.reload()
    expect(page.locator("#handoff-screen")).to_be_visible(timeout=90_000)
    page.wait_for_timeout(500)  # the coach's answer would be in by now
    hand = page.evaluate("() => window.__vnv.app.resp.view.hand")
    left = page.evaluate(LEFT_IN_PAGE, hand)
    assert left == {"faces": [], "options": 0, "tracker": "", "coach": ""}, left
