"""The one seat rule and the save checks, for every game (issue 16).

A seat is a plain ``int`` in range (a numpy integer is converted); anything else is an
``IllegalAction`` raised before anything changes. ``from_json`` refuses oversized or deeply
nested saves as ``InvalidSave`` without building anything and without quoting the input.
"""
from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

from changekit import all_games
from changekit.registry import spec_of
from changekit.core import ChangekitError, IllegalAction, InvalidArgument, InvalidSave
from changekit.core.checks import MAX_SAVE_CHARS, MAX_SAVE_DEPTH

GAMES = all_games()
IDS = [g.name for g in GAMES]
BAD_SEATS = [1.0, 0.0, True, False, "0", b"0", -1, 99, 2**70, np.float64(0), [0], (0,), 0j]


def opening(game_cls, seed=3, steps=5):
    """A state a few random actions into a game (options as the conformance suite plays them)."""
    options = dict(spec_of(game_cls).short_options)
    state = game_cls(**options).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


def everything(state):
    """All of a state's attributes, deep-copied: to compare before and after a refusal."""
    return {k: (v.getstate() if k == "rng" else copy.deepcopy(v)) for k, v in vars(state).items()}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_bad_seat_is_refused_before_anything_changes(game, seat):
    state = opening(game)
    before_json, before = state.to_json(), everything(state)
    acting = state.current_players()[0]
    for action in state.legal_actions(acting)[:3]:
        with pytest.raises(IllegalAction) as err:
            state.apply(action, seat)
        assert err.value.rule == "seat"
        assert state.to_json() == before_json and everything(state) == before
    for call in (state.legal_actions, state.view):
        with pytest.raises(IllegalAction) as err:
            call(seat)
        assert err.value.rule == "seat"
    assert state.to_json() == before_json and everything(state) == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_numpy_seat_is_a_seat_and_the_game_still_saves(game):
    plain, numpy_seats = opening(game, steps=0), opening(game, steps=0)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(12):
        if plain.is_terminal():
            break
        player = plain.current_players()[0]
        action = rng_a.choice(plain.legal_actions(player))
        assert numpy_seats.legal_actions(np.int64(player)) == plain.legal_actions(player)
        assert numpy_seats.view(np.int32(player)) == plain.view(player)
        rng_b.random()
        plain.apply(action, player)
        numpy_seats.apply(action, np.int64(player))
    assert all(type(p) is int for p, _ in numpy_seats.history)
    assert numpy_seats.to_json() == plain.to_json()
    assert type(numpy_seats).from_json(numpy_seats.to_json()) == plain


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("steps", [1.0, True, "1", -1, 10**6, None, np.float64(1)], ids=repr)
def test_undo_takes_a_whole_number_in_range_and_changes_nothing_otherwise(game, steps):
    state = opening(game)
    before = state.to_json()
    with pytest.raises(InvalidArgument):
        state.undo(steps)
    assert state.to_json() == before
    played = len(state.history)
    state.undo(np.int64(1))
    assert len(state.history) == played - 1


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_seed_is_a_whole_number_in_range(game):
    for seed in (1.0, True, "1", -1, 2**64, None):
        with pytest.raises(ChangekitError):
            game().new_state(seed=seed)
    assert game().new_state(seed=np.int64(9)) == game().new_state(seed=9)


def _save(game):
    return json.loads(opening(game).to_json())


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_saves_that_are_too_big_or_too_deep_are_refused_without_quoting_them(game):
    state_cls = game.State
    data = _save(game)
    deep = "[" * 100_000 + "]" * 100_000  # the C decoder would raise RecursionError
    cases = {
        "huge": json.dumps({**data, "junk": "x" * MAX_SAVE_CHARS}),
        "deep-text": deep,
        "deep-history": json.dumps({**data, "history": [[0, json.loads("[" * 50 + "]" * 50)]]}),
        "deep-position": json.dumps({**data, "position": {
            "a": json.loads("[" * (MAX_SAVE_DEPTH + 2) + "]" * (MAX_SAVE_DEPTH + 2))}}),
        "not-text": 12345,
        "long-history": json.dumps({**data, "history": [[0, "x"]] * 30_000}),
        "bad-bytes": b"\xff\xfe" * 10,
        "huge-seed": json.dumps({**data, "seed": 10**200}),
        "float-seat": json.dumps({**data, "history": [[float(p), a] for p, a in data["history"]]}),
        "bool-seat": json.dumps({**data, "history": [[True, a] for _, a in data["history"]]}),
        "big-action": json.dumps({**data, "history": data["history"] + [[0, "y" * 100_000]]}),
    }
    for name, text in cases.items():
        with pytest.raises(InvalidSave) as err:
            state_cls.from_json(text)
        assert len(str(err.value)) < 700, name


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_replay_failure_is_an_invalid_save(game):
    """Options of the wrong type or size and junk positions never escape as other errors."""
    data = _save(game)
    junk_values = [None, 1.5, -1, 10**30, "x", [], {}, [[[]]], True]
    for key in list(data["options"]) + ["nonsense"]:
        for junk in junk_values:
            text = json.dumps({**data, "options": {**data["options"], key: junk}})
            try:
                game.State.from_json(text)
            except InvalidSave:
                pass
    for junk in junk_values:
        for field in ("position", "seed", "format", "game"):
            with pytest.raises(InvalidSave):
                game.State.from_json(json.dumps({**data, field: junk}))


def test_a_cha_ching_save_with_a_huge_deck_count_is_refused_before_the_deck_is_built():
    """Issue 16: a 400-byte save with one deck count of 10**9 built several GB of deck."""
    from changekit.games.cha_ching import ChaChing

    data = _save(ChaChing)
    data["options"]["deck"] = [["1", 10**9], *data["options"]["deck"][1:]]
    with pytest.raises(InvalidSave, match="count"):
        ChaChing.State.from_json(json.dumps(data))
    with pytest.raises(ChangekitError):
        ChaChing(deck={"1": 10**9})
