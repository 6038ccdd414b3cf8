"""Three-player Diminishing Returns written from the rule sheet alone, for the tests of Question 7
(never the kit's solver): purses and the pot are lists of bills; a turn puts one bill of your purse
into the pot, then takes back any bills of the pot worth at most one dollar less; a player who ends
a turn with nothing is out and skipped; the last player with money wins.

"Can seat s make sure of winning?" is the game of s against the other two as one team, searched
move by move from the position (memoized on the position)."""
from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

BILLS = (1, 3, 5, 7, 10)

Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]  # purses, pot, seat to play


def turns(purse: tuple[int, ...], pot: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], tuple[int, ...],
                                                                      tuple[int, ...]]]:
    """Every different turn: (bill played, bills taken back, purse after, pot after), each sorted."""
    out = set()
    for bill in set(purse):
        kept = list(purse)
        kept.remove(bill)
        for k in range(len(pot) + 1):
            for taken in set(combinations(sorted(pot), k)):  # the bill just played is never taken back
                if sum(taken) <= bill - 1:
                    left = list(pot)
                    for b in taken:
                        left.remove(b)
                    out.add((bill, tuple(sorted(taken, reverse=True)), tuple(sorted(kept + list(taken))),
                             tuple(sorted(left + [bill]))))
    return sorted(out)


def next_seat(purses: tuple[tuple[int, ...], ...], seat: int) -> int:
    for step in range(1, 4):
        if purses[(seat + step) % 3]:
            return (seat + step) % 3
    raise AssertionError("nobody has money")


def after(position: Position, purse: tuple[int, ...], pot: tuple[int, ...]) -> Position:
    purses, _, seat = position
    new = tuple(purse if s == seat else p for s, p in enumerate(purses))
    return new, pot, next_seat(new, seat)


@cache
def can_force(target: int, position: Position) -> bool:
    purses, pot, seat = position
    alive = [s for s in range(3) if purses[s]]
    if len(alive) == 1:
        return alive[0] == target
    results = [can_force(target, after(position, purse, new_pot)) for _, _, purse, new_pot in turns(purses[seat], pot)]
    return any(results) if seat == target else all(results)


def start(purse: tuple[int, ...]) -> Position:
    p = tuple(sorted(purse))
    return (p, p, p), (), 0


def forcing(purse: tuple[int, ...]) -> list[int]:
    """The seats (0 plays first) that can make sure of winning from three equal purses."""
    return [s for s in range(3) if can_force(s, start(purse))]


def purses_of(size: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(BILLS, size))


def three_bill_counts() -> tuple[int, int]:
    """Of all purses of three bills: how many let no seat make sure of winning, and how many there are."""
    purses = purses_of(3)
    return sum(not forcing(p) for p in purses), len(purses)


def always_third(sizes: tuple[int, ...] = (1, 2)) -> bool:
    """For every purse of these many bills, the third seat (and only it) can make sure of winning."""
    return all(forcing(p) == [2] for size in sizes for p in purses_of(size))
