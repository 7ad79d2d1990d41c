"""Positions: a described moment of a game, set up by the rules themselves (docs/positions.md).

A rules site wants to *show* a rule: "Anna claims two sevens; you hold three; what do you do?".
A position says exactly that much (options, every hand, the pile's plays with their true cards,
who acts, whose seat the reader takes, a caption) and nothing about how the game got there.

Nothing here knows the rules.  :func:`compile_position` turns the description into a deal (each
pile play's cards back in its author's dealt hand) and the actions that make the pile again, runs
them through :meth:`Game.from_deal` and :meth:`Game.apply`, and then checks that the game it got
is the one described.  So a position is possible exactly when legal play reaches it, and anything
else is refused as ``bad_position`` with the engine's own reason.  A position may instead give the
deal and the moves that led to it (``deal`` + ``moves``); the same check then applies to whatever
description it also carries.

:func:`explain` tells the outcome of the reader's decision from the events the engine returned:
what was under the pile, who takes it, and which rule decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import ascending_order, rank_of, sort_cards
from .errors import EngineError
from .game import Event, Game
from .inputs import check_json
from .links import pack, unpack
from .types import (
    Decision,
    ExplainedReason,
    Explanation,
    GameOverEvent,
    PilePlay,
    RevealedEvent,
    TookPileEvent,
)

FORMAT = 1
CODE = "bad_position"
KEYS = frozenset(
    {"v", "preset", "options", "hands", "pile", "stock", "turn", "you", "deal", "moves", "caption"}
)
MAX_CAPTION = 600  # characters per language: a caption is a sentence or two, not an article


def _refuse(message: str) -> EngineError:
    return EngineError(CODE, message)


def _seat(value: object, players: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise _refuse(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def _caption(value: object) -> None:
    """A caption is a catalog key (text) or text per language; it is only ever shown as text."""
    if value is None:
        return
    texts = [value] if isinstance(value, str) else None
    if isinstance(value, dict):
        if not all(isinstance(k, str) and 2 <= len(k) <= 5 for k in value):
            raise _refuse("a caption's languages are codes such as 'en' or 'ru'")
        texts = list(value.values())
    if texts is None or not all(isinstance(t, str) and len(t) <= MAX_CAPTION for t in texts):
        raise _refuse(f"a caption is text, or text per language, of at most {MAX_CAPTION} chars")


def _deal_setup(position: dict[str, Any]) -> dict[str, Any]:
    return {"preset": position.get("preset", "classic"), "options": position.get("options", {})}


def _described_deal(position: dict[str, Any]) -> tuple[dict[str, Any], list[list[Any]]]:
    """The deal and the plays that give a described position: the authors get their cards back."""
    hands, pile = position.get("hands"), position.get("pile", [])
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise _refuse("hands must be a list of every seat's cards")
    if not isinstance(pile, list):
        raise _refuse("pile must be a list of plays")
    players = len(hands)
    dealt = [list(hand) for hand in hands]
    plays: list[list[Any]] = []
    for number, play in enumerate(pile, 1):
        if not isinstance(play, dict) or set(play) != {"seat", "cards", "rank"}:
            raise _refuse(f"play {number} of the pile must be {{seat, cards, rank}}")
        seat = _seat(play["seat"], players, f"the seat of play {number}")
        if not isinstance(play["cards"], list):
            raise _refuse(f"the cards of play {number} must be a list")
        dealt[seat] += play["cards"]
        plays.append([seat, {"type": "play", "cards": play["cards"], "rank": play["rank"]}])
    turn = _seat(position.get("turn"), players, "turn")
    first = plays[0][0] if plays else turn
    deal = {
        "players": players,
        "hands": dealt,
        "stock": position.get("stock", []),
        "dealer": (first - 1) % players,  # the seat after the dealer opens the hand
    }
    return deal, plays


def _apply(game: Game, seat: int, action: object, number: int) -> None:
    """One move of the compiled game, letting an open-challenge window pass until ``seat`` acts."""
    while game.window and game.to_move != seat:
        game.apply(game.to_move, {"type": "pass"})
    try:
        game.apply(seat, action)
    except EngineError as error:
        raise _refuse(f"move {number} (seat {seat}): {error.message}") from None


def compile_position(position: object) -> Game:
    """The game a position describes, reached by legal play; ``bad_position`` otherwise."""
    check_json(position, CODE, "the position")
    if not isinstance(position, dict):
        raise _refuse("a position is an object")
    if position.get("v") != FORMAT:
        raise _refuse(f"not a position of format {FORMAT}")
    unknown = set(position) - KEYS
    if unknown:
        raise _refuse(f"unknown key(s): {', '.join(sorted(unknown))}")
    _caption(position.get("caption"))
    history = "moves" in position or "deal" in position
    if history:
        deal, moves = position.get("deal"), position.get("moves", [])
        if not isinstance(deal, dict) or not isinstance(moves, list):
            raise _refuse("a position with its history has a deal object and a moves list")
        if not all(isinstance(move, list) and len(move) == 2 for move in moves):
            raise _refuse("every move is [seat, action]")
        hands = deal.get("hands")
        deal = {key: deal[key] for key in ("hands", "stock", "dealer") if key in deal}
        deal["players"] = len(hands) if isinstance(hands, list) else 0
    else:
        deal, moves = _described_deal(position)
    try:
        game = Game.from_deal({**_deal_setup(position), **deal})
    except EngineError as error:
        raise _refuse(f"the deal: {error.message}") from None
    for number, (seat, action) in enumerate(moves, 1):
        _apply(game, _seat(seat, game.config.players, f"the seat of move {number}"), action, number)
    if "turn" in position:
        turn = _seat(position["turn"], game.config.players, "turn")
        while game.window and game.to_move != turn:  # earlier seats of the window let it stand
            game.apply(game.to_move, {"type": "pass"})
    _check_described(game, position)
    return game


def _check_described(game: Game, position: dict[str, Any]) -> None:
    """Refuse a position whose description is not the game its deal and moves give."""
    if game.is_over:
        raise _refuse("the game is already over: there is no decision left to make")
    deck = game.config.deck
    if "hands" in position:
        try:
            described = [sort_cards(hand, deck) for hand in position["hands"]]
        except (KeyError, TypeError):
            raise _refuse("a hand holds something that is not a card of this deck") from None
        if described != game.hands:
            raise _refuse(
                "the hands are not what the rules give from this deal and pile"
                + (" (a player draws from the stock at the start of a turn)" if game.stock else "")
            )
    if "pile" in position and position["pile"] != game.pile:
        raise _refuse("the pile is not what the rules give (a call resolved a play)")
    if "stock" in position and position["stock"] != game.stock:
        raise _refuse("the stock is not what the rules give (a player drew from it)")
    if "turn" in position and position["turn"] != game.to_move:
        raise _refuse(f"seat {game.to_move} is to act, not seat {position['turn']}")
    _seat(position.get("you", game.to_move), game.config.players, "you")


def reader(position: dict[str, Any], game: Game) -> int:
    """The reader's seat: ``you``, else the seat that acts now."""
    you = position.get("you", game.to_move)
    assert isinstance(you, int)
    return you


def encode(position: object) -> str:
    """A position as link text (``embed.html#position=…``), refused here if it is impossible."""
    compile_position(position)
    return pack(position)


def decode(text: object) -> tuple[dict[str, Any], Game]:
    """A position link's text back to the position and its game (``bad_link``/``bad_position``)."""
    position = unpack(text)
    game = compile_position(position)
    assert isinstance(position, dict)
    return position, game


def describe(game: Game, you: int, caption: object = None) -> dict[str, Any]:
    """The described position of ``game`` as it stands (the form :func:`compile_position` reads).

    The form holds the hands, the pile since the last pick-up and who acts; it has no room for
    what came before.  So a state it cannot say is refused: players out, an empty hand with no play
    on the pile (draw format), a pile whose top play was
    believed (its author's turn is past), a rank kept over an empty pile, an ascending sequence
    that does not start this pile at its first rank.  A described position counts its moves from
    its pile, so a move limit counts from there too.
    """
    if game.is_over or game.out:
        raise _refuse("a described position has every player in the game and it is not over")
    if game.pile and not game.pending:
        raise _refuse("the pile's top play was believed: describe it with its deal and moves")
    authors = {play["seat"] for play in game.pile}
    if any(not hand and seat not in authors for seat, hand in enumerate(game.hands)):
        raise _refuse("a player with no cards and no play on the pile cannot be dealt")
    if not game.pile and not game.opening:
        raise _refuse("the round's rank is kept over an empty pile")
    start = game.pile[0]["rank"] if game.pile else game.claim_rank
    sequence = ascending_order(game.config.deck, game.config.no_aces)
    if game.config.ascending and start != sequence[0]:
        raise _refuse(f"an ascending position starts its pile at {sequence[0]}")
    config = game.config.to_json()
    position: dict[str, Any] = {
        "v": FORMAT,
        "preset": config["preset"],
        "options": config["options"],
        "hands": [list(hand) for hand in game.hands],
        "pile": [dict(play, cards=list(play["cards"])) for play in game.pile],
        "turn": game.to_move,
        "you": you,
    }
    if game.stock:
        position["stock"] = list(game.stock)
    if caption is not None:
        position["caption"] = caption
    return position


def explain(
    game: Game,
    before: list[PilePlay],
    seat: int,
    kind: Decision,
    events: Sequence[Event],
) -> Explanation:
    """What the reader's decision did: the pile as it was (``before``), the events, the game after.

    ``reason`` names the rule that decided (the page has one sentence for each):
    ``challenge_honest`` (the challenger takes the pile), ``challenge_bluff`` (the author does),
    ``believe_honest`` (the cards leave the game), ``believe_honest_last`` (quick: believed last
    cards win), ``believe_bluff`` (the believer takes the pile), ``played_on`` (the last play
    stands unseen; quick: playing on believes it), ``passed`` (open challenge: let it stand).
    ``ended`` is the game's end reason when the decision ended it (``out``, ``move_limit``,
    ``last_loser``), else None; ``next`` acts now, opening a new round if ``opening``; ``drew``:
    who refilled from the stock (draw format) and how many cards.
    """
    revealed: RevealedEvent | None = None
    took: TookPileEvent | None = None
    over: GameOverEvent | None = None
    for event in reversed(events):  # the first of each kind
        if event["type"] == "revealed":
            revealed = event
        elif event["type"] == "took_pile":
            took = event
        elif event["type"] == "game_over":
            over = event
    if revealed is None:
        reason: ExplainedReason = "passed" if kind == "pass" else "played_on"
    elif kind == "challenge":
        reason = "challenge_honest" if revealed["honest"] else "challenge_bluff"
    elif not revealed["honest"]:
        reason = "believe_bluff"
    elif any(e["type"] == "discarded" for e in events):
        reason = "believe_honest"
    else:
        reason = "believe_honest_last"  # quick: believed last cards stay on the pile and win
    return {
        "seat": seat,
        "decision": kind,
        "reason": reason,
        "pile": [
            {**play, "honest": all(rank_of(card) == play["rank"] for card in play["cards"])}
            for play in before
        ],
        "revealed": None
        if revealed is None
        else {
            "seat": revealed["seat"],
            "cards": revealed["cards"],
            "rank": revealed["rank"],
            "honest": revealed["honest"],
        },
        "taker": None if took is None else took["seat"],
        "count": 0 if took is None else took["count"],
        "out": [e["seat"] for e in events if e["type"] == "out"],
        "ended": None if over is None else over["reason"],
        "winner": None if over is None else over["winner"],
        "next": game.to_move,
        "opening": game.opening,
        "drew": [{"seat": e["seat"], "count": e["count"]} for e in events if e["type"] == "drew"],
    }
