"""The guided first hand (engine/guide.py, docs/guide.md): its prepared deals, the steps it
explains, and that it is a game like any other (the worker's answers, saves, undo), which never
shows the player a card the player may not see."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine import guide
from engine.cards import rank_of
from engine.position import compile_position
from engine.table import Table
from tests.test_catalogs import LANGS, flatten, load
from tests.test_worker_protocol import Storage, cards_in
from tools.protocol_check import SCHEMA, check_call
from tools.worker_module import load_worker, module_call

Answer = dict[str, Any]
Chooser = Callable[[Table, Answer], dict[str, Any]]


def coach(table: Table, _answer: Answer) -> dict[str, Any]:
    """The coach's choice (the Expert's suggestion, as the page's coach shows it)."""
    suggestion = table.session.advice()["suggestion"] if table.session else None
    assert suggestion is not None
    action: dict[str, Any] = suggestion["action"]
    return action


def contrary(table: Table, answer: Answer) -> dict[str, Any]:
    """Against the coach wherever there is another choice: call what it believes, believe or
    play on where it calls, bluff where it plays honestly (and play honestly where it bluffs)."""
    view, suggested = answer["view"], coach(table, answer)
    legal = view["legal"]
    if suggested["type"] == "challenge":
        if legal["believe"]:
            return {"type": "believe"}
        if legal["play"]:
            rank = view["round_rank"] or view["last_play"]["rank"]
            return {"type": "play", "cards": [view["hand"][0]], "rank": rank}
        return suggested
    if suggested["type"] != "play":
        return {"type": "challenge"}
    if legal["challenge"]:
        return {"type": "challenge"}
    rank = suggested["rank"]
    honest = [card for card in view["hand"] if rank_of(card) == rank]
    other = [card for card in view["hand"] if rank_of(card) != rank]
    if all(rank_of(card) == rank for card in suggested["cards"]) and other:
        return {"type": "play", "cards": other[:1], "rank": rank}
    return {"type": "play", "cards": honest[:1] or other[:1], "rank": rank}


def walk(rules: str, choose: Chooser) -> tuple[Table, list[Answer]]:
    """The guided hand of ``rules`` played to its end, the player choosing with ``choose``."""
    table = Table()
    answers = [table.new_guide({"rules": rules})]
    for _ in range(500):
        answer = answers[-1]
        if answer["view"]["over"]:
            return table, answers
        if answer["bot_to_move"]:
            answers.append(table.bot_step())
        else:
            answers.append(table.act(choose(table, answer)))
        assert answers[-1]["ok"], answers[-1]
    raise AssertionError("the guided hand did not end")


@pytest.mark.parametrize("rules", guide.RULES)
def test_the_prepared_deal_compiles_by_the_rules(rules: str) -> None:
    game = compile_position(guide.DEALS[rules])
    assert game.config.preset == rules
    assert [len(hand) for hand in game.hands] == [5, 5, 5]
    assert game.to_move == guide.HUMAN  # the player opens the hand
    assert game.opening


@pytest.mark.parametrize("rules", guide.RULES)
def test_the_coachs_way_meets_every_key_moment_and_ends_in_a_win(rules: str) -> None:
    _, answers = walk(rules, coach)
    steps = [a["guide"]["step"]["kind"] for a in answers if a["guide"]["step"]]
    notes = [note for a in answers for note in a["guide"]["notes"]]
    outcomes = [note for note in notes if note["kind"] == "outcome"]
    assert steps.count("open") >= 2  # opening the hand, and opening again after a call
    assert ("answer" if rules == "classic" else "call") in steps
    assert any(not o["honest"] for o in outcomes)  # a bluff caught
    assert any(o["honest"] and o["decision"] == "challenge" for o in outcomes)  # honest, called
    assert any(o["taker"] is not None for o in outcomes)  # someone takes the pile
    assert any(o["opening"] and o["next"] is not None for o in outcomes)  # who opens next
    assert any(guide.HUMAN in o["out"] for o in outcomes)  # going out
    assert notes[-1] == {"kind": "end", "winner": guide.HUMAN, "reason": "out"}
    assert answers[-1]["guide"]["step"] is None


@pytest.mark.parametrize("rules", guide.RULES)
def test_contrary_choices_end_too_and_are_compared_with_the_coach(rules: str) -> None:
    _, answers = walk(rules, contrary)
    notes = [note for a in answers for note in a["guide"]["notes"]]
    assert notes[-1]["kind"] == "end"
    coached = [note for note in notes if note["kind"] == "coach"]
    assert coached, "no choice against the coach was told"
    assert all(note["action"]["type"] in ("play", "challenge", "believe") for note in coached)


@pytest.mark.parametrize("rules", guide.RULES)
def test_the_same_choices_replay_the_same_hand(rules: str) -> None:
    first = [a["events"] for a in walk(rules, coach)[1]]
    again = [a["events"] for a in walk(rules, coach)[1]]
    assert first == again


def sentence_keys(answer: Answer) -> list[str]:
    """The catalog keys the page words this answer's guide with (learn/guide-text.js)."""
    info = answer["guide"]
    keys = [f"guide.rules_{info['rules']}", "guide.title", "guide.leave", "guide.restart"]
    if info["step"]:
        keys.append(f"guide.step.{info['step']['kind']}")
        if "seat" in info["step"]:
            keys.append("guide.claim")
    for note in info["notes"]:
        if note["kind"] == "outcome":
            mine = note["seat"] == answer["human"]
            author = "_you" if note["author"] == answer["human"] else ""
            keys.append(
                f"position.why.{note['reason']}"
                if mine
                else f"guide.called.{note['reason']}{author}"
            )
        elif note["kind"] == "played":
            keys.append(
                "guide.played.honest" if note["real"] == note["count"] else "guide.played.bluff"
            )
        elif note["kind"] == "coach":
            keys += [
                "guide.coach",
                f"coach.why_{note['why']['code']}",
                "guide.cost",
                "guide.cost_none",
            ]
        else:
            keys += ["position.win_you" if note["winner"] == answer["human"] else "position.win"]
            keys += ["guide.end", "guide.real_game"]
    return keys


@pytest.mark.parametrize("rules", guide.RULES)
@pytest.mark.parametrize("choose", [coach, contrary])
def test_every_step_names_a_sentence_every_catalog_has(rules: str, choose: Chooser) -> None:
    catalogs = {lang: flatten(load(lang)) for lang in LANGS}
    for answer in walk(rules, choose)[1]:
        for key in sentence_keys(answer):
            for lang, flat in catalogs.items():
                assert key in flat, f"{lang}: no {key}"


def test_guide_is_the_last_section_of_every_catalog() -> None:
    for lang in LANGS:
        assert list(load(lang))[-1] == "guide", lang


@pytest.mark.parametrize("rules", guide.RULES)
@pytest.mark.parametrize("choose", [coach, contrary])
def test_the_guide_never_shows_a_card_the_player_has_not_seen(rules: str, choose: Chooser) -> None:
    seen: set[str] = set()
    for answer in walk(rules, choose)[1]:
        view = answer["view"]
        # What the seat's view and its events show: its hand, what was turned up or discarded.
        seen |= set(view["hand"]) | set(view["discard"]) | cards_in(view["revealed"])
        seen |= cards_in([e for e in answer["events"] if e["type"] in ("revealed", "discarded")])
        seen |= cards_in([e for e in answer["events"] if e.get("seat") == answer["human"]])
        shown = cards_in(answer["guide"])
        assert shown <= seen, f"the guide shows {sorted(shown - seen)}"


@pytest.mark.parametrize("rules", guide.RULES)
def test_a_guided_hand_is_saved_resumed_and_undone_like_a_game(rules: str) -> None:
    saved: list[dict[str, Any] | None] = []
    table = Table(saved.append)
    answer = table.new_guide({"rules": rules})
    while answer["bot_to_move"] or not answer["guide"]["notes"]:
        answer = table.bot_step() if answer["bot_to_move"] else table.act(coach(table, answer))
    assert saved[-1] is not None
    assert saved[-1]["guide"]["rules"] == rules
    again = Table()
    resumed = again.resume(json.dumps(saved[-1]))
    assert resumed["guide"] == answer["guide"]
    assert resumed["view"] == answer["view"]
    assert resumed["setup"]["seats"][0]["level"] == "human"
    undone = again.undo()  # the prepared deal again, played up to the player's last decision
    assert undone["guide"]["rules"] == rules
    assert undone["guide"]["step"] is not None
    assert undone["assisted"] == ["undo"]


def test_an_unknown_rule_system_is_refused() -> None:
    answer = load_worker().new_guide(json.dumps({"rules": "poker"}))
    assert json.loads(answer)["error"] == "bad_config"


@pytest.mark.parametrize("rules", guide.RULES)
def test_the_workers_answers_hold_to_the_protocol(rules: str) -> None:
    worker = load_worker()
    call = module_call(worker, check=check_call)
    answer = call("new_guide", {"rules": rules})
    table_of_worker: Table = worker.TABLE  # the coach's choice, asked of the worker's own table
    for _ in range(200):
        if answer["view"]["over"]:
            break
        if answer["bot_to_move"]:
            answer = call("bot_step", None)
        else:
            answer = call("act", coach(table_of_worker, answer))
    assert answer["view"]["over"]


def test_every_step_and_call_the_protocol_names_has_its_sentences() -> None:
    """Beyond the two deals' paths: every step kind and every call's outcome the schema allows."""
    defs = SCHEMA["$defs"]
    kinds = defs["GuideStep"]["properties"]["kind"]["enum"]
    reasons = defs["GuideOutcome"]["properties"]["reason"]["enum"]
    keys = [f"guide.step.{kind}" for kind in kinds]
    keys += [f"guide.called.{reason}{you}" for reason in reasons for you in ("", "_you")]
    keys += [f"position.why.{reason}" for reason in reasons]
    for lang in LANGS:
        flat = flatten(load(lang))
        assert [key for key in keys if key not in flat] == [], lang


@pytest.mark.parametrize("rules", guide.RULES)
def test_the_worker_saves_and_resumes_a_guided_hand(rules: str) -> None:
    storage = Storage()
    call = module_call(storage.load(), check=check_call)
    answer = call("new_guide", {"rules": rules})
    answer = call("act", {"type": "play", "cards": answer["view"]["hand"][:1], "rank": "A"})
    resumed = module_call(storage.load(), check=check_call)("resume", {"slot": "current"})
    assert resumed["guide"] == answer["guide"]
    assert resumed["guide"]["notes"][0]["kind"] == "played"
