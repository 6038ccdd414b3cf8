"""Odd One Out's one move: pick a number (``Pick(3)``, in words ``pick 3``)."""
from __future__ import annotations

from changekit.core.moves import Amount, Moves


class Pick(Amount):
    """Pick ``n`` (1, 2 or 3); the move is the number (``Pick(3) == 3``)."""

    name = "pick"
    fields = (("n", int),)


MOVES = Moves(Pick)
