"""Zombie's one move: pay the Zombie one of your bills (``Pay(10)``, in words ``pay 10``)."""
from __future__ import annotations

from changekit.core.moves import Amount, Moves


class Pay(Amount):
    """Pay the Zombie your ``bill``; the move is the bill's value (``Pay(5) == 5``).

    >>> Pay(5), Pay(5).bill, Pay(5).text()
    (Pay(5), 5, 'pay 5')
    """

    name = "pay"
    fields = (("bill", int),)


MOVES = Moves(Pay)
