"""The registry and the games' specs (changekit/registry.py, changekit/core/spec.py): every game
declares itself once, in its package's ``SPEC``; the list of game keys is written in one place;
nothing finds a game's parts by guessing module names."""
from __future__ import annotations

import ast
import gc
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from changekit.core import ChangekitError, RandomBot
from changekit.core.spec import GameSpec, Ref
from changekit.registry import (
    all_games, all_specs, game_keys, game_spec, is_game, load_game, register_game, spec_of, unregister_game,
)

ROOT = Path(__file__).resolve().parents[2]
KIT = ["zombie", "boneyard", "diminishing", "big_cheese", "cha_ching", "moneybags", "cambio", "zhao_pengyou"]


def test_the_registry_lists_the_eight_games_in_the_gallerys_order():
    assert game_keys() == KIT
    assert [spec.key for spec in all_specs()] == KIT == [g.name for g in all_games()]
    assert all(load_game(key) is game_spec(key).game for key in KIT)


@pytest.mark.parametrize("key", KIT)
def test_each_game_package_exports_its_spec(key):
    package = import_module(f"changekit.games.{key}")
    spec = package.SPEC
    assert isinstance(spec, GameSpec) and spec is game_spec(key) and "SPEC" in package.__all__
    assert spec.game is package.GAME and spec.key == key and spec_of(spec.game) is spec
    assert spec.bots == import_module(f"changekit.games.{key}.bots").BOTS
    assert spec.default_bot in spec.bots
    assert (ROOT / "notebooks" / spec.notebook).is_file()
    app = spec.app_class()
    assert app.game is spec.game and app.default_bot == spec.default_bot and app.bots == dict(spec.bots)
    assert spec.explorers and all(callable(ref.load()) for ref in spec.explorers)
    spec.game(**spec.short_options).new_state(seed=1)  # the short options make a game


def test_short_options_and_notebooks_are_the_games_own():
    assert {s.key: dict(s.short_options) for s in all_specs() if s.short_options} == {"zhao_pengyou": {"deals": 1}}
    assert game_spec("diminishing").notebook == "diminishing_returns.ipynb"
    assert game_spec("boneyard").explorer("ClassExplorer").__name__ == "ClassExplorer"
    with pytest.raises(ChangekitError, match="no explorer called 'nope'"):
        game_spec("boneyard").explorer("nope")


def test_a_spec_is_read_only():
    spec = game_spec("zombie")
    with pytest.raises(AttributeError):
        spec.default_bot = "random"  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.bots["sneaky"] = RandomBot  # type: ignore[index]
    assert "sneaky" not in game_spec("zombie").bots


def test_bad_specs_and_names_are_refused_with_the_reason():
    zombie = game_spec("zombie")
    with pytest.raises(ChangekitError, match="default bot 'nobody' is not one of its bots"):
        GameSpec(game=zombie.game, bots=zombie.bots, default_bot="nobody", app=zombie.app)
    with pytest.raises(ChangekitError, match="a Game class"):
        GameSpec(game=object, bots=zombie.bots, default_bot="careful", app=zombie.app)  # type: ignore[arg-type]
    with pytest.raises(ChangekitError, match="Ref"):
        GameSpec(game=zombie.game, bots=zombie.bots, default_bot="careful", app="app.ZombieApp")  # type: ignore
    with pytest.raises(ChangekitError, match="rounds"):
        GameSpec(game=zombie.game, bots=zombie.bots, default_bot="careful", app=zombie.app,
                 short_options={"rounds": 1})
    with pytest.raises(ChangekitError, match="cannot load 'Nope'"):
        Ref("changekit.games.zombie.app", "Nope").load()
    for bad in ("chess", "", None, 3):
        assert not is_game(bad)
        with pytest.raises(ChangekitError, match="no game called"):
            game_spec(bad)  # type: ignore[arg-type]
    with pytest.raises(ChangekitError, match="registered already"):
        register_game("changekit.games.zombie")
    with pytest.raises(ChangekitError, match="exports no SPEC"):
        register_game("changekit.core")
    with pytest.raises(ChangekitError, match="one of the kit's own games"):
        unregister_game("zombie")
    assert game_keys() == KIT


def test_open_table_learns_the_default_bot_without_widgets_or_the_app():
    """A table opens (its empty seats get the default bot) in a process that never imports
    ipywidgets, plotly or any game's app."""
    script = """
import sys, tempfile
from changekit.classroom import connect
from changekit.classroom.tables import TableClient, bot_seat, open_table, student_seat
from changekit.registry import game_spec
store = connect(f"sqlite:///{tempfile.mkdtemp()}/class.db")
session = store.open_session("Period 3")
ada = store.join(session.code, "Ada")
for game in ("zombie", "boneyard", "zhao_pengyou"):
    spec = game_spec(game)
    seats = [student_seat("Ada")] + [bot_seat() for _ in range(spec.game.min_players - 1)]
    table = open_table(store, session.code, session.teacher_key, game, seats, options=dict(spec.short_options))
    client = TableClient(store, session.code, ada.token, table.table_id)
    print(game, table.settings["seats"][1]["bot"], len(client.state.legal_actions(0)) >= 0)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "plotly") or m.endswith(".app")))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines() == ["zombie careful True", "boneyard equilibrium True",
                                       "zhao_pengyou heuristic True", "[]"], out.stderr


# ---- one list of games, written once ---------------------------------------------------------------
def _python_files() -> list[Path]:
    files = [p for d in ("changekit", "tests", "benchmarks", "tools") for p in (ROOT / d).rglob("*.py")]
    return [p for p in files if ".venv" not in p.parts]


def by_hand_game_lists(path: Path) -> list[int]:
    """Lines of ``path`` holding a list, tuple or set literal naming three or more games: a list of
    games written by hand (per-game data, a dict from a game to what a test expects of it, is not)."""
    keys = set(game_keys())
    found = []
    # An AST holds no reference cycles (freed by reference counting): the cyclic collector would
    # only rescan the test session's live objects again and again while a tree is built (the
    # scan of every file took twice as long with it on).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
                named = {e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in keys}
                if len(named) >= 3:
                    found.append(node.lineno)
    finally:
        if collecting:
            gc.enable()
    return found


def test_the_finder_of_game_lists_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('GAMES = ["zombie", "boneyard", "cambio"]\nOK = {"zombie": 1, "boneyard": 2, "cambio": 3}\n'
                      'PAIR = ("zombie", "boneyard")\n')
    assert by_hand_game_lists(sample) == [1]


def test_the_game_keys_are_written_in_exactly_one_place():
    """Only the registry lists the games. Left: this test's own KIT (the expectation it checks) and
    the games whose analysis draws a bot tournament (a subset, which no spec field says)."""
    found = {str(p.relative_to(ROOT)) for p in _python_files() if by_hand_game_lists(p)}
    assert found == {"tests/unit/test_registry.py", "tests/unit/test_tournament_figure.py"}
    registry = (ROOT / "changekit" / "registry.py").read_text()
    assert all(f'"{key}": "changekit.games.{key}",' in registry for key in KIT)


def test_nothing_in_the_package_finds_a_game_by_its_module_names():
    """No ``import_module(f"changekit.games.{game}...")`` (bots, app or rules by naming convention)
    in the package: the parts come from the spec. The strategy lab's sandbox worker is the one
    reader of the games' folders: it makes their packages importable without their ``__init__``
    (which the sandbox's Python could not run), and imports no game by name."""
    offenders = []
    for path in (ROOT / "changekit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if 'f"changekit.games.{' in text and path.relative_to(ROOT).as_posix() != "changekit/lab/worker.py":
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_a_spec_names_its_lessons_questions_and_loads_them_without_widgets():
    zombie = game_spec("zombie")
    assert zombie.questions == Ref("changekit.games.zombie.questions", "QUESTIONS")
    with pytest.raises(ChangekitError, match="names its questions with Ref"):
        GameSpec(game=zombie.game, bots=zombie.bots, default_bot="careful", app=zombie.app,
                 questions="changekit.games.zombie.questions")  # type: ignore[arg-type]
    bare = GameSpec(game=zombie.game, bots=zombie.bots, default_bot="careful", app=zombie.app)
    assert bare.lesson_questions() == []
    with pytest.raises(ChangekitError, match="not a mapping of LessonQuestions"):
        GameSpec(game=zombie.game, bots=zombie.bots, default_bot="careful", app=zombie.app,
                 questions=Ref("changekit.games.zombie.spec", "SPEC")).lesson_questions()
    script = """
import sys
from changekit.registry import all_specs
print(sum(len(spec.lesson_questions()) for spec in all_specs()))
print(sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "IPython") or m.endswith(".app")))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines() == [str(questions_the_notebooks_draw()), "[]"], out.stderr


def questions_the_notebooks_draw() -> int:
    """How many questions the lesson notebooks draw, read from the notebooks themselves: the count the
    specs' questions must reach (a question added to a lesson changes both, so no number to keep)."""
    from tests.notebooks.page_questions import shown_questions

    return sum(len(shown_questions(ROOT / "notebooks" / spec.notebook)) for spec in all_specs() if spec.notebook)
