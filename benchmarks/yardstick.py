"""OpenSpiel's pure-Python Kuhn poker, the steps/s yardstick measured in the same run.

The same driver loop as ``timing.py`` uses for our engines (new state; until terminal: a chance
outcome by its probability or a uniformly random legal action; apply), so the ratio compares
engines, not loops. Needs the optional ``bench`` extra (PyPI ``open-spiel``); without it the
yardstick is unavailable and the ratio columns say so.
"""
from __future__ import annotations

import random
import time

from timing import sized


def steps_per_second(name: str = "python_kuhn_poker", seconds: float = 3.0) -> float:
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401 - importing it registers python_kuhn_poker

    seconds = sized(seconds, 0.05)
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def yardstick_steps(seconds: float = 3.0) -> float | None:
    """Random-playout steps/s of OpenSpiel's python_kuhn_poker, or None without open-spiel."""
    try:
        return steps_per_second(seconds=seconds)
    except ImportError:  # open-spiel is an optional extra: the yardstick is then unavailable
        return None


if __name__ == "__main__":
    rate = yardstick_steps()
    print("yardstick unavailable: install the bench extra (open-spiel)" if rate is None
          else f"openspiel python_kuhn_poker random playout: {rate:,.0f} steps/s")
