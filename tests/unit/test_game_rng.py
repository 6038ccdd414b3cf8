"""GameRng.shuffle: the permutation a stable sort by successive random() keys gives."""
from __future__ import annotations

import random

from changekit.core.rng import GameRng


def reference_shuffle(rng: random.Random, items: list) -> list:
    """Item i gets the i-th random() as its key; equal keys keep their order."""
    keys = [rng.random() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=lambda i: keys[i])]


def test_shuffle_sorts_by_successive_random_keys_and_draws_one_per_item():
    for seed in range(50):
        for size in (0, 1, 2, 9, 120):
            items = [f"card{i % 7}" for i in range(size)]
            ours, theirs = GameRng(seed), random.Random(seed)
            shuffled = list(items)
            ours.shuffle(shuffled)
            assert shuffled == reference_shuffle(theirs, items)
            assert ours.random() == theirs.random()  # the same number of draws


def test_shuffle_keeps_every_item():
    rng = GameRng(3)
    items = list(range(200))
    rng.shuffle(items)
    assert sorted(items) == list(range(200)) and items != list(range(200))
