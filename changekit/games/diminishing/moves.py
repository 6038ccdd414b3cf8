"""Diminishing Returns' one move: put a bill into the pot and take back bills worth less
(``Play(5, 3, 1)``, in words ``play 5 3+1``; ``Play(7)`` takes nothing back: ``play 7 none``)."""
from __future__ import annotations

import numbers
from typing import Any, Sequence, cast

from changekit.core.checks import shown
from changekit.core.errors import InvalidMove
from changekit.core.moves import Bills, Moves


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidMove(f"Play: {what} is a whole number (a bill's value), not {shown(value)}")
    return int(value)


class Play(Bills):
    """Put ``bill`` into the pot and take back the bills ``take``, listed from the highest down; the
    move is the tuple ``(bill, *take)`` (``Play(5, 3, 1) == (5, 3, 1)``, ``Play(7) == (7,)``).

    A :class:`~changekit.core.moves.Bills` (its JSON, pickle, repr, equality and hash are the
    plain tuple's) whose text splits the bill played from the bills taken back.

    >>> Play(5, 3, 1), Play(5, 3, 1).bill, Play(5, 3, 1).take, Play(5, 3, 1).text()
    (Play(5, 3, 1), 5, (3, 1), 'play 5 3+1')
    >>> Play(7) == (7,), Play(7).take, Play(7).text(), MOVES.parse("play 5 3+1") == Play(5, 3, 1)
    (True, (), 'play 7 none', True)

    The bills taken back stay in the order given: ``Play(5, 1, 3)`` is a move, but not a legal
    one (the rules' :func:`~changekit.games.diminishing.rules.play` sorts them).
    """

    __slots__ = ()
    name = "play"
    fields = (("bill", int), ("take", (int,)))

    def __new__(cls, bill: int | None = None, *take: int | Sequence[int]) -> Play:  # Play(): refused, no bill
        if bill is None:
            raise InvalidMove("Play: a move names the bill played, then any bills taken back: Play(5, 3, 1)")
        if len(take) == 1 and isinstance(take[0], (tuple, list)):
            take = tuple(take[0])  # Play(5, (3, 1)): the fields as they are (a pickle, the text form)
        return tuple.__new__(cls, (_whole(bill, "the bill played"), *(_whole(b, "a bill taken back") for b in take)))

    @property
    def bill(self) -> int:
        """The bill put into the pot."""
        return self[0]

    @property
    def take(self) -> tuple[int, ...]:
        """The bills taken back from the pot, highest first (``()``: none)."""
        return self[1:]

    def values(self) -> tuple[Any, ...]:
        return (self[0], self[1:])

    @classmethod
    def from_values(cls, values: tuple[Any, ...]) -> Play:
        if len(values) == 1:  # the plain value (bill, *take), as a save of format 1 or JSON holds it
            return cls(*values[0])
        bill, take = values
        return cls(bill, tuple(take))


MOVES = Moves(Play)  # a Bills: the game's plain tuples are read as Plays


def as_play(value: Any) -> Play:
    """``value`` as the :class:`Play` it names: a Play as it is, its plain tuple or a JSON list read
    as one; an :class:`~changekit.core.errors.InvalidMove` for what is no move.

    >>> as_play([5, 3, 1]), as_play(Play(7))
    (Play(5, 3, 1), Play(7))
    """
    return cast(Play, MOVES.typed(value))  # Play is the game's one move type
