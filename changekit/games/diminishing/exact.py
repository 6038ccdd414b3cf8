"""The strategy lab's exact comparison for Diminishing Returns: at every move of the bot in a
two-player position the solver can settle on the spot, whether the position was won for the mover
and whether the move kept it won; the first move that threw a won position away, with the position."""
from __future__ import annotations

from typing import Any, Sequence

from .analysis import hints
from .rules import DiminishingReturns, describe_move


class DiminishingKeepsWins:
    def __init__(self) -> None:
        self.won = self.kept = self.lost_positions = self.unsolved = 0
        self.first_losing: dict[str, Any] | None = None

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        wins = hints(view)
        if wins is None:
            self.unsolved += 1
            return
        if not any(wins.values()):
            self.lost_positions += 1
            return
        self.won += 1
        if wins.get(tuple(action)):
            self.kept += 1
        elif self.first_losing is None:
            winning = sorted(a for a, w in wins.items() if w)
            self.first_losing = {"hands": view["hands"], "pot": view["pot"], "you": view["you"],
                                 "played": describe_move(action), "winning": [describe_move(a) for a in winning]}

    def result(self) -> dict[str, Any]:
        share = self.kept / self.won if self.won else None
        text = (f"kept a won position won in {self.kept} of {self.won} moves" if self.won
                else "never had a won position the solver could settle")
        if self.first_losing:
            f = self.first_losing
            text += (f"; first losing move: {f['played']} (holding {f['hands'][f['you']]}, pot {f['pot']}), "
                     f"where {', '.join(f['winning'][:3])} won")
        return {"won_positions": self.won, "kept_won": self.kept, "share_kept": share,
                "lost_positions": self.lost_positions, "unsolved": self.unsolved,
                "first_losing_move": self.first_losing, "summary": text}


def comparison(game: DiminishingReturns) -> DiminishingKeepsWins:
    """A fresh comparison for a lab run of ``game`` (the spec's ``lab_comparison``)."""
    return DiminishingKeepsWins()
