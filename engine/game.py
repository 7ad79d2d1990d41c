"""The game: its state, what is legal, and what each action does.

One :class:`Game` holds a whole game (a single hand or a match of several hands).  Its public
fields are plain JSON values, so :meth:`Game.to_json` is a copy of them and two games with equal
JSON are the same game.  :meth:`Game.legal` is the one place that decides legality; every
``_do_*`` method only applies an action that :meth:`Game.apply` has already validated, so an
:class:`EngineError` always leaves the game untouched.

The rules as played, and where the code decides each one, are in ``docs/rules.md``; the shapes
of what goes in and out (actions, views, events, saves) are typed in :mod:`engine.types`.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

from .cards import ACE, ascending_order, build_deck, parse_card, rank_of, ranks_of_deck
from .cards import sort_cards as sorted_cards
from .config import DRAW_HAND, Config, make_config
from .deal import deal, shuffled
from .errors import EngineError
from .inputs import check_json
from .ranking import by_fewest, hand_ranking
from .types import (
    Action,
    Deal,
    GameEndReason,
    GameEvent,
    GameResult,
    HandEndReason,
    Legal,
    LogEntry,
    PilePlay,
    PlayRule,
    Reveal,
    Save,
    SeatView,
)
from .view import seat_view

Event: TypeAlias = GameEvent
SAVE_VERSION = 2
CAP: Final = "cap"  # the action log's entry for Game.end_by_move_limit


class Game:
    """A game of Verish' Ne Verish' in progress or finished."""

    config: Config
    cards: list[str]  # every card in play, sorted: the universe the invariants count against
    hand_number: int
    dealer: int
    hands: list[list[str]]  # each sorted by rank, then suit
    stock: list[str]  # face down; drawn from the front
    pile: list[PilePlay]  # plays since the last pick-up
    discard: list[str]
    revealed: list[Reveal]
    claim_rank: str | None  # the rank the next play must claim; None: the opener chooses
    opening: bool  # the next play opens a round
    pending: bool  # the top play of the pile is unresolved and can be called
    turn: int | None  # whose regular turn it is (during a window: who takes it next)
    window: list[int]  # open-challenge window: seats still to be offered a call, first acts now
    out: list[int]  # finishing order of this hand
    scores: list[int]  # penalty points of a match
    moves: int  # plays and calls this hand
    result: GameResult | None
    first_deal: Deal | None  # hands and stock of an explicit deal; None: the seed's
    actions: list[LogEntry]  # every accepted action since the deal: [seat, action], or CAP

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(cls, config: object) -> Game:
        """A new game from a configuration dict; the seed decides every deal."""
        check_json(config, "bad_config", "the configuration")
        cfg = make_config(config)
        game = cls._blank(cfg, sorted_cards(build_deck(cfg.deck, cfg.decks), cfg.deck))
        game._start_hand([], first=True)
        return game

    @classmethod
    def from_deal(cls, data: object) -> Game:
        """A game from explicit hands, stock order and dealer (tests, puzzles, bug reports).

        ``data`` is a configuration plus ``hands`` (one list per seat), optional ``stock`` and
        ``dealer``; ``seed`` is optional (it only shuffles a match's later hands).
        """
        check_json(data, "bad_deal", "the deal")
        if not isinstance(data, dict):
            raise EngineError("bad_config", "the deal must be an object")
        setup = {k: v for k, v in data.items() if k not in ("hands", "stock")}
        setup.setdefault("seed", 0)
        cfg = make_config(setup)
        hands, stock = data.get("hands"), data.get("stock", [])
        if not isinstance(hands, list) or len(hands) != cfg.players:
            raise EngineError("bad_deal", f"hands must be a list of {cfg.players} hands")
        if not all(isinstance(hand, list) and hand for hand in hands):
            raise EngineError("bad_deal", "every hand must be a non-empty list of cards")
        if not isinstance(stock, list):
            raise EngineError("bad_deal", "stock must be a list of cards")
        if stock and not cfg.draw:
            raise EngineError("bad_deal", "a stock is only dealt in the draw format")
        every = [parse_card(card, cfg.deck) for hand in [*hands, stock] for card in hand]
        too_many = [card for card, n in Counter(every).items() if n > cfg.decks]
        if too_many:
            raise EngineError("bad_deal", f"more copies than decks of: {', '.join(too_many)}")
        game = cls._blank(cfg, sorted_cards(every, cfg.deck))
        game.hands = [sorted_cards(hand, cfg.deck) for hand in hands]
        game.stock = list(stock)
        game.first_deal = {"hands": [list(hand) for hand in game.hands], "stock": list(stock)}
        game._begin_hand([])
        return game

    @classmethod
    def _blank(cls, cfg: Config, cards: list[str]) -> Game:
        game = cls.__new__(cls)
        game.config = cfg
        game.cards = cards
        game.hand_number = 1
        game.dealer = cfg.dealer
        game.scores = [0] * cfg.players
        game.result = None
        game.first_deal = None
        game.actions = []
        return game

    def _start_hand(self, events: list[Event], *, first: bool) -> None:
        cfg = self.config
        if not first:
            self.hand_number += 1
            self.dealer = (self.dealer + 1) % cfg.players
        deck = shuffled(self.cards, cfg.seed, self.hand_number)
        hands, self.stock = deal(deck, cfg.players, self.dealer, DRAW_HAND if cfg.draw else None)
        self.hands = [sorted_cards(hand, cfg.deck) for hand in hands]
        self._begin_hand(events)

    def _begin_hand(self, events: list[Event]) -> None:
        cfg = self.config
        self.pile, self.discard, self.revealed, self.window, self.out = [], [], [], [], []
        self.claim_rank = self._sequence()[0] if cfg.ascending else None
        self.opening, self.pending, self.moves = True, False, 0
        events.append(
            {
                "type": "dealt",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "counts": [len(hand) for hand in self.hands],
                "stock": len(self.stock),
            }
        )
        self.turn = None
        self._begin_turn((self.dealer + 1) % cfg.players, events)

    # ----------------------------------------------------------------- reading

    @property
    def to_move(self) -> int | None:
        """The one seat that may act now, or None when the game is over."""
        if self.result is not None:
            return None
        return self.window[0] if self.window else self.turn

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def _sequence(self) -> tuple[str, ...]:
        return ascending_order(self.config.deck, self.config.no_aces)

    def claimable_ranks(self) -> list[str]:
        """Ranks the next play may claim."""
        if self.claim_rank is not None:
            return [self.claim_rank]
        ranks = ranks_of_deck(self.config.deck)
        return [rank for rank in ranks if not (self.config.no_aces and rank == ACE)]

    def last_cards_call(self) -> bool:
        """Quick edition: the top play emptied its author's hand, so the next player must call."""
        return self.config.quick and self.pending and not self.hands[self.pile[-1]["seat"]]

    def legal(self, seat: int) -> Legal | None:
        """What ``seat`` may do now, described by kind and constraints; None if it may not act."""
        if type(seat) is not int or seat != self.to_move:  # 1.0 and True are no seats
            return None
        if self.window:
            return {"play": None, "challenge": True, "believe": True, "pass": True}
        if self.last_cards_call():
            return {"play": None, "challenge": True, "believe": True, "pass": False}
        hand = self.hands[seat]
        play: PlayRule | None = None
        if hand:
            play = {
                "min": 1,
                "max": min(self.config.max_play, len(hand)),
                "ranks": self.claimable_ranks(),
            }
        return {
            "play": play,
            "challenge": self.pending,
            "believe": self.pending and not self.config.quick,
            "pass": False,
        }

    def view(self, seat: object) -> SeatView:
        """Everything ``seat`` may know, and its legal actions (see ``engine.view``)."""
        check_json(seat, "bad_seat", "the seat")
        return seat_view(self, self._check_seat(seat))

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise EngineError("bad_seat", f"seat must be a whole number, not {seat!r}")
        if not 0 <= seat < self.config.players:
            raise EngineError("bad_seat", f"there is no seat {seat}")
        return seat

    # ----------------------------------------------------------------- acting

    def apply(self, seat: object, action: object) -> list[Event]:
        """Apply one action by one seat and return the events it caused.

        Validation is complete before anything changes, so an :class:`EngineError` leaves the
        game exactly as it was.
        """
        check_json(seat, "bad_seat", "the seat")
        check_json(action, "bad_action", "the action")
        return self._apply(seat, action)

    def _apply(self, seat: object, action: object) -> list[Event]:
        """:meth:`apply` for input already known to be bounded JSON (a replayed save's log)."""
        seat = self._check_seat(seat)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise EngineError("bad_action", "an action is an object with a type")
        kind = action["type"]
        if kind not in ("play", "challenge", "believe", "pass"):
            raise EngineError("unknown_action", f"there is no action {kind!r}")
        if self.result is not None:
            raise EngineError("game_over", "the game is over")
        legal = self.legal(seat)
        if legal is None:
            raise EngineError(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )
        events: list[Event] = []
        record: Action
        if kind == "play":
            cards, rank = self._check_play(seat, action, legal)
            record = {"type": "play", "cards": list(cards), "rank": rank}
            self._do_play(seat, cards, rank, events)
        elif kind == "pass":
            self._check_keys(action, ())
            if not legal["pass"]:
                raise EngineError(
                    "cannot_pass", "passing is only possible in an open-challenge window"
                )
            record = {"type": "pass"}
            self._do_pass(events)
        else:
            self._check_keys(action, ())
            challenge = kind == "challenge"
            if not (legal["challenge"] if challenge else legal["believe"]):
                code = "nothing_to_call" if not self.pending else "cannot_believe"
                reason = (
                    "there is no unresolved play to call on"
                    if not self.pending
                    else ("in the quick edition veryu is only for a player's last cards")
                )
                raise EngineError(code, reason)
            record = {"type": "challenge"} if challenge else {"type": "believe"}
            self._do_call(seat, challenge, events)
        self.actions.append([seat, record])
        if self.result is None and self._limit_reached():
            self._finish_hand("move_limit", events)
        return events

    def _limit_reached(self) -> bool:
        limit = self.config.move_limit
        return limit is not None and self.moves >= limit

    def end_by_move_limit(self) -> list[Event]:
        """End the current hand now as the move limit would, and return the events.

        The table's safety net for a remainder that only bots play: the page decides when a hand
        has gone on long enough and ends it by the move-limit rule (ranking by cards held, a
        match's penalty points, the next hand dealt if the match goes on).  The ``hand_over``
        event, and the result if the game ends, give the reason ``"cap"`` so the log can tell this
        from the configured limit.
        """
        if self.result is not None:
            raise EngineError("game_over", "the game is over")
        events: list[Event] = []
        self.actions.append(CAP)
        self._finish_hand(CAP, events)
        return events

    @staticmethod
    def _check_keys(action: dict[str, object], allowed: tuple[str, ...]) -> None:
        extra = set(action) - {"type", *allowed}
        if extra:
            raise EngineError("bad_action", f"unexpected field(s): {', '.join(sorted(extra))}")

    def _check_play(
        self, seat: int, action: dict[str, object], legal: Legal
    ) -> tuple[list[str], str]:
        self._check_keys(action, ("cards", "rank"))
        rule = legal["play"]
        if rule is None:
            if self.window:
                raise EngineError(
                    "not_your_turn", "in a challenge window you may only call or pass"
                )
            if self.last_cards_call():
                raise EngineError("must_call", "after a player's last cards you must call")
            raise EngineError("no_cards", "you have no cards to play")
        cards, rank = action.get("cards"), action.get("rank")
        if not isinstance(cards, list) or not cards:
            raise EngineError("no_cards", "a play needs at least one card")
        if len(cards) > rule["max"]:
            raise EngineError("too_many_cards", f"a play is at most {rule['max']} cards")
        for card in cards:
            parse_card(card, self.config.deck)
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            raise EngineError("card_not_in_hand", f"not in your hand: {', '.join(missing)}")
        if not isinstance(rank, str) or rank not in ranks_of_deck(self.config.deck):
            raise EngineError("bad_rank", f"{rank!r} is not a rank of this deck")
        if rank not in rule["ranks"]:
            raise EngineError("wrong_rank", f"this play must claim {' or '.join(rule['ranks'])}")
        return list(cards), rank

    # ----------------------------------------------------------------- transitions

    def _do_play(self, seat: int, cards: list[str], rank: str, events: list[Event]) -> None:
        if self.opening:
            events.append({"type": "round_opened", "seat": seat, "rank": rank})
            self.opening = False
        hand = Counter(self.hands[seat])
        hand.subtract(cards)
        self.hands[seat] = sorted_cards(list(hand.elements()), self.config.deck)
        self.pile.append({"seat": seat, "cards": cards, "rank": rank})
        events.append(
            {
                "type": "played",
                "seat": seat,
                "count": len(cards),
                "rank": rank,
                "cards": list(cards),
            }
        )
        self.moves += 1
        self.pending = True  # the play it covers has stood
        sequence = self._sequence()
        self.claim_rank = (
            sequence[(sequence.index(rank) + 1) % len(sequence)] if self.config.ascending else rank
        )
        if self._settle_outs(seat, events):
            return
        following = self._next_active(seat)
        self.window = self._window_after(seat, following) if self.config.open_challenge else []
        if self.window:
            self.turn = following  # takes the turn once the window closes
        else:
            self._begin_turn(following, events)

    def _window_after(self, author: int, following: int) -> list[int]:
        """Open challenge: every other player, clockwise from the one after the next player."""
        seats = []
        seat = self._next_active(following)
        while seat not in (author, following):
            seats.append(seat)
            seat = self._next_active(seat)
        return seats

    def _do_pass(self, events: list[Event]) -> None:
        events.append({"type": "passed", "seat": self.window.pop(0)})
        if not self.window:
            assert self.turn is not None
            self._begin_turn(self.turn, events)

    def _do_call(self, seat: int, challenge: bool, events: list[Event]) -> None:
        in_window = bool(self.window)
        self.window = []
        play = self.pile[-1]
        author, rank = play["seat"], play["rank"]
        honest = all(rank_of(card) == rank for card in play["cards"])
        if challenge:
            events.append({"type": "challenged", "seat": seat, "target": author})
        else:
            events.append({"type": "believed", "seat": seat, "target": author})
        events.append(
            {
                "type": "revealed",
                "seat": author,
                "cards": list(play["cards"]),
                "rank": rank,
                "honest": honest,
            }
        )
        self.moves += 1
        self.pending = False

        def reveal(to: int | Literal["discard", "pile"]) -> None:
            """Record where the turned-over cards went (the views' ``revealed``)."""
            cards = list(play["cards"])
            self.revealed.append(
                {"seat": author, "cards": cards, "rank": rank, "honest": honest, "to": to}
            )

        if challenge:
            taker = seat if honest else author
            reveal(taker)
            self._take_pile(taker, events)
            if self._settle_outs(seat, events):
                return
            if self.config.quick:
                self._new_round(author if honest else seat, events)  # the duel's winner opens
            elif honest and self.config.keep_rank_after_failed_challenge:
                self._begin_turn(self._next_active(taker), events)
            else:
                self._new_round(self._next_active(taker), events)
            return
        if not honest:
            reveal(seat)
            self._take_pile(seat, events)
            if not self._settle_outs(seat, events):
                self._new_round(self._next_active(seat), events)
            return
        if self.config.quick:  # believing a player's honest last cards: they stay on the pile
            reveal("pile")
            self._settle_outs(seat, events)
            return
        reveal("discard")
        self.pile.pop()
        self.discard.extend(play["cards"])
        events.append({"type": "discarded", "seat": author, "cards": list(play["cards"])})
        if not self._settle_outs(seat, events):
            assert self.turn is not None
            # A believer outside their turn leaves the turn to the next player, who must play.
            self._begin_turn(self.turn if in_window else self._next_active(seat), events)

    def _take_pile(self, seat: int, events: list[Event]) -> None:
        taken = [card for play in self.pile for card in play["cards"]]
        self.pile = []
        self.hands[seat] = sorted_cards(self.hands[seat] + taken, self.config.deck)
        events.append({"type": "took_pile", "seat": seat, "count": len(taken)})

    def _new_round(self, opener: int, events: list[Event]) -> None:
        self.opening = True
        if not self.config.ascending:
            self.claim_rank = None
        self._begin_turn(opener, events)

    def _next_active(self, seat: int) -> int:
        """The next seat clockwise that is still in the hand."""
        players = self.config.players
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if candidate not in self.out:
                return candidate
        return seat

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        """Give ``seat`` its turn: refill from the stock first, and skip it if that puts it out.

        A move that reaches the move limit ends the hand, so the turn after it never comes and
        nobody draws for it.
        """
        while self.result is None:
            need = DRAW_HAND - len(self.hands[seat])
            if self.config.draw and need > 0 and self.stock and not self._limit_reached():
                drawn, self.stock = self.stock[:need], self.stock[need:]
                self.hands[seat] = sorted_cards(self.hands[seat] + drawn, self.config.deck)
                events.append({"type": "drew", "seat": seat, "count": len(drawn), "cards": drawn})
                if self._settle_outs(seat, events):
                    return
            if seat not in self.out:
                self.turn = seat
                return
            seat = self._next_active(seat)

    def _settle_outs(self, after: int, events: list[Event]) -> bool:
        """Put out every player whose hand is empty, once the stock is empty and their play stood.

        A play stands once it is no longer the unresolved top of the pile.  Several players
        leaving in one exchange leave clockwise from the seat after ``after``.  Returns whether
        the hand ended (the game is over, or a match went on to its next hand): the caller's
        turn logic no longer applies then.
        """
        if self.stock or self.result is not None:
            return self.result is not None
        unresolved = self.pile[-1]["seat"] if self.pending else None
        players = self.config.players
        for step in range(1, players + 1):
            seat = (after + step) % players
            if not self.hands[seat] and seat not in self.out and seat != unresolved:
                self.out.append(seat)
                events.append({"type": "out", "seat": seat, "place": len(self.out)})
        if self.out and (self.config.ending == "single" or self.config.quick):
            self._finish_hand("out", events)
            return True
        if self.config.players - len(self.out) <= 1:
            self._finish_hand("last_loser", events)
            return True
        return False

    def _finish_hand(self, reason: HandEndReason, events: list[Event]) -> None:
        sizes = [len(hand) for hand in self.hands]
        ranking = hand_ranking(self.out, sizes)
        worst = ranking[-1]["place"]
        losers = [] if reason == "out" else [e["seat"] for e in ranking if e["place"] == worst]
        self.window = []
        events.append(
            {
                "type": "hand_over",
                "hand": self.hand_number,
                "reason": reason,
                "ranking": copy.deepcopy(ranking),
                "losers": list(losers),
            }
        )
        if self.config.ending == "match":
            for seat in losers:
                self.scores[seat] += 1
            if self.hand_number < self.config.hands:
                self._start_hand(events, first=False)
                return
            ranking = by_fewest(range(self.config.players), self.scores)
        ended: GameEndReason = "match" if self.config.ending == "match" else reason
        winners = [entry["seat"] for entry in ranking if entry["place"] == 1]
        result: GameResult = {
            "reason": ended,
            "ranking": ranking,
            "winner": winners[0] if len(winners) == 1 else None,
            "draw": len(winners) > 1,
            "losers": losers if ended != "match" else [],
            "scores": list(self.scores),
        }
        self.result = result
        self.turn = None
        events.append({"type": "game_over", **copy.deepcopy(result)})

    # ----------------------------------------------------------------- JSON

    FIELDS = (
        "cards",
        "hand_number",
        "dealer",
        "hands",
        "stock",
        "pile",
        "discard",
        "revealed",
        "claim_rank",
        "opening",
        "pending",
        "turn",
        "window",
        "out",
        "scores",
        "moves",
        "result",
    )

    def to_json(self) -> Save:
        """The whole game as JSON data; :meth:`from_json` gives the same game back.

        A save is the deal (the seed's, or ``deal`` for :meth:`from_deal`) and every action
        since, followed by the state those actions lead to.  The state makes a save readable and
        lets :meth:`from_json` check what it replays.
        """
        copied: Save = json.loads(self._save_text())  # C codec: ~5x copy.deepcopy
        return copied

    def _save_text(self, *, sort_keys: bool = False) -> str:
        return json.dumps(
            {
                "version": SAVE_VERSION,
                "config": self.config.to_json(),
                "deal": self.first_deal,
                "actions": self.actions,
                **{name: getattr(self, name) for name in self.FIELDS},
            },
            sort_keys=sort_keys,
        )

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Rebuild a game from :meth:`to_json` output by replaying its actions through the rules.

        Only a save whose every part is exactly what its deal and actions give is accepted, so a
        loaded game is always one that legal play reaches; anything else is ``bad_save``.
        """
        check_json(data, "bad_save", "the save")
        version = data.get("version") if isinstance(data, dict) else None
        if not isinstance(data, dict) or type(version) is not int or version != SAVE_VERSION:
            raise EngineError("bad_save", "not a saved game of this version")
        try:
            game = cls._replay(data)
        except EngineError as error:
            raise EngineError("bad_save", f"the save does not replay: {error.message}") from None
        # Compared as text, so that 1, 1.0 and true differ as they do in JSON.
        if game._save_text(sort_keys=True) != json.dumps(data, sort_keys=True):
            raise EngineError("bad_save", "the save's state is not what its actions lead to")
        return game

    @classmethod
    def _replay(cls, data: Mapping[str, object]) -> Game:
        config, first, actions = data.get("config"), data.get("deal"), data.get("actions")
        if first is None:
            game = cls.new(config)
        elif isinstance(first, dict) and isinstance(config, dict):
            game = cls.from_deal(
                {**config, "hands": first.get("hands"), "stock": first.get("stock")}
            )
        else:
            raise EngineError("bad_save", "the deal is malformed")
        if not isinstance(actions, list):
            raise EngineError("bad_save", "the actions are not a list")
        for entry in actions:
            if entry == CAP:
                game.end_by_move_limit()
            elif isinstance(entry, list) and len(entry) == 2:
                game._apply(entry[0], entry[1])
            else:
                raise EngineError("bad_save", "an action is malformed")
        return game

    def __repr__(self) -> str:
        cfg = self.config
        return f"<Game {cfg.preset} {cfg.players}p seed={cfg.seed} to_move={self.to_move}>"
