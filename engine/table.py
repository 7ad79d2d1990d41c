"""The host of one table: who sits where, the bots, the table's cap, undo, saves, the replay viewer.

The page's worker (``web/app/worker.py``) is a thin bridge over :class:`Table`: it decodes the
page's JSON, calls the method of the same name and encodes the answer; it also keeps the saves
in the browser's IndexedDB. Everything a table decides lives here, in plain Python with nothing
of the browser, so the tests drive it under CPython and any other host (a table several devices
share) can reuse it as it is. Every method takes and returns plain JSON-able values: the
answers of docs/worker-protocol.md, refusals raised as :class:`EngineError` (:func:`refusal`
turns any error into its answer).

Every answer is built for one seat only, the seat on screen's (or a guest's, below): its own
view (``game.view(seat)``) and the events it may see (``visible_events``). The whole game's JSON
never leaves the table, except into the save the host keeps so that a reload can resume, which
the page never reads.

Pass-and-play (several seats whose level is ``"human"``): the seat on screen (``viewer``)
changes only through :meth:`Table.take_seat`, which the page calls once the next person said
"I am Boris" on its privacy screen, and only ever to the person to act; the answers' events are
then the public ones (``public_events``), what every seat saw.

Guests (seats whose setup says ``"guest": true``): friends who play one seat each from their own
device, over a connection the host's page keeps. The host's table stays the only authority: a
friend's action comes in through :meth:`Table.guest_act`, and every answer of such a game carries,
for each guest seat, that seat's own answer (its view, the events it may see), which the host's
page only forwards, so no device but the host's ever holds another seat's cards. While a friend
is away (:meth:`Table.seat_away`) the seat's stand-in bot plays it.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import guide as guided
from .bots import LEVELS, Bot, make_bot
from .coach import advise, call_reason
from .errors import EngineError
from .game import CAP, Event, Game
from .position import compile_position, explain, reader
from .position import decode as decode_position
from .replay import Replay, decode, link, play_entry
from .review import replayed_events, reviews
from .tracker import track
from .types import Friends, HandOverEvent, SeatView
from .view import public_events, visible_events

Answer = dict[str, Any]  # one answer of the worker protocol, JSON-able
# What a host does with a save: keep the game's save (a JSON-able dict), or drop it (None).
Keep = Callable[[dict[str, Any] | None], None]

# The four levels of engine.bots, then the random-legal probe (kept for tests and embeds).
BOT_LEVELS: tuple[str, ...] = (*LEVELS, "random")
SAVE_FORMAT = 1  # the table's save around Game.to_json(); another number is refused
LOG_MAX = 1000  # visible events kept for the log after a reload
# The table's cap (docs/rules.md, "The table's cap"): once the people are out of a hand, the
# bots play on for at most this many moves; then the hand ends by the move-limit rule. A hand
# among bots ends in far fewer (docs/web.md); the cap only stops a remainder that would not end.
BOTS_ALONE_CAP = 1000
ASSISTS = frozenset({"coach", "undo"})  # helps a game may have used (TableAnswer.assisted)


def refusal(error: Exception) -> Answer:
    """The answer for an error a request raised: the engine's code, else ``internal`` (a bug).

    A request that is not JSON is ``bad_json``, as engine.protocol says it.
    """
    if isinstance(error, EngineError):
        return {"ok": False, **error.to_json()}
    if isinstance(error, json.JSONDecodeError):
        return {"ok": False, "error": "bad_json", "message": f"not JSON: {error.msg}"}
    return {"ok": False, "error": "internal", "message": _describe(error)}


def _describe(error: Exception) -> str:
    return error.message if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"


def _seating(setup: dict[str, Any], players: int) -> tuple[int, list[dict[str, Any]]]:
    """The human's seat and the seats of a setup, checked against the table's size.

    New games and restored saves pass the same check, so a setup the page could never have sent
    (a seat list of the wrong length, a human seat off the table, a seat that is not an object)
    is refused at the door instead of failing later in a bot's turn.
    """
    human = setup.get("human", 0)
    if type(human) is not int or not 0 <= human < players:
        raise EngineError("bad_seat", f"the human's seat {human!r} is not at the table")
    seats = setup.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise EngineError("bad_config", f"the seats do not match the {players} players")
    if not all(isinstance(seat, dict) for seat in seats):
        raise EngineError("bad_config", "every seat is an object")
    return human, seats


def _people(human: int, seats: list[dict[str, Any]]) -> list[int]:
    """The seats people play: the setup's human and every seat whose level is "human".

    More than one is pass-and-play: the people share the device and take turns at it.
    """
    return sorted({human} | {i for i, seat in enumerate(seats) if seat.get("level") == "human"})


def _guests(human: int, seats: list[dict[str, Any]]) -> list[int]:
    """The seats friends play from their own devices (``"guest": true``), checked.

    A friend's seat is played at another device, so it can be neither the host's person (the
    setup's human) nor a pass-and-play seat (level "human"): its level is the stand-in bot's,
    which plays the seat while the friend is away, and which keeps a bot's memory all along.
    """
    guests = []
    for seat, spec in enumerate(seats):
        flag = spec.get("guest", False)
        if type(flag) is not bool:
            raise EngineError("bad_config", f"seat {seat}'s guest flag is not true or false")
        if flag and (seat == human or spec.get("level") == "human"):
            raise EngineError("bad_config", f"seat {seat} is a person's here, not a friend's")
        if flag:
            guests.append(seat)
    return guests


def _level(seats: list[dict[str, Any]], seat: int) -> str:
    level = seats[seat].get("level")
    if level not in BOT_LEVELS:
        raise EngineError("bad_config", f"seat {seat} has no bot level {level!r}")
    return str(level)


def _this_hand(seen: list[Event]) -> list[Event]:
    """The events since the last deal: a new hand deals every card again."""
    starts = [i for i, event in enumerate(seen) if event["type"] == "dealt"]
    return seen[starts[-1] :] if starts else seen


def _held_deal(events: list[Event]) -> int | None:
    """Where the next hand's deal starts in one step's events (a ``dealt`` after a
    ``hand_over``: a match goes on), or None."""
    ended = False
    for i, event in enumerate(events):
        ended = ended or event["type"] == "hand_over"
        if ended and event["type"] == "dealt":
            return i
    return None


def _hand_end_views(game: Game, seats: list[int]) -> dict[int, SeatView]:
    """Each of ``seats``' view of ``game`` as the hand before the current one ended, before
    the deal.

    The engine deals a match's next hand in the same step that ends a hand; the table shows the
    ended hand until the player has seen its summary. The game is played again from its record
    by a copy that stops short of that one deal (the rules are the engine's, nothing is
    redrawn). Nobody is to move in it: the next step is the deal.
    """
    ended = game.hand_number - 1

    class Undealt(Game):
        stopped = False  # the hand ended, the deal skipped: no rule may act on it again

        def _start_hand(self, events: list[Event], *, first: bool) -> None:
            if first or self.hand_number < ended:
                super()._start_hand(events, first=first)
            else:
                self.stopped, self.turn, self.window = True, None, []

        def _limit_reached(self) -> bool:
            return not self.stopped and super()._limit_reached()

    undealt = Undealt._replay(game.to_json())
    views = {seat: undealt.view(seat) for seat in seats}
    for view in views.values():
        view["legal"] = None
    return views


def _tuplify(value: Any) -> Any:
    """A random generator's state as ``getstate()`` gave it, from its JSON (lists)."""
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


class Session:
    """One game at the table: the engine's Game plus who sits where and what each person saw."""

    position: dict[str, Any] | None  # a position set up by from_position(): never saved
    explanation: Mapping[str, Any] | None  # what the position's reader's decision did
    guide: str | None  # the rule system of a guided first hand (engine.guide), else None
    notes: list[dict[str, Any]]  # a guided hand: what happened since the player's last decision

    def __init__(
        self, setup: dict[str, Any], config: dict[str, Any], game: Game, rng: random.Random
    ) -> None:
        """Seat everyone at a fresh game: a new game and a position start the same way."""
        self.setup = setup
        self.config = config
        self.game = game
        self.human, self.seats = _seating(setup, game.config.players)
        self.people = _people(self.human, self.seats)
        self.guests = _guests(self.human, self.seats)
        self.away: set[int] = set()  # guest seats their stand-ins play now (never saved)
        self.viewer = self.human  # the seat on screen: the answers' view (take_seat())
        self.rng = rng
        self.bots: dict[int, Bot] = {
            seat: make_bot(_level(self.seats, seat), random.Random(self.rng.getrandbits(64)))
            for seat in range(len(self.seats))
            if seat not in self.people
        }
        self.steps = 0
        self.alone = 0  # bot moves since the people went out of this hand (BOTS_ALONE_CAP)
        self.first: int | None = game.to_move  # who moved first (the log's opening line)
        self.log: list[Event] = []  # events the log shows, for it after a reload
        # Per person and per guest, the events that seat saw this hand (its tracker's input).
        self.seen: dict[int, list[Event]] = {seat: [] for seat in self.humans}
        self.assisted: set[str] = set()  # "coach", "undo": helps used (statistics count apart)
        self.position = None
        self.explanation = None
        self.guide, self.notes = None, []
        self.waiting: HandOverEvent | None = None  # the ended hand whose summary holds the deal
        self.held: list[Event] = []  # the next hand's deal and first events, not shown yet
        self.ended: dict[int, SeatView] = {}  # each human seat's table as that hand ended

    @classmethod
    def new(cls, setup: object) -> Session:
        """A new game: {"config": {...engine config...}, "human": 0, "seats": [{name, level}]}.

        Without a seed one is drawn, kept in the config (undo deals again from it) and never told.
        """
        if not isinstance(setup, dict) or not isinstance(setup.get("config"), dict):
            raise EngineError("bad_config", "a setup is an object with a config object")
        config = dict(setup["config"])
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
            config["seed"] = seed
        return cls(setup, config, Game.new(config), random.Random(f"bots-{seed}"))

    @classmethod
    def guided(cls, rules: object) -> Session:
        """A guided first hand (engine.guide): the prepared deal of ``rules``, fixed bot seeds."""
        if rules not in guided.RULES:
            raise EngineError("bad_config", f"no guided hand for the rules {rules!r}")
        assert isinstance(rules, str)
        game = guided.game_for(rules)
        setup = guided.setup_for(rules, game)
        session = cls(setup, setup["config"], game, random.Random(f"guide-{rules}"))
        session.guide = rules
        return session

    @classmethod
    def from_position(cls, request: dict[str, Any]) -> Session:
        """A session at a position (engine.position): a link's text, or the position itself.

        The bots (``level``, one for all, default medium) play only until the reader decides; the
        session then holds still, with the explanation, and is never saved: the link holds it.
        """
        given = request.get("position")
        position, game = decode_position(given) if isinstance(given, str) else (given, None)
        game = game or compile_position(position)
        assert isinstance(position, dict)
        level = request.get("level", "medium")
        human = reader(position, game)
        seats = [
            {"name": "", "level": "human" if seat == human else level}
            for seat in range(game.config.players)
        ]
        setup: dict[str, Any] = {"config": game.config.to_json(), "human": human, "seats": seats}
        session = cls(setup, setup["config"], game, random.Random("bots-position"))
        session.position = position
        return session

    @classmethod
    def restore(cls, saved: object) -> Session:
        """A session from :meth:`dump`; anything unsound raises EngineError("bad_save")."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise EngineError("bad_save", "not a saved game of this version")
        try:
            return cls._restore(saved)
        except EngineError as error:
            raise EngineError("bad_save", error.message) from None
        except Exception as error:
            raise EngineError("bad_save", f"{type(error).__name__}: {error}") from None

    @classmethod
    def _restore(cls, saved: dict[str, Any]) -> Session:
        """Every field of a save, checked: nothing the page could not have saved gets through."""
        self = cls.__new__(cls)
        self.setup = saved["setup"]
        self.config = saved["config"]
        self.game = Game.from_json(saved["game"])
        players = len(self.game.hands)
        self.human, self.seats = _seating(self.setup, players)
        self.people = _people(self.human, self.seats)
        self.guests = _guests(self.human, self.seats)
        # Nobody is away after a reload: the host's page says who has not come back.
        self.away = set()
        viewer = saved.get("viewer", self.human)
        if type(viewer) is not int or viewer not in self.people:
            raise EngineError("bad_save", "the seat on screen is not a person's")
        self.viewer = viewer
        self.rng = random.Random()
        self.rng.setstate(_tuplify(saved["rng"]))
        self.steps = int(saved.get("steps", 0))
        self.alone = int(saved.get("alone", 0))
        first = saved.get("first")
        if first is not None and (not isinstance(first, int) or not 0 <= first < players):
            raise EngineError("bad_save", "the first player is not at the table")
        self.first = first
        log = saved.get("log", [])
        if not isinstance(log, list) or not all(
            isinstance(event, dict) and isinstance(event.get("type"), str) for event in log
        ):
            raise EngineError("bad_save", "the log holds something that is not an event")
        self.log = log
        assisted = saved.get("assisted", [])
        if not isinstance(assisted, list) or not set(assisted) <= ASSISTS:
            raise EngineError("bad_save", "the helps used are not ours")
        self.assisted = set(assisted)
        events = replayed_events(self.game)
        self.waiting, self.held, self.ended = None, [], {}
        if saved.get("waiting", False) is not False:
            self._restore_waiting(events)
        events = self._shown(events)
        self.seen = {seat: _this_hand(visible_events(events, seat)) for seat in self.humans}
        self.position, self.explanation = None, None
        self.guide, self.notes = cls._restore_guide(saved.get("guide"))
        bots = saved["bots"]
        wanted = {str(seat) for seat in range(players) if seat not in self.people}
        if not isinstance(bots, dict) or set(bots) != wanted:
            raise EngineError("bad_save", "the bots do not match the seats")
        self.bots = {}
        for seat in range(players):
            if seat not in self.people:
                self.bots[seat] = make_bot(_level(self.seats, seat), random.Random())
                self.bots[seat].memory_from_json(bots[str(seat)])
        return self

    @staticmethod
    def _restore_guide(saved: object) -> tuple[str | None, list[dict[str, Any]]]:
        """A guided hand's rules and notes, checked; a game's save has none."""
        if saved is None:
            return None, []
        if not isinstance(saved, dict) or saved.get("rules") not in guided.RULES:
            raise EngineError("bad_save", "the guided hand's rules are not ours")
        notes = saved.get("notes", [])
        if not isinstance(notes, list) or not all(
            isinstance(note, dict) and note.get("kind") in guided.NOTE_KINDS for note in notes
        ):
            raise EngineError("bad_save", "the guided hand's notes are not ours")
        return str(saved["rules"]), notes[-guided.NOTES_MAX :]

    def _restore_waiting(self, events: list[Event]) -> None:
        """A save made while a hand's summary held the next deal: the held events are those of
        the last step, from its deal on (nothing was played since)."""
        starts = [i for i, event in enumerate(events) if event["type"] == "dealt"]
        if not starts or starts[-1] == 0:
            raise EngineError("bad_save", "no hand is waiting to be dealt")
        ended = events[starts[-1] - 1]
        if ended["type"] != "hand_over":
            raise EngineError("bad_save", "no hand is waiting to be dealt")
        self.waiting, self.held = ended, events[starts[-1] :]

    def dump(self) -> dict[str, Any]:
        """The save: all :meth:`restore` needs to go on exactly where the game stands."""
        saved = self._dump()
        if self.guide is not None:
            saved["guide"] = {"rules": self.guide, "notes": self.notes}
        return saved

    def _dump(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "setup": self.setup,
            "config": self.config,
            "game": self.game.to_json(),
            "rng": self.rng.getstate(),
            "steps": self.steps,
            "alone": self.alone,
            "first": self.first,
            "viewer": self.viewer,
            "log": self.log,
            "assisted": sorted(self.assisted),
            "bots": {str(seat): bot.memory_to_json() for seat, bot in self.bots.items()},
            "waiting": self.waiting is not None,
        }

    @property
    def shared(self) -> bool:
        """Pass-and-play: several people at this table."""
        return len(self.people) > 1

    @property
    def humans(self) -> list[int]:
        """Every seat a human plays: the people at this device and the friends at theirs. The
        table keeps what each of them saw (its card tracker's input)."""
        return [*self.people, *self.guests]

    def bots_play(self, seat: int) -> bool:
        """Whether the host's bots play ``seat`` now: a bot's seat, or the seat of a friend who
        is away (its stand-in). A person's turn, or a present friend's, waits for that human."""
        return seat not in self.people and (seat not in self.guests or seat in self.away)

    def people_out(self) -> bool:
        """Every person, and every friend who is not away, is out of this hand: the bots (an
        away friend's stand-in among them) play on alone, and the table's cap counts."""
        return all(seat in self.game.out for seat in self.humans if not self.bots_play(seat))

    def guest_seat(self, request: object) -> int:
        """The guest seat a friend's request names (``{"seat": int, ...}``), else ``bad_seat``:
        a friend's device may speak only for its own seat, never a bot's or a person's."""
        seat = request.get("seat") if isinstance(request, dict) else None
        if type(seat) is not int or seat not in self.guests:
            raise EngineError("bad_seat", "the request names no guest's seat")
        return seat

    def refuse_while_waiting(self) -> None:
        """No action while a hand's summary holds the next deal: the host goes on first."""
        if self.waiting is not None:
            raise EngineError("not_your_turn", "the next hand is not dealt yet")

    def play(self, seat: int, action: object) -> list[Event]:
        """A person's action (or a friend's, at a guest seat); every bot sees what its seat
        may see of it."""
        events = self.game.apply(seat, action)
        self._step_done(events)
        return events

    def bot_step(self, seat: int) -> tuple[list[Event], float]:
        """The bot of ``seat`` chooses from its own view (it never sees the game) and acts.

        Returns the events, with those of the table's cap ending the hand if this move reached
        it, and how long the bot thought, in milliseconds.
        """
        was_out = self.people_out()
        start = time.perf_counter()
        action = self.bots[seat].act(self.game.view(seat))
        think_ms = (time.perf_counter() - start) * 1000
        events = self.game.apply(seat, action)
        events += self._count_alone(was_out, events)
        self._step_done(events)
        return events, think_ms

    def _count_alone(self, was_out: bool, events: list[Event]) -> list[Event]:
        """Count a bot move begun with the people already out; at the cap, end the hand.

        ``was_out``: every person was out of the hand before this move. Returns the events of
        ending the hand (``hand_over`` with reason "cap", then ``dealt`` or ``game_over``), or
        nothing. A new hand starts the count again.
        """
        game = self.game
        if not was_out or game.is_over or any(event["type"] == "dealt" for event in events):
            self.alone = 0
            return []
        self.alone += 1
        if self.alone < BOTS_ALONE_CAP:
            return []
        self.alone = 0
        ended: list[Event] = game.end_by_move_limit()
        return ended

    def _step_done(self, events: list[Event]) -> None:
        """One more step: every bot sees its events as its seat may see them."""
        self.steps += 1
        for seat, bot in self.bots.items():
            bot.observe(visible_events(events, seat))

    def rewound(self) -> Session:
        """This game taken back to just before the human's last decision (safe undo).

        Nothing is restored from a copy: a new session deals from the same seed and replays the
        action log up to that decision, the human's actions as logged and every bot choosing
        again from its own seeded random state and what it has seen, as it did the first time,
        so the undone future is the one the same decisions would bring back. A bot that would
        choose otherwise is a bug, and is refused as one (``internal``).
        """
        if self.position is not None:
            raise EngineError("nothing_to_undo", "a position is set up again from its link")
        actions: list[Any] = self.game.actions  # [seat, action] entries, or CAP
        mine = [i for i, entry in enumerate(actions) if entry != CAP and entry[0] == self.human]
        if not mine:
            raise EngineError("nothing_to_undo", "you have made no decision to take back")
        if self.guide is not None:  # the prepared deal again, not a deal from the seed
            fresh = Session.guided(self.guide)
        else:
            fresh = Session.new({**self.setup, "config": self.config})
        fresh.setup = self.setup  # the page's own setup: a seed only if the player typed one
        fresh.assisted = self.assisted | {"undo"}
        game = fresh.game
        while len(game.actions) < mine[-1]:
            seat, action = actions[len(game.actions)]
            events = fresh.play(seat, action) if seat == self.human else fresh.bot_step(seat)[0]
            if game.actions != actions[: len(game.actions)]:
                raise RuntimeError("a bot chose otherwise on replay: its seed does not decide")
            fresh.note(events)
        return fresh

    def hold_deal(self, events: list[Event]) -> list[Event]:
        """The events of a step to show now: a match's next hand is not shown with the hand that
        ended (its deal and first events wait in ``held`` until :meth:`deal_held`), so the page
        shows the summary over the ended hand's table, not over the next hand's cards.

        Only the showing waits: the engine dealt already, from the seed, and the bots saw it, so
        the game and the bots' play are the same whenever the player goes on.
        """
        start = _held_deal(events)
        if start is None or self.position is not None:
            return events
        for event in reversed(events[:start]):
            if event["type"] == "hand_over":
                self.waiting = event
                break
        self.held, self.ended = events[start:], {}
        return events[:start]

    def deal_held(self) -> list[Event]:
        """The held deal, now shown: the player has closed the summary."""
        events, self.held, self.waiting, self.ended = self.held, [], None, {}
        return events

    def _shown(self, events: list[Event]) -> list[Event]:
        """The game's events (``replayed_events``) without the held deal: what was shown."""
        return events[: len(events) - len(self.held)]

    def advice(self) -> Mapping[str, Any]:
        """The coach's advice for the seat on screen (engine.coach), from what it saw only.

        The Expert's generator is seeded from the game's seed and the move number, so the same
        position brings the same suggestion; no bot's or the table's random stream moves.
        """
        seen = visible_events(replayed_events(self.game), self.viewer)
        seed = f"{self.config['seed']}:{len(self.game.actions)}"
        return advise(self.game.view(self.viewer), seen, seed)

    def note(self, events: list[Event]) -> list[Event]:
        """Keep what the log shows of these events and what each person saw; return the former.

        One person: what that seat sees. Pass-and-play: what every seat saw (the screen is
        shared, so the log holds no one person's cards).
        """
        for seat in self.humans:
            self.seen[seat] = _this_hand(self.seen[seat] + visible_events(events, seat))
        shown = public_events(events) if self.shared else visible_events(events, self.human)
        self.log = (self.log + shown)[-LOG_MAX:]
        return shown

    def answer(
        self,
        events: list[Event],
        actor: int | None,
        restored: bool = False,
        think_ms: float | None = None,
    ) -> Answer:
        """The host's table answer (TableAnswer) for the seat on screen after ``events``.

        ``restored``: the table is drawn again (a reload, an undo), so the answer carries the
        log to write again (ResumedTable). With guest seats it also carries each guest's own
        answer for the same step (``guests``), which the host's page forwards as it is.
        """
        shown = self.note(events)
        closing = self._closing(events)
        to_move = self._to_move()
        decided = self.explanation is not None
        # A bot is to move (a friend's stand-in too), or the table has a step of its own: the
        # held deal. A position holds still once the reader has decided.
        bots = to_move is not None and self.bots_play(to_move) and not decided
        answer = self._table(self.viewer, shown, actor, closing, bots)
        view = answer["view"]
        if self.shared and to_move in self.people and (to_move != self.viewer or restored):
            # Another person is to act (or, after a reload, whoever holds the device may not be
            # the one on screen): the page hides the table until that person takes the seat.
            answer["pass_to"] = to_move
        if self.guide is not None:
            # A guided hand: what happened since the player's last decision, and the decision
            # the player faces now (the page words both from its catalog).
            asked = None if self.waiting is not None else guided.decision(view)
            answer["guide"] = {"rules": self.guide, "notes": self.notes, "step": asked}
        if self.position is not None:
            # The position's caption, and after the decision what it did. The explanation shows
            # the pile's true cards: the position's link holds them anyway.
            answer["position"] = {"caption": self.position.get("caption")}
            if decided:
                answer["position"]["explanation"] = self.explanation
        if think_ms is not None:
            # How long the bot took to choose, on this host: the web benchmark's figure for
            # each level inside the page (tools/bench_web.py --bots).
            answer["think_ms"] = round(think_ms, 3)
        if restored:
            # The events the human saw so far and who moved first (to narrate the log again),
            # and the setup as the page sent it (a seed only if the player typed one).
            answer["log"] = self.log
            answer["first"] = self.first
            answer["setup"] = self.setup
        if self.guests:
            record = self._shown(replayed_events(self.game)) if restored else None
            answer["guests"] = {
                str(seat): self._guest(seat, visible_events(events, seat), actor, closing, record)
                for seat in self.guests
            }
        return answer

    def guest_view(self, seat: int) -> Answer:
        """The guest answer of ``seat`` drawn again, for a friend who joins or comes back: the
        table as it is, with the log of what that seat saw and who moved first."""
        record = self._shown(replayed_events(self.game))
        return self._guest(seat, [], None, self._closing([]), record)

    def _guest(
        self,
        seat: int,
        shown: list[Event],
        actor: int | None,
        closing: Answer,
        record: list[Event] | None,
    ) -> Answer:
        """The answer (GuestAnswer) for the friend at guest seat ``seat``: ``shown`` are the
        step's events as that seat may see them; ``record`` (the game's events shown so far), when
        the friend's table is drawn again, gives its log. Nothing of the host's own: no guide,
        position, thinking time, hand-off or setup."""
        to_move = self._to_move()
        # Someone else is to move, or the friend's own stand-in while the friend is away.
        others = to_move is not None and (to_move != seat or seat in self.away)
        answer = self._table(seat, shown, actor, closing, others)
        if record is not None:
            answer["log"] = visible_events(record, seat)[-LOG_MAX:]
            answer["first"] = self.first
        return answer

    def _to_move(self) -> int | None:
        """Who is to move on the table shown: nobody while a hand's summary holds the deal."""
        return None if self.waiting is not None else self.game.to_move

    def _table(
        self, seat: int, shown: list[Event], actor: int | None, closing: Answer, others: bool
    ) -> Answer:
        """The table answer of ``seat`` (the host's seat on screen, or a guest's), built alike
        for both so that a friend's device is told what the host's screen would be at that seat.

        ``shown``: the step's events as that seat may see them; ``closing``: the ended hand's
        summary and review (:meth:`_closing`); ``others``: someone that seat waits for is to
        move (``bot_to_move``, which the held deal sets too).
        """
        if self.waiting is not None:
            if not self.ended:
                self.ended = _hand_end_views(self.game, self.humans)
            ended = self.ended[seat]
            view: SeatView = {**ended, "hand": list(ended["hand"])}
        else:
            view = self.game.view(seat)
        if self.explanation is not None:
            view["legal"] = None  # a position holds still once the reader has decided
        answer: Answer = {
            "ok": True,
            "actor": actor,
            "events": shown,
            "view": view,
            "bot_to_move": self.waiting is not None or others,
            "seats": self.seats,
            "human": seat,
            # What that seat can know of each rank's cards: its view and what it saw.
            "tracker": track(view, self.seen[seat]),
            # Helps used in this game (the page counts such games apart in its statistics).
            "assisted": sorted(self.assisted),
            **closing,
        }
        legal = view["legal"]
        if legal and legal["pass"] and not legal["play"] and view["last_play"]:
            # An open-challenge window: whether a call may pay (auto-pass answers the rest).
            answer["call_reason"] = call_reason(view, answer["tracker"])
        if self.guests:
            # Who plays from another device, and whose stand-in plays now: both pages show it.
            friends: Friends = {"guests": list(self.guests), "away": sorted(self.away)}
            answer["friends"] = friends
        return answer

    def _closing(self, events: list[Event]) -> Answer:
        """What every answer of this step tells of a hand that ended: its summary while it holds
        the next deal, and its review (the game's every review once it is over)."""
        closing: Answer = {}
        ended = [event["hand"] for event in events if event["type"] == "hand_over"]
        if self.waiting is not None:
            # The hand whose summary is open: drawn again after a reload, with its review.
            closing["between_hands"] = self.waiting
            ended = ended or [self.waiting["hand"]]
        if ended:
            # Only now, with the hand over, may its hidden cards leave the table.
            done = reviews(self.game)
            closing["review"] = next(r for r in done if r["hand"] == ended[-1])
            if self.game.is_over:
                # Every hand of the game as it was finally played, whatever reloads and undos
                # came between: the page keeps these, not the reviews it happened to receive.
                closing["reviews"] = done
        return closing


class Viewer:
    """The replay open in the viewer: its record and the game at the step shown.

    Apart from the table's session on purpose: watching a replay never touches the game in
    progress or its save. Stepping forward applies the next actions to the game shown; stepping
    back plays the record again from the deal.
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.step = 0
        self.game = replay.first_game()
        self.first = self.game.to_move
        table = replay.table
        levels = ("human", *BOT_LEVELS)
        self.seats: Sequence[Mapping[str, Any]]
        self.sharer: int | None
        if table is not None and all(seat["level"] in levels for seat in table["seats"]):
            self.seats = table["seats"]
            self.sharer = table["human"]
        else:  # no table in the link, or one of levels this page does not know: names only
            players = self.game.config.players
            self.seats = [{"name": "", "level": "human"} for _ in range(players)]
            self.sharer = None

    def go(self, step: int) -> None:
        step = max(0, min(step, len(self.replay.steps)))
        if step < self.step:
            self.game, self.step = self.replay.game_at(step), step
        while self.step < step:
            play_entry(self.game, self.replay.actions[self.step])
            self.step += 1

    def answer(self, seat: int, is_open: bool, since: int) -> Answer:
        """The replay at the step shown (ReplayTable), seen from ``seat`` or with every hand."""
        events = [e for step in self.replay.steps[max(0, since) : self.step] for e in step]
        game = self.game
        return {
            "ok": True,
            "step": self.step,
            "steps": len(self.replay.steps),
            "human": seat,
            "open": is_open,
            "view": game.view(seat),
            "events": events if is_open else visible_events(events, seat),
            "hands": [list(hand) for hand in game.hands] if is_open else None,
            "seats": self.seats,
            "sharer": self.sharer,
            "first": self.first,
        }


def _ignore(_saved: dict[str, Any] | None) -> None:
    """A host that keeps no saves (tests, a table that lives only as long as its page)."""


class Table:
    """One table: the game in progress, if any, and the replay open in the viewer.

    One method per export of the worker protocol (docs/worker-protocol.md): the page's requests
    as decoded JSON in, the answers as JSON-able dicts out; a refusal raises EngineError and
    leaves the table as it was. After every step of a game the table hands its save to ``keep``
    (None once the game is over or forgotten: the host drops it); a position is never saved.
    """

    def __init__(self, keep: Keep = _ignore) -> None:
        self.session: Session | None = None
        self.viewer: Viewer | None = None
        self._keep = keep

    def _game(self) -> Session:
        """The game in progress: every export that needs one is refused alike without it."""
        if self.session is None:
            raise EngineError("no_game", "no game in progress")
        return self.session

    def _saved(self, answer: Answer) -> Answer:
        """Hand the game's save to the host, after the answer was built (so the saved log holds
        the events just answered), and return that answer."""
        session = self.session
        if session is not None and session.position is None:
            self._keep(None if session.game.is_over else session.dump())
        return answer

    def new_game(self, setup: object) -> Answer:
        """Start a game (NewGameRequest); it replaces any game in progress."""
        session = self.session = Session.new(setup)
        return self._saved(session.answer([], None))

    def new_guide(self, request: object) -> Answer:
        """Deal a guided first hand (engine.guide): {"rules": "classic" | "quick"}.

        A game like any other (saved, resumed, undone), replacing any game in progress.
        """
        rules = request.get("rules") if isinstance(request, dict) else None
        session = self.session = Session.guided(rules)
        return self._saved(session.answer([], None))

    def new_position(self, request: object) -> Answer:
        """Set up a position (docs/positions.md): {"position": link text or object, "level"?}.

        Replaces any game in progress for this page (not its save: a position is not saved).
        """
        if not isinstance(request, dict):
            raise EngineError("bad_position", "the request is an object with a position")
        session = self.session = Session.from_position(request)
        # The moves that set the position up are its answer's events: the log tells how the pile
        # came about, and the tracker counts from them as it would in a game.
        return session.answer(replayed_events(session.game), None)

    def act(self, action: object) -> Answer:
        """The action of the seat on screen. An illegal one leaves the game as it was."""
        session = self._game()
        session.refuse_while_waiting()
        before = [play.copy() for play in session.game.pile]
        # A guided hand compares the player's choice with the coach's (asked first, unseen).
        advice = session.advice() if session.guide is not None else None
        events = session.hold_deal(session.play(session.viewer, action))
        if session.guide is not None:
            assert isinstance(action, dict)  # the engine took it: an action is an object
            notes = guided.notes_after(
                session.game, session.viewer, action, before=before, events=events, advice=advice
            )
            session.notes = notes[-guided.NOTES_MAX :]
        if session.position is not None and session.explanation is None:
            assert isinstance(action, dict)  # the engine took it: an action is an object
            kind = action["type"]
            session.explanation = explain(session.game, before, session.human, kind, events)
        return self._saved(session.answer(events, session.viewer))

    def bot_step(self) -> Answer:
        """One bot action, if a bot is to move (the page paces these calls); else the table.

        An away friend's seat is played by its stand-in like a bot's; a present friend's turn
        waits for :meth:`guest_act`, as a person's waits for :meth:`act`.
        """
        session = self._game()
        if session.waiting is not None:
            # The player closed the hand's summary: the next hand, dealt already, is shown.
            return self._saved(session.answer(session.deal_held(), None))
        seat = session.game.to_move
        if seat is None or not session.bots_play(seat):
            return session.answer([], None)
        before = [play.copy() for play in session.game.pile]
        events, think_ms = session.bot_step(seat)
        events = session.hold_deal(events)
        if session.guide is not None:
            entry = session.game.actions[-1]  # [seat, action], or the cap's mark
            if entry != CAP and isinstance(entry[1], dict):
                notes = guided.notes_after(
                    session.game, seat, entry[1], before=before, events=events, advice=None
                )
                session.notes = (session.notes + notes)[-guided.NOTES_MAX :]
        return self._saved(session.answer(events, seat, think_ms=think_ms))

    def undo(self) -> Answer:
        """Take back the human's last decision and every bot move after it.

        Answered like :meth:`resume`: the table as it was before that decision, with the log to
        write again. Refused with ``nothing_to_undo`` before the human's first decision,
        ``game_over`` once the game is over, ``no_undo`` when several people share the table or
        friends play at it (taking back one person's decision would take back the others' too).
        """
        session = self._game()
        if session.shared or session.guests:
            raise EngineError("no_undo", "undo is not offered when several people play the table")
        if session.game.is_over:
            raise EngineError("game_over", "the game is over")
        session = self.session = session.rewound()
        return self._saved(session.answer([], None, restored=True))

    def coach(self) -> Answer:
        """The coach's advice before the seat on screen decides; marks the game as played with
        the coach. ``not_your_turn`` when that seat has nothing to decide."""
        session = self._game()
        if session.waiting is not None or session.game.to_move != session.viewer:
            raise EngineError("not_your_turn", "the coach speaks before your own decisions")
        answer = {"ok": True, "move": len(session.game.actions), **session.advice()}
        session.assisted.add("coach")
        return self._saved(answer)

    def resume(self, saved: str | None) -> Answer:
        """The game of a save the host kept (its text, or None: nothing saved), answered as a
        table drawn again: plus "log", "first" and "setup".

        A save that cannot be read back or answered (damaged, from another version, or failing
        in any way) is dropped and refused with ``bad_save``, the table left without a game: a
        save must never stop the page from starting.
        """
        if not saved:
            raise EngineError("no_game", "nothing saved")
        try:
            try:
                data = json.loads(saved)
            except ValueError:
                raise EngineError("bad_save", "the save is not JSON") from None
            session = Session.restore(data)
            answer = session.answer([], None, restored=True)
        except Exception as error:
            self.session = None
            self._keep(None)
            raise EngineError("bad_save", _describe(error)) from None
        self.session = session
        return answer

    def take_seat(self) -> Answer:
        """Pass-and-play: the person to act is at the device now (the page's privacy screen).

        The seat on screen becomes that person's, and the table is answered for it. There is no
        argument: the page can bring up only the seat whose turn it is, never another person's
        cards. With a bot to move, or that person already on screen, the table as it is.
        """
        session = self._game()
        to_move = session.game.to_move
        if to_move in session.people and session.waiting is None:
            session.viewer = to_move
        return self._saved(session.answer([], None))

    def guest_act(self, request: object) -> Answer:
        """The action of the friend at a guest seat: ``{"seat": int, "action": Action}``.

        Answered as the host's table after that step (``actor`` the seat), saved like
        :meth:`act`. Refused, the game untouched and nothing saved, with ``bad_seat`` (no
        guest's seat), ``not_your_turn`` (the seat is away: its stand-in plays until the friend
        takes it back; the next hand is not shown yet; or it is not that seat's turn) or the
        engine's code for an illegal action.
        """
        session = self._game()
        seat = session.guest_seat(request)
        assert isinstance(request, dict)  # guest_seat() read a seat from it
        if seat in session.away:
            raise EngineError("not_your_turn", f"seat {seat}'s stand-in plays it while away")
        session.refuse_while_waiting()
        events = session.hold_deal(session.play(seat, request.get("action")))
        return self._saved(session.answer(events, seat))

    def seat_away(self, request: object) -> Answer:
        """A guest seat goes to its stand-in bot, or back to its friend:
        ``{"seat": int, "away": bool}``. The host's page decides (a friend who left, or has not
        come back); the table plays the seat with its bot meanwhile, so nobody waits for it.

        Answered as the host's table (``bot_to_move`` may change). Not saved: a game resumed
        after a reload starts with every friend present. ``bad_seat`` as :meth:`guest_act`.
        """
        session = self._game()
        seat = session.guest_seat(request)
        assert isinstance(request, dict)  # guest_seat() read a seat from it
        away = request.get("away")
        if type(away) is not bool:
            raise EngineError("bad_json", "away is true or false")
        if away:
            session.away.add(seat)
        else:
            session.away.discard(seat)
        return session.answer([], None)

    def guest_view(self, request: object) -> Answer:
        """The whole table of the friend at a guest seat, drawn again (a friend who joins or
        comes back): ``{"seat": int}``, answered with the seat's guest answer plus ``log`` (the
        events that seat saw, the last thousand) and ``first``. Changes nothing."""
        session = self._game()
        return session.guest_view(session.guest_seat(request))

    def forget(self) -> Answer:
        """Drop the game in progress and its save."""
        self.session = None
        self._keep(None)
        return {"ok": True}

    def replay_link(self) -> Answer:
        """The replay link of the game at the table: its record and who sat where."""
        session = self._game()
        seats = [
            {"name": str(seat.get("name") or ""), "level": str(seat.get("level") or "")}
            for seat in session.seats
        ]
        return {"ok": True, "link": link(session.game, {"human": session.human, "seats": seats})}

    def open_replay(self, request: object) -> Answer:
        """Decode a replay link and play it through; the viewer shows it from step 0.

        Refused with ``bad_link`` (not a replay link) or ``replay_mismatch`` (its actions do not
        play, or lead to another game); the replay open before, if any, stays open then.
        """
        text = request.get("link") if isinstance(request, dict) else None
        viewer = self.viewer = Viewer(decode(text))
        return viewer.answer(viewer.sharer if viewer.sharer is not None else 0, False, 0)

    def replay_step(self, request: object) -> Answer:
        """The open replay at ``step``, seen from ``seat`` or with every hand ``open``."""
        viewer = self.viewer
        if viewer is None:
            raise EngineError("no_game", "no replay open")
        if not isinstance(request, dict):
            raise EngineError("bad_json", "a replay step is an object")
        step, seat, is_open = request.get("step"), request.get("seat"), request.get("open")
        since = request.get("from", step - 1 if type(step) is int else 0)
        if type(step) is not int or type(since) is not int or type(is_open) is not bool:
            raise EngineError("bad_json", "a replay step has a whole step and from, and open")
        if type(seat) is not int or not 0 <= seat < viewer.game.config.players:
            raise EngineError("bad_seat", f"there is no seat {seat!r}")
        viewer.go(step)
        return viewer.answer(seat, is_open, since)
