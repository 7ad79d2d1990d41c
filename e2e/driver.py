"""A person at the table, for the e2e tests: reads what the page shows, clicks or types.

Decisions read the DOM (the hand's cards, which buttons are enabled, the rank picker); every
action goes through a real click or key press. The worker's raw answers are read only to check
what crossed the boundary (``?debug=1`` keeps them in ``window.__vnv``).
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page, expect
from protocol_check import check_raw_calls

CATALOGS = Path(__file__).resolve().parent.parent / "i18n"
BOOT_TIMEOUT_MS = 90_000
TURN_TIMEOUT_MS = 60_000
CARD = re.compile(r"^(10|[2-9JQKA])[CDHS]$")

STATE_JS = """() => {
  const q = (s) => document.querySelector(s);
  const enabled = (id) => { const b = q(id); return !!b && !b.hidden && !b.disabled; };
  return {
    state: q('#table-screen').dataset.state,
    step: Number(q('#table-screen').dataset.step),
    hand: [...document.querySelectorAll('#hand [role=option]')].map((o) => o.dataset.card),
    selected: [...document.querySelectorAll('#hand [role=option][aria-selected=true]')]
      .map((o) => Number(o.dataset.index)),
    play: enabled('#act-play'),
    legal: q('#act-play').dataset.legal || '',
    legalRanks: (q('#act-play').dataset.ranks || '').split(' ').filter(Boolean),
    challenge: enabled('#act-challenge'),
    believe: enabled('#act-believe'),
    pass: enabled('#act-pass'),
    passVisible: !q('#act-pass').hidden,
    picker: !q('#rank-picker').hidden,
    ranks: [...document.querySelectorAll('#rank-options input')].map((i) => i.value),
    claim: q('#claim-rank').textContent,
    reason: q('#reason').textContent,
    active: document.activeElement ? document.activeElement.id : null,
    ended: q('#end-screen').open,
  };
}"""


def rank_of(card: str) -> str:
    return card[:-1]


def catalog(lang: str) -> dict[str, Any]:
    """A language's catalog as the page loads it: what the tests expect the page to say."""
    data: dict[str, Any] = json.loads((CATALOGS / f"{lang}.json").read_text("utf-8"))
    return data


def open_page(page: Page, base_url: str, query: str = "speed=instant&debug=1") -> None:
    page.goto(f"{base_url}?{query}")
    wait_ready(page)


def wait_ready(page: Page) -> None:
    expect(page.locator("#start")).to_be_enabled(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#boot")).to_have_attribute("data-state", "ready")


def open_settings(page: Page) -> None:
    """Open the top bar's settings menu (speed, auto-pass, sound, coach, tracker, rules) if it
    is closed, as a person does before changing one of them."""
    button = page.locator("#settings-button")
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    expect(page.locator("#settings-panel")).to_be_visible()


def open_setup(page: Page) -> None:
    """Open the full setup form under the first screen's ways in, if it is folded, as a person
    does before choosing the table themselves."""
    toggle = page.locator("#setup-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator("#setup-form")).to_be_visible()


def configure(
    page: Page,
    preset: str,
    players: int,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    *,
    levels: list[str] | None = None,
) -> None:
    """Fill the setup form by clicking and typing, as a person would."""
    open_setup(page)
    page.locator(f'input[name="preset"][value="{preset}"]').check()
    page.select_option("#players", str(players))
    for seat, level in enumerate(levels or [], start=1):
        page.select_option(f'select[name="bot_level_{seat}"]', level)
    for name, value in (options or {}).items():
        control = page.locator(f"#opt-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(json.dumps(value))
        else:
            control.fill("" if value is None else str(value))
    page.fill("#seed", "" if seed is None else str(seed))


def deal(page: Page) -> None:
    """Deal the table the setup form shows (opened first if it is folded)."""
    open_setup(page)
    page.click("#start")
    expect(page.locator("#table-screen")).to_be_visible()


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(STATE_JS)
    return result


def wait_turn(page: Page, after_step: int | None = None) -> dict[str, Any]:
    """Wait until the human may act (or the game is over) and return what the table shows."""
    step = "" if after_step is None else f':not([data-step="{after_step}"])'
    page.locator(
        f'#table-screen[data-state="human"]{step}, #table-screen[data-state="over"]'
    ).wait_for(timeout=TURN_TIMEOUT_MS)
    s = state(page)
    if s["state"] == "over":
        expect(page.locator("#end-screen")).to_be_visible()
        s = state(page)
    return s


def play_again(page: Page) -> None:
    """Click "Play again" and wait until the new deal is on the table: until then the table
    still says "over" (the end screen closes first), and wait_turn would read the old game."""
    page.click("#play-again")
    expect(page.locator("#end-screen")).to_be_hidden()
    expect(page.locator("#table-screen")).not_to_have_attribute("data-state", "over")


class Person:
    """Plays by the rules the page shows; counts the actions it used."""

    def __init__(self, page: Page, keyboard: bool = False) -> None:
        self.page = page
        self.keyboard = keyboard
        self.used: Counter[str] = Counter()
        self.turns = 0
        self.picked = 0  # plays whose claimed rank was chosen in the rank picker
        self.opened = False  # has this person opened a round with a bluff yet?

    def used_all(self, actions: Iterable[str]) -> bool:
        return all(self.used[a] for a in actions)

    # -- choosing -------------------------------------------------------------------------

    def choose(self, s: dict[str, Any]) -> tuple[str, list[int], str | None]:
        """(action, card indexes, rank to pick in the picker or None)."""
        self.turns += 1
        hand: list[str] = s["hand"]
        calls = [a for a in ("challenge", "believe", "pass") if s[a]]
        for call in ("believe", "challenge", "pass"):  # use every call once, early
            if s[call] and self.used[call] == 0:
                return call, [], None
        if calls and (not s["legal"] or self.turns % 4 == 0):
            return calls[self.turns % len(calls)], [], None
        assert s["legal"], f"no legal action shown: {s}"
        most = min(4, int(s["legal"].split("-")[1]))
        ranks: list[str] = s["legalRanks"]
        counts = Counter(rank_of(c) for c in hand)
        if len(ranks) > 1:
            # Opening a round: claim the rank held most, honestly; the first opening and every
            # fifth turn bluff with another rank (so the picker is used for real).
            best = max(ranks, key=lambda r: (counts.get(r, 0), r))
            if counts.get(best, 0) and self.opened and self.turns % 5 != 0:
                idx = [i for i, c in enumerate(hand) if rank_of(c) == best][:most]
                return "play", idx, best
            self.opened = True
            other = next(r for r in ranks if r != rank_of(hand[0]))
            return "play", [0], other
        claim = ranks[0]
        idx = [i for i, c in enumerate(hand) if rank_of(c) == claim][:most]
        if not idx:
            idx = [len(hand) - 1]  # a bluff with one card
        return "play", idx, None

    # -- acting -----------------------------------------------------------------------------

    def act(self, s: dict[str, Any]) -> None:
        action, idx, rank = self.choose(s)
        if self.keyboard:
            self.act_keys(action, idx, rank, s)
        else:
            self.act_clicks(action, idx, rank)
        self.used[action] += 1

    def act_clicks(self, action: str, idx: list[int], rank: str | None) -> None:
        page = self.page
        if action != "play":
            page.click(f"#act-{action}")
            return
        for i in idx:
            page.click(f"#card-{i}")
        if rank is not None:
            page.click(f'label[for="rank-{rank}"]')
            self.picked += 1
        expect(page.locator("#act-play")).to_be_enabled()
        page.click("#act-play")

    def act_keys(self, action: str, idx: list[int], rank: str | None, s: dict[str, Any]) -> None:
        page = self.page
        kb = page.keyboard
        if action != "play":
            self.tab_to(f"act-{action}")
            kb.press("Enter")
            return
        self.focus_hand()
        kb.press("Home")
        at = 0
        for i in sorted(idx):
            for _ in range(i - at):
                kb.press("ArrowRight")
            at = i
            kb.press(" ")
        picked = state(page)
        if rank is not None and picked["picker"]:
            current = page.locator("#rank-options input:checked")
            if current.count() == 0 or current.get_attribute("value") != rank:
                self.tab_to_rank()
                self.picked += 1
                for _ in range(len(picked["ranks"])):
                    if page.evaluate("() => document.activeElement.value") == rank:
                        break
                    kb.press("ArrowRight")
                kb.press("Enter")  # Enter on the picker plays
                return
        self.focus_hand()
        kb.press("Enter")

    def focus_hand(self) -> None:
        for _ in range(20):
            if state(self.page)["active"] == "hand":
                return
            self.page.keyboard.press("Tab")
        raise AssertionError("Tab never reached the hand")

    def tab_to(self, element_id: str) -> None:
        for _ in range(30):
            if state(self.page)["active"] == element_id:
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached #{element_id}")

    def tab_to_rank(self) -> None:
        for _ in range(30):
            active = state(self.page)["active"] or ""
            if active.startswith("rank-"):
                return
            self.page.keyboard.press("Tab")
        raise AssertionError("Tab never reached the rank picker")

    def play_game(self, max_turns: int = 400) -> dict[str, Any]:
        s = wait_turn(self.page)
        for _ in range(max_turns):
            if s["state"] == "over":
                return s
            self.act(s)
            s = wait_turn(self.page, after_step=s["step"])
        raise AssertionError("the game did not end")


def invite_link(host: Page, seat: int) -> str:
    """The invite link the host's friends panel shows for ``seat``, its Invite button pressed."""
    host.locator(f'#friends-seats li[data-seat="{seat}"] button').first.click()
    host.locator(f'#friends-invite[data-seat="{seat}"]').wait_for()
    link = host.locator("#friends-link").input_value()
    assert "#join=" in link, link
    return link


def paste_answer(host: Page, friend: Page, timeout_ms: float) -> None:
    """The friend's answer, once the friend's page shows it, pasted into the host's panel and
    connected (as a person does who cannot scan)."""
    answer = friend.locator("#join-code")
    expect(answer).not_to_have_value("", timeout=timeout_ms)
    host.fill("#friends-answer", answer.input_value())
    host.click("#friends-connect")


def play_together(people: list[Person], timeout_s: float = 240) -> None:
    """People at one table on their own pages (play with friends): each acts when their page
    says it is their turn, until every page shows the game's end."""
    acted: dict[int, int] = {}
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        states = [state(person.page) for person in people]
        if all(s["state"] == "over" for s in states):
            return
        moved = False
        for i, (person, s) in enumerate(zip(people, states, strict=True)):
            take_seat = person.page.locator("#take-seat")
            if take_seat.is_visible():  # pass-and-play on this device: the next person takes it
                take_seat.click()
                expect(person.page.locator("#handoff-screen")).to_be_hidden()
                moved = True
            elif s["state"] == "human" and acted.get(i) != s["step"] and not s["ended"]:
                acted[i] = s["step"]
                person.act(s)
                moved = True
        if not moved:
            people[0].page.wait_for_timeout(40)
    raise AssertionError(f"the game did not end: {[state(p.page)['state'] for p in people]}")


# -- the worker boundary ------------------------------------------------------------------


def raw_answers(page: Page) -> list[str]:
    answers: list[str] = page.evaluate("() => window.__vnv.raw().slice()")
    return answers


def clear_answers(page: Page) -> None:
    page.evaluate(
        "() => { window.__vnv.raw().length = 0; window.__vnv.app.client.sentLog.length = 0; }"
    )


def check_protocol(page: Page) -> int:
    """Every call the page made since it booted (or since :func:`clear_answers`), the request as
    sent and the raw answer, against the worker protocol's schema (web/app/protocol.schema.json).
    Returns the number of calls checked.

    Both logs are read in one evaluation: the bots keep playing while the test reads, and
    two separate reads once caught a call answered between them (13 requests, 14 answers)."""
    sent: list[tuple[str, str | None]]
    answers: list[str]
    sent, answers = page.evaluate(
        "() => [window.__vnv.app.client.sentLog.slice(), window.__vnv.raw().slice()]"
    )
    return check_raw_calls(sent, answers)


def cards_in(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


def check_no_hidden_cards(answers: list[str]) -> int:
    """Every card in the worker's answers is one the human may know.

    Known: every card the human has held (own hand in any answer so far), the discard heap,
    and every revealed card. With one deck each card is unique, so any other card string
    would be an opponent's (or the pile's, or the stock's) hidden card. The one exception is
    the end-of-hand review, which shows the hand's every card: it may only come in the answer
    whose events end that hand (or, after a reload, with that hand's summary), and every hand's
    review (``reviews``) only in the answer whose events end the game. Returns the number of
    answers checked.
    """
    known: set[str] = set()
    checked = 0
    for raw in answers:
        answer = json.loads(raw)
        # The seed would let the page re-deal every hand: it never crosses either.
        assert "seed" not in answer, raw[:200]
        view = answer.get("view")
        if view:
            known.update(view["hand"])
            known.update(view["discard"])
            for reveal in view["revealed"]:
                known.update(reveal["cards"])
            for secret in ("hands", "stock", "pile", "seed"):
                assert secret not in view, secret
        review = answer.pop("review", None)
        if review is not None:
            ended = [e["hand"] for e in answer["events"] if e["type"] == "hand_over"]
            # A match's summary drawn again after a reload comes with its hand's review.
            ended += [answer["between_hands"]["hand"]] if "between_hands" in answer else []
            assert ended[-1:] == [review["hand"]], f"a review before its hand ended: {raw[:400]}"
        if answer.pop("reviews", None) is not None:
            over = [e for e in answer["events"] if e["type"] == "game_over"]
            assert over, f"the game's reviews before it ended: {raw[:400]}"
        leaked = set(cards_in(answer)) - known
        assert not leaked, f"hidden cards crossed to the page: {sorted(leaked)} in {raw[:400]}"
        checked += 1
    return checked


def game_frame(page: Page) -> Frame:
    """The embedded game's frame inside a host page (the tests that play a game framed)."""
    for frame in page.frames:
        if "/embed.html" in frame.url:
            return frame
    raise AssertionError([f.url for f in page.frames])
