"""One game, one tab (app/game/tab-lock.js): the game open in a second tab of the same browser is
noticed there; that tab may take the game over and then shows the latest save; the first tab
then says it no longer plays, and may take the game back. No tab plays on over the other's save.
"""

from __future__ import annotations

from driver import Person, configure, deal, open_page, state, wait_turn
from playwright.sync_api import Page, expect

ELSEWHERE = "This game is open in another tab"
MOVED = "This game is now played in another tab"


def test_a_second_tab_says_so_and_may_take_the_game_over(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    expect(page.locator("html")).to_have_attribute("data-tab", "playing")
    configure(page, "classic", 3, seed=5)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    person.act(s)
    first = wait_turn(page, after_step=s["step"])

    other = page.context.new_page()
    open_page(other, base_url)
    expect(other.locator("#tab-notice")).to_be_visible()
    expect(other.locator("#tab-notice")).to_contain_text(ELSEWHERE)
    expect(other.locator("html")).to_have_attribute("data-tab", "elsewhere")
    expect(other.locator("#table-screen")).to_be_hidden()  # nothing dealt or resumed here
    expect(page.locator("#tab-notice")).to_have_count(0)  # the first tab plays on meanwhile

    person.act(first)
    last = wait_turn(page, after_step=first["step"])
    other.click("#tab-take")
    expect(other.locator("#tab-notice")).to_be_hidden()
    expect(other.locator("html")).to_have_attribute("data-tab", "playing")
    taken = wait_turn(other)
    assert taken["hand"] == last["hand"], "the taking tab shows the latest save"
    assert other.locator("#log").inner_text().count("\n") >= 1

    expect(page.locator("#tab-notice")).to_be_visible()
    expect(page.locator("#tab-notice")).to_contain_text(MOVED)
    expect(page.locator("html")).to_have_attribute("data-tab", "moved")
    expect(page.locator("#tab-take")).to_be_focused()
    page.keyboard.press("Escape")  # the notice stays: this tab does not play on
    expect(page.locator("#tab-notice")).to_be_visible()

    # The game goes on in the second tab, then back to the first, which sees that move.
    Person(other).act(taken)
    after = wait_turn(other, after_step=taken["step"])
    page.click("#tab-take")
    expect(other.locator("#tab-notice")).to_contain_text(MOVED)
    expect(page.locator("html")).to_have_attribute("data-tab", "playing")
    expect(page.locator("#table-screen")).to_be_visible()  # drawn again from the save
    back = wait_turn(page)
    assert back["hand"] == after["hand"]
    assert state(page)["hand"] == after["hand"]
