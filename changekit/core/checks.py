"""Argument checks every public function starts with: types and sizes, one message style.

Each check returns the value in its plain form (a numpy integer becomes an ``int``, a hand a
tuple) or raises :class:`InvalidArgument` naming the argument. The size limits below are
the documented ones (docs/limits.md): inside them every helper answers in well under a
second and a few MB.
"""
from __future__ import annotations

import functools
import inspect
import math
import numbers
import random
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from typing import Any, cast

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
    value = cast(float, value)  # a finite real (int, float, numpy or Fraction): it compares with floats
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
    if allowed is None and type(value) in (list, tuple) and len(value) <= limit \
            and all(type(b) is int and 1 <= b <= MAX_DOLLARS for b in value):
        return tuple(value)  # the common case, kept short: narration and money helpers pass plain lists
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


# ---- rules for @checked: each takes (value, name) and returns the plain value --------------
Rule = Callable[[Any, str], Any]


def is_whole(low: int | None = None, high: int | None = None) -> Rule:
    return lambda value, name: whole(value, name, low=low, high=high)


def is_real(low: float | None = None, high: float | None = None) -> Rule:
    return lambda value, name: real(value, name, low=low, high=high)


def is_bills(limit: int = MAX_HAND, allowed: Iterable[int] | None = None) -> Rule:
    return lambda value, name: bills(value, name, limit=limit, allowed=allowed)


def is_items(limit: int = MAX_HAND, what: str = "items", each: Rule | None = None) -> Rule:
    def rule(value: Any, name: str) -> tuple:
        items = collection(value, name, limit=limit, what=what)
        return items if each is None else tuple(each(item, f"{name}: an item") for item in items)
    return rule


def is_text(limit: int = 10_000) -> Rule:
    def rule(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise InvalidArgument(f"{name} is text (a str), not {shown(value)}")
        if len(value) > limit:
            raise InvalidArgument(f"{name} is at most {limit} characters, not {len(value)}")
        return value
    return rule


def is_flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} is True or False, not {shown(value)}")
    return value


def is_one_of(*choices: Any) -> Rule:
    return lambda value, name: one_of(value, name, choices)


def is_instance(kind: type | tuple[type, ...], what: str) -> Rule:
    def rule(value: Any, name: str) -> Any:
        if not isinstance(value, kind):
            raise InvalidArgument(f"{name} is {what}, not {shown(value)}")
        return value
    return rule


def optional(rule: Rule) -> Rule:
    return lambda value, name: None if value is None else rule(value, name)


def is_mapping(limit: int = 10_000, key: Rule | None = None, value: Rule | None = None, what: str = "a dict") -> Rule:
    def rule(mapping: Any, name: str) -> dict:
        if not isinstance(mapping, Mapping):
            raise InvalidArgument(f"{name} is {what}, not {shown(mapping)}")
        if len(mapping) > limit:
            raise InvalidArgument(f"{name} holds at most {limit} entries, not {len(mapping)}")
        out = {}
        for k, v in mapping.items():
            k = key(k, f"{name}: a key") if key else k
            out[k] = value(v, f"{name}[{shown(k, 20)}]") if value else v
        return out
    return rule


def is_probability(value: Any, name: str) -> Any:
    """An exact or float probability from 0 to 1 (Fractions and sympy Rationals kept as they are)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        try:
            import sympy  # analyses hand sympy Rationals around; only look when one shows up

            if isinstance(value, sympy.Rational):
                return value if 0 <= value <= 1 else _bad_probability(value, name)
        except ImportError:  # pragma: no cover - Pyodide without sympy
            pass
        return _bad_probability(value, name)
    if (isinstance(value, float) and not math.isfinite(value)) or not 0 <= cast(float, value) <= 1:
        return _bad_probability(value, name)
    return value


def _bad_probability(value: Any, name: str) -> Any:
    raise InvalidArgument(f"{name} is a probability from 0 to 1, not {shown(value)}")


#: The count of games, deals or samples of a simulation.
is_runs = is_whole(0, MAX_RUNS)
is_seed = is_whole(0, MAX_SEED)


def checked(**rules: Rule) -> Callable:
    """Check (and normalize) the named arguments with their rules before the function runs.

    >>> @checked(target=is_whole(0, 99))
    ... def half(target): return target / 2
    >>> half(50), half(target=10)
    (25.0, 5.0)
    >>> half("50")
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: target is a whole number from 0 to 99, not '50'
    """
    def wrap(function: Callable) -> Callable:
        signature = inspect.signature(function)
        unknown = set(rules) - set(signature.parameters)
        if unknown:  # a typo here would silently check nothing
            raise TypeError(f"{function.__qualname__} has no parameters {sorted(unknown)}")

        # The common call, positional arguments only, skips Signature.bind (a third of a hot
        # helper's time): the rules apply by position.
        params = list(signature.parameters.values())
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        fast = not any(p.kind == p.VAR_POSITIONAL or (p.kind == p.KEYWORD_ONLY and p.default is p.empty)
                       for p in params)
        required = sum(1 for p in positional if p.default is p.empty)
        by_position = [(i, p.name, rules[p.name]) for i, p in enumerate(positional) if p.name in rules]

        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            if fast and not kwargs and required <= len(args) <= len(positional):
                checked_args = list(args)
                for i, name, rule in by_position:
                    if i < len(checked_args):
                        checked_args[i] = rule(checked_args[i], name)
                return function(*checked_args)
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise InvalidArgument(f"{function.__name__}(): {exc}") from None
            arguments = bound.arguments
            for name, rule in rules.items():
                if name in arguments:
                    arguments[name] = rule(arguments[name], name)
            return function(*bound.args, **bound.kwargs)

        call.__wrapped_rules__ = rules  # type: ignore[attr-defined]
        return call
    return wrap


def is_view(**fields: Rule) -> Rule:
    """A player's view (the dict ``state.view(player)`` returns) holding ``fields``, each checked
    by its rule: a dict that is not such a view is refused naming the field it lacks or spoils.
    Returns a copy with the checked fields in their plain form."""
    def rule(view: Any, name: str) -> dict:
        if not isinstance(view, Mapping):
            raise InvalidArgument(f"{name} is the dict state.view(player) returns, not {shown(view)}")
        out = dict(view)
        for key, check in fields.items():
            if key not in view:
                raise InvalidArgument(f"{name} has no {key!r}: pass the dict state.view(player) returns")
            out[key] = check(view[key], f"{name}[{key!r}]")
        return out
    return rule


def is_anything(value: Any, name: str) -> Any:
    """Any value (a view field the helper reads only by comparing it)."""
    return value


def is_hashable(value: Any, name: str) -> Any:
    try:
        hash(value)
    except TypeError:
        raise InvalidArgument(f"{name} is a plain value (hashable), not {shown(value)}") from None
    return value


def is_callable(value: Any, name: str) -> Any:
    if not callable(value):
        raise InvalidArgument(f"{name} is a function, not {shown(value)}")
    return value


#: A distribution: outcome → probability, at most 10,000 outcomes.
is_distribution = is_mapping(10_000, key=is_hashable, value=is_probability, what="a dict outcome → probability")
#: A distribution over numbers (for means and sums).
is_number_distribution = is_mapping(10_000, key=is_real(), value=is_probability,
                                    what="a dict number → probability")


def is_rng(value: Any, name: str) -> Any:
    if not isinstance(value, random.Random):
        raise InvalidArgument(f"{name} is a random.Random, not {shown(value)}")
    return value
