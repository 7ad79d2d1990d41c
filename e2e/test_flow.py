"""The table's flow as a player meets it: auto-pass in an open challenge, a
match's between-hands summary, a shared first place named, bubbles that belong to the round,
what the quick rules never use kept off the table, and the Deal button and narration in view."""

from __future__ import annotations

import json
from typing import Any

from driver import (
    Person,
    check_no_hidden_cards,
    configure,
    deal,
    open_page,
    open_settings,
    raw_answers,
    state,
    wait_ready,
    wait_turn,
)
from playwright.sync_api import Page, expect

VIEW_JS = "() => window.__vnv.app.resp.view"


def test_auto_pass_is_remembered_and_asks_only_when_a_call_may_pay(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url)
    # A new player has auto-pass on (tests/test_auto_pass.py: most windows only offer Pass).
    expect(page.locator("#auto-pass")).to_be_checked()
    assert page.evaluate("() => localStorage.getItem('vnv.autopass')") is None
    # Turned off, it stays off; a stored value other than the page's own is the default.
    open_settings(page)
    page.uncheck("#auto-pass")
    assert page.evaluate("() => localStorage.getItem('vnv.autopass')") == "off"
    open_page(page, base_url)
    expect(page.locator("#auto-pass")).not_to_be_checked()
    page.evaluate("() => localStorage.setItem('vnv.autopass', 'yes')")
    open_page(page, base_url)
    expect(page.locator("#auto-pass")).to_be_checked()
    open_settings(page)
    page.uncheck("#auto-pass")
    page.check("#auto-pass")
    assert page.evaluate("() => localStorage.getItem('vnv.autopass')") == "on"
    open_page(page, base_url)
    expect(page.locator("#auto-pass")).to_be_checked()

    configure(page, "classic", 6, seed=4, options={"open_challenge": True})
    deal(page)
    person = Person(page)
    asked = 0
    s = wait_turn(page)
    for _ in range(80):
        if s["state"] == "over":
            break
        if s["passVisible"] and not s["legal"]:
            # Still asked: the human holds the claimed rank, the counts make the claim a sure
            # bluff, or the author is playing out.
            reason = page.evaluate("() => window.__vnv.app.resp.call_reason")
            assert reason in {"held", "sure_bluff", "last_cards"}, reason
            asked += 1
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    own = person.used["pass"]
    said = page.locator("#log li", has_text="You let it pass").count()
    assert said > own, "auto-pass never passed for the human"


def test_match_shows_a_summary_between_hands(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=2, options={"ending": "match", "hands": 2})
    deal(page)
    person = Person(page)
    summaries = 0
    step = -1
    for _ in range(600):
        page.locator(
            f'#table-screen[data-state="human"]:not([data-step="{step}"]), '
            '#table-screen[data-state="over"], #hand-summary[open]'
        ).first.wait_for()
        if page.locator("#hand-summary").evaluate("(d) => d.open"):
            summaries += 1
            expect(page.locator("#hand-summary-title")).to_have_text(f"Hand {summaries} is over")
            rows = page.locator("#hand-summary-ranking tr")
            expect(rows).to_have_count(3)
            places = [int(x) for x in rows.locator("td:first-child").all_inner_texts()]
            assert places == sorted(places)
            assert places[0] == 1
            scores: list[int] = page.evaluate("() => window.__vnv.app.resp.view.scores")
            assert sum(int(x) for x in rows.locator("td:last-child").all_inner_texts()) == sum(
                scores
            )
            assert sum(scores) > 0  # the hand's loser got penalty points
            # The next hand waits: no bot moves while the summary is open.
            held = state(page)["step"]
            page.wait_for_timeout(300)
            assert state(page)["step"] == held
            page.click("#next-hand")
            expect(page.locator("#hand-summary")).to_be_hidden()
            continue
        s = state(page)
        if s["state"] == "over":
            break
        step = s["step"]
        person.act(s)
    expect(page.locator("#end-screen")).to_be_visible()
    assert summaries == 1  # two hands: one summary between them, the end screen after the last


def play_to_the_summary(page: Page, person: Person) -> None:
    """Play until the first hand's summary opens."""
    step = -1
    for _ in range(600):
        page.locator(
            f'#table-screen[data-state="human"]:not([data-step="{step}"]), #hand-summary[open]'
        ).first.wait_for()
        if page.locator("#hand-summary").evaluate("(d) => d.open"):
            return
        s = state(page)
        step = s["step"]
        person.act(s)
    raise AssertionError("the first hand did not end")


def check_hand_one_ended(page: Page) -> None:
    """The summary of hand 1 over hand 1's last table: no hand-2 card in the page, no line of
    its deal in the log, no answer that dealt it."""
    expect(page.locator("#hand-summary")).to_be_visible()
    expect(page.locator("#hand-summary-title")).to_have_text("Hand 1 is over")
    resp: dict[str, Any] = page.evaluate("() => window.__vnv.app.resp")
    view = resp["view"]
    assert (view["hand_number"], view["to_move"]) == (1, None)
    # The cards on the table are the human's as hand 1 ended (its review says so).
    assert state(page)["hand"] == view["hand"] == resp["review"]["hands"][resp["human"]]
    assert resp["between_hands"]["hand"] == 1
    expect(page.locator("#log li", has_text="Hand 2 dealt")).to_have_count(0)
    for raw in raw_answers(page):
        events = json.loads(raw).get("events") or []
        assert not [e for e in events if e["type"] == "dealt" and e["hand"] == 2], raw[:300]


def test_the_next_hand_is_dealt_when_the_player_goes_on_even_after_a_reload(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url)
    configure(page, "classic", 3, seed=2, options={"ending": "match", "hands": 2})
    deal(page)
    play_to_the_summary(page, Person(page))
    check_hand_one_ended(page)
    before = raw_answers(page)
    assert check_no_hidden_cards(before) > 0
    page.wait_for_timeout(500)  # the worker's save (IndexedDB) is written after its answer
    page.reload()
    wait_ready(page)
    check_hand_one_ended(page)  # the summary is back, the next hand still not dealt
    sent = page.evaluate("() => window.__vnv.app.client.sentLog.map(([name]) => name)")
    assert sent == ["boot", "resume"], sent  # nothing asks for the deal before "Next hand"
    # The summary drawn again comes with its hand's review and nothing else the human never saw.
    assert check_no_hidden_cards(before + raw_answers(page)) == len(before) + 2
    page.click("#next-hand")
    expect(page.locator("#hand-summary")).to_be_hidden()
    expect(page.locator("#log li", has_text="Hand 2 dealt")).to_have_count(1)
    resp: dict[str, Any] = page.evaluate("() => window.__vnv.app.resp")
    assert resp["view"]["hand_number"] == 2
    assert "between_hands" not in resp
    final = Person(page).play_game()
    assert final["ended"]


def test_a_shared_first_place_is_named(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "classic", 4, seed=1)
    deal(page)
    wait_turn(page)
    title = page.evaluate(
        """async () => {
          const { app } = await import("./app/state.js");
          const { showEnd } = await import("./app/game/end.js");
          const view = app.resp.view;
          const ranking = [0, 1, 2, 3].map((seat) => ({ seat, place: seat === 3 ? 4 : 1 }));
          const result = { reason: "move_limit", ranking, winner: null, draw: true, losers: [3],
                           scores: [0, 0, 0, 0] };
          app.resp = { ...app.resp, view: { ...view, over: true, result } };
          showEnd();
          return document.querySelector("#end-title").textContent;
        }"""
    )
    assert title == "Shared win: You, Anna, Boris"


def test_bubbles_are_the_rounds(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    bubbles = page.evaluate(
        """async () => {
          const { updateBubbles } = await import("./app/table/log.js");
          const before = updateBubbles({}, [{ type: "played", seat: 1, count: 2, rank: "7" }], 0);
          const after = updateBubbles(before, [
            { type: "round_opened", seat: 2, rank: "9" },
            { type: "played", seat: 2, count: 1, rank: "9" },
          ], 0);
          return [Object.keys(before), Object.keys(after)];
        }"""
    )
    assert bubbles == [["1"], ["2"]]


def test_quick_hides_what_it_never_uses_and_random_reads_as_random(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url)
    configure(page, "quick", 3, seed=5)
    expect(page.locator('select[name="bot_level_1"] option[value="random"]')).to_have_text(
        "Random legal moves"
    )
    deal(page)
    s = wait_turn(page)
    expect(page.locator("#discard-box")).to_be_hidden()
    if not s["believe"]:
        expect(page.locator("#act-believe")).to_be_hidden()
    page.click("#new-game")
    configure(page, "classic", 3, seed=5)
    deal(page)
    wait_turn(page)
    expect(page.locator("#discard-box")).to_be_visible()
    expect(page.locator("#act-believe")).to_be_visible()


def test_deal_in_view_at_1280x800_and_narration_beside_the_hand_on_a_phone(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, base_url)
    configure(page, "classic", 6, options={"open_challenge": True})
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.locator("#start")).to_be_in_viewport(ratio=1)
    page.set_viewport_size({"width": 360, "height": 640})
    deal(page)
    wait_turn(page)
    page.locator("#hand").scroll_into_view_if_needed()
    narrator = page.locator("#narrator").bounding_box()
    me = page.locator("#me").bounding_box()
    assert narrator
    assert me
    # Right above the human's seat, not under the log or the action bar.
    assert 0 <= me["y"] - (narrator["y"] + narrator["height"]) < 16, (narrator, me)
    expect(page.locator("#narrator")).to_be_in_viewport()


# Counts the tones the page makes: every sound cue is oscillators on a Web Audio context.
COUNT_TONES = """(() => {
  window.__tones = 0;
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__tones += 1;
    return make.call(this);
  };
})();"""


def test_sound_is_off_by_default_then_heard_and_remembered(page: Page, base_url: str) -> None:
    page.add_init_script(COUNT_TONES)
    open_page(page, base_url)
    expect(page.locator("#sound")).not_to_be_checked()
    configure(page, "classic", 3, seed=1)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    person.act(s)
    s = wait_turn(page, after_step=s["step"])
    assert page.evaluate("() => window.__tones") == 0  # off: not one tone
    open_settings(page)
    page.check("#sound")
    assert page.evaluate("() => localStorage.getItem('vnv.sound')") == "on"
    person.act(s)
    wait_turn(page, after_step=s["step"])
    assert page.evaluate("() => window.__tones") > 0  # the human's play and the bots' moves
    open_page(page, base_url)
    expect(page.locator("#sound")).to_be_checked()
