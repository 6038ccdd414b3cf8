"""The strategy lab's exact comparison for Zombie: the expected points each payment scores below
the bill with the most expected points now (a one-move-ahead yardstick, not the best play: the
lesson's Questions 6 and 7 show that giving up points now can pay), exact over the Zombie's draws,
counted from the player's view as the kit's greedy bot counts them."""
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
                # the yardstick is greedy (most points on this payment), which the lesson shows is not
                # the best play (Questions 6 and 7), so the sentence never calls it the best or exact play
                "summary": f"{self.best} of {self.moves} payments paid the bill with the most expected points "
                           f"on that payment; {self.given_away:.2f} expected points below that one-move-ahead "
                           f"yardstick in all ({mean:.3f} a payment; a yardstick, not the best play: giving up "
                           f"points now can pay later)"}


def comparison(game: Zombie) -> ZombieGiveaway:
    """A fresh comparison for a lab run of ``game`` (the spec's ``lab_comparison``)."""
    return ZombieGiveaway()
