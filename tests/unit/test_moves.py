"""Named moves (core/moves.py): every game's moves are value types with words and JSON both ways,
a malformed move is told apart from an illegal one, and saves of both formats load."""
from __future__ import annotations

import json
import pickle
import random

import pytest

from changekit.core.errors import IllegalAction, InvalidMove, InvalidSave
from changekit.core.moves import Amount, Bills, Move, Moves, Tagged, Word
from changekit.registry import game_keys, game_spec


class Pay(Amount):
    name, fields = "pay", (("bill", int),)


class Steal(Tagged):
    name, fields = "steal", (("source", int), ("target", int), ("diamond", int))


class Play(Tagged):
    name, fields = "play", (("cards", (str,)),)


class Close(Word):
    name = "close"


class Bid(Bills):
    name = "bid"


def test_a_move_is_its_plain_value_and_reads_by_field_name():
    assert Pay(10) == 10 and hash(Pay(10)) == hash(10) and Pay(10).bill == 10 and f"${Pay(10)}" == "$10"
    assert Steal(0, 1, 1) == ("steal", 0, 1, 1) and (Steal(0, 1, 1).source, Steal(0, 1, 1).diamond) == (0, 1)
    assert Close() == "close" and str(Close()) == "close" and "close" in [Close()]
    assert Play("10C", "10C") == ("play", "10C", "10C") == Play(("10C", "10C"))
    assert Play("10C", "10C").cards == ("10C", "10C")
    assert Bid(10, 5) == (10, 5) and Bid(10, 5).bills == (10, 5) and Bid() == ()
    assert [repr(m) for m in (Pay(10), Steal(0, 1, 1), Close(), Play("10C"), Bid(10, 5))] == [
        "Pay(10)", "Steal(0, 1, 1)", "Close()", "Play(('10C',))", "Bid(10, 5)"]
    assert json.dumps([Pay(10), Steal(0, 1, 1), Close(), Bid(10, 5)]) == '[10, ["steal", 0, 1, 1], "close", [10, 5]]'
    for move in (Pay(10), Steal(0, 1, 1), Close(), Play("10C", "9D"), Bid(10, 5)):
        again = pickle.loads(pickle.dumps(move))
        assert again == move and type(again) is type(move)


def test_text_and_plain_values_read_back_to_the_same_typed_move():
    moves = Moves(Pay, Steal, Close, Play, Bid)
    for move, text in ((Pay(10), "pay 10"), (Steal(0, 1, 1), "steal 0 1 1"), (Close(), "close"),
                       (Play("10C", "9D"), "play 10C+9D"), (Bid(10, 5), "bid 10+5"), (Bid(), "bid none")):
        assert move.text() == text
        for back in (moves.parse(text), moves.typed(json.loads(json.dumps(move))), moves.typed(move)):
            assert back == move and type(back) is type(move)


@pytest.mark.parametrize("junk", [None, True, 2.5, "wiggle", ("wiggle", 1), ("steal", 0, 1), ("steal", 0, 1, "x"),
                                  (10, "5"), {"pay": 1}, [["steal"]], ("play", 3)])
def test_what_is_no_move_is_an_invalid_move_naming_the_moves(junk):
    moves = Moves(Pay, Steal, Close, Play, Bid)
    with pytest.raises(InvalidMove) as err:
        moves.typed(junk)
    assert err.value.rule == "move-shape" and isinstance(err.value, IllegalAction)


def test_junk_equal_to_a_move_is_refused_even_once_that_move_was_read():
    moves = Moves(Pay, Steal, Close, Play, Bid)
    assert moves.typed(1) == Pay(1) and moves.typed(("steal", 0, 1, 1)) == Steal(0, 1, 1)  # now remembered
    for junk in (True, 1.0, ("steal", False, 1, 1), ("steal", 0, 1.0, 1)):
        with pytest.raises(InvalidMove):
            moves.typed(junk)


@pytest.mark.parametrize("text", ["", "steal 0 1", "steal 0 one 1", "wiggle 2", "pay", 7])
def test_bad_words_are_refused_with_the_way_to_write_them(text):
    with pytest.raises(InvalidMove):
        Moves(Pay, Steal, Close, Play, Bid).parse(text)


def test_a_game_has_one_number_move_and_one_plain_tuple_move_at_most():
    class Take(Amount):
        name = "take"
    with pytest.raises(InvalidMove):
        Moves(Pay, Take)
    with pytest.raises(InvalidMove):
        Moves(Pay, Pay)


def _named_games() -> list[str]:
    return [key for key in game_keys() if game_spec(key).game.moves is not None]


@pytest.mark.parametrize("game", _named_games())
def test_every_legal_move_of_a_game_is_named_and_reads_back_from_words_and_json(game):
    spec = game_spec(game)
    moves = spec.game.moves
    rng = random.Random(3)
    for seed in range(3):
        state = spec.game(**spec.short_options).new_state(seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 300:
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            for move in legal:
                assert isinstance(move, Move) and type(move) in moves.types, (game, move)
                assert moves.parse(move.text()) == move and type(moves.parse(move.text())) is type(move)
                assert moves.typed(json.loads(json.dumps(move))) == move
            texts = [m.text() for m in legal]
            assert len(set(texts)) == len(texts), (game, texts)
            state.apply(rng.choice(legal), seat)
            steps += 1
        assert all(type(a) in moves.types for _, a in state.history)
        saved = json.loads(state.to_json())
        assert saved["format"] == 2 and all(isinstance(a, str) for _, a in saved["history"])
        assert type(state).from_json(state.to_json()) == state


@pytest.mark.parametrize("game", _named_games())
def test_a_save_of_format_1_with_plain_values_still_loads(game):
    spec = game_spec(game)
    state = spec.game(**spec.short_options).new_state(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    old = json.loads(state.to_json())
    old["format"] = 1
    old["history"] = [[p, json.loads(json.dumps(a))] for p, a in state.history]  # plain values, as before
    loaded = type(state).from_json(json.dumps(old))
    assert loaded == state and [type(a) for _, a in loaded.history] == [type(a) for _, a in state.history]
    old["format"] = 3
    with pytest.raises(InvalidSave):
        type(state).from_json(json.dumps(old))


@pytest.mark.parametrize("game", _named_games())
def test_a_malformed_move_is_refused_before_the_engine_and_changes_nothing(game):
    spec = game_spec(game)
    state = spec.game(**spec.short_options).new_state(seed=2)
    before = state.to_json()
    for junk in (None, 2.5, ("no-such-move", 1), {"a": 1}):
        with pytest.raises(InvalidMove):
            state.apply(junk, state.current_players()[0])
    assert state.to_json() == before


class Tip(Amount):
    name, fields = "tip", (("bill", int),)


def test_each_state_class_names_the_moves_of_its_own_game():
    """State looks up its game's move types once per class and keeps them there: a subclass bound
    to another game names and reads that game's moves, even after its parent's were looked up."""
    from changekit.games.zombie.moves import Pay as ZombiePay
    from changekit.games.zombie.rules import Zombie, ZombieState

    zombie = Zombie(players=2).new_state(seed=1)
    assert all(type(m) is ZombiePay for m in zombie.legal_actions(zombie.current_players()[0]))

    class TipState(ZombieState):
        def _legal_actions(self, player):  # plain values: State names them
            return sorted(set(self.hands[player]))

    class Tipping(Zombie):
        name, moves, State = "tipping", Moves(Tip), TipState

    TipState.game = Tipping
    tipping = Tipping(players=2).new_state(seed=1)
    seat = tipping.current_players()[0]
    legal = tipping.legal_actions(seat)
    assert legal == sorted(set(tipping.hands[seat])) and all(type(m) is Tip for m in legal)
    tipping.apply(int(legal[0]), seat)  # a plain value is read as the game's move
    assert tipping.history == [(seat, Tip(int(legal[0])))] and type(tipping.history[0][1]) is Tip
    seat = tipping.current_players()[0]
    bill = int(tipping.legal_actions(seat)[0])
    tipping.apply(ZombiePay(bill), seat)  # the parent game's move is read as this game's: a number
    assert tipping.history[1] == (seat, Tip(bill)) and type(tipping.history[1][1]) is Tip
    assert all(type(m) is ZombiePay for m in zombie.legal_actions(zombie.current_players()[0]))
