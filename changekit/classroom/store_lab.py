"""The class store's strategy lab: students' bots for a game, and the class tournament's
standings the teacher publishes (to the class, and to the projector without names unless the
teacher published them named)."""
from __future__ import annotations

from typing import Any

from ..core.errors import ClassroomError
from .backends import Transaction
from .store_api import remote
from .store_base import SessionRow, StoreBase, _check_game, _decode, _encode, clock
from .store_records import BotEntry

#: the standings of a class tournament, as JSON (200 entries' rows)
MAX_STANDINGS_BYTES = 256 * 1024


class LabStore(StoreBase):
    """Bots and standings."""

    @remote("student")
    def submit_bot(self, code: str, token: str, game: str, source: str) -> BotEntry:
        """Keep the student's bot for ``game`` (checked by :func:`changekit.lab.check_source`: text,
        at most its size, Python that defines ``choose``), replacing their earlier one. Nothing of it
        runs here."""
        from ..lab.source import BadSource, check_source  # the lab's checks, loaded when a bot comes in

        game = _check_game(game)
        try:
            checked = check_source(source)
        except BadSource as err:
            raise ClassroomError("bad-bot", f"the bot was not stored: {err}") from None
        now = clock()
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, name = self._student(tx, session, token)
            tx.execute("INSERT INTO bots (session_id, student_id, game, source, digest, submitted_at) "
                       "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, student_id, game) DO UPDATE SET "
                       "source = excluded.source, digest = excluded.digest, submitted_at = excluded.submitted_at",
                       (session.id, student_id, game, checked.text, checked.digest, now))
        return BotEntry(name, game, checked.digest, now)

    @remote("member")
    def bots(self, code: str, secret: str, game: str) -> list[BotEntry]:
        """The bots submitted for ``game``, in the order their authors joined: every one with its
        source for the teacher key; only the student's own (with its source) for a student token."""
        game = _check_game(game)
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, _ = self._player(tx, session, secret)
            rows = tx.execute("SELECT s.name, b.digest, b.submitted_at, b.source, b.student_id FROM bots b "
                              "JOIN students s ON s.id = b.student_id WHERE b.session_id = ? AND b.game = ? "
                              "ORDER BY s.id", (session.id, game))
        return [BotEntry(name, game, digest, at, source) for name, digest, at, source, author in rows
                if student_id is None or author == student_id]

    @remote("teacher")
    def publish_standings(self, code: str, teacher_key: str, game: str, result: Any, *, named: bool) -> None:
        """Show the class tournament's standings (JSON: ``{"seed": ..., "rows": [{"entry": name, ...}]}``)
        to the class, with the entrants' names or (``named=False``) without them."""
        game = _check_game(game)
        if not isinstance(result, dict) or not isinstance(result.get("rows"), list) or not all(
                isinstance(row, dict) and isinstance(row.get("entry"), str) for row in result["rows"]):
            raise ClassroomError("bad-standings", "standings are {'seed': ..., 'rows': [{'entry': name, ...}, ...]}")
        encoded = _encode(result, "the standings", limit=MAX_STANDINGS_BYTES)
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            tx.execute("INSERT INTO standings (session_id, game, result, named, published_at) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (session_id, game) DO UPDATE SET result = excluded.result, "
                       "named = excluded.named, published_at = excluded.published_at",
                       (session.id, game, encoded, int(bool(named)), clock()))

    @remote("member")
    def standings(self, code: str, secret: str, game: str) -> dict[str, Any] | None:
        """The published standings of ``game`` (None before the teacher publishes). A student sees
        the entrants' names only where the teacher published them named; their own row is marked
        ``"you": True`` either way."""
        game = _check_game(game)
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, name = self._player(tx, session, secret)
            row = tx.one("SELECT result, named FROM standings WHERE session_id = ? AND game = ?", (session.id, game))
        if row is None:
            return None
        result = _decode(row[0])
        if not isinstance(result, dict):
            return None
        if student_id is not None:
            rows = []
            for i, entry in enumerate(result.get("rows", []), 1):
                shown = dict(entry)
                shown["you"] = entry.get("entry") == name
                if not row[1] and entry.get("kind") != "kit bot":
                    shown["entry"] = "you" if shown["you"] else f"entry {i}"
                rows.append(shown)
            result = {**result, "rows": rows}
        return result

    @remote("projector")
    def projector_standings(self, code: str, projector_key: str) -> list[dict[str, Any]]:
        """Every published tournament's standings, oldest first: ``{"game", "named",
        "published_at", "seed", "rows"}``, each row's figures only and a student's entry as
        ``entry <n>`` unless the teacher published the names."""
        with self._read() as tx:
            return standings_in(tx, self._projector(tx, code, projector_key))


def standings_in(tx: Transaction, session: SessionRow) -> list[dict[str, Any]]:
    rows = tx.execute("SELECT game, result, named, published_at FROM standings WHERE session_id = ? "
                      "ORDER BY published_at, game", (session.id,))
    shown = []
    for game, result, named, published_at in rows:
        data = _decode(result)
        if isinstance(data, dict):
            shown.append({"game": game, "named": bool(named), "published_at": published_at,
                          "seed": data.get("seed"), "rows": _anonymous_rows(data.get("rows"), bool(named))})
    return shown


def _anonymous_rows(rows: Any, named: bool) -> list[dict[str, Any]]:
    """A tournament's standings rows as the projector shows them: the figures only, and each
    student's entry as ``entry <n>`` unless the teacher published the names (kit bots keep theirs)."""
    shown = []
    for i, row in enumerate(rows if isinstance(rows, list) else [], 1):
        if not isinstance(row, dict):
            continue
        kept = {k: row[k] for k in PROJECTOR_STANDINGS_FIELDS if k in row}
        if not named and row.get("kind") != "kit bot":
            kept["entry"] = f"entry {i}"
        shown.append(kept)
    return shown


#: the fields of a standings row the projector gets (a row's other fields may quote a name)
PROJECTOR_STANDINGS_FIELDS = ("rank", "entry", "kind", "games", "win_rate", "low", "high", "mean_score",
                              "timeout", "error", "illegal")
