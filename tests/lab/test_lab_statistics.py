"""The lab's statistics with the deal as the unit (issue 43, review L1-L3).

In the duplicate format every deal is played once from each seat, so the games of one deal are not
independent: a win-rate interval over games as if they were misses the true rate more often than
5 %, and two entries that met at a table share deals, so their difference is tested deal by deal.
The simulations below make results with known win chances (no game is played: records are built
as the referee records them, ``players`` rotations of each deal in a row) and measure what the
intervals and bands deliver; expected values are worked out here, not read from the code."""
from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

from changekit.lab.referee import (GameRecord, Results, band_z, deal_mean, deal_wilson, paired_difference_z,
                                   rank_bands, round_robin_groups)
from changekit.stats.intervals import wilson

Z = 1.959963984540054


def _results(players: int, entries: int, records: list[GameRecord]) -> Results:
    # the referee's Results reads only the table size from its game
    return Results(SimpleNamespace(options=SimpleNamespace(players=players)), [None] * entries, 0, records)


def _one_table(rng: random.Random, deals: int, chances: list[float]) -> Results:
    """Entry 0 against three others at a 4-player table: on each deal its chance of winning a game
    is drawn from ``chances`` (some deals suit it, some do not) and holds for all four rotations."""
    records = []
    for deal in range(deals):
        chance = rng.choice(chances)
        for shift in range(4):
            seating = [(s + shift) % 4 for s in range(4)]
            mine = seating.index(0)
            winner = mine if rng.random() < chance else rng.choice([s for s in range(4) if s != mine])
            records.append(GameRecord(deal, seating, [0.0] * 4, [winner], ""))
    return _results(4, 4, records)


def test_win_rate_interval_over_deals_covers_the_true_rate_95_times_in_100():
    """Review L3: 300 seeded runs of 25 deals (100 games, the class's default); on each deal the
    entry's chance is 0, 0.2, 0.4, 0.6 or 0.8, so its true win rate is 0.4 and its games of one
    deal go together. The old interval (Wilson over the 100 games as independent) misses far more
    often than 1 run in 20; the interval over deals does not."""
    rng = random.Random(43)
    chances = [0.0, 0.2, 0.4, 0.6, 0.8]
    truth = sum(chances) / len(chances)
    new = old = 0
    for _ in range(300):
        results = _one_table(rng, 25, chances)
        rate = results.win_rate(0)
        new += rate.low <= truth <= rate.high
        played = results.games_of(0)
        wins = sum(seat in r.winners for r, seat in played)
        assert rate.value == pytest.approx(wins / len(played)) and rate.n == 100
        games_alone = wilson(wins, len(played))
        old += games_alone.low <= truth <= games_alone.high
    print(f"coverage of the 95 % interval over 300 runs: over deals {new / 300:.3f}, "
          f"over games as if independent {old / 300:.3f}")
    assert 0.90 <= new / 300 <= 0.99
    assert old / 300 < 0.90


def test_deal_wilson_is_wilson_on_the_effective_number_of_games():
    """Worked by hand: shares 1/4, 3/4, 1/4, 3/4 of four deals (16 games): p = 1/2, the shares'
    variance 1/12, so the effective count is p(1 - p) / (1/12 / 4) = 12 games, between 4 and 16."""
    shares = [0.25, 0.75, 0.25, 0.75]
    n = 0.25 / ((1 / 12) / 4)
    assert n == pytest.approx(12)
    centre = (0.5 + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(0.25 / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    rate = deal_wilson(shares, 16)
    assert (rate.value, rate.n) == (0.5, 16)
    assert rate.low == pytest.approx(centre - half) and rate.high == pytest.approx(centre + half)
    # every deal the same share: never narrower than the 16 games as if independent
    same = deal_wilson([0.25] * 4, 16)
    assert (same.low, same.high) == pytest.approx((wilson(4, 16).low, wilson(4, 16).high))
    # deals that are all or nothing: each deal counts once
    whole = deal_wilson([1.0, 0.0, 1.0, 0.0], 16)
    assert (whole.low, whole.high) == pytest.approx((wilson(2, 4).low, wilson(2, 4).high))
    # one deal, or no win at all: the deals are the count
    assert deal_wilson([0.0] * 5, 20).high == pytest.approx(wilson(0, 5).high)
    assert deal_wilson([0.5], 4).high == pytest.approx(wilson(0.5, 1).high)


def test_deal_mean_uses_the_spread_of_the_deals():
    """Three deals of two games each: scores (1, 3), (3, 5), (5, 7). The deals' means 2, 4, 6 have
    variance 4, so se² = 4 / 3, between the games as if independent (variance 22/5 over 6 games) and
    one game per deal (22/5 over 3)."""
    estimate = deal_mean([[1.0, 3.0], [3.0, 5.0], [5.0, 7.0]])
    assert estimate.value == 4.0 and estimate.n == 6
    assert 22 / 5 / 6 < 4 / 3 < 22 / 5 / 3
    assert estimate.high - estimate.value == pytest.approx(Z * math.sqrt(4 / 3))
    # deals far apart (means 2 and 6): never wider than one game per deal (variance 20/3 over 2)
    apart = deal_mean([[1.0, 3.0], [5.0, 7.0]])
    assert apart.high - apart.value == pytest.approx(Z * math.sqrt(20 / 3 / 2))
    # deals alike (means 3 and 3): never narrower than the four games as if independent
    alike = deal_mean([[1.0, 5.0], [5.0, 1.0]])
    spread = sum((v - 3) ** 2 for v in (1, 5, 5, 1)) / 3
    assert alike.high - alike.value == pytest.approx(Z * math.sqrt(spread / 4))


def test_paired_difference_is_the_paired_test_where_entries_met_and_independent_where_not():
    a = {1: 0.5, 2: 0.25, 3: 0.75, 4: 0.5}
    b = {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.0}
    differences = [a[d] - b[d] for d in a]
    mean = sum(differences) / 4
    sd = math.sqrt(sum((x - mean) ** 2 for x in differences) / 3)
    assert paired_difference_z(a, b) == pytest.approx(mean / (sd / 2))
    # no deal shared: the two standard errors add in quadrature
    c = {10 + d: v for d, v in b.items()}

    def se2(x: dict[int, float]) -> float:
        m = sum(x.values()) / len(x)
        return sum((v - m) ** 2 for v in x.values()) / (len(x) - 1) / len(x)
    gap = sum(a.values()) / 4 - sum(c.values()) / 4
    assert paired_difference_z(a, c) == pytest.approx(gap / math.sqrt(se2(a) + se2(c)))
    assert paired_difference_z(a, {1: 0.5}) == 0.0  # one deal: no spread to test against


def _tournament(rng: random.Random, strengths: list[float], rounds: int, players: int = 4) -> Results:
    """A class tournament as the lab seats it (round_robin_groups): on each deal every seated entry's
    strength is multiplied by a deal effect (0.5, 1 or 2: the deal suits it or not, in every
    rotation), and each game's winner is drawn in proportion."""
    groups = round_robin_groups(len(strengths), players)
    records = []
    for _ in range(rounds):
        for group in groups(rng):
            suits = {e: rng.choice([0.5, 1.0, 2.0]) for e in group}
            for shift in range(players):
                seating = [group[(s + shift) % players] for s in range(players)]
                winner = rng.choices(range(players), [strengths[e] * suits[e] for e in seating])[0]
                records.append(GameRecord(0, seating, [0.0] * players, [winner], ""))
    return _results(players, len(strengths), records)


def _bands(results: Results, entries: int) -> list[int]:
    return rank_bands([results.win_rate(i) for i in range(entries)], results.difference_z)


@pytest.mark.parametrize("entries", [4, 8])
def test_truly_equal_entries_are_split_under_5_percent_of_the_time(entries):
    """Review L1: equal entries, 100 games each (the class's default), 300 seeded tournaments."""
    rng = random.Random(entries)
    split = sum(len(set(_bands(_tournament(rng, [1.0] * entries, 25), entries))) > 1 for _ in range(300))
    print(f"{entries} equal entries: split in {split} of 300 tournaments; bar |z| > {band_z(entries):.2f}")
    assert split / 300 < 0.05


@pytest.mark.parametrize("strengths, rounds, runs", [
    ([3.0, 1.0, 1.0, 1.0], 25, 300),   # one table, 100 games each: wins half its games against a sixth
    ([3.0, 3.0] + [1.0] * 6, 100, 60),  # a class of 8, 400 games each
])
def test_entries_that_truly_differ_are_separated_most_of_the_time(strengths, rounds, runs):
    """Separated: every stronger entry in a higher band than every weaker one."""
    rng = random.Random(len(strengths))
    strong = [i for i, s in enumerate(strengths) if s > 1]
    separated = 0
    for _ in range(runs):
        bands = _bands(_tournament(rng, strengths, rounds), len(strengths))
        separated += max(bands[i] for i in strong) < min(b for i, b in enumerate(bands) if i not in strong)
    print(f"{strengths}, {rounds * 4} games each: separated in {separated} of {runs}")
    assert separated / runs > 0.5


def test_a_tournament_ranks_with_the_paired_test():
    """Four entries at one table share every deal: their shares of a deal add up to one, so the
    paired standard error of a difference is larger than the independent one (review L1)."""
    rng = random.Random(7)
    results = _tournament(rng, [2.0, 1.0, 1.0, 1.0], 25)
    shares = [results.deal_shares(i) for i in range(4)]
    differences = [shares[0][d] - shares[1][d] for d in shares[0]]
    mean = sum(differences) / len(differences)
    se = math.sqrt(sum((x - mean) ** 2 for x in differences) / (len(differences) - 1) / len(differences))
    assert results.difference_z(0, 1) == pytest.approx(mean / se)
    se2 = [sum((v - sum(s.values()) / len(s)) ** 2 for v in s.values()) / (len(s) - 1) / len(s) for s in shares[:2]]
    independent = mean / math.sqrt(se2[0] + se2[1])
    print(f"z of entry 0 against entry 1: paired {results.difference_z(0, 1):.2f}, as if independent {independent:.2f}")
    assert abs(results.difference_z(0, 1)) < abs(independent)


def test_zombie_yardstick_is_not_called_the_best_or_exact_play():
    """Review L2: the lab's Zombie comparison measures against greedy play (the most expected points
    on this payment), which the lesson's Questions 6 and 7 show is not the best play."""
    from pathlib import Path

    from changekit.games.zombie.exact import ZombieGiveaway

    summary = ZombieGiveaway().result()["summary"]
    assert "given away" not in summary and "exact answer" not in summary
    assert "one-move-ahead yardstick" in summary and "not the best play" in summary
    page = (Path(__file__).resolve().parents[2] / "changekit" / "ui" / "botlab.py").read_text()
    assert "against the exact answer" not in page
