"""Every game of the kit, by name: the one list of game keys. Each game's package exports its
:class:`~changekit.core.spec.GameSpec` as ``SPEC``; a package is imported only when its game is
asked for.

>>> game_keys()[:3]
['zombie', 'boneyard', 'diminishing']
>>> game_spec("zombie").default_bot
'careful'
>>> load_game("zombie").title
'Make Your Own Change Night'
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TypeGuard

from .core.errors import ChangekitError
from .core.spec import GameSpec
from .core.state import Game

#: game key → the package whose ``SPEC`` describes it. A new game is one line here (or a call of
#: :func:`register_game`, for a game that lives outside the kit).
_PACKAGES: dict[str, str] = {
    "zombie": "changekit.games.zombie",
    "boneyard": "changekit.games.boneyard",
    "diminishing": "changekit.games.diminishing",
    "big_cheese": "changekit.games.big_cheese",
    "cha_ching": "changekit.games.cha_ching",
    "moneybags": "changekit.games.moneybags",
    "cambio": "changekit.games.cambio",
    "zhao_pengyou": "changekit.games.zhao_pengyou",
}
_BUILT_IN = frozenset(_PACKAGES)
#: The lesson notebooks ship inside the package (in a clone, a link to the repository's notebooks/);
#: a spec's ``notebook`` names its file here.
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
_SPECS: dict[str, GameSpec] = {}


def game_keys() -> list[str]:
    """The names of the registered games, in the gallery's order."""
    return list(_PACKAGES)


def is_game(name: object) -> TypeGuard[str]:
    """``name`` is a registered game's key."""
    return isinstance(name, str) and name in _PACKAGES


def unknown_game(name: object) -> str:
    """The words of the refusal of a name that is no game's (for ChangekitError and ClassroomError alike)."""
    return f"no game called {name!r}; the kit has {sorted(_PACKAGES)}"


def game_spec(name: str) -> GameSpec:
    """The spec of the game registered under ``name`` (its package imported now)."""
    if not is_game(name):
        raise ChangekitError(unknown_game(name))
    if name not in _SPECS:
        spec = _load_spec(name, _PACKAGES[name])
        _SPECS[name] = spec
    return _SPECS[name]


def game_folder(name: str) -> Path:
    """The folder of the game registered under ``name``: everything about a game lives there (its
    rules, bots, app, lesson questions, the lab's worked examples in ``lab_examples/``)."""
    if not is_game(name):
        raise ChangekitError(unknown_game(name))
    return Path(import_module(_PACKAGES[name]).__file__ or "").resolve().parent


def games_outside_the_kit() -> dict[str, Path]:
    """The packages of the games registered from outside the kit (:func:`register_game`) and their
    folders: the lab's sandbox shows them to a bot as it shows the kit."""
    return {_PACKAGES[key]: game_folder(key) for key in _PACKAGES if key not in _BUILT_IN}


def _load_spec(name: str, package: str) -> GameSpec:
    spec = getattr(import_module(package), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise ChangekitError(f"the package {package!r} of the game {name!r} exports no SPEC (a GameSpec)")
    if spec.key != name:
        raise ChangekitError(f"the package {package!r} describes the game {spec.key!r}, not {name!r}")
    return spec


def spec_of(game: Game | type[Game]) -> GameSpec:
    """The spec of a game (a Game or its class), found by its name."""
    cls = game if isinstance(game, type) else type(game)
    spec = game_spec(cls.name)
    if spec.game is not cls:
        raise ChangekitError(f"{cls.__name__} is not the registered game {cls.name!r} ({spec.game.__name__})")
    return spec


def all_specs() -> list[GameSpec]:
    return [game_spec(name) for name in _PACKAGES]


def load_game(name: str) -> type[Game]:
    """The game class registered under ``name``."""
    return game_spec(name).game


def all_games() -> list[type[Game]]:
    return [spec.game for spec in all_specs()]


def register_game(package: str) -> GameSpec:
    """Add the game whose package (importable, exporting ``SPEC``) is ``package``, under the
    spec's own key; from then on it is a game of the kit like the others. A key already
    registered is refused."""
    spec = getattr(import_module(package), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise ChangekitError(f"the package {package!r} exports no SPEC (a GameSpec)")
    if spec.key in _PACKAGES:
        raise ChangekitError(f"a game called {spec.key!r} is registered already (from {_PACKAGES[spec.key]!r})")
    _PACKAGES[spec.key] = package
    _SPECS[spec.key] = spec
    return spec


def unregister_game(name: str) -> None:
    """Take back a game :func:`register_game` added (the kit's own eight stay)."""
    if name in _BUILT_IN:
        raise ChangekitError(f"{name!r} is one of the kit's own games: it stays registered")
    if not is_game(name):
        raise ChangekitError(unknown_game(name))
    del _PACKAGES[name]
    _SPECS.pop(name, None)
