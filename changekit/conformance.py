"""The checks every game must pass, shared by the test suite and ``make bench``.

Modelled on OpenSpiel's random-simulation test: play random games and, along the way,
check the protocol's promises. Each check returns a list of violations (empty: all good),
so the tests can assert on it and the benchmark can count over thousands of games.
"""
from __future__ import annotations

import random
from typing import Any

from changekit.core.errors import IllegalAction, InvalidSave
from changekit.core.rng import GameRng
from changekit.core.state import Action, Game, State

#: Junk and near-miss actions every engine must refuse cleanly (not with a TypeError).
JUNK_ACTIONS: tuple[Any, ...] = (
    None, True, False, -1, 0, 2, 4, 11, 10**9, 2.5, "", "x", "10", (), (0,), (999,), ((1,),), (1, 1, 1, 1, 1, 1, 1, 1),
    frozenset(), b"1",
)


def is_legal(action: Any, legal: list[Action]) -> bool:
    """Membership that does not confuse ``True`` with ``1`` or ``1.0`` with ``1``."""
    return any(type(a) is type(action) and a == action for a in legal)


def check_playout(game: Game, seed: int, *, deep_every: int = 7) -> list[str]:
    """Play one random game from ``seed`` checking every step; deep checks every few steps."""
    problems: list[str] = []
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    start_inventory = state.inventory()
    bound = type(game).max_steps(game.options)
    offset = rng.randrange(deep_every)  # deep checks fall at different moments in each game
    steps = 0
    while not state.is_terminal():
        acting = state.current_players()
        for player in acting:
            legal = state.legal_actions(player)
            if not legal:
                problems.append(f"step {steps}: player {player} must act but has no legal action")
                return problems
        if (steps + offset) % deep_every == 0:
            problems += check_step(state, rng)
        player = rng.choice(acting)
        state.apply(rng.choice(state.legal_actions(player)), player)
        steps += 1
        if state.inventory() != start_inventory:
            problems.append(f"step {steps}: inventory changed to {dict(state.inventory())}")
            return problems
        if steps > bound:
            problems.append(f"no end within the declared bound of {bound} actions")
            return problems
    if state.legal_actions() or state.current_players():
        problems.append("a terminal state still offers actions")
    if not state.winners():
        problems.append("a finished game has no winner")
    problems += check_json(state)
    return problems


def check_step(state: State, rng: random.Random) -> list[str]:
    """Deep checks at one position: every legal action applies, illegal ones are refused
    without a trace, JSON round-trips and continues identically, clones are independent,
    and views hide what they should."""
    problems: list[str] = []
    before = state.to_json()
    acting = state.current_players()
    for player in acting:
        legal = state.legal_actions(player)
        for action in legal:
            trial = state.clone()
            try:
                trial.apply(action, player)
            except Exception as exc:  # noqa: BLE001 - any failure is the finding
                problems.append(f"legal action {action!r} of player {player} failed: {exc!r}")
        for junk in JUNK_ACTIONS:
            if is_legal(junk, legal):
                continue
            problems += _refused(state, junk, player, before)
    outsider = next((p for p in range(state.players) if p not in acting), None)
    if outsider is not None:
        some = state.legal_actions(acting[0])
        problems += _refused(state, some[0], outsider, before)
    problems += check_json(state)
    twin = state.clone()
    player = rng.choice(twin.current_players())
    twin.apply(rng.choice(twin.legal_actions(player)), player)
    if state.to_json() != before:
        problems.append("playing on a clone changed the original")
    problems += check_views(state, rng)
    return problems


def _refused(state: State, action: Any, player: int, before: str) -> list[str]:
    try:
        state.apply(action, player)
    except IllegalAction as exc:
        if not str(exc) or not exc.rule:
            return [f"refusal of {action!r} has no rule or message"]
        if state.to_json() != before:
            return [f"refusing {action!r} for player {player} changed the state"]
        return []
    except Exception as exc:  # noqa: BLE001
        return [f"illegal {action!r} for player {player} raised {exc!r}, not IllegalAction"]
    return [f"illegal {action!r} for player {player} was accepted"]


def check_json(state: State) -> list[str]:
    """Save, load, compare, and play both on identically for a few steps."""
    text = state.to_json()
    try:
        loaded = type(state).from_json(text)
    except InvalidSave as exc:
        return [f"own save does not load: {exc}"]
    if loaded != state:
        return ["a loaded save differs from the original"]
    original = state.clone()
    for _ in range(5):
        if original.is_terminal():
            break
        player = original.current_players()[0]
        action = original.legal_actions(player)[0]
        original.apply(action, player)
        loaded.apply(action, player)
        if original.to_json() != loaded.to_json() or original.log != loaded.log:
            return ["a loaded save plays on differently"]
    return []


def check_views(state: State, rng: random.Random, tries: int = 3) -> list[str]:
    """``view(p)`` must not change when only what p cannot see changes."""
    problems: list[str] = []
    for player in range(state.players):
        seen = state.view(player)
        for _ in range(tries):
            twin = state.determinize(player, GameRng(rng.getrandbits(32)))
            if twin.inventory() != state.inventory():
                problems.append("determinize changed what the game conserves")
            if twin.view(player) != seen:
                problems.append(f"player {player}'s view changed with cards they cannot see")
                return problems
    return problems


def check_seeds(game: Game, seed: int) -> list[str]:
    """Same seed, same game (and log), whatever the global RNGs do meanwhile."""
    logs = []
    for noise in (1, 2):
        random.seed(noise)
        try:
            import numpy

            numpy.random.seed(noise)
        except ImportError:  # the engines run without numpy (Pyodide)
            pass
        state = game.new_state(seed=seed)
        bot_rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(bot_rng.choice(state.legal_actions(player)), player)
        logs.append((state.to_json(), state.log))
    return [] if logs[0] == logs[1] else ["the same seed gave different games"]
