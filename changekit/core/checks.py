"""Argument checks every public function starts with: types and sizes, one message style.

Each check returns the value in its plain form (a numpy integer becomes an ``int``, a hand a
tuple) or raises :class:`InvalidArgument` naming the argument. The size limits below are
the documented ones (docs/limits.md): inside them every helper answers in well under a
second and a few MB.
"""
from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any

from .errors import InvalidArgument

#: Cards or bills in one collection passed to a helper (a hand, a pot, a purse, a pile).
MAX_HAND = 64
#: The largest amount of dollars (a bill, a target, a total) a helper is asked about.
MAX_DOLLARS = 10_000
#: Copies of one card kind (or bill) in a deck or pool.
MAX_COPIES = 1_000
#: Games, deals or samples one simulation runs (time grows in proportion).
MAX_RUNS = 100_000
#: Seeds are whole numbers from 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1
#: A saved game: characters of JSON text, nesting depth, and actions in its history.
MAX_SAVE_CHARS = 2_000_000
MAX_SAVE_DEPTH = 24
MAX_SAVE_ACTIONS = 20_000


def shown(value: Any, limit: int = 80) -> str:
    """``repr(value)``, cut short: a message never echoes a huge input back.

    >>> shown("x" * 500, 20)
    "'xxxxxxxxxxx… (500 characters)"
    """
    if isinstance(value, (str, bytes, bytearray)) and len(value) > limit:
        return f"{repr(value[:limit])[:limit - 8]}… ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real problem
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit - 8]}… ({len(text)} characters)"


def whole(value: Any, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` (numpy integers too; not bools, floats or strings) within bounds.

    >>> whole(3, "target", low=0), whole(True, "target")
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: target is a whole number, not True
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidArgument(f"{name} is a whole number{_range(low, high)}, not {shown(value)}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidArgument(f"{name} is a whole number{_range(low, high)}, not {shown(value)}")
    return number


def real(value: Any, name: str, *, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a finite number (no NaN, no infinity, no bools or strings) within bounds.

    >>> real(0.5, "noise", low=0), real(1, "noise")
    (0.5, 1)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise InvalidArgument(f"{name} is a finite number{_range(low, high)}, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidArgument(f"{name} is a number{_range(low, high)}, not {shown(value)}")
    return value


def collection(value: Any, name: str, *, limit: int = MAX_HAND, what: str = "items") -> tuple:
    """The items of ``value`` as a tuple: a list, tuple, set, Counter's elements... not a string
    or bytes (read letter by letter they give silently wrong answers), at most ``limit`` of them.

    >>> collection(["1", "5"], "hand"), collection("15", "hand")
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: hand is a collection of items (a list or tuple), not the text '15'
    """
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        raise InvalidArgument(f"{name} is a collection of {what} (a list or tuple), not the text {shown(value)}")
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise InvalidArgument(f"{name} is a collection of {what} (a list or tuple), not {shown(value)}")
    try:
        items = tuple(islice(value, limit + 1))
    except InvalidArgument:
        raise
    except Exception as exc:
        raise InvalidArgument(f"{name}: cannot read {what} from {shown(value)} ({type(exc).__name__})") from None
    if len(items) > limit:
        raise InvalidArgument(f"{name} holds at most {limit} {what}, not more")
    return items


def bills(value: Any, name: str, *, limit: int = MAX_HAND, allowed: Iterable[int] | None = None) -> tuple[int, ...]:
    """A collection of bills as a tuple of ints (each a whole number of dollars ≥ 1, or one of
    ``allowed``).

    >>> bills([5, 1], "hand"), bills(b"\\x05", "hand")
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: hand is a collection of bills (a list or tuple), not the text b'\\x05'
    """
    items = collection(value, name, limit=limit, what="bills")
    allowed = None if allowed is None else tuple(allowed)
    out = []
    for item in items:
        if allowed is None:
            out.append(whole(item, f"{name}: a bill", low=1, high=MAX_DOLLARS))
        else:
            if isinstance(item, bool) or not isinstance(item, numbers.Integral) or int(item) not in allowed:
                raise InvalidArgument(f"{name}: a bill is one of {allowed}, not {shown(item)}")
            out.append(int(item))
    return tuple(out)


def one_of(value: Any, name: str, choices: Iterable[Any]) -> Any:
    """``value`` if it is one of ``choices`` (compared by type too: ``True`` is not ``1``)."""
    choices = tuple(choices)
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    raise InvalidArgument(f"{name} is one of {choices}, not {shown(value)}")


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" ≥ {low}"
    if high is not None:
        return f" ≤ {high}"
    return ""
