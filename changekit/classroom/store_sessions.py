"""The class store's sessions and students: a teacher opens a session (a join code and a teacher
key), students join it by name (each gets a token, their seat), and the teacher closes or
deletes it."""
from __future__ import annotations

import secrets

from . import store_limits as limits
from .names import name_key
from .store_api import remote
from .store_base import (CODE_ALPHABET, CODE_LENGTH, MAX_TITLE_CHARS, StoreBase, _clean_text, _hash, _name_taken,
                         check_name, clock, joined_in, students_in)
from .store_records import Session, Student


class SessionStore(StoreBase):
    """Sessions and the students who join them."""

    @remote("teacher")
    def open_session(self, title: str) -> Session:
        """Start a session: a fresh join code and teacher key."""
        title = _clean_text(title, "title", MAX_TITLE_CHARS)
        teacher_key = secrets.token_urlsafe(24)
        while True:  # a code already in use (1 in a billion per session) is drawn again
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as tx:
                    tx.execute("INSERT INTO sessions (code, title, teacher_key_hash, opened_at) VALUES (?, ?, ?, ?)",
                               (code, title, _hash(teacher_key), clock()))
            except self._db.unique_violation:
                continue
            return Session(code, title, teacher_key)

    @remote("teacher")
    def resume_session(self, code: str, teacher_key: str) -> Session:
        """The session again, for the teacher's page after a reload (also once it is closed)."""
        with self._read() as tx:
            row = self._teacher(tx, code, teacher_key)
        return Session(row.code, row.title, teacher_key, row.closed)

    @remote("teacher")
    def close_session(self, code: str, teacher_key: str) -> None:
        """No more joining or answering; the teacher can still read and export it."""
        with self._write() as tx:
            row = self._teacher(tx, code, teacher_key)
            tx.execute("UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (clock(), row.id))

    @remote("teacher")
    def delete_session(self, code: str, teacher_key: str) -> None:
        """Remove the session and everything in it (students, answers, tables, moves)."""
        with self._write() as tx:
            row = self._teacher(tx, code, teacher_key)
            tx.execute("DELETE FROM sessions WHERE id = ?", (row.id,))

    # -- students ---------------------------------------------------------------------------------

    @remote("anyone")
    def join(self, code: str, name: str) -> Student:
        """Join an open session under ``name``: unique in the session by :func:`name_key` (whatever the
        letter case, width, look-alike letters or invisible characters), never a reserved word."""
        name = check_name(name)
        key = name_key(name)
        secret = secrets.token_urlsafe(18)
        try:
            with self._write() as tx:
                session = self._open_session(tx, code)
                # each classmate's name keyed again, not only the stored key: a key stored by an
                # older fold (an earlier changekit, or a machine without ICU) still collides
                names = tx.execute("SELECT name, name_key FROM students WHERE session_id = ?", (session.id,))
                if any(key in (stored, name_key(other)) for other, stored in names):
                    raise _name_taken(name)
                self._check_room(tx, "SELECT COUNT(*) FROM students WHERE session_id = ?", session.id,
                                 limits.MAX_STUDENTS, "class-full", f"class session {session.code} is full: "
                                                                    f"{limits.MAX_STUDENTS} students have joined it")
                (student_id,) = tx.row(
                    "INSERT INTO students (session_id, name, name_key, token_hash, joined_at) "
                    "VALUES (?, ?, ?, ?, ?) RETURNING id",
                    (session.id, name, key, _hash(secret), clock()))
        except self._db.unique_violation:  # the same name joining at the same moment elsewhere
            raise _name_taken(name) from None
        return Student(session.code, name, f"{student_id}.{secret}")

    @remote("student")
    def rejoin(self, code: str, token: str) -> Student:
        """The student whose token this is, back in their open session (after a reload)."""
        with self._read() as tx:
            session = self._open_session(tx, code)
            _, name = self._student(tx, session, token)
        return Student(session.code, name, token)

    def seat_owner(self, code: str, secret: str) -> str | None:
        """The name of the student whose token ``secret`` is, None for the teacher key (also once
        the session is closed): the class service checks a caller's token is their own."""
        with self._read() as tx:
            _, name = self._player(tx, self._session(tx, code), secret)
        return name

    @remote("teacher")
    def students(self, code: str, teacher_key: str) -> list[str]:
        """Names of the students who joined, in the order they joined."""
        with self._read() as tx:
            return students_in(tx, self._teacher(tx, code, teacher_key))

    @remote("member")
    def classmates(self, code: str, secret: str) -> list[str]:
        """Names of the students who joined, in the order they joined, for the teacher or any
        student of the open session (a student picks who to sit with)."""
        with self._read() as tx:
            session = self._open_session(tx, code)
            self._player(tx, session, secret)
            rows = tx.execute("SELECT name FROM students WHERE session_id = ? ORDER BY id", (session.id,))
        return [name for (name,) in rows]

    @remote("teacher")
    def joined_count(self, code: str, teacher_key: str) -> int:
        """How many students joined (the projector's "12 of 28": a count, no names)."""
        with self._read() as tx:
            return joined_in(tx, self._teacher(tx, code, teacher_key))
