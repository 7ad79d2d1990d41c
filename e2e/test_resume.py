"""Nothing lost: a reload mid-game restores exactly the table the human saw (hand, pile, claim,
seats, turn, the whole log); a damaged or outdated save gives a clear message and a new game.

The worker saves the game (its JSON, and the events the human saw) in IndexedDB after every
action; the page never holds the game's JSON. ``test_table.py`` plays a resumed game on.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from driver import (
    Person,
    check_no_hidden_cards,
    check_protocol,
    configure,
    deal,
    open_page,
    open_settings,
    raw_answers,
    wait_ready,
    wait_turn,
)
from playwright.sync_api import Page, expect

TABLE_JS = """() => ({
  hand: [...document.querySelectorAll('#hand [role=option]')].map((o) => o.dataset.card),
  seats: [...document.querySelectorAll('#opponents .seat')].map((s) => s.innerText),
  pile: document.querySelector('#pile-count').textContent,
  claim: [document.querySelector('#claim-label').textContent,
    document.querySelector('#claim-rank').textContent],
  last: document.querySelector('#last-play').textContent,
  discard: document.querySelector('#discard').innerText,
  moves: document.querySelector('#move-info').textContent,
  me: document.querySelector('#me-status').textContent,
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
})"""

# Overwrites the worker's saved game, as a damaged disk or an old version would leave it.
CORRUPT_JS = """(value) => new Promise((resolve, reject) => {
  const open = indexedDB.open('verish-ne-verish', 1);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('games', 'readwrite');
    tx.objectStore('games').put(value, 'current');
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""

SAVED_JS = """() => new Promise((resolve) => {
  const open = indexedDB.open('verish-ne-verish', 1);
  open.onsuccess = () => {
    const get = open.result.transaction('games').objectStore('games').get('current');
    get.onsuccess = () => { open.result.close(); resolve(get.result ?? null); };
  };
})"""


def table(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate(TABLE_JS)
    return result


def test_reload_restores_exactly_the_same_table(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 4, seed=12)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    for _ in range(4):  # some plays and calls, so the log and the pile have something
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    assert s["state"] == "human", "the game ended too soon for this test"
    expect(page.locator("#storage-note")).to_be_hidden()  # storage works: no "nothing kept" note
    before = table(page)
    assert len(before["log"]) > 5  # type: ignore[arg-type]
    # The save the worker keeps is the game's JSON, in IndexedDB (the page never receives it).
    saved = json.loads(page.evaluate(SAVED_JS))
    assert saved["format"] == 1
    assert saved["game"]["version"]
    assert check_no_hidden_cards(raw_answers(page)) > 3

    page.reload()
    wait_ready(page)
    expect(page.locator("#table-screen")).to_be_visible()
    after_state = wait_turn(page)
    after = table(page)
    assert after["log"][-1] == "Game restored."  # type: ignore[index]
    after["log"] = after["log"][:-1]  # type: ignore[index]
    assert after == before
    assert after_state["legal"] == s["legal"]
    assert (after_state["challenge"], after_state["believe"]) == (s["challenge"], s["believe"])
    # The restored answer holds the log's events, never another seat's cards.
    restored = json.loads(raw_answers(page)[-1])
    assert set(restored) >= {"view", "log", "setup", "first"}
    assert "hands" not in restored["view"]
    assert "game" not in restored
    assert check_protocol(page) == 2  # boot and resume, answered as the schema says
    # It plays on.
    person.act(after_state)
    wait_turn(page, after_step=after_state["step"])


def test_a_damaged_or_outdated_save_gives_a_message_and_a_new_game(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url)
    configure(page, "quick", 3, seed=2)
    deal(page)
    wait_turn(page)
    notice = page.locator("#notice")
    outdated = json.dumps({"format": 1, "game": {"version": 999}, "setup": {}, "rng": []})
    for stored in ("{not json at all", outdated):
        page.evaluate(CORRUPT_JS, stored)
        page.reload()
        wait_ready(page)
        expect(notice).to_be_visible()
        expect(notice).to_have_attribute("role", "alert")
        expect(notice).to_contain_text("could not be restored")
        # A new game with the remembered setup (quick, 3 players), ready to play.
        expect(page.locator("#table-screen")).to_be_visible()
        expect(page.locator("#opponents .seat")).to_have_count(2)
        expect(page.locator("#log li").first).to_contain_text("New game: 3 players, Quick")
        s = wait_turn(page)
        assert s["state"] == "human"
    # The new game is saved in place of the damaged one; dealing again clears the message.
    saved = json.loads(page.evaluate(SAVED_JS))
    assert saved["format"] == 1
    page.click("#new-game")
    deal(page)
    expect(notice).to_have_count(0)


# -- damaged saves and hostile settings: the page recovers -------------------------------------


def damaged(saved: dict[str, Any], kind: str) -> dict[str, Any]:
    """A real save with one kind of damage a disk, an old version or a hand edit leaves."""
    bad = copy.deepcopy(saved)
    if kind == "log [null]":
        bad["log"] = [None]
    elif kind == "human seat out of range":
        bad["setup"]["human"] = len(bad["setup"]["seats"])
    elif kind == "bots {}":
        bad["bots"] = {}
    elif kind == "stale format":
        bad["format"] = 0
    elif kind == "seat without a name":  # the worker lets it through; the page refuses it
        bad["setup"]["seats"][1] = {"level": "random"}
    return bad


DAMAGES = (
    "log [null]",
    "human seat out of range",
    "bots {}",
    "stale format",
    "seat without a name",
)


def stored_save(page: Page, unlike: str) -> dict[str, Any]:
    """The save in IndexedDB once it is no longer ``unlike`` (the worker writes it in the back)."""
    for _ in range(50):
        text = page.evaluate(SAVED_JS)
        if text is not None and text != unlike:
            saved: dict[str, Any] = json.loads(text)
            return saved
        page.wait_for_timeout(100)
    raise AssertionError("the damaged save was not replaced")


def test_each_damaged_save_gives_a_notice_a_new_game_and_is_deleted(
    page: Page, base_url: str
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_page(page, base_url)
    configure(page, "quick", 3, seed=2)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    person.act(s)
    wait_turn(page, after_step=s["step"])
    real = json.loads(page.evaluate(SAVED_JS))
    assert real["log"], "a save with a log to damage"
    notice = page.locator("#notice")
    for kind in DAMAGES:
        planted = json.dumps(damaged(real, kind))
        page.evaluate(CORRUPT_JS, planted)
        page.reload()
        wait_ready(page)
        expect(notice, kind).to_contain_text("could not be restored")
        expect(notice).to_have_attribute("role", "alert")
        expect(page.locator("#opponents .seat")).to_have_count(2)
        expect(page.locator("#log li").first).to_contain_text("New game: 3 players, Quick")
        s = wait_turn(page)
        assert s["state"] == "human", kind
        person.act(s)  # the new game plays
        wait_turn(page, after_step=s["step"])
        fresh = stored_save(page, planted)  # the bad save is gone, the new game in its place
        assert fresh["format"] == real["format"]
        assert fresh["setup"]["human"] == 0
        assert set(fresh["bots"]) == {"1", "2"}
        assert all(isinstance(event, dict) for event in fresh["log"])
    assert errors == []
    # The save that replaced the damaged one restores as usual.
    page.reload()
    wait_ready(page)
    expect(page.locator("#log li").last).to_have_text("Game restored.")
    expect(notice).to_have_count(0)


HOSTILE_SETTINGS: list[dict[str, str]] = [
    {"vnv.setup": json.dumps({"preset": '"]'})},  # once a CSS selector's SyntaxError on every load
    {
        "vnv.setup": json.dumps(
            {
                "preset": "quick",
                "players": "99",
                "human_name": {"x": 1},
                "bots": [None, {"level": "constructor", "name": 5}],
                "seed": "1e999",
                "options": {
                    "quick": {"move_limit": "abc", "deck": 37, "ending": ["x"]},
                    "classic": None,
                },
            }
        ),
        "vnv.speed": "constructor",
        "vnv.lang": "<img src=x>",
        "vnv.stats": json.dumps(
            {
                "games": {"classic|easy": None, "x": {"played": -1}},
                "calls": {"won": "x"},
                "bluffs_caught": -3,
            }
        ),
    },
    {"vnv.setup": "{not json", "vnv.speed": "", "vnv.lang": "zz-ZZ", "vnv.stats": "["},
]


@pytest.mark.parametrize(
    "settings", HOSTILE_SETTINGS, ids=["preset-selector", "wrong-types", "not-json"]
)
def test_hostile_stored_settings_fall_back_to_defaults(
    page: Page, base_url: str, settings: dict[str, str]
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}build.json")  # the site's origin, without booting the engine
    page.evaluate(
        "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        settings,
    )
    page.goto(f"{base_url}?debug=1")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.locator("#speed").input_value() == "normal"
    preset = page.locator('input[name="preset"]:checked').get_attribute("value")
    assert preset in ("classic", "quick")
    players = int(page.locator("#players").input_value())
    assert players == 4
    assert page.locator("#human-name").input_value() == ""
    for level in page.locator("#bot-seats select").all():
        assert level.input_value() == "medium"
    assert page.locator("#seed").input_value() == ""
    page.click("#stats-open")
    expect(page.locator("#stats-calls-won")).to_have_text("0")
    expect(page.locator("#stats-bluffs")).to_have_text("0")
    page.click("#stats-close")
    open_settings(page)
    page.select_option("#speed", "instant")
    page.keyboard.press("Escape")
    deal(page)
    s = wait_turn(page)
    assert s["state"] in ("human", "over")
    Person(page).act(s)
    wait_turn(page, after_step=s["step"])
    assert errors == []
