"""Moneybags benchmark: playout speed, bot speed, exact analyses, app-path costs, conformance."""
from __future__ import annotations

import random

from timing import benchmark, conformance_over, games_per_second, median_seconds, random_playout_speed, sized

from changekit.core import play_out
from changekit.games.moneybags import Moneybags
from changekit.games.moneybags.analysis import (
    ChallengeIfLossAtLeast,
    best_steal,
    challenge_story,
    float_prior,
    pair_prior,
    steal_curve,
)
from changekit.games.moneybags.bots import BOTS, BayesianChallenger

# A deep check applies every legal action (up to 5 × 68 × 2 steals) to a clone: ~10-15 ms.
CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players in (3, 4, 6):
        games, steps = random_playout_speed(Moneybags(players=players), seconds=2.0)
        rows.append(("moneybags", f"random playout {players}p", f"{steps:,.0f} steps/s, {games:,.0f} games/s", ""))
    game = Moneybags(players=4)
    names = ("random", "cautious", "bold", "bayesian")
    rate = games_per_second(lambda n: play_out(game.new_state(seed=n), [BOTS[x]() for x in names],
                                               rng=random.Random(n)), 3.0)
    rows.append(("moneybags", "bot games 4p (one of each bot)", f"{rate:,.1f} games/s", ""))

    # the app path: a robbed player's hint, a bot's move with its view
    state = game.new_state(seed=4)
    state.apply(("steal", 2, 5, 1))
    state.apply(("jiggle", 1))
    state.apply(("jiggle", 2))
    view = state.view(2)
    legal = state.legal_actions(2)
    BayesianChallenger.value(view)  # warm the cached prior
    hint_ms = median_seconds(lambda: BayesianChallenger.value(state.view(2)), number=50) * 1000
    rows.append(("moneybags", "challenge hint incl. view (app path)", f"{hint_ms:.2f} ms", "≤ 50 ms"))
    bot_ms = median_seconds(lambda: BOTS["bayesian"]().choose(state.view(2), legal, rng=random.Random(0)),
                            number=50) * 1000
    rows.append(("moneybags", "bayesian bot move incl. view", f"{bot_ms:.2f} ms", "≤ 50 ms"))
    legal_ms = median_seconds(lambda: Moneybags(players=6).new_state(seed=1).legal_actions(), number=200) * 1000
    rows.append(("moneybags", "new 6p game + legal actions (680 steals)", f"{legal_ms:.3f} ms", "≤ 50 ms"))
    undo_ms = median_seconds(lambda: state.clone().undo(), number=20) * 1000
    rows.append(("moneybags", f"undo (replay of {len(state.history)} actions)", f"{undo_ms:.2f} ms", "≤ 50 ms"))

    from changekit.games.moneybags.app import MoneybagsApp

    app = MoneybagsApp(players=4, bot="bayesian", seed=7)  # robbed at once (see the browser test)
    app.act(("jiggle", 0))
    app.act(("jiggle", 1))
    app.act("challenge")  # then the bots play on up to your turn
    while not app.state.is_terminal() and len(app.timings) < sized(40, 6):
        app.act("accept" if app.state.phase == "challenge" else ("stand" if len(app.timings) % 2 else ("jiggle", 0)))
    actions = sorted(app.timings[1:])
    rows.append(("moneybags", f"app actions incl. bots' replies ({len(actions)}), median / max",
                 f"{actions[len(actions) // 2]:.1f} / {actions[-1]:.1f} ms", "≤ 50 ms"))

    # exact analyses (Fractions) and float ones
    prior_ms = median_seconds(lambda: pair_prior(67, 4), repeat=3) * 1000
    rows.append(("moneybags", "exact pair prior, 67 coins 4p (Fractions)", f"{prior_ms:.0f} ms", ""))
    story = challenge_story(taken=4)
    rows.append(("moneybags", "P(challenge wins) after losing 4 coins (exact)",
                 f"{story[-1].value.p_win} ≈ {float(story[-1].value.p_win):.6f}", ""))
    story_ms = median_seconds(lambda: challenge_story(taken=4, readings=[("A", 10), ("B", 22)]), repeat=3) * 1000
    rows.append(("moneybags", "challenge story: prior, steal, 2 jiggles", f"{story_ms:.0f} ms", ""))
    prior = dict(float_prior(67, 4))
    curve_ms = median_seconds(lambda: steal_curve(prior, ChallengeIfLossAtLeast(6), max_coins=20), repeat=3) * 1000
    best = best_steal(steal_curve(prior, ChallengeIfLossAtLeast(6), max_coins=20))
    rows.append(("moneybags", "steal curve 0-20 coins (floats)", f"{curve_ms:.0f} ms", ""))
    rows.append(("moneybags", "best grab vs 'challenges at 6+'", f"{best.coins} coins, E[height] {best.ev:.2f}", ""))

    rows += conformance_over([Moneybags(players=n) for n in (3, 4, 6)], CONFORMANCE_GAMES).rows("moneybags", "3/4/6p")
    return rows
