"""Zhao Pengyou's rules for one trick and one deal's score, written again from the rule sheet and
docs/rules.md for the tests (issue 43): never from the kit's tricks, rules or worked_examples, so a
lesson's answer computed by the kit is checked against a second, independent reading.

Cards are codes as the kit writes them ("10D", "QH"; jokers "SJ", "BJ"); only what Questions 5 and 6
need: tractors (pairs of one suit on consecutive ranks, the trump rank skipped, no jokers or
trump-rank cards), who takes a trick led with one, and the sheet's level table.
"""
from __future__ import annotations

from collections import Counter

RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def points(codes) -> int:
    """5s are worth 5, 10s and kings 10 (the sheet)."""
    return sum({"5": 5, "10": 10, "K": 10}.get(rank(c), 0) for c in codes if c not in ("SJ", "BJ"))


def is_trump(code: str, trump_suit: str, trump_rank: str) -> bool:
    return code in ("SJ", "BJ") or rank(code) == trump_rank or suit(code) == trump_suit


def tractor_pairs(play, trump_rank: str) -> int:
    """How many pairs the play's tractor has, or 0 when it is not a tractor."""
    if any(c in ("SJ", "BJ") or rank(c) == trump_rank for c in play) or len({suit(c) for c in play}) != 1:
        return 0
    counts = Counter(play)
    if len(counts) < 2 or any(k != 2 for k in counts.values()):
        return 0
    order = [r for r in RANK_ORDER if r != trump_rank]
    places = sorted(order.index(rank(c)) for c in counts)
    return len(places) if places == list(range(places[0], places[0] + len(places))) else 0


def tractor_trick_winner(plays, trump_suit: str, trump_rank: str) -> int:
    """Index of the play taking a trick led with a tractor of plain cards: only a tractor of the
    lead's length, all of the led suit or all trumps, can take it; trumps beat the led suit; then the
    higher top rank; the earlier play on a tie."""
    lead = plays[0]
    length = tractor_pairs(lead, trump_rank)
    assert length and not is_trump(lead[0], trump_suit, trump_rank), "this check covers a plain-suit tractor lead"
    order = [r for r in RANK_ORDER if r != trump_rank]

    def strength(play):
        if tractor_pairs(play, trump_rank) != length:
            return None
        if all(is_trump(c, trump_suit, trump_rank) for c in play):
            return (1, max(order.index(rank(c)) for c in play))
        if all(suit(c) == suit(lead[0]) for c in play):
            return (0, max(order.index(rank(c)) for c in play))
        return None

    best = 0
    for i, play in enumerate(plays[1:], start=1):
        s = strength(play)
        if s is not None and s > strength(plays[best]):
            best = i
    return best


def sheet_levels(score: int) -> tuple[str, int]:
    """Who goes up and by how many levels, from the attackers' score (the sheet's table)."""
    if score == 0:
        return "host", 3
    for bound, outcome in ((55, ("host", 2)), (110, ("host", 1)), (165, ("attackers", 1)),
                           (220, ("attackers", 2))):
        if score < bound:
            return outcome
    return "attackers", 3


def attackers_score(trick_points: int, kitty, attackers_win_last: bool, factor: int = 2) -> int:
    """Points from tricks, plus the kitty's points times ``factor`` when the attackers win the last
    trick (docs/rules.md: doubled; the sheet says nothing of the kitty's points)."""
    return trick_points + (factor * points(kitty) if attackers_win_last else 0)
