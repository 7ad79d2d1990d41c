"""The coach: off by default; turned on, it shows the worker's advice before
each decision of the player's, in the page's language; the game then counts apart in the
statistics (docs/web.md, "Coach")."""

from __future__ import annotations

import json
from typing import Any

from driver import (
    Person,
    catalog,
    check_protocol,
    configure,
    deal,
    open_page,
    open_settings,
    raw_answers,
    wait_turn,
)
from playwright.sync_api import Page, expect

RU = catalog("ru")


OLD_STATS = {
    "games": {"classic|easy": {"played": 2, "won": 1}},
    "calls": {"won": 3, "lost": 1},
    "bluffs_caught": 1,
    "assisted": "not a section",
}


def last_advice(page: Page) -> dict[str, Any]:
    advice: dict[str, Any] = next(
        answer for answer in map(json.loads, reversed(raw_answers(page))) if "suggestion" in answer
    )
    return advice


def test_the_coach_advises_in_two_languages_and_its_game_counts_apart(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url, "speed=instant&debug=1&lang=en")
    # Statistics stored before games with help were counted apart, plus a damaged section.
    page.evaluate("stats => localStorage.setItem('vnv.stats', JSON.stringify(stats))", OLD_STATS)
    box = page.locator("#coach-on")
    expect(box).not_to_be_checked()  # off by default
    configure(page, "quick", 3, seed=6, levels=["medium"] * 2)
    deal(page)
    s = wait_turn(page)
    coach = page.locator("#coach")
    expect(coach).to_be_hidden()
    open_settings(page)
    box.check()
    page.keyboard.press("Escape")
    expect(coach).to_contain_text("The Expert would:")
    advice = last_advice(page)
    expect(coach.locator("li.coach-fact")).to_have_count(len(advice["facts"]))
    # The same advice in Russian once the language changes, without asking again.
    asked = len(raw_answers(page))
    page.select_option("#lang", "ru")
    expect(coach).to_contain_text("Эксперт бы сделал так:")
    expect(coach.locator("h2")).to_have_text(RU["coach"]["title"])
    expect(coach).not_to_contain_text("Boris")  # the seats are named in Russian too
    expect(coach).not_to_contain_text("Anna")
    assert len(raw_answers(page)) == asked
    # Before every later decision it advises again; the game runs to its end.
    person = Person(page)
    moves = [advice["move"]]
    while s["state"] != "over":
        expect(coach).to_contain_text("Эксперт бы сделал так:")
        if last_advice(page)["move"] != moves[-1]:
            moves.append(last_advice(page)["move"])
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    assert len(moves) == person.turns, (moves, person.turns)
    expect(coach).to_be_hidden()
    assert check_protocol(page) > 3
    # The game counts with the coach's, not with the player's own; the setting is remembered.
    page.click("#change-setup")
    page.click("#stats-open")
    expect(page.locator("#stats-games tr")).to_have_count(1)  # the stored game, as it was
    expect(page.locator("#stats-calls-won")).to_have_text("3")
    expect(page.locator("#stats-assisted-games tr")).to_have_count(1)
    expect(page.locator("#stats-assisted-games tr")).to_have_attribute("data-key", "quick|medium")
    expect(page.locator("#stats-assisted h3")).to_have_text(RU["stats"]["assisted"])
    page.click("#stats-close")
    open_page(page, base_url, "speed=instant&debug=1&lang=en")
    expect(box).to_be_checked()
