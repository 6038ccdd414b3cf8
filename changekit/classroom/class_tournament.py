"""The strategy lab's class tournament, wherever the class store is: the bots students submitted
for a game, with the kit bots the teacher adds, played by :func:`changekit.lab.tournament` (each
student's moves only in the lab's sandbox).

On one machine the teacher's kernel runs it. On a hub the class service does
(:mod:`changekit.hub.service`): a student's server there is itself a sandbox, and sandboxes do not
nest, so the teacher's server could not run classmates' code at all; the service, outside every
student's sandbox, runs it in the lab's and sends back the standings with every game.
No widgets here: the service imports it.
"""
from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from ..lab import tournament
from ..lab.lab import Standings, standings_from_json
from .store import RemoteStore, Store

#: how often a teacher's page asks the class service how far its tournament is (seconds)
PROGRESS_SECONDS = 0.5


def class_entries(store: Store, code: str, teacher_key: str, game: str, kit: Sequence[str]) -> list[Any]:
    """The tournament's entries: each submitted bot as (student, source), then the kit bots by name."""
    return [(b.student, b.source) for b in store.bots(code, teacher_key, game)] + list(kit)


def run_class_tournament(store: Store, code: str, teacher_key: str, game: str, kit: Sequence[str], *,
                         games: int, seed: int, progress: Callable[[float], None] | None = None) -> Standings:
    """Play the class tournament (blocking) and return its standings: here, or by the class service
    when the store is a hub's (``progress`` hears the fraction played either way)."""
    if not isinstance(store, RemoteStore):
        return tournament(game, class_entries(store, code, teacher_key, game, kit), games=games, seed=seed,
                          progress=progress)
    job = store.call("start_tournament", code=code, teacher_key=teacher_key, game=game, kit=list(kit),
                     games=games, seed=seed)
    while True:
        state = store.call("tournament_progress", code=code, teacher_key=teacher_key, job=job)
        if progress is not None:
            progress(state["fraction"])
        if state["done"]:
            return standings_from_json(state["standings"])
        time.sleep(PROGRESS_SECONDS)
