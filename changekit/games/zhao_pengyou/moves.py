"""Zhao Pengyou's moves: ``Pass()``, ``Declare(suit, copies)``, ``Bury(card)``,
``Call(ordinal, card)``, ``Play(*cards)`` and ``Throw(card)`` / ``Throw()`` (a throw's cards are
all down). In words: ``pass``, ``declare S 2``, ``bury 10C``, ``call 1 AH``, ``play 10C+10C``,
``throw 3S``, ``throw none``."""
from __future__ import annotations

from changekit.core.moves import Moves, Tagged, Word


class Pass(Word):
    """Not declaring now (during the deal or the last call)."""

    name = "pass"


class Declare(Tagged):
    """Show ``copies`` cards of your level in ``suit``, declaring it trumps."""

    name, fields = "declare", (("suit", str), ("copies", int))


class Bury(Tagged):
    """The host buries ``card`` (one of as many as the kitty held)."""

    name, fields = "bury", (("card", str),)


class Call(Tagged):
    """The host's friend is whoever plays the ``ordinal``-th copy of ``card``."""

    name, fields = "call", (("ordinal", int), ("card", str))


class Play(Tagged):
    """Lead ``cards`` (one combination, in deck order), or follow with one card at a time.

    >>> Play("10C", "10C") == ("play", "10C", "10C"), Play("10C", "10C").text()
    (True, 'play 10C+10C')
    """

    name, fields = "play", (("cards", (str,)),)


class Throw(Tagged):
    """Put down ``card`` towards a throw, or (no cards) lead the throw's cards."""

    name, fields = "throw", (("cards", (str,)),)


MOVES = Moves(Pass, Declare, Bury, Call, Play, Throw)
