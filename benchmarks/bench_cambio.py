"""Cambio benchmark: playout speed, bot speed, exact analyses, app-path costs, conformance."""
from __future__ import annotations

import random

from timing import benchmark, conformance_over, games_per_second, median_seconds, random_playout_speed

from changekit.core import play_out
from changekit.games.cambio import Cambio
from changekit.games.cambio.analysis import (
    fresh_grid_distribution,
    two_low_two_unknown,
    unseen_ev,
)
from changekit.games.cambio.bots import MemoryBot

CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players in (2, 4, 8):
        games, steps = random_playout_speed(Cambio(players=players), seconds=2.0)
        rows.append(("cambio", f"random playout {players}p", f"{steps:,.0f} steps/s, {games:,.0f} games/s", ""))
    game = Cambio(players=4)
    rate = games_per_second(
        lambda n: play_out(game.new_state(seed=n), [MemoryBot() for _ in range(4)], rng=random.Random(n)), 3.0)
    rows.append(("cambio", "memory-bot games 4p", f"{rate:,.0f} games/s", ""))
    state = game.new_state(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.apply(rng.choice([a for a in state.legal_actions() if a != "cambio"]))
    p = state.current_players()[0]
    view = state.view(p)
    legal = state.legal_actions(p)
    bot_ms = median_seconds(lambda: MemoryBot().choose(state.view(p), legal, rng=rng), number=200) * 1000
    rows.append(("cambio", "bot move incl. view (app path)", f"{bot_ms:.3f} ms", "≤ 50 ms"))
    hint_ms = median_seconds(lambda: unseen_ev(view), number=200) * 1000
    rows.append(("cambio", "unseen-card EV hint (app path)", f"{hint_ms:.3f} ms", "≤ 50 ms"))
    undo_ms = median_seconds(lambda: state.clone().undo(), number=20) * 1000
    rows.append(("cambio", f"undo (replay of {len(state.history)} actions)", f"{undo_ms:.2f} ms", "≤ 50 ms"))
    grid_ms = median_seconds(lambda: fresh_grid_distribution(sympy=False), repeat=5) * 1000
    rows.append(("cambio", "exact fresh-grid distribution", f"{grid_ms:.1f} ms", ""))
    low_ms = median_seconds(lambda: two_low_two_unknown(sympy=False), repeat=5) * 1000
    rows.append(("cambio", "exact A,2 + two unknown", f"{low_ms:.1f} ms", ""))
    rows += conformance_over([Cambio(players=n) for n in (2, 4, 8)], CONFORMANCE_GAMES).rows("cambio", "2/4/8p")
    return rows
