"""Diminishing Returns benchmark: the exact solve (time, positions/s, memory), lookups, bots,
playout speed, conformance."""
from __future__ import annotations

import random
import time
import tracemalloc

from timing import benchmark, conformance_over, games_per_second, median_seconds, random_playout_speed, sized

from changekit.core import play_out
from changekit.games.diminishing import GAME, solve_position
from changekit.games.diminishing import solver as S
from changekit.games.diminishing import table as T
from changekit.games.diminishing.bots import MaxNBot, PerfectBot

CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py
STANDARD = (10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1)
#: a smoke run's game: each player one bill of each value (7,776 positions, against 705,600)
SMOKE_PURSE = (10, 7, 5, 3, 1)


def reachable_positions(n: int, seed: int = 0, start: tuple[int, ...] = S.START_COUNTS
                        ) -> list[tuple[tuple[int, ...], ...]]:
    """``n`` different positions (mover's bills, other's bills, pot) reachable from two ``start``
    purses (counts; the standard start by default)."""
    table = T.table_for(tuple(2 * c for c in start))
    playing, _ = T.reachable(start, table)
    decode = T._decoder(table)
    out = []
    for i in random.Random(seed).sample(sorted(playing), n):
        mover, other = decode(i)
        pot = tuple(c - a - b for c, a, b in zip(table.universe, mover, other, strict=True))
        out.append((S.bills_of(mover), S.bills_of(other), S.bills_of(pot)))
    return out


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players in (2, 3, 6):
        games, steps = random_playout_speed(GAME(players=players), seconds=2.0)
        rows.append(("diminishing", f"random playout {players}p", f"{steps:,.0f} steps/s, {games:,.0f} games/s", ""))

    T.solve_universe_numpy((2, 2, 2, 2, 2))  # warm-up: numpy's import is not the solver's time
    # a smoke run takes every step on the small game (the standard one's solve, encoding, reachable
    # walk and game count are 10 s of pure Python and numpy under load); the lookups below use the
    # shipped standard table in both
    purse = sized(STANDARD, SMOKE_PURSE)
    start_counts = S.counts_of(purse)
    universe = tuple(2 * c for c in start_counts)
    times = []
    for _ in range(sized(5, 1)):
        table = T.solve_universe_numpy(universe)
        times.append(table.seconds)
    best, median = min(times), sorted(times)[len(times) // 2]
    rows.append(("diminishing", f"full 2p solve, numpy retrograde (median of {len(times)}; best)",
                 f"{median:.3f} s; {best:.3f} s", "≤ 1 s"))
    rows.append(("diminishing", "positions solved / s", f"{table.size / median:,.0f} ({table.size:,} positions)", ""))
    tracemalloc.start()
    T.solve_universe_numpy(universe)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rows.append(("diminishing", "solve peak memory (numpy arrays, tracemalloc)", f"{peak / 2**20:.0f} MiB", ""))
    rows.append(("diminishing", "solved table in memory / shipped (compressed)",
                 f"{table.nbytes() / 2**20:.2f} MiB / {len(T.encode_table(table)) / 1024:.1f} KiB", ""))
    table.solve(*T._position(purse, purse, [])[:3])
    rows.append(("diminishing", "table in memory once solve_position has used it (adds its flipped copy)",
                 f"{table.nbytes() / 2**20:.2f} MiB", ""))
    start = time.perf_counter()
    shipped = T.shipped_standard_table()
    rows.append(("diminishing", "decode the shipped table (pure Python, app path)",
                 f"{time.perf_counter() - start:.3f} s", ""))
    T._TABLES.setdefault(S.STANDARD_UNIVERSE, shipped)
    start = time.perf_counter()
    size = T.game_size(start_counts)
    rows.append(("diminishing", "reachable positions from the start (mover wins)",
                 f"{size.positions:,} ({size.mover_wins:,}); {time.perf_counter() - start:.2f} s", ""))
    start = time.perf_counter()
    games = T.count_games(start_counts)
    rows.append(("diminishing", "different games (move sequences) from the start",
                 f"{games:.3e}; {time.perf_counter() - start:.2f} s", ""))
    first = solve_position(STANDARD, STANDARD, [])
    rows.append(("diminishing", "standard start: first player", "wins" if first.mover_wins else "loses", ""))
    # (a smoke run: a $1 and a $3 each, 36 positions; counts are of $1, $3, $5, $7, $10)
    py_universe, py_game = sized(((2, 2, 2, 2, 2), "1 of each bill each"), ((2, 2, 0, 0, 0), "a $1 and a $3 each"))
    py = T.solve_universe_python(py_universe)
    rows.append(("diminishing", f"pure-Python solve, {py_game} ({py.size:,} positions)",
                 f"{py.seconds:.2f} s ({py.size / py.seconds:,.0f} positions/s)", ""))

    positions = reachable_positions(sized(2_000, 5), start=start_counts)
    for position in positions:
        solve_position(*position)  # warm the per-(bills held, pot) move lists, as a long session would

    def lookups() -> None:
        for position in positions:
            solve_position(*position)
    us = median_seconds(lookups, repeat=7) / len(positions) * 1e6
    rows.append(("diminishing", f"solve_position with winning moves ({len(positions):,} distinct reachable "
                 "positions, bills in)", f"{us:.1f} µs", "≤ 10 µs"))
    # this VM's pure-Python pace drifts by up to 2x over minutes: a fixed loop, timed right after,
    # says which pace the row above met (about 14 µs when the machine is quiet)
    pace = median_seconds(lambda: sum(range(1000)), number=2000) * 1e6
    rows.append(("diminishing", "the machine's pace just then: sum(range(1000))", f"{pace:.1f} µs", ""))
    # a mid-game position of the standard game (its bills are two standard purses, so the shipped
    # table answers): a lookup, not a solve (another universe would need a solve, and one of
    # 705,600 positions is past check_solvable's limit)
    mid = ([10, 7, 5, 3, 1, 1], [7, 7, 5, 3, 3], [10, 7, 5, 5, 3, 3, 3, 1, 1, 1, 1])
    us = median_seconds(lambda: T.mover_wins(*mid), number=5000) * 1e6
    rows.append(("diminishing", "mover_wins lookup (verdict only, bills in)", f"{us:.1f} µs", "≤ 10 µs"))
    m, o = S.counts_of(STANDARD[1:]), S.counts_of(STANDARD[2:])
    us = median_seconds(lambda: shipped.mover_wins(m, o), number=20000) * 1e6
    rows.append(("diminishing", "Table.mover_wins (counts in: index + byte read)", f"{us:.1f} µs", "≤ 10 µs"))

    state = GAME(players=2).new_state(seed=1)
    rng = random.Random(1)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    bot = PerfectBot()
    p = state.current_player
    ms = median_seconds(lambda: bot.choose(state.view(p), state.legal_actions(), rng=rng), number=200) * 1000
    rows.append(("diminishing", "perfect-bot move incl. view, 2p (app path)", f"{ms:.3f} ms", "≤ 50 ms"))
    state6 = GAME(players=6).new_state(seed=1)
    for _ in range(30):
        state6.apply(rng.choice(state6.legal_actions()))
    maxn = MaxNBot()
    p = state6.current_player
    ms = median_seconds(lambda: maxn.choose(state6.view(p), state6.legal_actions(), rng=rng), number=10) * 1000
    rows.append(("diminishing", "max-n bot move (depth 3, 10 ms limit), 6p", f"{ms:.1f} ms", "≤ 50 ms"))
    # the time limit holds on a deep search (was a test's wall-clock check; the test now uses a fake clock)
    state5 = GAME(players=5).new_state(seed=3)
    rng5 = random.Random(0)
    for _ in range(12):
        state5.apply(rng5.choice(state5.legal_actions()))
    deep = MaxNBot(depth=6, seconds=0.03)
    p = state5.current_player
    slowest = max(median_seconds(lambda: deep.choose(state5.view(p), state5.legal_actions(), rng=rng5), repeat=1)
                  for _ in range(sized(10, 1))) * 1000
    rows.append(("diminishing", f"max-n bot move (depth 6, 30 ms limit), 5p: slowest of {sized(10, 1)}",
                 f"{slowest:.1f} ms",
                 "≤ 500 ms"))
    rate = games_per_second(
        lambda n: play_out(GAME(players=2).new_state(seed=n), [PerfectBot(), PerfectBot()], rng=random.Random(n)), 2.0)
    rows.append(("diminishing", "perfect vs perfect games 2p", f"{rate:,.1f} games/s", ""))

    rows += conformance_over([GAME(players=n) for n in (2, 3, 4, 6)], CONFORMANCE_GAMES).rows("diminishing", "2/3/4/6p")
    return rows
