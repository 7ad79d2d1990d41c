"""Open challenge: who opens the next round, and what that is worth to the bot.

With six seats and open challenge nearly every play is called at once, so rounds last one or two
plays and the seat after whoever takes the pile opens the next one (rule 5).  Measured on
``open-6p-2decks`` against the mixed field (docs/bots.md): the winners opened about seven rounds a
game, the losers one or two, and a seat's result followed from who sat before it (after a seat
that calls a lot and takes piles, about 60 %; after one that never calls, nothing), whatever the
bot in it did.  Even a caller that knew every card called no better.  What a bot can change is
*who* opens: a call, a pass, or a play each hands the next round to some seat, and a round opened
by a seat with one or two cards left usually ends the game.  These helpers price that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .base import View, next_seat
from .tuning import FINISH_ODDS


def first_callers(seats: Iterable[int], p_call: Callable[[int], float]) -> list[tuple[int, float]]:
    """For each seat in calling order, the chance that it is the first to call."""
    nobody = 1.0
    odds = []
    for seat in seats:
        p = p_call(seat)
        odds.append((seat, nobody * p))
        nobody *= 1 - p
    return odds


def play_window(view: View, me: int) -> list[int]:
    """Who may call a play of ``me``, in order: the window seats, then the next player."""
    nxt = next_seat(view, me)
    seats = []
    seat = next_seat(view, nxt)
    while seat not in (me, nxt):
        seats.append(seat)
        seat = next_seat(view, seat)
    return [*seats, nxt]


def opener_value(view: View, seat: int, own_open: float, threat: float) -> float:
    """What ``seat`` opening the next round is worth to the bot, in its own cards: ``own_open``
    when it is the bot's seat, minus ``threat`` times the odds that the seat goes out with it."""
    if seat == int(view["seat"]):
        return own_open
    return -threat * FINISH_ODDS.get(int(view["hand_sizes"][seat]), 0.0)
