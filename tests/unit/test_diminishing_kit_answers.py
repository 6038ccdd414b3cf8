"""Diminishing Returns' lesson questions declare the right answers the kit computes (issue 41):
each one recomputed here by the tests' own solvers (brute force on the tiny game, the numpy solve
and scan of the standard one, the pinned brute-force count of games) or, for a seeded run, by
playing the run's games again and testing its statistic with the textbook formula
(tests/unit/chance_checks.py)."""
from __future__ import annotations

import random
from math import log10

from changekit.core import RandomBot, play_out
from changekit.games.diminishing import solver as S
from changekit.games.diminishing import table as T
from changekit.games.diminishing.bots import KeepSmallBot, MaxTakeBot, PerfectBot
from changekit.games.diminishing.questions import QUESTIONS
from changekit.games.diminishing.rules import GAME, DiminishingState
from changekit.stats.tournaments import bot_tournament
from tests.unit.chance_checks import difference_with_interval
from tests.unit.test_diminishing_analysis import numpy_take_less
from tests.unit.test_diminishing_solver import STANDARD, STANDARD_GAMES, brute_moves, brute_wins


def test_q1_the_tiny_game_is_won_by_moving_second():
    tiny = (3, 1)
    first_wins = brute_wins(tiny, tiny, ())
    second_wins = not brute_wins(tiny, tiny, ())  # the opponent moves first from the same purses
    assert (first_wins, second_wins) == (False, True)
    assert QUESTIONS["diminishing.q1"].kit_answer().correct == {"choices": ["second"]}


def test_q2_the_standard_start_is_won_by_the_second_player():
    solved = T.solve_universe_numpy(S.STANDARD_UNIVERSE)  # the numpy solve, not the shipped table
    assert not solved.mover_wins(S.START_COUNTS, S.START_COUNTS)
    positions, won_by_mover, *_ = numpy_take_less(STANDARD)
    answer = QUESTIONS["diminishing.q2"].kit_answer()
    assert answer.correct == {"choices": ["the second player"]}
    assert f"wins {won_by_mover:,} of the {positions:,} reachable positions" in answer.exact
    assert f"({100 * won_by_mover / positions:.1f} %)" in answer.exact


def test_q3_there_are_about_10_to_the_40_games():
    assert round(log10(STANDARD_GAMES)) == 40  # far beyond the largest choice's 10²⁰
    answer = QUESTIONS["diminishing.q3"].kit_answer()
    assert answer.correct == {"choices": ["about 10²⁰ or more"]}
    assert f"Exactly {STANDARD_GAMES:,} different games, about 10⁴⁰" in answer.exact


def test_q4_the_only_winning_move_that_takes_less_mostly_brings_back_more_bills():
    positions, _, only_less, _, picked = numpy_take_less(STANDARD)
    table = T.table_for(tuple(2 * c for c in S.counts_of(STANDARD)))
    more = 0
    for (mover, _, pot), move in picked:
        play, take_counts = table.moves[move]
        take, mover_bills, pot_bills = S.bills_of(take_counts), S.bills_of(mover), S.bills_of(pot)
        # the largest take-back of the same bill (fewest bills among equal money), listed by brute force
        greedy = max((t for (p, t) in brute_moves(mover_bills, pot_bills) if p == play),
                     key=lambda t: (sum(t), -len(t)))
        assert sum(take) < sum(greedy)
        more += len(take) > len(greedy)
    assert (only_less, more) == (149, 141)  # 8 bring back as many bills or fewer
    answer = QUESTIONS["diminishing.q4"].kit_answer()
    assert answer.correct == {"choices": ["yes, to keep more bills"]}
    assert f"in {only_less} of the {positions:,} reachable positions" in answer.exact
    assert f"in {more} of those it brings back more bills" in answer.exact


def _lengths(bots, games: int, seed: int) -> list[int]:
    """The answer's seeded run played again: seats swap every game, each game's seeds drawn in turn."""
    master, out = random.Random(seed), []
    for g in range(games):
        state = DiminishingState(GAME(players=2).options, seed=master.getrandbits(32))
        play_out(state, [bots[g % 2], bots[(g + 1) % 2]], rng=random.Random(master.getrandbits(64)))
        out.append(state.turns)
    return out


def test_q5_perfect_games_are_longer_in_the_seeded_runs():
    perfect = _lengths([PerfectBot(), PerfectBot()], 150, seed=1)
    random_ = _lengths([RandomBot(), RandomBot()], 150, seed=2)
    difference, low, high = difference_with_interval(perfect, random_)
    assert low > 0 and (round(difference, 1), round(low, 1), round(high, 1)) == (27.8, 27.0, 28.7)  # the reading's
    answer = QUESTIONS["diminishing.q5"].kit_answer()
    assert answer.correct == {"choices": ["longer"]}
    assert f"{difference:.1f}, has the 95 % interval {low:.1f}-{high:.1f}" in answer.exact


def test_q6_no_rule_of_thumb_wins_10_percent_against_the_perfect_bot():
    for i, bot in enumerate([MaxTakeBot(), KeepSmallBot(), RandomBot()]):
        result = bot_tournament(GAME(players=2), [bot, PerfectBot()], games=100, seed=1 + i)
        assert result.wins[0] / 100 < 0.1, bot.name
    assert QUESTIONS["diminishing.q6"].kit_answer().correct == {"choices": ["none of them"]}
