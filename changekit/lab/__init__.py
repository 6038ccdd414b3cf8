"""The strategy lab: a student writes a bot, tests it against the kit's, and the class plays a
seeded tournament.

A bot is source text defining ``choose(view, legal, rng)`` that returns one of ``legal`` (or a
small class with ``choose`` and an optional ``reset``, called before each game). The view is what
that player may see (``state.view(seat)``), the legal moves are the game's own actions, and
``rng`` is the bot's own ``random.Random``, seeded by the run.

Code a person wrote never runs in this process: each entry runs in a worker process in a
bubblewrap sandbox (:mod:`changekit.lab.sandbox`). Where there is no sandbox, the lab runs no code
that another person wrote (:class:`~changekit.lab.sandbox.NoSandbox`); ``check_bot(...,
own_code=True)`` still tests a student's own bot in their own kernel, in a plain child process.

>>> report = check_bot("zombie", "def choose(view, legal, rng):\\n    return max(legal)\\n",
...                    against=["greedy", "careful"], games=6, seed=1)   # doctest: +SKIP
"""
from __future__ import annotations

from .lab import Report, Standings, check_bot, tournament
from .sandbox import NoSandbox, sandbox_available
from .source import BadSource, check_source

__all__ = ["BadSource", "NoSandbox", "Report", "Standings", "check_bot", "check_source", "sandbox_available",
           "tournament"]
