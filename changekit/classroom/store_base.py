"""What every domain of the class store shares: its database connection and transactions, who a
secret names (the teacher, the projector, a student), the checks of what comes in (codes, names,
question ids, JSON values) and the store's clock.

Each domain (:mod:`.store_sessions`, :mod:`.store_polls`, :mod:`.store_variants`,
:mod:`.store_reports`, :mod:`.store_tables`, :mod:`.store_lab`, :mod:`.store_projector`,
:mod:`.store_export`) is a mixin of :class:`StoreBase`; :class:`changekit.classroom.store.Store`
is all of them. Secrets leave the store once, when made; it keeps only their SHA-256 hashes and
compares with ``hmac.compare_digest``. A student token is ``<student id>.<secret>``, so the store
finds the student by id and compares one hash.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import re
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Self

from ..core.errors import ChangekitError, ClassroomError
from ..registry import is_game, unknown_game
from .backends import Backend, Transaction
from .kinds import AUCTION_KIND, PROMPT_KINDS
from .names import INVISIBLE, name_key
from .schema import migrate

#: join codes: no 0/O or 1/I, so a code read off the projector types right on a phone
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: an answer's or a move's JSON, in UTF-8 bytes
MAX_VALUE_BYTES = 4096
#: how deeply lists and dicts nest in a stored JSON value (json reads 1,500 levels only by recursing)
MAX_VALUE_DEPTH = 20
#: the largest size of a number in a stored JSON value: integers and floats up to 10^15 (15 digits)
#: are exact in a browser and in every chart's arithmetic; a 4,000-digit number is neither
MAX_NUMBER = 10**15
MAX_NAME_CHARS = 40
MAX_TITLE_CHARS = 100
#: question ids come from notebooks: short, and safe in a CSV cell and a URL
QUESTION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,99}")
#: a student token: ``<student id>.<secret>`` (ASCII digits; the secret is URL-safe base64)
TOKEN = re.compile(r"(?P<id>[0-9]{1,19})\.(?P<secret>[A-Za-z0-9_-]{1,100})", re.ASCII)
#: a table id: a whole number a 64-bit column holds
MAX_ROW_ID = 2**63 - 1


def clock() -> float:
    """The store's time (epoch seconds): every domain reads it here, so a test stops it in one place
    (``monkeypatch.setattr(store_base, "time", frozen)``)."""
    return time.time()


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A session as the store's methods read it (never returned: it holds the keys' hashes)."""

    id: int
    code: str
    title: str
    teacher_key_hash: str
    closed: bool
    projector_key_hash: str | None = None


class StoreBase:
    """The class store on one database connection (thread-safe: one transaction at a time)."""

    def __init__(self, backend: Backend):
        self._db = backend
        migrate(backend)

    @property
    def where(self) -> str:
        """The store's URL, without a password."""
        return self._db.where

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<class store {self.where}>"

    # -- checks shared by the methods -------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[Transaction]:
        with self._db.transaction(write=True) as tx:
            yield tx

    @contextmanager
    def _read(self) -> Iterator[Transaction]:
        with self._db.transaction(write=False) as tx:
            yield tx

    def _session(self, tx: Transaction, code: str, *, share: bool = False) -> SessionRow:
        """The session of ``code``; ``share``: and it stays as it is (open) until ``tx`` commits."""
        code = _normal_code(code)
        row = tx.one("SELECT id, code, title, teacher_key_hash, closed_at, projector_key_hash FROM sessions "
                     "WHERE code = ?" + (tx.for_share if share else ""), (code,))
        if row is None:
            raise ClassroomError("unknown-session", f"no class session has the code {code!r}: check the code "
                                                    "on the teacher's screen")
        return SessionRow(row[0], row[1], row[2], row[3], row[4] is not None, row[5])

    def _open_session(self, tx: Transaction, code: str) -> SessionRow:
        session = self._session(tx, code, share=True)
        if session.closed:
            raise ClassroomError("session-closed", f"class session {session.code} is closed")
        return session

    def _teacher(self, tx: Transaction, code: str, teacher_key: str, *, must_be_open: bool = False) -> SessionRow:
        session = self._open_session(tx, code) if must_be_open else self._session(tx, code)
        if not _matches(teacher_key, session.teacher_key_hash):
            if _is_projector_key(teacher_key, session):
                raise _projector_refused(session)
            raise ClassroomError("wrong-teacher-key", f"that is not the teacher key of session {session.code}")
        return session

    def _projector(self, tx: Transaction, code: str, projector_key: str) -> SessionRow:
        session = self._session(tx, code)
        if not _is_projector_key(projector_key, session):
            raise ClassroomError("wrong-projector-key", f"that is not the projector key of session {session.code}: "
                                                        "open the projector from the dashboard's link")
        return session

    def _student(self, tx: Transaction, session: SessionRow, token: str) -> tuple[int, str]:
        """(student id, name) of the token's student in this session."""
        parts = TOKEN.fullmatch(token) if isinstance(token, str) else None
        row = None
        if parts is not None and int(parts["id"]) <= MAX_ROW_ID:
            row = tx.one("SELECT name, token_hash FROM students WHERE id = ? AND session_id = ?",
                         (int(parts["id"]), session.id))
        if parts is None or row is None or not _matches(parts["secret"], row[1]):
            raise ClassroomError("unknown-student", f"this seat link is not valid: it is not the token of a student "
                                                    f"of session {session.code}; join again with your name")
        return int(parts["id"]), row[0]

    def _player(self, tx: Transaction, session: SessionRow, secret: str) -> tuple[int | None, str | None]:
        """(student id, name) for a student's token; (None, None) for the teacher key."""
        if _matches(secret, session.teacher_key_hash):
            return None, None
        if _is_projector_key(secret, session):
            raise _projector_refused(session)
        try:
            return self._student(tx, session, secret)
        except ClassroomError:
            raise ClassroomError("unknown-player", f"that is neither a student token nor the teacher key of "
                                                   f"session {session.code}") from None

    def _names(self, tx: Transaction, session: SessionRow) -> list[str]:
        return [name for (name,) in tx.execute("SELECT name FROM students WHERE session_id = ?", (session.id,))]

    @staticmethod
    def _check_room(tx: Transaction, count_sql: str, key: Any, limit: int, reason: str, message: str) -> None:
        """Refuse one more row where ``count_sql`` (for ``key``) already counts ``limit``: calls
        counting the same rows at once count in turn, each after the last one's row is in."""
        tx.take_turns(f"{count_sql} {key!r}")
        (count,) = tx.row(count_sql, key if isinstance(key, tuple) else (key,))
        if count >= limit:
            raise ClassroomError(reason, message)

    def _teacher_votes(self, code: str, teacher_key: str, question_id: str, votes: str) -> dict[str, Any]:
        """``{student name: value}`` of the question's first votes, revotes or recalls (:func:`votes_in`),
        for its teacher: :meth:`answers`, :meth:`revotes` and :meth:`recalls` are this one read."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return votes_in(tx, self._teacher(tx, code, teacher_key), question_id, votes)


#: the tables of a question's votes by kind: the first vote and the revote are twin tables (one
#: row per student and question, replaced by a new vote); what the result showed is a third
VOTES = ("answers", "revotes", "recalls")


def votes_in(tx: Transaction, session: SessionRow, question_id: str, votes: str) -> dict[str, Any]:
    """``{student name: value}`` of the question's first votes (``answers``), ``revotes`` or
    answers to "what did the result show?" (``recalls``)."""
    assert votes in VOTES
    rows = tx.execute(f"SELECT s.name, v.value FROM {votes} v JOIN students s ON s.id = v.student_id "
                      "WHERE v.session_id = ? AND v.question_id = ? ORDER BY s.id", (session.id, question_id))
    return {name: _decode(value) for name, value in rows}


def students_in(tx: Transaction, session: SessionRow) -> list[str]:
    rows = tx.execute("SELECT name FROM students WHERE session_id = ? ORDER BY id", (session.id,))
    return [name for (name,) in rows]


def joined_in(tx: Transaction, session: SessionRow) -> int:
    (count,) = tx.row("SELECT COUNT(*) FROM students WHERE session_id = ?", (session.id,))
    return int(count)


def _projector_key_of(code: str, teacher_key: str) -> str:
    """The session's projector key: derived from its teacher key (so the store, which keeps only
    hashes, gives the same one on every ask), and no way back to the teacher key from it."""
    digest = hmac.new(teacher_key.encode(), f"changekit projector {code}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _is_projector_key(secret: object, session: SessionRow) -> bool:
    return session.projector_key_hash is not None and _matches(secret, session.projector_key_hash)


def _projector_refused(session: SessionRow) -> ClassroomError:
    return ClassroomError("wrong-teacher-key", f"that is the projector key of session {session.code}: it only "
                                               "shows the class's counts and results; this needs the teacher key")


def _short_value(value: Any) -> str:
    """An answer as a report cell shows it (a number as the page writes it; at most 40 characters)."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _real(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def check_answer(prompt: Any, value: Any, *, reason: str, said: str) -> None:
    """Refuse (``reason``) what the question's page could not send: one of its choices (compared
    as they show, as the right answer is), a number in its range, or for the class auction a bid
    of the bills a bidder holds. ``said`` names the answer (\"an answer to question 'q1'\")."""
    kind = prompt.get("kind") if isinstance(prompt, dict) else None
    # the value as sent (a report cell's 6 digits would name 50 for 50.0000001, '1' for 1.0)
    shown = _short_value(repr(value) if isinstance(value, float) else value)
    if kind == AUCTION_KIND:
        from ..games.boneyard import check_bid  # the store's other calls need no game loaded

        try:
            check_bid(value)
        except ChangekitError as err:
            raise ClassroomError(reason, f"{said} is a bid: {err}") from None
        return
    how = prompt.get(kind) if kind in PROMPT_KINDS else None
    if kind == "choices" and isinstance(how, list):
        choices = [str(c) for c in how]
        if not isinstance(value, (dict, list, bool)) and value is not None and str(value) in choices:
            return
        raise ClassroomError(reason, f"{said} is one of its choices ({', '.join(choices)}), not {shown!r}")
    if not (isinstance(how, list) and len(how) >= 2 and _real(how[0]) and _real(how[1])):
        raise ClassroomError(reason, f"{said} cannot be taken: the question gives no choices and no range of "
                                     f"numbers ({prompt!r:.80})")
    if not _real(value):
        raise ClassroomError(reason, f"{said} is a number, not {shown!r}")
    if not how[0] <= value <= how[1]:
        raise ClassroomError(reason, f"{said} is a number from {how[0]} to {how[1]}, not {shown}")


def _unknown_question(session: SessionRow, question_id: str) -> ClassroomError:
    return ClassroomError("unknown-question", f"session {session.code} has no question {question_id!r}: "
                                              "open it first")


def _is_row_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ROW_ID


def _hash(secret: str) -> str:
    # the secrets are 144+ random bits: a plain hash is enough (no password stretching)
    return hashlib.sha256(secret.encode()).hexdigest()


def _matches(secret: object, stored_hash: str) -> bool:
    return isinstance(secret, str) and hmac.compare_digest(_hash(secret), stored_hash)


def normal_code(code: object) -> str:
    """A join code as the store keeps it (see :func:`_normal_code`): the class service keys seats by it."""
    return _normal_code(code)


def _normal_code(code: object) -> str:
    """Upper case, without the spaces or dashes people type; refused unless 6 code characters."""
    if isinstance(code, str):
        cleaned = re.sub(r"[\s-]", "", code).upper()
        if len(cleaned) == CODE_LENGTH and all(c in CODE_ALPHABET for c in cleaned):
            return cleaned
    raise ClassroomError("bad-code", f"a join code is {CODE_LENGTH} letters and digits (never 0, O, 1 or I): "
                                     f"{code!r} is not one")


def _clean_text(text: object, what: str, limit: int) -> str:
    """``text`` with its spaces trimmed and runs of spaces made one; refused if empty, longer
    than ``limit`` or holding control characters."""
    if not isinstance(text, str):
        raise ClassroomError(f"bad-{what}", f"a {what} is text, not {text!r}")
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ClassroomError(f"bad-{what}", f"the {what} is empty: type one")
    if len(cleaned) > limit:
        raise ClassroomError(f"bad-{what}", f"a {what} has at most {limit} characters; {cleaned[:20]!r}... has "
                                            f"{len(cleaned)}")
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ClassroomError(f"bad-{what}", f"the {what} {cleaned!r} holds control characters")
    return cleaned


#: names that would read as something else on a page: "You" ("Your bag" on others' pages), the
#: teacher, and the bots' labels ("Careful bot", "Heuristic bot": any name ending in " bot")
RESERVED_NAMES = ("you", "me", "teacher", "bot")


def check_name(name: object) -> str:
    """A student's name as the store keeps it: spaces trimmed and made single, invisible
    characters dropped; refused (with the reason) if empty, too long, holding control characters
    (zero-width spaces, direction marks, NUL) or reserved (:data:`RESERVED_NAMES`, "... bot").

    >>> check_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> check_name("Careful bot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    changekit.core.errors.ClassroomError: 'Careful bot' reads as a bot's seat at a table ...
    """
    cleaned = _clean_text(name, "name", MAX_NAME_CHARS)
    cleaned = " ".join(INVISIBLE.sub("", cleaned).split())
    key = name_key(cleaned)
    if not key:
        raise ClassroomError("bad-name", "the name is empty (only invisible characters): type one")
    if key == "bot" or key.endswith(" bot"):
        raise ClassroomError("reserved-name", f"{cleaned!r} reads as a bot's seat at a table (names ending in 'bot' "
                                              "are the bots'): pick another name")
    if key in {name_key(reserved) for reserved in RESERVED_NAMES}:
        raise ClassroomError("reserved-name", f"{cleaned!r} is a word the class pages use themselves "
                                              f"({', '.join(repr(n.capitalize()) for n in RESERVED_NAMES)}): "
                                              "pick another name")
    return cleaned


def _name_taken(name: str) -> ClassroomError:
    return ClassroomError("name-taken", f"the name {name!r} is already taken in this session: pick another "
                                        "(or, if it is you, open your own join link again)")


def _check_game(game: object) -> str:
    if not is_game(game):
        raise ClassroomError("unknown-game", unknown_game(game))
    return game


def _check_question_id(question_id: object) -> str:
    if isinstance(question_id, str) and QUESTION_ID.fullmatch(question_id):
        return question_id
    raise ClassroomError("bad-question", f"a question id is 1-100 letters, digits and _.:/- (starting with a "
                                         f"letter or digit), not {question_id!r}")


def check_value(value: Any, what: str = "a value") -> None:
    """Refuse (ClassroomError) a value the store would keep but a page could not read back: lists
    and dicts nested deeper than MAX_VALUE_DEPTH, a number beyond ±MAX_NUMBER, a dict key that is
    not text, or more parts than MAX_VALUE_BYTES could hold. Walked without recursion, so a
    value nested 100,000 deep is refused as quickly as one nested 21 deep."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    parts = 0
    while stack:
        item, depth = stack.pop()
        parts += 1
        if parts > MAX_VALUE_BYTES:  # every part takes at least a byte of JSON
            raise ClassroomError("value-too-large", f"{what} is at most {MAX_VALUE_BYTES} bytes as JSON")
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_VALUE_DEPTH:
                raise ClassroomError("value-too-deep", f"{what} nests lists and dicts at most {MAX_VALUE_DEPTH} "
                                                       "deep")
            if isinstance(item, dict):
                if not all(isinstance(k, str) for k in item):
                    raise ClassroomError("bad-value", f"{what} must be a JSON value: a dict's keys are text")
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            # NaN and infinities are json.dumps's to refuse (not JSON at all); an int compares exactly
            finite = not isinstance(item, float) or math.isfinite(item)
            if finite and not -MAX_NUMBER <= item <= MAX_NUMBER:
                raise ClassroomError("number-too-large", f"{what} holds a number beyond ±10^15 "
                                                         f"({_short_number(item)}): no page could use it exactly")


def _short_number(number: float) -> str:
    if isinstance(number, int):  # (str() of a 4,300-digit int is refused by Python itself)
        return f"a number of about {int(number.bit_length() * 0.30103) + 1} digits"
    return repr(number)


def _encode(value: Any, what: str, *, limit: int = MAX_VALUE_BYTES) -> str:
    check_value(value, what)
    try:
        encoded = json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as err:
        raise ClassroomError("bad-value", f"{what} must be a JSON value (numbers, text, lists, dicts): {err}") from None
    size = len(encoded.encode())
    if size > limit:
        raise ClassroomError("value-too-large", f"{what} is at most {limit} bytes as JSON; this one is {size}")
    return encoded


def _decode(encoded: str | None) -> Any:
    """A stored JSON value; None for one a page could not use (written before the store checked
    depth and numbers, or past the store): one bad row never breaks a whole answer list."""
    if encoded is None:
        return None
    try:
        value = json.loads(encoded)
        check_value(value)
    except (ValueError, RecursionError):
        return None
    return value
