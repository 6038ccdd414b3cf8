"""A bad day for the class store (issue 23): another kernel frozen inside a write, another program
holding the file, a locked PostgreSQL table, a slow statement, a full disk, a damaged page. Each
call must end, within a bounded time (under 10 s), in a ClassroomError saying what happened and
what to do; nothing is half-written, and the class goes on once the cause is gone."""
from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager

import psycopg
import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.backends import (BUSY_TIMEOUT_S, PG_LOCK_TIMEOUT_S, PG_STATEMENT_TIMEOUT_S, WRITER_WAIT_S,
                                          _postgres_failure)

#: the most a page may wait to be told what happened
SAID_WITHIN_S = 10.0


@contextmanager
def said(reason: str, *words: str):
    """The block raises a ClassroomError for ``reason`` with ``words``, within SAID_WITHIN_S;
    yields a dict that gets the seconds it took."""
    took: dict[str, float] = {}
    start = time.monotonic()
    with pytest.raises(ClassroomError) as caught:
        yield took
    took["s"] = time.monotonic() - start
    assert caught.value.reason == reason, str(caught.value)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))
    assert took["s"] < SAID_WITHIN_S, took
    print(f"\n{reason}: said in {took['s']:.2f} s: {caught.value}")


@contextmanager
def frozen_writer(url: str):
    """Another kernel's store stuck inside a write transaction (holding the writers' lock and,
    on PostgreSQL, the session's row) until the block ends."""
    other = connect(url)
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with other._db.transaction(write=True) as tx:
            tx.execute("UPDATE sessions SET title = title")
            inside.set()
            release.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(10)
    try:
        yield
    finally:
        release.set()
        holder.join(10)
        other.close()


def test_a_writer_frozen_in_its_transaction_makes_the_next_join_say_busy(store_url):
    with connect(store_url) as store:
        session = store.open_session("Period 3")
        with frozen_writer(store_url):
            with said("store-busy", "the class store is busy, try again in a moment") as took:
                store.join(session.code, "Ada")
            # SQLite: the writers' lock; PostgreSQL: the session row, under lock_timeout
            wait = WRITER_WAIT_S if store_url.startswith("sqlite") else PG_LOCK_TIMEOUT_S
            assert took["s"] >= wait - 0.2
        # the frozen writer is gone: the class goes on at once, and nothing half-joined is left
        start = time.monotonic()
        assert store.join(session.code, "Ada").name == "Ada"
        assert time.monotonic() - start < 1.0
        assert store.students(session.code, session.teacher_key) == ["Ada"]


def test_a_sqlite_file_held_by_another_program_says_busy(tmp_path):
    path = tmp_path / "class.db"
    with connect(f"sqlite:///{path}") as store:
        session = store.open_session("Period 3")
        other = sqlite3.connect(path, isolation_level=None)  # not changekit: no writers' lock
        other.execute("BEGIN IMMEDIATE")
        try:
            with said("store-busy", "the class store is busy, try again in a moment") as took:
                store.join(session.code, "Ada")
            assert took["s"] >= BUSY_TIMEOUT_S - 0.2
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert store.join(session.code, "Ada").name == "Ada"


def test_a_locked_postgres_table_says_busy_within_the_lock_timeout(postgres):
    url = postgres.empty_store_url()
    with connect(url) as store:
        session = store.open_session("Period 3")
        ada = store.join(session.code, "Ada")
        with store._db.transaction(write=False) as tx:
            assert tx.row("SHOW lock_timeout")[0] == f"{PG_LOCK_TIMEOUT_S:.0f}s"
            assert tx.row("SHOW statement_timeout")[0] == f"{PG_STATEMENT_TIMEOUT_S:.0f}s"
        locker = psycopg.connect(url)
        locker.execute("LOCK TABLE answers IN ACCESS EXCLUSIVE MODE")  # held until the rollback
        try:
            with said("store-busy", "the class store is busy, try again in a moment") as took:
                store.submit(session.code, ada.token, "q", 1)
            assert took["s"] >= PG_LOCK_TIMEOUT_S - 0.2
        finally:
            locker.rollback()
            locker.close()
        store.submit(session.code, ada.token, "q", 1)
        assert store.answers(session.code, session.teacher_key, "q") == {"Ada": 1}


def test_a_postgres_statement_that_runs_too_long_is_cancelled_and_said(postgres):
    with connect(postgres.empty_store_url()) as store:
        with said("store-busy", "busy") as took:
            with store._db.transaction(write=False) as tx:
                tx.execute("SELECT pg_sleep(30)")
        assert PG_STATEMENT_TIMEOUT_S - 0.2 <= took["s"]
        assert store.open_session("after").title == "after"  # the connection is fine


def test_a_full_sqlite_disk_says_so_and_writes_nothing(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        session = store.open_session("Period 3")
        ada = store.join(session.code, "Ada")
        conn = store._db._conn
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full: no page more
        with said("store-full", "disk is full", "nothing was saved", "tell your teacher"):
            for i in range(200):
                store.submit(session.code, ada.token, f"q{i}", "x" * 3000)
        written = store.questions(session.code, session.teacher_key)
        conn.execute("PRAGMA max_page_count = 1073741823")  # space again
        store.submit(session.code, ada.token, "after", 1)
        assert [q.question_id for q in store.questions(session.code, session.teacher_key)] == \
            [q.question_id for q in written] + ["after"]
        assert all(q.answered == 1 for q in store.questions(session.code, session.teacher_key))


def test_a_damaged_page_mid_file_says_so(tmp_path):
    path = tmp_path / "class.db"
    with connect(f"sqlite:///{path}") as store:
        session = store.open_session("Period 3")
        students = [store.join(session.code, f"S{i:02d}") for i in range(40)]
        for q in range(20):
            for s in students:
                store.submit(session.code, s.token, f"q{q}", "an answer of some length " * 4)
    # (closing the last connection checkpointed the log into the file)
    size, page = path.stat().st_size, 4096
    assert size > 30 * page
    with open(path, "r+b") as damaged:
        for n in range(size // page // 3, 2 * size // page // 3):  # the middle third of the pages
            damaged.seek(n * page)
            damaged.write(b"\xde\xad" * (page // 2))
    with said("store-damaged", "is damaged", "tell your teacher"):
        with connect(f"sqlite:///{path}") as reopened:
            reopened.export_csv(session.code, session.teacher_key)


def test_postgres_failures_are_said_by_kind():
    where = "postgresql://teacher:***@/class"
    for error, reason in [(psycopg.errors.DiskFull("no space left on device"), "store-full"),
                          (psycopg.errors.DataCorrupted("invalid page in block 7"), "store-damaged"),
                          (psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"), "store-busy"),
                          (psycopg.errors.AdminShutdown("terminating connection"), "store-unreachable"),
                          (psycopg.errors.NumericValueOutOfRange("integer out of range"), "store-failed")]:
        said_error = _postgres_failure(error, where)
        assert isinstance(said_error, ClassroomError) and said_error.reason == reason, (error, said_error)
        assert where in str(said_error)
