"""The exact two-player solution of Diminishing Returns, by backward induction, as the notebook
teaches it.

A two-player position is three bundles of bills: the purse of the player about to move (the
*mover*), the other purse, and the pot. The game has no chance and no secrets, and every turn
costs the mover at least $1 (a bill of b goes in, at most b - 1 comes back), so the money in the
two purses falls every turn and the game is a finite tree: each position is a win or a loss for
the mover, and backward induction ("retrograde analysis") labels them all, smallest purses
first:

* a player who ends a turn with an empty purse is out, so a position in which the *other*
  player holds nothing is already won by the mover;
* otherwise the mover wins exactly when some move leads to a position that is lost for the
  player to move next.

The bills of each value are split between mover, other and pot, so a position is fixed by the
*universe* (how many bills of each value exist in the three bundles together) and, per value,
the pair (mover's count, other's count). :func:`backward_induction` is that labelling in plain
Python, over every position of a universe. :mod:`.table` packs the labels into a numbered
lookup table, solves big universes with numpy, ships the standard one, and answers questions
(``solve_position``, ``mover_wins``, ``game_size``...) by reading it.

>>> labels = backward_induction((2, 2, 0, 0, 0))  # two $1s and two $3s in all
>>> labels[(1, 1, 0, 0, 0), (1, 1, 0, 0, 0)]  # each player holds a $3 and a $1: the mover loses
False
>>> labels[(1, 1, 0, 0, 0), (1, 0, 0, 0, 0)]  # against a lone $1 the mover wins
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator, NamedTuple, Sequence

from changekit.core import DENOMINATIONS
from changekit.core.checks import collection
from changekit.core.errors import ChangekitError
from changekit.core.money import BILLS_PER_DENOMINATION

from .moves import Play, as_play
from .rules import STANDARD_PURSE, describe_move, play

#: The bill values, lowest first: a count vector counts bills of these values, in this order.
DENOMS: tuple[int, ...] = DENOMINATIONS
_POS = {d: i for i, d in enumerate(DENOMS)}

#: A count vector: how many bills of each value in ``DENOMS`` a bundle holds.
Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn: the bill played into the pot and the bills taken back (highest first); the
    engine's move for it is :attr:`action`, a :class:`~changekit.games.diminishing.moves.Play`.

    >>> m = Turn(5, (3, 1))
    >>> str(m), m.action, Turn.from_action(Play(5, 3, 1)) == m == Turn.from_action((5, 3, 1))
    ('play $5, take back $3 $1 ($4)', Play(5, 3, 1), True)
    """

    play: int
    take: tuple[int, ...] = ()

    @property
    def action(self) -> Play:
        """The engine's move for this one: ``Play(play, *take)``."""
        return play(self.play, *self.take)

    @classmethod
    def from_action(cls, action: Sequence[int]) -> "Turn":
        """The move a :class:`Play` (or its plain tuple) makes."""
        move = as_play(action)
        return cls(move.bill, move.take)

    @property
    def kept(self) -> int:
        """Money the mover gets back minus money put in (always negative)."""
        return sum(self.take) - self.play

    def __str__(self) -> str:
        return describe_move(self.action)


class Solution(NamedTuple):
    """The verdict on one position: does the mover win against perfect play, and how.

    ``moves`` lists every legal move, ``winning_moves`` those that leave the opponent in a
    lost position (empty when the mover loses against perfect play).
    """

    mover_wins: bool
    winning_moves: list[Turn]
    moves: tuple[Turn, ...]

    @property
    def losing_moves(self) -> list[Turn]:
        return [m for m in self.moves if m not in self.winning_moves]



# ---- bundles of bills ------------------------------------------------------------------
#: Bills one bundle (a purse, a pot) may hold: every bill of four decks.
MAX_BILLS = 4 * BILLS_PER_DENOMINATION * len(DENOMS)


def counts_of(bills: Iterable[Any], what: str = "bills") -> tuple[int, ...]:
    """Counts per denomination ($1, $3, $5, $7, $10) of a bundle of bills.

    >>> counts_of([10, 1, 1, 7])
    (2, 0, 0, 1, 1)
    """
    if type(bills) is tuple or type(bills) is list:
        # the lookups' hot path, spelt out for the five denominations. It tests identity: CPython
        # keeps one object per small int, so `b is one` holds for the int 1 and for nothing else
        # (not True, not 1.0). Whatever fails here goes to the checked loop below and its error.
        c1 = c3 = c5 = c7 = c10 = 0
        one, three, five, seven, ten = DENOMS  # (five values: unpacking fails loudly if that changes)
        for b in bills:
            if b is one:
                c1 += 1
            elif b is three:
                c3 += 1
            elif b is five:
                c5 += 1
            elif b is seven:
                c7 += 1
            elif b is ten:
                c10 += 1
            else:
                break
        else:
            return (c1, c3, c5, c7, c10)
    counts = [0] * len(DENOMS)
    items = collection(bills, what, limit=MAX_BILLS, what="bills")  # no text or bytes read as bills
    for b in items:
        if type(b) is not int or b not in _POS:
            raise ChangekitError(f"{what}: a bill is one of {DENOMS}, not {b!r}")
        counts[_POS[b]] += 1
    return tuple(counts)


def bills_of(counts: Sequence[int]) -> tuple[int, ...]:
    """The bills (highest first) of a count vector.

    >>> bills_of((2, 0, 0, 1, 1))
    (10, 7, 1, 1)
    """
    return tuple(d for i in reversed(range(len(DENOMS))) for d in [DENOMS[i]] * counts[i])


def money_in(counts: Sequence[int]) -> int:
    """Dollars in a bundle given as counts.

    >>> money_in((2, 0, 0, 1, 1))
    19
    """
    return sum(d * c for d, c in zip(DENOMS, counts, strict=True))



#: The standard starting purse as counts per denomination, and the bills of two such purses.
START_COUNTS: Counts = counts_of(STANDARD_PURSE)
STANDARD_UNIVERSE: Counts = tuple(2 * c for c in START_COUNTS)


# ---- the moves --------------------------------------------------------------------------
def _takes(limit: int, bound: Sequence[int]) -> list[tuple[int, ...]]:
    """Every count vector of bills of value ≤ ``limit`` in total, within ``bound`` per value."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i < 0:
            out.append(tuple(acc))
            return
        d = DENOMS[i]
        for k in range(min(bound[i], left // d) + 1):
            acc[i] = k
            rec(i - 1, left - k * d, acc)
        acc[i] = 0

    rec(len(DENOMS) - 1, limit, [0] * len(DENOMS))
    return out


def move_types(universe: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every (play, take counts) that can occur in ``universe``: the moves of the solver."""
    out = []
    for i, b in enumerate(DENOMS):
        if universe[i] == 0:
            continue
        for take in _takes(b - 1, universe):
            out.append((b, take))
    return out


def universe_size(universe: Sequence[int]) -> int:
    """How many positions ``universe`` has: per value, the (mover, other) splits of its bills.

    >>> universe_size((2, 2, 0, 0, 0))  # 6 splits of two $1s, 6 of two $3s
    36
    """
    size = 1
    for c in universe:
        size *= (c + 1) * (c + 2) // 2
    return size


def splits(universe: Sequence[int]) -> Iterator[tuple[Counts, Counts]]:
    """Every position (mover counts, other counts) of ``universe`` (the pot holds the rest)."""
    def rec(i: int) -> Iterator[tuple[Counts, Counts]]:
        if i == len(universe):
            yield (), ()
            return
        for a in range(universe[i] + 1):
            for b in range(universe[i] + 1 - a):
                for rest_m, rest_o in rec(i + 1):
                    yield (a, *rest_m), (b, *rest_o)
    yield from rec(0)


@lru_cache(maxsize=4096)
def _takes_from(limit: int, pot: Counts) -> tuple[Counts, ...]:
    return tuple(_takes(limit, pot))


def successors(mover: Counts, pot: Counts) -> list[Counts]:
    """The mover's purse after each legal move (with ``pot`` in the middle).

    >>> successors((0, 1, 0, 0, 0), (1, 0, 0, 0, 0))  # a $3 against a pot of $1: keep nothing or the $1
    [(0, 0, 0, 0, 0), (1, 0, 0, 0, 0)]
    """
    out: list[Counts] = []
    for i, bill in enumerate(DENOMS):
        if mover[i]:
            played = mover[:i] + (mover[i] - 1,) + mover[i + 1:]
            out.extend(tuple(m + t for m, t in zip(played, take, strict=True)) for take in _takes_from(bill - 1, pot))
    return out


def backward_induction(universe: Sequence[int]) -> dict[tuple[Counts, Counts], bool]:
    """Win (True) or loss for the mover at every position (mover, other) of ``universe``.

    Smallest purses first: a move always lowers the money in the two purses, so every position
    a move leads to is labelled before the position it is made from.
    """
    universe = tuple(universe)
    wins: dict[tuple[Counts, Counts], bool] = {}
    for mover, other in sorted(splits(universe), key=lambda split: money_in(split[0]) + money_in(split[1])):
        if not any(other):
            wins[mover, other] = True  # the other player is out: the mover has won
            continue
        pot = tuple(c - m - o for c, m, o in zip(universe, mover, other, strict=True))
        # after a move the other player moves: the mover wins when some move leaves them a loss
        wins[mover, other] = any(not wins[other, left] for left in successors(mover, pot))
    return wins
