"""Six languages in Chromium: the language choice (URL, stored, browser), the table and the rules
panel in each language, and a switch of language in the middle of a game that keeps the game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driver import (
    BOOT_TIMEOUT_MS,
    catalog,
    configure,
    deal,
    open_page,
    open_setup,
    wait_ready,
    wait_turn,
)
from playwright.sync_api import BrowserContext, Page, expect

from engine.links import pack
from tests.test_catalog_grammar import EXPECTED, MESSAGES

LANGS = ("de", "nl", "it", "pt", "en", "ru")
NATIVE = ("Deutsch", "Nederlands", "Italiano", "Português", "English", "Русский")


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
    expect(page.locator("#play-now")).to_have_text("Gleich spielen")
    open_setup(page)
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
    open_setup(page)
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


# The cases of tests/test_catalog_grammar.py, rendered by the page's own functions (the log's
# describeEvent, the review's, the explanations' and the coach's aboutSeat) in each language.
PLAYERS_JS = """async ({ langs, cases }) => {
  const i18n = await import("./app/core/i18n.js");
  const ev = await import("./app/core/events.js");
  const table = { human: 0, seats: [
    { name: "", level: "human" }, { name: "", level: "easy" }, { name: "", level: "easy" },
    { name: "Sam", level: "easy" } ] };
  const seatOf = { you: 0, female: 1, male: 2, neutral: 3 };
  const out = {};
  for (const lang of langs) {
    await i18n.setLanguage(lang, { remember: false });
    for (const [message, person] of cases) {
      const seat = seatOf[person];
      const said = {
        took: () => ev.aboutSeat("review.took", table, seat, { count: 5 }),
        took_one: () => ev.aboutSeat("review.took", table, seat, { count: 1 }),
        plays: () => ev.describeEvent({ type: "played", seat, count: 3, rank: "7",
          cards: seat === 0 ? ["7H", "7D", "KS"] : undefined }, table),
        honest: () => ev.describeEvent({ type: "revealed", seat, cards: ["7H"], rank: "7",
          honest: true }, table),
        bluffed: () => ev.describeEvent({ type: "revealed", seat, cards: ["KS"], rank: "7",
          honest: false }, table),
        bluffed_why: () => ev.aboutSeat("position.why.challenge_bluff", table, seat,
          { rank_group: i18n.t("rank_group.7") }, "author"),
        wins: () => ev.aboutSeat("position.win", table, seat),
        sure_bluff: () => ev.aboutSeat("coach.sure_bluff", table, seat,
          { n: 3, rank: ev.rankText("7"), limit: 1 }),
      }[message];
      out[`${lang} ${message} ${person}`] = said();
    }
  }
  return out;
}"""


def test_the_page_says_each_player_as_the_table_of_sentences(page: Page, base_url: str) -> None:
    """The human in the second person, Anna and Boris each with their gender, a typed name in the
    neutral wording: the page's sentences are the hand-written table's, in all six languages."""
    open_page(page, base_url, "lang=en&speed=instant")
    cases = [[message, person] for message, persons in MESSAGES.items() for person in persons]
    said = page.evaluate(PLAYERS_JS, {"langs": list(LANGS), "cases": cases})
    wrong = {key: text for key, text in said.items() if text != EXPECTED[tuple(key.split())]}
    assert not wrong, wrong
    assert len(said) == len(EXPECTED)


def stored_review(seats: list[dict[str, str]] | None, names: list[str]) -> dict[str, Any]:
    """A finished 3-player game as the history keeps it: Anna's bluff caught (she takes 3), Boris
    wrong on an honest play (he takes 2), the player wrong on an honest play (5)."""
    play = {"rank": "7", "honest": False, "call": "challenge"}
    review = {
        "hand": 1,
        "reason": "out",
        "ranking": [{"seat": 2, "place": 1}, {"seat": 1, "place": 2}, {"seat": 0, "place": 3}],
        "losers": [0],
        "plays": [
            {**play, "seat": 1, "cards": ["KS", "7H", "7D"]},
            {**play, "seat": 0, "rank": "8", "cards": ["8H", "8D"], "honest": True},
            {**play, "seat": 1, "rank": "9", "cards": ["9H"], "honest": True},
        ],
        "calls": [
            {"seat": 0, "kind": "challenge", "target": 1, "play": 0, "taker": 1, "taken": 3},
            {"seat": 2, "kind": "challenge", "target": 0, "play": 1, "taker": 2, "taken": 2},
            {"seat": 0, "kind": "challenge", "target": 1, "play": 2, "taker": 0, "taken": 5},
        ],
        "players": [
            {
                "seat": s,
                "plays": 1,
                "bluffs": 0,
                "caught": 0,
                "calls_won": 0,
                "calls_lost": 0,
                "taken": 0,
            }
            for s in range(3)
        ],
        "hands": [["AS"], ["6H"], []],
    }
    for call, right in zip(review["calls"], (True, False, False), strict=True):
        call["right"] = right
    game: dict[str, Any] = {
        "when": "2026-12-01T12:00:00.000Z",
        "preset": "classic",
        "names": names,
        "human": 0,
        "reviews": [review],
    }
    if seats is not None:
        game["seats"] = seats
    return game


REVIEW_WORDS = {
    "de": (
        ["Du", "Anna", "Boris"],
        ["Anna hat 3 Karten genommen", "Boris hat 2 Karten genommen", "Du hast 5 Karten genommen"],
    ),
    "ru": (
        ["Вы", "Анна", "Борис"],
        ["Анна забрала 3 карты", "Борис забрал 2 карты", "Вы забрали 5 карт"],
    ),
    "it": (
        ["Tu", "Anna", "Boris"],
        ["Anna ha preso 3 carte", "Boris ha preso 2 carte", "Hai preso 5 carte"],
    ),
}


def test_a_stored_review_names_the_players_in_the_language_it_is_reopened_in(
    page: Page, base_url: str
) -> None:
    """A game stored with its seats, and one stored by an older page with English names only:
    both reopen with the names, the person and the gender of the page's language."""
    seats = [
        {"name": "", "level": "human"},
        {"name": "", "level": "medium"},
        {"name": "", "level": "medium"},
    ]
    games = [
        stored_review(seats, ["You", "Anna", "Boris"]),
        stored_review(None, ["You", "Anna", "Boris"]),
    ]
    open_page(page, base_url, "lang=en&speed=instant")
    page.evaluate("(games) => localStorage.setItem('vnv.reviews', JSON.stringify(games))", games)
    for lang, (names, costs) in REVIEW_WORDS.items():
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.click("#stats-open")
        buttons = page.locator("#review-history li button")
        expect(buttons).to_have_count(2)
        for i in range(2):
            buttons.nth(i).click()
            dialog = page.locator("#review-dialog")
            expect(dialog).to_be_visible()
            players = dialog.locator("table").last.locator("tbody th")
            expect(players).to_have_text(names)
            calls = dialog.locator("table").nth(1).locator("tbody td:nth-child(6)")
            expect(calls).to_have_text(costs)
            expect(dialog.locator("h3")).to_have_text(
                catalog(lang)["review"]["hand"].replace("{{hand}}", "1")
            )
            page.locator("#review-close").click()
            expect(dialog).to_be_hidden()
        page.locator("#stats-close").click()


def test_a_refused_position_is_said_wholly_in_the_readers_language(
    page: Page, base_url: str
) -> None:
    """The notice is the page's German sentence from its first word to its last; the engine's
    English reason is folded away under "Details", not part of the sentence."""
    bad = pack({"v": 1, "hands": [["7S"], ["7S"]], "turn": 0})
    page.goto(f"{base_url.rstrip('/')}/embed.html?lang=de#position={bad}")
    c = catalog("de")
    sentence = f"{c['position']['error']} {c['error']['bad_position']}"
    text = page.locator("#notice .notice-text")
    expect(text).to_have_text(sentence, timeout=BOOT_TIMEOUT_MS)
    detail = page.locator("#notice details.notice-detail")
    expect(detail).to_have_count(1)
    assert detail.evaluate("d => !d.open")
    expect(detail.locator("summary")).to_have_text(c["boot"]["details"])
    expect(detail.locator("code")).to_have_attribute("lang", "en")
