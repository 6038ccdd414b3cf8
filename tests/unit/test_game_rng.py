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


def test_deal_again_cuts_one_shuffle_into_hands_as_the_games_did_by_hand():
    from changekit.core.rng import deal_again

    for seed in range(20):
        pool = list(range(30))
        by_hand, rng = pool[:], GameRng(seed)
        rng.shuffle(by_hand)  # what determinize wrote out in each game: shuffle, then slice
        expected = [by_hand[0:4], by_hand[4:4], by_hand[4:11]], by_hand[11:]
        dealt = deal_again(pool, [4, 0, 7], rng_two := GameRng(seed))
        assert dealt == expected and rng_two.getstate() == rng.getstate()
    assert deal_again([], [], GameRng(1)) == ([], [])


def test_twin_rng_is_seeded_by_one_draw_of_the_given_generator():
    from changekit.core.rng import twin_rng

    rng, again = GameRng(5), GameRng(5)
    twin = twin_rng(rng)
    assert type(twin) is GameRng and twin.getstate() == GameRng(again.randrange(2**32)).getstate()
    assert rng.getstate() == again.getstate()
