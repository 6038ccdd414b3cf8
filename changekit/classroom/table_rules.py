"""What the class store accepts for a networked table: its settings (format, seed, the game's own
options, its seats) and who may make a move for which seat.

The store calls these before it writes, so a table no page could draw, or a move made for a seat
that is not the mover's, never gets in, whoever calls the store (any user of a hub can call its
Python API). :mod:`changekit.classroom.tables` builds settings and replays moves by the same rules.

>>> check_settings("zombie", {"format": 1, "seed": 7, "options": {},
...                           "seats": [{"student": "Ada"}, {"bot": "careful"}]}, joined=["Ada", "Bo"])
>>> may_move([{"student": "Ada"}, {"bot": "careful"}], "Bo", 1)   # Bo is not at this table
False
"""
from __future__ import annotations

import json
from typing import Any

from ..core.errors import ChangekitError, ClassroomError

#: the version of the settings a table is opened with (changekit.classroom.tables)
SETTINGS_FORMAT = 1
#: seeds are whole numbers every page reads exactly (the store's MAX_NUMBER for any stored number)
MAX_SEED = 10**15


def decode_action(data: Any) -> Any:
    """JSON data back to an engine's value: lists to tuples (engines' actions are immutable)."""
    if isinstance(data, list):
        return tuple(decode_action(v) for v in data)
    return data


def encode_action(action: Any) -> Any:
    """An engine's action as JSON data (tuples become lists); refused if it would not come back
    the same from :func:`decode_action`."""
    data = _plain(action)
    if decode_action(json.loads(json.dumps(data))) != action:
        raise ChangekitError(f"the action {action!r} does not survive JSON")
    return data


def _plain(action: Any) -> Any:
    if isinstance(action, tuple):
        return [_plain(v) for v in action]
    if action is None or isinstance(action, (bool, int, float, str)):
        return action
    raise ChangekitError(f"the action {action!r} is not made of numbers, text and tuples: it cannot go "
                         "through the class store")


def check_settings(game: str, settings: Any, *, joined: list[str], starter: str | None = None) -> None:
    """Refuse (``ClassroomError`` "bad-table") settings that are not ``{"format", "seed",
    "options", "seats"}`` as :func:`changekit.classroom.tables.open_table` writes them, seat a
    student who has not joined (or one twice), name a bot the game lacks, or that the game's own
    option checks refuse; ``starter``: the student opening the table, who must sit at it."""
    from ..registry import game_spec  # the games only when a table opens

    seats = settings.get("seats") if isinstance(settings, dict) else None
    if not isinstance(seats, list):
        raise ClassroomError("bad-table", "a table's settings list its seats: "
                                          "{'seats': [{'student': name} or {'bot': name}, ...], ...}")
    spec = game_spec(game)
    bots = spec.bots
    students: list[str] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or len(seat) != 1 or not ({"student", "bot"} & set(seat)):
            raise ClassroomError("bad-table", f"seat {i + 1} is {{'student': name}} or {{'bot': name}}, not {seat!r}")
        if "student" in seat:
            students.append(seat["student"])
        elif seat["bot"] not in bots:
            raise ClassroomError("bad-table", f"seat {i + 1}: {game} has no bot called {seat['bot']!r}; "
                                              f"it has {sorted(bots)}")
    if starter is not None and students.count(starter) != 1:
        raise ClassroomError("not-seated", f"{starter}, a table you start seats you once: its seats name "
                                           f"{students or 'no student'}")
    strangers = [n for n in students if n not in joined]
    if strangers or len(set(students)) != len(students):
        raise ClassroomError("bad-table", f"seat each student of the session at most once: "
                                          f"{strangers or students} is not that")
    if set(settings) != {"format", "seed", "options", "seats"} or settings["format"] != SETTINGS_FORMAT:
        raise ClassroomError("bad-table", "a table's settings are {'format': 1, 'seed': n, 'options': {...}, "
                                          "'seats': [...]}, as changekit.classroom.tables.open_table makes them")
    seed, options = settings["seed"], settings["options"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ClassroomError("bad-table", f"a table's seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    if not isinstance(options, dict) or "players" in options:
        raise ClassroomError("bad-table", "a table's options are the game's own (by name); the number of players "
                                          "is the number of seats")
    try:  # the game's own checks: the options it takes, the players it seats, a position to start from
        spec.game(players=len(seats), **{k: decode_action(v) for k, v in options.items()}) \
            .new_state(seed=seed)
    except Exception as err:  # noqa: BLE001 - whatever the game refuses, no table is stored
        raise ClassroomError("bad-table", f"{game} cannot start with these settings: {err}") from None


def may_move(seats: list[dict[str, str]], student: str | None, seat: int) -> bool:
    """A student moves for their own seat only; nobody moves a bot's seat (the referee plays the
    bots, in the store) and the teacher's page moves none (it watches)."""
    return student is not None and 0 <= seat < len(seats) and seats[seat].get("student") == student


def may_have_moved(seats: list[dict[str, str]], student: str | None, seat: int) -> bool:
    """Whether a move of the log counts when it is replayed: a student's for their own seat; a
    bot seat's when the referee (``student`` None) wrote it, or, in a log written before the
    referee, a page of a student sitting at the table (that page moved the bots then)."""
    if not 0 <= seat < len(seats):
        return False
    if "bot" in seats[seat]:
        return student is None or any(s.get("student") == student for s in seats)
    return student is not None and seats[seat].get("student") == student


def check_move(settings: Any, student: str | None, table_id: int, move: Any) -> None:
    """Refuse a move that is not ``{"seat": n, "action": ...}`` for a seat ``student`` may move."""
    seats = settings["seats"] if isinstance(settings, dict) and isinstance(settings.get("seats"), list) else []
    seat = move.get("seat") if isinstance(move, dict) and set(move) == {"seat", "action"} else None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
        raise ClassroomError("bad-seat", f"a move at table {table_id} is {{'seat': 0 to {len(seats) - 1}, "
                                         f"'action': ...}}, not {move!r}"[:300])
    if not may_move(seats, student, seat):
        whose = seats[seat].get("student") or f"{seats[seat]['bot']} bot"
        if "bot" in seats[seat]:
            because = "the referee plays the bots' turns itself"
        elif student is None:
            because = "the teacher's page watches and moves for nobody"
        else:
            because = "you move only for your own seat"
        raise ClassroomError("not-your-seat", f"seat {seat + 1} at table {table_id} is {whose}'s: {because}")
