"""Every move a game's app makes goes through its one move path (``GameApp.act``, which a
networked table replaces): no app calls ``state.apply`` or an engine method that moves the game
(issue 24: Zhao Pengyou's "Play selected cards" once moved its own copy, and a networked table
lost the moves). tests/classroom/test_app_buttons.py checks the same thing while pressing every
app's buttons."""
from __future__ import annotations

import ast
import inspect
from importlib import import_module
from pathlib import Path

import pytest

from changekit.core.state import State
from changekit.registry import game_keys, game_spec, load_game

#: what moves a game in the base: play, take back, deal
BASE_MOVERS = {"apply", "_apply", "undo", "_setup"}


def movers(state_class: type[State]) -> set[str]:
    """The state's methods that move the game: the base's, and any of the game's own that call one."""
    found = set(BASE_MOVERS)
    for klass in state_class.__mro__:
        if klass in (State, object):
            continue
        for name, method in vars(klass).items():
            if not callable(method):
                continue
            try:
                tree = ast.parse(inspect.getsource(method).strip().replace("\n    ", "\n"))
            except (OSError, TypeError, SyntaxError):
                continue
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
                        and node.func.attr in BASE_MOVERS):
                    found.add(name)
    return found


def calls_in(path: Path) -> list[tuple[int, str]]:
    """(line, method name) of every ``something.name(...)`` call in a file."""
    tree = ast.parse(path.read_text())
    return [(node.lineno, node.func.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]


def test_the_mover_finder_finds_an_engine_helper_that_plays():
    """The check below can fail: Zhao Pengyou's play_cards plays several actions itself."""
    state_class = type(load_game("zhao_pengyou")(players=4).new_state(seed=1))
    assert "play_cards" in movers(state_class)
    assert "actions_for_play" not in movers(state_class)  # it only works out the actions


@pytest.mark.parametrize("game", game_keys())
def test_no_app_moves_the_game_itself(game):
    state_class = type(load_game(game)(players=load_game(game).min_players).new_state(seed=1))
    forbidden = movers(state_class)
    app_module = import_module(game_spec(game).app.module)  # where the spec says its app is
    app_file = Path(app_module.__file__ or "")
    assert app_file.exists()
    bad = [(line, name) for line, name in calls_in(app_file) if name in forbidden]
    assert bad == [], f"{app_file.name} of {game} moves the game itself (lines, methods): {bad}; use self.act"
