"""Every game's view is what its declaration says (issue 15): the keys of the TypedDict its
``_view`` returns, no more and no fewer, for players and spectators, all through random games;
and the ideas every game shares carry the same names (docs/game-shape.md)."""
from __future__ import annotations

import random
import typing

import pytest

from changekit.registry import game_keys, load_game

ADDED_BY_THE_BASE = {"to_act", "log"}


def declared_view(name: str) -> type:
    state_type = load_game(name).State
    return typing.get_type_hints(state_type._view)["return"]


@pytest.mark.parametrize("name", game_keys())
def test_views_have_exactly_the_declared_keys_all_game_long(name):
    view_type = declared_view(name)
    assert typing.is_typeddict(view_type), f"{name}: _view returns {view_type}, not a TypedDict"
    keys = set(view_type.__annotations__)
    game = load_game(name)()
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_state(seed=seed)
        for _ in range(200):
            for who in (*range(state.players), None):
                assert set(state.view(who)) - ADDED_BY_THE_BASE == keys, (name, seed, who)
            if state.is_terminal():
                break
            player = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize("name", game_keys())
def test_shared_ideas_have_shared_names(name):
    keys = set(declared_view(name).__annotations__)
    assert "you" in keys
    # the old names of shared ideas are gone (scores, deck_size, discards are the words now)
    assert not keys & {"money", "points", "totals", "register_size", "deck_left", "pile", "purses", "game_to"}
    state = load_game(name)().new_state(seed=1)
    view = state.view(0)
    assert view["you"] == 0
    if "scores" in view and view["scores"] is not None:
        assert list(view["scores"]) == list(state.scores()), name
    if "winners" in view:
        assert view["winners"] == list(state.winners()) == [], name
    if "turn" in view and len(state.current_players()) == 1:
        assert view["turn"] == state.current_player, name
