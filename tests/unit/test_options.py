"""Options check themselves from their declared field types (issue 15), in every game."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated, Literal

import pytest

from changekit.core import Between, ChangekitError, GameRng, InvalidArgument, Options, choices
from changekit.registry import game_keys, load_game


@dataclass(frozen=True, slots=True, kw_only=True)
class Sample(Options):
    mode: Literal["high", "low"] = "high"
    copies: Literal[2, 3] = 3
    loud: bool = False
    rounds: Annotated[int, Between(1, 20)] = 3
    noise: Annotated[float, Between(0, 2)] = 0.5
    limit: Annotated[int, Between(1, 9)] | None = None
    anything: tuple[int, ...] = (1,)


@pytest.mark.parametrize("field, value, words", [
    ("mode", "middle", "mode is one of 'high' or 'low', not 'middle'"),
    ("mode", None, "mode is one of 'high' or 'low', not None"),
    ("copies", 4, "copies is one of 2 or 3, not 4"),
    ("copies", 3.0, "copies is one of 2 or 3, not 3.0"),
    ("copies", True, "copies is one of 2 or 3, not True"),
    ("loud", 1, "loud is True or False, not 1"),
    ("rounds", 0, "rounds is a whole number from 1 to 20, not 0"),
    ("rounds", 21, "rounds is a whole number from 1 to 20, not 21"),
    ("rounds", True, "rounds is a whole number from 1 to 20, not True"),
    ("rounds", 3.0, "rounds is a whole number from 1 to 20, not 3.0"),
    ("noise", 2.5, "noise is a number from 0 to 2, not 2.5"),
    ("noise", "1", "noise is a number from 0 to 2, not '1'"),
    ("limit", 10, "limit is a whole number from 1 to 9, not 10 (or None)"),
    ("players", "4", "players is a whole number, not '4'"),
])
def test_a_declared_field_refuses_what_it_does_not_declare(field, value, words):
    with pytest.raises(InvalidArgument) as caught:
        Sample(**{field: value})
    assert str(caught.value) == words


def test_declared_fields_accept_their_values_and_both_ends_of_a_range():
    for options in (Sample(mode="low", copies=2, loud=True, rounds=1, noise=0, limit=None),
                    Sample(rounds=20, noise=2, limit=9), Sample(noise=1, anything=("not checked",))):
        assert isinstance(options, Sample)


def test_choices_lists_a_literal():
    assert choices(Literal["a", "b", "c"]) == ("a", "b", "c")


@pytest.mark.parametrize("name", game_keys())
def test_every_game_refuses_a_bad_value_of_each_option_naming_it(name):
    game = load_game(name)
    for f in fields(game.Options):
        if f.name == "players":
            continue
        with pytest.raises(ChangekitError) as caught:
            game(**{f.name: object()})
        assert f.name in str(caught.value), (name, f.name, str(caught.value))


@pytest.mark.parametrize("name", game_keys())
def test_every_game_has_a_step_bound_from_its_options(name):
    game = load_game(name)()
    bound = type(game).max_steps(game.options)
    assert type(bound) is int and bound == game.options.max_steps() > 0


def test_a_copied_generator_continues_the_same_sequence_independently():
    rng = GameRng(11)
    rng.random()
    twin = rng.copy()
    ahead = [rng.random() for _ in range(5)]
    assert [twin.random() for _ in range(5)] == ahead
    assert twin.gauss(0, 1) == rng.gauss(0, 1)


@pytest.mark.parametrize("name", game_keys())
def test_nobody_but_the_players_acting_has_actions(name):
    state = load_game(name)().new_state(seed=3)
    acting = state.current_players()
    for seat in range(state.players):
        assert (state.legal_actions(seat) != []) == (seat in acting), (name, seat)
    assert state.legal_actions() == state.legal_actions(acting[0])


@pytest.mark.parametrize("name", game_keys())
def test_changing_a_views_log_line_changes_no_game(name):
    """Engines may reuse one log line in many games; a view hands out its own copy of each."""
    game = load_game(name)()
    first, second = game.new_state(seed=1), game.new_state(seed=1)
    for state in (first, second):
        player = state.current_players()[0]
        state.apply(state.legal_actions(player)[0], player)
    before = second.view(None)["log"]
    seats = [None, *first.current_players()]
    for seat in seats:
        for _, data in first.view(seat)["log"]:
            data["changed"] = True
    assert second.view(None)["log"] == before
    assert all("changed" not in data for _, data in first.view(None)["log"])
