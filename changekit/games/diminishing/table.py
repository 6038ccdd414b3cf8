"""The packed lookup table of the two-player solution, and the answers read from it.

:func:`.solver.backward_induction` labels positions in a dict, which is clear but big and slow to
read. Here a universe's positions are numbered in a mixed radix over the (mover count, other
count) pairs of each value, laid out so that after a move (mover and other swap roles) the new
position's number is the old position's swapped number plus a constant that depends only on
the move. The labels then fit in one byte string (``Table``), a lookup is a few additions, and the
whole solve becomes a few thousand numpy gathers (``solve_universe_numpy``).

``solve_position`` answers for any purses and pot made of the five denominations. The
standard two-player universe (two starting purses) ships precomputed in ``_standard_table.py``
so that the apps need no numpy (Pyodide); the test suite re-derives it. Other universes are
solved on first use with numpy, or in pure Python (``solver.backward_induction``) when numpy
is missing (fine for small starts).

>>> result = solve_position([3, 1], [1], [])
>>> result.mover_wins, [str(m) for m in result.winning_moves]
(True, ['play $1', 'play $3'])
>>> solve_position([3], [1, 1], []).mover_wins
False
"""
from __future__ import annotations

import base64
import struct
import time
import zlib
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from math import prod
from operator import add, itemgetter
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from changekit.core.checks import MAX_HAND, collection, whole
from changekit.core.errors import ChangekitError, InvalidArgument
from changekit.core.words import dollars

from .solver import (
    DENOMS, START_COUNTS, STANDARD_UNIVERSE, Counts, Turn, Solution, backward_induction, bills_of, counts_of,
    move_types, universe_size,
)

_POS = {d: i for i, d in enumerate(DENOMS)}
_VALUES = dollars(DENOMS, sep=" ")  # "$1 $3 $5 $7 $10": what the counts count, for messages


_new_solution = tuple.__new__  # Solution(...) without NamedTuple's Python-level __new__: the hot path


class _Legal(NamedTuple):
    """The legal moves of one kind of position (see ``_kind_share``), and how to read their
    verdicts.

    Turn k leads to position ``swapped + delta[k]`` (see ``Table``). ``read(table, swapped +
    lowest)`` is a compiled ``struct`` that picks the verdict byte of every legal move in one C
    call (fields in increasing delta order, skipping the bytes between them); ``reorder`` puts
    those verdicts back in the order of ``moves``.
    """

    numbers: tuple[int, ...]
    lowest: int
    read: Callable[[bytes, int], tuple[bool, ...]]
    reorder: Callable[[tuple[bool, ...]], tuple[bool, ...]]
    moves: tuple[Turn, ...]


#: A take-back is worth at most $9 (under the highest bill, $10), so at most 9 // d bills of value
#: d: the pot's counts above that never change which take-backs are possible.
_TAKE_CAP: tuple[int, ...] = tuple((max(DENOMS) - 1) // d for d in DENOMS)
_KIND_RADIX: tuple[int, ...] = tuple(32 * prod(c + 1 for c in _TAKE_CAP[:i]) for i in range(len(DENOMS)))
_KIND_BITS = (_KIND_RADIX[-1] * (_TAKE_CAP[-1] + 1) - 1).bit_length()  # 5,120 kinds: 13 bits
_KIND_MASK = (1 << _KIND_BITS) - 1


def _kind_share(i: int, held: int, in_pot: int) -> int:
    """Denomination ``i``'s share of the *kind* of a position: which denominations the mover
    holds (5 bits) and the pot capped at ``_TAKE_CAP`` (a mixed radix above them). Positions
    of one kind have the same legal moves."""
    return (held > 0) << i | min(in_pot, _TAKE_CAP[i]) * _KIND_RADIX[i]


# ---- one solved universe ----------------------------------------------------------------
class Table:
    """Win/loss for the mover at every position of one universe, with fast lookups.

    ``wins[i]`` is 1 when the mover wins at position number ``i``; a position whose other
    purse is empty counts as won (the other player is out), one whose mover purse is empty
    as lost.

    ``solve`` answers in a few microseconds: one pass over the five denominations gives the
    number of the position with the roles swapped and the position's *kind* (``_link``); the
    kind picks the legal moves and a compiled reader of their verdicts (``_Legal``).
    """

    def __init__(self, universe: Sequence[int], wins: bytes, seconds: float = 0.0, method: str = "") -> None:
        self.universe = tuple(universe)
        self.wins = wins
        self.seconds = seconds
        self.method = method
        n = self.universe
        self._pairs = [(c + 1) * (c + 2) // 2 for c in n]
        strides = [1] * len(n)
        for i in reversed(range(len(n) - 1)):
            strides[i] = strides[i + 1] * self._pairs[i + 1]
        self.strides = tuple(strides)
        self.size = strides[0] * self._pairs[0]
        if len(wins) != self.size:
            raise ChangekitError(f"a table for {self.universe} has {self.size} positions, not {len(wins)}")
        self._offsets = [[a * (c + 1) - a * (a - 1) // 2 for a in range(c + 1)] for c in n]
        # _links[i][x][y]: denomination i's share of _link(x, y) (see there), for x + y <= c
        self._links = tuple([[(s * (f[x] + y) << _KIND_BITS) + _kind_share(i, y, c - x - y) for y in range(c + 1 - x)]
                             for x in range(c + 1)]
                            for i, (s, f, c) in enumerate(zip(self.strides, self._offsets, n, strict=True)))
        self.moves = move_types(n)
        self._deltas = []
        for b, take in self.moves:
            delta = list(take)
            delta[_POS[b]] -= 1
            self._deltas.append(sum(s * d for s, d in zip(self.strides, delta, strict=True)))
        self._move_objects = tuple(Turn(b, bills_of(take)) for b, take in self.moves)  # shared by all lookups
        self._by_kind: list[_Legal | None] = [None] * (1 << _KIND_BITS)
        self._by_numbers: dict[tuple[int, ...], _Legal] = {}
        self._loses: bytes | None = None  # made on the first solve (see solve)

    def index(self, mover: Sequence[int], other: Sequence[int]) -> int:
        """The number of the position (mover counts, other counts); the pot is the rest."""
        for c, m, o in zip(self.universe, mover, other, strict=True):
            if m < 0 or o < 0 or m + o > c:
                raise ChangekitError(f"purses {mover} and {other} do not fit the universe {self.universe}")
        return self._number(mover, other)

    def _link(self, first: Sequence[int], second: Sequence[int]) -> int:
        """``number(first, second) << _KIND_BITS | kind(second, pot)``: the number of the position
        where ``first`` moves against ``second``, and the kind (see ``_kind_share``) of the
        position where ``second`` moves against ``first``. Both are sums of one term per
        denomination, so one table lookup per denomination gives both: the lookups' hot path,
        for purses that fit the universe by construction (``index`` checks)."""
        t0, t1, t2, t3, t4 = self._links
        return (t0[first[0]][second[0]] + t1[first[1]][second[1]] + t2[first[2]][second[2]]
                + t3[first[3]][second[3]] + t4[first[4]][second[4]])

    def _number(self, mover: Sequence[int], other: Sequence[int]) -> int:
        return self._link(mover, other) >> _KIND_BITS

    def mover_wins(self, mover: Sequence[int], other: Sequence[int]) -> bool:
        return self.wins[self.index(mover, other)] == 1

    def legal(self, mover: Sequence[int], pot: Sequence[int]) -> list[int]:
        """Numbers (into ``self.moves``) of the moves legal for ``mover`` with ``pot``."""
        return list(self._legal(mover, pot).numbers)

    def _legal(self, mover: Sequence[int], pot: Sequence[int]) -> _Legal:
        """The legal moves of a mover holding ``mover`` with ``pot`` in the middle."""
        kind = sum(_kind_share(i, held, in_pot) for i, (held, in_pot) in enumerate(zip(mover, pot, strict=True)))
        return self._by_kind[kind] or self._learn(kind, mover, pot)

    def _learn(self, kind: int, mover: Sequence[int], pot: Sequence[int]) -> _Legal:
        numbers = tuple(k for k, (b, take) in enumerate(self.moves)
                        if mover[_POS[b]] > 0 and all(t <= p for t, p in zip(take, pot, strict=True)))
        # many kinds share one set of legal moves: share its reader too (fewer objects to fetch
        # from memory on the hot path)
        legal = self._by_numbers.get(numbers) or self._by_numbers.setdefault(numbers, self._reader(numbers))
        self._by_kind[kind] = legal
        return legal

    def _reader(self, numbers: tuple[int, ...]) -> _Legal:
        if not numbers:  # an empty purse (the pure-Python solve visits those)
            return _Legal((), 0, struct.Struct("").unpack_from, tuple, ())
        by_delta = sorted(range(len(numbers)), key=lambda j: self._deltas[numbers[j]])
        deltas = [self._deltas[numbers[j]] for j in by_delta]
        fields, at = [], deltas[0]
        for d in deltas:
            fields.append(f"{d - at}x?")
            at = d + 1
        slot = {j: n for n, j in enumerate(by_delta)}
        # itemgetter of one index returns a bare value, of two a tuple: compress() needs a tuple
        reorder = itemgetter(*[slot[j] for j in range(len(numbers))] * (2 if len(numbers) == 1 else 1))
        return _Legal(numbers, deltas[0], struct.Struct("<" + "".join(fields)).unpack_from, reorder,
                      tuple(self._move_objects[k] for k in numbers))

    def solve(self, mover: Sequence[int], other: Sequence[int], pot: Sequence[int]) -> Solution:
        """The verdict on a position whose purses and pot make up this table's universe."""
        link = self._link(other, mover)
        swapped, kind = link >> _KIND_BITS, link & _KIND_MASK  # this position with roles swapped; its kind
        _, lowest, read, reorder, moves = self._by_kind[kind] or self._learn(kind, mover, pot)  # unpacked: fast
        # a move wins when it leads to a loss for the next mover: read the flipped table
        winning = list(compress(moves, reorder(read(self._loses or self._flip(), swapped + lowest))))
        return _new_solution(Solution, (bool(winning), winning, moves))

    def _flip(self) -> bytes:
        self._loses = self.wins.translate(bytes.maketrans(b"\0\1", b"\1\0"))
        return self._loses

    def nbytes(self) -> int:
        """Bytes held: the table, and its flipped copy once ``solve`` has made it."""
        return len(self.wins) + len(self._loses or b"")


_TABLES: dict[tuple[int, ...], Table] = {}


def table_for(universe: Sequence[int], *, method: str = "auto") -> Table:
    """The solved table of ``universe`` (cached): shipped, numpy, or pure Python."""
    universe = tuple(universe)
    hit = _TABLES.get(universe)
    if hit is not None and method == "auto":
        return hit
    if method == "auto":
        if universe == STANDARD_UNIVERSE:
            table = shipped_standard_table()
        else:
            try:
                import numpy  # noqa: F401  # optional (Pyodide has none): is it here?
                method = "numpy"
            except ImportError:
                method = "python"
    if method == "numpy":
        table = solve_universe_numpy(universe)
    elif method == "python":
        table = solve_universe_python(universe)
    elif method != "auto":
        raise ChangekitError(f"method is 'auto', 'numpy' or 'python', not {method!r}")
    _TABLES.setdefault(universe, table)
    return table


def solve_position(mover: Sequence[int], other: Sequence[int], pot: Sequence[int] = ()) -> Solution:
    """Solve a two-player position exactly: the mover (about to play) holds ``mover``, the
    opponent ``other``, and ``pot`` lies in the middle (each a sequence of bill values).

    >>> s = solve_position([10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1], [10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1], [])
    >>> s.mover_wins  # the first player loses the standard game
    False
    >>> len(s.moves), len(s.winning_moves)
    (5, 0)
    """
    m, o, p, universe = _position(mover, other, pot)
    check_solvable(universe)
    return table_for(universe).solve(m, o, p)


def _position(mover: Sequence[int], other: Sequence[int], pot: Sequence[int]):
    """(mover, other, pot, universe) as counts per denomination; both players must hold money."""
    m, o, p = counts_of(mover, "mover"), counts_of(other, "other"), counts_of(pot, "pot")
    if not any(m):
        raise ChangekitError("the mover holds no money: that player is already out")
    if not any(o):
        raise ChangekitError("the other player holds no money: the game is already over")
    universe = (m[0] + o[0] + p[0], m[1] + o[1] + p[1], m[2] + o[2] + p[2], m[3] + o[3] + p[3], m[4] + o[4] + p[4])
    return m, o, p, universe


#: Positions a new universe may have for solve_position to solve it (about half a second);
#: the standard game's universe is shipped, and universes solved before are kept.
SOLVE_LIMIT = 600_000


def check_solvable(universe: tuple[int, ...]) -> None:
    """Refuse (``InvalidArgument``) a new universe too big for ``solve_position`` to solve now."""
    if universe not in _TABLES and universe != STANDARD_UNIVERSE and universe_size(universe) > SOLVE_LIMIT:
        raise InvalidArgument(
            f"mover, other, pot: the bills {universe} (counts of {_VALUES}) make a game of "
            f"{universe_size(universe):,} positions; solve_position solves new ones up to {SOLVE_LIMIT:,}")


#: Universes up to this many positions are solved on the spot when a bot or a hint needs them
#: (pure Python: about a second); bigger ones only when already solved or shipped.
QUICK_SIZE = 20_000


def solve_if_quick(mover: Sequence[int], other: Sequence[int], pot: Sequence[int] = ()) -> Solution | None:
    """``solve_position``, or ``None`` when that would mean solving a big new universe (a
    three-player game down to two players holds more bills than two standard purses: tens of
    millions of positions). For bots and hints on the app's play path.

    >>> solve_if_quick([10, 7], [5, 3], [1]).mover_wins
    True
    >>> solve_if_quick([10] * 3, [10] * 3, [7] * 9 + [5] * 6) is None
    True
    """
    m, o, p, universe = _position(mover, other, pot)
    if universe not in _TABLES and universe != STANDARD_UNIVERSE and universe_size(universe) > QUICK_SIZE:
        return None
    return table_for(universe).solve(m, o, p)


def mover_wins(mover: Sequence[int], other: Sequence[int], pot: Sequence[int] = ()) -> bool:
    """Only the verdict of :func:`solve_position` (the fastest lookup).

    >>> mover_wins([10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1], [10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1])
    False
    """
    m, o, _, universe = _position(mover, other, pot)
    check_solvable(universe)
    return table_for(universe).mover_wins(m, o)



# ---- the numpy solve ----------------------------------------------------------------------
def _positions_numpy(universe: Sequence[int]):
    """Per-position arrays over the whole universe: mover counts, other counts (shape 5 × N)."""
    import numpy as np  # optional (Pyodide has none): only the numpy solve needs it

    mover, other = [], []
    for c in universe:
        a = np.array([x for x in range(c + 1) for _ in range(c + 1 - x)], dtype=np.int8)
        b = np.array([y for x in range(c + 1) for y in range(c + 1 - x)], dtype=np.int8)
        mover.append(a)
        other.append(b)
    k = len(universe)
    shape = [len(a) for a in mover]
    full_m, full_o = [], []
    for i in range(k):
        view = [1] * k
        view[i] = shape[i]
        full_m.append(np.broadcast_to(mover[i].reshape(view), shape).ravel())
        full_o.append(np.broadcast_to(other[i].reshape(view), shape).ravel())
    return np.stack(full_m), np.stack(full_o)


class _Layers:
    """The numpy arrays of one universe, positions sorted by purse money (layers)."""

    def __init__(self, universe: tuple[int, ...]) -> None:
        import numpy as np  # optional (Pyodide has none): only the numpy solve needs it

        shell = Table(universe, bytes(universe_size(universe)))
        self.shell = shell
        m, o = _positions_numpy(universe)
        denoms = np.array(DENOMS, dtype=np.int16)[:, None]
        purse_money = (denoms * (m + o)).sum(axis=0, dtype=np.int16).astype(np.uint16)
        pot = np.array(universe, dtype=np.int8)[:, None] - m - o
        pot_radix = [c + 1 for c in universe]
        pot_code = np.zeros(shell.size, dtype=np.int32)
        for i, r in enumerate(pot_radix):
            pot_code = pot_code * r + pot[i]
        has = np.zeros(shell.size, dtype=np.int32)
        for i in range(len(DENOMS)):
            has |= (m[i] > 0).astype(np.int32) << i
        code = pot_code * 32 + has
        # the number of the same position with mover and other swapped: after move k the
        # new position is number swapped + deltas[k] (see Table)
        swapped = np.zeros(shell.size, dtype=np.int64)
        for i in range(len(universe)):
            off = np.array(shell._offsets[i], dtype=np.int64)
            swapped += shell.strides[i] * (off[o[i]] + m[i])
        other_empty = ~(o > 0).any(axis=0)
        # valid[code, k]: move k is legal for a mover with those kinds of bills and that pot
        n_pot = int(np.prod(pot_radix))
        pots = np.array(np.unravel_index(np.arange(n_pot), pot_radix), dtype=np.int16)  # 5 × n_pot
        takes = np.array([t for _, t in shell.moves], dtype=np.int16).reshape(-1, len(DENOMS))  # K × 5
        plays = np.array([_POS[b] for b, _ in shell.moves], dtype=np.int64)
        pot_ok = np.asarray((pots.T[:, None, :] >= takes[None, :, :]).all(axis=2))  # n_pot × K
        has_ok = ((np.arange(32)[:, None] >> plays[None, :]) & 1).astype(bool)  # 32 × K
        self.valid = (pot_ok[:, None, :] & has_ok[None, :, :]).reshape(n_pot * 32, len(shell.moves)).view(np.uint8)
        self.deltas = np.array(shell._deltas, dtype=np.int64)
        # sort positions by purse money once; each layer is then a slice
        self.order = np.argsort(purse_money, kind="stable")
        self.bounds = np.searchsorted(purse_money[self.order], np.arange(int(purse_money.max()) + 2))
        self.swapped, self.code = swapped[self.order], code[self.order]
        self.other_empty = other_empty[self.order]
        self.other_empty_flat = other_empty

    def layers(self):
        for layer in range(len(self.bounds) - 1):
            lo, hi = int(self.bounds[layer]), int(self.bounds[layer + 1])
            if lo < hi:
                yield lo, hi


def solve_universe_numpy(universe: Sequence[int]) -> Table:
    """Retrograde analysis over every position of ``universe`` with numpy, layer by layer
    of purse money (a move always lowers it, so earlier layers are final)."""
    import numpy as np  # optional (Pyodide has none): only the numpy solve needs it

    start = time.perf_counter()
    z = _Layers(tuple(universe))
    wins = np.zeros(z.shell.size, dtype=np.uint8)
    for lo, hi in z.layers():
        # a move wins when it is legal (valid = 1) and leads to a loss (wins = 0): 1 > 0
        successors = np.take(wins, z.swapped[lo:hi, None] + z.deltas[None, :], mode="clip")
        can_win = (z.valid[z.code[lo:hi]] > successors).any(axis=1)
        wins[z.order[lo:hi]] = can_win | z.other_empty[lo:hi]
    return Table(z.shell.universe, wins.tobytes(), time.perf_counter() - start, "numpy")


def reachable_numpy(start: Sequence[int]):
    """A boolean array over the positions of the universe of two ``start`` purses: reachable
    from both players holding ``start`` and an empty pot (finished positions included)."""
    import numpy as np  # optional (Pyodide has none): only the numpy solve needs it

    start = tuple(start)
    z = _Layers(tuple(2 * c for c in start))
    reach = np.zeros(z.shell.size, dtype=bool)
    reach[z.shell.index(start, start)] = True
    for lo, hi in reversed(list(z.layers())):
        rows = np.nonzero(reach[z.order[lo:hi]] & ~z.other_empty[lo:hi])[0] + lo
        if len(rows) == 0:
            continue
        legal = z.valid[z.code[rows]].astype(bool)
        successors = (z.swapped[rows, None] + z.deltas[None, :])[legal]
        reach[successors] = True
    return reach, z.other_empty_flat


def count_games(start: Sequence[int]) -> int:
    """How many different games (sequences of moves, to the end) start from two ``start``
    purses (counts): the size of the game *tree*, against the far smaller number of positions
    (the tree folds into a graph). Exact (a Python int), in pure Python: each reachable
    position's count is the sum of its successors' counts, counted once.

    >>> count_games((1, 1, 0, 0, 0))  # each player holds a $3 and a $1
    9
    """
    return _count_games(tuple(start))


@lru_cache(maxsize=16)
def _count_games(start: tuple[int, ...]) -> int:
    # Exact and fixed by the start: counted once (the standard game's count, a few seconds of
    # pure Python, backs the page's "different games" readout every time it is shown).
    table = table_for(tuple(2 * c for c in start))
    universe, deltas, changes = table.universe, table._deltas, _move_changes(table)
    link_of, by_kind, learn = table._link, table._by_kind, table._learn
    games = [0] * table.size  # 0: not counted yet (every position has at least one game)

    def count(mover: tuple[int, ...], other: tuple[int, ...]) -> int:
        link = link_of(other, mover)
        swapped, kind = link >> _KIND_BITS, link & _KIND_MASK
        legal = by_kind[kind] or learn(  # the pot is worked out only for a kind not seen yet
            kind, mover, tuple(u - a - b for u, a, b in zip(universe, mover, other, strict=True)))
        total = 0
        for k in legal.numbers:
            j = swapped + deltas[k]
            n = games[j]
            if not n:
                left = tuple(map(add, mover, changes[k]))
                n = games[j] = count(other, left) if any(left) else 1  # a finished game counts once
            total += n
        return total

    return count(start, start)



# ---- the pure-Python solve (no numpy: Pyodide, small universes) ----------------------------
def solve_universe_python(universe: Sequence[int]) -> Table:
    """The readable backward induction (``solver.backward_induction``), packed into a table
    (fine for universes of a few thousand positions)."""
    start = time.perf_counter()
    universe = tuple(universe)
    shell = Table(universe, bytes(universe_size(universe)))
    wins = bytearray(shell.size)
    for (mover, other), won in backward_induction(universe).items():
        wins[shell.index(mover, other)] = won
    return Table(universe, bytes(wins), time.perf_counter() - start, "python")



# ---- the shipped standard table ---------------------------------------------------------------
def encode_table(table: Table) -> str:
    """The table's win bits, packed, compressed and base85-encoded (for ``_standard_table.py``)."""
    bits = bytearray((table.size + 7) // 8)
    for i, w in enumerate(table.wins):
        if w:
            bits[i >> 3] |= 1 << (i & 7)
    return base64.b85encode(zlib.compress(bytes(bits), 9)).decode("ascii")


def decode_table(universe: Sequence[int], text: str) -> Table:
    bits = zlib.decompress(base64.b85decode(text))
    spread = [bytes((v >> j) & 1 for j in range(8)) for v in range(256)]
    wins = b"".join(spread[v] for v in bits)[: universe_size(universe)]
    return Table(universe, wins, method="shipped")


def table_module_source(table: Table) -> str:
    """The text of ``_standard_table.py`` for ``table`` (run ``python -m
    changekit.games.diminishing.table`` to rewrite it; a test checks it is current)."""
    packed = encode_table(table)
    lines = [packed[i:i + 96] for i in range(0, len(packed), 96)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return (
        '"""Win (1) / loss (0) for the mover at every position of the standard two-player universe,\n'
        "bit-packed, zlib-compressed, base85: written by ``table.table_module_source`` from the numpy\n"
        'solve; ``tests/unit/test_diminishing_solver.py`` re-derives it."""\n'
        f"UNIVERSE = {table.universe!r}\n"
        f"PACKED = (\n{body}\n)\n"
    )


def shipped_standard_table() -> Table:
    """The standard two-player universe, decoded from the table shipped with the package."""
    from ._standard_table import PACKED, UNIVERSE  # 13 kB of packed text: read only when first needed

    start = time.perf_counter()
    table = decode_table(UNIVERSE, PACKED)
    table.seconds = time.perf_counter() - start
    return table


# ---- reachability and the size of the game ------------------------------------------------------
@dataclass(frozen=True)
class GameSize:
    """Positions reachable from a start (mover to play, both players holding money)."""

    start: tuple[int, ...]
    positions: int
    mover_wins: int
    terminal: int

    @property
    def mover_loses(self) -> int:
        return self.positions - self.mover_wins


def _move_changes(table: Table) -> list[tuple[int, ...]]:
    """Per move of ``table.moves``: what it does to the mover's counts (take-back minus the bill)."""
    out = []
    for b, take in table.moves:
        change = list(take)
        change[_POS[b]] -= 1
        out.append(tuple(change))
    return out


def _walk(start: Counts, table: Table, reach: bytearray) -> Iterator[tuple[Counts, Counts, int, _Legal]]:
    """Depth first over the positions reachable from two ``start`` purses (counts) and an empty
    pot, each once. Yields every live one (both players hold money) as (mover counts, other
    counts, its number with the roles swapped, its legal moves); marks ``reach[number]`` 1 for a
    live position, 2 for a finished one (the player who just moved is out). Pure Python: the
    whole standard game (375,160 positions) in about half a second."""
    universe, deltas, changes = table.universe, table._deltas, _move_changes(table)
    link_of, by_kind, learn = table._link, table._by_kind, table._learn
    reach[table.index(start, start)] = 1
    todo = [(start, start)]
    pop, push = todo.pop, todo.append
    while todo:
        mover, other = pop()
        link = link_of(other, mover)
        swapped, kind = link >> _KIND_BITS, link & _KIND_MASK
        legal = by_kind[kind] or learn(  # the pot is worked out only for a kind not seen yet
            kind, mover, tuple(u - a - b for u, a, b in zip(universe, mover, other, strict=True)))
        for k in legal.numbers:
            j = swapped + deltas[k]
            if reach[j]:
                continue
            left = tuple(map(add, mover, changes[k]))
            if any(left):
                reach[j] = 1
                push((other, left))
            else:
                reach[j] = 2
        yield mover, other, swapped, legal


def _reach(start: Sequence[int], table: Table) -> bytearray:
    reach = bytearray(table.size)
    for _ in _walk(tuple(start), table, reach):
        pass
    return reach


def reachable(start: Sequence[int], table: Table | None = None) -> tuple[set[int], set[int]]:
    """Position numbers reachable from both players holding ``start`` (counts) and an empty
    pot: (positions to play, finished positions). Pure Python."""
    start = tuple(start)
    table = table or table_for(tuple(2 * c for c in start))
    reach = _reach(start, table)
    return ({i for i, r in enumerate(reach) if r == 1}, {i for i, r in enumerate(reach) if r == 2})


def _decoder(table: Table):
    pairs = [[(a, b) for a in range(c + 1) for b in range(c + 1 - a)] for c in table.universe]

    def decode(i: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        mover, other = [], []
        for s, pr in zip(table.strides, pairs, strict=True):
            a, b = pr[i // s]
            i %= s
            mover.append(a)
            other.append(b)
        return tuple(mover), tuple(other)

    return decode


def game_size(start: Sequence[int] = START_COUNTS) -> GameSize:
    """How many positions the game from ``start`` (counts per player) can reach, and how many
    of them the player to move wins (numpy when available).

    >>> size = game_size((1, 1, 0, 0, 0))
    >>> size.positions, size.mover_wins, size.terminal
    (8, 4, 3)
    """
    counts = collection(start, "start", limit=len(DENOMS), what="counts")
    if len(counts) != len(DENOMS):
        raise InvalidArgument(f"start is {len(DENOMS)} counts (of {_VALUES} per player), not {len(counts)}")
    start = tuple(whole(c, "start: a count", low=0, high=MAX_HAND) for c in counts)
    if not any(start):
        raise InvalidArgument("start: each player holds at least one bill")
    check_solvable(tuple(2 * c for c in start))
    table = table_for(tuple(2 * c for c in start))
    try:
        import numpy as np  # optional (Pyodide has none): the pure-Python count below stands in
    except ImportError:  # Pyodide: about 5 times slower than numpy, half a second natively
        reach = _reach(start, table)
        live = reach.translate(bytes([0, 1] + [0] * 254))
        # both byte strings hold 0s and 1s: one big-int AND counts the live positions won
        wins = (int.from_bytes(live, "little") & int.from_bytes(table.wins, "little")).bit_count()
        return GameSize(start, reach.count(1), wins, reach.count(2))
    reach, finished = reachable_numpy(start)
    live = reach & ~finished
    won = np.frombuffer(table.wins, dtype=np.uint8).astype(bool)
    return GameSize(start, int(live.sum()), int((live & won).sum()), int((reach & finished).sum()))


def positions(table: Table, numbers: Iterable[int]) -> Iterable[tuple[Counts, Counts, Counts]]:
    """(mover, other, pot) count vectors of the given position numbers."""
    decode = _decoder(table)
    for i in numbers:
        mover, other = decode(i)
        yield mover, other, tuple(c - a - b for c, a, b in zip(table.universe, mover, other, strict=True))


if __name__ == "__main__":  # rewrite the shipped table
    from pathlib import Path

    target = Path(__file__).with_name("_standard_table.py")
    target.write_text(table_module_source(solve_universe_numpy(STANDARD_UNIVERSE)))
    print(f"wrote {target}")
