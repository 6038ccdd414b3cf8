"""Named moves: each game declares its moves as small value types, with words and JSON both ways.

A move is written the way a player says it: ``Pay(10)``, ``Jiggle(2)``, ``Close()``,
``Steal(0, 1, 2)``. Each move type is built on the plain value the engines have always used (an
int, a word, a tuple), so a move *is* that value as well: ``Pay(10) == 10``,
``Close() == "close"``, ``Jiggle(2) == ("jiggle", 2)``. Saves made before moves had names, the
class store's log and a bot that returns the plain value all keep working, while bots and apps
tell moves apart by type (``isinstance(move, Jiggle)``) and read their fields by name
(``move.bag``).

Every move has a text form, like python-chess's ``Move.uci()``: ``move.text()`` gives it and the
game's :class:`Moves` reads it back (``moves.parse("jiggle 2") == Jiggle(2)``); its JSON is the
plain value (``json.dumps(Jiggle(2)) == '["jiggle", 2]'``) and ``moves.typed`` reads that back.
Something that is no move of the game at all (a wrong type or shape) is an :class:`InvalidMove`;
a well-formed move that the position does not allow is the game's :class:`IllegalAction`.

>>> class Pay(Amount):
...     name = "pay"
>>> class Jiggle(Tagged):
...     name, fields = "jiggle", (("bag", int),)
>>> class Close(Word):
...     name = "close"
>>> moves = Moves(Pay, Jiggle, Close)
>>> Jiggle(2), Jiggle(2).bag, Jiggle(2) == ("jiggle", 2), Close() == "close", Pay(10) + 0
(Jiggle(2), 2, True, True, 10)
>>> [m.text() for m in (Pay(10), Jiggle(2), Close())]
['pay 10', 'jiggle 2', 'close']
>>> moves.parse("jiggle 2") == Jiggle(2), type(moves.typed(["jiggle", 2])).__name__
(True, 'Jiggle')
>>> same_move(Pay(10), 10), same_move(Pay(10), True)
(True, False)
>>> try:
...     moves.typed(("wiggle", 2))
... except InvalidMove as err:
...     print(err.rule, "|", str(err)[:50])
move-shape | ('wiggle', 2) is not a move of this game: its move
"""
from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable

from .checks import shown
from .errors import InvalidMove

#: A field's kind: ``int`` (a whole number), ``str`` (a word or a card such as ``10C``), or a
#: tuple of either (``(int,)``: several whole numbers, written ``10+5``; empty: ``none``).
FieldKind = type | tuple[type]


class Move:
    """What every move type shares. A move type sets ``name`` (its first word) and is built on
    :class:`Word`, :class:`Amount`, :class:`Tagged` or :class:`Bills`."""

    __slots__ = ()
    name: ClassVar[str]
    #: (field name, kind) pairs, in order
    fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = ()

    if TYPE_CHECKING:  # each field is a property made when the move type is declared
        def __getattr__(self, field: str) -> Any: ...

    def values(self) -> tuple[Any, ...]:
        """The move's field values, in ``fields`` order."""
        raise NotImplementedError

    def text(self) -> str:
        """The move in words a person can type back: its name, then each field (``steal 0 1 2``,
        ``bid 10+5``)."""
        return " ".join([self.name, *(_field_text(v) for v in self.values())])

    def to_json(self) -> Any:
        """The plain value (what a save of format 1 and the class store hold)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(_plain(v)) for v in self.values())})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(_plain(v) for v in self.values()))

    @classmethod
    def from_values(cls, values: tuple[Any, ...]) -> Move:
        return cls(*values)

    @classmethod
    def usage(cls) -> str:
        """How the move is typed (``steal <from> <to> <diamond>``)."""
        return " ".join([cls.name, *(f"<{f}>" for f, _ in cls.fields)])


class Word(Move, str):
    """A move with no fields, equal to its name: ``Close() == "close"``."""

    __slots__ = ()

    def __new__(cls) -> Word:
        return str.__new__(cls, cls.name)

    def values(self) -> tuple[Any, ...]:
        return ()

    def to_json(self) -> str:
        return str(self)

    __str__ = str.__str__
    __hash__ = str.__hash__
    __eq__ = str.__eq__


class Amount(Move, int):
    """A move that is one whole number, equal to it: ``Pay(10) == 10``."""

    __slots__ = ()
    amount = property(int, doc="the move's number")
    fields = (("amount", int),)  # a game names its number: (("bill", int),) gives move.bill

    def __new__(cls, amount: int) -> Amount:
        return int.__new__(cls, _whole(amount, cls, cls.fields[0][0]))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _name_the_whole(cls, int)

    def values(self) -> tuple[Any, ...]:
        return (int(self),)

    def to_json(self) -> int:
        return int(self)

    __str__ = int.__repr__  # f"${move}" and str(move) read as the number, as before moves had names
    __hash__ = int.__hash__
    __eq__ = int.__eq__


class Tagged(Move, tuple):
    """A move with fields, equal to the tuple of its name and fields:
    ``Steal(0, 1, 2) == ("steal", 0, 1, 2)``. When the last field's kind is a tuple, it takes the
    rest of the items (``Play("10C", "10C") == ("play", "10C", "10C")``)."""

    __slots__ = ()

    def __new__(cls, *values: Any) -> Tagged:
        return tuple.__new__(cls, (cls.name, *_flatten(cls, values)))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for index, (field, kind) in enumerate(cls.fields):
            if not hasattr(cls, field):
                rest = isinstance(kind, tuple) and index == len(cls.fields) - 1
                setattr(cls, field, property(_rest_from(index + 1) if rest else _item_at(index + 1),
                                             doc=f"the move's {field}"))

    def values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f, _ in self.fields)

    def to_json(self) -> list[Any]:
        return list(self)

    __hash__ = tuple.__hash__
    __eq__ = tuple.__eq__


def _item_at(i: int) -> Callable[[tuple[Any, ...]], Any]:
    return lambda move: move[i]


def _rest_from(i: int) -> Callable[[tuple[Any, ...]], Any]:
    return lambda move: move[i:]


class Bills(Move, tuple):
    """A move that is a tuple of whole numbers (bills), equal to it: ``Bid(10, 5) == (10, 5)``."""

    __slots__ = ()
    bills = property(tuple, doc="the move's bills")
    fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("bills", (int,)),)  # a subclass may split them

    def __new__(cls, *bills: int) -> Bills:
        return tuple.__new__(cls, tuple(_whole(b, cls, "bill") for b in bills))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _name_the_whole(cls, tuple)

    def values(self) -> tuple[Any, ...]:
        return (tuple(self),)

    @classmethod
    def from_values(cls, values: tuple[Any, ...]) -> Move:
        return cls(*values[0])

    def to_json(self) -> list[int]:
        return list(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(str(b) for b in self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(self))

    __hash__ = tuple.__hash__
    __eq__ = tuple.__eq__


class Moves:
    """A game's move types: reads a move from its text (:meth:`parse`) or its plain value
    (:meth:`typed`), and refuses anything else with an :class:`InvalidMove`.

    At most one :class:`Amount` and one untagged tuple type (:class:`Bills`, or a type that
    overrides :meth:`Move.from_values` for its own tuple) per game, so that a plain value names its
    type without doubt."""

    def __init__(self, *types: type[Move], untagged: type[Move] | None = None) -> None:
        self.types = types + ((untagged,) if untagged else ())
        self.by_name = {t.name: t for t in self.types}
        if len(self.by_name) != len(self.types):
            raise InvalidMove(f"two move types share a name in {[t.name for t in self.types]}")
        self.words = {t.name: t() for t in types if issubclass(t, Word)}
        amounts = [t for t in types if issubclass(t, Amount)]
        tuples = [t for t in types if issubclass(t, Bills)] + ([untagged] if untagged else [])
        if len(amounts) > 1 or len(tuples) > 1:
            raise InvalidMove("a game has at most one move that is a number and one that is a plain tuple")
        self.amount = amounts[0] if amounts else None
        self.untagged = tuples[0] if tuples else None
        self.exact = frozenset(self.types)
        self._seen: dict[Any, Move] = {}

    def typed(self, value: Any) -> Move:
        """``value`` as this game's move: a move of the game is returned as it is, its plain value
        (an int, a word, a tuple or a JSON list) becomes the move; anything else is refused."""
        if type(value) in self.exact:
            return value
        # moves repeat (the same bills, bags, cards): keep one of each, looked up only by values
        # of exact plain types, since True == 1 and 1.0 == 1 would find Pay(1) for junk
        plain = _exactly_plain(value)
        if plain:
            found = self._seen.get(value)
            if found is not None:
                return found
        move = self._read(value)
        if plain and len(self._seen) < 4096:
            self._seen[value] = move
        return move

    def typed_all(self, values: Iterable[Any]) -> list[Any]:
        return [self.typed(v) for v in values]

    def parse(self, text: Any) -> Move:
        """The move written as ``text`` (what :meth:`Move.text` gives): ``"steal 0 1 2"``."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidMove(f"a move in words is a line of text such as {self._example()!r}, not {shown(text)}")
        name, *words = text.split()
        kind = self.by_name.get(name)
        if kind is None:
            raise InvalidMove(f"{name!r} is not a move of this game: its moves are {self._usages()}")
        fields = kind.fields
        if len(words) != len(fields):
            raise InvalidMove(f"{text.strip()!r}: write it as {kind.usage()!r}")
        return kind.from_values(tuple(_read_field(w, k, kind) for w, (_, k) in zip(words, fields, strict=True)))

    def _read(self, value: Any) -> Move:
        if isinstance(value, str):
            if value in self.words:
                return self.words[value]
        elif isinstance(value, bool):
            pass
        elif isinstance(value, numbers.Integral):
            if self.amount is not None:
                return self.amount(int(value))
        elif isinstance(value, (tuple, list)):
            items = tuple(value)
            if items and isinstance(items[0], str) and items[0] in self.by_name \
                    and issubclass(self.by_name[items[0]], Tagged):
                return self._build(self.by_name[items[0]], items[1:], value)
            if self.untagged is not None and all(isinstance(i, numbers.Integral) and not isinstance(i, bool)
                                                 for i in items):
                return self._build(self.untagged, items, value)
        raise InvalidMove(f"{shown(value)} is not a move of this game: its moves are {self._usages()}")

    def _build(self, kind: type[Move], items: tuple[Any, ...], value: Any) -> Move:
        try:
            if issubclass(kind, Bills):
                return kind(*items)
            if issubclass(kind, Tagged):
                return kind(*items)
            return kind.from_values((items,))
        except InvalidMove as err:
            raise InvalidMove(f"{shown(value)}: {err}") from None
        except (TypeError, ValueError):
            raise InvalidMove(f"{shown(value)} is not a move of this game: write it as {kind.usage()!r}") from None

    def _usages(self) -> str:
        return ", ".join(t.usage() for t in self.types)

    def _example(self) -> str:
        return self.types[0].usage()


def same_move(listed: Any, given: Any) -> bool:
    """Whether ``given`` names the move ``listed``: the move itself, or its plain value (``10`` for
    ``Pay(10)``), but never a value of another type that compares equal (``True``, ``10.0``).

    ``same_move(Pay(10), 10)`` is true, ``same_move(Pay(10), 10.0)`` and ``same_move(1, True)`` false.
    """
    kind = type(given)
    return (type(listed) is kind or (kind in _PLAIN and isinstance(listed, Move) and isinstance(listed, kind))) \
        and listed == given


_PLAIN = (int, str, tuple)


def _exactly_plain(value: Any) -> bool:
    """An int, a str, or a flat tuple of those, each of exactly that type (no bool, float, subclass)."""
    kind = type(value)
    return kind is int or kind is str or (kind is tuple and all(type(v) is int or type(v) is str for v in value))


def _name_the_whole(cls: type[Move], plain: type) -> None:
    """Give a one-field move its field as an attribute (``Pay(10).bill == 10``)."""
    field = cls.fields[0][0]
    if field not in vars(cls):
        setattr(cls, field, property(lambda self: plain(self), doc=f"the move's {field}"))


def _whole(value: Any, kind: type[Move], what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidMove(f"{kind.__name__}: {what} is a whole number, not {shown(value)}")
    return int(value)


def _check(value: Any, kind: FieldKind, move: type[Move], field: str) -> Any:
    if isinstance(kind, tuple):
        if not isinstance(value, (tuple, list)):
            raise InvalidMove(f"{move.__name__}: {field} is a tuple, not {shown(value)}")
        return tuple(_check(v, kind[0], move, field) for v in value)
    if kind is int:
        return _whole(value, move, field)
    if not isinstance(value, str):
        raise InvalidMove(f"{move.__name__}: {field} is a word, not {shown(value)}")
    return str(value)


def _flatten(kind: type[Tagged], values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A tagged move's items after its name; the last field, when a tuple, is spread out."""
    fields = kind.fields
    rest = bool(fields) and isinstance(fields[-1][1], tuple)
    if rest and len(values) == len(fields) and isinstance(values[-1], (tuple, list)):
        values = (*values[:-1], *values[-1])  # Play(("10C", "10C")) as well as Play("10C", "10C")
    fixed = len(fields) - rest
    if len(values) < fixed or (not rest and len(values) != fixed):
        raise InvalidMove(f"{kind.__name__} takes {kind.usage()!r}, not {len(values)} values")
    items = [_check(v, k, kind, f) for v, (f, k) in zip(values[:fixed], fields[:fixed], strict=True)]
    if rest:
        items.extend(_check(tuple(values[fixed:]), fields[-1][1], kind, fields[-1][0]))
    return tuple(items)


def _field_text(value: Any) -> str:
    if isinstance(value, tuple):
        return "+".join(str(v) for v in value) if value else "none"
    return str(value)


def _read_field(word: str, kind: FieldKind, move: type[Move]) -> Any:
    if isinstance(kind, tuple):
        return () if word == "none" else tuple(_read_field(w, kind[0], move) for w in word.split("+"))
    if kind is int:
        try:
            return int(word)
        except ValueError:
            raise InvalidMove(f"{move.usage()!r}: {word!r} is not a whole number") from None
    return word


def _plain(value: Any) -> Any:
    return tuple(value) if isinstance(value, tuple) else value
