"""Big Cheese bots. Each sees only its own view (the whole table is public, the deck order is not).

* :class:`RandomBot` (from the core): any legal action.
* :class:`ValueBot`: bids while the card's expected payout per worker-placement stays above a
  rate; a bid of k workers keeps k, k-1, ..., 1 of them busy over the next k placements, so it
  costs k(k+1)/2 worker-placements.
* :class:`CautiousBot`: the same rule on a risk-discounted value (mean minus half a standard
  deviation), keeps 2 workers back, saves its Veto to stop a player about to win.
* :class:`NoVetoBot` and :class:`HoldVetoBot`: the value bot's bidding with other Veto habits
  (never play one; play one only to stop a player about to win), for the lesson's Veto question.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Sequence

from changekit.core import Bot, RandomBot

from .moves import Bid, Keep, Pass, Reroll, Veto
from .rules import NUMBER_CARDS, die_faces

__all__ = ["CautiousBot", "HoldVetoBot", "NoVetoBot", "RandomBot", "ValueBot", "card_value", "worker_placements",
           "BOTS"]


def worker_placements(k: int) -> int:
    """Worker-placements tied up by a bid of ``k``: k, then k-1, ... then 1 (it matures after k).

    >>> [worker_placements(k) for k in (1, 2, 3, 4)]
    [1, 3, 6, 10]
    """
    return k * (k + 1) // 2


@lru_cache(maxsize=256)
def _mean(card: int, dice: str, room: int | None) -> float:
    faces = die_faces(card, dice)
    if room is None:
        return float(Fraction(sum(faces), len(faces)))
    return float(Fraction(sum(f for f in faces if f <= room), len(faces)))


def card_value(card: Any, view: Mapping[str, Any], player: int) -> float:
    """What ``card`` is worth to ``player`` in expected points (the specials at a rough price:
    a Veto or a Big Cheese is counted as half an average card)."""
    dice = view["dice"]
    if type(card) is not int:
        return 0.5 * _card_average(dice)
    if view["exactly_30"]:
        return _mean(card, dice, view["goal"] - view["scores"][player])
    return _mean(card, dice, None)


def _average(view: Mapping[str, Any]) -> float:
    return _card_average(view["dice"])


@lru_cache(maxsize=16)
def _card_average(dice: str) -> float:
    """An average number card's expected points (asked at every bid: cached by the dice)."""
    return sum(_mean(c, dice, None) for c in NUMBER_CARDS) / len(NUMBER_CARDS)


def _best_reroll(view: Mapping[str, Any], legal: Sequence[Any], me: int, threshold: float) -> Any:
    """The re-roll with the largest gain in expected points, if that gain beats ``threshold``
    (a fraction of the die's mean); else keep."""
    best: Keep | Reroll = Keep()
    gain = 0.0
    room = view["goal"] - view["scores"][me] if view["exactly_30"] else None
    for action in legal:
        if not isinstance(action, Reroll):
            continue
        _, card, value, _ = view["rolls"][action.die]
        fresh = _mean(card, view["dice"], room)
        counts = value if room is None or value <= room else 0
        if fresh - counts > gain and fresh - counts > threshold * _mean(card, view["dice"], None):
            best, gain = action, fresh - counts
    return best


#: "Close to winning": the card's best roll would take the high bidder to this share of the target.
THREAT_SHARE = 0.8


def _opponent_threat(view: Mapping[str, Any], me: int) -> bool:
    """Would the current high bidder, an opponent, be close to winning with this card?"""
    high, card = view["high"], view["offer"]
    if high is None or high == me or type(card) is not int:
        return False
    best = max(die_faces(card, view["dice"]))
    return view["scores"][high] + best >= view["goal"] * THREAT_SHARE


class ValueBot(Bot):
    """Bids the minimum while the card's expected payout per worker-placement beats ``rate``
    times an average card's."""

    name = "value"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "bids while expected points per worker-placement stay high"

    def __init__(self, rate: float = 0.05) -> None:
        self.rate = rate

    def value(self, view: Mapping[str, Any], me: int) -> float:
        """What the card on offer is worth to the bot, in expected points."""
        return card_value(view["offer"], view, me)

    def limit(self, view: Mapping[str, Any], me: int) -> int:
        """The largest bid this card is worth to the bot."""
        value = self.value(view, me) / _average(view)
        k = 0
        while k < 10 and value / worker_placements(k + 1) >= self.rate:
            k += 1
        return k

    def choose(self, view, legal, *, rng: random.Random):
        me = view["you"]
        if view["phase"] == "reroll":
            return _best_reroll(view, legal, me, 0.0)
        want = view["bid"] + 1
        if Bid(want) in legal and want <= self.limit(view, me):
            return Bid(want)
        if Veto() in legal and (_opponent_threat(view, me) or (
                type(view["offer"]) is int and view["offer"] == 20 and view["high"] not in (None, me))):
            return Veto()
        return Pass()

    def explain(self, view, action) -> str:
        me = view["you"]
        if view["phase"] == "reroll":
            return "re-rolls a die below its mean" if action != Keep() else "keeps: no die is below its mean"
        value = card_value(view["offer"], view, me)
        if action == Veto():
            return "vetoes: an opponent would take a big card"
        if action == Pass():
            return f"passes: the card (worth ≈{value:.1f}) is not worth {view['bid'] + 1} workers to it"
        cost = worker_placements(action)
        return f"bids {action}: ≈{value:.1f} points for {cost} worker-placement{'s' if cost != 1 else ''}"


class CautiousBot(ValueBot):
    """Like :class:`ValueBot`, but prices a card at its mean minus ``aversion`` standard
    deviations (risk-averse), keeps ``reserve`` workers free, and plays a Veto only to stop a
    player about to win."""

    name = "cautious"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "values a card at mean minus half a standard deviation; keeps 2 workers back"

    def __init__(self, rate: float = 0.05, aversion: float = 0.5, reserve: int = 2) -> None:
        super().__init__(rate)
        self.aversion = aversion
        self.reserve = reserve

    def value(self, view: Mapping[str, Any], me: int) -> float:
        card = view["offer"]
        mean = card_value(card, view, me)
        if type(card) is not int:
            return mean
        faces = die_faces(card, view["dice"])
        sd = (sum((f - sum(faces) / len(faces)) ** 2 for f in faces) / len(faces)) ** 0.5
        return max(0.0, mean - self.aversion * sd)

    def choose(self, view, legal, *, rng: random.Random):
        me = view["you"]
        if view["phase"] == "reroll":
            return _best_reroll(view, legal, me, 0.5)
        want = view["bid"] + 1
        if Bid(want) in legal and want <= self.limit(view, me) and view["free"][me] - want >= self.reserve:
            return Bid(want)
        if Veto() in legal and _opponent_threat(view, me):
            return Veto()
        return Pass()

    def explain(self, view, action) -> str:
        if view["phase"] == "reroll":
            return "re-rolls a poor roll" if action != Keep() else "keeps the roll"
        if action == Veto():
            return "vetoes: the high bidder is close to winning"
        value = self.value(view, view["you"])
        if action == Pass():
            return f"passes: worth ≈{value:.1f} after a risk discount, not {view['bid'] + 1} workers"
        return f"bids {action}: worth ≈{value:.1f} after a risk discount"


class NoVetoBot(ValueBot):
    """Bids exactly as :class:`ValueBot` (Vetoes included, priced alike) but never plays a Veto:
    where the value bot would, it passes."""

    name = "never vetoes"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "the value bot's bids; never plays a Veto"

    def choose(self, view, legal, *, rng: random.Random):
        action = super().choose(view, legal, rng=rng)
        return Pass() if action == Veto() else action


class HoldVetoBot(ValueBot):
    """Bids exactly as :class:`ValueBot` but plays a Veto only when the high bidder, an opponent,
    could come close to the target with this card (the cautious bot's rule), not on every 20."""

    name = "holds its Veto"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "the value bot's bids; plays a Veto only to stop a player about to win"

    def choose(self, view, legal, *, rng: random.Random):
        action = super().choose(view, legal, rng=rng)
        if action == Veto() and not _opponent_threat(view, view["you"]):
            return Pass()
        return action


#: The bots the app and the analyses offer, by name.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "value": ValueBot, "cautious": CautiousBot}
