"""Fit Hard's claim model to what the tables' players really do, over the whole matrix.

Hard rates another seat's claim by a likelihood ratio over the public counts
(``estimate.p_claim_true``) with an ``honesty``: the chance that an author holding cards of the
rank plays them honestly.  One honesty for every claim size rated every player's four-card
claims ~60 % honest when ~95 % of them were, and their two-card claims too honest (against three
Medium bots Hard challenged honest four-card claims and was wrong 77 % of the time).  Bluffs
are small: nobody pads three honest cards into a bigger lie, many pad nothing into one card.

This tool plays the level in every seat of every matrix table against each field (the arena's
seat-rotated, seeded deals), logs every claim the level could challenge that the public facts do
not settle, with the likelihood model's inputs, the author's lie rate as Hard had learnt it then,
and the truth (the game's own pile), and fits ``Params.honesty_by_size`` (one, two, three, four
or more cards) by maximum likelihood: ``scipy.optimize.minimize`` over the honesties' log-odds,
the mean over tables and fields of each one's log loss.  Tables whose rank ascends each play
(``Params.honesty_by_size_ascending``) get their own fit: there the rank is forced, so who lacks
it must bluff or call, and small claims are honest more often than where the opener chose it.
It prints the fitted values and the log loss on each table and field, start, shipped and fitted,
so a fit that helps one table at the others' cost shows.  Last, each table's claims by where they
stand in the round (opening it, repeating the author's earlier claim of the rank in this pile, any
other), the truth beside each set's mean chance and the level's own (``p_honest``, which for the
Expert is more than these honesties): where a split's mean chance and truth part, the counts
misjudge that situation; ``--situation`` fits the honesties on that situation's claims alone.

    python -m engine.lab.calibrate --fields "mixed;medium" --games 300 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

from ..bots.base import View
from ..bots.estimate import Holds, claim_holds, full_claim, honest_share
from ..bots.hard import HardBot, liar_adjusted, logit, sigmoid
from ..bots.tuning import HARD_PARAMS, by_claim_size
from ..cards import rank_of
from ..game import Game
from . import arena

ROUNDING = 0.001  # the fitted honesties' step
SITUATIONS = ("opening", "repeat", "later")  # where a claim stands in its round (Claim.situation)
SIZES = len(HARD_PARAMS.honesty_by_size)  # one honesty per claim size, the last for the rest
# Honesties by claim size where the opener chooses the rank, and where it ascends.
Model = tuple[Sequence[float], Sequence[float]]
SHIPPED: Model = (
    HARD_PARAMS.honesty_by_size,
    HARD_PARAMS.honesty_by_size_ascending or HARD_PARAMS.honesty_by_size,
)


@dataclass(frozen=True)
class Claim:
    """One claim the level could challenge, as its model saw it, and the truth."""

    table: str
    field: str
    count: int
    full: bool
    holds: dict[tuple[int, bool], float]  # the author's holds(n, tail) the ratio asks for
    rate: float  # the author's lie rate as the level had learnt it (``HardBot.lie_rate``)
    honest: bool
    ascending: bool  # the table's rank ascends each play
    opening: bool = False  # the claim opened its round: the pile held nothing else
    repeat: bool = False  # its author claimed the same rank earlier in this pile
    # The level's own chance (its ``p_honest``): the Expert rates claims by more than the
    # honesties fitted here (docs/bots.md, "Honesty by kind of claim"), and the report shows
    # how true that is.
    own: float | None = None

    @property
    def situation(self) -> str:
        """Where the claim stands in its round: the splits that showed Hard's counts wrong
        (docs/bots.md, "Repeat claims" and "Honesty by kind of claim")."""
        return SITUATIONS[0] if self.opening else SITUATIONS[1] if self.repeat else SITUATIONS[2]

    def p_honest(self, model: Model) -> float:
        """Hard's chance for this claim with these honesties (``HardBot.p_honest``)."""
        honesty = by_claim_size(model[1] if self.ascending else model[0], self.count)
        base = honest_share(lambda n, tail: self.holds[n, tail], self.count, self.full, honesty)
        return liar_adjusted(base, self.rate)


def recorded_holds(holds: Holds, count: int, full: bool) -> dict[tuple[int, bool], float]:
    """Every ``holds(n, tail)`` value :func:`honest_share` reads for this claim."""
    seen: dict[tuple[int, bool], float] = {}

    def record(n: int, tail: bool) -> float:
        seen[n, tail] = holds(n, tail)
        return seen[n, tail]

    honest_share(record, count, full, 0.5)
    return seen


def claims_of_game(table: arena.Table, name: str, field: str) -> list[Claim]:
    """Play one arena game; log the candidate's callable, unsettled claims."""
    game, bots = arena.seated(table)
    me, claims = table.tag, []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        bot = bots[seat]
        if seat == me and isinstance(bot, HardBot):
            claims += claim_at(bot, view, game, name, field)
        arena.apply_shown(game, bots, seat, bot.act(view))
    return claims


def claim_at(bot: HardBot, view: View, game: Game, name: str, field: str) -> list[Claim]:
    """The top claim of ``view`` as ``bot`` rates it, if the bot may challenge it and the
    claim's honesty enters the rating."""
    last = view["last_play"]
    if not (view["legal"].get("challenge") and last and last["unresolved"]):
        return []
    author, count, rank = int(last["seat"]), int(last["count"]), str(last["rank"])
    if author == int(view["seat"]) or not view["hand_sizes"][author]:
        return []  # last cards: every level calls them whatever it believes
    bot.tracker.sync(view)
    bot.sync_sizes(view)
    holds = claim_holds(view, bot.tracker, author, rank, count)
    if isinstance(holds, float):
        return []  # settled by the public facts: no honesty enters
    full = full_claim(view, count)
    rate = bot.lie_rate(author, count, int(view["hand_sizes"][author]), int(view["pile_size"]))
    honest = all(rank_of(card) == rank for card in game.pile[-1]["cards"])
    ascending = bool(view["options"].get("ascending"))
    seen = recorded_holds(holds, count, full)
    earlier = game.pile[:-1]
    repeat = any(play["seat"] == author and play["rank"] == rank for play in earlier)
    own = bot.p_honest(view, author, count, rank)
    return [
        Claim(name, field, count, full, seen, rate, honest, ascending, not earlier, repeat, own)
    ]


Job = tuple[arena.Table, str, str]


def _play(job: Job) -> list[Claim]:
    return claims_of_game(*job)


def collect(level: str, fields: Sequence[str], games: int, seed: int, jobs: int) -> list[Claim]:
    """The level's claims over every matrix table against each field, ``games`` a table."""
    work: list[Job] = []
    for field in fields:
        for name, (preset, players, options) in arena.MATRIX_TABLES.items():
            tables = arena.candidate_tables(
                level, arena.field_of(field), games, players, seed, preset, dict(options)
            )
            work += [(table, name, field) for table in tables]
    claims: list[Claim] = []
    for found in arena.run_each(_play, work, jobs):
        claims += found
    return claims


def log_loss(claims: Sequence[Claim], model: Model) -> float:
    """Mean negative log-likelihood of the truths under the model: lower is better calibrated."""
    total = 0.0
    for claim in claims:
        p = min(max(claim.p_honest(model), 1e-4), 1 - 1e-4)
        total -= math.log(p if claim.honest else 1 - p)
    return total / max(len(claims), 1)


def groups_of(claims: Sequence[Claim]) -> dict[tuple[str, str], list[Claim]]:
    """The claims by table and field."""
    groups: dict[tuple[str, str], list[Claim]] = {}
    for claim in claims:
        groups.setdefault((claim.table, claim.field), []).append(claim)
    return groups


def balanced_loss(claims: Sequence[Claim], model: Model) -> float:
    """The mean over tables and fields of each one's log loss: a crowded table (six seats,
    two decks: a quarter of all claims) counts as much as a two-seat one."""
    groups = groups_of(claims).values()
    return sum(log_loss(group, model) for group in groups) / max(len(groups), 1)


def fit(claims: Sequence[Claim], start: Model) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The honesties by claim size that best predict the truths on every table and field
    (:func:`balanced_loss`), each rank rule on its own claims (a rule without claims keeps its
    start).  Nelder-Mead over log-odds, so each honesty stays between 0 and 1."""
    fitted = []
    for ascending, begin in enumerate(start):
        own = [claim for claim in claims if claim.ascending == bool(ascending)]
        fitted.append(tuple(begin) if not own else _fit_rule(own, begin))
    return fitted[0], fitted[1]


def _fit_rule(claims: Sequence[Claim], start: Sequence[float]) -> tuple[float, ...]:
    def model_of(x: NDArray[np.float64]) -> Model:
        by_size = [sigmoid(float(v)) for v in x]
        return by_size, by_size  # the claims are of one rank rule: either slot serves

    def loss(x: NDArray[np.float64]) -> float:
        return balanced_loss(claims, model_of(x))

    x0 = np.array([logit(min(max(p, 0.01), 0.99)) for p in start])
    result = minimize(
        loss, x0, method="Nelder-Mead", options={"xatol": 1e-3, "fatol": 1e-6, "maxiter": 2000}
    )
    # Rounded for the report, never to 0 or 1: an honesty of 0 rates every claim of that size a
    # certain lie, and each honest claim among them then costs the worst loss ``log_loss`` allows.
    return tuple(min(1 - ROUNDING, max(ROUNDING, round(sigmoid(v), 3))) for v in result.x)


def report(claims: Sequence[Claim], models: Mapping[str, Model]) -> str:
    """Log loss by table and field under each named set of honesties, and the truth beside each
    set's mean chance by claim size, then by table and where the claim stands in its round."""
    names = " | ".join(models)
    rule = "---|" * len(models)
    lines = [f"| table | field | claims | honest | log loss: {names} |", f"|---|---|---|---|{rule}"]
    for (table, field), group in groups_of(claims).items():
        losses = " | ".join(f"{log_loss(group, model):.3f}" for model in models.values())
        lines.append(f"| {table} | {field} | {len(group)} | {_share(group)} | {losses} |")
    lines += [
        "",
        f"| claim size | claims | honest | mean chance: {names} |",
        f"|---|---|---|{rule}",
    ]
    for size in range(1, SIZES + 1):
        group = [claim for claim in claims if min(claim.count, SIZES) == size]
        if not group:
            continue
        chances = " | ".join(_mean_chance(group, model) for model in models.values())
        label = f"{size}+" if size == SIZES else str(size)
        lines.append(f"| {label} | {len(group)} | {_share(group)} | {chances} |")
    lines += [
        "",
        f"| table | claim | claims | honest | mean chance: {names} | the level's own |",
        f"|---|---|---|---|{rule}---|",
    ]
    by_situation: dict[tuple[str, str], list[Claim]] = {}
    for claim in claims:
        by_situation.setdefault((claim.table, claim.situation), []).append(claim)
    for (table, situation), group in sorted(by_situation.items()):
        chances = " | ".join(_mean_chance(group, model) for model in models.values())
        own = [claim.own for claim in group if claim.own is not None]
        mean_own = f"{100 * sum(own) / len(own):.0f} %" if own else "-"
        lines.append(
            f"| {table} | {situation} | {len(group)} | {_share(group)} | {chances} | {mean_own} |"
        )
    return "\n".join(lines)


def _mean_chance(group: Sequence[Claim], model: Model) -> str:
    return f"{100 * sum(claim.p_honest(model) for claim in group) / len(group):.0f} %"


def _share(group: Sequence[Claim]) -> str:
    return f"{100 * sum(claim.honest for claim in group) / len(group):.0f} %"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard", help="a level built on Hard's claim model")
    parser.add_argument(
        "--fields", default="mixed;medium", help="fields to log against, ';'-separated"
    )
    parser.add_argument("--games", type=int, default=300, help="games a table and field")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--start",
        help="comma list of honesties to start the fit from (default: the shipped ones)",
    )
    parser.add_argument(
        "--situation",
        choices=SITUATIONS,
        help="fit and report only the claims that stand there in their round",
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    fields = [field for field in args.fields.split(";") if field]
    claims = collect(args.level, fields, args.games, args.seed, args.jobs)
    if args.situation:
        claims = [claim for claim in claims if claim.situation == args.situation]
    if not claims:
        print("no claims logged: the level never faced an unsettled claim", file=sys.stderr)
        return 1
    begin = [float(p) for p in args.start.split(",")] if args.start else None
    start_at: Model = (begin, begin) if begin else SHIPPED
    fitted = fit(claims, start_at)
    print(f"{len(claims)} claims; honesty_by_size (fixed rank, ascending)")
    print(f"shipped {tuple(map(tuple, SHIPPED))}, fitted {fitted}")
    models: dict[str, Model] = {"start": start_at, "shipped": SHIPPED, "fitted": fitted}
    losses = ", ".join(f"{name} {balanced_loss(claims, m):.4f}" for name, m in models.items())
    print(f"log loss, mean over tables and fields: {losses}")
    print()
    print(report(claims, models))
    print(f"\n({time.perf_counter() - began:.1f} s, {args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
