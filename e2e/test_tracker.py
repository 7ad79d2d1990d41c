"""The card tracker panel: closed by default, remembered, checked like every stored setting, and
showing what the worker's tracker says (docs/web.md, "Card tracker")."""

from __future__ import annotations

import json

from driver import Person, configure, deal, open_page, raw_answers, wait_turn
from playwright.sync_api import Page, expect


def test_the_tracker_panel_shows_the_workers_notes_and_is_remembered(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=4, levels=["random"] * 2)
    deal(page)
    panel = page.locator("#tracker-panel")
    expect(panel).not_to_have_attribute("open", "")  # off by default
    person = Person(page)
    s = wait_turn(page)
    for _ in range(4):  # a few turns, so the heap, the pile and the calls hold something
        if s["state"] == "over":
            break
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    panel.locator("summary").click()
    expect(panel).to_have_attribute("open", "")
    tracker = json.loads(raw_answers(page)[-1])["tracker"]
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(len(tracker["ranks"]))  # 9 ranks of the 36-card deck
    for i, entry in enumerate(tracker["ranks"]):
        cells = [int(x) for x in rows.nth(i).locator("td").all_inner_texts()]
        held = [n for seat, n in enumerate(entry["held"]) if seat != 0]
        expected = [entry["mine"], entry["discard"], entry["pile"], *held, entry["unaccounted"]]
        assert cells == expected, entry["rank"]
    mine = sum(int(x) for x in rows.locator("td:nth-of-type(1)").all_inner_texts())
    assert mine == len(s["hand"])
    # Remembered: open again after a reload; a stored value that is not ours means closed.
    open_page(page, base_url)
    expect(page.locator("#table-screen")).to_be_visible()
    expect(panel).to_have_attribute("open", "")
    page.evaluate("() => localStorage.setItem('vnv.tracker', '{\"open\": true}')")
    open_page(page, base_url)
    expect(panel).not_to_have_attribute("open", "")
