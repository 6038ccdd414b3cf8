"""Zhao Pengyou's rules for one trick and one deal's score, written again from the rule sheet and
docs/rules.md for the tests (issue 43): never from the kit's tricks, rules or worked_examples, so a
lesson's answer computed by the kit is checked against a second, independent reading.

Cards are codes as the kit writes them ("10D", "QH"; jokers "SJ", "BJ"); only what Questions 5 to 7
need: tractors (pairs of one suit on consecutive ranks, the trump rank skipped, no jokers or
trump-rank cards: the kit's reading, docs/rules.md; the sheet does not say), who takes a trick led
with one, the sheet's level table, and how many hands hold no tractor (Question 7, counted by a
closed form, not the kit's rank-by-rank programme), also under the other reading, where the trump
rank breaks a suit's run instead of being skipped.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

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


# ---- Question 7: a tractor in a dealt hand ---------------------------------------------------------
SUITS = "SHDC"


def deck(decks: int = 3) -> list[str]:
    """Every card of ``decks`` decks, each copy once: 52 cards and two jokers a deck (the sheet)."""
    one = [r + s for s in SUITS for r in RANK_ORDER] + ["SJ", "BJ"]
    return [code for code in one for _ in range(decks)]


def runs(trump_rank: str, *, breaks: bool = False) -> list[list[str]]:
    """A suit's ranks in a row, the trump rank left out: one run with it skipped (the kit's reading),
    or the two runs on either side of it when it breaks the row (A is never next to 2)."""
    at = RANK_ORDER.index(trump_rank)
    pieces = [RANK_ORDER[:at], RANK_ORDER[at + 1:]] if breaks else [RANK_ORDER[:at] + RANK_ORDER[at + 1:]]
    return [piece for piece in pieces if piece]


def tractor_spots_held(hand, trump_rank: str = "2", *, breaks: bool = False) -> int:
    """How many places for a tractor a hand fills: pairs of neighbouring ranks of one suit (in a run
    of :func:`runs`), each held at least twice (three copies hold a pair); jokers and trump-rank
    cards never. 3-3-4-4-5-5 of one suit fills two (3-4 and 4-5)."""
    counts = Counter(c for c in hand if c not in ("SJ", "BJ") and rank(c) != trump_rank)
    return sum(counts[low + s] >= 2 and counts[high + s] >= 2
               for s in SUITS for run in runs(trump_rank, breaks=breaks)
               for low, high in zip(run[:-1], run[1:], strict=True))


def holds_tractor(hand, trump_rank: str = "2", *, breaks: bool = False) -> bool:
    """Whether a hand could lead a tractor: it fills at least one place for one."""
    return tractor_spots_held(hand, trump_rank, breaks=breaks) > 0


def _product(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def _power(a, k: int):
    out = [1]
    for _ in range(k):
        out = _product(out, a)
    return out


def tractor_free_counts(copies: int, ranks: int, suits: int, others: int) -> list[int]:
    """How many hands of each size (0 to the whole deck) hold no tractor, by a closed form: in one suit, choose which k
    of its ``ranks`` ranks in a row are held twice or more, no two of them neighbours (C(ranks - k + 1, k)
    ways, the stars-and-bars count), then how many copies of each rank are held; the suits and the
    ``others`` cards (never in a tractor) multiply. Polynomials in the number of cards held."""
    twice = [0, 0] + [comb(copies, j) for j in range(2, copies + 1)]   # 2 or more of a rank's copies
    under = [comb(copies, j) for j in range(min(copies, 1) + 1)]         # 0 or 1
    suit = [0]
    for k in range(0, (ranks + 1) // 2 + 1):
        term = [comb(ranks - k + 1, k) * x for x in _product(_power(twice, k), _power(under, ranks - k))]
        suit = [(suit[i] if i < len(suit) else 0) + (term[i] if i < len(term) else 0)
                for i in range(max(len(suit), len(term)))]
    counts = _product(_power(suit, suits), [comb(others, j) for j in range(others + 1)])
    cards = suits * ranks * copies + others
    return (counts + [0] * cards)[:cards + 1]  # every hand size, to the whole deck


def tractor_chance(hand: int, decks: int = 3, suits: int = 4) -> Fraction:
    """The chance that ``hand`` cards dealt from ``decks`` decks hold a tractor in ``suits`` named
    suits: each suit has 12 ranks in a row once the trump rank is skipped, ``decks`` copies of each;
    every other card (jokers, trump-rank cards, the other suits) is never in one."""
    ranks = len(RANK_ORDER) - 1
    cards = 54 * decks
    free = tractor_free_counts(decks, ranks, suits, cards - suits * ranks * decks)
    return 1 - Fraction(free[hand], comb(cards, hand))


def tractor_spot_chance(hand: int, decks: int = 3) -> Fraction:
    """The chance that a hand holds one given spot (7♠ and 8♠, say) twice or more each, by
    inclusion-exclusion: one minus the chance that either rank is held fewer than twice."""
    cards = 54 * decks

    def fewer_than_two(ranks_: int) -> Fraction:
        """P(each of ``ranks_`` given ranks of one suit held at most once)."""
        ways = sum(comb(decks, 1) ** ones * comb(ranks_, ones) * comb(cards - ranks_ * decks, hand - ones)
                   for ones in range(ranks_ + 1))
        return Fraction(ways, comb(cards, hand))

    return 1 - 2 * fewer_than_two(1) + fewer_than_two(2)


def tractor_chance_broken(hand: int, trump_rank: str, decks: int = 3) -> Fraction:
    """The other reading (not the kit's): the trump rank breaks each suit's row of ranks instead of
    being skipped, so a suit holds the runs of :func:`runs` with ``breaks=True`` (at level 8: 2-7 and
    9-A, two runs of 6). Each run of each suit counted by the closed form, the products multiplied;
    jokers and trump-rank cards are never in a tractor."""
    cards = 54 * decks
    free = [1]
    for run in runs(trump_rank, breaks=True):
        free = _product(free, _power(tractor_free_counts(decks, len(run), 1, 0), len(SUITS)))
    others = cards - len(SUITS) * decks * sum(len(run) for run in runs(trump_rank, breaks=True))
    free = _product(free, [comb(others, j) for j in range(others + 1)])
    return 1 - Fraction(free[hand], comb(cards, hand))
