"""Boneyard rules: the round as a pure function, and the engine around it."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changekit.core import ChangekitError, IllegalAction
from changekit.games.boneyard import Boneyard, possible_bids, resolve_round
from changekit.games.boneyard.rules import START_BILLS, BoneyardView, bid, claim

SHEET_BUCKETS = [(10, 7), (10, 3), (7,), (3, 1), (3,)]  # worth 17, 13, 7, 4, 3
SHEET_BIDS = [(10,), (7,), (7,), (5,), (3, 1), (3,), (1,), (1,)]  # 10, 7, 7, 5, 4, 3, 1, 1


# ---- resolve_round ---------------------------------------------------------------------
def test_the_sheets_worked_example():
    r = resolve_round(SHEET_BUCKETS, SHEET_BIDS)
    # the sheet: "a regenerated Boneyard of 10, 5, (4), (5), (17)" (as a set of buckets)
    assert sorted(sum(b) for b in r.buckets) == sorted([10, 5, 4, 5, 17])
    # in the given order: the two 3-buckets tie as poorest, the leftmost (index 3) gets the 7s
    assert [sum(b) for b in r.buckets] == [10, 5, 4, 17, 5]
    assert r.buckets == ((10,), (5,), (3, 1), (7, 7, 3), (3, 1, 1))
    assert r.net == (17 - 10, -7, -7, 13 - 5, 7 - 4, 4 - 3, -1, -1)
    assert r.claims == (0, None, None, 1, 2, 3, None, None)
    assert r.cancelled == (1, 2, 6, 7) and r.returned == ()
    assert r.piles == ((7, (7, 7), 3), (1, (1, 1), 4))


def test_unmatched_bids_beyond_the_fifth_go_back():
    buckets = [(10,), (7,), (5,), (3,), (1,)]
    bids = [(1,), (3,), (3, 1), (5,), (5, 1), (7,), (7, 1)]  # totals 1, 3, 4, 5, 6, 7, 8
    r = resolve_round(buckets, bids)
    assert r.returned == (1, 0)  # $3 and $1 find no bucket, highest first
    assert r.net == (0, 0, 1 - 4, 3 - 5, 5 - 6, 7 - 7, 10 - 8)
    assert [sum(b) for b in r.buckets] == [8, 7, 6, 5, 4]


def test_any_number_of_equal_bids_cancel_and_a_sit_out_changes_nothing():
    buckets = [(10,), (7,), (5,), (3,), (1,)]
    r = resolve_round(buckets, [(5,), (3, 1, 1), (5,), (), (10,)])
    assert r.cancelled == (0, 1, 2)
    assert r.net == (-5, -5, -5, 0, 0)
    # the 10 takes the 10; the pile of three 5s goes to the poorest bucket, the $1
    assert [sum(b) for b in r.buckets] == [10, 7, 5, 3, 16]


def test_piles_go_by_largest_single_bid_not_largest_pile():
    # two 7s (14) are placed before three 5s (15): the 7s take the poorest bucket first
    buckets = [(10,), (7,), (5,), (3,), (1,)]
    r = resolve_round(buckets, [(5,), (5,), (5,), (7,), (7,)])
    assert r.piles == ((7, (7, 7), 4), (5, (5, 5, 5), 3))
    assert [sum(b) for b in r.buckets] == [10, 7, 5, 18, 15]


def test_equal_poorest_buckets_take_the_leftmost():
    r = resolve_round([(3,), (10,), (3,)], [(1,), (1,)])
    assert r.piles == ((1, (1, 1), 0),)


def test_resolve_round_refuses_junk():
    for buckets, bids in [("abc", [(1,)]), ([(1,)], [5]), ([(0,)], [(1,)]), ([(1,)], [(True,)]), ([], [(1,)])]:
        with pytest.raises(ChangekitError):
            resolve_round(buckets, bids)


def _reference(buckets, bids):
    """A second, plain implementation of the rules, for the property test."""
    totals = [sum(b) for b in bids]
    count = Counter(t for t, b in zip(totals, bids, strict=True) if b)
    order = sorted((p for p, b in enumerate(bids) if b and count[totals[p]] == 1), key=lambda p: -totals[p])
    values = [sum(b) for b in buckets]
    free = sorted(range(len(buckets)), key=lambda i: (-values[i], i))
    net = [0] * len(bids)
    new = [list(b) for b in buckets]
    for p in order:
        if free:
            i = free.pop(0)
            net[p] = values[i] - totals[p]
            new[i] = list(bids[p])
    lost = [p for p, b in enumerate(bids) if b and count[totals[p]] > 1]
    for p in lost:
        net[p] = -totals[p]
    for value in sorted({totals[p] for p in lost}, reverse=True):
        i = min(range(len(new)), key=lambda j: (sum(new[j]), j))
        new[i] += [b for p in lost if totals[p] == value for b in bids[p]]
    return [sum(b) for b in new], net


bills = st.sampled_from(START_BILLS)


@settings(max_examples=120, deadline=None)
@given(buckets=st.lists(st.lists(bills, min_size=1, max_size=4), min_size=5, max_size=5),
       bids=st.lists(st.lists(bills, max_size=4), min_size=2, max_size=8))
def test_resolve_round_matches_a_plain_reference_and_conserves_money(buckets, bids):
    r = resolve_round(buckets, bids)
    sums, net = _reference(buckets, bids)
    assert [sum(b) for b in r.buckets] == sums and list(r.net) == net
    before = Counter(b for k in buckets for b in k) + Counter(b for k in bids for b in k)
    players_after = Counter()
    for p, bills in enumerate(bids):
        if p in r.returned:
            players_after.update(bills)
        elif r.claims[p] is not None:
            players_after.update(buckets[r.claims[p]])
    assert Counter(b for k in r.buckets for b in k) + players_after == before
    assert sum(r.net) == sum(map(sum, buckets)) - sum(map(sum, r.buckets))


# ---- bids ----------------------------------------------------------------------------------
def test_possible_bids_of_the_starting_hand():
    bids = possible_bids(START_BILLS)
    assert len(bids) == 31  # 2**5 - 1 non-empty sets
    totals = sorted({sum(b) for b in bids})
    assert len(totals) == 24 and 2 not in totals and 24 not in totals
    assert all(list(b) == sorted(b, reverse=True) for b in bids)
    assert possible_bids([5, 5]) == [(5,), (5, 5)]


# ---- the engine ----------------------------------------------------------------------------
def _new(players=4, **options):
    return Boneyard(players=players, **options).new_state(seed=0)


def test_a_fresh_game():
    s = _new()
    assert s.current_players() == (0, 1, 2, 3)
    assert sorted(map(sum, s.buckets)) == [1, 3, 5, 7, 10]
    assert s.scores() == (26, 26, 26, 26)
    assert len(s.legal_actions(2)) == 31


def test_bids_stay_secret_until_the_reveal():
    s = _new(3)
    s.apply((10, 3), 0)
    for p in (1, 2, None):
        seen = s.view(p)
        assert seen["your_bid"] is None and seen["has_bid"] == [True, False, False]
        assert "13" not in str(seen["log"]) and "[10, 3]" not in str(seen["log"])
    assert s.view(0)["your_bid"] == [10, 3]
    assert s.current_players() == (1, 2)
    s.apply((5,), 1)
    s.apply((1,), 2)
    reveal = [d for k, d in s.view(1)["log"] if k == "reveal"]
    assert reveal == [{"bids": [[10, 3], [5], [1]], "totals": [13, 5, 1]}]


def test_a_round_moves_the_money_like_resolve_round():
    s = _new(3)
    buckets = [tuple(b) for b in s.buckets]
    bids = [(10, 3), (5,), (5,)]
    for p, bills in enumerate(bids):
        s.apply(bills, p)
    expected = resolve_round(buckets, bids)
    assert [tuple(b) for b in s.buckets] == list(expected.buckets)
    assert s.scores() == tuple(26 + d for d in expected.net) == (23, 21, 21)
    assert s.round == 2 and s.current_players() == (0, 1, 2)
    assert sum(s.inventory().elements()) == 4 * 26


def test_illegal_bids_name_the_rule_and_change_nothing():
    s = _new(2)
    # what is no bid at all is refused as a move of the wrong shape (a JSON list [5] is the bid (5,))
    cases = [((), "bid-shape"), (["5"], "move-shape"), ((5.0,), "move-shape"), ((True,), "move-shape"),
             (((5,),), "move-shape"), ((3, 5), "bid-order"), ((5, 5), "own-bills"), ((2,), "own-bills"),
             ("5", "move-shape"), (None, "move-shape")]
    before = s.to_json()
    for action, rule in cases:
        with pytest.raises(IllegalAction) as err:
            s.apply(action, 0)
        assert err.value.rule == rule, action
        assert repr(action) in str(err.value)
        assert s.to_json() == before


def test_a_player_cannot_bid_twice():
    s = _new(2)
    s.apply((1,), 0)
    with pytest.raises(IllegalAction) as err:
        s.apply((3,), 0)
    assert err.value.rule == "turn"


def test_choose_mode_lets_each_unmatched_bidder_pick_highest_first():
    s = _new(3, claim="choose")
    order = [sum(b) for b in s.buckets]
    s.apply((10,), 0)
    s.apply((5,), 1)
    s.apply((1,), 2)
    assert s.phase == "claim" and s.current_players() == (0,)
    assert s.view(2)["bids"] == [[10], [5], [1]]  # revealed
    five = order.index(5)
    s.apply(five, 0)  # the $10 bidder modestly takes the $5 bucket
    assert s.current_players() == (1,)
    with pytest.raises(IllegalAction) as err:
        s.apply(five, 1)
    assert err.value.rule == "free-bucket"
    s.apply(order.index(10), 1)
    s.apply(order.index(1), 2)
    assert s.phase == "bid" and s.scores() == (26 - 10 + 5, 26 - 5 + 10, 26 - 1 + 1)


def test_broke_players_sit_out_and_a_lone_bidder_keeps_bidding():
    s = _new(3)
    s.apply(START_BILLS, 0)
    s.apply(START_BILLS, 1)  # 26 and 26 cancel: both are broke
    s.apply((1,), 2)
    assert s.scores()[:2] == (0, 0)
    assert s.current_players() == (2,) and not s.is_terminal()
    assert s.legal_actions(0) == []


def test_everyone_broke_ends_the_game():
    s = _new(2)
    s.apply(START_BILLS, 0)
    s.apply(START_BILLS, 1)
    assert s.is_terminal() and s.winners() == (0, 1)
    assert s.log[-1].data["reason"] == "broke"


def _rigged(hands, buckets):
    s = _new(len(hands))
    s.hands = [sorted(h, reverse=True) for h in hands]
    s.buckets = [list(b) for b in buckets]
    return s


def test_reaching_40_wins():
    s = _rigged([[10, 10, 10, 5, 3], [10, 10, 10, 5, 3], [1]], [[10], [7], [5], [3], [1]])
    s.apply((1,), 2)
    s.apply((3,), 0)  # second highest: takes the $7 bucket, 38 - 3 + 7 = 42
    s.apply((5,), 1)  # highest: takes the $10 bucket, 38 - 5 + 10 = 43
    assert s.scores() == (42, 43, 5)
    assert s.is_terminal() and s.winners() == (1,)
    assert s.log[-1].data["reason"] == "target"
    assert s.narration(None, ["Ann", "Bob", "Cy"])[-1] == "Game over: Bob reaches $43 and wins."


def test_a_tie_at_the_top_plays_another_round():
    s = _rigged([[10, 10, 10, 5, 3], [10, 10, 10, 5, 1, 1, 1]], [[10], [7, 1], [1], [1], [1]])
    s.apply((5,), 0)  # lower: takes the $8 bucket, 38 - 5 + 8 = 41
    s.apply((5, 1, 1), 1)  # $7, higher: takes the $10 bucket, 38 - 7 + 10 = 41
    assert s.scores() == (41, 41)
    assert not s.is_terminal() and s.round == 2 and s.current_players() == (0, 1)
    assert any(e.kind == "tie" for e in s.log)


def test_the_round_limit_ends_the_game_with_the_richest_sharing():
    s = _new(2, max_rounds=1)
    s.apply((1,), 0)
    s.apply((3,), 1)
    assert s.is_terminal() and s.winners() == (1,)
    assert s.log[-1].data["reason"] == "rounds"
    with pytest.raises(ChangekitError):
        Boneyard(players=2, max_rounds=0)
    with pytest.raises(ChangekitError):
        Boneyard(players=2, claim="auction")


def test_narration_reads_the_whole_round():
    s = _new(3)
    for p, bills in enumerate([(10,), (10,), (3, 1)]):
        s.apply(bills, p)
    text = "\n".join(s.narration(None, ["Ann", "Bob", "Cy"]))
    assert "Ann and Bob both bid $10: the bids cancel" in text
    assert "Cy's unmatched $4 takes bucket" in text and "(+$6)" not in text and ": +$6." in text
    assert "Bids revealed: Ann $10, Bob $10, Cy $4." in text
    assert "bids $10" not in text  # the secret lines are not in a spectator's narration
    assert "Ann bids $10, in secret" not in "\n".join(s.narration(1, ["Ann", "Bob", "Cy"]))


def test_random_games_conserve_money_every_round():
    for seed in range(30):
        s = Boneyard(players=2 + seed % 7, claim=("largest", "choose")[seed % 2]).new_state(seed=seed)
        rng = random.Random(seed)
        total = sum(s.inventory().elements())
        while not s.is_terminal():
            p = rng.choice(s.current_players())
            s.apply(rng.choice(s.legal_actions(p)), p)
            assert sum(s.inventory().elements()) == total
        assert s.winners()


# ---- actions by name, their words, the view -----------------------------------------------
def test_named_actions_build_the_engines_encodings():
    assert bid(1, 10, 5) == (10, 5, 1) and bid(7) == (7,)
    assert claim(0) == 0 and claim(4) == 4
    for bad in [(), (0,), (2.5,), (True,), ("5",)]:
        with pytest.raises(ChangekitError):
            bid(*bad)
    for bad in [-1, 5, 1.0, "2", None]:
        with pytest.raises(ChangekitError):
            claim(bad)


def test_actions_in_words():
    s = _new(3, claim="choose")
    assert s.describe_action(bid(10, 5)) == "Bid $10 + $5 ($15)"
    assert s.describe_action(bid(3)) == "Bid $3"
    assert s.describe_action(bid(1, 1, 1)) == "Bid $1 + $1 + $1 ($3)"
    assert s.describe_action(claim(2)) == "Take bucket 3"  # no claiming now: what it holds will change
    order = [sum(b) for b in s.buckets]
    for p, bills in enumerate([(10,), (5,), (1,)]):
        s.apply(bid(*bills), p)
    assert s.phase == "claim"
    assert [s.describe_action(a) for a in s.legal_actions(0)] == [f"Take bucket {i + 1} (${v})"
                                                                  for i, v in enumerate(order)]
    for junk in [(), "x", (1.5,), None]:
        with pytest.raises(ChangekitError):
            s.describe_action(junk)


def test_every_legal_action_has_its_own_words():
    rng = random.Random(5)
    for seed in range(20):
        s = Boneyard(players=rng.randint(2, 8), claim=rng.choice(["largest", "choose"])).new_state(seed=seed)
        while not s.is_terminal():
            p = rng.choice(s.current_players())
            legal = s.legal_actions(p)
            words = [s.describe_action(a) for a in legal]
            assert all(words) and len(set(words)) == len(legal)
            s.apply(rng.choice(legal), p)


def test_a_game_played_with_named_actions_saves_and_loads():
    s = _new(3, claim="choose")
    s.apply(bid(10), 0)
    s.apply(bid(5), 1)
    s.apply(bid(3, 1), 2)
    s.apply(claim(s.legal_actions(0)[-1]), 0)
    s.apply(claim(s.legal_actions(1)[0]), 1)
    s.apply(claim(s.legal_actions(2)[0]), 2)
    assert s.round == 2
    loaded = type(s).from_json(s.to_json())
    assert loaded == s and loaded.history == s.history and loaded.log == s.log


def test_the_view_has_exactly_the_declared_keys():
    declared = set(BoneyardView.__annotations__)
    assert {"scores", "hands", "buckets", "phase", "round", "you"} <= declared and "money" not in declared
    rng = random.Random(2)
    for claim_rule in ("largest", "choose"):
        s = _new(4, claim=claim_rule)
        for _ in range(40):
            if s.is_terminal():
                break
            for seat in [None, *range(4)]:
                view = s.view(seat)
                assert set(view) == declared | {"to_act", "log"}
                assert view["scores"] == list(s.scores()) and view["you"] == seat
            p = rng.choice(s.current_players())
            s.apply(rng.choice(s.legal_actions(p)), p)


def _acting_from_scratch(s):
    if s.phase == "bid":
        return tuple(p for p in range(s.players) if s.hands[p] and s.bids[p] is None)
    return (s.claim_queue[0],) if s.phase == "claim" else ()


def test_who_acts_is_kept_right_through_play_undo_clone_and_load():
    """The engine keeps who acts up to date as it goes (for speed): it always says what the rules do."""
    rng = random.Random(7)
    for seed in range(30):
        s = Boneyard(players=rng.randint(2, 8), claim=rng.choice(["largest", "choose"])).new_state(seed=seed)
        while not s.is_terminal():
            assert s.current_players() == _acting_from_scratch(s)
            p = rng.choice(s.current_players())
            s.apply(rng.choice(s.legal_actions(p)), p)
            if rng.random() < 0.05:
                s.undo(rng.randint(1, len(s.history)))
            if rng.random() < 0.05:
                s = rng.choice([s.clone(), type(s).from_json(s.to_json())])
        assert s.current_players() == () == _acting_from_scratch(s)


def test_a_claimed_bucket_holds_the_bills_not_the_bid_move():
    """The winning bid's bills refill the bucket as a plain tuple of bills (a bucket is no move:
    it shows as (10, 7), not Bid(10, 7), and list-like code reads it at C speed)."""
    state = Boneyard(players=4).new_state(seed=3)
    rng = random.Random(1)
    rounds = 0
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        assert all(type(bucket) is tuple for bucket in state.buckets), state.buckets
        rounds = state.round
    assert rounds >= 2
