"""Zombie: change-making against a brute force, the sheet's example, draws and recycling."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from changekit.core import ChangekitError, IllegalAction, change_deck
from changekit.games.zombie import Zombie, make_change
from changekit.games.zombie.rules import serve

ALL_BILLS = (1, 3, 5, 7, 10)


def brute_force_changes(hand):
    """Every sub-multiset of the hand, for every bill and tiebreak at once: smallest total ≥ bill,
    then fewest bills, then tiebreak ("high": the higher bills, compared from the highest down)."""
    # Each distinct sub-multiset once (how many of each bill), not each index subset: a hand
    # of eleven bills has 2048 index subsets but at most a few hundred different ones.
    counts = sorted(Counter(hand).items(), reverse=True)
    best = {}
    for takes in product(*(range(count + 1) for _, count in counts)):
        combo = tuple(value for (value, _), take in zip(counts, takes, strict=True) for _ in range(take))
        if not combo:
            continue
        key = (sum(combo), len(combo))
        for bill in ALL_BILLS:
            if key[0] < bill:
                continue
            for tiebreak in ("high", "low"):
                held = best.get((bill, tiebreak))
                if held is None or key < held[0] or (key == held[0] and (
                        (combo > held[1]) if tiebreak == "high" else (combo < held[1]))):
                    best[(bill, tiebreak)] = (key, combo)
    return {case: combo for case, (_, combo) in best.items()}


def test_make_change_agrees_with_brute_force():
    # Every multiset of up to 11 bills (4367 hands), each in a shuffled order, against every
    # bill and both tiebreaks: all 43,670 cases, where a random sample saw a few thousand.
    rng = random.Random(0)
    checked = 0
    for size in range(1, 12):
        for multiset in combinations_with_replacement(ALL_BILLS, size):
            hand = list(multiset)
            rng.shuffle(hand)
            expected = brute_force_changes(hand)
            for bill in ALL_BILLS:
                for tiebreak in ("high", "low"):
                    checked += 1
                    if sum(hand) < bill:
                        assert (bill, tiebreak) not in expected
                        with pytest.raises(ChangekitError, match="cannot cover"):
                            make_change(hand, bill, tiebreak=tiebreak)
                    else:
                        assert make_change(hand, bill, tiebreak=tiebreak) == expected[(bill, tiebreak)], \
                            (hand, bill, tiebreak)
    assert checked == 4367 * 5 * 2


def test_the_sheets_example():
    assert make_change([1, 3, 7], 5) == (7,)
    zombie = [1, 3, 7]
    change, drawn = serve(zombie, 5, None)
    assert (change, drawn, zombie) == ((7,), [], [1, 3, 5])
    assert sum(change) - 5 == 2


@pytest.mark.parametrize(("hand", "bill", "expected"), [
    ([10], 1, (10,)),                  # the sheet's 9-point play
    ([5, 3, 1, 1], 5, (5,)),           # an exact single bill
    ([3, 1, 1], 5, (3, 1, 1)),         # exact change in several bills
    ([3, 3, 7], 5, (3, 3)),            # no 5: 3+3 = 6 is the smallest total at least 5, under the 7
    ([1, 1, 1, 1, 1, 1, 7], 7, (7,)),  # exact, fewest bills
    ([10, 7, 3], 10, (10,)),           # 10 exact beats 7+3 by fewer bills
])
def test_chosen_cases(hand, bill, expected):
    assert make_change(hand, bill) == expected


def test_bad_arguments_name_the_problem():
    for hand, bill in (([1, 3], 0), ([1, 3], 2.5), (["x"], 1), ([1, -3], 1), ([1, 3], True)):
        with pytest.raises(ChangekitError):
            make_change(hand, bill)
    with pytest.raises(ChangekitError, match="tiebreak"):
        make_change([1, 5], 1, tiebreak="middle")


def test_register_draws_one_bill_at_a_time_until_covered():
    state = Zombie(players=2).new_state(seed=0)
    state.zombie, state.register = [1], [10, 3, 1]  # pop() takes from the end: 1, then 3
    me = state.current_player
    state.hands[me] = [5] + state.hands[me][1:]
    state.apply(5)
    pay = state.log[-1].data
    assert pay["drawn"] == [1, 3] and pay["change"] == (3, 1, 1) and pay["points"] == 0
    assert state.zombie == [5] and state.register == [10]


def test_empty_register_recycles_the_discards():
    state = Zombie(players=2).new_state(seed=0)
    me = state.current_player
    state.zombie, state.register, state.discards = [1], [], [7, 10, 3]
    state.hands[me] = [5] + state.hands[me][1:]
    before = state.inventory()
    state.apply(5)
    kinds = [e.kind for e in state.log[-2:]]
    assert kinds == ["recycle", "pay"]
    assert state.inventory() == before
    assert state.log[-1].data["drawn"]  # the Zombie drew from the recycled pile


def test_a_whole_game_has_every_player_deal_once():
    state = Zombie(players=3).new_state(seed=4)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    rounds = [e.data["dealer"] for e in state.log if e.kind == "round"]
    assert rounds == [0, 1, 2]
    assert len(state.history) == 3 * 3 * 6
    assert sum(e.data["points"] for e in state.log if e.kind == "pay") == sum(state.scores())
    assert state.winners() == tuple(p for p in range(3) if state.scores()[p] == max(state.scores()))


def test_first_player_sits_left_of_the_dealer_and_deal_is_six_and_three():
    state = Zombie(players=4).new_state(seed=9)
    assert state.current_player == 1
    assert [len(h) for h in state.hands] == [6, 6, 6, 6] and len(state.zombie) == 3
    hands = sum((Counter(h) for h in state.hands), Counter())
    assert Counter(state.register) + Counter(state.zombie) + hands == Counter(change_deck())


def test_paying_a_bill_you_do_not_hold_names_the_rule():
    state = Zombie(players=2).new_state(seed=1)
    missing = next(b for b in (1, 3, 5, 7, 10) if b not in state.hands[state.current_player])
    with pytest.raises(IllegalAction, match="bill you hold") as refused:
        state.apply(missing)
    assert refused.value.rule == "own-bill"


def test_narration_reads_like_the_table():
    state = Zombie(players=2).new_state(seed=0)
    me = state.current_player
    state.zombie = [1, 3, 7]
    state.hands[me] = [5] + state.hands[me][1:]
    state.apply(5)
    line = state.narration(names=["Ann", "Bob"])[-1]
    assert line == f"{['Ann', 'Bob'][me]} paid $5; the Zombie had $1, $3, $7 and gave back $7: +2"


def test_views_hide_other_hands_and_the_register():
    state = Zombie(players=3).new_state(seed=2)
    view = state.view(0)
    assert view["hand"] == sorted(state.hands[0], reverse=True)
    assert view["deck_size"] == len(state.register)  # the register's size only, never its bills
    assert not [key for key, value in view.items() if value in (state.register, sorted(state.register, reverse=True))]
    assert all(e[1].get("player") == 0 for e in view["log"] if e[0] == "deal")


def test_view_keys_are_the_declared_zombie_view_and_scores_are_the_scores():
    from changekit.games.zombie.rules import ZombieView

    state = Zombie(players=3).new_state(seed=5)
    rng = random.Random(5)
    while True:
        for who in (0, 1, None):
            view = state.view(who)
            assert set(view) - {"to_act", "log"} == set(ZombieView.__annotations__)
            assert view["scores"] == list(state.scores()) and view["turn"] == state.turn
            assert view["winners"] == list(state.winners())
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert view["winners"] and view["turn"] is None and view["round"] == view["rounds"] == 3


def test_pay_is_the_bill_and_describe_action_words_it():
    from changekit.games.zombie.moves import Pay
    from changekit.games.zombie.rules import describe

    state = Zombie(players=3).new_state(seed=4)
    legal = state.legal_actions()
    assert all(type(m) is Pay for m in legal) and [Pay(b) for b in legal] == legal == [m.bill for m in legal]
    assert [state.describe_action(b) for b in legal] == [f"Pay ${b}" for b in legal]
    assert describe(Pay(10)) == "Pay $10"
    state.apply(Pay(legal[0]))
    assert Zombie.State.from_json(state.to_json()) == state
    for junk in (2, 0, -5, "5", 5.0, True, None):
        with pytest.raises(ChangekitError):
            state.describe_action(junk)
