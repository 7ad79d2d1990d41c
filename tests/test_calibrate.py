"""The claim-model fit: it logs claims as Hard rates them and recovers the honesties behind them."""

from __future__ import annotations

import random

import pytest

from engine.bots.hard import HardBot
from engine.bots.tuning import LIE_BASELINE
from engine.cards import rank_of
from engine.game import Game
from engine.lab import arena, calibrate


def test_a_logged_claim_is_rated_as_hard_rates_it() -> None:
    """The fit tunes the model the bot plays with: a logged claim's chance is the bot's own, and
    its situation (opening the round, repeating its author's rank) is the game's."""
    situations: set[str] = set()
    fixed = sum(_check_claims_of_game(seed, {}, situations) for seed in range(3, 7))
    assert situations == {"opening", "repeat", "later"}
    ascending = sum(
        _check_claims_of_game(seed, {"ascending": True}, situations) for seed in range(3, 5)
    )
    assert fixed >= 10
    assert ascending >= 10


def _check_claims_of_game(seed: int, options: dict[str, bool], situations: set[str]) -> int:
    game = Game.new({"preset": "classic", "players": 4, "seed": seed, "options": options})
    bots = [HardBot(random.Random(seat)) for seat in range(4)]
    checked = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        bot = bots[seat]
        for claim in calibrate.claim_at(bot, view, game, "classic-4p-36", "hard"):
            last = view["last_play"]
            author, count, rank = int(last["seat"]), int(last["count"]), str(last["rank"])
            assert claim.ascending == bool(options)
            shipped = claim.p_honest(calibrate.SHIPPED)
            assert shipped == pytest.approx(bot.p_honest(view, author, count, rank))
            assert claim.own == pytest.approx(shipped)
            truth = all(rank_of(card) == rank for card in game.pile[-1]["cards"])
            assert claim.honest == truth
            assert claim.opening == (len(game.pile) == 1)
            earlier = [(play["seat"], play["rank"]) for play in game.pile[:-1]]
            assert claim.repeat == ((author, rank) in earlier)
            situations.add(claim.situation)
            checked += 1
        arena.apply_shown(game, bots, seat, bot.act(view))
    return checked


def test_the_fit_recovers_the_honesties_that_made_the_truths() -> None:
    """Claims drawn from known honesties by size, each rank rule its own: the fit, started far
    off, finds both."""
    rng = random.Random(5)
    truth = ((0.2, 0.6, 0.9, 0.97), (0.5, 0.8, 0.9, 0.99))
    claims = []
    for number in range(6000):
        ascending = number % 2 == 1
        count = rng.randint(1, 5)
        levels = [rng.uniform(0.02, 0.6) for _ in range(3)]  # holds(count), (count-1), (count-2)
        holds = {
            (count, False): levels[0],
            (count - 1, False): levels[1],
            (count - 2, False): levels[2],
        }
        table = "asc" if ascending else "fixed"
        probe = calibrate.Claim(table, "f", count, False, holds, LIE_BASELINE, True, ascending)
        honest = rng.random() < probe.p_honest(truth)
        claims.append(
            calibrate.Claim(table, "f", count, False, holds, LIE_BASELINE, honest, ascending)
        )
    start = ((0.7,) * 4, (0.7,) * 4)
    fitted = calibrate.fit(claims, start)
    assert calibrate.balanced_loss(claims, fitted) < calibrate.balanced_loss(claims, start)
    for rule in (0, 1):
        for got, want in zip(fitted[rule], truth[rule], strict=True):
            assert got == pytest.approx(want, abs=0.08)


def test_a_size_that_always_lies_fits_near_zero_but_not_to_zero() -> None:
    """Where the fields' one-card claims are all lies (two seats: docs/bots.md, "Honesty by claim
    size"), the fit goes to the bottom of its range; rounded to 0 it would call every such claim a
    certain lie, and the next honest one would cost the worst loss the clip allows."""
    rng = random.Random(2)
    claims = []
    for _ in range(400):
        holds = {(1, False): rng.uniform(0.2, 0.6), (0, False): rng.uniform(0.2, 0.6)}
        claims.append(calibrate.Claim("t", "f", 1, False, holds, LIE_BASELINE, False, False))
    start = ((0.3,) * 4, (0.3,) * 4)
    fitted = calibrate.fit(claims, start)
    assert 0.0 < fitted[0][0] <= 0.01
    honest_one = calibrate.Claim("t", "f", 1, False, claims[0].holds, LIE_BASELINE, True, False)
    # 5.3 at the fitted 0.001; an honesty of 0 costs the clip's 9.2 (log_loss clips at 1e-4)
    assert calibrate.log_loss([honest_one], fitted) < 7.0
    assert calibrate.balanced_loss(claims, fitted) < calibrate.balanced_loss(claims, start)


def test_the_command_prints_the_fit_and_the_loss_by_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert calibrate.main(["--fields", "medium", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "fitted (" in out
    assert "| classic-4p-36 | medium |" in out
    assert "| 4+ |" in out
    assert "| classic-4p-36 | opening |" in out
    assert "log loss: start | shipped | fitted |" in out
    assert "mean chance: start | shipped | fitted | the level's own |" in out


def test_the_report_shows_the_experts_own_chance_beside_hards() -> None:
    """The Expert rates an opening by the honesties fitted on openings, not Hard's one set: the
    report's last column is what the Expert believed."""
    claims: list[calibrate.Claim] = []
    for seed in (5, 6):
        table = arena.Table(seed, ("expert", "medium", "medium", "medium"), "classic", {}, 0)
        claims += calibrate.claims_of_game(table, "classic-4p-36", "medium")
    openings = [claim for claim in claims if claim.situation == "opening"]
    assert openings
    assert all(claim.own is not None for claim in claims)
    assert any(claim.own != pytest.approx(claim.p_honest(calibrate.SHIPPED)) for claim in openings)
    table = calibrate.report(claims, {"shipped": calibrate.SHIPPED})
    assert "| classic-4p-36 | opening |" in table


def test_a_situation_fits_and_reports_its_claims_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """Openings, whose author chose the rank, fit apart from the rest (docs/bots.md,
    "Honesty by kind of claim")."""
    assert calibrate.main(["--fields", "medium", "--games", "4", "--situation", "opening"]) == 0
    out = capsys.readouterr().out
    assert "| classic-4p-36 | opening |" in out
    assert "| later |" not in out
    assert "| repeat |" not in out
