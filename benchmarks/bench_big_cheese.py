"""The Big Cheese: playout speed, conformance over many games, exact analyses, bot decisions."""
from __future__ import annotations

import random
import time
from functools import partial

from timing import benchmark, conformance_over, median_seconds, random_playout_speed, sized

from changekit.games.big_cheese import BigCheese, payout_distribution
from changekit.games.big_cheese.analysis import (
    exact30_finish,
    payout_table,
    simulated_bid_values,
)
from changekit.games.big_cheese.bots import CautiousBot, ValueBot

CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for opts in ({"players": 4}, {"players": 4, "dice": "polyhedral"}, {"players": 6, "dice": "polyhedral",
                                                                         "exactly_30": True}):
        games, steps = random_playout_speed(BigCheese(**opts), seconds=3.0)
        label = ", ".join(f"{k}={v}" for k, v in opts.items())
        rows.append(("play", f"random playout steps/s ({label})", f"{steps:,.0f}", ""))
        rows.append(("play", f"random games/s ({label})", f"{games:,.0f}", ""))
    option_sets = ({"players": 3}, {"players": 4, "dice": "polyhedral"},
                   {"players": 5, "dice": "polyhedral", "exactly_30": True}, {"players": 6, "specials": False})
    rows += conformance_over([BigCheese(**opts) for opts in option_sets], CONFORMANCE_GAMES).rows(
        "conformance", "4 option sets")
    payouts = median_seconds(lambda: payout_distribution(20, 'd6'), number=200)
    rows.append(("exact", "payout_distribution(20, 'd6')", f"{payouts * 1e6:.0f} µs", ""))
    tables = median_seconds(lambda: (payout_table('d6'), payout_table('polyhedral')), repeat=3)
    rows.append(("exact", "payout table with best re-roll, both schemes", f"{tables * 1e3:.0f} ms", ""))
    from changekit.games.big_cheese.analysis import _exact30_table

    def chain() -> None:
        _exact30_table.cache_clear()
        exact30_finish(0, 30)

    rows.append(("exact", "exactly-30 chain, all scores, t ≤ 30 (Fractions)",
                 f"{median_seconds(chain, repeat=3) * 1e3:.0f} ms", ""))
    state = BigCheese(players=4).new_state(seed=1)
    view = state.view(state.current_player)
    legal = state.legal_actions()
    rng = random.Random(0)
    for bot in (ValueBot(), CautiousBot()):
        decision = median_seconds(partial(bot.choose, view, legal, rng=rng), number=500)
        rows.append(("bots", f"{bot.name} decision", f"{decision * 1e6:.0f} µs", "≤ 50 ms"))
    rows += app_rows()
    start = time.perf_counter()
    bid_games = sized(100, 2)
    simulated_bid_values(players=4, games=bid_games, seed=1)
    rows.append(("analysis", f"simulated bid values, {bid_games} value-bot games",
                 f"{time.perf_counter() - start:.1f} s", ""))
    return rows


def app_rows() -> list[tuple[str, str, str, str]]:
    """Server-side time of app actions (bids and passes against three value bots)."""
    try:
        from changekit.games.big_cheese.app import BigCheeseApp
    except ImportError:
        return [("app", "action time", "ipywidgets missing", "≤ 50 ms")]
    times: list[float] = []
    for seed in range(sized(3, 1)):
        app = BigCheeseApp(players=4, seed=seed)
        app.timings.clear()
        for _ in range(sized(40, 3)):
            if app.state.is_terminal():
                break
            legal = app.state.legal_actions(0)
            bids = [a for a in legal if type(a) is int]
            app.act(bids[0] if bids and app.rng.random() < 0.5 else legal[0])
        times += app.timings
    times.sort()
    median = times[len(times) // 2]
    return [("app", f"action, median of {len(times)} (bots' replies included)", f"{median:.1f} ms", "≤ 50 ms"),
            ("app", "action, 95th percentile", f"{times[int(len(times) * 0.95)]:.1f} ms", "≤ 50 ms")]
