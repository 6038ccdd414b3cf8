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

from ..core.errors import ClassroomError
from ..lab import tournament
from ..lab.lab import Standings, standings_from_json
from ..lab.referee import MAX_ENTRIES
from ..registry import load_game
from ..stats.tournaments import bots_of
from .store import RemoteStore, Store

#: how often a teacher's page asks the class service how far its tournament is (seconds)
PROGRESS_SECONDS = 0.5


def sentence(text: str) -> str:
    """A refusal as a teacher reads it on a page: a capital first letter and a full stop (the store
    and the lab word their refusals as clauses, 'that is not the teacher key of session ...')."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def kit_bots(game: str) -> list[str]:
    """The kit's bots for ``game``, by name."""
    return sorted(bots_of(load_game(game)()))


def planned_kit(game: str, students: int, chosen: Sequence[str], *, fill: bool = True) -> list[str]:
    """The kit bots a class tournament enters: the ones the teacher ticked, then (``fill``) more of
    the kit's, in name order, until the entries fill one table of the game. Refused, in a sentence
    the teacher can act on, when the places cannot be filled or there are too many entries."""
    cls = load_game(game)
    seats = cls().options.players
    kit = kit_bots(game)
    planned = [k for k in chosen if k in kit]
    if fill:
        planned += [k for k in kit if k not in planned][:max(0, seats - students - len(planned))]
    entries = students + len(planned)
    submitted = (f"{_plural(students, 'student', 'students')} submitted "
                 f"{'a bot' if students == 1 else 'bots'}" if students else "no student has submitted a bot yet")
    if entries < seats:
        if not fill:
            ticked = f" and {_plural(len(planned), 'kit bot is', 'kit bots are')} ticked" if planned else ""
            more = "more kit bots" if planned else "kit bots"
            reason = (f"{submitted}{ticked}; tick {more} (or the box “Fill empty places with the kit's bots”) "
                      "to fill the other places")
        else:
            reason = (f"{submitted}, and with the kit's {_plural(len(kit), 'bot', 'bots')} that makes "
                      f"{_plural(entries, 'entry', 'entries')}; ask "
                      f"{_plural(seats - entries, 'more student', 'more students')} to submit a bot")
        raise ClassroomError("too-few-players", f"A {cls.title} tournament needs at least {seats} players: {reason}.")
    if entries > MAX_ENTRIES:
        raise ClassroomError("too-many-players", f"A tournament takes at most {MAX_ENTRIES} players: {submitted} "
                                                 f"and {_plural(len(planned), 'kit bot is', 'kit bots are')} "
                                                 "ticked; untick kit bots.")
    return planned


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
