"""Every game of the kit, by name. Modules are imported only when a game is asked for."""
from __future__ import annotations

from importlib import import_module

from .core.errors import ChangekitError
from .core.state import Game

#: name → module holding its rules; the rules module defines ``GAME``.
GAME_MODULES: dict[str, str] = {
    "zombie": "changekit.games.zombie.rules",
    "boneyard": "changekit.games.boneyard.rules",
    "diminishing": "changekit.games.diminishing.rules",
    "big_cheese": "changekit.games.big_cheese.rules",
    "cha_ching": "changekit.games.cha_ching.rules",
    "moneybags": "changekit.games.moneybags.rules",
    "cambio": "changekit.games.cambio.rules",
    "zhao_pengyou": "changekit.games.zhao_pengyou.rules",
}


def load_game(name: str) -> type[Game]:
    """The game class registered under ``name``.

    >>> load_game("zombie").title
    'Make Your Own Change Night'
    """
    try:
        module = GAME_MODULES[name]
    except KeyError:
        raise ChangekitError(f"no game called {name!r}; the kit has {sorted(GAME_MODULES)}") from None
    return import_module(module).GAME


def all_games() -> list[type[Game]]:
    return [load_game(name) for name in GAME_MODULES]
