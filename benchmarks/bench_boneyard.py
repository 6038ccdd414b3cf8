"""Boneyard benchmark: playout speed, the first-round equilibrium (time and exploitability),
app-path costs, conformance."""
from __future__ import annotations

import random
import time

from timing import benchmark, conformance_over, games_per_second, median_seconds, random_playout_speed, sized

from changekit.core import play_out
from changekit.games.boneyard import Boneyard, best_response_to_class, resolve_round
from changekit.games.boneyard.analysis import expected_payoffs, first_round_equilibrium
from changekit.games.boneyard.bots import EquilibriumBot, HistoryBot, OutbidBot

CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players in (2, 4, 8):
        games, steps = random_playout_speed(Boneyard(players=players), seconds=2.0)
        rows.append(("boneyard", f"random playout {players}p", f"{steps:,.0f} steps/s, {games:,.0f} games/s", ""))
    first_round_equilibrium(2)  # warm-up: numpy's import is not the solver's time
    for n in sized(range(3, 9), (3, 8)):
        first_round_equilibrium.cache_clear()
        start = time.perf_counter()
        eq = first_round_equilibrium(n)
        seconds = time.perf_counter() - start
        target = {4: "≤ 1 s", 8: "≤ 5 s"}.get(n, "")
        rows.append(("boneyard", f"equilibrium {n}p: solve time", f"{seconds:.3f} s", target))
        rows.append(("boneyard", f"equilibrium {n}p: exploitability", f"{eq.exploitability:.1e}", "≤ 1e-6"))
    strategy = first_round_equilibrium(8).strategy
    dp_ms = median_seconds(lambda: expected_payoffs(strategy, 7), number=5) * 1000
    rows.append(("boneyard", "exact payoffs of 24 bids vs 7 opponents (pure Python DP)", f"{dp_ms:.2f} ms", ""))
    sheet = ([(10, 7), (10, 3), (7,), (3, 1), (3,)], [(10,), (7,), (7,), (5,), (3, 1), (3,), (1,), (1,)])
    rr_us = median_seconds(lambda: resolve_round(*sheet), number=2000) * 1e6
    rows.append(("boneyard", "resolve_round (sheet example)", f"{rr_us:.1f} µs", ""))
    class_ms = median_seconds(lambda: best_response_to_class([1, 1, 3, 4, 5, 5, 6, 7, 9, 10] * 3, 8),
                              number=3) * 1000
    rows.append(("boneyard", "best response to a class of 30 (exact, 8p)", f"{class_ms:.1f} ms", "≤ 50 ms"))
    state = Boneyard(players=8).new_state(seed=1)
    rng = random.Random(1)
    for _ in range(20):  # into round 3
        p = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
    p = state.current_players()[0]
    legal = state.legal_actions(p)
    for bot in (EquilibriumBot(), OutbidBot(), HistoryBot()):
        ms = median_seconds(lambda bot=bot: bot.choose(state.view(p), legal, rng=rng), number=20) * 1000
        rows.append(("boneyard", f"{bot.name} bot move incl. view, 8p (app path)", f"{ms:.2f} ms", "≤ 50 ms"))
    rows += _app_rows()
    for name, bots in (("equilibrium", EquilibriumBot), ("history", HistoryBot)):
        def game(n: int, bots=bots) -> None:
            play_out(Boneyard(players=4).new_state(seed=n), [bots() for _ in range(4)], rng=random.Random(n))
        rows.append(("boneyard", f"{name}-bot games 4p", f"{games_per_second(game, 2.0):,.1f} games/s", ""))
    rows += conformance_over([Boneyard(players=n) for n in (2, 4, 8)], CONFORMANCE_GAMES).rows("boneyard", "2/4/8p")
    return rows


def _app_rows() -> list[tuple[str, str, str, str]]:
    """Server-side time of the app's actions (the widgets are built, no browser)."""
    from changekit.games.boneyard.app import BoneyardApp

    app = BoneyardApp(players=8, bot="history", seed=2)
    clicks, reveals, undos = [], [], []
    for game in range(sized(5, 1)):
        app.w_seed.value = game
        app.new_game()
        for _ in range(2):  # two rounds of each game: click two bills, reveal
            app.timings.clear()
            app.toggle(0)
            app.toggle(1)
            clicks += app.timings
            app.timings.clear()
            app.submit()
            assert not app.error, app.error
            reveals += app.timings
        app.timings.clear()
        app.undo()
        undos += app.timings
    med = sorted(clicks)[len(clicks) // 2], sorted(reveals)[len(reveals) // 2], sorted(undos)[len(undos) // 2]
    return [
        ("boneyard", "app: click a bill (redraw), 8p", f"{med[0]:.1f} ms median, {max(clicks):.1f} max", "≤ 50 ms"),
        ("boneyard", "app: Reveal (round + 7 history bots + redraw)", f"{med[1]:.1f} ms median, {max(reveals):.1f} max",
         "≤ 50 ms"),
        ("boneyard", "app: undo my last bid", f"{med[2]:.1f} ms median", "≤ 50 ms"),
    ]
