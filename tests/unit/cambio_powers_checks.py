"""Cambio's powers weighed from the rule sheet (/work/shared/rules/zhao-pengyou-and-cambio.txt:
"Every card is worth their numeric value, except for red kings, which are worth -1"; faces 11-13
as the lesson reads them), not from the kit: the deck built here, every unseen card and every
ordered pair of different unseen cards listed one by one, in fractions."""
from __future__ import annotations

from fractions import Fraction

RANKS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}


def value(card: str) -> int:
    rank, suit = card[:-1], card[-1]
    return -1 if rank == "K" and suit in "HD" else RANKS[rank]


DECK = [rank + suit for suit in "SHDC" for rank in RANKS]


def unseen(*out: str) -> list[int]:
    return [value(c) for c in DECK if c not in out]


def blind_swap(known: list[str], discarded: str) -> Fraction:
    """Give your highest known card for one of theirs, unseen (or keep it, if that is better)."""
    cards = unseen(*known, discarded)
    return max(Fraction(0), max(value(c) for c in known) - Fraction(sum(cards), len(cards)))


def king(known: list[str], discarded: str) -> tuple[Fraction, Fraction]:
    """(look at your highest known card and one of theirs; look at an unseen card of yours and one
    of theirs): swap when yours is higher."""
    cards = unseen(*known, discarded)
    top = max(value(c) for c in known)
    at_known = Fraction(sum(max(0, top - y) for y in cards), len(cards))
    pairs = [(x, y) for i, x in enumerate(cards) for j, y in enumerate(cards) if i != j]
    at_unseen = Fraction(sum(max(0, x - y) for x, y in pairs), len(pairs))
    return at_known, at_unseen
