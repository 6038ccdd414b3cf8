"""The Big Cheese engine: bidding, walking off, maturing, Veto and Big Cheese timing, the end."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from changekit.core import ChangekitError, GameRng, IllegalAction
from changekit.core.bots import bot_move
from changekit.conformance import check_words
from changekit.games.big_cheese import BigCheese, full_deck
from changekit.games.big_cheese.bots import CautiousBot, HoldVetoBot, NoVetoBot, RandomBot, ValueBot
from changekit.core.errors import InvalidMove
from changekit.games.big_cheese.moves import MOVES, Bid, Keep, Pass, Reroll, Veto
from changekit.games.big_cheese.rules import CHEESE, VETO, WORKERS, BigCheeseView


def rig(*, players=3, deck, projects=(), hands=None, points=None, leader=0, seed=0, **options):
    """A state whose table we set by hand. ``deck`` lists cards top first; ``projects`` are
    (owner, card, workers); free workers are whatever is not on a project."""
    state = BigCheese(players=players, **options).new_state(seed=seed)
    state.deck = list(reversed(deck))
    state.discards = []
    state.projects = [list(p) for p in projects]
    state.free = [WORKERS - sum(w for o, _, w in projects if o == p) for p in range(players)]
    state.hands = [sorted(h) for h in (hands or [[] for _ in range(players)])]
    state.points = list(points or [0] * players)
    state.leader = leader
    state.cards_turned = 0
    state.log = []
    state._next_card()
    return state


def workers_of(state, p):
    return state.free[p] + sum(w for o, _, w in state.projects if o == p)


# ---- bidding ---------------------------------------------------------------------------------
def test_the_leader_opens_and_bids_must_rise_within_free_workers():
    s = rig(deck=[20, 2, 4, 6, 8], leader=1)
    assert s.current_players() == (1,) and s.offer == 20
    assert s.legal_actions() == [Pass()] + list(range(1, 11))
    s.apply(3)
    assert s.current_player == 2 and s.legal_actions() == [Pass()] + list(range(4, 11))
    before = s.to_json()
    for bad, rule in ((3, "bid-higher"), (2, "bid-higher"), (11, "free-workers"), ("veto", "veto-in-hand"),
                      (Reroll(0), "bid-action"), (Keep(), "bid-action"),
                      (None, "move-shape"), (True, "move-shape"), (4.0, "move-shape"), ("re-roll", "move-shape")):
        with pytest.raises(IllegalAction) as refused:
            s.apply(bad)
        named = bad if rule == "move-shape" else MOVES.typed(bad)  # the refusal names the move
        assert refused.value.rule == rule and repr(named) in str(refused.value)
        assert s.to_json() == before


def test_a_pass_is_final_and_the_last_high_bidder_takes_the_card():
    s = rig(deck=[20, 2, 4, 6, 8], leader=0)
    s.apply(2)       # P0
    s.apply(Pass())    # P1 is out for this card
    s.apply(3)       # P2
    s.apply(4)       # P0 again: P1 is skipped
    assert s.current_player == 2
    s.apply(Pass())
    assert s.projects == [[0, 20, 4]] and s.free == [6, 10, 10]
    assert s.leader == 0 and s.current_player == 0 and s.offer == 2
    with pytest.raises(IllegalAction, match="turn"):
        s.apply(1, 1)


def test_every_other_project_loses_one_worker_the_winners_older_ones_too():
    s = rig(deck=[8, 2, 4, 6], projects=[(0, 4, 3), (1, 6, 1), (2, 10, 2)], leader=0)
    assert s.free == [7, 9, 8]
    s.apply(5)            # P0 bids 5 on the 8
    s.apply(Pass())
    s.apply(Pass())
    # P0's 4 drops to 2, P1's 6 matures (a roll), P2's 10 drops to 1; the new 8 carries 5
    assert s.projects == [[0, 4, 2], [2, 10, 1], [0, 8, 5]]
    assert s.free == [3, 10, 9]
    rolled = [e.data for e in s.log if e.kind == "score"]
    assert rolled == [{"player": 1, "card": 6, "value": rolled[0]["value"], "points": rolled[0]["value"]}]
    assert rolled[0]["value"] in {6, 12, 18, 24, 30, 36}
    assert s.discards == [6]


def test_nobody_bids_the_card_is_discarded_and_nothing_matures():
    s = rig(deck=[12, 4, 6], projects=[(1, 2, 1)], leader=2)
    for _ in range(3):
        s.apply(Pass())
    assert s.discards == [12] and s.projects == [[1, 2, 1]] and s.leader == 2
    assert s.offer == 4 and s.current_player == 2
    assert any(e.kind == "no_bids" for e in s.log)


def test_a_player_who_cannot_outbid_and_has_no_veto_passes_automatically():
    s = rig(deck=[6, 4], projects=[(1, 10, 8)], leader=0)
    s.apply(3)  # P1 has 2 free: cannot beat 3, holds no Veto
    assert s.current_player == 2 and s.passed[1]
    assert [e.data for e in s.log if e.kind == "cannot_bid"] == [{"player": 1, "bid": 3, "free": 2}]


def test_an_empty_deck_is_refilled_from_the_discards():
    s = rig(deck=[6])
    s.discards = [2, 4, 8]
    for _ in range(3):
        s.apply(Pass())
    assert s.deck and sorted([*s.deck, s.offer]) == [2, 4, 6, 8] and s.discards == []
    assert any(e.kind == "reshuffle" for e in s.log)


# ---- Veto --------------------------------------------------------------------------------------
def test_veto_replaces_a_bid_discards_both_cards_moves_no_worker_and_keeps_the_leader():
    s = rig(deck=[20, 2, 4], projects=[(0, 6, 1), (2, 8, 4)], hands=[[], [], [VETO]], leader=0)
    s.apply(5)                 # P0 bids on the 20
    s.apply(Pass())              # P1
    assert Veto() in s.legal_actions(2)
    free, projects = list(s.free), [list(p) for p in s.projects]
    s.apply(Veto())              # P2, instead of bidding
    assert s.discards == [20, VETO] and s.hands[2] == []
    assert s.free == free and s.projects == projects          # no worker moved, nothing matured
    assert s.offer == 2 and s.leader == 0 and s.current_player == 0
    assert s.bid == 0 and s.high is None and not any(s.passed)


def test_the_veto_habits_differ_from_the_value_bot_only_in_when_they_veto():
    # Question 8's three bots: P0 bids all 10 workers on a 20; P2, holding a Veto, cannot outbid
    rng = random.Random(0)
    for points, vetoing in (([0, 0, 0], {"value"}), ([150, 0, 0], {"value", "holds its Veto"})):
        s = rig(deck=[20, 2, 4], hands=[[], [], [VETO]], points=points, leader=0)
        s.apply(10)  # P1 cannot outbid and holds no Veto: it passes by itself
        assert s.current_player == 2
        view, legal = s.view(2), s.legal_actions(2)
        chosen = {bot.name: bot.choose(view, legal, rng=rng) for bot in (ValueBot(), NoVetoBot(), HoldVetoBot())}
        assert chosen == {name: Veto() if name in vetoing else Pass() for name in chosen}, points
    s = rig(deck=[12, 2, 4], hands=[[], [], [VETO]], leader=2)  # a card worth bidding on: all three bid alike
    assert {bot.choose(s.view(2), s.legal_actions(2), rng=rng) for bot in (ValueBot(), NoVetoBot(), HoldVetoBot())} \
        == {ValueBot().choose(s.view(2), s.legal_actions(2), rng=rng)} != {Veto()}


def test_veto_works_with_no_free_workers_but_not_after_passing():
    s = rig(deck=[20, 2, 4], projects=[(1, 10, 10)], hands=[[VETO], [VETO], []], leader=0)
    assert s.free[1] == 0
    s.apply(Pass())                               # P0 passes: its Veto is gone for this card
    assert s.current_player == 1 and s.legal_actions() == [Pass(), Veto()]   # not auto-passed
    s.apply(Pass())
    s.apply(2)                                  # P2 bids; the bidding ends: both others passed
    assert s.projects[-1] == [2, 20, 2] and s.hands == [[VETO], [VETO], []]


def test_a_player_who_passed_never_gets_the_turn_back_for_that_card():
    s = rig(deck=[20, 2], hands=[[VETO], [], []], leader=0)
    s.apply(Pass())
    s.apply(1)
    before = s.to_json()
    with pytest.raises(IllegalAction) as refused:
        s.apply(Veto(), 0)
    assert refused.value.rule == "turn" and s.to_json() == before


# ---- Big Cheese --------------------------------------------------------------------------------
def test_a_big_cheese_maturing_with_a_number_card_can_reroll_it_at_once():
    # P1's 12 and P1's Big Cheese both have one worker left: the next placement matures both
    s = rig(deck=[2, 4, 6], projects=[(1, 12, 1), (1, CHEESE, 1)], leader=0, seed=4)
    s.apply(1)
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase == "reroll" and s.current_player == 1 and s.hands[1] == [CHEESE]
    assert s.legal_actions() == [Keep(), Reroll(0)]
    before = s.to_json()
    for bad, rule in ((Veto(), "cheese-action"), (Pass(), "cheese-action"), (1, "cheese-action"),
                      (Reroll(1), "own-fresh-die"), (("reroll", True), "move-shape"), (("re-roll", 0), "move-shape"),
                      (("reroll", 0, 0), "move-shape")):
        with pytest.raises(IllegalAction) as refused:   # no Veto or bid while the dice wait, no phantom die
            s.apply(bad)
        assert refused.value.rule == rule and s.to_json() == before
    first = s.rolls[0][2]
    s.apply(Reroll(0))
    new = [e.data for e in s.log if e.kind == "reroll"][0]
    assert new["old"] == first and s.hands[1] == [] and CHEESE in s.discards
    # the new roll stands, whatever it is, and it is scored
    assert s.points[1] == new["value"] and s.phase == "bid"


def test_the_new_roll_stands_even_when_worse_and_a_die_is_rerolled_once():
    seen_worse = False
    for seed in range(40):
        s = rig(deck=[2, 4, 6], projects=[(1, 20, 1), (1, 4, 1)], hands=[[], [CHEESE, CHEESE], []], seed=seed)
        s.apply(1)
        s.apply(Pass())
        s.apply(Pass())
        s.apply(Reroll(0))
        assert s.phase == "reroll" and s.legal_actions() == [Keep(), Reroll(1)]   # not die 0 again
        with pytest.raises(IllegalAction) as refused:
            s.apply(Reroll(0))
        assert refused.value.rule == "own-fresh-die"
        s.apply(Keep())
        event = [e.data for e in s.log if e.kind == "reroll"][0]
        scored = {e.data["card"]: e.data["value"] for e in s.log if e.kind == "score"}
        assert scored[20] == event["value"]
        seen_worse |= event["value"] < event["old"]
        assert s.hands[1] == [CHEESE]   # one Big Cheese used, one kept
    assert seen_worse


def test_big_cheese_only_for_your_own_dice_and_only_dice_just_rolled():
    s = rig(deck=[2, 4, 6, 8], projects=[(0, 20, 1)], hands=[[], [CHEESE], []], leader=0)
    s.apply(1)
    s.apply(Pass())
    s.apply(Pass())
    # P0's 20 rolled; P1 holds a Big Cheese but cannot touch another player's die
    assert s.phase == "bid" and s.hands[1] == [CHEESE] and s.points[0] > 0
    # later placements roll nothing for P1, so P1 is never offered a re-roll either
    s.apply(Pass())
    assert s.phase == "bid"


def test_several_cheese_holders_decide_in_turn_from_the_player_who_took_the_card():
    s = rig(deck=[2, 4, 6], projects=[(0, 6, 1), (2, 8, 1)], hands=[[CHEESE], [], [CHEESE]], leader=1)
    s.apply(1)                # P1 takes the 2
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase == "reroll" and s.current_player == 2   # P2 comes before P0 going round from P1
    s.apply(Keep())
    assert s.current_player == 0 and s.legal_actions() == [Keep(), Reroll(0)]
    with pytest.raises(IllegalAction):
        s.apply(Reroll(1))  # P2's die
    s.apply(Keep())
    assert s.phase == "bid" and s.hands == [[CHEESE], [], [CHEESE]]


# ---- the end -----------------------------------------------------------------------------------
def test_two_players_reaching_the_target_together_the_higher_score_wins():
    outcomes = set()
    for seed in range(25):
        # both 20s mature on the next placement and any roll takes both past 200
        s = rig(deck=[2, 4], projects=[(1, 20, 1), (2, 20, 1)], points=[0, 195, 190], leader=0, seed=seed)
        s.apply(1)
        s.apply(Pass())
        s.apply(Pass())
        assert s.is_terminal() and min(s.points[1:]) >= 200
        a, b = s.points[1], s.points[2]
        assert s.winners() == ((1, 2) if a == b else ((1,) if a > b else (2,)))
        outcomes.add(s.winners())
    assert (2,) in outcomes and (1,) in outcomes   # reaching it "first" in seat order does not matter


def test_tied_top_scores_share_the_win():
    outcomes = set()
    for seed in range(25):
        s = rig(deck=[2, 4], projects=[(1, 2, 1), (2, 2, 1)], points=[0, 39, 39], leader=0, dice="polyhedral",
                seed=seed)
        s.apply(1)
        s.apply(Pass())
        s.apply(Pass())
        a, b = s.points[1], s.points[2]
        assert s.is_terminal() and s.winners() == ((1, 2) if a == b else ((1,) if a > b else (2,)))
        outcomes.add(s.winners())
    assert (1, 2) in outcomes


def test_exactly_30_ignores_rolls_that_pass_30():
    hit = miss = 0
    for seed in range(30):
        s = rig(deck=[2, 4], projects=[(1, 20, 1)], points=[0, 25, 0], dice="polyhedral", exactly_30=True,
                seed=seed)
        s.apply(1)
        s.apply(Pass())
        s.apply(Pass())
        roll = [e.data["value"] for e in s.log if e.kind in ("score", "overshoot")][0]
        if roll <= 5:
            assert s.points[1] == 25 + roll
            hit += 1
        else:
            assert s.points[1] == 25 and any(e.kind == "overshoot" for e in s.log)
            miss += 1
        assert s.is_terminal() == (s.points[1] == 30)
    assert hit and miss


def test_the_turn_limit_ends_an_endless_game():
    s = BigCheese(players=3, turn_limit=5).new_state(seed=0)
    while not s.is_terminal():
        s.apply(Pass())
    assert s.cards_turned == 5 and s.winners() == (0, 1, 2)


def test_options_are_checked():
    for bad in ({"dice": "d20"}, {"exactly_30": True}, {"specials": 1}, {"target": 0}, {"turn_limit": 0}):
        with pytest.raises(ChangekitError):
            BigCheese(**bad)
    assert BigCheese().options.goal == 200
    assert BigCheese(dice="polyhedral").options.goal == 40
    assert BigCheese(dice="polyhedral", exactly_30=True).options.goal == 30
    no_specials = BigCheese(specials=False).new_state(seed=0)
    assert sum(v for k, v in no_specials.inventory().items() if k.startswith("card:")) == 28
    assert Counter(full_deck()) == Counter({2: 4, 4: 4, 6: 4, 8: 4, 10: 4, 12: 4, 20: 4, VETO: 4, CHEESE: 4})


# ---- conservation and views ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_workers_are_conserved_at_every_step(players):
    rng = random.Random(players)
    bots = [ValueBot(), CautiousBot(), RandomBot()] * 2
    for seed in range(6):
        s = BigCheese(players=players, dice=("d6", "polyhedral")[seed % 2]).new_state(seed=seed)
        start = s.inventory()
        assert all(start[f"workers:{p}"] == WORKERS for p in range(players))
        while not s.is_terminal():
            p = s.current_player
            s.apply(bot_move(s, p, bots[p], rng), p)
            assert all(workers_of(s, p) == WORKERS for p in range(players))
            assert all(w >= 1 for _, _, w in s.projects) and all(f >= 0 for f in s.free)
            assert len(s.projects) <= 10
            assert s.inventory() == start
        assert s.winners()


def test_the_view_is_json_and_determinize_only_reorders_the_hidden_deck():
    s = BigCheese().new_state(seed=9)
    for _ in range(15):
        s.apply(random.Random(1).choice(s.legal_actions()))
    view = s.view(0)
    assert json.loads(json.dumps(view)) == view
    twin = s.determinize(0, GameRng(5))
    assert twin.offer == s.offer and sorted(map(str, twin.deck)) == sorted(map(str, s.deck))
    assert twin.view(0) == view and twin.deck != s.deck


# ---- the game's vocabulary: actions by name, their words, the declared view ---------------------
def test_named_actions_are_the_encodings_the_engine_plays():
    assert Bid(3) == 3 and Bid(3).workers == 3 and Reroll(1) == ("reroll", 1) and Reroll(1).die == 1
    assert (Pass(), Veto(), Keep()) == ("pass", "veto", "keep")
    for bad in (True, 2.0, "3"):
        with pytest.raises(InvalidMove, match="workers is a whole number"):
            Bid(bad)
    for bad in (True, "0"):
        with pytest.raises(InvalidMove, match="die is a whole number"):
            Reroll(bad)
    s = rig(deck=[20, 2, 4, 6, 8], leader=1)
    s.apply(Bid(2), 1)
    s.apply(Pass(), 2)
    s.apply(Bid(3), 0)
    assert s.high == 0 and s.bid == 3


def test_every_legal_action_has_its_own_words():
    rng = random.Random(5)
    said_kinds = set()
    for seed in range(30):
        state = BigCheese(players=rng.choice([3, 4, 6]), dice=rng.choice(["d6", "polyhedral"])).new_state(seed=seed)
        for _ in range(300):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            words = [state.describe_action(a) for a in legal]
            assert not check_words(state, legal)  # words for each action, no two alike
            for action, said in zip(legal, words, strict=True):
                if type(action) is Bid:
                    assert said == f"Bid {action.workers}"
                elif type(action) is Reroll:
                    _, card, value, _ = state.rolls[action.die]
                    assert said.startswith(f"Big Cheese: re-roll my {card} (rolled {value}")
                else:
                    assert said == {Pass(): "Pass", Veto(): "Play Veto", Keep(): "Keep the rolls"}[action]
                said_kinds.add(type(action).__name__)
            state.apply(rng.choice(legal))
    assert {"Bid", "Pass", "Keep", "Reroll"} <= said_kinds


def test_two_alike_dice_are_told_apart():
    s = rig(deck=[2, 4, 6], projects=[(1, 6, 1), (1, 6, 1)], hands=[[], [CHEESE], []], leader=0, seed=1)
    s.apply(Bid(1), 0)
    s.apply(Pass(), 1)
    s.apply(Pass(), 2)
    assert s.phase == "reroll" and len(s.rolls) == 2
    s.rolls[1][2] = s.rolls[0][2]  # the same value on both 6s
    words = [s.describe_action(a) for a in s.legal_actions()]
    value = s.rolls[0][2]
    assert words == ["Keep the rolls", f"Big Cheese: re-roll my 6 (rolled {value}, die 1)",
                     f"Big Cheese: re-roll my 6 (rolled {value}, die 2)"]


@pytest.mark.parametrize("junk", [0, -2, "bid", ("reroll", 5), ("keep", 0), None, 2.5])
def test_describing_a_non_action_is_refused(junk):
    with pytest.raises(ChangekitError, match="is not a Big Cheese action"):
        BigCheese().new_state(seed=1).describe_action(junk)


def test_the_view_holds_exactly_the_declared_keys_and_scores_are_the_scores():
    state = BigCheese(players=3).new_state(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for player in (None, 0, 2):
        view = state.view(player)
        assert set(view) - {"to_act", "log"} == set(BigCheeseView.__annotations__)
        assert view["scores"] == list(state.scores()) and view["winners"] == list(state.winners()) != []
        assert view["turn"] is None
    fresh = BigCheese(players=4).new_state(seed=2).view(1)
    assert fresh["winners"] == [] and fresh["scores"] == [0] * 4 and fresh["turn"] in range(4)
