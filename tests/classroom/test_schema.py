"""The schema's versioned migrations, store URLs and the default location."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from changekit.classroom import ClassroomError, connect, default_url
from changekit.classroom.backends import open_backend
from changekit.classroom.schema import MIGRATIONS, SCHEMA_VERSION, migrate


def version_of(store) -> int:
    with store._db.transaction(write=False) as tx:
        rows = tx.execute("SELECT version FROM schema_version")
    assert len(rows) == 1
    return rows[0][0]


def test_a_new_store_is_at_the_current_version_and_reopening_changes_nothing(store_url):
    with connect(store_url) as store:
        assert version_of(store) == SCHEMA_VERSION == len(MIGRATIONS)
        session = store.open_session("P3")
    with connect(store_url) as store:
        assert version_of(store) == SCHEMA_VERSION
        assert store.resume_session(session.code, session.teacher_key).title == "P3"


def test_a_later_migration_is_applied_once_on_open(store_url):
    with connect(store_url) as store:
        session = store.open_session("P3")
    later = [*MIGRATIONS, ["ALTER TABLE questions ADD COLUMN later_note TEXT",
                           "CREATE TABLE notes (body TEXT NOT NULL)"]]
    backend = open_backend(store_url)
    try:
        assert migrate(backend, later) == SCHEMA_VERSION + 1
        assert migrate(backend, later) == SCHEMA_VERSION + 1  # nothing left to do: no error
        with backend.transaction(write=True) as tx:
            assert tx.execute("SELECT version FROM schema_version") == [(SCHEMA_VERSION + 1,)]
            tx.execute("INSERT INTO notes (body) VALUES (?)", ("kept",))
            assert tx.execute("SELECT later_note FROM questions") == []
            assert tx.execute("SELECT title FROM sessions WHERE code = ?", (session.code,)) == [("P3",)]
    finally:
        backend.close()


def test_a_failing_migration_changes_nothing(store_url):
    connect(store_url).close()
    broken = [*MIGRATIONS, ["CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"]]
    backend = open_backend(store_url)
    try:
        with pytest.raises(Exception, match="(?i)syntax"):
            migrate(backend, broken)
        with backend.transaction(write=False) as tx:
            assert tx.execute("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
        with pytest.raises(Exception, match="half_done"):
            with backend.transaction(write=False) as tx:
                tx.execute("SELECT * FROM half_done")
    finally:
        backend.close()


def test_a_store_newer_than_this_changekit_is_refused_untouched(store_url):
    newer = [*MIGRATIONS, ["CREATE TABLE from_the_future (x INTEGER)"]]
    backend = open_backend(store_url)
    try:
        migrate(backend, newer)
    finally:
        backend.close()
    with pytest.raises(ClassroomError, match=f"schema version {SCHEMA_VERSION + 1}, newer .* upgrade changekit") as err:
        connect(store_url)
    assert err.value.reason == "store-too-new"


def test_sqlite_store_is_in_wal_mode_with_a_busy_timeout(tmp_path):
    path = tmp_path / "deep" / "folder" / "class.db"  # folders are made as needed
    with connect(f"sqlite:///{path}") as store:
        store.open_session("P3")
        conn = store._db._conn
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: durable across a killed process
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    # WAL is a property of the file: any other program opening it sees it
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_relative_and_absolute_sqlite_urls(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    connect("sqlite:///relative/class.db").close()
    assert (tmp_path / "relative" / "class.db").exists()
    connect(f"sqlite:///{tmp_path}/absolute.db").close()  # sqlite:////tmp/...: four slashes
    assert (tmp_path / "absolute.db").exists()


@pytest.mark.parametrize("url, words", [
    ("mysql://x/y", "unknown class store URL"),
    ("sqlite:///", "names no file"),
    ("sqlite:///:memory:", "names no file"),
    ("class.db", "relative path"),  # a plain path must be absolute (issue 23): every kernel has its own folder
    ("", "setting is empty"),
    (7, "is a string"),
])
def test_bad_urls(url, words):
    with pytest.raises(ClassroomError, match=words) as err:
        connect(url)
    assert err.value.reason == "bad-url"


def test_unreachable_postgres_names_the_url_without_its_password(tmp_path):
    url = f"postgresql://teacher:hunter2@/class?host={tmp_path}&port=1"
    with pytest.raises(ClassroomError, match="cannot reach the class store") as err:
        connect(url)
    assert err.value.reason == "store-unreachable"
    assert "hunter2" not in str(err.value) and "teacher:***@" in str(err.value)


def test_unwritable_sqlite_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(ClassroomError, match="cannot open the class store") as err:
        connect(f"sqlite:///{blocker}/class.db")
    assert err.value.reason == "store-unreachable"


def test_default_url(monkeypatch, tmp_path):
    monkeypatch.delenv("CHANGEKIT_CLASS_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path}/data/changekit/class.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_url() == f"sqlite:///{tmp_path}/home/.local/share/changekit/class.db"
    with connect() as store:  # no URL: the default
        assert store.where == default_url()
    assert Path(tmp_path / "home/.local/share/changekit/class.db").exists()
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", "postgresql://hub-db/class")
    assert default_url() == "postgresql://hub-db/class"


def test_closing_twice_is_harmless(store_url):
    store = connect(store_url)
    store.close()
    store.close()


def test_no_postgresql_binaries_is_a_clear_failure(monkeypatch, tmp_path):
    """The conftest turns this into a failed test (never a skip) when the machine has neither."""
    from changekit.hub import postgres as pg_server
    from changekit.testing import pgtemp

    monkeypatch.setattr(pg_server.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(pg_server, "DEBIAN_ROOT", tmp_path)
    with pytest.raises(pgtemp.PostgresUnavailable, match="pgserver .* or Debian's postgresql package"):
        pgtemp.TemporaryPostgres()
    for version, runs in (("9", True), ("16", True), ("17", False)):
        postgres = tmp_path / version / "bin" / "postgres"
        postgres.parent.mkdir(parents=True)
        postgres.write_text(f"#!/bin/sh\nexit {0 if runs else 1}\n")
        postgres.chmod(0o755)
    # the newest version (by number, not text) that runs
    assert pg_server.find_binaries() == tmp_path / "16" / "bin"


def test_a_plain_path_in_the_setting_works_everywhere(monkeypatch, tmp_path):
    # issue 23: CHANGEKIT_CLASS_STORE=/path/class.db was accepted at start, then refused when the
    # teacher opened a session
    from changekit.classroom.live import connect as page_connect
    from changekit.classroom.store import check_store_setting

    path = tmp_path / "hub" / "class.db"
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", str(path))
    assert check_store_setting() == f"sqlite:///{path}"  # what the server checks when it starts
    with page_connect() as teacher:  # what the teacher's page opens
        session = teacher.open_session("Period 3")
    with connect(f"sqlite:///{path}") as same:  # the same file as the URL names it
        assert same.resume_session(session.code, session.teacher_key).title == "Period 3"
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", "~/class.db")
    assert check_store_setting() == f"sqlite:///{tmp_path}/class.db"


@pytest.mark.parametrize("setting, words", [
    ("class.db", "relative path"),
    ("mysql://x/y", "unknown class store URL"),
    ("sqlite:///:memory:", "names no file"),
])
def test_a_bad_setting_is_refused_when_the_server_starts(monkeypatch, setting, words):
    from changekit.classroom.store import check_store_setting

    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", setting)
    with pytest.raises(ClassroomError, match=words) as err:
        check_store_setting()
    assert err.value.reason == "bad-url" and "$CHANGEKIT_CLASS_STORE" in str(err.value)


def test_an_unreachable_store_setting_is_refused_when_the_server_starts(monkeypatch, tmp_path):
    from changekit.classroom.store import check_store_setting

    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", f"postgresql://teacher:hunter2@/class?host={tmp_path}&port=1")
    with pytest.raises(ClassroomError, match="cannot reach the class store") as err:
        check_store_setting()
    assert err.value.reason == "store-unreachable" and "hunter2" not in str(err.value)


def test_a_store_of_version_5_keeps_its_answers_and_takes_revotes_after_the_upgrade(store_url):
    """Migration 6 (a poll's run: discussion, revote, pause, timer, the right answer) on a store
    that already holds a class: everything in it loads as before."""
    from changekit.classroom.store_base import _hash

    backend = open_backend(store_url)
    try:
        assert migrate(backend, MIGRATIONS[:5]) == 5
        with backend.transaction(write=True) as tx:
            (session_id,) = tx.row("INSERT INTO sessions (code, title, teacher_key_hash, opened_at) "
                                   "VALUES ('ABCDEF', 'P3', ?, 1.0) RETURNING id", (_hash("key"),))
            (ada,) = tx.row("INSERT INTO students (session_id, name, name_key, token_hash, joined_at) "
                            "VALUES (?, 'Ada', 'ada', ?, 2.0) RETURNING id", (session_id, _hash("secret")))
            tx.execute("INSERT INTO questions (session_id, question_id, opened_at, prompt) VALUES (?, 'demo.q1', 3.0, "
                       "'{\"kind\":\"choices\",\"choices\":[\"2\",\"3\"]}')", (session_id,))
            tx.execute("INSERT INTO answers (session_id, question_id, student_id, value, submitted_at) "
                       "VALUES (?, 'demo.q1', ?, '\"3\"', 4.0)", (session_id, ada))
    finally:
        backend.close()
    with connect(store_url) as store:
        assert version_of(store) == SCHEMA_VERSION == len(MIGRATIONS)  # every step since, up to the newest
        assert store.answers("ABCDEF", "key", "demo.q1") == {"Ada": "3"}
        (poll,) = store.polls("ABCDEF", f"{ada}.secret")
        assert (poll.mine, poll.discussing, poll.paused, poll.deadline, poll.revote) == ("3", False, False, None, None)
        store.start_discussion("ABCDEF", "key", "demo.q1")
        store.submit_revote("ABCDEF", f"{ada}.secret", "demo.q1", "2")
        assert store.revotes("ABCDEF", "key", "demo.q1") == {"Ada": "2"}
        assert store.answers("ABCDEF", "key", "demo.q1") == {"Ada": "3"}
