"""The Big Cheese's moves. While a card is on offer: ``Bid(3)`` workers (in words ``bid 3``), ``Pass()``
or ``Veto()``; after your dice are rolled, with a Big Cheese in hand: ``Keep()`` or ``Reroll(0)``."""
from __future__ import annotations

from changekit.core.moves import Amount, Moves, Tagged, Word


class Bid(Amount):
    """Bid this many ``workers`` on the card on offer; the move is the number (``Bid(3) == 3``).

    >>> Bid(3), Bid(3).workers, Bid(3).text()
    (Bid(3), 3, 'bid 3')
    """

    name = "bid"
    fields = (("workers", int),)


class Pass(Word):
    """Drop out of the bidding on this card, for good (``Pass() == "pass"``).

    >>> Pass(), Pass().text()
    (Pass(), 'pass')
    """

    name = "pass"


class Veto(Word):
    """Play a Veto from your hand instead of bidding: the card on offer is discarded (``Veto() == "veto"``).

    >>> Veto(), Veto().text()
    (Veto(), 'veto')
    """

    name = "veto"


class Keep(Word):
    """Keep every die as rolled: decline a Big Cheese re-roll (``Keep() == "keep"``).

    >>> Keep(), Keep().text()
    (Keep(), 'keep')
    """

    name = "keep"


class Reroll(Tagged):
    """Play a Big Cheese to roll again the ``die`` with this place among the dice just rolled
    (``Reroll(0) == ("reroll", 0)``).

    >>> Reroll(0), Reroll(0).die, Reroll(0).text()
    (Reroll(0), 0, 'reroll 0')
    """

    name = "reroll"
    fields = (("die", int),)


MOVES = Moves(Bid, Pass, Veto, Keep, Reroll)
