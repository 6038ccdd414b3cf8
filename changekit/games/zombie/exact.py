"""The strategy lab's exact comparison for Zombie: the expected points each payment gives away
against the bill with the most expected points now (exact over the Zombie's draws, counted from
the player's view as the kit's greedy bot counts them)."""
from __future__ import annotations

from typing import Any, Sequence

from .bots import position
from .model import expected_points
from .rules import Zombie


class ZombieGiveaway:
    def __init__(self) -> None:
        self.moves = 0
        self.best = 0
        self.given_away = 0.0

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        zombie, pool = position(view)
        values = {bill: expected_points(bill, zombie, pool) for bill in set(legal)}
        top = max(values.values())
        self.moves += 1
        self.best += values[action] >= top - 1e-12
        self.given_away += top - values[action]

    def result(self) -> dict[str, Any]:
        mean = self.given_away / self.moves if self.moves else 0.0
        return {"moves": self.moves, "best_moves": self.best, "points_given_away": self.given_away,
                "per_move": mean,
                "summary": f"{self.best} of {self.moves} payments had the most expected points now; "
                           f"{self.given_away:.2f} expected points given away in all ({mean:.3f} a payment)"}


def comparison(game: Zombie) -> ZombieGiveaway:
    """A fresh comparison for a lab run of ``game`` (the spec's ``lab_comparison``)."""
    return ZombieGiveaway()
