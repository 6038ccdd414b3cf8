"""A game's settings, checked from what each field declares.

A field's type says what it accepts, so no game writes its own checks for the usual cases:

* ``Literal["high", "low"]``: one of those values;
* ``bool``: ``True`` or ``False`` (never ``1``); ``int``: a whole number (never ``True``);
* ``Annotated[int, Between(1, 100)]``: a whole number in that range (``bool`` refused);
* ``Annotated[float, Between(0, 2)]``: a number in that range;
* ``X | None``: ``None`` or what ``X`` accepts;
* any other type (tuples of bills, a deck): the game's :meth:`Options.check` looks at it.

:meth:`Options.check` is also where relations between fields are checked (a deck big enough
for the players, a kitty that leaves equal hands).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Demo(Options):
...     tiebreak: Literal["high", "low"] = "high"
...     rounds: Annotated[int, Between(1, 20)] = 3
>>> Demo(rounds=21)
Traceback (most recent call last):
...
changekit.core.errors.InvalidArgument: rounds is a whole number from 1 to 20, not 21
>>> Demo(tiebreak="middle")
Traceback (most recent call last):
...
changekit.core.errors.InvalidArgument: tiebreak is one of 'high' or 'low', not 'middle'
"""
from __future__ import annotations

import types
import typing
from dataclasses import asdict, dataclass, fields
from typing import Annotated, Any, Callable, Literal, NamedTuple, Self, Union

from .checks import shown
from .errors import InvalidArgument, InvalidSave

__all__ = ["Between", "Options", "choices"]


class Between(NamedTuple):
    """The range a number option accepts, both ends included: ``Annotated[int, Between(1, 20)]``."""

    low: float
    high: float


def choices(literal: Any) -> tuple[Any, ...]:
    """The values a ``Literal`` type allows (for menus and messages).

    >>> choices(Literal["high", "low"])
    ('high', 'low')
    """
    return typing.get_args(literal)


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """A game's settings. Subclasses add their documented options with defaults, declared as
    the module docstring shows; ``players`` is checked against the game by :class:`Game`."""

    players: int = 4

    def __post_init__(self) -> None:
        for name, check in _field_checks(type(self)):
            check(name, getattr(self, name))
        self.check()

    def check(self) -> None:
        """Checks the field types cannot say (relations between fields, structured values)."""

    def max_steps(self) -> int:
        """An upper bound on the number of actions in one game with these options."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        # Every save writes the options (a networked table saves after each move): plain values
        # and tuples of them are read directly, what ``asdict`` would give for them; anything
        # else (nested structures) goes through ``asdict``, which copies deeply and is slow.
        values = {name: getattr(self, name) for name in _field_names(type(self))}
        if all(_is_plain(v) for v in values.values()):
            return values
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InvalidSave(f"unknown options {sorted(unknown)}; this game has {sorted(known)}")
        return cls(**{k: tuples(v) for k, v in data.items()})


_PLAIN = (int, float, str, bool, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _is_plain(value: Any) -> bool:
    """A value ``asdict`` copies as an equal immutable value: a number, string, None, or a plain
    tuple of those (nested too)."""
    kind = type(value)
    return kind in _PLAIN or (kind is tuple and all(_is_plain(v) for v in value))


def tuples(value: Any) -> Any:
    """JSON lists back to tuples (actions and options are immutable)."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


Check = Callable[[str, Any], None]


_CHECKS: dict[type, tuple[tuple[str, Check], ...]] = {}


def _field_checks(cls: type) -> tuple[tuple[str, Check], ...]:
    """Each declared field's check, built once per Options class from its type hints."""
    if cls not in _CHECKS:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = ((f.name, _check_for(hints[f.name])) for f in fields(cls))
        _CHECKS[cls] = tuple((name, check) for name, check in found if check is not None)
    return _CHECKS[cls]


def _check_for(hint: Any) -> Check | None:
    origin = typing.get_origin(hint)
    if origin is Literal:
        allowed = typing.get_args(hint)

        def one_of(name: str, value: Any) -> None:
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise InvalidArgument(f"{name} is one of {_or(allowed)}, not {shown(value)}")
        return one_of
    if hint is int:
        def whole(name: str, value: Any) -> None:
            if type(value) is not int:
                raise InvalidArgument(f"{name} is a whole number, not {shown(value)}")
        return whole
    if hint is bool:
        def flag(name: str, value: Any) -> None:
            if type(value) is not bool:
                raise InvalidArgument(f"{name} is True or False, not {shown(value)}")
        return flag
    if origin is Annotated:
        base, *marks = typing.get_args(hint)
        ranges = [m for m in marks if isinstance(m, Between)]
        if ranges:
            return _number(base, ranges[0])
        return _check_for(base)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if type(None) in options:
            rest = [o for o in options if o is not type(None)]
            inner = _check_for(rest[0]) if len(rest) == 1 else None
            if inner is None:
                return None

            def optional(name: str, value: Any) -> None:
                if value is not None:
                    try:
                        inner(name, value)
                    except InvalidArgument as exc:
                        raise InvalidArgument(f"{exc} (or None)") from None
            return optional
    return None


def _number(base: Any, limits: Between) -> Check:
    whole = base is int
    low, high = limits
    kind = "a whole number" if whole else "a number"

    def number(name: str, value: Any) -> None:
        ok_type = type(value) is int if whole else type(value) in (int, float)
        if not ok_type or not low <= value <= high:
            raise InvalidArgument(f"{name} is {kind} from {_plain(low)} to {_plain(high)}, not {shown(value)}")
    return number


def _plain(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _or(values: tuple[Any, ...]) -> str:
    words = [repr(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
