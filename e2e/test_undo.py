"""Safe undo against bots: the table goes back to exactly what it was before the human's last
decision (docs/web.md, "Undo")."""

from __future__ import annotations

import json

from driver import Person, check_protocol, configure, deal, open_page, raw_answers, wait_turn
from playwright.sync_api import Page, expect


def test_undo_gives_back_the_table_before_the_last_decision(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=8, levels=["medium"] * 2)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    person.act(s)  # a first decision, so there is one before the one taken back
    s = wait_turn(page, after_step=s["step"])
    before = json.loads(raw_answers(page)[-1])
    person.act(s)
    after = wait_turn(page, after_step=s["step"])
    assert after["state"] == "human"
    page.click("#undo")
    back = wait_turn(page, after_step=after["step"])
    answer = json.loads(raw_answers(page)[-1])
    assert answer["view"] == before["view"]
    assert answer["tracker"] == before["tracker"]
    assert back["hand"] == s["hand"]
    expect(page.locator("#log li").last).to_contain_text("You took back your last decision")
    assert check_protocol(page) > 3
