"""The referee of a networked table: the store applies every move to the table's one true
position, in the transaction that appends it, and shows each seat only its view.

boardgame.io's model (docs/STYLE.md 18): a page proposes a move; the referee runs it through the
game's rules (an illegal one is refused with the rule's name, and nothing is written), plays the
bots' turns that follow (once, here, seeded by the table's seed and the move number), and sends
each seat :class:`SeatView`: its view of the position, its legal moves and the log lines it may
read. The seed, other seats' hidden cards and a log that reveals them never leave the store for a
student; the teacher, and anyone once the game is over (the replay), sees everything.

The position is rebuilt from the seed and the log (the engines are deterministic); a small cache per
process keeps the latest position of each table, keyed by the table and its move count, so a move
applies one action to it rather than replaying the game. The cache learns a position only from
committed moves (:meth:`Positions.keep` is called after the commit).

>>> import tempfile
>>> from changekit.classroom import connect
>>> from changekit.classroom.tables import open_table, student_seat, bot_seat
>>> store = connect(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> session = store.open_session("Period 3")
>>> ada = store.join(session.code, "Ada")
>>> table = open_table(store, session.code, session.teacher_key, "diminishing",
...                    [student_seat("Ada"), bot_seat()], seed=7)
>>> seen = store.table_view(session.code, ada.token, table.table_id)
>>> seen.seat, seen.seed, seen.to_act, seen.made  # the bot opened: the referee played it
(0, None, [0], 1)
>>> seen.legal[:2]
[[1], [3]]
>>> store.play_move(session.code, ada.token, table.table_id, seen.made, {"seat": 0, "action": "x"}).made
Traceback (most recent call last):
...
changekit.core.errors.ClassroomError: that is no move of Diminishing Returns (rule move-shape): ...
>>> after = store.play_move(session.code, ada.token, table.table_id, seen.made, {"seat": 0, "action": [1]})
>>> after.made > seen.made, after.to_act  # her move and the bot's reply, in one call
(True, [0])
>>> store.close()
"""
from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bots import play_turns
from ..core.errors import ChangekitError, ClassroomError, IllegalAction, InvalidMove
from ..core.state import State
from ..core.table import NAME_MARK
from ..core.words import numbered
from ..registry import game_spec
from .table_rules import decode_action, encode_action, may_have_moved


@dataclass(frozen=True, slots=True)
class SeatView:
    """A table as one seat may see it (the store's answer to a page: one read per refresh).

    ``seat``: the asker's seat (None: the teacher, or a student watching); ``view``: the game's
    ``view(seat)`` with the log lines that seat may read; ``legal``: the seat's legal moves now
    (JSON, as a move is sent back); ``made``: the moves in the table's log; ``history``: ``[seat, action]`` per
    move of the game, the action None where it is another seat's (until the game is over);
    ``described``: each legal move in words, as ``describe_action(move)`` says it and as
    ``describe_action(move, names, by=seat)`` does with :data:`NAME_MARKS` for the names (a page
    puts its own names in; the words may depend on the position, which the page does not hold);
    ``seed``: only for the teacher, and for everyone once the game is over (to replay it)."""

    table_id: int
    game: str
    seat: int | None
    names: list[str]
    bots: list[int]
    made: int
    view: dict[str, Any]
    legal: list[Any]
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[float]
    closed: bool
    options: dict[str, Any]
    history: list[list[Any]]
    described: list[list[str]]
    seed: int | None = None
    started_by: str | None = None




def seat_names(seats: Sequence[dict[str, str]]) -> list[str]:
    """Every seat's name: the student's, or the bot's ("Greedy bot"; two of a kind numbered)."""
    return numbered([s.get("student") or f"{s['bot'].capitalize()} bot" for s in seats],
                    only=["bot" in s for s in seats])


def new_position(game: str, settings: dict[str, Any]) -> State:
    """The table's opening position (from its seed)."""
    options = {k: decode_action(v) for k, v in settings["options"].items()}
    return game_spec(game).game(players=len(settings["seats"]), **options).new_state(seed=settings["seed"])


def replay(state: State, seats: list[dict[str, str]], rows: Iterable[tuple[Any, str | None]]) -> int:
    """Apply logged moves ``(move JSON, student name or None)`` to ``state`` (in place); returns
    how many. A move that does not apply is void (kept in the log, skipped alike by every replay):
    a log written before the referee, by pages that checked their moves themselves, may hold one
    (an engine refuses a move before changing anything: the conformance suite checks it)."""
    count = 0
    for data, student in rows:
        count += 1
        seat = data.get("seat") if isinstance(data, dict) else None
        if isinstance(seat, bool) or not isinstance(seat, int) or not may_have_moved(seats, student, seat):
            continue
        try:
            state.apply(decode_action(data.get("action")), seat)
        except (ChangekitError, TypeError):
            continue
    return count


def judge(state: State, title: str, seat: int, action: Any) -> None:
    """Apply ``action`` for ``seat`` to ``state`` (the caller's working copy) or refuse it: a
    malformed move ("bad-move") apart from a well-formed one the rules do not allow now
    ("illegal-move"); both name the rule. A refused move is never written (the caller's
    transaction fails), and the engine refuses it before changing the position."""
    moves = state.game.moves
    if moves is not None:  # no move of the game at all, whoever's turn it is
        try:
            moves.typed(decode_action(action))
        except InvalidMove as err:
            raise ClassroomError("bad-move", f"that is no move of {title} (rule {err.rule}): {err}") from None
    if state.is_terminal():
        raise ClassroomError("game-over", "the game at this table is over")
    if seat not in state.current_players():
        raise ClassroomError("not-your-turn", f"it is not seat {seat + 1}'s turn now (another player may just "
                                              f"have moved): seats {[p + 1 for p in state.current_players()]} act")
    try:
        state.apply(decode_action(action), seat)
    except InvalidMove as err:
        raise ClassroomError("bad-move", f"that is no move of {title} (rule {err.rule}): {err}") from None
    except IllegalAction as err:
        raise ClassroomError("illegal-move", f"that move is not allowed now (rule {err.rule}): {err}") from None
    except (ChangekitError, TypeError) as err:
        raise ClassroomError("bad-move", f"that is no move of {title} (rule move-shape): {err}") from None


def bot_moves(state: State, game: str, settings: dict[str, Any], made: int, *, limit: int) -> list[dict[str, Any]]:
    """Play the bots' turns from ``state`` (changed in place) until a student must move or the game
    is over; the moves made, as the log keeps them. Each bot's generator is seeded by the table's
    seed and the move's number, so the same log always gets the same bot moves."""
    seats, bots = settings["seats"], game_spec(game).bots
    moves: list[dict[str, Any]] = []

    def pick(position: State, seat: int) -> Any:
        if "bot" not in seats[seat] or len(moves) >= limit:  # (a full log takes no more: the table stops)
            return None
        bot = bots[seats[seat]["bot"]]()
        rng = random.Random(f"{settings['seed']}:{made + len(moves)}")
        return bot.choose(position.view(seat), position.legal_actions(seat), rng=rng)

    def move(action: Any, seat: int) -> None:
        state.apply(action, seat)
        moves.append({"seat": seat, "action": encode_action(action)})

    play_turns(lambda: state, pick, move=move)
    return moves


def seat_view(state: State, *, table_id: int, game: str, settings: dict[str, Any], made: int, seat: int | None,
              teacher: bool, closed: bool, started_by: str | None) -> SeatView:
    """What ``seat`` (None: a watcher) may see of the table at ``state``."""
    seats = settings["seats"]
    over = state.is_terminal()
    legal = [encode_action(a) for a in state.legal_actions(seat)] if seat is not None and not over else []
    everything = teacher or over
    marks = [NAME_MARK.format(i) for i in range(len(seats))]
    named = state.legal_actions(seat) if legal else []
    described = [[state.describe_action(a), _words(state, a, marks, seat)] for a in named]
    history = [[p, encode_action(a) if everything or p == seat else None] for p, a in state.history]
    # as JSON data, here as through the class service: a page in `changekit serve` reads what a hub's does
    view, legal, history = json.loads(json.dumps([state.view(seat), legal, history]))
    return SeatView(table_id=table_id, game=game, seat=seat, names=seat_names(seats),
                    bots=[i for i, s in enumerate(seats) if "bot" in s], made=made, view=view,
                    legal=legal, to_act=list(state.current_players()), over=over, winners=list(state.winners()),
                    scores=list(state.scores()), closed=closed, options=dict(settings["options"]),
                    history=history, described=described, seed=settings["seed"] if everything else None,
                    started_by=started_by)


def _words(state: State, action: Any, names: list[str], seat: int | None) -> str:
    """``action`` in words for ``seat``'s page (a game that takes no ``by`` says it for anyone)."""
    try:
        return state.describe_action(action, names, by=seat)
    except TypeError:  # a game from outside the kit whose describe_action takes fewer arguments
        pass
    try:
        return state.describe_action(action, names)
    except TypeError:
        return state.describe_action(action)


class Positions:
    """The latest position of each table this process has refereed, by (store, table, settings):
    a table's log only grows, so a position after ``made`` committed moves stays right."""

    def __init__(self, size: int = 256) -> None:
        self._kept: OrderedDict[tuple[Any, ...], tuple[int, State]] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def get(self, key: tuple[Any, ...], made: int) -> tuple[int, State] | None:
        """The kept (moves, position) for ``key`` if it is not ahead of ``made`` moves."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept[0] > made:
                return None
            self._kept.move_to_end(key)
            return kept

    def keep(self, key: tuple[Any, ...], made: int, state: State) -> None:
        """Remember the position after ``made`` committed moves (never an uncommitted one: the
        caller keeps it after its transaction). The kept state is never changed afterwards."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] > made:
                return
            self._kept[key] = (made, state)
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


#: this process's positions (every Store of the process shares it; keys name the store)
POSITIONS = Positions()
