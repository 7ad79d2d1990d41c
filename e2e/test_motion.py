"""Motion: with motion allowed a play sends cards across the table, and every
card in flight is gone again afterwards; with the system's reduced motion, or at instant speed,
none travels. Cards in flight are seen the way a person sees them: elements that appear on the
page (a MutationObserver counts them), not a flag of the page's."""

from __future__ import annotations

from collections.abc import Callable

from driver import Person, configure, deal, open_page, wait_turn
from playwright.sync_api import BrowserContext, Page

# Counts every card in flight that appears; window.__inFlight is how many are on the page now.
WATCH_JS = """() => {
  window.__flights = 0;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element && node.classList.contains('flight')) window.__flights += 1;
  }).observe(document.body, { childList: true });
}"""
FLIGHTS = "() => window.__flights"
IN_FLIGHT = "() => document.querySelectorAll('.flight').length"


def play_a_few_turns(page: Page, turns: int) -> None:
    """Deal a classic game and make ``turns`` decisions (the bots move in between)."""
    page.evaluate(WATCH_JS)
    configure(page, "classic", 3, seed=11)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    for _ in range(turns):
        if s["state"] == "over":
            break
        person.act(s)
        s = wait_turn(page, after_step=s["step"])


def test_a_play_sends_cards_to_the_pile_and_leaves_nothing_behind(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url, "speed=fast&debug=1")
    play_a_few_turns(page, 3)
    assert page.evaluate(FLIGHTS) > 0, "no card travelled"
    # Every card in flight removes itself when it lands; input never waited for one.
    page.wait_for_function(f"() => ({IN_FLIGHT})() === 0", timeout=5_000)
    # A new table clears anything still in flight at once.
    page.click("#new-game")
    page.click("#start")
    assert page.evaluate(IN_FLIGHT) == 0


def test_reduced_motion_and_instant_speed_move_nothing(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = make_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    open_page(page, base_url, "speed=slow&debug=1")
    play_a_few_turns(page, 2)
    assert page.evaluate(FLIGHTS) == 0
    # The reveal's flip is off too: its cards turn over with no transition.
    duration = page.evaluate(
        "() => { const probe = document.createElement('span'); probe.className = 'flip-inner';"
        " document.body.append(probe); const d = getComputedStyle(probe).transitionDuration;"
        " probe.remove(); return d; }"
    )
    assert duration == "0s"

    page = make_context(viewport={"width": 1280, "height": 800}).new_page()
    open_page(page, base_url, "speed=instant&debug=1")
    play_a_few_turns(page, 2)
    assert page.evaluate(FLIGHTS) == 0
