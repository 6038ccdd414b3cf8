"""The class auction's rules: one Boneyard first round with the whole class as bidders (2 to 60).

Every student starts the round as in the game, with one bill each of $10, $7, $5, $3 and $1,
and bids some of them; the Boneyard holds the same five bills, one per bucket. ``resolve_round``
settles it as in the game: equal totals cancel, the highest unmatched bid takes the richest
bucket, and so on. The settled round carries the symmetric equilibrium for that many bidders and
the best response to the class's totals. The class's pages and the store are
``changekit.classroom.auction``'s; this module is pure Python, like the engine.

>>> result = resolve_auction({"Ada": [10], "Bo": [7], "Cy": [7], "Di": [1]})
>>> [(o.name, o.outcome, o.net) for o in result.outcomes]
[('Ada', 'took the $10 bucket', 0), ('Bo', 'cancelled', -7), ('Cy', 'cancelled', -7), ('Di', 'took the $7 bucket', 6)]
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import ChangekitError
from ...core.words import dollars
from .analysis import ClassReport, best_response_to_class, first_round_equilibrium
from .model import FIRST_ROUND_BUCKETS, MAX_CLASS_PLAYERS
from .rules import START_BILLS, resolve_round


def check_bid(bid: Any) -> tuple[int, ...]:
    """A bid as the store keeps it (a list of bills) checked: some of the starting bills, each at
    most once; returned highest first."""
    if isinstance(bid, (str, bytes)) or not isinstance(bid, (list, tuple)):
        raise ChangekitError(f"a bid is a list of bills, not {bid!r}")
    if not bid:
        raise ChangekitError("a bid has at least one bill")
    bills = sorted(bid, reverse=True)
    for bill in bills:
        if isinstance(bill, bool) or bill not in START_BILLS:
            raise ChangekitError(f"you hold one bill each of {dollars(START_BILLS)}: "
                                 f"{bill!r} is not one of them")
    if len(set(bills)) != len(bills):
        raise ChangekitError(f"you hold only one of each bill: {bills} uses one twice")
    return tuple(bills)


@dataclass(frozen=True)
class Outcome:
    """One bidder's round: the bills bid, their total, what happened, the change in money."""

    name: str
    bid: tuple[int, ...]
    total: int
    outcome: str
    net: int
    bucket: int | None = None  # the bucket's value when they took one


@dataclass(frozen=True)
class AuctionResult:
    """A settled class auction. ``equilibrium``: the symmetric equilibrium for this many bidders
    (None with fewer than two); ``report``: the best response to the class's totals."""

    outcomes: tuple[Outcome, ...]
    buckets: tuple[tuple[int, ...], ...]
    equilibrium: Any
    report: ClassReport | None

    @property
    def bidders(self) -> int:
        return len(self.outcomes)

    @property
    def totals(self) -> list[int]:
        return [o.total for o in self.outcomes]


def resolve_auction(answers: Mapping[str, Any]) -> AuctionResult:
    """Settle the class's bids (``{name: bills}``, as ``store.answers`` gives them) with the
    engine, the buckets holding the starting bills richest first."""
    if len(answers) > MAX_CLASS_PLAYERS:
        raise ChangekitError(f"a class auction has at most {MAX_CLASS_PLAYERS} bidders, not {len(answers)}")
    names = list(answers)
    bids = [check_bid(answers[name]) for name in names]
    buckets = [(b,) for b in FIRST_ROUND_BUCKETS]
    outcomes: list[Outcome] = []
    result = resolve_round(buckets, bids) if bids else None
    if result is not None:  # (no bids: nobody to settle)
        for p, (name, bid) in enumerate(zip(names, bids, strict=True)):
            claim = result.claims[p]
            if claim is not None:
                what = f"took the ${sum(buckets[claim])} bucket"
            elif p in result.cancelled:
                what = "cancelled"
            else:
                what = "no bucket left: bid returned"
            bucket = sum(buckets[claim]) if claim is not None else None
            outcomes.append(Outcome(name, bid, sum(bid), what, result.net[p], bucket))
    n = len(bids)
    equilibrium = first_round_equilibrium(n) if n >= 2 else None
    report = best_response_to_class([sum(b) for b in bids], n) if n >= 2 else None
    return AuctionResult(tuple(outcomes), result.buckets if result else tuple(buckets), equilibrium, report)


def settled_bids(answers: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
    """The bids an auction settles: the valid ones (only the student widget writes here; anything
    else is left out), at most MAX_CLASS_PLAYERS of them in the store's order (the order the
    students joined). The store refuses a bid past that many bidders (``AUCTION_PROMPT``'s
    ``max_answers``); an auction opened before it did is still settled, never refused."""
    valid: dict[str, tuple[int, ...]] = {}
    for name, bid in answers.items():
        try:
            valid[name] = check_bid(bid)
        except ChangekitError:
            continue
        if len(valid) == MAX_CLASS_PLAYERS:
            break
    return valid
