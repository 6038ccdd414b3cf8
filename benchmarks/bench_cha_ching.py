"""CHA-CHING!: playout speed, conformance over many games, exact counts, bot decisions, app-path speed."""
from __future__ import annotations

import random
import time

from timing import benchmark, conformance_over, median_seconds, random_playout_speed, sized

from changekit.core import play_out
from changekit.games.cha_ching import (
    ChaChing,
    analysis,
    can_reach,
    penalty,
    prob_hand_hits,
)
from changekit.games.cha_ching.bots import (
    GreedyBot,
    changes_needed,
    reach_after_changes,
)

CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players in (2, 4, 6):
        games, steps = random_playout_speed(ChaChing(players=players), seconds=3.0)
        rows.append(("play", f"random playout steps/s ({players} players)", f"{steps:,.0f}", ""))
        rows.append(("play", f"random games/s ({players} players)", f"{games:,.1f}", ""))
    rows += conformance_over([ChaChing(players=n) for n in (2, 3, 4, 6)], CONFORMANCE_GAMES).rows(
        "conformance", "2, 3, 4, 6 players")

    hand = ["1", "1", "1", "5", "wild", "wild", "25", "25"]
    reach = median_seconds(lambda: can_reach(hand, 58), number=20000)
    rows.append(("exact", "can_reach (8 cards)", f"{reach * 1e6:.1f} µs", ""))
    worst = median_seconds(lambda: penalty(hand), number=20000)
    rows.append(("exact", "penalty (8 cards)", f"{worst * 1e6:.1f} µs", ""))

    def all_targets() -> None:
        analysis._hit_ways.cache_clear()
        analysis.hit_probabilities()

    rows.append(("exact", "prob_hand_hits for all 90 targets, cold (3,003 count vectors)",
                 f"{median_seconds(all_targets, repeat=5) * 1e3:.0f} ms", "≤ 50 ms (slider)"))
    rows.append(("exact", "fresh hand hits fresh target (default deck)",
                 f"{float(analysis.fresh_hit_chance()):.5f} = {analysis.fresh_hit_chance()}", ""))
    rows.append(("exact", "prob_hand_hits(96) (most likely target)", f"{float(prob_hand_hits(96)):.5f}", ""))
    rows.append(("exact", "prob_hand_hits(10) (least likely target)", f"{float(prob_hand_hits(10)):.5f}", ""))
    rows.append(("exact", "expected penalty of a fresh hand", f"{float(analysis.expected_penalty()):.2f}", ""))
    for name, deck in analysis.COMPOSITIONS.items():
        rows.append(("exact", f"fresh-hit chance, deck '{name}'", f"{float(analysis.fresh_hit_chance(deck)):.5f}", ""))

    def changes_cold() -> None:
        reach_after_changes.cache_clear()
        changes_needed(["1", "5", "10", "25", "50", "cent", "wild", "chaching"], 58)

    rows.append(("bots", "changes_needed, cold cache (worst: 8 distinct cards)",
                 f"{median_seconds(changes_cold, number=50) * 1e6:.0f} µs", ""))
    state = ChaChing(players=4).new_state(seed=1)
    rng = random.Random(0)
    bot = GreedyBot()
    worst = 0.0
    positions = sized(40, 2)
    for seed in range(positions):
        state = ChaChing(players=4).new_state(seed=seed)
        play = random.Random(seed)
        for _ in range(play.randrange(60)):
            if state.is_terminal():
                break
            state.apply(play.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        reach_after_changes.cache_clear()
        view, legal = state.view(state.current_player), state.legal_actions()
        start = time.perf_counter()
        bot.choose(view, legal, rng=rng)
        worst = max(worst, time.perf_counter() - start)
    rows.append(("bots", f"greedy decision, worst of {positions} positions, cold cache", f"{worst * 1e3:.1f} ms",
                 "≤ 50 ms"))
    start = time.perf_counter()
    games = sized(50, 1)
    steps = 0
    for g in range(games):
        state = ChaChing(players=4).new_state(seed=g)
        play_out(state, [GreedyBot()] * 4, rng=random.Random(g))
        steps += len(state.history)
    rows.append(("bots", "greedy 4-player games/s (to 1000)", f"{games / (time.perf_counter() - start):.1f}", ""))
    clicks = sized(60, 3)
    rows.append(("app", f"server time per click, median / worst of {clicks} (bots' replies included)",
                 _app_clicks(clicks), "≤ 50 ms"))
    start = time.perf_counter()
    deals = sized(200, 2)
    est = analysis.turns_to_go_out((55,), games=deals, seed=0)[55]
    rows.append(("analysis", f"solo greedy turns to go out, target 55 ({deals} deals)", str(est), ""))
    rows.append(("analysis", "time for those deals", f"{time.perf_counter() - start:.1f} s", ""))
    return rows


def _app_clicks(clicks: int) -> str:
    """Play ``clicks`` human actions in the app (the greedy bot's choice for seat 0) and time them."""
    import statistics

    from changekit.games.cha_ching.app import ChaChingApp

    app = ChaChingApp(players=4, seed=3)
    app.timings.clear()
    advisor = GreedyBot()
    for _ in range(clicks):
        state = app.state
        if state.is_terminal():
            app.new_game()
            app.timings.pop()
            continue
        app.act(advisor.choose(state.view(0), state.legal_actions(0), rng=random.Random(0)))
    return f"{statistics.median(app.timings):.1f} / {max(app.timings):.1f} ms"
