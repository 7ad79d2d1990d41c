"""Never stuck at a table of bots: once the human is out of a hand and the bots play on, "Finish
the hand" plays the rest at instant speed (docs/web.md). The table's cap, which ends a remainder
that would not end, is tested on the table's host (tests/test_table.py)."""

from __future__ import annotations

import time

from driver import Person, configure, deal, open_page, open_settings, state
from playwright.sync_api import Page, expect

SEED = 1  # a classic 6-player "last loser" game in which the human goes out early


def test_finish_the_hand_once_the_human_is_out(page: Page, base_url: str) -> None:
    open_page(page, base_url)  # instant speed until the human is out
    configure(
        page, "classic", 6, seed=SEED, options={"ending": "last_loser"}, levels=["random"] * 5
    )
    deal(page)
    finish = page.locator("#finish-hand")
    person = Person(page)
    waiting = ", ".join(
        (
            '#table-screen[data-state="human"]',
            '#table-screen[data-state="over"]',
            "#finish-hand:not([hidden])",
        )
    )
    while True:
        page.locator(waiting).first.wait_for(timeout=60_000)
        if finish.is_visible():
            break
        s = state(page)
        assert s["state"] == "human", "the game ended before the human went out"
        expect(finish).to_be_hidden()  # not while the human is in the hand
        person.act(s)
        page.wait_for_function(
            "(step) => Number(document.querySelector('#table-screen').dataset.step) > step",
            arg=s["step"],
        )
    expect(page.locator("#me-status")).to_contain_text("Out")
    expect(finish).to_have_text("Finish the hand")
    # The slowest pace from here: finishing must not wait for it.
    open_settings(page)
    page.select_option("#speed", "slow")
    page.keyboard.press("Escape")
    before = state(page)["step"]
    started = time.monotonic()
    finish.click()
    expect(finish).to_be_hidden()
    expect(page.locator("#end-screen")).to_be_visible(timeout=120_000)
    elapsed = time.monotonic() - started
    steps = state(page)["step"] - before
    assert steps >= 3, "a remainder long enough to tell instant from slow"
    assert elapsed < 1.6 * (steps - 1), (
        f"{steps} bot moves in {elapsed:.1f} s: not at instant speed"
    )
    expect(page.locator("#speed")).to_have_value("slow")  # the setting itself is untouched
