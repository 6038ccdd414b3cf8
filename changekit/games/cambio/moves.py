"""Cambio's moves. Words: ``Draw()``, ``Take()``, ``CallCambio()``, ``Discard()``, ``Skip()``,
``Keep()``, ``Exchange()``, ``Pass()``; with places and seats: ``Swap(place)``, ``Peek(place)``,
``Spy(owner, place)``, ``Blind(place, owner, other)``, ``Look(place, owner, other)``,
``Snap(owner, place)``, ``Give(place)``. In words: ``draw``, ``snap 1 2``, ``look 0 1 3``."""
from __future__ import annotations

from changekit.core.moves import Moves, Tagged, Word


class Draw(Word):
    """Draw the top card of the deck."""

    name = "draw"


class Take(Word):
    """Take the top discard instead (option draw_from_discard)."""

    name = "take"


class CallCambio(Word):
    """Call Cambio instead of drawing."""

    name = "cambio"


class Discard(Word):
    """Discard the card you drew."""

    name = "discard"


class Skip(Word):
    """Leave the power unused."""

    name = "skip"


class Keep(Word):
    """King: leave both cards where they are."""

    name = "keep"


class Exchange(Word):
    """King: exchange the two cards you looked at."""

    name = "exchange"


class Pass(Word):
    """No snap in this window."""

    name = "pass"


class Swap(Tagged):
    """Put the drawn card into your ``place`` and discard the card that was there."""

    name, fields = "swap", (("place", int),)


class Peek(Tagged):
    """Power 7/8: look at your own card in ``place``."""

    name, fields = "peek", (("place", int),)


class Spy(Tagged):
    """Power 9/10: look at ``owner``'s card in ``place``."""

    name, fields = "spy", (("owner", int), ("place", int))


class Blind(Tagged):
    """Power J/Q: swap your ``place`` with ``owner``'s ``other`` place, unseen."""

    name, fields = "blind", (("place", int), ("owner", int), ("other", int))


class Look(Tagged):
    """Power K: look at your ``place`` and ``owner``'s ``other`` place (then Exchange or Keep).

    >>> Look(0, 1, 3), Look(0, 1, 3) == ("look", 0, 1, 3), Look(0, 1, 3).text()
    (Look(0, 1, 3), True, 'look 0 1 3')
    """

    name, fields = "look", (("place", int), ("owner", int), ("other", int))


class Snap(Tagged):
    """Flip ``owner``'s card in ``place``, believing it matches the top discard's rank."""

    name, fields = "snap", (("owner", int), ("place", int))


class Give(Tagged):
    """After a right snap of another's card: give them your card in ``place``."""

    name, fields = "give", (("place", int),)


MOVES = Moves(Draw, Take, CallCambio, Discard, Skip, Keep, Exchange, Pass, Swap, Peek, Spy, Blind, Look, Snap, Give)
