"""Accessibility audit with axe-core (npm, pinned in package.json): the setup screen, the
statistics dialog, the table in the middle of a game, the end screen and the rules page have
no serious or critical violation.

axe is evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not
govern; the page itself keeps its strict policy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driver import Person, configure, deal, open_page, wait_turn
from playwright.sync_api import Page, expect

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async (include) => {
  const result = await axe.run(include || document, {
    resultTypes: ['violations'],
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
}"""


def audit(page: Page, include: str | None = None) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE, include)
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_axe_finds_no_serious_violation(page: Page, base_url: str) -> None:
    open_page(page, base_url, "speed=instant&debug=1&sw=off")
    assert audit(page) == [], "setup screen"
    page.click("#stats-open")
    expect(page.locator("#stats-dialog")).to_be_visible()
    assert audit(page, "#stats-dialog") == [], "statistics dialog"
    page.click("#stats-close")

    configure(page, "classic", 4, seed=12)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    for _ in range(3):
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    page.click("#card-0")  # a selected card, the rank picker or the play button's label
    assert audit(page) == [], "table mid-game"
    page.click("#card-0")  # unselected again: the person chooses its own cards
    person.play_game()
    expect(page.locator("#end-screen")).to_be_visible()
    assert audit(page, "#end-screen") == [], "end screen"

    page.goto(base_url + "rules/en.html")
    expect(page.locator("h1")).to_be_visible()
    assert audit(page) == [], "rules page"
