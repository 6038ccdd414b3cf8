"""Bots for CHA-CHING!: random, greedy (fewest changes to reach the target), and the greedy bot
without the CHA-CHING card's powers (Question 8's opponents).

The greedy bot measures a hand by :func:`changes_needed`: how many of its cards must be
replaced (by cards of the right value) before the hand can reach the target. It keeps the
hand that needs the fewest changes (fewer penalty points on ties), and plays a CHA-CHING card's
power when a re-roll or a trade lowers the expected number of changes.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import product
from typing import Any, Iterable, Sequence

from changekit.core import Bot, RandomBot

from .moves import Discard, Power
from .rules import DECK, LABELS, OUT, PASS, PILE, can_reach, penalty, wild_sums

__all__ = ["BOTS", "GreedyBot", "NoPowersBot", "RandomBot", "changes_needed", "reach_after_changes"]

#: Card kinds as the sums see them: five numbers, $, and the zero cards (¢ and CHA-CHING).
KINDS: tuple[str, ...] = ("1", "5", "10", "25", "50", "wild", "zero")
_KIND_OF = {"1": 0, "5": 1, "10": 2, "25": 3, "50": 4, "wild": 5, "cent": 6, "chaching": 6}
_VALUES = (1, 5, 10, 25, 50, 0, 0)


@lru_cache(maxsize=None)
def _free_sums(wilds: int, free: int) -> int:
    """Totals of ``wilds`` $ cards plus ``free`` cards of any kind (a zero included), as a mask."""
    mask = wild_sums(wilds)
    for _ in range(free):
        mask |= (mask << 1) | (mask << 5) | (mask << 10) | (mask << 25) | (mask << 50)
    return mask


def kind_counts(hand: Iterable[str]) -> tuple[int, ...]:
    """How many cards of each of :data:`KINDS` the hand holds."""
    counts = [0] * len(KINDS)
    for card in hand:
        counts[_KIND_OF[card]] += 1
    return tuple(counts)


@lru_cache(maxsize=100_000)
def reach_after_changes(counts: tuple[int, ...]) -> tuple[int, ...]:
    """For a hand given by :func:`kind_counts`, masks ``m[r]``: the totals the hand can reach
    once ``r`` of its cards are swapped for cards of our choosing (bit t set: total t)."""
    size = sum(counts)
    masks = [0] * (size + 1)
    for kept in product(*(range(c + 1) for c in counts)):
        fixed = sum(k * v for k, v in zip(kept, _VALUES, strict=True))
        changed = size - sum(kept)
        masks[changed] |= _free_sums(kept[5], changed) << fixed
    for r in range(1, size + 1):  # r changes can do all that fewer changes can
        masks[r] |= masks[r - 1]
    return tuple(masks)


def changes_needed(hand: Iterable[str], target: int) -> int:
    """The fewest cards of ``hand`` to swap (for cards of the right values) to reach ``target``.

    >>> changes_needed(["1", "1", "1", "5", "10", "wild", "25", "25"], 93)
    0
    >>> changes_needed(["50", "50", "50", "50", "50", "50", "50", "50"], 12)
    8
    >>> changes_needed(["50", "cent", "cent", "cent", "cent", "cent", "cent", "cent"], 60)
    1
    """
    masks = reach_after_changes(kind_counts(hand))
    for r, mask in enumerate(masks):
        if mask >> target & 1:
            return r
    return len(masks)  # not reachable even by changing every card (targets above 400)


def _is_trade(action: Any) -> bool:
    return isinstance(action, Power) and action.power == "trade"


def _without(hand: Sequence[str], card: str) -> list[str]:
    out = list(hand)
    out.remove(card)
    return out


#: Average number of changes a fresh, unknown 8-card hand needs, by target, for the default
#: deck (from ``analysis.changes_distribution``; a test checks this copy). The greedy bot uses
#: it to value a trade, since it cannot see the hand it would receive.
FRESH_HAND_CHANGES: dict[int, float] = {
    10: 3.463, 11: 3.296, 12: 3.054, 13: 2.95, 14: 3.083, 15: 3.084, 16: 2.904, 17: 2.692, 18: 2.698, 19: 3.029,
    20: 2.96, 21: 2.684, 22: 2.475, 23: 2.593, 24: 3.086, 25: 2.857, 26: 2.498, 27: 2.298, 28: 2.437, 29: 2.861,
    30: 2.614, 31: 2.289, 32: 2.153, 33: 2.349, 34: 2.856, 35: 2.514, 36: 2.157, 37: 2.019, 38: 2.233, 39: 2.78,
    40: 2.377, 41: 2.024, 42: 1.945, 43: 2.294, 44: 3.016, 45: 2.374, 46: 1.968, 47: 1.936, 48: 2.408, 49: 3.226,
    50: 2.338, 51: 1.886, 52: 1.858, 53: 2.214, 54: 2.775, 55: 2.107, 56: 1.758, 57: 1.777, 58: 2.132, 59: 2.757,
    60: 2.039, 61: 1.681, 62: 1.662, 63: 1.997, 64: 2.636, 65: 1.932, 66: 1.595, 67: 1.628, 68: 2.1, 69: 2.904,
    70: 1.945, 71: 1.561, 72: 1.651, 73: 2.233, 74: 3.124, 75: 1.917, 76: 1.509, 77: 1.59, 78: 2.065, 79: 2.785,
    80: 1.776, 81: 1.445, 82: 1.572, 83: 2.106, 84: 2.941, 85: 1.76, 86: 1.403, 87: 1.508, 88: 2.056, 89: 2.904,
    90: 1.708, 91: 1.39, 92: 1.608, 93: 2.316, 94: 3.328, 95: 1.773, 96: 1.42, 97: 1.742, 98: 2.536, 99: 3.734,
}


def _fresh_changes(target: int) -> float:
    return FRESH_HAND_CHANGES.get(target, 3.0)


class GreedyBot(Bot):
    """Keeps the hand needing the fewest changes; goes out only when the hand is right."""

    name = "greedy"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "keeps the hand that needs the fewest changes; uses CHA-CHING when it helps"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        hand, target = view["hand"], view["target"]
        if view["phase"] == "end":
            return OUT if can_reach(hand, target) else PASS
        if view["phase"] == "draw":
            top = view["discards"][-1]
            keep = changes_needed(hand, target)
            with_top = [*hand, top]
            best = min(changes_needed(_without(with_top, c), target) for c in set(with_top))
            return PILE if best < keep else DECK
        options = list(legal)
        if any(_is_trade(a) for a in legal):
            partner = self.choose_trade_partner(view)
            options = [a for a in legal if not (_is_trade(a) and a.choice != partner)]
        scored = [(self.value(view, a), i, a) for i, a in enumerate(options)]
        return min(scored)[2]

    def value(self, view: dict[str, Any], action: Any) -> tuple[float, float]:
        """(expected changes still needed, penalty points) after a discard action."""
        hand, black, white = view["hand"], view["black"], view["white"]
        if isinstance(action, Discard):
            rest = _without(hand, action.card)
            return float(changes_needed(rest, 10 * black + white)), float(penalty(rest))
        rest = _without(hand, "chaching")  # a Power: the CHA-CHING card goes
        if action.power == "trade":
            return _fresh_changes(10 * black + white), float(penalty(rest))
        blacks = range(1, 10) if action.choice in ("black", "both") else (black,)
        whites = range(10) if action.choice in ("white", "both") else (white,)
        outcomes = [changes_needed(rest, 10 * b + w) for b in blacks for w in whites]
        return sum(outcomes) / len(outcomes), float(penalty(rest))

    def choose_trade_partner(self, view: dict[str, Any]) -> int:
        """The opponent with the lowest score: our bad hand hurts the leader most."""
        me = view["you"]
        scores = view["scores"]
        return min((p for p in range(len(scores)) if p != me), key=lambda p: (scores[p], p))

    def explain(self, view: dict[str, Any], action: Any) -> str:
        hand, target = view["hand"], view["target"]
        if action == OUT:
            return f"its hand reaches {target}"
        if action == PASS:
            return f"its hand needs {changes_needed(hand, target)} more change(s) to reach {target}"
        if action == PILE:
            return f"the {LABELS[view['discards'][-1]]} on the pile brings it closer to {target}"
        if action == DECK:
            return "the top discard would not help"
        if isinstance(action, Power):
            expected, _ = self.value(view, action)
            if action.power == "trade":
                return f"a hand it cannot see needs about {expected:.1f} change(s) on average, fewer than its own"
            dice = "both dice" if action.choice == "both" else f"the {action.choice} die"
            return f"re-rolling {dice} leaves about {expected:.1f} change(s) on average, fewer than the current target"
        if isinstance(action, Discard):
            rest = _without(hand, action.card)
            return f"the rest needs {changes_needed(rest, target)} change(s) to reach {target}"
        return ""


class NoPowersBot(GreedyBot):
    """Plays exactly as :class:`GreedyBot` but never uses a CHA-CHING card's power: it may still
    discard the card plainly (the greedy bot's choice among the plain discards)."""

    name = "no powers"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "the greedy bot's play; discards a CHA-CHING card without using its power"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "discard":
            legal = [a for a in legal if not isinstance(a, Power)]
        return super().choose(view, legal, rng=rng)


#: The bots an app or a tournament can pick, by name.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}

