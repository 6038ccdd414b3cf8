"""Zhao Pengyou engine: deal and declarations, kitty, friend call, tricks, scoring and levels."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from changekit.conformance import check_json, check_views
from changekit.core import ChangekitError, GameRng, IllegalAction
from changekit.games.zhao_pengyou import ZhaoPengyou, level_change
from changekit.games.zhao_pengyou.rules import (
    PASS, THROW_DONE, Call, Declaration, ZhaoPengyouState, ZhaoPengyouView, auto_kitty, bury, call_friend, declare,
    friend_calls, hand_size, play, throw,
)
from changekit.games.zhao_pengyou.tricks import context, points_in


def H(text: str) -> list[str]:
    return text.split()


def fresh(seed=0, **options):
    return ZhaoPengyou(**options).new_state(seed=seed)


def play_position(hands, *, trump_suit="C", trump_rank="2", host=0, leader=0, calls=(), kitty=(), **options):
    """A state in the tricks phase with chosen hands (the rest of the cards set aside as played)."""
    state = fresh(**options)
    state.phase = "play"
    state.hands = [H(h) for h in hands]
    state.host, state.trump_suit, state.trump_rank = host, trump_suit, trump_rank
    state.levels[host] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].index(trump_rank)
    state.deck, state.kitty, state.selection, state.trick = [], list(kitty), [], []
    state.calls = [Call(*c) for c in calls]
    state.friends, state.shown = [], [[] for _ in hands]
    state.leader = state.turn = leader
    everything = Counter(c for c in state.inventory().elements())
    full = fresh().inventory()
    state.played = list((full - everything).elements())
    return state


# ---- options -------------------------------------------------------------------------------
def test_defaults_and_kitty_sizes():
    state = fresh()
    assert state.options.decks == 3 and state.options.kitty_size == 6 and state.options.players == 4
    assert state.options.deals is None and state.options.allow_throws is False  # the whole match, no throws
    assert sum(state.inventory().values()) == 162
    assert [auto_kitty(n, 3) for n in (4, 5, 6, 7)] == [6, 7, 6, 8]
    assert [friend_calls(n) for n in (4, 5, 6, 7)] == [1, 1, 2, 2]


@pytest.mark.parametrize("bad", [
    {"decks": 1}, {"decks": True}, {"kitty": 5}, {"kitty": -2}, {"thresholds": (55, 50, 165, 220)},
    {"thresholds": (55, 110, 165)}, {"win_at": "never"}, {"deals": 0}, {"allow_throws": 1},
    {"deals": 1.0}, {"wonky_tractor": 1}, {"players": 8},
])
def test_bad_options_are_refused(bad):
    with pytest.raises(ChangekitError):
        ZhaoPengyou(**bad)


# ---- the deal and declarations -------------------------------------------------------------
def test_deal_stops_only_for_a_player_holding_their_level():
    state = fresh(seed=3)
    assert state.phase == "deal"
    p = state.current_player
    assert state.hands[p][-1].startswith("2") and state.hands[p][-1] != "2"
    assert state.legal_actions()[0] == "pass"
    assert all(a[0] == "declare" for a in state.legal_actions()[1:])


def _to_first_declaration(state):
    while state.phase == "deal":
        state.apply(state.legal_actions()[1])  # declare the first option
        return


def test_override_needs_more_copies_and_reinforcing_keeps_the_suit():
    state = fresh(seed=1)
    p = state.current_player
    suit = state.hands[p][-1][-1]
    state.apply(("declare", suit, 1), p)
    assert state.declaration == Declaration(p, suit, 1)
    # force a position: another player holding two 2s of another suit
    q = (p + 1) % 4
    other = next(s for s in "SHDC" if s != suit)
    state.hands[q] += [f"2{other}", f"2{other}"]
    state.deciding = q
    with pytest.raises(IllegalAction) as err:
        state.apply(("declare", other, 1), q)
    assert err.value.rule == "declare-more"
    state.apply(("declare", other, 2), q)
    assert state.declaration == Declaration(q, other, 2)
    # the declarer may reinforce in the same suit only
    state.hands[q] += [f"2{other}", f"2{suit}", f"2{suit}"]
    state.hands[q] += [f"2{suit}"]
    state.deciding = q
    assert ("declare", suit, 3) not in state.legal_actions(q)
    with pytest.raises(IllegalAction) as err:
        state.apply(("declare", suit, 3), q)
    assert err.value.rule == "declare-reinforce"
    state.apply(("declare", other, 3), q)
    assert state.declaration == Declaration(q, other, 3)


def test_declaring_cards_you_do_not_hold_is_refused():
    state = fresh(seed=1)
    p = state.current_player
    level_cards = Counter(c for c in state.hands[p] if c.startswith("2") and len(c) == 2)
    suit = next(s for s in "SHDC" if level_cards[f"2{s}"] == 0)
    for action in (("declare", suit, 1), ("declare", "X", 1), ("declare", suit, 0), ("declare",), "declare"):
        with pytest.raises(IllegalAction) as err:
            state.apply(action, p)
        # ("declare",) and "declare" are no move at all (InvalidMove), the others no move now
        expected = ("move-shape",) if action in (("declare",), "declare") else ("declare-own-level", "declare-form")
        assert err.value.rule in expected


def test_nobody_declares_means_redeal_and_last_declarer_hosts():
    state = fresh(seed=5)
    while state.redeals == 0:
        state.apply("pass")
    assert [e.kind for e in state.log].count("redeal") == 1
    assert state.phase == "deal" and state.deal_no == 0 and sum(state.inventory().values()) == 162
    # now declare at the first chance: the declarer hosts, trump rank is their level
    p = state.current_player
    action = state.legal_actions()[1]
    state.apply(action)
    while state.phase in ("deal", "last_call"):
        state.apply("pass")
    assert state.host == p and state.trump_suit == action[1] and state.trump_rank == "2"
    assert state.phase == "bury" and len(state.hands[p]) == 39 + 6


def test_last_call_lets_a_player_declare_after_the_deal():
    state = fresh(seed=5)
    while state.phase == "deal":
        state.apply("pass")
    assert state.phase == "last_call" and state.deck == [] and len(state.kitty) == 6
    p = state.current_player
    state.apply(state.legal_actions()[1])
    while state.phase == "last_call":
        state.apply("pass")
    assert state.host == p


# ---- kitty and the friend call --------------------------------------------------------------
def _to_bury(seed=2):
    state = fresh(seed=seed)
    while state.phase in ("deal", "last_call"):
        legal = state.legal_actions()
        state.apply(legal[1] if len(legal) > 1 and state.declaration is None else "pass")
    return state


def test_kitty_is_taken_buried_and_hidden_from_others():
    state = _to_bury()
    host = state.host
    assert state.view(host)["kitty"] == [] and state.view((host + 1) % 4)["kitty"] is None
    with pytest.raises(IllegalAction) as err:
        state.apply(("bury", "XX"))
    assert err.value.rule == "bury-own-card"
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert state.phase == "call" and len(state.kitty) == 6 and len(state.hands[host]) == 39
    assert state.view(host)["kitty"] == sorted(state.kitty, key=__import__(
        "changekit.games.zhao_pengyou.tricks", fromlist=["x"]).DECK_ORDER.__getitem__)
    assert all(state.view(p)["kitty"] is None for p in range(4) if p != host)
    # the buried cards never show in a public log line
    public = [e for e in state.log if e.to is None]
    assert not any(e.kind in ("bury", "kitty") for e in public)


def test_the_friend_card_may_not_be_a_trump():
    state = _to_bury()
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    suit, rank = state.trump_suit, state.trump_rank
    for card in (f"5{suit}", f"{rank}S" if suit != "S" else f"{rank}H", "SJ", "BJ"):
        with pytest.raises(IllegalAction) as err:
            state.apply(("call", 1, card))
        assert err.value.rule == "call-not-trump"
    with pytest.raises(IllegalAction):
        state.apply(("call", 4, "KS" if suit != "S" else "KH"))
    legal = state.legal_actions()
    assert len(legal) == 3 * 3 * 12 and all(a[2][-1] != suit and not a[2].startswith(rank) for a in legal)
    state.apply(legal[0])
    assert state.phase == "play" and state.current_player == state.host


def test_friend_revealed_by_the_called_copy_and_not_by_the_host():
    hands = ["KD 3S", "KD 4S", "KD 5S", "6S 7S"]
    state = play_position(hands, calls=[(2, "KD")])
    state.apply(("play", "KD"))          # host plays the 1st K♦
    state.apply(("play", "KD"))          # player 1 plays the 2nd: friend
    assert state.friends == [1] and state.calls == [Call(2, "KD", 2, 1)]
    assert any(e.kind == "friend" and e.data["player"] == 1 for e in state.log)
    state.apply(("play", "KD"))
    state.apply(("play", "6S"))
    assert state.friends == [1]
    # the host playing the called copy himself finds nobody
    state = play_position(hands, calls=[(1, "KD")])
    state.apply(("play", "KD"))
    assert state.friends == [] and state.calls == [Call(1, "KD", 1, 0)]


# ---- plays through the engine ---------------------------------------------------------------
def test_lead_must_be_a_shape_held_in_deck_order():
    state = play_position(["7D 7D 8D 8D 9S", "3D 4D 5D 6D 9H", "3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H"])
    for action, rule in [(("play", "7D", "8D"), "shape"), (("play", "8D", "8D", "7D", "7D"), "card-order"),
                         (("play", "AS"), "own-card"), (("play", "ZZ"), "card"),
                         ("play", "move-shape"),  # a word that is no move
                         (("play",), "play-form")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.rule == rule
    assert ("play", "7D", "7D", "8D", "8D") in state.legal_actions()
    state.apply(("play", "7D", "7D", "8D", "8D"))
    assert state.current_player == 1
    # a follower plays one card per action; the play shows when complete
    assert state.legal_actions() == [("play", c) for c in ("3D", "4D", "5D", "6D")]
    with pytest.raises(IllegalAction) as err:
        state.apply(("play", "3D", "4D"))
    assert err.value.rule == "one-card"
    with pytest.raises(IllegalAction) as err:
        state.apply(("play", "9H"))
    assert err.value.rule == "follow-suit" and "♦" in str(err.value)
    before = len(state.log)
    state.apply(("play", "3D"))
    assert state.view(1)["selection"] == ["3D"] and state.view(0)["selection"] == []
    assert state.view(0)["hand_sizes"][1] == 5 and len(state.log) == before
    state.play_cards(["4D", "5D", "6D"])
    assert state.trick[-1] == [1, ["3D", "4D", "5D", "6D"]]


def test_check_play_names_the_rule_for_whole_plays():
    state = play_position(["KD KD 9S", "4D 4D 9D 3S", "3S 4S 5S", "3H 4H 5H"])
    state.apply(("play", "KD", "KD"))
    with pytest.raises(IllegalAction) as err:
        state.check_play(["4D", "9D"])
    assert err.value.rule == "follow-pair" and "you hold a pair of ♦ (4♦ 4♦) and must play it" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.check_play(["4D"])
    assert err.value.rule == "size"
    with pytest.raises(IllegalAction) as err:
        state.check_play(["AD", "AD"])
    assert err.value.rule == "own-card"
    state.check_play(["4D", "4D"])
    assert state.legal_actions() == [("play", "4D")]


def test_trick_goes_to_the_trump_and_points_are_captured():
    state = play_position(["4D 9S", "3C 9H", "5S 6S", "KD 6H"], trump_suit="C", trump_rank="2")
    state.apply(("play", "4D"))
    state.apply(("play", "3C"))  # void in diamonds: may trump
    state.apply(("play", "5S"))
    state.apply(("play", "KD"))
    assert state.last_winner == 1 and state.captured[1] == 15 and state.leader == 1


# ---- scoring, kitty doubling, levels ----------------------------------------------------------
@pytest.mark.parametrize(("points", "expected"), [
    (0, ("host", 3)), (5, ("host", 2)), (50, ("host", 2)), (55, ("host", 1)), (105, ("host", 1)),
    (110, ("attackers", 1)), (160, ("attackers", 1)), (165, ("attackers", 2)), (215, ("attackers", 2)),
    (220, ("attackers", 3)), (300, ("attackers", 3)),
])
def test_scoring_table_edges(points, expected):
    assert level_change(points) == expected


def _last_trick(attackers_win: bool, captured):
    # host 0 with friend 2; attackers 1 and 3. One card each left.
    hands = ["4D", "AD", "5D", "6D"] if attackers_win else ["4D", "3D", "AD", "6D"]
    state = play_position(hands, kitty=["KS", "10S", "5S", "3S", "4S", "6S"], calls=[(1, "QH")], deals=1)
    state.friends = [2]
    state.calls[0] = state.calls[0]._replace(found_by=2)
    state.captured = list(captured)
    return state


def test_kitty_points_go_to_the_attackers_doubled_when_they_win_the_last_trick():
    state = _last_trick(True, [0, 40, 0, 10])
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    result = state.results[-1]
    assert result["host_team"] == [0, 2] and result["attackers"] == [1, 3]
    assert result["kitty_points"] == 25 and result["kitty_bonus"] == 50
    assert result["attackers_points"] == 40 + 10 + 5 + 50  # the last trick held the 5♦
    assert (result["side"], result["steps"]) == ("host", 1)
    assert state.levels == [1, 0, 1, 0] and state.winners() == (0, 2) and state.is_terminal()


def test_no_kitty_bonus_when_the_host_team_wins_the_last_trick():
    state = _last_trick(False, [0, 40, 0, 10])
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    result = state.results[-1]
    assert result["kitty_bonus"] == 0 and result["attackers_points"] == 50  # the 5♦-less last trick: 0 points
    assert (result["side"], result["steps"]) == ("host", 2) and state.levels == [2, 0, 2, 0]


def test_attackers_go_up_and_levels_stop_at_ace():
    state = _last_trick(True, [0, 150, 0, 10])
    state.levels = [0, 11, 0, 5]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.results[-1]["attackers_points"] == 215 and state.results[-1]["steps"] == 2
    assert state.levels == [0, 12, 0, 7] and state.winners() == (1,)


def test_match_goes_on_until_someone_reaches_ace():
    state = _last_trick(False, [0, 0, 0, 0])
    state.options = ZhaoPengyou(deals=None).options
    state.levels = [8, 0, 3, 0]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.levels == [11, 0, 6, 0] and not state.is_terminal() and state.phase == "deal"
    assert state.deal_no == 1 and state.starter == 1 and sum(state.inventory().values()) == 162


def test_win_at_pass_needs_a_win_while_at_ace():
    state = _last_trick(False, [0, 0, 0, 0])
    state.options = ZhaoPengyou(deals=None, win_at="pass").options
    state.levels = [11, 0, 12, 0]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.levels == [12, 0, 12, 0] and state.winners() == (2,)


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_cards_and_points_are_conserved_over_a_deal(players):
    state = fresh(seed=players, players=players, deals=1)
    rng = random.Random(players)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert sum(state.inventory().values()) == 162
    assert sum(state.captured) + points_in(state.kitty) == 300
    assert len(state.kitty) == auto_kitty(players, 3) and all(not h for h in state.hands)
    result = state.results[-1]
    assert len(result["host_team"]) <= 1 + friend_calls(players)


def test_a_whole_match_plays_to_the_end():
    game = ZhaoPengyou()  # the default: the first player to reach A wins the match
    state = game.new_state(seed=4)
    rng = random.Random(4)
    start = state.inventory()
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= ZhaoPengyou.max_steps(game.options)
    assert state.inventory() == start and len(state.results) > 2
    assert state.winners() and all(state.levels[p] == 12 for p in state.winners())
    assert check_json(state) == []


# ---- views --------------------------------------------------------------------------------
def test_views_hide_hands_and_survive_redealing_hidden_cards():
    state = _to_bury()
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    rng = random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert check_views(state, rng) == []
    view = state.view(1)
    ctx = context(state.trump_suit, state.trump_rank)
    trumps = [ctx.eff[c] == "T" for c in view["hand"]]
    assert trumps == sorted(trumps)  # the hand is shown in trump order: trumps last
    assert view["hand_sizes"] and "hands" not in view
    twin = state.determinize(1, GameRng(3))
    assert twin.hands[1] == state.hands[1] and twin.inventory() == state.inventory()


def test_shown_declaration_cards_stay_with_the_declarer_when_redealt():
    state = fresh(seed=2)
    p = state.current_player
    state.apply(state.legal_actions()[1], p)
    shown = list(state.shown[p])
    assert shown
    for s in range(5):
        twin = state.determinize((p + 1) % 4, GameRng(s))
        assert not Counter(shown) - Counter(twin.hands[p])


# ---- records and sizes -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "decks"), [(4, 3), (5, 3), (6, 2), (7, 3)])
def test_hand_size_is_what_the_deal_gives(players, decks):
    state = fresh(players=players, decks=decks)
    while state.phase == "deal":
        state.apply("pass")
    assert all(len(h) == hand_size(players, decks) for h in state.hands)
    assert players * hand_size(players, decks) + auto_kitty(players, decks) == decks * 54


def test_declaration_and_calls_are_named_tuples_saved_as_lists():
    rng = random.Random(3)
    state = fresh(seed=4, players=6)
    while not (state.phase == "play" and any(c.found_by is not None for c in state.calls)):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state.declaration, Declaration) and state.declaration.player == state.host
    assert len(state.calls) == 2 and all(isinstance(c, Call) for c in state.calls)
    position = json.loads(state.to_json())["position"]
    assert position["declaration"] == list(state.declaration)
    assert position["calls"] == [list(c) for c in state.calls]
    loaded = ZhaoPengyouState.from_json(state.to_json())
    assert loaded.declaration == state.declaration and loaded.calls == state.calls
    assert all(isinstance(c, Call) for c in loaded.calls) and isinstance(loaded.declaration, Declaration)
    found = next(c for c in state.calls if c.found_by is not None)
    assert found.seen >= found.ordinal
    assert state.view(0)["calls"][state.calls.index(found)]["found_by"] == found.found_by


# ---- actions in words, the view's declared keys ---------------------------------------------------
def test_constructors_make_the_saved_encodings_and_round_trip_through_a_save():
    assert (PASS, declare("S", 2), bury("10D"), call_friend(2, "AH"), play("5D", "5D"), play("3C"),
            throw("KC"), THROW_DONE) == ("pass", ("declare", "S", 2), ("bury", "10D"), ("call", 2, "AH"),
                                          ("play", "5D", "5D"), ("play", "3C"), ("throw", "KC"), ("throw",))
    rebuild = {"declare": declare, "bury": bury, "call": call_friend, "play": play, "throw": throw}
    rng = random.Random(2)
    state = fresh(seed=2, allow_throws=True, players=6)
    kinds = set()
    while len(state.history) < 400:
        action = rng.choice(state.legal_actions())
        made = action if action in (PASS, THROW_DONE) else rebuild[action[0]](*action[1:])
        assert made == action and type(made) is type(action)
        state.apply(made)
        kinds.add(action if isinstance(action, str) else action[0])
    assert kinds == {"pass", "declare", "bury", "call", "play", "throw"}
    loaded = ZhaoPengyouState.from_json(state.to_json())
    assert loaded.history == state.history and loaded == state


def _sampled_positions(seeds, **options):
    for seed in seeds:
        rng = random.Random(seed)
        state = fresh(seed=seed, **options)
        steps = 0
        while not state.is_terminal() and steps < 700:
            if steps % 23 == 0 or state.phase in ("call", "last_call"):
                yield state
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


@pytest.mark.parametrize("options", [{}, {"allow_throws": True, "players": 6}])
def test_every_legal_action_has_its_own_words(options):
    seen_kinds = set()
    for state in _sampled_positions(range(3), **options):
        legal = state.legal_actions()
        words = [state.describe_action(a) for a in legal]
        assert all(words) and len(set(words)) == len(legal), (legal, words)
        seen_kinds |= {a if a == PASS else a[0] for a in legal}
    assert seen_kinds >= {"pass", "declare", "bury", "call", "play"} | ({"throw"} if options else set())


def test_describe_action_words():
    state = fresh()
    assert [state.describe_action(a) for a in (PASS, declare("H", 3), bury("SJ"), call_friend(1, "KS"),
                                               play("7D", "7D", "8D", "8D"), throw("BJ"), THROW_DONE)] == [
        "Pass (do not declare)", "Declare ♥ hearts (show 3)", "Bury SJ", "Call the 1st K♠", "Play 7♦ 7♦ 8♦ 8♦",
        "Throw BJ (more may follow)", "Finish the throw"]


def test_the_view_has_exactly_the_declared_keys_and_scores_are_the_state_scores():
    declared = set(ZhaoPengyouView.__annotations__) | {"to_act", "log"}  # the base adds those two
    for state in _sampled_positions([5], players=5, deals=2):
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            assert set(view) == declared
            assert view["scores"] == list(state.scores())
            assert view["turn"] == (state.current_player if len(state.current_players()) == 1 else None)
            assert view["deck_size"] == len(state.deck) and view["round"] == state.deal_no + 1 and view["rounds"] == 2


# ---- the engine's memos are not the position ------------------------------------------------------
def test_a_legal_list_changed_by_its_caller_is_not_trusted_and_memos_stay_out_of_saves():
    state = play_position(["4D 9S", "3C 9H", "5S 6S", "KD 6H"])
    legal = state.legal_actions()
    assert legal == [play("9S"), play("4D")]  # (deck order: spades, hearts, diamonds, clubs)
    legal.append(play("3C"))  # the caller's list, not the engine's
    with pytest.raises(IllegalAction) as err:
        state.apply(play("3C"))
    assert err.value.rule == "own-card"
    state.apply(play("4D"))
    assert state.legal_actions() == [play("9H"), play("3C")]  # void in diamonds: anything
    twin = state.clone()
    twin.hands[1] = ["9H", "AD"]  # a position set by hand: the memo of the original does not hold here
    assert twin.legal_actions() == [play("AD")]
    saved = json.loads(state.to_json())["position"]
    assert not [k for k in saved if k.startswith("_")] and "_legal_memo" in vars(state)


@pytest.mark.parametrize("options", [{"deals": 1}, {"allow_throws": True, "players": 6, "deals": 1}])
def test_legal_actions_are_named_moves_made_once_and_match_a_replayed_state(options):
    """The engine lists its moves named already (State.legal_actions has nothing to convert); the
    moves it keeps to reuse are values, so an undo or a replay lists exactly what a state built
    afresh from the same history lists."""
    from changekit.games.zhao_pengyou.moves import MOVES
    kinds = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = fresh(seed=seed, **options)
        while not state.is_terminal():
            legal = state._legal_actions(state.current_player)
            assert legal and all(type(a) in MOVES.exact for a in legal), legal
            assert legal == MOVES.typed_all(tuple(a) if isinstance(a, tuple) else str(a) for a in legal)
            kinds |= {type(a).__name__ for a in legal}
            if len(state.history) % 97 == 5 or state.phase == "call":
                undone = state.clone()
                undone.undo(3)
                rebuilt = ZhaoPengyouState.replay(state.options, state.seed, state.history[:-3])
                assert undone.legal_actions() == rebuilt.legal_actions()
                assert [type(a) for a in undone.legal_actions()] == [type(a) for a in rebuilt.legal_actions()]
                replayed = ZhaoPengyouState.from_json(state.to_json())
                assert replayed.legal_actions() == state.legal_actions() and replayed.view(None) == state.view(None)
            state.apply(rng.choice(legal))
    assert kinds >= {"Pass", "Declare", "Bury", "Call", "Play"} | ({"Throw"} if options.get("allow_throws") else set())
