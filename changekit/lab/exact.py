"""Where the kit knows the exact answer, how a bot's moves compare with it: each game declares its
comparison in its own folder (its spec's ``lab_comparison``, e.g. ``changekit/games/zombie/exact.py``:
the expected points each payment gives away), a function of the game that returns an object with
``see(view, legal, action)`` for each of the bot's moves and ``result()`` (a dict with a
``summary`` sentence), or None where it has none for those options.
"""
from __future__ import annotations

from typing import Any

from changekit.core.state import Game
from changekit.registry import spec_of


def comparison(game: Game) -> Any | None:
    """A fresh comparison for ``game``, or None where the lab has none."""
    declared = spec_of(game).lab_comparison
    return declared.load()(game) if declared is not None else None
