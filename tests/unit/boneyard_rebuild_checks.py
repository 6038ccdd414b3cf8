"""Boneyard's rebuild written from the rule sheet (/work/shared/rules/change-deck-games.txt,
"Rebuilding the Boneyard", and docs/rules.md), not from the kit's rules: Question 8's answer
recomputed by listing every first round one player at a time (the kit groups them into
multisets). Only the stored first-round mix is shared with the kit."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from changekit.games.boneyard.model import EQUILIBRIUM_TABLE


def rebuilt_by_the_sheet(buckets: list[int], bids: list[int]) -> list[int]:
    """Bucket worths after one round: the highest unmatched bid takes the richest bucket, the next
    the richest left, and so on; each falls into the bucket it took. Matched bids are put aside,
    gathered into piles of the same bid, and the pile of the largest bids goes first into the
    smallest bucket, the next pile into the now smallest, and so on."""
    after = list(buckets)
    unmatched = sorted((b for b in bids if bids.count(b) == 1), reverse=True)
    free = sorted(range(len(after)), key=lambda i: -after[i])
    for bid, bucket in zip(unmatched, free, strict=False):  # more bids than buckets: the rest go back
        after[bucket] = bid
    for size in sorted({b for b in bids if bids.count(b) > 1}, reverse=True):
        smallest = min(range(len(after)), key=lambda i: after[i])
        after[smallest] += size * bids.count(size)
    return after


@cache
def by_the_sheet(players: int) -> dict[str, Fraction]:
    mix = {t: Fraction(p) for t, p in EQUILIBRIUM_TABLE[players].items() if p > 0}
    scale = sum(mix.values())
    below = above = richest = total = Fraction(0)
    for bids in product(mix, repeat=players):
        chance = Fraction(1)
        for b in bids:
            chance *= mix[b] / scale
        after = rebuilt_by_the_sheet([10, 7, 5, 3, 1], list(bids))
        below += chance * (max(after) < 10)
        above += chance * (max(after) > 10)
        richest += chance * max(after)
        total += chance * sum(after)
    return {"below": below, "above": above, "richest": richest, "total": total}
