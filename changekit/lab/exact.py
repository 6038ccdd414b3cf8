"""Where the kit knows the exact answer, how a bot's moves compare with it.

Zombie: the expected points each payment gives away against the bill with the most expected
points now (exact over the Zombie's draws, counted from the player's view as the kit's greedy
bot counts them).
"""
from __future__ import annotations

from typing import Any, Sequence

from changekit.core.state import Game


class ZombieGiveaway:
    def __init__(self) -> None:
        self.moves = 0
        self.best = 0
        self.given_away = 0.0

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        from changekit.games.zombie.bots import position  # one game's maths, loaded when that game is tested
        from changekit.games.zombie.model import expected_points  # (as above)

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


def comparison(game: Game) -> Any | None:
    """A fresh comparison for ``game``, or None where the lab has none."""
    if type(game).name == "zombie":
        return ZombieGiveaway()
    return None
