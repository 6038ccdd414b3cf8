"""Diminishing Returns: the engine (rules, refusals, endings, options) and its bots."""
from __future__ import annotations

import inspect
import random
from collections import Counter
from types import SimpleNamespace

import pytest

from changekit.conformance import check_playout, check_seeds, check_step
from changekit.core import ChangekitError, GameRng, IllegalAction, RandomBot, play_out
from changekit.core.errors import InvalidMove
from changekit.games.diminishing import GAME, MOVES, Play, legal_moves
from changekit.games.diminishing import bots as bots_module
from changekit.games.diminishing.bots import KeepSmallBot, MaxNBot, MaxTakeBot, PerfectBot, kept
from changekit.games.diminishing.rules import STANDARD_PURSE, takes_within


def state_with(purses, pot=(), turn=0, players=None, **options):
    """A position set by hand (tests only): purses and pot as given."""
    players = players or len(purses)
    state = GAME(players=players, **options).new_state(seed=0)
    state.purses = [sorted(p, reverse=True) for p in purses]
    state.pot = sorted(pot, reverse=True)
    state.out = [not p for p in purses]
    state.turn = turn
    return state


def brute_takes(pot, limit):
    """All sub-bundles of ``pot`` worth ≤ limit, by brute force over index subsets."""
    from itertools import combinations

    out = set()
    for r in range(len(pot) + 1):
        for combo in combinations(sorted(pot, reverse=True), r):
            if sum(combo) <= limit:
                out.add(combo)
    return out


def test_the_standard_purse_is_46_dollars_in_11_bills():
    assert sum(STANDARD_PURSE) == 46 and len(STANDARD_PURSE) == 11
    assert Counter(STANDARD_PURSE) == {1: 3, 3: 3, 5: 2, 7: 2, 10: 1}


def test_a_new_game_deals_everyone_the_same_purse_and_an_empty_pot():
    state = GAME(players=3).new_state(seed=4)
    assert state.purses == [list(STANDARD_PURSE)] * 3 and state.pot == []
    assert state.current_players() in {(0,), (1,), (2,)}
    firsts = {GAME(players=3).new_state(seed=s).turn for s in range(30)}
    assert firsts == {0, 1, 2}  # a random player starts


@pytest.mark.parametrize("pot, limit", [((5, 3, 1, 1), 4), ((10, 7, 5, 3, 3, 1, 1, 1), 9), ((), 6), ((7, 7), 6)])
def test_take_backs_match_brute_force(pot, limit):
    assert set(takes_within(pot, limit)) == brute_takes(pot, limit)


def test_legal_moves_on_the_first_turn_take_nothing_back():
    assert legal_moves(STANDARD_PURSE, []) == [Play(1), Play(3), Play(5), Play(7), Play(10)] == [
        (1,), (3,), (5,), (7,), (10,)]  # a move is its plain tuple too
    assert all(type(m) is Play for m in legal_moves(STANDARD_PURSE, [5, 3, 1]))


def test_legal_moves_include_every_take_back_worth_at_most_one_less():
    moves = legal_moves([5, 1], [3, 1])
    assert moves == [Play(1), Play(5), Play(5, 1), Play(5, 3), Play(5, 3, 1)]
    assert all(sum(m.take) <= m.bill - 1 for m in legal_moves(STANDARD_PURSE, [10, 7, 5, 3, 3, 1, 1]))


def test_a_move_moves_bills_between_purse_and_pot():
    state = state_with([[5, 1], [7]], pot=[3, 1])
    state.apply(Play(5, 3, 1))
    assert state.purses[0] == [3, 1, 1] and state.pot == [5]
    assert state.turn == 1
    assert state.log[-1].kind == "move" and state.log[-1].data["take"] == [3, 1]


@pytest.mark.parametrize("action, rule", [
    ((7,), "own-bill"),
    ((5, 5), "take-from-pot"),
    ((5, 1, 3), "take-order"),
    ((5, 3, 3), "take-from-pot"),
    ((3, 3), "take-limit"),
    ((5, 3, 1, 1), "take-from-pot"),
    ((1, 1), "take-limit"),
    (Play(5, 1, 3), "take-order"),
    ([5, 5], "take-from-pot"),  # a JSON list reads as the move
    (5, "move-shape"),
    ((), "move-shape"),
    ((5.0,), "move-shape"),
    ((True,), "move-shape"),
    ((5, True), "move-shape"),
    (((5,),), "move-shape"),
    (None, "move-shape"),
    ("5", "move-shape"),
    ("play 5", "move-shape"),
    ({5: 1}, "move-shape"),
])
def test_illegal_moves_are_refused_naming_the_rule_and_change_nothing(action, rule):
    state = state_with([[5, 3, 1], [7]], pot=[3, 1])
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.rule == rule and str(refused.value)
    assert isinstance(refused.value, InvalidMove) == (rule == "move-shape")
    assert state.to_json() == before


def test_a_move_typed_anew_plays_exactly_like_the_one_legal_actions_listed():
    # the engine accepts a listed Play by one lookup (its hot path); a plain tuple, a JSON list or a
    # Play built anew is read as the same move and plays the same
    for players, pot in ((2, [5, 3, 1, 1]), (3, [10, 7, 3, 1])):
        start = state_with([[10, 7, 5, 1]] + [[3, 1]] * (players - 1), pot=pot)
        for listed in start.legal_actions():
            assert type(listed) is Play
            for typed in (tuple(listed), list(listed), Play(*listed)):
                assert tuple(typed) == listed and typed is not listed
                a, b = start.clone(), start.clone()
                a.apply(listed)
                b.apply(typed)
                assert a.to_json() == b.to_json() and a.log == b.log
                assert type(b.history[-1][1]) is Play and b.history[-1][1] == listed


def test_the_limit_is_one_dollar_less_than_the_bill():
    state = state_with([[5], [7]], pot=[3, 1, 1])
    with pytest.raises(IllegalAction, match=r"at most \$4"):
        state.apply(Play(5, 3, 1, 1))
    state.apply(Play(5, 3, 1))
    assert state.purses[0] == [3, 1]


def test_a_player_with_no_money_is_out_and_the_last_one_standing_wins():
    state = state_with([[1], [3]], pot=[])
    state.apply(Play(1))
    assert state.out == [True, False] and state.is_terminal()
    assert state.winners() == (1,)
    assert state.scores() == (0, 3)
    assert [e.kind for e in state.log[-2:]] == ["out", "game_end"]


def test_taking_back_saves_you_from_going_out():
    state = state_with([[3], [7]], pot=[1])
    state.apply(Play(3, 1))
    assert not state.out[0] and state.turn == 1


def test_with_three_players_the_out_player_is_skipped():
    state = state_with([[1], [3, 3], [5, 5]], pot=[])
    state.apply(Play(1))
    assert state.out == [True, False, False] and not state.is_terminal()
    assert state.turn == 1
    state.apply(Play(3))
    assert state.turn == 2
    state.apply(Play(5, 3))
    assert state.turn == 1  # seat 0 is skipped


def test_first_knockout_ends_at_once_and_the_richest_wins():
    state = state_with([[1], [3, 3], [5, 5]], pot=[], end="first_knockout")
    state.apply(Play(1))
    assert state.is_terminal() and state.winners() == (2,)
    tied = state_with([[1], [5], [5]], pot=[], end="first_knockout")
    tied.apply(Play(1))
    assert tied.winners() == (1, 2)


def test_options_are_checked():
    with pytest.raises(ChangekitError, match="end"):
        GAME(end="sudden_death")
    with pytest.raises(ChangekitError, match="purse"):
        GAME(purse=(2, 1))
    with pytest.raises(ChangekitError, match="highest down"):
        GAME(purse=(1, 3))
    with pytest.raises(ChangekitError, match="deck"):
        GAME(players=3, purse=(1, 1, 1, 1))  # 12 $1 bills: more than one deck
    GAME(players=4, purse=(1, 1, 1, 1))  # two decks: fine
    assert GAME(purse=(3, 1, 1)).new_state(seed=1).purses == [[3, 1, 1], [3, 1, 1]]


def test_money_is_conserved_and_games_end_within_the_bound():
    for players in (2, 3, 5):
        game = GAME(players=players)
        state = game.new_state(seed=players)
        start = state.inventory()
        assert sum(start.elements()) == 46 * players
        play_out(state, [RandomBot()] * players, rng=random.Random(players))
        assert state.inventory() == start
        assert state.turns <= type(game).max_steps(game.options)
        assert len(state.winners()) == 1


def test_views_show_everything_to_everyone():
    state = GAME(players=3).new_state(seed=2)
    views = [state.view(p) for p in range(3)]
    assert all(v["hands"] == views[0]["hands"] and v["pot"] == views[0]["pot"] for v in views)
    twin = state.determinize(1, GameRng(5))
    assert twin.snapshot() == state.snapshot()  # nothing is hidden


def test_narration_reads_well():
    state = state_with([[5, 1], [7]], pot=[3, 1])
    state.apply(Play(5, 3, 1))
    line = state.narrate(state.log[-1], ["Ann", "Bo"])
    assert line == "Ann played $5 and took back $3, $1: $5 left, $5 in the pot."


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_shared_conformance_checks_pass(players):
    game = GAME(players=players)
    for seed in range(4):
        assert check_playout(game, seed * 31 + players, deep_every=9) == []
    assert check_seeds(game, seed=7) == []


def test_first_knockout_passes_the_conformance_checks_too():
    game = GAME(players=3, end="first_knockout")
    for seed in range(3):
        assert check_playout(game, seed) == []


def test_a_mid_game_position_passes_the_deep_checks():
    state = state_with([[10, 7, 3, 1], [5, 5, 1]], pot=[7, 3, 3, 1])
    # (a hand-set position does not replay from its seed, so no JSON checks here)
    problems = check_step(state, random.Random(1))
    assert not [p for p in problems if "save" not in p and "loaded" not in p]


# ---- bots ------------------------------------------------------------------------------
def test_max_take_bot_loses_as_little_as_possible():
    state = state_with([[10, 3, 1], [7]], pot=[5, 3, 1, 1])
    move = MaxTakeBot().choose(state.view(0), state.legal_actions(), rng=random.Random(0))
    assert kept(move) == -1 and move == Play(10, 5, 3, 1)  # Play(1) and Play(3, 1, 1) also lose $1 but take less


def test_keep_small_bot_plays_big_and_takes_many_bills():
    state = state_with([[10, 3, 1], [7]], pot=[5, 3, 1, 1])
    move = KeepSmallBot().choose(state.view(0), state.legal_actions(), rng=random.Random(0))
    assert move == Play(10, 5, 3, 1)  # 3 bills; Play(10, 3, 1, 1) is also 3 bills but keeps less


def test_perfect_bot_plays_a_winning_move_when_there_is_one():
    from changekit.games.diminishing import solve_position

    state = state_with([[7, 3, 1], [5, 1]], pot=[3, 1, 1])
    solved = solve_position([7, 3, 1], [5, 1], [3, 1, 1])
    assert solved.mover_wins
    for seed in range(5):
        move = PerfectBot().choose(state.view(0), state.legal_actions(), rng=random.Random(seed))
        assert move in [m.action for m in solved.winning_moves]
    assert "win" in PerfectBot().explain(state.view(0), move)


def test_max_n_bot_finds_the_immediate_knockout_with_three_players():
    # Seat 0 can take back enough to survive, or play out: it must not knock itself out.
    state = state_with([[3], [1], [10, 5]], pot=[1])
    move = MaxNBot(depth=2).choose(state.view(0), state.legal_actions(), rng=random.Random(0))
    assert move == Play(3, 1) and type(move) is Play


class Clock:
    """A stand-in for ``time.perf_counter`` that moves ``step`` seconds at every read."""

    def __init__(self, step: float) -> None:
        self.step, self.now, self.reads = step, 0.0, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_max_n_bot_respects_its_time_limit(monkeypatch):
    state = GAME(players=5).new_state(seed=3)
    rng = random.Random(0)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    view, legal = state.view(state.current_player), state.legal_actions()
    # a clock that moves 10 ms each time the bot reads it: with a 30 ms limit the search must stop
    # after a few reads and still answer (one ply always completes); a frozen clock lets it finish
    clock = Clock(step=0.01)
    monkeypatch.setattr(bots_module, "time", SimpleNamespace(perf_counter=clock))
    move = MaxNBot(depth=6, seconds=0.03).choose(view, legal, rng=rng)
    # reads: the deadline, the first ply (its root and each of the moves), then the one read at
    # depth 2 that finds the time is up
    assert move in legal and len(legal) <= 6 and clock.reads == 1 + (1 + len(legal)) + 1
    frozen = Clock(step=0.0)
    monkeypatch.setattr(bots_module, "time", SimpleNamespace(perf_counter=frozen))
    assert MaxNBot(depth=6, seconds=0.03).choose(view, legal, rng=rng) in legal
    assert frozen.reads > 100  # the whole depth-6 search ran (its wall time: `make bench`)


def test_two_survivors_of_a_three_player_game_fall_back_to_search():
    # more bills than two standard purses: no table on the spot, the perfect bot searches
    state = state_with([[10, 10, 1], [], [10, 7]], pot=[7, 7, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1])
    bot = PerfectBot()
    assert bot.solution(state.view(0)) is None
    move = bot.choose(state.view(0), state.legal_actions(), rng=random.Random(0))
    assert move in state.legal_actions()
    assert "ahead" in bot.explain(state.view(0), move)


# The shared suite's property tests, run on this game directly (they take the game class as an
# argument), so they hold whether or not the game is in the registry yet.
@pytest.mark.parametrize("name", [
    "test_any_illegal_input_is_refused_and_changes_nothing",
    "test_a_tampered_save_is_refused_or_loads_whole",
    "test_undo_returns_to_the_earlier_position",
    "test_metadata_is_complete",
    "test_player_counts_outside_the_range_are_refused",
])
def test_the_shared_conformance_properties(name):
    from tests.conformance import test_conformance as shared

    check = getattr(shared, name)
    # the shared tests that take option sets play this game with its defaults
    extra = {"options": {}} if "options" in inspect.signature(check).parameters else {}
    check(game=GAME, **extra)


def test_seeds_choose_who_starts_and_determinize_is_an_exact_copy():
    # the two shared checks a perfect-information game with one coin flip cannot pass as
    # written (see the report): seeds differ in who starts, and nothing is hidden
    for players in (2, 4, 6):
        starts = {GAME(players=players).new_state(seed=s).snapshot()["turn"] for s in range(12)}
        assert len(starts) > 1
    state = GAME(players=3).new_state(seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert all(state.determinize(0, GameRng(s)).snapshot() == state.snapshot() for s in range(5))
    assert GAME.perfect_information


# ---- the game's vocabulary: named moves, their words, the declared view --------------------------
def test_play_builds_the_engine_action_with_the_take_back_highest_first():
    from changekit.games.diminishing.rules import play

    assert play(7) == Play(7) == (7,) and play(5, 1, 3) == Play(5, 3, 1) == (5, 3, 1) == play(5, 3, 1)
    assert type(play(5, 1, 3)) is Play and play(5, 1, 3).take == (3, 1)
    state = state_with([[5, 1], [7]], pot=[3, 1])
    assert play(5, 1, 3) in state.legal_actions()


def test_a_play_reads_by_name_and_back_from_words_json_and_pickle():
    import json
    import pickle

    move = Play(5, 3, 1)
    assert (move.bill, move.take, move.text(), repr(move)) == (5, (3, 1), "play 5 3+1", "Play(5, 3, 1)")
    assert (Play(7).take, Play(7).text(), json.dumps(Play(7))) == ((), "play 7 none", "[7]")
    assert Play(5, (3, 1)) == move and Play(5, [3, 1]) == move
    for back in (MOVES.parse("play 5 3+1"), MOVES.typed([5, 3, 1]), pickle.loads(pickle.dumps(move))):
        assert back == move and type(back) is Play
    assert MOVES.parse("play 7 none") == Play(7)
    for junk in ((5, 3.0), (True,), ("5",), ()):
        with pytest.raises(InvalidMove):
            Play(*junk)


def test_a_play_is_the_shared_bills_move_and_still_its_plain_tuple():
    import json

    from changekit.core.moves import Bills

    move = Play(5, 3, 1)
    assert isinstance(move, Bills) and MOVES.untagged is Play
    assert hash(move) == hash((5, 3, 1)) and {(5, 3, 1): "kept"}[move] == "kept" and move != (5, 3)
    assert move.to_json() == [5, 3, 1] and json.loads(json.dumps(move)) == [5, 3, 1]
    assert MOVES.typed((7,)) == Play(7) and type(MOVES.typed((7,))) is Play
    with pytest.raises(InvalidMove, match="names the bill played"):
        MOVES.typed([])


def test_moves_built_with_play_survive_a_save_and_load():
    from changekit.games.diminishing.rules import play

    state = GAME(players=2, purse=(5, 3, 1)).new_state(seed=2)
    for move in (play(3), play(1), play(5, 1, 3), play(5)):
        state.apply(move)
    loaded = type(state).from_json(state.to_json())
    assert loaded.history == state.history and loaded.purses == state.purses and loaded.pot == state.pot


def test_describe_action_says_the_move_in_words():
    state = state_with([[5, 1], [7]], pot=[3, 1])
    words = {action: state.describe_action(action) for action in state.legal_actions()}
    assert words == {
        Play(1): "play $1", Play(5): "play $5", Play(5, 1): "play $5, take back $1",
        Play(5, 3): "play $5, take back $3", Play(5, 3, 1): "play $5, take back $3 $1 ($4)",
    }
    assert state.describe_action((5, 3)) == state.describe_action([5, 3]) == "play $5, take back $3"
    for junk in (None, (5.0,), "play 5"):
        with pytest.raises(InvalidMove, match="not a move of this game"):
            state.describe_action(junk)
    with pytest.raises(InvalidMove, match="names the bill played"):
        state.describe_action(())


def test_legal_moves_of_random_positions_have_distinct_words():
    rng = random.Random(7)
    for seed in range(5):
        state = GAME(players=3).new_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            words = [state.describe_action(a) for a in legal]
            assert all(words) and len(set(words)) == len(legal)
            state.apply(rng.choice(legal))


def test_the_view_holds_exactly_the_declared_keys():
    from changekit.games.diminishing.rules import DiminishingView

    state = GAME(players=3).new_state(seed=1)
    play_out(state, [RandomBot()] * 3, rng=random.Random(1))
    for player in (None, 0, 2):
        view = state.view(player)
        assert set(view) == set(DiminishingView.__annotations__) | {"to_act", "log"}
        assert view["scores"] == list(state.scores()) and view["hands"] == state.purses
        assert view["winners"] == list(state.winners()) != []
    assert GAME(players=2).new_state(seed=1).view(0)["winners"] == []


def test_bots_give_their_reasons_in_the_move_s_words():
    state = state_with([[5, 1], [7]], pot=[3, 1])
    for bot in (MaxTakeBot(), KeepSmallBot(), PerfectBot(), MaxNBot(depth=1)):
        move = bot.choose(state.view(0), state.legal_actions(), rng=random.Random(0))
        assert bot.explain(state.view(0), move).startswith(state.describe_action(move))
