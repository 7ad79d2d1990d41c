"""Six languages in Chromium: the language choice (URL, stored, browser), the table and the rules
panel in each language, and a switch of language in the middle of a game that keeps the game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driver import configure, deal, open_page, wait_ready, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

LANGS = ("de", "nl", "it", "pt", "en", "ru")
NATIVE = ("Deutsch", "Nederlands", "Italiano", "Português", "English", "Русский")
ROOT = Path(__file__).resolve().parent.parent


def catalog(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


# What the page shows, as data: the game must be the same before and after a switch.
GAME_JS = """() => ({
  hand: [...document.querySelectorAll('#hand [role=option]')].map((o) => o.dataset.card),
  seats: [...document.querySelectorAll('#opponents .seat')].map((s) => [
    s.dataset.seat,
    s.querySelectorAll('.backs .card').length,
    s.querySelector('.seat-count').textContent.replace(/\\D/g, ''),
  ]),
  pile: document.querySelectorAll('#pile .card').length,
  pileCount: document.querySelector('#pile-count').textContent.replace(/\\D/g, ''),
  log: document.querySelectorAll('#log li').length,
  step: document.querySelector('#table-screen').dataset.step,
  state: document.querySelector('#table-screen').dataset.state,
})"""


def game(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(GAME_JS)
    return result


def check_rules_panel(
    page: Page, index: dict[str, Any], rule_set: str, lang: str, anchor: str
) -> None:
    """The panel is open in `lang`, at `anchor`'s section (focused), and Escape closes it."""
    dialog = page.locator("#rules-panel")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-state", "ready")
    expect(dialog).to_have_attribute("data-lang", lang)
    article = dialog.locator(f'article.rules[lang="{lang}"][data-rule-set="{rule_set}"]')
    expect(article).to_have_count(1)
    section = next(
        s for s in index["rule_sets"][rule_set][lang]["sections"] if s["anchor"] == anchor
    )
    heading = dialog.locator(f"#{section['id']}")
    expect(heading).to_have_text(section["title"])
    expect(heading).to_be_focused()
    expect(dialog.locator("h2#rules-panel-title")).to_have_text(
        catalog(lang)["rules_panel"]["title"]
    )
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


# The human's own events, as the page words them (its own events.js, the catalog now loaded).
HUMAN_EVENTS_JS = """async () => {
  const { describeEvent } = await import("./app/core/events.js");
  const table = { human: 0, seats: [{ name: "", level: "human" }, { name: "", level: "easy" }] };
  return [
    describeEvent({ type: "revealed", seat: 0, cards: ["7H"], rank: "7", honest: true }, table),
    describeEvent({ type: "revealed", seat: 0, cards: ["7H"], rank: "7", honest: false }, table),
    describeEvent({ type: "dealt", hand: 2, dealer: 0, counts: [1, 1], stock: 0 }, table),
  ];
}"""


def check_names_and_second_person(page: Page, lang: str) -> None:
    """The seats left unnamed carry this language's default names ("Вы", "Анна"), and the
    human's own reveal and deal are said to them ("Вы открываете", not "Вы открывает")."""
    c = catalog(lang)
    expect(page.locator("#me-name")).to_have_text(c["setup"]["default_name"])
    for seat in (1, 2, 3):
        expect(page.locator(f'#opponents .seat[data-seat="{seat}"] .seat-name')).to_have_text(
            c["bot"][f"name_{seat}"]
        )
    card = c["rank"]["7"] + c["suit"]["H"]
    fill = {"{{cards}}": card, "{{rank_group}}": c["rank_group"]["7"], "{{hand}}": "2"}
    expected = []
    for key in ("revealed_honest_you", "revealed_bluff_you", "dealt_you"):
        text = c["event"][key]
        for var, value in fill.items():
            text = text.replace(var, value)
        expected.append(text)
    assert page.evaluate(HUMAN_EVENTS_JS) == expected, lang


def test_each_language_and_a_switch_mid_game(
    page: Page, base_url: str, site: Path, console_errors: list[str]
) -> None:
    index = json.loads((site / "rules" / "index.json").read_text("utf-8"))
    # ?lang= wins over the browser's language (en-US here).
    open_page(page, base_url, "lang=de&speed=instant&debug=1")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#setup-heading")).to_have_text("Neues Spiel")
    expect(page.locator("#start")).to_have_text("Austeilen")
    options = page.locator("#lang option")
    expect(options).to_have_text(list(NATIVE))
    assert options.evaluate_all("os => os.map((o) => o.lang)") == list(LANGS)
    expect(page.locator("#lang")).to_have_value("de")
    # The "?" beside the variants opens the rules at the classic variants.
    page.click(".help-rules")
    check_rules_panel(page, index, "classic", "de", "variants")
    expect(page.locator(".help-rules")).to_be_focused()

    # Easy bots seldom call: with this seed the pile still holds the play when the turn is back.
    configure(page, "classic", 4, seed=3, levels=["easy"] * 3)
    deal(page)
    s = wait_turn(page)
    # One play of the human's, so the pile and the log hold something.
    page.locator("#hand [role=option]").first.click()
    if s["picker"]:
        page.locator("#rank-options input").first.check()
    page.click("#act-play")
    wait_turn(page, after_step=s["step"])
    before = game(page)
    assert before["pile"] > 0
    assert before["log"] >= 2

    for lang in ("nl", "it", "pt", "en", "ru", "de"):
        c = catalog(lang)
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#act-challenge")).to_have_text(c["action"]["challenge"])
        expect(page.locator("#new-game")).to_have_text(c["table"]["new_game"])
        expect(page.locator(".table-head #open-rules")).to_have_text(c["rules_panel"]["open"])
        expect(page.locator("#stats-open")).to_have_text(c["stats"]["open"])  # built by JS
        # The log is written again in this language: the first line is the game's start.
        start = c["event"]["started_you_other"].split("{{")[0]
        expect(page.locator("#log li").first).to_contain_text(start)
        assert game(page) == before, lang
        check_names_and_second_person(page, lang)
        page.click("#open-rules")
        check_rules_panel(page, index, "classic", lang, "play")
        expect(page.locator("#open-rules")).to_be_focused()
    # The last choice is remembered: a reload without ?lang= comes back in it, with the game.
    page.select_option("#lang", "ru")
    open_page(page, base_url, "speed=instant&debug=1")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#table-screen")).to_be_visible()
    expect(page.locator("#log li").last).to_have_text(catalog("ru")["event"]["resumed"])
    assert game(page)["hand"] == before["hand"]
    check_names_and_second_person(page, "ru")
    assert not [e for e in console_errors if "i18n" in e or "rules" in e], console_errors


def test_browser_language_then_default_and_the_quick_last_cards_section(
    make_context: Callable[..., BrowserContext], base_url: str, site: Path
) -> None:
    index = json.loads((site / "rules" / "index.json").read_text("utf-8"))
    # No ?lang=, nothing stored: the browser's languages, the first one with a catalog.
    context = make_context(locale="pt-BR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{base_url}?speed=instant")
    expect(page.locator("html")).to_have_attribute("lang", "pt")
    expect(page.locator("#setup-heading")).to_have_text("Novo jogo")
    expect(page.locator("#players option").first).to_have_text(re.compile(r"^\d+ jogadores$"))
    # The quick rule set has no variants section: the "?" opens its table readings.
    page.locator('input[name="preset"][value="quick"]').check()
    page.click(".help-rules")
    check_rules_panel(page, index, "quick", "pt", "table-readings")
    # During a quick last-cards call the panel opens at that section.
    section = page.evaluate(
        """async () => {
          const m = await import('./app/learn/rules-panel.js');
          const view = {preset: 'quick', over: false, opening: false, moves: 3, move_limit: null,
                        legal: {play: null, challenge: true, believe: true, pass: false}};
          const section = m.sectionFor(view);
          m.openRules('quick', section);
          return section;
        }"""
    )
    assert section == "last-cards"
    check_rules_panel(page, index, "quick", "pt", "last-cards")
    # A browser language without a catalog falls back to English.
    other = make_context(locale="fr-FR").new_page()
    other.goto(f"{base_url}?speed=instant")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    expect(other.locator("#setup-heading")).to_have_text("New game")
    wait_ready(other)
