"""The table in Chromium: boot, whole games by mouse and by keyboard, the open-challenge window,
what crosses the worker boundary, a broken engine file, a reload in the middle of a game."""

from __future__ import annotations

import json
import re

from driver import (
    BOOT_TIMEOUT_MS,
    Person,
    check_no_hidden_cards,
    check_protocol,
    clear_answers,
    configure,
    deal,
    open_page,
    play_again,
    raw_answers,
    state,
    wait_ready,
    wait_turn,
)
from playwright.sync_api import Page, Route, expect

CALLS = ("play", "challenge", "believe")


def test_setup_paints_at_once_then_engine_becomes_ready(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}?speed=instant&debug=1")
    # The first screen is there before Python: static HTML + JS, with the boot progress shown;
    # the ways in that deal wait for the engine, the full setup form is folded under them.
    expect(page.locator("#play-now")).to_be_visible()
    expect(page.locator("#boot")).to_have_attribute("data-state", "loading")
    expect(page.locator("#boot-stage")).not_to_be_empty()
    expect(page.locator("#play-now")).to_be_disabled()
    expect(page.locator("#welcome-wait")).to_be_visible()
    expect(page.locator("#setup-form")).to_be_hidden()
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("h1")).to_have_text("Verish' Ne Verish'")
    # Every variant of the rules is a control.
    for name in ("deck", "decks", "draw", "no_aces", "ascending", "open_challenge", "ending"):
        expect(page.locator(f"#opt-{name}")).to_be_attached()
    wait_ready(page)
    expect(page.locator("#boot-stage")).to_have_text("Engine ready")
    configure(page, "classic", 4, seed=3)
    deal(page)
    expect(page.locator("#opponents .seat")).to_have_count(3)
    expect(page.locator("#hand [role=option]")).to_have_count(9)
    s = wait_turn(page)
    assert s["state"] == "human"
    assert s["legal"]  # seat 0 opens: a play is legal
    expect(page.locator("#narrator")).to_have_attribute("role", "status")
    expect(page.locator("#narrator")).not_to_be_empty()
    # Leaving for the setup keeps the game until a new one is dealt.
    page.click("#new-game")
    expect(page.locator("#setup-screen")).to_be_visible()
    page.click("#resume")
    expect(page.locator("#table-screen")).to_be_visible()
    assert wait_turn(page)["hand"] == s["hand"]
    page.click("#new-game")
    configure(page, "quick", 5, seed=1)
    deal(page)
    expect(page.locator("#opponents .seat")).to_have_count(4)


def test_classic_whole_games_by_clicking(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    person = Person(page)
    configure(page, "classic", 4, seed=11)
    deal(page)
    games = 0
    while games < 6 and (
        games < 2 or min(person.used[a] for a in ("play", "challenge", "believe")) == 0
    ):
        final = person.play_game()
        assert final["ended"]
        games += 1
        expect(page.locator("#end-ranking tr")).to_have_count(4)
        assert check_no_hidden_cards(raw_answers(page)) > 10
        assert check_protocol(page) > 10  # every request and answer, as the schema says
        clear_answers(page)
        play_again(page)
    assert person.used_all(CALLS), person.used
    # The log narrated the game with catalog sentences.
    expect(page.locator("#log li").first).not_to_be_empty()


def test_quick_whole_games_by_clicking(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    person = Person(page)
    # Random-legal bots often reach their last cards, the only time quick offers veryu.
    configure(page, "quick", 3, seed=5, levels=["random", "random"])
    deal(page)
    games = 0
    while games < 10 and (
        games < 1 or min(person.used[a] for a in ("play", "challenge", "believe")) == 0
    ):
        person.play_game()
        games += 1
        assert check_no_hidden_cards(raw_answers(page)) > 5
        assert check_protocol(page) > 5
        clear_answers(page)
        play_again(page)
    assert person.used_all(CALLS), person.used
    assert not person.used["pass"]  # quick has no open-challenge window


def test_keyboard_only_game(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    # Setup by keyboard too: open the full setup, Tab to the rules, arrow to Quick, Home for
    # 3 players, a seed.
    tab_until(page, "e => e.id === 'setup-toggle'")
    page.keyboard.press("Enter")
    tab_until(page, "e => e.name === 'preset'")
    page.keyboard.press("ArrowRight")
    expect(page.locator('input[name="preset"][value="quick"]')).to_be_checked()
    tab_until(page, "e => e.id === 'players'")
    page.keyboard.press("Home")
    expect(page.locator("#players")).to_have_value("3")
    tab_until(page, "e => e.id === 'seed'")
    page.keyboard.type("8")
    tab_until(page, "e => e.id === 'start'")
    page.keyboard.press("Enter")
    expect(page.locator("#table-screen")).to_be_visible()
    expect(page.locator("#opponents .seat")).to_have_count(2)
    hand = page.locator("#hand")
    expect(hand).to_have_attribute("role", "listbox")
    expect(hand).to_have_attribute("aria-multiselectable", "true")
    expect(hand).to_be_focused()
    person = Person(page, keyboard=True)
    # Whether the person gets to open a round (the rank picker) depends on the bots' calls:
    # play on, by keyboard only, until every part was used (a few games at most).
    for _ in range(4):
        final = person.play_game()
        assert final["ended"]
        check_no_hidden_cards(raw_answers(page))
        # The end screen is keyboard-reachable too: "Play again" has the focus.
        expect(page.locator("#play-again")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#end-screen")).to_be_hidden()
        expect(page.locator("#hand")).to_be_focused()
        if person.used["play"] > 3 and person.used["challenge"] and person.picked:
            break
    assert person.used["play"] > 3, person.used
    assert person.used["challenge"], person.used
    assert person.picked, "the rank picker was never used by keyboard"


def tab_until(page: Page, predicate: str, presses: int = 60) -> None:
    """Press Tab until the focused element satisfies the JS predicate."""
    for _ in range(presses):
        if page.evaluate(f"() => ({predicate})(document.activeElement || document.body)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element with {predicate}")


def test_hand_listbox_keys(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=2)
    deal(page)
    wait_turn(page)
    hand = page.locator("#hand")
    hand.focus()
    page.keyboard.press("Home")
    expect(hand).to_have_attribute("aria-activedescendant", "card-0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(hand).to_have_attribute("aria-activedescendant", "card-2")
    page.keyboard.press(" ")
    expect(page.locator("#card-2")).to_have_attribute("aria-selected", "true")
    page.keyboard.press(" ")
    expect(page.locator("#card-2")).to_have_attribute("aria-selected", "false")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    expect(page.locator("#card-1")).to_have_attribute("aria-selected", "true")
    # Only one tab stop for the whole hand: the options themselves are not focusable.
    assert page.locator("#hand [tabindex]").count() == 0
    # With one card chosen the opener still has to name a rank unless it follows the card.
    s = state(page)
    assert s["picker"]
    assert len(s["ranks"]) > 1
    page.keyboard.press("Enter")
    wait_turn(page, after_step=s["step"])


def test_open_challenge_window(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    # Auto-pass (on by default) would let most of these windows pass: this test answers them.
    page.evaluate("() => localStorage.setItem('vnv.autopass', 'off')")
    open_page(page, base_url)
    configure(page, "classic", 4, seed=21, options={"open_challenge": True})
    deal(page)
    person = Person(page)
    offered = 0
    s = wait_turn(page)
    for _ in range(300):
        if s["state"] == "over":
            break
        if s["passVisible"]:
            # A window the human did not open: pass, ne veryu and veryu are all offered.
            assert s["pass"], s
            assert s["challenge"], s
            assert not s["legal"], "a player in the window only answers, never plays"
            expect(page.locator("#reason")).to_contain_text("anyone may call")
            offered += 1
            action = ("pass", "challenge", "believe")[offered % 3] if s["believe"] else "pass"
            step = s["step"]
            page.click(f"#act-{action}")
            person.used[action] += 1
            s = wait_turn(page, after_step=step)
            if offered >= 4:
                break
            continue
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    assert offered >= 2, "the human was never offered the open-challenge window"
    assert person.used["pass"] >= 1
    expect(page.locator("#log")).to_contain_text("You let it pass")
    check_no_hidden_cards(raw_answers(page))
    assert check_protocol(page) > offered


def test_broken_engine_file_shows_error_then_retry_works(page: Page, base_url: str) -> None:
    def garbage(route: Route) -> None:
        route.fulfill(status=200, content_type="text/x-python", body="def broken(:\n  ???\n")

    page.route(re.compile(r".*/engine/game\.py$"), garbage)
    # snapshot=off: a memory snapshot holds the engine already imported (docs/snapshot.md).
    page.goto(f"{base_url}?speed=instant&debug=1&snapshot=off")
    error = page.locator("#boot-error")
    expect(error).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(error).to_have_attribute("role", "alert")
    expect(page.locator("#boot-error-text")).to_have_text(
        "The rules engine failed to load (a damaged file?)."
    )
    expect(page.locator("#boot-error-detail")).to_contain_text("SyntaxError")
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#play-now")).to_be_disabled()
    expect(page.locator("#boot")).to_have_attribute("data-state", "failed")
    # The file is whole again: "Try again" starts over and boots.
    page.unroute(re.compile(r".*/engine/game\.py$"))
    page.click("#boot-retry")
    wait_ready(page)
    expect(error).to_be_hidden()


def test_missing_worker_exports_are_detected(page: Page, base_url: str) -> None:
    # A worker file that fails before __export__ exists: the exports are just missing.
    page.route(
        re.compile(r".*/app/worker\.py$"),
        lambda route: route.fulfill(status=200, body="import no_such_module_here\n"),
    )
    page.goto(f"{base_url}?speed=instant")
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#boot-error-text")).to_have_text(
        "The Python worker started, but the game engine in it did not load."
    )


def test_reload_resumes_the_game(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=4)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    person.act(s)
    s = wait_turn(page, after_step=s["step"])
    before = s["hand"]
    moves = page.locator("#move-info").text_content()
    page.reload()
    wait_ready(page)
    expect(page.locator("#table-screen")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("Game restored")
    after = wait_turn(page)
    assert after["hand"] == before
    assert page.locator("#move-info").text_content() == moves
    # The restored game plays on to its end, and "Play again" deals the same setup.
    final = person.play_game()
    assert final["ended"]
    play_again(page)
    expect(page.locator("#opponents .seat")).to_have_count(2)
    wait_turn(page)
    # Since the reload: boot, the resumed game (with its log and setup), its moves, a new deal.
    sent = page.evaluate("() => window.__vnv.app.client.sentLog.map(([name]) => name)")
    assert sent[:2] == ["boot", "resume"]
    assert {"act", "bot_step", "new_game"} <= set(sent)
    assert check_protocol(page) == len(sent)
    # Nothing about the cards is in the page's own storage.
    stored = page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    assert not re.search(r'"(10|[2-9JQKA])[CDHS]"', stored), stored
    json.loads(stored)
