"""Hypothesis drives random legal and illegal actions through games of every preset, option and
seat count, and checks the engine's invariants after every single step.

Profiles: ``ci`` (the default, about a minute on a small machine) and ``thorough`` (set
``VNV_HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from engine import EngineError, Game, visible_events
from engine.cards import RANKS_52, build_deck
from engine.lab.integrity import card_places
from engine.policies import random_action
from tests.helpers import ACTION_ERROR_CODES, card_strings, with_state
from tests.strategies import configs

settings.register_profile(
    "ci",
    max_examples=120,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=500,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CODES = set(ACTION_ERROR_CODES)
KINDS = ("play", "challenge", "believe", "pass")
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=3))


def described_by_legal(game: Game, seat: object, action: object) -> bool:
    """Whether ``action`` by ``seat`` is one the seat's legal description allows."""
    if type(seat) is not int or not 0 <= seat < game.config.players:
        return False
    rule = game.legal(seat)
    if rule is None or not isinstance(action, dict) or action.get("type") not in KINDS:
        return False
    kind = action["type"]
    if kind != "play":
        return set(action) == {"type"} and bool(rule[kind])
    play = rule["play"]
    cards, rank = action.get("cards"), action.get("rank")
    return (
        play is not None
        and set(action) == {"type", "cards", "rank"}
        and isinstance(cards, list)
        and all(isinstance(card, str) for card in cards)
        and play["min"] <= len(cards) <= play["max"]
        and not Counter(cards) - Counter(game.hands[seat])
        and rank in play["ranks"]
    )


def hidden_elsewhere(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same save with every card ``seat`` may not see dealt differently, and a new seed."""
    other = json.loads(json.dumps(data))
    hidden = [s for s in range(len(other["hands"])) if s != seat]
    pool = [card for s in hidden for card in other["hands"][s]] + other["stock"]
    pool += [card for covered in other["pile"] for card in covered["cards"]]
    rng.shuffle(pool)
    for s in hidden:
        size = len(other["hands"][s])
        other["hands"][s], pool = pool[:size], pool[size:]
    size = len(other["stock"])
    other["stock"], pool = pool[:size], pool[size:]
    for covered in other["pile"]:
        size = len(covered["cards"])
        covered["cards"], pool = pool[:size], pool[size:]
    other["config"]["seed"] += 1
    return other


class EngineMachine(RuleBasedStateMachine):
    game: Game

    # ------------------------------------------------------------- starting positions

    @initialize(config=configs(), seed=st.integers(0, 2**16))
    def new_game(self, config: dict[str, Any], seed: int) -> None:
        self.game = Game.new(config)
        self.rng = random.Random(seed)
        self.check_everything()

    @initialize(config=configs(), data=st.data())
    def small_deal(self, config: dict[str, Any], data: st.DataObject) -> None:
        """Few cards per hand, so going out, last cards and match hands come quickly."""
        options = config["options"]
        if config["preset"] == "classic":
            deck = build_deck(options["deck"], 2 if options["decks"] == 2 else 1)
        else:
            deck = build_deck(52, 1)
        random.Random(data.draw(st.integers(0, 2**32), label="shuffle")).shuffle(deck)
        hands = []
        for _ in range(config["players"]):
            size = data.draw(st.integers(1, 5))
            hands.append(deck[:size])
            deck = deck[size:]
        stock_size = data.draw(st.integers(0, 6)) if options.get("draw") else 0
        self.game = Game.from_deal({**config, "hands": hands, "stock": deck[:stock_size]})
        self.rng = random.Random(data.draw(st.integers(0, 2**16)))
        self.check_everything()

    # ------------------------------------------------------------- actions

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        game = self.game
        seat = game.to_move
        if seat is None:  # over: nobody may act, whatever they try
            for anyone in range(game.config.players):
                with pytest.raises(EngineError, match="game_over"):
                    game.apply(anyone, {"type": "challenge"})
            return
        rule = game.legal(seat)
        assert rule is not None
        kinds = [kind for kind in KINDS if rule[kind]]
        kind = data.draw(st.sampled_from(kinds))
        action: dict[str, Any] = {"type": kind}
        if kind == "play":
            play = rule["play"]
            count = data.draw(st.integers(play["min"], play["max"]), label="count")
            pick = random.Random(data.draw(st.integers(0, 2**32), label="pick"))
            action["cards"] = pick.sample(game.hands[seat], count)
            action["rank"] = data.draw(st.sampled_from(play["ranks"]))
        self.act(seat, action)

    @rule(moves=st.integers(1, 40))
    def random_legal_moves(self, moves: int) -> None:
        """A stretch of random-policy play, every step checked, to reach late positions."""
        for _ in range(moves):
            seat = self.game.to_move
            if seat is None:
                return
            self.act(seat, random_action(self.game.view(seat), self.rng))
            self.check_everything()

    @rule(data=st.data())
    def any_action(self, data: st.DataObject) -> None:
        """An action that is often illegal: it must be refused exactly when legal() says so."""
        game = self.game
        players = game.config.players
        mover = st.just(game.to_move if game.to_move is not None else 0)
        seat = data.draw(st.one_of(mover, mover, st.integers(-1, players), JUNK), label="seat")
        universe = sorted(set(game.cards))
        card = st.one_of(st.sampled_from(universe), st.sampled_from(["2C", "1H", "AX", ""]), JUNK)
        rank = st.one_of(st.sampled_from(RANKS_52), JUNK)
        own: list[str] = []
        if type(seat) is int and 0 <= seat < players:
            own = list(game.hands[seat])
        hand_cards = st.tuples(st.integers(0, 2**32), st.integers(0, len(own))).map(
            lambda pick: random.Random(pick[0]).sample(own, pick[1])
        )
        play = st.fixed_dictionaries(
            {
                "type": st.just("play"),
                "cards": st.one_of(hand_cards, hand_cards, st.lists(card, max_size=9), JUNK),
                "rank": rank,
            }
        )
        action = data.draw(
            st.one_of(
                play,
                play,
                st.builds(lambda kind: {"type": kind}, st.sampled_from(KINDS)),
                st.fixed_dictionaries({"type": st.one_of(st.sampled_from(KINDS), JUNK)}),
                st.fixed_dictionaries({"type": st.sampled_from(KINDS), "extra": JUNK}),
                JUNK,
            ),
            label="action",
        )
        allowed = described_by_legal(game, seat, action)
        before = json.dumps(game.to_json(), sort_keys=True)
        if allowed:
            assert isinstance(seat, int)
            self.act(seat, action)
            return
        with pytest.raises(EngineError) as refused:
            game.apply(seat, action)
        assert refused.value.code in CODES, refused.value.code
        assert json.dumps(game.to_json(), sort_keys=True) == before
        event(f"refused: {refused.value.code}")

    def act(self, seat: int, action: dict[str, Any]) -> None:
        """Apply a legal action to the game and to its JSON copy: both must go on identically."""
        twin = Game.from_json(json.loads(json.dumps(self.game.to_json())))
        events = self.game.apply(seat, action)
        for kind in ("out", "hand_over", "game_over", "took_pile", "discarded", "drew", "passed"):
            if any(e["type"] == kind for e in events):
                event(f"event: {kind}")
        assert twin.apply(seat, json.loads(json.dumps(action))) == events
        assert twin.to_json() == self.game.to_json()
        assert json.loads(json.dumps(events)) == events
        self.check_events(events)

    # ------------------------------------------------------------- checks

    def check_events(self, events: list[dict[str, Any]]) -> None:
        public = set()
        for item in events:
            if item["type"] in ("revealed", "discarded"):
                public.update(item["cards"])
        for seat in range(self.game.config.players):
            for seen in visible_events(events, seat):
                if seen["type"] in ("played", "drew"):
                    assert isinstance(seen["count"], int)
                    if seen["seat"] != seat:
                        assert "cards" not in seen
                    else:
                        assert len(seen["cards"]) == seen["count"]
                else:
                    assert set(card_strings(seen)) <= public, (seat, seen)

    @invariant()
    def check_everything(self) -> None:
        game = self.game
        cfg = game.config
        # Every card is in exactly one place.
        assert card_places(game) == Counter(game.cards)
        # Exactly one seat may act, unless the game is over.
        if game.is_over:
            assert game.to_move is None
            assert all(game.legal(seat) is None for seat in range(cfg.players))
        else:
            mover = game.to_move
            assert mover is not None
            rule = game.legal(mover)
            assert rule is not None
            assert rule["play"] is not None or rule["challenge"] or rule["believe"] or rule["pass"]
            if rule["play"] is not None:
                assert 1 <= rule["play"]["min"] <= rule["play"]["max"] <= cfg.max_play
                assert rule["play"]["max"] <= len(game.hands[mover])
            others = [seat for seat in range(cfg.players) if seat != mover]
            assert all(game.legal(seat) is None for seat in others)
            assert mover not in game.out
            if game.pending:
                assert game.pile[-1]["seat"] != mover
        if game.stock:
            assert game.out == []  # nobody is out while the stock lasts
        assert all(not game.hands[seat] for seat in game.out)
        # No view holds a card its seat may not know; nothing hidden changes a view.
        revealed = {card for record in game.revealed for card in record["cards"]}
        data = game.to_json()
        looked_at = self.rng.randrange(cfg.players)
        for seat in range(cfg.players):
            view = game.view(seat)
            assert view["hand"] == game.hands[seat]
            assert view["legal"] == game.legal(seat)
            assert view["hand_sizes"] == [len(hand) for hand in game.hands]
            known = set(game.hands[seat]) | set(game.discard) | revealed
            assert set(card_strings(view)) <= known
            assert json.loads(json.dumps(view)) == view
            if seat == looked_at and not game.is_over:
                twin = with_state(game, hidden_elsewhere(data, seat, self.rng))
                assert twin.view(seat) == view
        # The JSON round trip gives the same game.
        assert Game.from_json(json.loads(json.dumps(data))).to_json() == data


TestEngineStateful = EngineMachine.TestCase
TestEngineStateful.settings = settings.get_profile(os.environ.get("VNV_HYPOTHESIS_PROFILE", "ci"))
