"""Boneyard's moves: a secret bid of bills (``Bid(10, 5)``, in words ``bid 10+5``) and, with the
option ``claim="choose"``, taking a bucket (``Claim(2)``, in words ``claim 2``)."""
from __future__ import annotations

from changekit.core.moves import Amount, Bills, Moves


class Bid(Bills):
    """A secret bid: the bills, highest first; the move is their tuple (``Bid(10, 5) == (10, 5)``).

    >>> Bid(10, 5), Bid(10, 5).bills, Bid(10, 5).text()
    (Bid(10, 5), (10, 5), 'bid 10+5')
    """

    name = "bid"


class Claim(Amount):
    """Take bucket ``bucket`` (0 for the first); the move is its index (``Claim(2) == 2``).

    >>> Claim(2), Claim(2).bucket, Claim(2).text()
    (Claim(2), 2, 'claim 2')
    """

    name = "claim"
    fields = (("bucket", int),)


MOVES = Moves(Claim, Bid)
