"""Moneybags' moves. The Boss pouring by hand: ``Fill(12)`` coins into the next bag, then
``Diamond(2)`` into a bag. On a turn: ``Steal(2, 5, 1)`` (from seat 2, up to 5 coins, feeling
for the diamond), ``Jiggle(2)``, ``Stand()`` or ``Close()``. Robbed: ``Jiggle(bag)``,
``Accept()`` or ``Challenge()``."""
from __future__ import annotations

from changekit.core.moves import Moves, Tagged, Word


class Stand(Word):
    """Stand by: end your turn without stealing (``Stand() == "stand"``).

    >>> Stand(), Stand().text()
    (Stand(), 'stand')
    """

    name = "stand"


class Close(Word):
    """Close your bag: no more turns for you this round, and nobody can rob you
    (``Close() == "close"``).

    >>> Close(), Close().text()
    (Close(), 'close')
    """

    name = "close"


class Accept(Word):
    """Robbed: let the thief go (``Accept() == "accept"``).

    >>> Accept(), Accept().text()
    (Accept(), 'accept')
    """

    name = "accept"


class Challenge(Word):
    """Robbed: empty both bags and compare the stacks (``Challenge() == "challenge"``).

    >>> Challenge(), Challenge().text()
    (Challenge(), 'challenge')
    """

    name = "challenge"


class Steal(Tagged):
    """Reach into seat ``victim``'s bag for up to ``coins`` coins (0: a bluff), and with
    ``diamond`` 1 feel for the diamond too (``Steal(2, 5, 1) == ("steal", 2, 5, 1)``).

    >>> Steal(2, 5, 1), Steal(2, 5, 1).victim, Steal(2, 5, 1).coins, Steal(2, 5, 1).text()
    (Steal(2, 5, 1), 2, 5, 'steal 2 5 1')
    """

    name = "steal"
    fields = (("victim", int), ("coins", int), ("diamond", int))


class Jiggle(Tagged):
    """Jiggle the bag of seat ``bag`` (your own too) for a noisy feel of its coins
    (``Jiggle(3) == ("jiggle", 3)``).

    >>> Jiggle(3), Jiggle(3).bag, Jiggle(3).text()
    (Jiggle(3), 3, 'jiggle 3')
    """

    name = "jiggle"
    fields = (("bag", int),)


class Fill(Tagged):
    """The Boss pours ``coins`` coins into the next bag in turn order (``Fill(12) == ("fill", 12)``).

    >>> Fill(12), Fill(12).coins, Fill(12).text()
    (Fill(12), 12, 'fill 12')
    """

    name = "fill"
    fields = (("coins", int),)


class Diamond(Tagged):
    """The Boss drops the diamond into the bag of seat ``bag`` (``Diamond(1) == ("diamond", 1)``).

    >>> Diamond(1), Diamond(1).bag, Diamond(1).text()
    (Diamond(1), 1, 'diamond 1')
    """

    name = "diamond"
    fields = (("bag", int),)


MOVES = Moves(Stand, Close, Accept, Challenge, Steal, Jiggle, Fill, Diamond)
