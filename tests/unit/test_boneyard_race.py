"""Boneyard Question 6 (issue 25): the race to $40 when everyone bids the first-round equilibrium
mix in every round. A seeded simulation: reproducible, read back from the games' own logs, and
set beside the first round's expected net, recomputed here by brute force over the opponents' bids."""
from __future__ import annotations

import math
import random
from collections import Counter
from itertools import product

import pytest

from changekit.core.bots import play_out
from changekit.core.errors import ChangekitError
from changekit.games.boneyard import analysis as a
from changekit.games.boneyard.bots import EquilibriumBot
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE
from changekit.games.boneyard.rules import Boneyard

BUCKETS = (10, 7, 5, 3, 1)  # the first round's buckets, richest first


def first_round_value(players: int) -> float:
    """The mix's expected net in round one: every tuple of the others' bids, by the sheet's rules."""
    mix = EQUILIBRIUM_TABLE[players]
    total = 0.0
    for bids in product(mix, repeat=players):
        weight = math.prod(mix[t] for t in bids)
        counts = Counter(bids)
        mine = bids[0]
        if counts[mine] > 1:
            net = -mine
        else:
            rank = sorted((t for t in bids if counts[t] == 1), reverse=True).index(mine)
            net = BUCKETS[rank] - mine if rank < len(BUCKETS) else 0
        total += weight * net
    return total


@pytest.fixture(scope="module")
def report():
    return a.equilibrium_race()  # the page's call


def test_the_race_is_seeded_and_reproducible(report):
    again = a.equilibrium_race()
    assert again.rounds == report.rounds and again.winner_pace == report.winner_pace
    assert a.equilibrium_race(seed=1).rounds != report.rounds


def test_the_race_reads_back_from_the_games_logs(report):
    """Replayed from the same streams: rounds counted from each log's round events, every game ended
    by someone reaching $40, the winners' gain per round from their final money."""
    master = random.Random(report.seed)
    game = Boneyard(players=report.players)
    for g in range(report.games):
        state = game.new_state(seed=master.getrandbits(32))
        play_out(state, [EquilibriumBot() for _ in range(report.players)], rng=random.Random(master.getrandbits(64)))
        rounds = sum(1 for event in state.log if event.kind == "round")
        money = [sum(hand) for hand in state.hands]
        assert rounds == report.rounds[g]
        assert max(money) >= 40
        winners = [p for p in range(report.players) if money[p] == max(money)]
        assert report.winner_pace[g] == pytest.approx(sum(money[w] - 26 for w in winners) / len(winners) / rounds)


def test_the_first_round_pace_is_the_brute_force_value(report):
    assert report.first_round_value == pytest.approx(first_round_value(4), abs=1e-9)
    assert report.rounds_at_average_pace == pytest.approx(14 / first_round_value(4))


def test_what_the_reading_says(report):
    length, pace = report.mean_rounds, report.mean_winner_pace
    assert length.low <= length.value <= length.high
    assert length.high < report.rounds_at_average_pace / 2  # "far fewer than the 26 rounds"
    assert pace.low > 5 * report.first_round_value  # "more than five times that average"
    html = a.race_html(report)
    assert f"<b>{length.value:.1f} rounds</b>" in html and "95 % interval" in html


def test_equilibrium_race_refuses_a_table_outside_the_sheet():
    with pytest.raises(ChangekitError, match="players"):
        a.equilibrium_race(players=3)
