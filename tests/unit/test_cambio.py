"""Cambio rules: values, every power, every snap outcome, the Cambio round, knowledge tracking."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from changekit.core import ChangekitError, GameRng, IllegalAction
from changekit.games.cambio.moves import MOVES
from changekit.games.cambio import Cambio, card_value
from changekit.games.cambio.bots import MemoryBot, RandomBot
from changekit.games.cambio.rules import PUBLIC, GiveBack, KingLook


def make(players=2, grids=None, deck=None, **options):
    """A state with chosen grids and deck (the deck's LAST card is drawn first)."""
    state = Cambio(players=players, **options).new_state(seed=1)
    if grids is not None:
        state.grids = [list(g) for g in grids]
    if deck is not None:
        state.deck = list(deck)
    assert sum(state.inventory().values()) == 52 or grids is not None
    return state


def known(state, player):
    grids = state.view(player)["grids"]
    return {(q, j): c for q, g in enumerate(grids) for j, c in enumerate(g) if c not in (None, "?")}


G2 = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


# ---- values -----------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "value"), [
    ("AS", 1), ("2C", 2), ("10H", 10), ("JD", 11), ("QC", 12), ("KS", 13), ("KC", 13), ("KD", -1), ("KH", -1),
    ("JK", 0), ("SJ", 0), ("BJ", 0), ("10♦", 10), ("ah", 1),
])
def test_card_values(card, value):
    assert card_value(card) == value


@pytest.mark.parametrize("junk", ["", "ZZ", "11S", "KX", None, 5, 1.5, ("A", "S")])
def test_card_value_refuses_junk(junk):
    with pytest.raises(ChangekitError):
        card_value(junk)


def test_a_deck_totals_336_and_jokers_add_nothing():
    from changekit.core.cards import standard_deck

    assert sum(card_value(c.code) for c in standard_deck()) == 4 * 78 + 2 * 13 - 2 == 336
    assert sum(card_value(c.code) for c in standard_deck(jokers=True)) == 336


# ---- setup and the first peek -----------------------------------------------------------
def test_deal_four_each_and_peek_at_the_near_row_only():
    state = Cambio(players=3).new_state(seed=4)
    assert [len(g) for g in state.grids] == [4, 4, 4]
    assert len(state.deck) == 52 - 12 and sum(state.inventory().values()) == 52
    for p in range(3):
        assert set(known(state, p)) == {(p, 2), (p, 3)}
        assert known(state, p)[(p, 2)] == state.grids[p][2]
    assert known(state, None) == {}
    assert state.legal_actions() == ["draw", "cambio"]


def test_jokers_option_puts_54_cards_in_play():
    state = Cambio(players=2, jokers=True).new_state(seed=0)
    assert sum(state.inventory().values()) == 54
    assert state.inventory()["SJ"] == state.inventory()["BJ"] == 1


# ---- a plain turn -----------------------------------------------------------------------
def test_draw_then_discard_opens_a_snap_window_from_the_discarder():
    state = make(3, grids=G2 + [["2D", "3D", "4D", "5D"]], deck=["9C", "6C"])
    state.apply("draw")
    assert state.view(0)["drawn"] == "6C" and state.view(1)["drawn"] is None and state.view(1)["holding"]
    assert state.legal_actions() == ["discard", ("swap", 0), ("swap", 1), ("swap", 2), ("swap", 3)]
    state.apply("discard")
    assert state.pile == ["6C"] and state.phase == "snap" and state.window == [0, 1, 2]
    for p in (0, 1, 2):
        assert state.current_players() == (p,)
        state.apply("pass", p)
    assert state.phase == "start" and state.turn == 1


def test_swap_puts_the_drawn_card_in_the_grid_known_to_its_owner_only():
    state = make(2, grids=G2, deck=["9C", "AC"])
    state.apply("draw")
    state.apply(("swap", 0))
    assert state.grids[0] == ["AC", "3S", "4S", "5S"] and state.pile == ["2S"]
    assert known(state, 0)[(0, 0)] == "AC" and (0, 0) not in known(state, 1)


def test_swapping_out_a_power_card_gives_no_power():
    state = make(2, grids=[["7S", "3S", "4S", "5S"], G2[1]], deck=["9C", "AC"])
    state.apply("draw")
    state.apply(("swap", 0))
    assert state.pile[-1] == "7S" and state.phase == "snap" and state.power is None


# ---- powers -----------------------------------------------------------------------------
def test_seven_and_eight_look_at_one_of_your_own_cards():
    for rank in ("7", "8"):
        state = make(2, grids=G2, deck=["9C", rank + "C"])
        state.apply("draw")
        state.apply("discard")
        assert state.phase == "power" and state.legal_actions() == ["skip"] + [("peek", j) for j in range(4)]
        assert (0, 0) not in known(state, 0)
        state.apply(("peek", 0))
        assert known(state, 0)[(0, 0)] == "2S" and (0, 0) not in known(state, 1)
        assert state.phase == "snap"


def test_nine_and_ten_look_at_another_players_card():
    for rank in ("9", "10"):
        state = make(2, grids=G2, deck=["9C", rank + "C"])
        state.apply("draw")
        state.apply("discard")
        assert ("spy", 0, 0) not in state.legal_actions() and ("spy", 1, 1) in state.legal_actions()
        state.apply(("spy", 1, 1))
        assert known(state, 0)[(1, 1)] == "3H"
        assert (1, 1) not in known(state, 1)  # the owner has not seen it
        assert [e.kind for e in state.events_for(1)][-1] == "peek"  # the owner sees *that* it was looked at


def test_jack_and_queen_blind_swap_and_everyone_forgets_both_cards():
    for rank in ("J", "Q"):
        state = make(2, grids=G2, deck=["9C", rank + "C"])
        assert known(state, 0)[(0, 2)] == "4S" and known(state, 1)[(1, 3)] == "5H"
        state.apply("draw")
        state.apply("discard")
        state.apply(("blind", 2, 1, 3))
        assert state.grids[0][2] == "5H" and state.grids[1][3] == "4S"
        # the leak test of the issue: player 0 looked at 4S, it was blind-swapped away, and
        # player 0 does not know it at its new place (nor what replaced it)
        for p in (0, 1, None):
            assert (0, 2) not in known(state, p) and (1, 3) not in known(state, p)
        assert known(state, 0)[(0, 3)] == "5S"  # the untouched card is still known


def test_king_look_then_exchange_or_keep():
    state = make(2, grids=G2, deck=["9C", "KS"])
    state.apply("draw")
    state.apply("discard")
    state.apply(("look", 0, 1, 1))
    assert state.phase == "king" and state.legal_actions() == ["keep", "exchange"]
    assert known(state, 0)[(0, 0)] == "2S" and known(state, 0)[(1, 1)] == "3H"
    state.apply("exchange")
    assert state.grids[0][0] == "3H" and state.grids[1][1] == "2S"
    assert known(state, 0)[(0, 0)] == "3H" and known(state, 0)[(1, 1)] == "2S"
    assert (1, 1) not in known(state, 1) and (0, 0) not in known(state, 1)

    state = make(2, grids=G2, deck=["9C", "KD"])
    state.apply("draw")
    state.apply("discard")
    state.apply(("look", 3, 1, 2))
    state.apply("keep")
    assert state.grids == G2 and known(state, 0)[(1, 2)] == "4H" and known(state, 1)[(1, 2)] == "4H"


def test_every_power_can_be_skipped():
    for rank in ("7", "9", "J", "K"):
        state = make(2, grids=G2, deck=["9C", rank + "C"])
        state.apply("draw")
        state.apply("discard")
        state.apply("skip")
        assert state.phase == "snap" and state.grids == G2


# ---- snaps ------------------------------------------------------------------------------
def after_discard(grids, card, players=2, deck=("9C", "8C", "6C")):
    """Player 0 draws ``card`` (no power) and discards it: the snap window is open."""
    state = make(players, grids=grids, deck=[*deck, card])
    state.apply("draw")
    state.apply("discard")
    assert state.phase == "snap"
    return state


def test_right_snap_of_your_own_card_removes_it_and_closes_the_window():
    state = after_discard([["2S", "3S", "4S", "6D"], G2[1]], "6H")
    state.apply(("snap", 0, 3), 0)
    assert state.grids[0] == ["2S", "3S", "4S", None] and state.pile[-2:] == ["6H", "6D"]
    assert state.phase == "start" and state.turn == 1 and state.total(0) == 9
    assert state.view(1)["hand_sizes"] == [3, 4]


def test_right_snap_of_another_players_card_then_give_one_back():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "6D", "4H", "5H"], ["2D", "3D", "4D", "5D"]]
    state = after_discard(grids, "6H", players=3)
    state.apply("pass", 0)
    state.apply("pass", 1)
    state.apply(("snap", 1, 1), 2)
    assert state.phase == "give" and state.current_players() == (2,)
    assert state.legal_actions(2) == [("give", j) for j in range(4)]
    state.apply(("give", 3), 2)
    assert state.grids[1] == ["2H", "5D", "4H", "5H"] and state.grids[2] == ["2D", "3D", "4D", None]
    assert (1, 1) not in known(state, 2) and (1, 1) not in known(state, 1)
    assert state.phase == "start" and state.turn == 1


def test_wrong_snap_shows_the_card_to_all_and_costs_a_face_down_penalty_card():
    state = after_discard(G2, "6H", deck=["9C", "8C", "QC"])
    state.apply(("snap", 1, 0), 0)
    assert state.grids[1][0] == "2H" and state.grids[0] == ["2S", "3S", "4S", "5S", "QC"]
    for p in (0, 1, None):
        assert known(state, p)[(1, 0)] == "2H"
        assert (0, 4) not in known(state, p)  # the penalty card is unseen, even by its owner
    assert state.phase == "snap" and state.current_players() == (1,)  # the window goes on
    state.apply(("snap", 1, 3), 1)  # 5H on 6H: wrong again
    assert len(state.grids[1]) == 5 and state.phase == "start" and state.turn == 1


def test_wrong_snap_with_an_empty_deck_has_no_penalty_card():
    state = after_discard(G2, "6H", deck=[])
    state.apply(("snap", 0, 0), 0)
    assert len(state.grids[0]) == 4 and state.log[-1].data["penalty"] is False


def test_red_and_black_kings_match_each_other_for_snapping():
    state = make(2, grids=[["KD", "3S", "4S", "5S"], G2[1]], deck=["9C", "KC"])
    state.apply("draw")
    state.apply("discard")
    state.apply("skip")  # the King's power first, then the window
    state.apply(("snap", 0, 0), 0)
    assert state.grids[0][0] is None and state.pile == ["KC", "KD"] and state.total(0) == 12


def test_only_one_right_snap_per_discard():
    grids = [["2S", "6S", "4S", "5S"], ["2H", "6D", "4H", "5H"]]
    state = after_discard(grids, "6H")
    state.apply(("snap", 0, 1), 0)
    assert state.phase == "start" and state.grids[1][1] == "6D"  # player 1 never got to snap


# ---- Cambio and the end -----------------------------------------------------------------
def test_cambio_gives_everyone_else_exactly_one_more_turn():
    state = make(3, grids=G2 + [["2D", "3D", "4D", "5D"]], deck=["2C", "3C", "6C", "5C"])
    state.apply("draw")
    state.apply("discard")
    for p in (0, 1, 2):
        state.apply("pass", p)
    state.apply("cambio", 1)
    assert state.caller == 1 and state.turn == 2 and state.final_left == 2
    assert "cambio" not in state.legal_actions()
    for player in (2, 0):
        assert state.current_players() == (player,)
        state.apply("draw", player)
        state.apply("discard", player)
        for p in state.window[:]:
            state.apply("pass", p)
    assert state.is_terminal() and state.end_reason == "cambio"
    assert state.scores() == (14, 14, 14) and state.winners() == (0, 1, 2)
    assert known(state, None) == {(q, j): c for q, g in enumerate(state.grids) for j, c in enumerate(g)}


def test_ties_option_caller_loses():
    state = make(2, grids=G2, deck=["9C", "8C", "6C"], ties="caller_loses")
    state.apply("cambio")
    state.apply("draw")
    state.apply("discard")
    state.apply("pass", 1)
    state.apply("pass", 0)
    assert state.is_terminal() and state.scores() == (14, 14) and state.winners() == (1,)


def test_lowest_total_wins_red_king_minus_one():
    state = make(2, grids=[["KD", "AS", "2S", "3S"], ["KS", "AH", "2H", "3H"]], deck=["5C"])
    state.apply("cambio")
    state.apply("draw")
    state.apply("discard")
    state.apply("pass", 1)
    state.apply("pass", 0)
    assert state.scores() == (5, 19) and state.winners() == (0,)


def test_the_game_ends_when_the_deck_runs_out():
    state = make(2, grids=G2, deck=["6C"])
    state.apply("draw")
    state.apply("discard")
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.is_terminal() and state.end_reason == "deck" and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply("draw")


def test_caller_locked_freezes_the_callers_grid():
    state = make(3, grids=G2 + [["2D", "3D", "4D", "5D"]], deck=["9C", "8C", "JC"], caller_locked=True)
    state.apply("cambio", 0)
    state.apply("draw", 1)
    state.apply("discard", 1)
    acts = state.legal_actions(1)
    assert acts and all(a == "skip" or a[2] != 0 for a in acts)
    state.apply("skip", 1)
    assert state.window == [1, 2]  # the caller sits out the snap window
    assert all(a == "pass" or a[1] != 0 for a in state.legal_actions(1))


def test_without_caller_locked_the_callers_cards_can_be_swapped():
    state = make(2, grids=G2, deck=["9C", "8C", "JC"])
    state.apply("cambio", 0)
    state.apply("draw", 1)
    state.apply("discard", 1)
    assert ("blind", 0, 0, 0) in state.legal_actions(1)


def test_draw_from_discard_option_must_swap():
    state = make(2, grids=G2, deck=["9C", "8C", "6C"], draw_from_discard=True)
    state.apply("draw")
    state.apply("discard")
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert "take" in state.legal_actions(1)
    state.apply("take", 1)
    assert state.view(0)["drawn"] == "6C"  # a card from the pile is public
    assert state.legal_actions(1) == [("swap", j) for j in range(4)]
    state.apply(("swap", 0), 1)
    assert state.grids[1][0] == "6C" and state.pile == ["2H"] and state.phase == "snap"


# ---- refusals ---------------------------------------------------------------------------
@pytest.mark.parametrize(("junk", "rule"), [
    (("swap", 9), "drawn-card"), ("pass", "drawn-card"),  # moves, not now
    *((junk, "move-shape") for junk in [("swap", True), ("swap", 1.0), ("swap",), "Discard", ("swap", 0, 0),
                                         None, 0, ("swap", "0")]),  # no move at all
])
def test_junk_is_refused_with_the_rule_named(junk, rule):
    state = make(2, grids=G2, deck=["9C", "6C"])
    state.apply("draw")
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(junk)
    # a move is named in words ('swap 9'), what is no move as it came
    if rule == "move-shape":
        assert err.value.rule == rule and repr(junk) in str(err.value)
    else:  # the hint lists the choices in words
        assert err.value.rule == rule and repr(MOVES.typed(junk).text()) in str(err.value)
        assert "Swap the drawn card into your place 1 ('swap 0')" in str(err.value)
    assert state.to_json() == before


def test_options_are_checked():
    with pytest.raises(ChangekitError, match="ties"):
        Cambio(ties="coin")
    with pytest.raises(ChangekitError, match="jokers"):
        Cambio(jokers=1)


# ---- knowledge tracking: an independent model of memory, fed only by p's log ------------
class Memory:
    """What a player knows, rebuilt from the events that player sees (a second implementation)."""

    def __init__(self, player, players):
        self.p = player
        self.where: dict[tuple[int, int], str] = {}
        self.drawn = None

    def feed(self, kind, d):
        p = self.p
        if kind == "first_peek" and d["player"] == p:
            for j, c in zip(d["places"], d["cards"], strict=True):
                self.where[(p, j)] = c
        elif kind == "draw":
            self.drawn = None
        elif kind in ("drawn", "take"):
            self.drawn = d["card"]
        elif kind == "swap" and self.drawn is not None:
            self.where[(d["player"], d["place"])] = self.drawn  # we saw the card that went in
        elif kind == "swap":
            self.where.pop((d["player"], d["place"]), None)
        elif kind == "saw":
            self.where[(d["owner"], d["place"])] = d["card"]
        elif kind == "saw_two":
            self.where[(d["player"], d["place"])], self.where[(d["owner"], d["other"])] = d["cards"]
        elif kind == "king" and d["exchanged"]:
            a, b = (d["player"], d["place"]), (d["owner"], d["other"])
            if d["player"] == p:
                self.where[a], self.where[b] = self.where[b], self.where[a]
            else:
                self.where.pop(a, None)
                self.where.pop(b, None)
        elif kind == "blind":
            self.where.pop((d["player"], d["place"]), None)
            self.where.pop((d["owner"], d["other"]), None)
        elif kind == "snap" and d["right"]:
            self.where.pop((d["owner"], d["place"]), None)
        elif kind == "snap":
            self.where[(d["owner"], d["place"])] = d["card"]
        elif kind == "give":
            self.where.pop((d["player"], d["place"]), None)
            self.where.pop((d["to"], d["to_place"]), None)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_views_show_exactly_what_each_player_has_seen_and_still_knows(players):
    checked = 0
    for seed in range(6):
        state = Cambio(players=players).new_state(seed=seed)
        rng = random.Random(seed)
        bots = [MemoryBot() if (p + seed) % 2 else RandomBot() for p in range(players)]
        while not state.is_terminal():
            for p in range(players):
                memory = Memory(p, players)
                for kind, data in state.view(p)["log"]:
                    memory.feed(kind, data)
                assert known(state, p) == memory.where, (seed, p, len(state.history))
                for (q, j), card in memory.where.items():
                    assert state.grids[q][j] == card  # what you know is true
                checked += 1
            who = state.current_players()[0]
            state.apply(bots[who].choose(state.view(who), state.legal_actions(who), rng=rng), who)
    assert checked > 100


def test_view_does_not_change_when_hidden_cards_are_redealt():
    state = Cambio(players=3).new_state(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(rng.choice([a for a in state.legal_actions() if a != "cambio"]))
        for p in range(3):
            twin = state.determinize(p, GameRng(rng.getrandbits(32)))
            assert twin.view(p) == state.view(p) and twin.inventory() == state.inventory()


def test_the_public_marker_is_only_for_revealed_cards():
    state = after_discard(G2, "6H", deck=["9C", "8C", "QC"])
    state.apply(("snap", 1, 0), 0)
    assert PUBLIC in state.seen[1][0] and PUBLIC not in state.seen[1][3]


def test_cards_are_conserved_in_long_bot_games():
    for seed in range(10):
        state = Cambio(players=4, jokers=seed % 2 == 0).new_state(seed=seed)
        start = state.inventory()
        rng = random.Random(seed)
        bots = [MemoryBot(threshold=-5)] * 4  # never calls: plays until the deck runs out
        while not state.is_terminal():
            p = state.current_players()[0]
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p), rng=rng), p)
            assert state.inventory() == start
        assert state.end_reason == "deck"
        assert sum(Counter(c for g in state.grids for c in g if c).values()) + len(state.pile) == sum(start.values())


def test_every_event_is_narrated_as_a_sentence():
    kinds = set()
    for seed in range(30):
        state = Cambio(players=3, draw_from_discard=seed % 3 == 0).new_state(seed=seed)
        rng = random.Random(seed)
        bots = [MemoryBot(), RandomBot(), MemoryBot(threshold=-5)]
        while not state.is_terminal():
            p = state.current_players()[0]
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p), rng=rng), p)
        for event in state.log:
            line = state.narrate(event, ["Ann", "Bo", "Cy"])
            kinds.add(event.kind)
            assert line and not line.startswith(event.kind + ":")
    assert kinds >= {"deal", "first_peek", "draw", "drawn", "discard", "swap", "peek", "saw", "blind", "look",
                     "saw_two", "king", "snap", "end", "skip", "cambio"}


# ---- records: named tuples in play, lists in a save ---------------------------------------
def _played_until(phase):
    """A naturally played game (so its save replays) stopped the first time it reaches ``phase``."""
    for seed in range(200):
        state = Cambio(players=3).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == phase:
                return state
            state.apply(rng.choice([a for a in state.legal_actions() if a != "cambio"]))
    raise AssertionError(f"no game reached {phase!r}")


def test_king_look_is_a_named_tuple_saved_as_a_list():
    state = _played_until("king")
    _, action = state.history[-1]
    assert action[0] == "look"
    assert state.king == KingLook(place=action[1], owner=action[2], other=action[3])
    assert type(state.snapshot()["king"]) is list and state.snapshot()["king"] == list(action[1:])
    saved = json.loads(state.to_json())["position"]["king"]
    assert saved == list(action[1:])
    loaded = Cambio.State.from_json(state.to_json())
    assert type(loaded.king) is KingLook and loaded.king == state.king and loaded == state


def test_give_back_is_a_named_tuple_saved_as_a_list():
    state = _played_until("give")
    snapper, (_, owner, place) = state.history[-1]
    assert state.give_to == GiveBack(owner=owner, place=place) and snapper != owner
    assert type(state.snapshot()["give_to"]) is list and state.snapshot()["give_to"] == [owner, place]
    loaded = Cambio.State.from_json(state.to_json())
    assert type(loaded.give_to) is GiveBack and loaded.give_to == state.give_to and loaded == state


def test_view_keys_are_the_declared_cambio_view_and_scores_show_only_at_the_end():
    from changekit.games.cambio.rules import CambioView

    state = Cambio(players=3).new_state(seed=5)
    rng = random.Random(5)
    while True:
        for who in (0, 2, None):
            view = state.view(who)
            assert set(view) - {"to_act", "log"} == set(CambioView.__annotations__)
            assert view["discards"] == state.pile
            assert view["hand_sizes"] == [len([c for c in g if c]) for g in state.grids]
            if not state.is_terminal():
                assert view["scores"] is None and view["winners"] == []
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert view["scores"] == list(state.scores()) == [state.total(p) for p in range(3)]
    assert view["winners"] == list(state.winners()) != []


# ---- actions: named constructors and their words -------------------------------------------
def test_named_constructors_build_the_engines_encodings():
    from changekit.games.cambio import rules as r

    assert (r.DRAW, r.TAKE, r.CAMBIO, r.DISCARD, r.SKIP, r.KEEP, r.EXCHANGE, r.PASS) == (
        "draw", "take", "cambio", "discard", "skip", "keep", "exchange", "pass")
    assert r.swap(2) == ("swap", 2) and r.peek(0) == ("peek", 0) and r.give(3) == ("give", 3)
    assert r.spy(1, 2) == ("spy", 1, 2) and r.snap(0, 3) == ("snap", 0, 3)
    assert r.blind(0, 1, 2) == ("blind", 0, 1, 2) and r.look(3, 2, 1) == ("look", 3, 2, 1)


def test_a_game_played_with_the_constructors_saves_and_loads():
    from changekit.games.cambio.rules import DRAW, PASS, snap, swap

    state = Cambio(players=2).new_state(seed=3)
    state.apply(DRAW)
    state.apply(swap(2))
    while state.phase == "snap":
        p = state.current_player
        state.apply(PASS if p == 0 else snap(0, 0), p)
    loaded = Cambio.State.from_json(state.to_json())
    assert loaded == state and loaded.history[:2] == [(0, "draw"), (0, ("swap", 2))] and len(loaded.history) >= 3


def test_describe_action_words_for_every_kind():
    state = Cambio(players=3).new_state(seed=1)
    names = ["Ann", "Bo", "Cy"]
    words = {a: state.describe_action(a, names) for a in [
        "draw", "take", "cambio", "discard", "skip", "keep", "exchange", "pass",
        ("swap", 0), ("peek", 1), ("give", 3), ("spy", 1, 2), ("snap", 0, 3), ("snap", 2, 0),
        ("blind", 0, 1, 2), ("look", 3, 2, 1)]}
    assert state.current_player == 0
    assert words == {
        "draw": "Draw from deck", "take": "Take the top discard", "cambio": "Call Cambio!",
        "discard": "Discard the drawn card", "skip": "Skip the power", "keep": "Keep both cards",
        "exchange": "Exchange the two cards", "pass": "Pass (no snap)",
        ("swap", 0): "Swap the drawn card into your place 1", ("peek", 1): "Look at your place 2",
        ("give", 3): "Give your place 4", ("spy", 1, 2): "Look at Bo's place 3",
        ("snap", 0, 3): "Snap your place 4", ("snap", 2, 0): "Snap Cy's place 1",
        ("blind", 0, 1, 2): "Blind-swap your place 1 with Bo's place 3",
        ("look", 3, 2, 1): "Look at your place 4 and Cy's place 2",
    }
    assert state.describe_action(("spy", 1, 2)) == "Look at Player 2's place 3"  # default names


def test_a_give_back_names_who_gets_the_card():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "6D", "4H", "5H"], ["2D", "3D", "4D", "5D"]]
    state = after_discard(grids, "6H", players=3)
    state.apply(("snap", 1, 1), 0)  # player 0 snaps Bo's 6D: right, and owes Bo a card
    assert state.phase == "give"
    assert state.describe_action(("give", 2), ["Ann", "Bo", "Cy"]) == "Give your place 3 to Bo"


@pytest.mark.parametrize("junk", ["fly", ("snap", 0), ("snap", 0, 0, 0), ("snap", 3, 0), ("swap", -1), ("x", 1),
                                  ("snap", True, 0), 7, None, ["draw"]])
def test_describe_action_refuses_what_is_not_an_action(junk):
    state = Cambio(players=3).new_state(seed=1)
    with pytest.raises(ChangekitError):
        state.describe_action(junk)


def test_legal_actions_get_distinct_words_in_every_phase():
    phases = set()
    for seed in range(40):
        state = Cambio(players=3, draw_from_discard=seed % 2 == 0).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            words = [state.describe_action(a) for a in legal]
            assert all(words) and len(set(words)) == len(legal), (state.phase, legal)
            phases.add(state.phase)
            state.apply(rng.choice([a for a in legal if a != "cambio"] or legal))
    assert phases == {"start", "drawn", "power", "king", "snap", "give"}


@pytest.mark.parametrize("options", [{}, {"caller_locked": True}])
def test_the_direct_snap_check_agrees_with_the_list_of_legal_actions(options):
    """apply checks a snap without listing the window's actions (for speed): same verdicts."""
    checked = after_call = 0
    for seed in range(12):
        state = Cambio(players=3, **options).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.current_player
            legal = state.legal_actions(p)
            if state.phase == "snap":
                widest = max(len(g) for g in state.grids) + 1
                candidates = [("snap", q, j) for q in range(-1, 4) for j in range(-1, widest)]
                candidates += ["pass", "draw", ("swap", 0), ("snap", 0), ("snap", 0, 0, 0), ("give", 0, 0)]
                for action in candidates:
                    assert state._is_legal(p, action) == (action in legal), (seed, action)
                    checked += 1
                after_call += state.caller is not None
            early = state.turns < 6  # no Cambio call before everyone has had two turns
            state.apply(rng.choice([a for a in legal if a != "cambio" or not early]), p)
    assert checked > 1000 and after_call > 10
