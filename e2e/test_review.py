"""The end-of-hand review in the page: between the hands of a match it holds the bots until the
player goes on, it is on the end screen, and the statistics dialog opens it again; in two
languages and on a phone (docs/web.md, "Review")."""

from __future__ import annotations

import json
from typing import Any

from driver import Person, configure, deal, open_page, raw_answers, state
from driver import catalog as page_catalog
from playwright.sync_api import BrowserContext, Page, expect


def catalog(lang: str) -> dict[str, Any]:
    """The review's part of a language's catalog."""
    section: dict[str, Any] = page_catalog(lang)["review"]
    return section


def reviews_sent(page: Page) -> list[dict[str, Any]]:
    """The reviews the worker answered, in order (read only to compare with what is shown)."""
    answers = [json.loads(raw) for raw in raw_answers(page)]
    return [answer["review"] for answer in answers if "review" in answer]


def check_hand(section: Any, review: dict[str, Any], words: dict[str, Any]) -> None:
    """The section of one hand shows every play of the review, honest or bluff, in order."""
    plays = section.locator("table").first
    expect(plays.locator("caption")).to_have_text(words["plays"])
    expect(plays.locator("tbody tr")).to_have_count(len(review["plays"]))
    truths = plays.locator("tbody tr td:nth-child(5)").all_inner_texts()
    assert truths == [words["honest" if p["honest"] else "bluff"] for p in review["plays"]]
    lines = section.locator("table").last
    expect(lines.locator("tbody tr")).to_have_count(len(review["players"]))
    bluffs = [int(x) for x in lines.locator("tbody tr td:nth-child(2)").all_inner_texts()]
    assert bluffs == [line["bluffs"] for line in review["players"]]


def play_to_the_end(page: Page, words: dict[str, Any]) -> int:
    """Play, reading every review in the summary between two hands; returns how many there were."""
    person = Person(page)
    between = 0
    dialog = page.locator("#hand-summary")
    waiting = (
        '#table-screen[data-state="human"], #table-screen[data-state="over"], #hand-summary[open]'
    )
    while True:
        page.locator(waiting).first.wait_for(timeout=60_000)
        if dialog.evaluate("d => d.open"):
            between += 1
            review = reviews_sent(page)[-1]
            check_hand(dialog.locator("section.review-hand"), review, words)
            step = state(page)["step"]
            page.wait_for_timeout(300)
            assert state(page)["step"] == step, "the bots went on while the review was open"
            dialog.locator("#next-hand").click()
            expect(dialog).to_be_hidden()
            continue
        s = state(page)
        if s["state"] == "over":
            expect(page.locator("#end-screen")).to_be_visible()
            return between
        person.act(s)
        page.wait_for_function(
            "(step) => Number(document.querySelector('#table-screen').dataset.step) > step",
            arg=s["step"],
        )


def test_a_match_reviews_each_hand_and_the_statistics_keep_it(page: Page, base_url: str) -> None:
    words = catalog("en")
    open_page(page, base_url)
    options = {"ending": "match", "hands": 2}
    configure(page, "classic", 3, seed=5, options=options, levels=["random"] * 2)
    deal(page)
    assert play_to_the_end(page, words) == 1  # between hand 1 and hand 2
    sent = reviews_sent(page)
    assert [review["hand"] for review in sent] == [1, 2]
    end = page.locator("#end-screen")
    end.locator("#end-review-box summary").click()
    sections = end.locator("section.review-hand")
    expect(sections).to_have_count(2)
    for i, review in enumerate(sent):
        check_hand(sections.nth(i), review, words)
    # Again from the statistics dialog.
    page.click("#change-setup")
    page.click("#stats-open")
    games = page.locator("#review-history li button")
    expect(games).to_have_count(1)
    games.first.click()
    expect(page.locator("#review-dialog section.review-hand")).to_have_count(2)
    page.locator("#review-close").click()
    expect(page.locator("#review-dialog")).to_be_hidden()


def test_a_hand_to_the_review_in_russian_on_a_phone(make_context: Any, base_url: str) -> None:
    context: BrowserContext = make_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    words = catalog("ru")
    open_page(page, base_url, "lang=ru&speed=instant&debug=1")
    configure(page, "quick", 3, seed=2, levels=["random"] * 2)
    deal(page)
    assert play_to_the_end(page, words) == 0
    (review,) = reviews_sent(page)
    end = page.locator("#end-screen")
    end.locator("#end-review-box summary").click()
    section = end.locator("section.review-hand")
    expect(section.locator("h3")).to_have_text(words["hand"].replace("{{hand}}", "1"))
    check_hand(section, review, words)
    # On the phone the dialog stays on the screen; wide tables scroll inside it.
    box = end.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    # The table is a table to a screen reader: column headers and one row header per row.
    plays = section.locator("table").first
    expect(plays.locator("thead th[scope=col]")).to_have_count(6)
    expect(plays.locator("tbody th[scope=row]")).to_have_count(len(review["plays"]))
