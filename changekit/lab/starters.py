"""The bots a student starts from, for any game: a commented function that plays a random legal
move, with the game's own view words and a sample of its legal moves written into the comments;
and the game's worked examples (``lab_examples/*.py`` in the game's own folder), each a short
commented bot that teaches one idea of the game."""
from __future__ import annotations

import textwrap
from changekit.core.errors import ChangekitError
from changekit.core.state import Game
from changekit.registry import game_folder, is_game, load_game, unknown_game


def starter_source(game: str) -> str:
    """Source text of a first bot for ``game``: it runs as it is (a random legal move), and its
    comments show what a view holds and what the legal moves look like at the start of a game.

    >>> "def choose(view, legal, rng):" in starter_source("zombie")
    True
    """
    cls = load_game(game)
    state = cls().new_state(seed=1)
    seat = state.current_players()[0]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    sample = ", ".join(repr(a) for a in legal[:4]) + (", ..." if len(legal) > 4 else "")
    words = "\n".join(f"#   view[{key!r}]: {_short(value)}" for key, value in view.items() if key != "log")
    described = "\n".join(f"#   {a!r}: {state.describe_action(a)}" for a in legal[:3])
    moves = _moves_import(cls)
    return moves + textwrap.dedent(f'''\
        # A bot for {cls.title}. The lab calls choose(view, legal, rng) whenever it is your turn:
        #   view  - what your seat may see (a dict), for example at the start of a game:
        {{words}}
        #           view['log'] lists what happened so far that you saw.
        #   legal - the moves you may make now, for example [{{sample}}]; in words:
        {{described}}
        #   rng   - your own random generator (rng.random(), rng.choice(...)), seeded by the lab.
        # Return one of legal. This one picks at random: change it to play better.

        def choose(view, legal, rng):
            return rng.choice(legal)
        ''').format(words=words, sample=sample, described=described)


def _moves_import(cls: type[Game]) -> str:
    """The import of the game's named moves, so a bot can write ``Pay(10)`` or ``isinstance(move,
    Jiggle)`` (empty for a game whose moves have no names)."""
    if cls.moves is None:
        return ""
    by_module: dict[str, list[str]] = {}
    for kind in cls.moves.types:
        by_module.setdefault(kind.__module__, []).append(kind.__name__)
    lines = [f"from {module} import {', '.join(names)}" for module, names in by_module.items()]
    first = cls.moves.types[0].__name__
    return (f"# The game's moves, by name: write a move as the lab lists them below, and tell moves\n"
            f"# apart by type (isinstance(move, {first})).\n" + "\n".join(lines) + "\n\n")


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + " ..."


def examples_for(game: str) -> dict[str, str]:
    """The worked examples for ``game``: title (an example's first comment line) -> source text,
    in the order of their file names.

    >>> "Most expected points now (the kit's greedy idea, in your own words)." in examples_for("zombie")
    True
    """
    if not is_game(game):
        raise ChangekitError(unknown_game(game))
    found: dict[str, str] = {}
    for path in sorted((game_folder(game) / "lab_examples").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        first = source.splitlines()[0] if source else ""
        found[first.lstrip("# ").strip() or path.stem] = source
    return found
