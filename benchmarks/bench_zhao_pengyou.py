"""Zhao Pengyou benchmark: playout speed, legal-action enumeration, bots, app path, conformance."""
from __future__ import annotations

import random
import time

from timing import benchmark, conformance_over, games_per_second, median_seconds, random_playout_speed, sized

from changekit.core import RandomBot, play_out
from changekit.games.zhao_pengyou import SPEC, ZhaoPengyou
from changekit.games.zhao_pengyou.analysis import (
    called_copies,
    declare_chance_exact,
    trump_count,
)
from changekit.games.zhao_pengyou.bots import HeuristicBot
from changekit.stats.tournaments import bot_tournament

CONFORMANCE_GAMES = 10_000  # issue 2; one deal each, light-checked at every step, some deep-checked: see timing.py
ONE_DEAL = dict(SPEC.short_options)  # one deal: the engine's default is the whole match (about ten deals)


def _position(seed: int, steps: int, *, lead: bool):
    """A state in the tricks phase, with the player to move leading (or following)."""
    state = ZhaoPengyou().new_state(seed=seed)
    rng = random.Random(seed)
    while True:
        state.apply(rng.choice(state.legal_actions()))
        if state.phase == "play" and steps <= 0 and (not state.trick) == lead:
            return state
        if state.phase == "play":
            steps -= 1


def second_deal_undo_ms() -> float:
    """Server time of the app's undo early in the second deal (was a test's wall-clock check)."""
    from changekit.games.zhao_pengyou.app import ZhaoPengyouApp

    app = ZhaoPengyouApp(seed=6)
    while not (app.state.deal_no == 1 and len(app._checkpoints) == 2 and app.state.phase == "play"):
        app.act(app.state.legal_actions(0)[0])
    app.act(app.state.legal_actions(0)[0])
    app.undo()
    return app.timings[-1]


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for players, throws in ((4, False), (7, False), (4, True)):
        game = ZhaoPengyou(players=players, allow_throws=throws, **ONE_DEAL)
        games, steps = random_playout_speed(game, seconds=3.0)
        rows.append(("zhao_pengyou", f"random playout {players}p (one deal{', throws on' if throws else ''})",
                     f"{steps:,.0f} steps/s, {games:.1f} deals/s", ""))
    match = ZhaoPengyou()
    start = time.perf_counter()
    state = match.new_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    rows.append(("zhao_pengyou", "random whole match 4p", f"{len(state.history)} actions, {len(state.results)} deals, "
                 f"{time.perf_counter() - start:.2f} s", ""))
    lead = _position(3, 10, lead=True)
    follow = _position(3, 10, lead=False)
    lead_ms = median_seconds(lambda: lead.legal_actions(), number=200) * 1000
    follow_ms = median_seconds(lambda: follow.legal_actions(), number=200) * 1000
    rows.append(("zhao_pengyou", f"legal_actions, lead ({len(lead.legal_actions())} plays)", f"{lead_ms:.3f} ms", ""))
    rows.append(("zhao_pengyou", "legal_actions, follow (next cards)", f"{follow_ms:.3f} ms", ""))
    p = follow.current_player
    bot_ms = median_seconds(lambda: HeuristicBot().choose(follow.view(p), follow.legal_actions(p), rng=rng),
                            number=100) * 1000
    rows.append(("zhao_pengyou", "heuristic bot move incl. view (app path)", f"{bot_ms:.3f} ms", "≤ 50 ms"))
    undo_ms = median_seconds(lambda: follow.clone().undo(), number=5) * 1000
    rows.append(("zhao_pengyou", f"undo (replay of {len(follow.history)} actions)", f"{undo_ms:.1f} ms", "≤ 50 ms"))
    rows.append(("zhao_pengyou", "app undo in the second deal (replay from the deal's checkpoint)",
                 f"{second_deal_undo_ms():.1f} ms", "≤ 50 ms"))
    rate = games_per_second(lambda n: play_out(ZhaoPengyou(**ONE_DEAL).new_state(seed=n),
                                               [HeuristicBot() for _ in range(4)], rng=random.Random(n)), 4.0)
    rows.append(("zhao_pengyou", "heuristic-bot deals 4p", f"{rate:.1f} deals/s", ""))
    lineup = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    deals = sized(100, 2)
    result = bot_tournament(ZhaoPengyou(**ONE_DEAL), lineup, games=deals, seed=7)
    rates = result.win_rates()
    rows.append(("zhao_pengyou", f"heuristic vs random ({deals} deals, seats alternate)",
                 f"heuristic seat wins {rates[0]} / random seat wins {rates[1]}", "heuristic > random"))
    exact_ms = median_seconds(lambda: (trump_count(), called_copies(), declare_chance_exact(copies=2)), repeat=3) * 1000
    rows.append(("zhao_pengyou", "exact analyses (trumps, copies, declare)", f"{exact_ms:.1f} ms", ""))
    games = [ZhaoPengyou(players=n, allow_throws=t, **ONE_DEAL) for n in (4, 5, 7) for t in (False, True)]
    rows += conformance_over(games, CONFORMANCE_GAMES).rows("zhao_pengyou", "one deal each, 4/5/7p, throws off/on")
    return rows
