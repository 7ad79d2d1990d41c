"""The guided first hand ("Learn by playing", docs/guide.md) in the page: walked to its end in
every language (one page, the language switched with the picker, the hand dealt again by the
first screen's event), on a phone (no sideways scrolling, the table stays on screen), left,
started again, resumed after a reload, and opened by the embed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axe import audit
from driver import (
    catalog,
    check_no_hidden_cards,
    check_protocol,
    raw_answers,
    wait_ready,
    wait_turn,
)
from playwright.sync_api import BrowserContext, Page, expect

LANGS = ("en", "ru", "de", "nl", "it", "pt")
# The coach's choices in each prepared deal (engine/guide.py; tests/test_guide.py walks the
# same): the player's cards by name, the rank claimed; a call by its button.
PATHS: dict[str, list[Any]] = {
    "classic": [(["10C", "7H", "JC"], "10"), "challenge", (["8D", "8H"], "8")],
    "quick": [(["8C", "8H", "2H", "6C"], "8"), "challenge", (["AC"], "A")],
}


def opening(template: str) -> str:
    """A sentence's words before its first placeholder: what the page must show of it."""
    return template.split("{{", 1)[0]


def decide(page: Page, choice: Any) -> None:
    if isinstance(choice, str):
        page.click(f"#act-{choice}")
        return
    cards, rank = choice
    for card in cards:
        page.click(f'#hand [data-card="{card}"]')
    page.click(f'label[for="rank-{rank}"]')
    expect(page.locator("#act-play")).to_be_enabled()
    page.click("#act-play")


def walk(page: Page, rules: str, lang: str) -> None:
    """The guided hand dealt by the first screen's event, walked the coach's way to its end:
    a step sentence in ``lang`` at every decision, the real game offered at the end."""
    words = catalog(lang)["guide"]
    page.evaluate(
        "(rules) => document.dispatchEvent(new CustomEvent('vnv:guide', {detail: {rules}}))", rules
    )
    panel = page.locator("#guide-panel")
    # The new hand is on the table (the last one's end was still there when the event went out).
    expect(page.locator("#table-screen")).not_to_have_attribute("data-state", "over")
    for choice in PATHS[rules]:
        s = wait_turn(page)
        assert s["state"] == "human", s
        kind = panel.get_attribute("data-step")
        assert kind, "no decision in the guide's panel"
        expect(panel.locator(".guide-step").last).to_contain_text(opening(words["step"][kind]))
        expect(panel.locator("h2")).to_contain_text(words["title"])
        decide(page, choice)
        page.locator(f'#table-screen:not([data-step="{s["step"]}"])').wait_for()
    s = wait_turn(page)
    assert s["state"] == "over", s
    expect(page.locator("#play-again")).to_have_text(words["real_game"])
    expect(panel.locator(".guide-note").last).to_have_text(words["end"])
    expect(page.locator("#guide-real")).to_have_text(words["real_game"])


def test_the_guided_hand_in_every_language_ends_in_a_real_game(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}?guide=classic&speed=instant&debug=1")
    wait_ready(page)
    expect(page.locator("#guide-panel")).to_be_visible()
    assert "guide=" not in page.url  # a reload resumes the hand instead of dealing it again
    for number, lang in enumerate(LANGS):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        walk(page, ("classic", "quick")[number % 2], lang)
    assert check_no_hidden_cards(raw_answers(page))
    assert check_protocol(page)
    # Six guided hands played: counted apart from the player's own games, none among the last games.
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('vnv.stats'))")
    assert stats["games"] == {}
    assert stats["assisted"]["games"] == {}
    assert {key: row["played"] for key, row in stats["guided"]["games"].items()} == {
        "classic|medium": 3,
        "quick|medium": 3,
    }
    assert page.evaluate("() => localStorage.getItem('vnv.reviews')") is None
    page.click("#play-again")  # "Play a real game": the setup form's table, no guide
    expect(page.locator("#end-screen")).to_be_hidden()
    expect(page.locator("#guide-panel")).to_have_count(0)
    page.locator("#table-screen[data-state]").wait_for()
    real = page.evaluate("() => window.__vnv.app.resp")
    assert "guide" not in real
    # Nothing stored yet: the first screen's first game (classic, you and three bots, one hand).
    assert (real["view"]["preset"], real["view"]["players"]) == ("classic", 4)
    assert real["view"]["options"]["ending"] == "single"
    assert [seat["level"] for seat in real["seats"][1:]] == ["easy"] * 3
    # The statistics show the guided hands in a section of their own, the player's own record empty.
    page.click("#new-game")
    page.click("#stats-open")
    expect(page.locator("#stats-games tr")).to_have_count(0)
    expect(page.locator("#stats-guided-games tr")).to_have_count(2)
    expect(page.locator("#stats-guided h3")).to_have_text(catalog(LANGS[-1])["guide"]["title"])


def no_overflow(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), "sideways"


def test_on_a_phone_left_started_again_and_resumed_after_a_reload(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = make_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}?guide=quick&speed=instant&debug=1")
    wait_ready(page)
    panel = page.locator("#guide-panel")
    expect(panel).to_have_attribute("data-step", "open")
    no_overflow(page)
    # The table stays on screen: the felt and the hand are above the fold, the panel below them.
    felt = page.locator(".felt").bounding_box()
    hand = page.locator("#hand").bounding_box()
    box = panel.bounding_box()
    assert felt
    assert hand
    assert box
    assert felt["y"] < 844
    assert hand["y"] < 844
    assert box["y"] >= hand["y"]
    s = wait_turn(page)
    decide(page, PATHS["quick"][0])
    page.locator(f'#table-screen:not([data-step="{s["step"]}"])').wait_for()
    wait_turn(page)
    expect(panel).to_have_attribute("data-step", "call")
    expect(panel.locator(".guide-note").first).to_be_visible()
    no_overflow(page)
    assert not audit(page, "#guide-panel"), "axe finds something in the guide's panel"
    told = panel.inner_text()
    page.reload()  # resumed like any game: the same step, the same story
    wait_ready(page)
    expect(panel).to_have_attribute("data-step", "call")
    assert panel.inner_text() == told
    page.click("#guide-restart")  # the same prepared hand anew
    expect(panel).to_have_attribute("data-step", "open")
    expect(panel.locator(".guide-note")).to_have_count(0)
    expect(page.locator('#hand [data-card="AC"]')).to_have_count(1)
    page.click("#guide-leave")
    expect(page.locator("#setup-screen")).to_be_visible()
    no_overflow(page)
    page.click("#guide-classic")  # the first screen's way in
    expect(panel).to_have_attribute("data-step", "open")
    expect(page.locator("html")).to_have_attribute("data-guide", "classic")
    expect(page.locator('#hand [data-card="10C"]')).to_have_count(1)


def test_the_embed_opens_the_guided_hand(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}embed.html?guide=classic&lang=de&speed=instant")
    wait_ready(page)
    panel = page.locator("#guide-panel")
    expect(panel.locator("h2")).to_have_text(
        f"{catalog('de')['guide']['title']}: {catalog('de')['guide']['rules_classic']}"
    )
    expect(panel).to_have_attribute("data-step", "open")
