"""Boneyard bots. Pure Python: they run in the app's play path (and in Pyodide).

* ``RandomBot`` (from the core): any legal bid, uniformly over sets of bills.
* :class:`EquilibriumBot`: draws a bid total from the first round's symmetric equilibrium for
  the number of players still bidding, keeps only the totals its hand can make, renormalises.
* :class:`OutbidBot`: expects everyone to repeat last round's bid and bids just above the
  highest of those that would stay unmatched (while that is cheaper than the richest bucket).
* :class:`HistoryBot`: plays the best response to everything bid so far in the game, with the
  buckets as they are now (a fictitious-play player).
* :class:`RaceBot`: the equilibrium bot's mix, except in a round where some bid could take it to
  $40: then it bids the total likeliest to get there (the lesson's Question 7; not offered in the
  app's list of bots).

In the ``claim="choose"`` phase every bot takes the richest bucket left. A bot's ``explain`` never
names its bid: bids are secret until the reveal, and the app shows explanations at once.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from changekit.core import Bot, RandomBot
from changekit.core.errors import InvalidArgument
from changekit.core.words import money

from .model import EQUILIBRIUM_TABLE, expected_payoffs, rank_chances
from .moves import Bid, Claim
from .rules import TARGET, describe, possible_bids


def bills_for(hand: Sequence[int], total: int) -> Bid:
    """The bid of ``total`` a bot makes from ``hand``: the fewest bills, then the smallest ones.

    >>> bills_for([10, 7, 5, 3, 1], 8)
    Bid(5, 3)
    >>> bills_for([10, 7, 5, 3, 1], 2)
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: the hand [10, 7, 5, 3, 1] cannot make $2
    """
    options = [b for b in possible_bids(hand) if sum(b) == total]
    if not options:
        raise InvalidArgument(f"the hand {list(hand)} cannot make {money(total)}")
    return min(options, key=lambda b: (len(b), b))


def _claim(view: dict[str, Any], legal: Sequence[Any]) -> Claim:
    buckets = view["buckets"]
    return max(legal, key=lambda c: (sum(buckets[c.bucket]), -c.bucket))  # the legal Claims


def _claim_reason(view: dict[str, Any], action: Any) -> str:
    return f"{describe(action, view['buckets'])}: the richest bucket left"


def _totals(view: dict[str, Any]) -> list[int]:
    return sorted({sum(b) for b in possible_bids(view["hands"][view["you"]])})


def _reveals(view: dict[str, Any]) -> list[list[int | None]]:
    return [data["totals"] for kind, data in view["log"] if kind == "reveal"]


class EquilibriumBot(Bot):
    """Bids like the first round's symmetric equilibrium for the players still bidding."""

    name = "equilibrium"
    description = "draws its bid total from the first-round equilibrium mix"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "claim":
            return _claim(view, legal)
        hand = view["hands"][view["you"]]
        makeable = _totals(view)
        n = len(view["active"])
        mix = {t: p for t, p in EQUILIBRIUM_TABLE.get(min(n, 8), {}).items() if t in makeable}
        if n <= 1 or not mix:
            return bills_for(hand, makeable[0])  # alone (any bid wins) or nothing fits: bid low
        totals = sorted(mix)
        total = rng.choices(totals, weights=[mix[t] for t in totals])[0]
        return bills_for(hand, total)

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if isinstance(action, Claim):
            return _claim_reason(view, action)
        return f"drew its secret bid from the equilibrium mix for {len(view['active'])} bidders"


class OutbidBot(Bot):
    """Bids just above the highest bid it expects to stay unmatched."""

    name = "outbid"
    description = "expects last round's bids again and bids just above the top unmatched one"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "claim":
            return _claim(view, legal)
        hand = view["hands"][view["you"]]
        return bills_for(hand, self._target(view))

    def _target(self, view: dict[str, Any]) -> int:
        makeable = _totals(view)
        me = view["you"]
        reveals = _reveals(view)
        last = reveals[-1] if reveals else [None] * len(view["hands"])
        expected = [t if t is not None else 5 for p, t in enumerate(last) if p != me and p in view["active"]]
        counts = Counter(expected)
        unmatched = [t for t in expected if counts[t] == 1]
        richest = max(sum(b) for b in view["buckets"])
        top = max(unmatched, default=0)
        above = [t for t in makeable if t > top and t not in counts and t < richest]
        if above:
            return above[0]
        cheap = [t for t in makeable if t not in counts]
        return (cheap or makeable)[0]

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if isinstance(action, Claim):
            return _claim_reason(view, action)
        return "aimed just above the top unmatched bid it expects from last round"


class HistoryBot(Bot):
    """Best response to the bids seen so far in this game (fictitious play)."""

    name = "history"
    description = "best response to every bid revealed so far, against the buckets as they are"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "claim":
            return _claim(view, legal)
        hand = view["hands"][view["you"]]
        makeable = _totals(view)
        opponents = len(view["active"]) - 1
        seen: Counter = Counter({t: 1.0 for t in EQUILIBRIUM_TABLE[2]})  # a small prior
        for totals in _reveals(view):
            seen.update(t for t in totals if t is not None)
        mass = sum(seen.values())
        belief = {t: n / mass for t, n in seen.items()}
        pay = expected_payoffs(belief, opponents, buckets=[sum(b) for b in view["buckets"]], bids=makeable)
        best = max(pay.values())
        choices = [t for t in makeable if pay[t] >= best - 1e-9]
        return bills_for(hand, rng.choice(choices))

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if isinstance(action, Claim):
            return _claim_reason(view, action)
        return "bid its best reply to the bids seen so far"


def finish_chances(view: dict[str, Any]) -> dict[int, float]:
    """For each total the viewer can bid: the chance that it takes them to $40 this round, when
    every other player still bidding draws a total from the stored first-round mix for this many
    bidders (each independently; the buckets as they are now, richest first to the highest
    unmatched bid). A model, not the truth: an opponent whose bills cannot make a total of the mix
    is still counted as bidding it."""
    hand = view["hands"][view["you"]]
    money_now = sum(hand)
    n = len(view["active"])
    values = sorted((sum(b) for b in view["buckets"]), reverse=True)
    makeable = _totals(view)
    if n <= 1:  # alone: the lowest bid takes the richest bucket
        return {t: float(money_now - t + values[0] >= TARGET) if t == makeable[0] else 0.0 for t in makeable}
    chances = rank_chances(EQUILIBRIUM_TABLE[min(n, 8)], n - 1, values, makeable)
    return {t: sum(c for s, c in enumerate(chances[t][:len(values)]) if money_now - t + values[s] >= TARGET)
            for t in makeable}


class RaceBot(EquilibriumBot):
    """The equilibrium bot, playing for the finish: in a round where some bid could take it to $40,
    it bids the total with the best chance of getting there (:func:`finish_chances`; equal chances:
    the cheapest). In every other round it draws from the mix, as the equilibrium bot does."""

    name = "race"
    description = "bids the mix, but when a bid could take it to $40 this round, bids the likeliest to get there"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "claim":
            return _claim(view, legal)
        finish = finish_chances(view)
        best = max(finish.values())
        if best > 0:
            return bills_for(view["hands"][view["you"]], min(t for t, c in finish.items() if c == best))
        return super().choose(view, legal, rng=rng)

    def explain(self, view: dict[str, Any], action: Any) -> str:
        if isinstance(action, Claim):
            return _claim_reason(view, action)
        if max(finish_chances(view).values()) > 0:
            return f"played for {money(TARGET)}: the bid likeliest to get there this round"
        return super().explain(view, action)


BOTS: dict[str, type[Bot]] = {
    "random": RandomBot, "equilibrium": EquilibriumBot, "outbid": OutbidBot, "history": HistoryBot,
}
