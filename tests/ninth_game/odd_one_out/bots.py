"""Odd One Out's bots: each sees only its own view (the last round's picks, nobody's pick now)."""
from __future__ import annotations

from collections import Counter

from changekit.core import Bot, RandomBot


class ContrarianBot(Bot):
    """Picks the number picked least last round (the highest of those, on a tie)."""

    name = "contrarian"

    def choose(self, view, legal, *, rng):
        last = Counter(view["last"] or [])
        return min(legal, key=lambda n: (last[int(n)], -int(n)))


class GreedyBot(Bot):
    """Always picks 3, the most a pick can score."""

    name = "greedy"

    def choose(self, view, legal, *, rng):
        return max(legal)


BOTS = {"random": RandomBot, "contrarian": ContrarianBot, "greedy": GreedyBot}
