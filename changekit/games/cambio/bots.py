"""Cambio bots. They see ``view(player)`` only, so they remember exactly what the engine says
their player knows (the engine does the remembering: a "memory-perfect" bot).

>>> import random
>>> from changekit.core import play_out
>>> from changekit.games.cambio.rules import Cambio
>>> state = play_out(Cambio(players=3).new_state(seed=1), [MemoryBot(), MemoryBot(), RandomBot()],
...                  rng=random.Random(1))
>>> state.is_terminal()
True
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from changekit.core.bots import Bot, RandomBot

from .moves import Blind, Look, Snap, Spy, Swap
from .rules import (
    _VALUES, CAMBIO, DECK_CODES, DISCARD, DRAW, EXCHANGE, KEEP, PASS, SKIP, TAKE, give, peek, rank_of, snap, swap,
)

__all__ = ["MemoryBot", "RandomBot", "unseen_pool", "believed_values", "BOTS"]

def unseen_pool(view: Mapping[str, Any]) -> list[str]:
    """The cards this player has not located: the deck, unknown grid cards, others' drawn card.

    Everything in the game minus the discard pile, the grid cards the player knows and the
    drawn card the player can see.
    """
    pool = list(DECK_CODES[view["jokers"]])
    seen = list(view["discards"])
    for grid in view["grids"]:
        seen += [c for c in grid if c is not None and c != "?"]
    if view["drawn"] is not None:
        seen.append(view["drawn"])
    for card in seen:
        pool.remove(card)
    return pool


def believed_values(view: Mapping[str, Any], player: int, unknown: float) -> dict[int, float]:
    """{place: value} for ``player``'s cards: the true value when known, else ``unknown``."""
    return {j: (unknown if c == "?" else _VALUES[c]) for j, c in enumerate(view["grids"][player]) if c is not None}


class MemoryBot(Bot):
    """Remembers everything it has looked at and plays the obvious greedy moves.

    * swaps the drawn card for its worst believed card when that lowers its total (an unseen
      card is believed to be worth the average of the cards it has not located);
    * uses every power (option ``use_powers``): looks at its unknown cards, spies on the
      leader, blind-swaps a high card for a known low one, uses the King to compare;
    * snaps only when sure (option ``snaps``), giving away its worst card;
    * calls Cambio when its believed total is at most ``threshold``.
    """

    name = "memory"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "remembers what it saw, swaps high cards out, uses powers, snaps when sure, calls Cambio when low"

    def __init__(self, threshold: float = 5, *, use_powers: bool = True, snaps: bool = True) -> None:
        self.threshold = threshold
        self.use_powers = use_powers
        self.snaps = snaps

    def __repr__(self) -> str:
        return f"MemoryBot(threshold={self.threshold}, use_powers={self.use_powers}, snaps={self.snaps})"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        action = self._choose(view, legal)
        if action not in legal:  # never happens with a consistent view; stay safe
            return legal[0]
        return action

    def _choose(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        me = view["you"]
        pool = unseen_pool(view)
        ev = sum(_VALUES[c] for c in pool) / len(pool) if pool else 6.0
        mine = believed_values(view, me, ev)
        phase = view["phase"]
        if phase == "start":
            if CAMBIO in legal and sum(mine.values()) <= self.threshold:
                return CAMBIO
            top = view["top"]
            if TAKE in legal and top is not None and mine and _VALUES[top] < max(mine.values()) - 4:
                return TAKE
            return DRAW
        if phase == "drawn":
            value = _VALUES[view["drawn"]]
            if mine:
                worst = _worst(mine)
                if value < mine[worst] or DISCARD not in legal:
                    return swap(worst)
            return DISCARD
        if phase == "power":
            return self._power(view, legal, me, mine, ev) if self.use_powers else SKIP
        if phase == "king":
            i, q, j = view["king"]
            return EXCHANGE if _VALUES[view["grids"][q][j]] < _VALUES[view["grids"][me][i]] else KEEP
        if phase == "snap":
            return self._snap(view, me, mine) if self.snaps else PASS
        if phase == "give":
            return give(_worst(mine))
        return legal[0]

    def _power(self, view: dict[str, Any], legal: Sequence[Any], me: int, mine: dict[int, float], ev: float) -> Any:
        power = view["power"]
        grids = view["grids"]
        if power == "peek":
            unseen_places = [j for j, c in enumerate(grids[me]) if c == "?"]
            return peek(unseen_places[0]) if unseen_places else SKIP
        if power == "spy":
            unseen = [a for a in legal if isinstance(a, Spy) and grids[a.owner][a.place] == "?"]
            if not unseen:
                return SKIP
            totals = {q: sum(believed_values(view, q, ev).values()) for q in range(view["players"])}
            return min(unseen, key=lambda a: (totals[a.owner], a.owner, a.place))
        worst = _worst(mine)
        # a blind swap or a King's look, from our worst place
        mine_worst = [a for a in legal if isinstance(a, (Blind, Look)) and a.place == worst]
        if not mine_worst:
            return SKIP
        known_other = [a for a in mine_worst if grids[a.owner][a.other] != "?"]
        low = min(known_other, key=lambda a: _VALUES[grids[a.owner][a.other]], default=None)
        if power == "blind":
            if low is not None and _VALUES[grids[low.owner][low.other]] < mine[worst] - 1:
                return low
            if mine[worst] >= ev + 3:
                unknown = [a for a in mine_worst if grids[a.owner][a.other] == "?"]
                if unknown:
                    return unknown[0]
            return SKIP
        # the King: compare our worst card with a known low card, else with an unseen one
        if low is not None and _VALUES[grids[low.owner][low.other]] < mine[worst]:
            return low
        unknown = [a for a in mine_worst if grids[a.owner][a.other] == "?"]
        return unknown[0] if unknown else SKIP

    def _snap(self, view: dict[str, Any], me: int, mine: dict[int, float]) -> Any:
        top = view["top"]
        if top is None:
            return PASS
        rank = rank_of(top)
        locked = view["caller"] if view["caller_locked"] else None
        best: Any = PASS
        gain = 0.0
        give = max(mine.values()) if mine else 0.0
        for q, grid in enumerate(view["grids"]):
            if q == locked:
                continue
            for j, c in enumerate(grid):
                if c is None or c == "?" or rank_of(c) != rank:
                    continue
                value = _VALUES[c] if q == me else give
                if value > gain:
                    best, gain = snap(q, j), value
        return best

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if action == CAMBIO:
            return f"my believed total is at most {self.threshold}"
        if isinstance(action, Swap):
            return "the drawn card is lower than my worst card"
        if isinstance(action, Snap):
            return "I know that card matches"
        return ""


def _worst(values: dict[int, float]) -> int:
    return max(values, key=lambda j: (values[j], -j))


#: name → factory, for the app's bot menu.
BOTS = {"memory": MemoryBot, "random": RandomBot}
