"""Moneybags engine: pouring, turn order, steals, challenges, round ends, and what views hide."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from changekit.conformance import check_playout, check_views
from changekit.core import ChangekitError, GameRng, IllegalAction
from changekit.core.errors import InvalidMove
from changekit.core.bots import play_out
from changekit.games.moneybags import Moneybags, MoneybagsState, jiggle, jiggle_likelihood
from changekit.games.moneybags.moves import MOVES, Accept, Challenge, Close, Diamond, Fill, Jiggle, Stand, Steal
from changekit.games.moneybags.rules import (
    ACCEPT, CHALLENGE, CLOSE, STAND, MoneybagsView, drop_diamond, fill, jiggle_bag, steal,
)
from changekit.games.moneybags.bots import BOTS


def poured(bags_in_turn_order, diamond, *, players=3, coins=None, **options):
    """A boss-poured game (Boss = seat 0, turn order 1, 2, ..., 0) with these bags."""
    coins = coins if coins is not None else sum(bags_in_turn_order)
    state = Moneybags(players=players, coins=coins, pour="boss", **options).new_state(seed=1)
    for c in bags_in_turn_order[:-1]:
        state.apply(("fill", c))
    state.apply(("diamond", diamond))
    return state


def test_the_random_pour_puts_a_coin_in_every_bag_and_the_diamond_in_one():
    for seed in range(200):
        state = Moneybags(players=5).new_state(seed=seed)
        assert min(state.bags) >= 1 and sum(state.bags) == 67
        assert state.diamond in range(5)
        assert state.phase == "turn" and state.current_player == 1  # the Boss's left


def test_the_random_pour_is_uniform_over_compositions():
    # 7 coins in 3 bags: C(6, 2) = 15 ways, each about 1/15
    counts = Counter(tuple(Moneybags(players=3, coins=7).new_state(seed=s).bags) for s in range(3000))
    assert len(counts) == 15
    assert all(abs(c / 3000 - 1 / 15) < 0.025 for c in counts.values())


def test_the_boss_pours_bag_by_bag_and_the_last_bag_takes_the_rest():
    state = Moneybags(players=4, pour="boss").new_state(seed=0)
    assert state.current_players() == (0,)
    assert state.legal_actions()[0] == ("fill", 1) and state.legal_actions()[-1] == ("fill", 64)
    for bad in [("fill", 0), ("fill", 65), ("fill", 2.0), ("fill", True), ("diamond", 0), "stand"]:
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    state.apply(("fill", 30))  # seat 1
    state.apply(("fill", 20))  # seat 2
    assert state.legal_actions()[-1] == ("fill", 16)
    state.apply(("fill", 7))   # seat 3, and the Boss's bag takes the other 10
    assert state.bags == [10, 30, 20, 7] and state.box == 0
    assert state.legal_actions() == [("diamond", b) for b in range(4)]
    state.apply(("diamond", 2))
    assert state.diamond == 2 and state.phase == "turn"
    assert state.view(0)["poured"] == [10, 30, 20, 7]
    assert state.view(1)["poured"] is None
    assert "30" not in json.dumps(state.view(1)["log"])


def test_turns_go_twice_round_from_the_boss_left_and_end_with_the_boss():
    state = Moneybags(players=4, rounds=2).new_state(seed=3)
    seen = []
    while state.round == 1:
        seen.append(state.current_player)
        state.apply("stand")
    assert seen == [1, 2, 3, 0, 1, 2, 3, 0]
    assert state.boss == 1 and state.current_player == 2  # the Boss moved left


def test_closed_and_eliminated_players_lose_their_turns_and_cannot_be_robbed():
    state = poured([5, 5, 5], 0)
    state.apply("close")  # seat 1 closes
    assert state.current_player == 2
    assert {a[1] for a in state.legal_actions() if a[0] == "steal"} == {0}
    with pytest.raises(IllegalAction) as err:
        state.apply(("steal", 1, 2, 0))
    assert err.value.rule == "open-bag"
    state.apply("stand")
    state.apply("stand")  # Boss
    assert state.current_player == 2  # seat 1 is skipped on the second lap
    state.apply("stand")
    state.apply("stand")
    assert state.round == 2


def test_a_greedy_grab_takes_only_what_is_there_and_only_the_thief_learns_it():
    state = poured([5, 3, 9], 1)  # seat 1: 5, seat 2: 3, Boss: 9; diamond in seat 1's bag
    state.apply(("steal", 2, 10, 1))  # seat 1 grabs for 10 coins and the diamond in seat 2's bag
    assert state.bags == [9, 8, 0] and state.diamond == 1
    loot = state.view(1)["my_takes"]
    assert loot == [[2, 3, False]]
    for other in (0, 2, None):
        seen = state.view(other)
        assert seen["my_takes"] == []
        assert all(kind != "loot" for kind, _ in seen["log"])
    assert state.current_players() == (2,) and state.phase == "challenge"


@pytest.mark.parametrize(
    ("bags", "diamond", "steal", "loser", "heights"),
    [
        # seat 1 robs seat 2 of 2 coins: 8 vs 6 -> challenger 6, thief 8 -> thief taller: thief out
        ([6, 8, 5], 0, 2, 1, (6, 8)),
        # equal heights: 7 vs 7 -> the challenger is out
        ([5, 9, 5], 0, 2, 2, (7, 7)),
        # challenger taller: 10 vs 6 -> challenger out
        ([5, 11, 5], 0, 1, 2, (10, 6)),
        # the diamond on top: challenger 5 coins + 10 = 15 vs thief 9 -> challenger out
        ([8, 6, 5], 2, 1, 2, (15, 9)),
        # same coins, diamond with the thief: 5 vs 9 + 10 -> thief out
        ([8, 6, 5], 1, 1, 1, (5, 19)),
    ],
)
def test_challenges_compare_stacks_with_the_diamond_on_top(bags, diamond, steal, loser, heights):
    state = poured(bags, diamond)
    total = Counter(state.inventory())
    state.apply(("steal", 2, steal, 0))
    state.apply("challenge")
    event = next(e for e in reversed(state.log) if e.kind == "challenge")
    assert event.to is None  # everyone sees the stacks
    assert (event.data["victim_height"], event.data["thief_height"]) == heights
    assert event.data["loser"] == loser
    winner = 1 if loser == 2 else 2
    assert state.out[loser] and not state.out[winner]
    assert state.bags[loser] == 0 and state.bags[winner] == sum(bags) - state.bags[0]
    if diamond in (1, 2):
        assert state.diamond == winner  # the loser hands over the diamond too
    assert state.inventory() == total


def test_grabbing_the_diamond_moves_it_and_then_wins_the_challenge_for_the_victim():
    state = poured([3, 3, 5], 2)  # the diamond is in seat 2's bag
    state.apply(("steal", 2, 0, 1))  # a 0-coin grab that finds the diamond
    assert state.diamond == 1 and state.view(1)["my_takes"] == [[2, 0, True]]
    state.apply("challenge")  # 3 vs 3 + 10: the thief is taller and out
    assert state.out == [False, True, False] and state.diamond == 2 and state.bags[2] == 6


def test_round_end_ranks_by_height_ties_to_turn_order_and_out_players_score_nothing():
    # players 4, Boss 0, order 1, 2, 3, 0; bags 10, 10, 4, 43 with the diamond in the Boss's bag
    state = poured([10, 10, 4, 43], 0, players=4, rounds=1)
    state.apply(("steal", 3, 0, 0))  # seat 1 bluffs at seat 3
    state.apply("challenge")         # 4 vs 10: the thief (seat 1) is taller and out
    while not state.is_terminal():
        state.apply("stand")
    result = state.round_results[0]
    assert result["heights"] == [53, 0, 10, 14]
    assert result["ranking"] == [0, 3, 2]
    assert state.points == [3, 0, 1, 2]
    assert state.winners() == (0,)
    # a tie in height goes to the player earlier in turn order
    state = poured([10, 10, 37], 2, rounds=1, diamond_height=0)
    while not state.is_terminal():
        state.apply("stand")
    assert state.round_results[0]["ranking"] == [0, 1, 2]
    state = poured([20, 20, 20], 0, rounds=1, diamond_height=0)
    while not state.is_terminal():
        state.apply("stand")
    assert state.round_results[0]["ranking"] == [1, 2, 0]  # the Boss is last in turn order


def test_tied_game_totals_share_the_win():
    state = poured([20, 20, 20], 0, rounds=3, diamond_height=0)
    while not state.is_terminal():
        if state.phase == "fill":
            for _ in range(2):
                state.apply(("fill", 20))
            state.apply(("diamond", 0))
        else:
            state.apply("stand")
    assert state.points == [6, 6, 6] and state.winners() == (0, 1, 2)


def test_jiggles_are_private_once_per_bag_per_turn_and_follow_the_model():
    state = poured([10, 20, 37], 0)
    state.apply(("jiggle", 2))
    with pytest.raises(IllegalAction) as err:
        state.apply(("jiggle", 2))
    assert err.value.rule == "jiggle"
    assert len(state.view(1)["readings"][2]) == 1
    assert state.view(0)["readings"][2] == [] and state.view(1)["jiggled"] == [2]
    assert state.view(0)["jiggled"] == []
    # robbed: the victim may feel their bag and the thief's, nobody else's
    state.apply(("steal", 2, 3, 0))
    assert sorted(a for a in state.legal_actions() if isinstance(a, tuple)) == [("jiggle", 1), ("jiggle", 2)]
    # readings follow the likelihood the analysis uses
    rng = GameRng(5)
    readings = Counter(jiggle(20, 0.15, rng) for _ in range(20000))
    tv = sum(abs(readings[r] / 20000 - jiggle_likelihood(r, 20, 0.15)) for r in range(60)) / 2
    assert tv < 0.02


def test_options_are_checked():
    for bad in (dict(coins=2), dict(coins=5, players=6), dict(diamond_height=-1), dict(jiggle_noise="x"),
                dict(rounds=0), dict(round_points=(3, -1)), dict(round_points=[3, 2]), dict(pour="boss?")):
        with pytest.raises(ChangekitError):
            Moneybags(**bad)


def test_noise_zero_makes_jiggles_exact_and_they_never_feel_the_diamond():
    state = poured([10, 20, 37], 1, jiggle_noise=0)  # seat 1: 10 coins and the diamond
    state.apply(("jiggle", 1))
    state.apply(("jiggle", 2))
    assert state.view(1)["readings"][1:] == [[10], [20]]


# ---- nothing in any view says what a bag holds now ----------------------------------------------
def _scripted_game(bags, diamond, script):
    state = poured(bags, diamond, players=4, coins=67)
    for action in script:
        state.apply(action)
    return state


def test_views_are_the_same_whatever_the_bags_hold():
    # the same actions on two different pours (no jiggles, no challenges): every view except the
    # thief's own loot record and the Boss's pour record is identical, the owners' included
    script = [("steal", 2, 5, 1), "accept", ("steal", 3, 2, 0), "accept", "stand", "close", "stand",
              ("steal", 1, 40, 1), "accept"]
    a = _scripted_game([10, 20, 30, 7], 1, script)
    b = _scripted_game([25, 15, 2, 25], 3, script)
    assert a.bags != b.bags and a.diamond != b.diamond
    for player in (None, 0, 1, 2, 3):
        va, vb = a.view(player), b.view(player)
        for key in ("my_takes", "poured", "log"):
            va.pop(key), vb.pop(key)
        assert va == vb, player
    assert a.view(3)["log"] == b.view(3)["log"]  # seat 3 stole nothing and poured nothing
    assert a.view(2)["my_takes"] != b.view(2)["my_takes"]


def test_views_hold_no_bag_contents_in_random_bot_games():
    game = Moneybags(players=5)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        bots = [BOTS[name]() for name in ("random", "cautious", "bold", "bayesian", "bayesian")]
        steps = 0
        while not state.is_terminal():
            if steps % 5 == 0:
                assert check_views(state, rng, tries=2) == []
                for player in (None, *range(5)):
                    seen = state.view(player)
                    assert not {"bags", "contents", "diamond_in"} & set(seen)
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions(player), rng=rng), player)
            steps += 1


def test_determinize_redeals_the_bags_and_keeps_the_loot():
    state = Moneybags(players=4).new_state(seed=2)
    twins = [state.determinize(1, GameRng(s)) for s in range(10)]
    assert any(t.bags != state.bags for t in twins)
    assert all(t.inventory() == state.inventory() for t in twins)
    assert all(t.view(1) == state.view(1) for t in twins)


@pytest.mark.parametrize("options", [dict(pour="boss", players=3),
                                     dict(players=6, coins=20, rounds=2, jiggle_noise=0.5),
                                     dict(players=4, diamond_height=0, round_points=(5,))])
def test_other_options_keep_every_promise(options):
    for seed in range(2):
        assert check_playout(Moneybags(**options), seed) == []


def test_bots_play_legal_whole_games_and_saves_replay():
    for seed in range(3):
        state = Moneybags(players=4, pour="boss").new_state(seed=seed)
        play_out(state, [BOTS[n]() for n in ("random", "cautious", "bold", "bayesian")], rng=random.Random(seed))
        assert state.winners()
        assert MoneybagsState.from_json(state.to_json()) == state
        assert sum(state.points) <= 3 * (3 + 2 + 1)


def test_narration_reads_well():
    state = poured([6, 8, 5], 0)
    state.apply(("jiggle", 2))
    state.apply(("steal", 2, 2, 1))
    state.apply("challenge")
    lines = state.narration(1, ["Ann", "Bo", "Cy"])
    assert lines[0] == "Round 1. The Boss, Ann, fills the bags."
    assert any(line.startswith("You jiggled Cy's bag: it feels like about") for line in lines)
    assert "You grabbed for 2 coins and came away with 2 coins (no diamond there)." in lines
    assert ("Cy challenged Bo! Stacks: Cy 6 coins = 6 tall, Bo 8 coins = 8 tall. "
            "Out: Bo; everything goes to Cy.") in lines
    assert all(not line.startswith("You") for line in state.narration(None, ["Ann", "Bo", "Cy"]))


# ---- the engine's shortcuts (cached turn, looked-up action lists) agree with the rules ----------
def _legal_by_the_rules(state, player):
    """The legal actions read straight from the rules, in the engine's order."""
    n, coins = state.players, state.options.coins
    if state.phase == "fill":
        if state.filled < n:
            return [("fill", c) for c in range(1, state.box - (n - state.filled) + 2)]
        return [("diamond", b) for b in range(n)]
    if state.phase == "challenge":
        pair = sorted((state.pending["victim"], state.pending["thief"]))
        return ["accept", "challenge", *[("jiggle", b) for b in pair if b not in state.jiggled]]
    jiggles = [("jiggle", b) for b in range(n) if not state.out[b] and b not in state.jiggled]
    steals = [("steal", v, k, d) for v in range(n) if v != player and not state.out[v] and not state.closed[v]
              for k in range(coins + 1) for d in (0, 1)]
    return ["stand", "close", *jiggles, *steals]


def _to_act_by_the_rules(state):
    if state.phase == "fill":
        return (state.boss,)
    if state.phase == "turn":
        return ((state.boss + 1 + state.slot) % state.players,)
    if state.phase == "challenge":
        return (state.pending["victim"],)
    return ()


@pytest.mark.parametrize("options", [dict(players=3), dict(players=6, coins=20), dict(players=4, pour="boss")])
def test_who_acts_and_the_legal_actions_follow_the_rules_at_every_step(options):
    game = Moneybags(**options)
    rng = random.Random(3)
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            assert state.current_players() == _to_act_by_the_rules(state)
            player = state.current_player
            legal = state.legal_actions(player)
            assert legal == _legal_by_the_rules(state, player)
            others = [p for p in range(state.players) if p != player]
            assert all(state.legal_actions(p) == [] for p in others)
            # jiggle often and stand or close now and then, so turns with jiggles made and closed bags come up
            jiggles = [a for a in legal if a[0] == "jiggle"]
            plain = [a for a in legal if a in ("stand", "close")]
            pick = rng.random()
            action = (rng.choice(jiggles) if jiggles and pick < 0.5 else
                      rng.choice(plain) if plain and pick < 0.6 else rng.choice(legal))
            state.apply(action, player)
            if rng.random() < 0.05:  # a clone, an undo and a reload keep who acts
                assert state.clone().current_players() == _to_act_by_the_rules(state)
                back = state.clone()
                back.undo()
                assert back.current_players() == _to_act_by_the_rules(back)
                assert MoneybagsState.from_json(state.to_json()).current_players() == state.current_players()
        assert state.current_players() == () and state.legal_actions() == []


# ---- actions by name, their words, and the declared view ---------------------------------------
def test_named_actions_are_the_encodings_saves_hold_and_round_trip():
    assert (steal(2, 5), steal(1, 0, diamond=True), jiggle_bag(3), fill(12), drop_diamond(0)) == (
        ("steal", 2, 5, 0), ("steal", 1, 0, 1), ("jiggle", 3), ("fill", 12), ("diamond", 0))
    assert (STAND, CLOSE, ACCEPT, CHALLENGE) == ("stand", "close", "accept", "challenge")
    # the old names make the named moves, whose fields read by name
    olds = (steal(2, 5), jiggle_bag(3), fill(12), drop_diamond(0), STAND, CLOSE, ACCEPT, CHALLENGE)
    assert [type(m) for m in olds] == [Steal, Jiggle, Fill, Diamond, Stand, Close, Accept, Challenge]
    assert (Steal(2, 5, 1).victim, Steal(2, 5, 1).coins, Steal(2, 5, 1).diamond) == (2, 5, 1)
    assert (Jiggle(3).bag, Fill(12).coins, Diamond(0).bag) == (3, 12, 0)
    assert MOVES.parse("steal 2 5 1") == Steal(2, 5, 1) and type(MOVES.typed(["jiggle", 3])) is Jiggle
    for bad in (lambda: Steal(2, 5, True), lambda: Steal(2, 5), lambda: Jiggle("1"), lambda: Fill(2.0),
                lambda: jiggle_bag(True)):
        with pytest.raises(InvalidMove):
            bad()
    state = Moneybags(players=3, pour="boss").new_state(seed=4)
    for action in (fill(30), fill(20), drop_diamond(2), jiggle_bag(1), steal(2, 4, diamond=True), jiggle_bag(2),
                   CHALLENGE, STAND, CLOSE):
        assert action in state.legal_actions()
        state.apply(action)
    loaded = MoneybagsState.from_json(state.to_json())
    assert loaded == state and loaded.history == state.history
    assert [a for _, a in loaded.history][:3] == [fill(30), fill(20), drop_diamond(2)]


def test_describe_action_says_each_action_in_the_words_of_its_button():
    state = poured([6, 8, 5], 0)  # seat 1 to move; seat 2 next; the Boss (0) last
    names = ["Ann", "Bo", "Cy"]
    assert state.describe_action(STAND) == "Stand by"
    assert state.describe_action(CLOSE) == "Close my bag"
    assert state.describe_action(jiggle_bag(1), names) == "Jiggle my bag"
    assert state.describe_action(jiggle_bag(2), names) == "Jiggle Cy's bag"
    assert state.describe_action(jiggle_bag(1), names, by=0) == "Jiggle Bo's bag"
    assert state.describe_action(steal(2, 1), names) == "Steal 1 coin from Cy's bag"
    assert state.describe_action(steal(0, 7, diamond=True)) == \
        "Steal 7 coins from Player 1's bag and feel for the diamond"
    assert state.describe_action(steal(2, 3), ["You", "Bo", "Cy"], by=1) == "Steal 3 coins from Cy's bag"
    assert state.describe_action(jiggle_bag(0), ["You", "Bo", "Cy"]) == "Jiggle your bag"
    state.apply(steal(2, 2))
    assert (state.describe_action(ACCEPT), state.describe_action(CHALLENGE)) == ("Let it go", "Challenge")
    assert state.describe_action(jiggle_bag(2), names) == "Jiggle my bag"  # the robbed player acts now
    boss = Moneybags(players=3, pour="boss").new_state(seed=1)
    assert boss.describe_action(fill(9), names) == "Pour 9 coins into Bo's bag"
    assert boss.describe_action(drop_diamond(0), names) == "Drop the diamond into my bag"
    for junk in ("run", ("steal", 1, 2), ("jiggle", 7), ("jiggle", True), ("steal", 9, 1, 0), 5, None):
        with pytest.raises(ChangekitError):
            state.describe_action(junk)


def test_a_malformed_move_is_a_move_shape_and_a_move_out_of_place_breaks_the_rule_it_breaks():
    boss = Moneybags(players=3, pour="boss").new_state(seed=1)
    cases = [(boss, ("fill", 2.0), "move-shape"), (boss, ("fill", True), "move-shape"), (boss, Fill(0), "coin-per-bag"),
             (boss, Jiggle(1), "fill"), (boss, Stand(), "fill")]
    state = poured([6, 8, 5], 0)  # seat 1 to move
    cases += [(state, ("steal", 2, 1), "move-shape"), (state, ("steal", 2, 1.0, 0), "move-shape"),
              (state, ("wiggle", 2), "move-shape"), (state, Steal(1, 2, 0), "open-bag"),
              (state, Steal(2, 20, 0), "coins"), (state, Steal(2, 1, 2), "diamond-flag"),
              (state, Jiggle(5), "jiggle"), (state, Accept(), "turn-action"), (state, Fill(3), "turn-action")]
    robbed = poured([6, 8, 5], 0)
    robbed.apply(Steal(2, 1, 0))  # seat 2 answers
    cases += [(robbed, Stand(), "challenge-decision"), (robbed, Steal(1, 1, 0), "challenge-decision"),
              (robbed, Jiggle(0), "jiggle"), (robbed, ("jiggle", "2"), "move-shape")]
    for game, bad, rule in cases:
        before = game.to_json()
        with pytest.raises(IllegalAction) as refused:
            game.apply(bad)
        assert refused.value.rule == rule, (bad, refused.value)
        assert isinstance(refused.value, InvalidMove) == (rule == "move-shape")
        assert game.to_json() == before


@pytest.mark.parametrize("options", [dict(players=3), dict(players=5, pour="boss", coins=12)])
def test_every_legal_action_has_its_own_words(options):
    game = Moneybags(**options)
    rng = random.Random(8)
    for seed in range(3):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            words = [state.describe_action(a) for a in legal]
            assert all(words) and len(set(words)) == len(legal)
            state.apply(rng.choice(legal))


def test_the_view_has_exactly_the_declared_keys_and_the_shared_names():
    declared = set(MoneybagsView.__annotations__)
    state = poured([6, 8, 5], 0, rounds=1)
    for player in (None, 0, 1, 2):
        assert set(state.view(player)) == declared | {"to_act", "log"}
    seen = state.view(1)
    assert (seen["you"], seen["dealer"], seen["turn"], seen["scores"], seen["winners"]) == (1, 0, 1, [0, 0, 0], [])
    state.apply(steal(2, 2))
    assert state.view(2)["turn"] == 1 and state.view(2)["to_act"] == [2]  # the thief's turn; the victim answers
    while not state.is_terminal():
        state.apply(STAND if state.phase == "turn" else ACCEPT)
    seen = state.view(None)
    assert seen["scores"] == list(state.scores()) and seen["winners"] == list(state.winners()) != []
    assert seen["turn"] is None and seen["phase"] == "over"


def _imports(module: str) -> set[str]:
    """Every module a Moneybags module imports, at the top or inside a function (relative made absolute)."""
    import ast
    import importlib.util

    path = importlib.util.find_spec(f"changekit.games.moneybags.{module}").origin
    found = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add(("changekit.games.moneybags." if node.level else "") + (node.module or ""))
    return found


def test_dependencies_point_one_way_and_the_engine_and_bots_stay_pure_python():
    later = {"rules": {"model", "bots", "analysis", "app"}, "model": {"bots", "analysis", "app"},
             "bots": {"analysis", "app"}, "analysis": {"app"}}
    for module, forbidden in later.items():
        imported = _imports(module)
        assert not {f"changekit.games.moneybags.{m}" for m in forbidden} & imported, module
    for module in ("rules", "model", "bots"):
        heavy = {name for name in _imports(module) if name.split(".")[0] in {"numpy", "ipywidgets", "plotly", "sympy"}
                 or name.startswith(("changekit.ui", "changekit.stats"))}
        assert heavy == set(), module
