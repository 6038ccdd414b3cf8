"""The class store's game tables, refereed here: a table's settings and its log of moves; each
move is applied to the table's position in the transaction that appends it (refused, changing
nothing, if it is not the mover's seat, not a move of the game, or not legal now), the bots' turns
are played here, once, and each asker reads the table as their seat may see it (no seed, no other
seat's hidden cards, no log that reveals them) until the game is over."""
from __future__ import annotations

import json
from typing import Any

from ..core.errors import ClassroomError
from ..core.state import State
from ..registry import game_spec
from . import referee
from . import store_limits as limits
from .backends import Transaction
from .referee import SeatView
from .store_api import remote
from .store_base import (SessionRow, StoreBase, _check_game, _decode, _encode, _is_projector_key, _is_row_id,
                         _matches, _projector_refused, clock)
from .store_records import GameTable, TableMove
from .table_rules import check_move, check_settings

#: a move number: a whole number PostgreSQL's INTEGER column holds
MAX_MOVE_NUMBER = 2**31 - 1


class TableStore(StoreBase):
    """Networked tables and their moves."""

    @remote("teacher")
    def open_table(self, code: str, teacher_key: str, game: str, settings: Any = None) -> GameTable:
        """A new table of ``game`` (a name of the kit's registry) with its JSON ``settings``, as
        :func:`changekit.classroom.tables.open_table` makes them and
        :func:`~changekit.classroom.table_rules.check_settings` checks them (the game's own checks)."""
        game = _check_game(game)
        encoded = _encode(settings, "table settings")
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            check_settings(game, settings, joined=self._names(tx, session))
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE session_id = ?", session.id, limits.MAX_TABLES,
                             "too-many-tables",
                             f"class session {session.code} has its {limits.MAX_TABLES} tables already")
            opened_at = clock()
            (table_id,) = tx.row("INSERT INTO tables (session_id, game, settings, opened_at) VALUES (?, ?, ?, ?) "
                                 "RETURNING id", (session.id, game, encoded, opened_at))
            self._play_bots(tx, table_id, game, settings, _identity(opened_at, encoded))
        return GameTable(table_id, game, json.loads(encoded))

    @remote("student")
    def start_table(self, code: str, token: str, game: str, settings: Any) -> GameTable:
        """A joined student opens a table themselves ("the students seat themselves"). The
        ``settings``' ``seats`` (a list of ``{"student": name}`` and ``{"bot": name}``) must seat
        that student once and name only students of the session; a student has at most
        limits.MAX_STARTED_TABLES open tables they started (they or the teacher close one to start another)."""
        game = _check_game(game)
        encoded = _encode(settings, "table settings")
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, name = self._student(tx, session, token)
            check_settings(game, settings, joined=self._names(tx, session), starter=name)
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE session_id = ?", session.id, limits.MAX_TABLES,
                             "too-many-tables",
                             f"class session {session.code} has its {limits.MAX_TABLES} tables already")
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE started_by = ?", student_id,
                             limits.MAX_TABLES_STARTED, "too-many-tables",
                             f"{name}, you have started {limits.MAX_TABLES_STARTED} tables in this session, the most "
                             "one student may")
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE started_by = ? AND closed_at IS NULL", student_id,
                             limits.MAX_STARTED_TABLES, "too-many-tables",
                             f"{name}, you already started a table that is still open: "
                             "close it (or ask your teacher to) before starting another")
            (table_id,) = tx.row("INSERT INTO tables (session_id, game, settings, opened_at, started_by) "
                                 "VALUES (?, ?, ?, ?, ?) RETURNING id",
                                 (session.id, game, encoded, opened_at := clock(), student_id))
            self._play_bots(tx, table_id, game, settings, _identity(opened_at, encoded))
        return GameTable(table_id, game, _without_seed(json.loads(encoded)), False, name)

    @remote("member")
    def tables(self, code: str, secret: str) -> list[GameTable]:
        """The session's tables, oldest first (for its teacher or any of its students). A
        student's copy of the settings has no seed (with the log it would deal every hidden hand
        again): the teacher's has it, and :meth:`table_view` gives it to anyone once the game is over."""
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, _ = self._player(tx, session, secret)
            rows = tx.execute("SELECT t.id, t.game, t.settings, t.closed_at, s.name FROM tables t "
                              "LEFT JOIN students s ON s.id = t.started_by WHERE t.session_id = ? ORDER BY t.id",
                              (session.id,))
        return [GameTable(tid, game, _decode(settings) if student_id is None else _without_seed(_decode(settings)),
                          closed_at is not None, starter)
                for tid, game, settings, closed_at, starter in rows]

    @remote("member")
    def append_move(self, code: str, secret: str, table_id: int, move_number: int, action: Any) -> TableMove:
        """Make the move ``action`` (``{"seat": n, "action": ...}``) as move ``move_number`` of the
        table's log, and the bots' moves that follow it: :meth:`play_move`, answering the move as
        logged rather than the seat's view."""
        number, data, student, at, _ = self._play(code, secret, table_id, move_number, action)
        return TableMove(number, data, student, at)

    @remote("member")
    def play_move(self, code: str, secret: str, table_id: int, move_number: int, action: Any) -> SeatView:
        """The store referees the move ``action`` (``{"seat": n, "action": ...}``): applied to the
        table's position in the transaction that appends it as move ``move_number``, which must
        be the next one (so of two students acting at once only one succeeds: the other is
        refused "move-taken", and reads the table again), then the bots' turns it hands over are
        played, here, once. Refused, with nothing written: a seat that is not the mover's own
        ("not-your-seat": a student moves only for their seat; nobody for a bot), a move that is
        no move of the game ("bad-move") or one the position does not allow ("illegal-move"),
        both naming the game's rule. Returns the mover's :class:`SeatView` after it all."""
        return self._play(code, secret, table_id, move_number, action)[4]

    def _play(self, code: str, secret: str, table_id: int, move_number: int,
              action: Any) -> tuple[int, Any, str | None, float, SeatView]:
        if isinstance(move_number, bool) or not isinstance(move_number, int) or not 0 <= move_number <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"a move number counts the moves before it (0, 1, ...), "
                                                    f"not {move_number!r}")
        encoded = _encode(action, "a move")
        data = json.loads(encoded)
        now = clock()
        try:
            with self._write() as tx:
                session = self._open_session(tx, code)
                student_id, student = self._player(tx, session, secret)
                game, settings, text, closed, starter = self._table_row(tx, session, table_id, must_be_open=True)
                check_move(settings, student, table_id, data)
                key, made, state = self._position(tx, table_id, game, settings, text, working=True)
                if move_number != made:
                    raise _move_refused(table_id, move_number, made)
                if made >= limits.MAX_MOVES_PER_TABLE:
                    raise ClassroomError("too-many-moves", f"table {table_id} has {limits.MAX_MOVES_PER_TABLE} moves, "
                                                           "the most a table keeps: start a new table")
                if student_id is not None:
                    self._check_room(tx, "SELECT COUNT(*) FROM moves WHERE student_id = ?", student_id,
                                     limits.MAX_MOVES_PER_STUDENT, "too-many-moves",
                                     f"{student}, you have made {limits.MAX_MOVES_PER_STUDENT} moves in this session, "
                                     "the most one student may")
                referee.judge(state, game_spec(game).game.title, data["seat"], data["action"])
                bots = referee.bot_moves(state, game, settings, made + 1, limit=limits.MAX_MOVES_PER_TABLE - made - 1)
                rows = [(table_id, made, student_id, encoded, now)]
                rows += [(table_id, made + 1 + i, None, _encode(move, "a bot's move"), now)
                         for i, move in enumerate(bots)]
                # one statement for the move and the bots' replies (both databases take several rows)
                tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) VALUES "
                           + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows)), [v for row in rows for v in row])
        except self._db.unique_violation:  # another move N committed between our count and insert
            raise _move_refused(table_id, move_number, move_number + 1) from None
        made = move_number + 1 + len(bots)
        referee.POSITIONS.keep(key, made, state)  # committed: the next move starts from here
        seen = referee.seat_view(state, table_id=table_id, game=game, settings=settings, made=made,
                                 seat=data["seat"], teacher=False, closed=closed, started_by=starter)
        return move_number, data, student, now, seen

    @remote("member")
    def table_view(self, code: str, secret: str, table_id: int, known: int = -1) -> SeatView | None:
        """The table as the asker may see it (a page's one read per refresh): a student their
        seat's view (or a watcher's, at a table they do not sit at), their legal moves and the log
        lines they may read; the teacher a watcher's view and the seed. None when the log still
        has ``known`` moves and the table is open (nothing to redraw)."""
        if isinstance(known, bool) or not isinstance(known, int) or not -1 <= known <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"'known' counts moves (-1: none known), not {known!r}")
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, student = self._player(tx, session, secret)
            game, settings, text, closed, starter = self._table_row(tx, session, table_id)
            (made,) = tx.row("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))
            if made == known and not closed:
                return None
            key, made, state = self._position(tx, table_id, game, settings, text, working=False)
        if not closed and any("bot" in settings["seats"][p] for p in state.current_players()):
            # a log written before the referee may stop at a bot's turn (its pages moved the bots)
            try:
                with self._write() as tx:
                    played = self._play_bots(tx, table_id, game, settings, text)
            except self._db.unique_violation:
                played = 1  # another page's read played them first
            if played:  # (none at a table whose log is full: it stays as it is)
                return self.table_view(code, secret, table_id, known)
        referee.POSITIONS.keep(key, made, state)
        seats = [i for i, s in enumerate(settings["seats"]) if student is not None and s.get("student") == student]
        return referee.seat_view(state, table_id=table_id, game=game, settings=settings, made=made,
                                 seat=seats[0] if seats else None, teacher=student_id is None, closed=closed,
                                 started_by=starter)

    @remote("member")
    def moves(self, code: str, secret: str, table_id: int, since: int = 0) -> list[TableMove]:
        """The table's moves from number ``since`` on: the teacher's whole log. A student's shows
        the moves of their own seat; others' actions are None until the game is over (an action
        may hold what its seat alone saw: a bid, a card buried), then the whole log, to replay."""
        if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"'since' counts moves (0, 1, ...), not {since!r}")
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, student = self._player(tx, session, secret)
            game, settings, text, _, _ = self._table_row(tx, session, table_id)
            rows = tx.execute("SELECT m.move_number, m.action, s.name, m.made_at FROM moves m "
                              "LEFT JOIN students s ON s.id = m.student_id "
                              "WHERE m.table_id = ? AND m.move_number >= ? ORDER BY m.move_number",
                              (table_id, since))
            over = True
            if student_id is not None:
                key, made, state = self._position(tx, table_id, game, settings, text, working=False)
                over = state.is_terminal()
        if not over:
            referee.POSITIONS.keep(key, made, state)
            mine = {i for i, s in enumerate(settings["seats"]) if s.get("student") == student}
            return [TableMove(number, _own_only(_decode(action), mine), name, made_at)
                    for number, action, name, made_at in rows]
        return [TableMove(number, _decode(action), name, made_at) for number, action, name, made_at in rows]

    @remote("member")
    def close_table(self, code: str, secret: str, table_id: int) -> None:
        """No more moves at the table (a finished or abandoned game); its log stays. ``secret``
        is the teacher key, or the token of the student who started the table."""
        with self._write() as tx:
            session = self._session(tx, code)
            if _is_projector_key(secret, session):
                raise _projector_refused(session)
            if not _matches(secret, session.teacher_key_hash):
                student_id = self._starter_of(tx, session, secret, table_id)
                if student_id is None:
                    raise ClassroomError("wrong-teacher-key",
                                         f"only the teacher of session {session.code} "
                                         f"(or the student who started it) closes table {table_id}")
            self._table(tx, session, table_id)
            tx.execute("UPDATE tables SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (clock(), table_id))

    def _table(self, tx: Transaction, session: SessionRow, table_id: int, *, must_be_open: bool = False) -> None:
        row = None
        if _is_row_id(table_id):
            row = tx.one("SELECT closed_at FROM tables WHERE id = ? AND session_id = ?"
                         + (tx.for_share if must_be_open else ""),
                         (table_id, session.id))
        if row is None:
            raise ClassroomError("unknown-table", f"session {session.code} has no table {table_id!r}")
        if must_be_open and row[0] is not None:
            raise ClassroomError("table-closed", f"table {table_id} is closed: its game is over")

    def _play_bots(self, tx: Transaction, table_id: int, game: str, settings: dict[str, Any], text: str) -> int:
        """The referee plays the bots' turns due at the table now (a table whose bots open the
        game; a table of a log written before the referee, left at a bot's turn); how many."""
        _, made, state = self._position(tx, table_id, game, settings, text, working=True)
        bots = referee.bot_moves(state, game, settings, made, limit=limits.MAX_MOVES_PER_TABLE - made)
        if bots:
            now = clock()
            rows = [(table_id, made + i, None, _encode(move, "a bot's move"), now) for i, move in enumerate(bots)]
            tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) VALUES "
                       + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows)), [v for row in rows for v in row])
        return len(bots)

    def _table_row(self, tx: Transaction, session: SessionRow, table_id: int, *,
                   must_be_open: bool = False) -> tuple[str, dict[str, Any], str, bool, str | None]:
        """(game, settings, its identity (when it opened, its settings as stored: a table id
        alone may be reused after a session is deleted), closed, the student who started it) of a
        table of the session (``must_be_open``: and it stays open until ``tx`` commits)."""
        row = None
        if _is_row_id(table_id):
            # the starter's name by a subquery: PostgreSQL locks no outer join's nullable side
            row = tx.one("SELECT t.game, t.settings, t.closed_at, (SELECT s.name FROM students s "
                         "WHERE s.id = t.started_by), t.opened_at FROM tables t WHERE t.id = ? AND t.session_id = ?"
                         + (tx.for_share if must_be_open else ""), (table_id, session.id))
        if row is None:
            raise ClassroomError("unknown-table", f"session {session.code} has no table {table_id!r}")
        if must_be_open and row[2] is not None:
            raise ClassroomError("table-closed", f"table {table_id} is closed: its game is over")
        return row[0], _decode(row[1]), _identity(row[4], row[1]), row[2] is not None, row[3]

    def _position(self, tx: Transaction, table_id: int, game: str, settings: dict[str, Any], text: str, *,
                  working: bool) -> tuple[tuple[Any, ...], int, State]:
        """(cache key, moves in the log, the position after them): the position this process
        kept for the table, brought up to date with the moves since, or replayed from the seed.
        ``working``: a copy the caller may change (the kept one is never changed)."""
        key = (self.where, table_id, text)
        (made,) = tx.row("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))
        kept = referee.POSITIONS.get(key, made)
        if kept is not None and kept[0] == made:
            return key, made, kept[1].clone() if working else kept[1]
        start, state = (kept[0], kept[1].clone()) if kept is not None else (0, referee.new_position(game, settings))
        rows = tx.execute("SELECT m.action, s.name FROM moves m LEFT JOIN students s ON s.id = m.student_id "
                          "WHERE m.table_id = ? AND m.move_number >= ? ORDER BY m.move_number", (table_id, start))
        done = referee.replay(state, settings["seats"], ((_decode(action), name) for action, name in rows))
        return key, start + done, state

    def _starter_of(self, tx: Transaction, session: SessionRow, token: str, table_id: int) -> int | None:
        """The token's student id when that student started the table; else None."""
        try:
            student_id, _ = self._student(tx, session, token)
        except ClassroomError:
            return None
        row = None
        if _is_row_id(table_id):
            row = tx.one("SELECT started_by FROM tables WHERE id = ? AND session_id = ?", (table_id, session.id))
        return student_id if row is not None and row[0] == student_id else None


def _identity(opened_at: float, settings: str) -> str:
    """What tells a table from any other this store has held (its id may be reused)."""
    return f"{opened_at!r} {settings}"


def _without_seed(settings: Any) -> Any:
    """A table's settings as a student reads them: everything but the seed."""
    return {k: v for k, v in settings.items() if k != "seed"} if isinstance(settings, dict) else settings


def _own_only(data: Any, seats: set[int]) -> Any:
    """A logged move as a student reads it before the game is over: its seat, and its action only
    if the seat is theirs."""
    seat = data.get("seat") if isinstance(data, dict) else None
    return data if seat in seats else {"seat": seat, "action": None}


def _move_refused(table_id: int, move_number: int, made: int) -> ClassroomError:
    if move_number < made:
        return ClassroomError("move-taken", f"move {move_number} at table {table_id} has already been made "
                                            f"(by another player acting at the same time?): reload the table")
    return ClassroomError("move-ahead", f"table {table_id} has {made} moves, so the next is move {made}, "
                                        f"not {move_number}")
