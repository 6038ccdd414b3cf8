"""The two databases under the class store: SQLite (standard library, one file per machine) and
PostgreSQL (psycopg 3, for kernels on several machines). Both speak the store's one SQL dialect:
``?`` placeholders, ``ON CONFLICT``, ``RETURNING``; a backend only opens connections, runs
transactions and names what differs.
"""
from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from ..core.errors import ClassroomError

if TYPE_CHECKING:
    import psycopg

#: how long a writer waits for another kernel's turn at writing (the writers' file lock) before the
#: store says it is busy; the writes of a class of 70 at once take well under a second in all
WRITER_WAIT_S = 3.0
#: how long a writer then waits for another program's transaction on the same SQLite file. With the
#: writers' lock, a store call waits at most WRITER_WAIT_S + BUSY_TIMEOUT_S (8 s) before it says so
BUSY_TIMEOUT_S = 5.0
#: PostgreSQL: the longest a statement waits for a lock, runs at all, or a connection may sit idle
#: inside a transaction (a frozen kernel's transaction is ended, and its locks freed, after that)
PG_LOCK_TIMEOUT_S = 3.0
PG_STATEMENT_TIMEOUT_S = 5.0
PG_IDLE_IN_TRANSACTION_S = 10.0
PG_CONNECT_TIMEOUT_S = 5

#: what a page shows when the store could not take a call in time
BUSY_MESSAGE = "the class store is busy, try again in a moment"

Row = tuple[Any, ...]


class Transaction:
    """One open transaction: ``execute`` runs a statement and returns its rows (none for a write
    without ``RETURNING``); ``one`` returns the first row or None; ``row`` the row a statement
    always returns. ``for_share`` ends a SELECT whose rows a concurrent writer must not change
    before this transaction commits (a session or question checked open); empty in read-only
    transactions and where the backend needs none. ``for_update`` likewise ends a SELECT of a row
    that concurrent writers must take in turn (a capped question counting its answers)."""

    def __init__(self, run: Callable[[str, Sequence[Any]], list[Row]], for_share: str = "", for_update: str = "",
                 take_turns: Callable[[str], None] | None = None):
        self._run = run
        self.for_share = for_share
        self.for_update = for_update
        self._take_turns = take_turns

    def take_turns(self, name: str) -> None:
        """Until this transaction ends, other write transactions taking turns on ``name`` wait:
        a limit's count and the insert after it are one step, however many calls come at once.
        SQLite's write transactions already take the whole file in turn."""
        if self._take_turns is not None:
            self._take_turns(name)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._run(sql, params)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = self._run(sql, params)
        return rows[0] if rows else None

    def row(self, sql: str, params: Sequence[Any] = ()) -> Row:
        """The row a statement always returns: ``COUNT(*)``, ``INSERT ... RETURNING``, a row this
        transaction has just made sure exists."""
        return self._run(sql, params)[0]


class Backend:
    """What the store needs of a database."""

    #: ``SELECT ... FOR SHARE``: makes a concurrent close wait for the writes that checked
    #: the row open. SQLite needs none: its write transactions take the whole file in turn.
    for_share = ""
    #: the id column of a table (an integer the database assigns)
    id_column = ""
    #: the exception a unique constraint raises
    unique_violation: type[Exception] = Exception
    #: the URL without its password, for messages
    where = ""

    def transaction(self, *, write: bool) -> AbstractContextManager[Transaction]:  # pragma: no cover - interface
        raise NotImplementedError

    def lock_schema(self, tx: Transaction) -> None:
        """Within a write transaction: make other connections wait while migrations run."""

    def close(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class SQLiteBackend(Backend):
    """One SQLite file in WAL mode: readers never wait, writers take turns. Every call's
    transaction is committed to the write-ahead log before it returns, so a kernel or server that
    is killed, or restarted, loses nothing. ``synchronous=NORMAL`` (SQLite's advice for WAL) syncs
    the log at checkpoints rather than at every commit: only a power cut or an operating-system
    crash could undo the last moments' answers. With a sync per commit (FULL), 60 students
    submitting at the same instant waited 130 ms at the 95th percentile, against 50 ms wanted.

    Writers queue on an OS lock on a file beside the database (``class.db-writer``) before
    ``BEGIN IMMEDIATE``: the kernel wakes the next writer the moment one commits, where SQLite's
    own busy handler polls with sleeps of up to 100 ms, so under a burst some students waited
    seconds while the file was free. The lock goes with the process if a kernel dies. SQLite's
    busy timeout still covers any other program writing the file.
    """

    id_column = "INTEGER PRIMARY KEY"
    unique_violation = sqlite3.IntegrityError

    def __init__(self, path: Path):
        self.path = path
        self.where = f"sqlite:///{path}"
        self._writer = -1
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                         check_same_thread=False)
            try:
                mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                # read-only is enough to lock it, so users sharing one store need not own it
                self._writer = os.open(self._writer_path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o666)
            except BaseException:
                self.close()
                raise
        except sqlite3.DatabaseError as err:
            raise _sqlite_failure(err, self.where) from None
        except (OSError, sqlite3.Error) as err:
            raise ClassroomError("store-unreachable", f"cannot open the class store {self.where}: {err}") from None
        if mode != "wal":
            self.close()
            raise ClassroomError("store-unsupported",
                                 f"SQLite cannot use WAL mode for {path} (journal mode {mode!r}; a network "
                                 "folder?): keep the file on a local disk, or use a postgresql:// store")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._lock = threading.Lock()

    @property
    def _writer_path(self) -> Path:
        return self.path.with_name(self.path.name + "-writer")

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        with self._lock, _said_as_classroom_error(sqlite3.Error, sqlite3.IntegrityError,
                                                  lambda err: _sqlite_failure(err, self.where)), \
                (self._writer_turn() if write else nullcontext()):
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield Transaction(lambda sql, params: conn.execute(sql, params).fetchall())
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # (SQLite itself rolls back on a full disk, and says so)
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise

    @contextmanager
    def _writer_turn(self) -> Iterator[None]:
        """This kernel's turn at writing: at once when no other kernel writes (the usual case),
        else after the writer before it, refused after WRITER_WAIT_S (a writer frozen in its
        transaction must not freeze every page of the class)."""
        try:
            fcntl.flock(self._writer, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held = self._writer
        except BlockingIOError:
            held = self._wait_for_writer()
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
            if held != self._writer:
                os.close(held)

    def _wait_for_writer(self) -> int:
        """Wait for the writers' lock on a file descriptor of its own, in a thread (``flock`` has
        no timeout, and a blocked ``flock`` wakes the moment the lock is free, where polling would
        sleep); given up after WRITER_WAIT_S, the thread lets go of the lock as soon as it gets it."""
        fd = os.open(self._writer_path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o666)
        got = threading.Event()
        guard = threading.Lock()
        state = ["waiting"]

        def wait() -> None:
            fcntl.flock(fd, fcntl.LOCK_EX)
            with guard:
                if state[0] == "abandoned":
                    os.close(fd)  # closing releases the lock
                    return
                state[0] = "taken"
            got.set()

        threading.Thread(target=wait, name="changekit-writer-turn", daemon=True).start()
        got.wait(WRITER_WAIT_S)
        with guard:
            if state[0] == "taken":
                return fd
            state[0] = "abandoned"
        raise ClassroomError("store-busy", f"{BUSY_MESSAGE} (another kernel has been writing to the class store "
                                           f"for over {WRITER_WAIT_S:.0f} s)")

    def close(self) -> None:
        self._conn.close()
        if self._writer >= 0:
            os.close(self._writer)
            self._writer = -1


class PostgresBackend(Backend):
    """A PostgreSQL database through psycopg 3; one connection, reopened when the server dropped it
    (a restarted database server costs the call in flight, not the store)."""

    id_column = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
    for_share = " FOR SHARE"

    def __init__(self, url: str):
        try:
            import psycopg  # here, not at the top: only a postgresql:// store needs it
        except ImportError:  # pragma: no cover - psycopg is a dependency
            raise ClassroomError("store-unsupported",
                                 "a postgresql:// class store needs psycopg 3: pip install 'psycopg[binary]'") from None
        self._psycopg = psycopg
        self.unique_violation = psycopg.errors.UniqueViolation
        self.url = url
        self.where = _without_password(url)
        self._lock = threading.Lock()
        self._conn = self._connect()

    def _connect(self) -> psycopg.Connection[Row]:
        try:
            conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=PG_CONNECT_TIMEOUT_S)
            # bounded waits: a locked table or a slow database is said within seconds, not hung on
            conn.execute(f"SET lock_timeout = {int(PG_LOCK_TIMEOUT_S * 1000)}")
            conn.execute(f"SET statement_timeout = {int(PG_STATEMENT_TIMEOUT_S * 1000)}")
            conn.execute(f"SET idle_in_transaction_session_timeout = {int(PG_IDLE_IN_TRANSACTION_S * 1000)}")
            return conn
        except self._psycopg.Error as err:
            raise ClassroomError("store-unreachable",
                                 f"cannot reach the class store {self.where}: {str(err).strip()}") from None

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        psycopg = self._psycopg
        with self._lock, _said_as_classroom_error(psycopg.Error, psycopg.errors.UniqueViolation,
                                                  lambda err: _postgres_failure(err, self.where)):
            if self._conn.closed or self._conn.broken:
                self._conn = self._connect()
            conn = self._conn

            def run(sql: str, params: Sequence[Any]) -> list[Row]:
                cursor = conn.execute(sql.replace("?", "%s"), params)
                return cursor.fetchall() if cursor.description else []

            def take_turns(name: str) -> None:
                # a lock of the transaction's, on a number named by the words (no row to lock: the
                # row a count would let in does not exist yet)
                run("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (name,))

            with conn.transaction():
                yield Transaction(run, self.for_share if write else "", " FOR UPDATE" if write else "",
                                  take_turns if write else None)

    def lock_schema(self, tx: Transaction) -> None:
        # an arbitrary constant naming "changekit classroom migrations" among advisory locks
        tx.execute("SELECT pg_advisory_xact_lock(7261826)")

    def close(self) -> None:
        self._conn.close()


def open_backend(url: str) -> Backend:
    """``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``postgresql://...``, or a
    plain absolute path to a SQLite file (``/srv/class.db``, ``~/class.db``)."""
    if not isinstance(url, str):
        raise ClassroomError("bad-url", f"a class store URL is a string, not {url!r}")
    if "://" not in url:
        return SQLiteBackend(plain_path(url))
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if not path or path == ":memory:":
            raise ClassroomError("bad-url", f"{url!r} names no file: the class store is a file every kernel "
                                            "opens, e.g. sqlite:////home/me/class.db")
        return SQLiteBackend(Path(path))
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresBackend(url)
    raise ClassroomError("bad-url", f"unknown class store URL {_without_password(url)!r}: use "
                                    "sqlite:///path/to/class.db or postgresql://user@host/database")


@contextmanager
def _said_as_classroom_error(errors: type[Exception], passed: type[Exception],
                             said: Callable[[Exception], ClassroomError]) -> Iterator[None]:
    """The database's ``errors`` (but ``passed``, which the store handles itself) as the
    ClassroomError ``said`` makes of them: a page shows what happened instead of a traceback."""
    try:
        yield
    except passed:
        raise
    except errors as err:
        raise said(err) from err


#: SQLite's primary result codes (an error's ``sqlite_errorcode & 0xFF``)
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_NOTADB = 5, 6, 11, 13, 26


def _sqlite_failure(err: Exception, where: str) -> ClassroomError:
    code = getattr(err, "sqlite_errorcode", 0) & 0xFF
    text = str(err)
    if code in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in text:
        return ClassroomError("store-busy", f"{BUSY_MESSAGE} (another program has held the class store "
                                            f"{where} for over {BUSY_TIMEOUT_S:.0f} s)")
    if code == SQLITE_FULL:
        return _full(where)
    if code in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return _damaged(where, text)
    return ClassroomError("store-failed", f"the class store {where} failed ({text}), so nothing was saved: try "
                                          "again in a moment; if it keeps failing, tell your teacher")


def _postgres_failure(err: Exception, where: str) -> ClassroomError:
    import psycopg  # only a postgresql:// store gets here

    errors = psycopg.errors
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    if isinstance(err, (errors.LockNotAvailable, errors.QueryCanceled, errors.DeadlockDetected,
                        errors.SerializationFailure)):
        return ClassroomError("store-busy", f"{BUSY_MESSAGE} (the class store {where}: {text})")
    if isinstance(err, errors.DiskFull):
        return _full(where)
    if isinstance(err, (errors.DataCorrupted, errors.IndexCorrupted)):
        return _damaged(where, text)
    if isinstance(err, psycopg.OperationalError):
        return ClassroomError("store-unreachable", f"lost the connection to the class store {where} ({text}): "
                                                   "try again in a moment")
    return ClassroomError("store-failed", f"the class store {where} failed ({text}), so nothing was saved: try "
                                          "again in a moment; if it keeps failing, tell your teacher")


def _full(where: str) -> ClassroomError:
    return ClassroomError("store-full", f"the class store's disk is full, so nothing was saved: tell your teacher "
                                        f"(free some space where {where} is kept)")


def _damaged(where: str, text: str) -> ClassroomError:
    return ClassroomError("store-damaged", f"the class store {where} is damaged ({text}): "
                                           "tell your teacher (restore the file from a backup, or start a new store)")


def plain_path(text: str) -> Path:
    """The SQLite file a plain path names: absolute (or from ``~``), since every kernel of a
    class starts in a folder of its own and a relative path would name a file apiece."""
    if not text.strip():
        raise ClassroomError("bad-url", "the class store setting is empty: name a file, e.g. /home/me/class.db, "
                                        "or a database, postgresql://user@host/database")
    path = Path(text).expanduser()
    if not path.is_absolute():
        raise ClassroomError("bad-url", f"{text!r} is a relative path: every kernel starts in a folder of its own, "
                                        "so name the class store's file from the root, e.g. /home/me/class.db "
                                        "(or use sqlite:///path/to/class.db or postgresql://user@host/database)")
    return path


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
