"""axe-core (npm, pinned in package.json) in a page of the site, at every impact: the audit the
accessibility tests run on each state they show (test_a11y.py, test_friends.py).

axe is evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not
govern; the page itself keeps its strict policy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

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
    """Every violation axe finds, whatever its impact."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE, include)
    return found


def check(found: dict[str, Any], page: Page, state: str, include: str | None = None) -> None:
    """Audit one state; its violations are kept under its name, so one run reports them all."""
    violations = audit(page, include)
    if violations:
        found[state] = violations
