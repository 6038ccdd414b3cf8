"""One suite for every registered game (OpenSpiel's random-simulation test, our way)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from changekit import all_games
from changekit.conformance import check_json, check_playout, check_seeds, check_views, is_legal
from changekit.core import ChangekitError, IllegalAction, InvalidSave
from changekit.registry import spec_of

GAMES = all_games()

def option_sets(game) -> list[dict]:
    """The game's short options (its spec's: where the defaults are too long for deep checks at
    every few steps, as a whole Zhao Pengyou match of ~1,750 actions), and each of its spec's
    rule variants played with them (Zhao Pengyou: single deals, with throws off and on)."""
    spec = spec_of(game)
    short = dict(spec.short_options)
    return [short] + [{**short, **variant} for variant in spec.rule_variants]


def player_counts(game):
    mid = (game.min_players + game.max_players) // 2
    return sorted({game.min_players, mid, game.max_players})


def _name(game, options):
    return "-".join([game.name, *(f"{k}={v}" for k, v in options.items())])


VARIANTS = [pytest.param(g, o, id=_name(g, o)) for g in GAMES for o in option_sets(g)]
CASES = [pytest.param(g, n, o, id=f"{_name(g, o)}-{n}p")
         for g in GAMES for o in option_sets(g) for n in player_counts(g)]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playouts_keep_every_promise(game, players, options, seed):
    assert check_playout(game(players=players, **options), seed * 7919 + players) == []


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_same_seed_same_game_whatever_the_global_rngs_do(game, players, options):
    assert check_seeds(game(players=players, **options), seed=11) == []


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_seeds_decide_the_game_as_its_type_says(game, players, options):
    """A game with chance (its GameType) differs between seeds; one without is the same game,
    whatever the seed, all the way through the same moves."""
    def played(seed: int) -> str:
        state, rng = game(players=players, **options).new_state(seed=seed), random.Random(1)
        for _ in range(20):
            if state.is_terminal():
                break
            player = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
        return json.dumps([state.snapshot() | {"seed": None}, [e.data for e in state.log]], sort_keys=True,
                          default=str)

    if game.game_type.chance:
        # a game whose only chance is who starts can agree on two seeds: look for a difference in ten
        snapshots = {json.dumps(game(players=players, **options).new_state(seed=s).snapshot(), sort_keys=True)
                     for s in range(10)}
        assert len(snapshots) > 1
    else:
        assert len({played(seed) for seed in (0, 1, 2**40)}) == 1


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_moves_at_once_only_where_the_type_says(game, players, options):
    """A sequential game never has two players acting at once; a simultaneous one does, in play."""
    most = 0
    for seed in range(3):
        state, rng = game(players=players, **options).new_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            most = max(most, len(state.current_players()))
            player = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
    assert (most > 1) == game.game_type.simultaneous, f"at most {most} acting at once"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_player_counts_outside_the_range_are_refused(game):
    for bad in (game.min_players - 1, game.max_players + 1, "4", True):
        with pytest.raises(ChangekitError, match="players"):
            game(players=bad)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_metadata_is_complete(game):
    for attribute in ("name", "title", "teaser", "teaches"):
        assert isinstance(getattr(game, attribute), str) and getattr(game, attribute)
    assert game.State.game is game
    assert 1 <= game.min_players <= game.max_players


def _midgame(game, seed, steps, options=None):
    state = game(**(options or {})).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = rng.choice(state.current_players())
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=6).map(tuple) | st.lists(inner, max_size=3),
    max_leaves=10,
)


@pytest.mark.parametrize(("game", "options"), VARIANTS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=junk, seed=st.integers(0, 2**16), steps=st.integers(0, 60))
def test_any_illegal_input_is_refused_and_changes_nothing(game, options, action, seed, steps):
    state = _midgame(game, seed, steps, options)
    if state.is_terminal():
        with pytest.raises(IllegalAction):
            state.apply(action)
        return
    player = state.current_players()[0]
    if is_legal(action, state.legal_actions(player), state.game.moves):
        return
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action, player)
    assert refused.value.rule and str(refused.value)
    assert state.to_json() == before


@pytest.mark.parametrize(("game", "options"), VARIANTS)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 40), data=st.data())
def test_a_tampered_save_is_refused_or_loads_whole(game, options, seed, steps, data):
    state = _midgame(game, seed, steps, options)
    saved = json.loads(state.to_json())
    mutation = data.draw(st.sampled_from(["drop", "position", "history", "text", "type", "options"]))
    if mutation == "drop":
        del saved[data.draw(st.sampled_from(sorted(saved)))]
    elif mutation == "position":
        key = data.draw(st.sampled_from(sorted(saved["position"])))
        saved["position"][key] = data.draw(junk)
    elif mutation == "history" and saved["history"]:
        i = data.draw(st.integers(0, len(saved["history"]) - 1))
        saved["history"][i] = data.draw(st.sampled_from([[0, data.draw(junk)], [99, saved["history"][i][1]], "x"]))
    elif mutation == "type":
        saved = data.draw(st.sampled_from([[], "save", 3, None]))
    elif mutation == "options":
        saved["options"] = data.draw(st.sampled_from([{"players": 99}, {"colour": 1}, [], {"players": "4"}]))
    text = json.dumps(saved)
    if mutation == "text":
        cut = data.draw(st.integers(0, len(text) - 1))
        text = text[:cut]
    try:
        loaded = game.State.from_json(text)
    except InvalidSave as exc:
        assert str(exc)
        return
    # It loaded: then it must be a whole, consistent game equal to its own replay.
    assert check_json(loaded) == []
    assert loaded.snapshot() == type(loaded).replay(loaded.options, loaded.seed, loaded.history).snapshot()


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_views_hide_what_a_player_cannot_see_and_show_the_rest(game, options):
    state = _midgame(game, seed=5, steps=3, options=options)
    rng = random.Random(0)
    assert check_views(state, rng) == []
    # not vacuous: re-dealing the hidden part does change the full position
    from changekit.core import GameRng

    twins = [state.determinize(0, GameRng(s)) for s in range(5)]
    if game.game_type.perfect_information:  # nothing hidden: a determinization is a copy
        assert all(t.snapshot() == state.snapshot() for t in twins)
    elif game.game_type.hidden_lasts:  # something stays hidden: dealing it again shows
        assert any(t.snapshot() != state.snapshot() for t in twins)
    else:  # only moves made at once are hidden, while the others have still to move
        assert game.game_type.simultaneous
        pending = _while_someone_waits(game, options)
        assert any(pending.determinize(p, GameRng(s)).snapshot() != pending.snapshot()
                   for p in range(pending.options.players) for s in range(5))


def _while_someone_waits(game, options):
    """A position of a simultaneous step just after one player moved and before the others have."""
    rng = random.Random(2)
    state = game(**options).new_state(seed=2)
    for _ in range(500):
        acting = state.current_players()
        assert acting, "the game ended without a step where several players act at once"
        player = acting[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
        if len(acting) > 1 and state.current_players():
            return state
    raise AssertionError("no step where several players act at once in 500 moves")


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_undo_returns_to_the_earlier_position(game, options):
    state = _midgame(game, seed=3, steps=10, options=options)
    if state.is_terminal():  # a game shorter than that: the position before its last move
        state = type(state).replay(state.options, state.seed, state.history[:-1])
    earlier = state.to_json()
    log_length = len(state.log)
    player = state.current_players()[0]
    state.apply(state.legal_actions(player)[-1], player)
    state.undo()
    assert state.to_json() == earlier and len(state.log) == log_length
