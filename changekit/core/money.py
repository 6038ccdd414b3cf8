"""Bills of the Change! deck, and ``Money``: a multiset of bills that cannot go negative."""
from __future__ import annotations

import numbers
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .checks import MAX_HAND, Rule, checked, is_bills, is_whole, shown
from .errors import ChangekitError, InvalidArgument
from .words import dollars

Dollars = int
#: The five denominations of the Change! deck, ten bills of each.
DENOMINATIONS: tuple[Dollars, ...] = (1, 3, 5, 7, 10)
BILLS_PER_DENOMINATION = 10


def is_change_bills(limit: int = MAX_HAND) -> Rule:
    """An argument rule (``changekit.core.checks``): bills of the Change! deck."""
    return is_bills(limit, allowed=DENOMINATIONS)


def is_change_bill(value: Any, name: str) -> int:
    """An argument rule: one bill of the Change! deck."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) not in DENOMINATIONS:
        raise InvalidArgument(f"{name} is a Change! bill, one of {DENOMINATIONS}, not {shown(value)}")
    return int(value)


@dataclass(frozen=True, slots=True, order=True)
class Bill:
    """One bill. ``str`` is how it is written on the table, ``repr`` round-trips.

    >>> Bill(5), str(Bill(5)), Bill.parse("$10")
    (Bill(5), '$5', Bill(10))
    """

    value: Dollars

    def __post_init__(self) -> None:
        if self.value not in DENOMINATIONS:
            raise ChangekitError(f"a Change! bill is worth one of {DENOMINATIONS}, not {self.value!r}")

    @classmethod
    def parse(cls, text: str) -> "Bill":
        try:
            return cls(int(text.strip().lstrip("$")))
        except ValueError:
            raise ChangekitError(f"cannot read a bill from {text!r}; write it like '$5'") from None

    def __str__(self) -> str:
        return f"${self.value}"

    def __repr__(self) -> str:
        return f"Bill({self.value})"

    def _repr_svg_(self) -> str:
        from changekit.core.pictures import bill_svg  # drawing code only when Jupyter asks

        return bill_svg(self.value)


@checked(decks=is_whole(0, 100))
def change_deck(decks: int = 1) -> list[Dollars]:
    """The bills of ``decks`` Change! decks, in a fixed order (shuffle with the game's RNG).

    >>> len(change_deck()), sum(change_deck())
    (50, 260)
    """
    return [v for v in DENOMINATIONS for _ in range(BILLS_PER_DENOMINATION * decks)]


class Money:
    """A bundle of bills: a multiset with a total, that refuses to go negative.

    >>> purse = Money([1, 3, 3, 10])
    >>> purse.total, purse.count(3), str(purse)
    (17, 2, '$10 $3 $3 $1')
    >>> str(purse - [3, 1]), (purse + [5]).total
    ('$10 $3', 22)
    >>> purse - [7]
    Traceback (most recent call last):
    ...
    changekit.core.errors.ChangekitError: cannot take $7 out of $10 $3 $3 $1: there is no such bill in it
    """

    __slots__ = ("_counts",)

    def __init__(self, bills: Iterable[Dollars] = ()) -> None:
        counts = Counter(bills)
        for value in counts:
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ChangekitError(f"a bill is a positive whole number of dollars, not {value!r}")
        self._counts = counts

    @property
    def total(self) -> Dollars:
        return sum(v * n for v, n in self._counts.items())

    def count(self, value: Dollars) -> int:
        return self._counts.get(value, 0)

    def bills(self) -> tuple[Dollars, ...]:
        """The bills from the highest down."""
        return tuple(sorted(self._counts.elements(), reverse=True))

    def counts(self) -> dict[Dollars, int]:
        return {v: n for v, n in sorted(self._counts.items()) if n}

    def __iter__(self) -> Iterator[Dollars]:
        return iter(self.bills())

    def __len__(self) -> int:
        return sum(self._counts.values())

    def __contains__(self, value: object) -> bool:
        return self._counts.get(value, 0) > 0  # type: ignore[call-overload]

    def __add__(self, other: Iterable[Dollars]) -> "Money":
        return Money([*self._counts.elements(), *other])

    def __sub__(self, other: Iterable[Dollars]) -> "Money":
        left = Counter(self._counts)
        for value in other:
            if left.get(value, 0) <= 0:
                raise ChangekitError(f"cannot take ${value} out of {self}: there is no such bill in it")
            left[value] -= 1
        return Money(left.elements())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Money):
            return +self._counts == +other._counts
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.bills())

    def __str__(self) -> str:
        return dollars(self.bills(), sep=" ")

    def __repr__(self) -> str:
        return f"Money({list(self.bills())})"

    def _repr_html_(self) -> str:
        # drawing code only when Jupyter asks (the engines, under Pyodide too, never draw)
        from changekit.core.pictures import bills_html

        return bills_html(self.bills())
