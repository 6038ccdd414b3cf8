"""Diminishing Returns analyses: checked against brute force on small starts and by replaying
the examples they report."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from changekit.core import RandomBot, play_out
from changekit.games.diminishing import analysis as A
from changekit.games.diminishing import solve_position
from changekit.games.diminishing import solver as S
from changekit.games.diminishing import table as T
from changekit.games.diminishing.bots import MaxTakeBot, PerfectBot
from changekit.games.diminishing.rules import GAME

from .test_diminishing_solver import brute_moves, brute_reachable, brute_wins


def test_the_tiny_game_is_a_second_player_win_and_its_tree_is_solved_right():
    start = A.solve_start((3, 1))
    assert not start.first_player_wins and (start.positions, start.mover_wins, start.finished) == (8, 4, 3)
    tree = A.game_tree((3, 1))
    live = [n for n in tree.nodes if not n.finished]
    assert len(live) == 8 and len(tree.nodes) == 11
    for n in live:
        assert n.mover_wins == brute_wins(n.mover, n.other, n.pot)
    # every edge is a legal move, marked winning exactly when it leaves the opponent lost
    for a, b, label, good in tree.edges:
        assert good == (not tree.nodes[b].mover_wins)
        node = tree.nodes[a]
        assert label in {str(m) for m in solve_position(node.mover, node.other, node.pot).moves}
    assert sum(good for *_, good in tree.edges) == 5


def test_openings_of_a_small_start_match_brute_force():
    purse = (5, 3, 1, 1)
    start = A.solve_start(purse)
    assert start.first_player_wins == brute_wins(purse, purse, ())
    for opening in start.openings:
        after, pot = brute_moves(purse, ())[(opening.move.play, opening.move.take)]
        replies = {m for m, (a, p) in brute_moves(purse, pot).items() if a and not brute_wins(after, a, p)}
        assert {(m.play, m.take) for m in opening.winning_replies} == replies
        assert opening.wins_for_first == (not brute_wins(purse, after, pot))
    assert start.positions == len(brute_reachable(purse))


def test_the_standard_solution_says_the_second_player_wins():
    start = A.solve_start()
    assert not start.first_player_wins
    assert all(not o.wins_for_first and o.winning_replies for o in start.openings)
    assert (start.positions, start.mover_wins) == (375_160, 191_057)


@pytest.mark.parametrize("purse", [(10, 7, 5, 3, 1), (10, 5, 3, 1, 1)])
def test_take_less_positions_are_real_and_counted_like_brute_force(purse):
    summary = A.take_less_positions(purse, examples=50)
    # brute force: the reachable positions whose single winning move takes back less
    # money than the same bill could; and whether it brings back more bills than the
    # largest take-back of that bill (the one with the fewest bills among equal money)
    expected = more = 0
    for mover, other, pot in brute_reachable(purse):
        winners = [(m, r) for m, r in brute_moves(mover, pot).items() if r[0] and not brute_wins(other, *r)]
        if len(winners) != 1:
            continue
        (play, take), _ = winners[0]
        greedy = max((t for (p, t) in brute_moves(mover, pot) if p == play), key=lambda t: (sum(t), -len(t)))
        if sum(take) < sum(greedy):
            expected += 1
            more += len(take) > len(greedy)
    assert summary.only_move_takes_less == expected > 0
    assert summary.more_bills == more
    assert len(summary.examples) == expected
    for example in summary.examples:
        solved = solve_position(example.mover, example.other, example.pot)
        assert solved.winning_moves == [example.winning_move]
        assert sum(example.greedy_move.take) > sum(example.winning_move.take)
        assert example.greedy_move not in solved.winning_moves


def numpy_take_less(purse):
    """An independent numpy scan of every reachable position of ``purse`` (all moves of all
    positions of a layer at once): (positions, won by the mover, single winning move that takes
    less, no winning move takes the most, [(mover, other, pot) counts and that move])."""
    import numpy as np

    from changekit.games.diminishing.solver import DENOMS, money_in
    from changekit.games.diminishing.table import _Layers, positions, reachable_numpy, table_for

    counts = S.counts_of(purse)
    table = table_for(tuple(2 * c for c in counts))
    z = _Layers(table.universe)
    reach, finished = reachable_numpy(counts)
    wins = np.frombuffer(table.wins, dtype=np.uint8)
    rows = np.nonzero((reach & ~finished)[z.order])[0]
    legal = z.valid[z.code[rows]].astype(bool)
    winning = legal & (np.take(wins, z.swapped[rows, None] + z.deltas[None, :], mode="clip") == 0)
    take_money = np.array([money_in(t) for _, t in table.moves])
    play_of = np.array([b for b, _ in table.moves])
    most = np.zeros(winning.shape, dtype=np.int64)
    for b in DENOMS:
        cols = play_of == b
        if cols.any():
            most[:, cols] = np.where(legal[:, cols], take_money[cols][None, :], -1).max(axis=1)[:, None]
    full_win = (winning & (take_money[None, :] == most)).any(axis=1)
    n_win = winning.sum(axis=1)
    only_less = np.nonzero((n_win == 1) & ~full_win)[0]
    picked = list(positions(table, z.order[rows[only_less]].tolist()))
    moves = winning[only_less].argmax(axis=1).tolist()
    return (len(rows), int((n_win > 0).sum()), len(only_less), int(((n_win >= 1) & ~full_win).sum()),
            sorted(zip(picked, moves, strict=True)))


@pytest.mark.parametrize("purse", [(10, 7, 5, 5, 3, 1, 1), A.STANDARD_PURSE], ids=str)
def test_the_pure_take_less_scan_is_exactly_the_numpy_scan(purse):
    summary = A.take_less_positions(purse, examples=1000)  # every one (149 at most here)
    positions, winning, only_less, none_full, picked = numpy_take_less(purse)
    assert (summary.positions, summary.winning_positions, summary.only_move_takes_less,
            summary.no_full_take_wins) == (positions, winning, only_less, none_full)
    table = T.table_for(tuple(2 * c for c in S.counts_of(purse)))
    mine = sorted(((S.counts_of(e.mover), S.counts_of(e.other), S.counts_of(e.pot)),
                   table.moves.index((e.winning_move.play, S.counts_of(e.winning_move.take))))
                  for e in summary.examples)
    assert mine == picked and len(picked) == only_less > 0


def test_the_full_game_analyses_need_no_numpy():
    """Pyodide has no numpy: the full game's verdict and sizes (numpy here, pure Python there),
    the game count and the take-less scan (pure Python everywhere; their standard-game results
    are checked against numpy above) run without it and give exactly what they give here."""
    import dataclasses
    import subprocess
    import sys

    run = "(A.solve_start(), T.count_games((2, 2, 1, 1, 1)), A.take_less_positions((10, 7, 5, 5, 3, 1, 1), examples=4))"
    script = ("import sys, dataclasses; sys.modules['numpy'] = None\n"
              "from changekit.games.diminishing import analysis as A, table as T\n"
              f"start, games, scan = {run}\n"
              "print(repr((dataclasses.replace(start, solve_seconds=0), games, scan)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    start = A.solve_start()
    games = T.count_games((2, 2, 1, 1, 1))
    scan = A.take_less_positions((10, 7, 5, 5, 3, 1, 1), examples=4)
    assert done.stdout.strip() == repr((dataclasses.replace(start, solve_seconds=0), games, scan))
    assert start.positions == 375_160 and scan.only_move_takes_less > 0 and games > 10**6


def test_game_lengths_are_counted_per_game():
    lengths = A.game_lengths([RandomBot(), RandomBot()], games=20, seed=3, purse=(5, 3, 1, 1))
    assert sum(lengths.values()) == 20 and min(lengths) >= 2
    summary = A.length_summary(Counter({4: 1, 6: 3}))
    assert summary == {"games": 4, "mean": 5.5, "shortest": 4, "longest": 6}


def test_heuristic_bots_lose_to_the_perfect_bot():
    rows = A.against_perfect(games=30, seed=2, bots=[MaxTakeBot(), RandomBot()])
    for row in rows:
        assert row.games == 30 and row.rate.low <= row.rate.value <= row.rate.high
        assert row.rate.value < 0.2  # the perfect bot wins from either seat against these


def test_perfect_bot_as_second_player_always_beats_a_perfect_first_player():
    # the standard game is a second-player win (solve_start): whoever moves second wins every game
    game = GAME(players=2)
    master = random.Random(1)
    for _ in range(6):
        state = game.new_state(seed=master.getrandbits(32))
        first = state.current_players()[0]
        play_out(state, [PerfectBot(), PerfectBot()], rng=random.Random(master.getrandbits(64)))
        assert state.winners() == (1 - first,), state.log[-3:]
    lengths = A.game_lengths([PerfectBot(), PerfectBot()], games=6, seed=1)
    assert sum(lengths.values()) == 6


def test_hints_mark_exactly_the_winning_moves():
    view = {"you": 0, "hands": [[7, 3, 1], [5, 1]], "pot": [3, 1, 1], "out": [False, False]}
    marks = A.hints(view)
    solved = solve_position([7, 3, 1], [5, 1], [3, 1, 1])
    assert {a for a, good in marks.items() if good} == {m.action for m in solved.winning_moves}
    assert len(marks) == len(solved.moves)
    assert A.hints({"you": 0, "hands": [[1], [1], [1]], "pot": [], "out": [False] * 3}) is None


def test_figures_plot_their_numbers():
    tree = A.game_tree()
    fig = A.tree_figure(tree)
    *edges, nodes = fig.data
    assert len(edges) == len(tree.edges) and len(nodes.x) == len(tree.nodes)
    # a thick green line exactly for each winning move; node letters say who wins
    assert [e.line.width == 4 for e in edges] == [good for *_, good in tree.edges]
    assert list(nodes.text) == [("out" if n.finished else ("W" if n.mover_wins else "L")) for n in tree.nodes]
    lengths = A.lengths_figure({"random": Counter({10: 2, 12: 1})})
    [bars] = lengths.data
    assert (bars.name, list(bars.x), list(bars.y)) == ("random", [10, 12], [2 / 3, 1 / 3])
    rows = A.against_perfect(games=4, seed=1, bots=[RandomBot()])
    [bar] = A.matchups_figure(rows).data
    assert list(bar.x) == [f"{r.bot}<br>won {r.rate.value:.0%}" for r in rows]
    assert list(bar.y) == [r.rate.value for r in rows]
    assert list(bar.error_y.array) == [r.rate.high - r.rate.value for r in rows]
