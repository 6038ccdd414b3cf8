"""The game's own random number generator: seeded, saved with the game, never global."""
from __future__ import annotations

import random
from functools import partial
from itertools import repeat, starmap
from typing import Any, Iterable, TypeVar

from .errors import InvalidSave

T = TypeVar("T")


class GameRng(random.Random):
    """A ``random.Random`` that belongs to one game and can be saved as JSON.

    Every shuffle and die roll of a game goes through its own ``GameRng``, so the
    same seed gives the same game whatever else the program does with ``random``.

    >>> a, b = GameRng(7), GameRng(7)
    >>> a.sample(range(50), 3) == b.sample(range(50), 3)
    True
    >>> c = GameRng.from_json(a.to_json())
    >>> a.random() == c.random()
    True
    """

    def to_json(self) -> list[Any]:
        version, internal, gauss_next = self.getstate()
        return [version, list(internal), gauss_next]

    @classmethod
    def from_json(cls, data: Any) -> "GameRng":
        try:
            version, internal, gauss_next = data
            rng = cls()
            rng.setstate((version, tuple(internal), gauss_next))
        except (TypeError, ValueError) as exc:
            raise InvalidSave(f"the saved random generator state is not valid: {exc}") from None
        return rng

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        """Shuffle ``x`` in place: sort by a fresh uniform key per item.

        Uniform like ``random.shuffle`` (ties between 53-bit keys aside) and about ten times
        faster, since the keys come from C; deals are on the hot path of every playout. The key
        of each item (in order) is the next ``random()``, drawn without a Python call per item.
        """
        x.sort(key=partial(next, starmap(self.random, repeat((), len(x)))))

    def copy(self) -> "GameRng":
        """The same generator at the same point (no fresh seeding from the system first)."""
        twin = GameRng.__new__(GameRng)
        twin.setstate(self.getstate())
        return twin


# ---- for determinize: what a player cannot see, dealt again ---------------------------------
def deal_again(pool: list[T], sizes: Iterable[int], rng: GameRng) -> tuple[list[list[T]], list[T]]:
    """Shuffle ``pool`` in place with ``rng``, then cut hands of ``sizes`` from its front, in
    order: the hands, and the rest (the deck, say). One shuffle, so one draw per item.

    >>> deal_again(list("abcdef"), [2, 1], GameRng(3))
    ([['f', 'a'], ['c']], ['b', 'd', 'e'])
    """
    rng.shuffle(pool)
    hands, start = [], 0
    for size in sizes:
        hands.append(pool[start:start + size])
        start += size
    return hands, pool[start:]


def twin_rng(rng: GameRng) -> GameRng:
    """The generator of a determinized copy: a fresh one seeded by one draw from ``rng``, so its
    shuffles and rolls to come are unknown too, while the same ``rng`` gives the same copy.

    >>> twin_rng(GameRng(3)).random() == twin_rng(GameRng(3)).random()
    True
    """
    return GameRng(rng.randrange(2**32))
