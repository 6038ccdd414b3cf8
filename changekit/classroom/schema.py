"""The class store's schema, as an ordered list of migrations.

``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``; the ``schema_version`` table
holds the version reached. Never edit a migration that has shipped: append a new one. ``{id}`` is
the backend's id column (SQLite and PostgreSQL spell "an integer the database assigns" apart);
everything else is SQL both understand.
"""
from __future__ import annotations

from ..core.errors import ClassroomError
from .backends import Backend, Transaction

MIGRATIONS: list[list[str]] = [
    # 1: sessions, students and their answers; game tables as append-only logs of moves.
    [
        """CREATE TABLE sessions (
            id {id},
            code TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            teacher_key_hash TEXT NOT NULL,
            opened_at DOUBLE PRECISION NOT NULL,
            closed_at DOUBLE PRECISION
        )""",
        """CREATE TABLE students (
            id {id},
            session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            joined_at DOUBLE PRECISION NOT NULL,
            UNIQUE (session_id, name_key)
        )""",
        # a question exists from its first submission (or the teacher opening it) on
        """CREATE TABLE questions (
            session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            question_id TEXT NOT NULL,
            opened_at DOUBLE PRECISION NOT NULL,
            closed_at DOUBLE PRECISION,
            PRIMARY KEY (session_id, question_id)
        )""",
        # one answer per student and question: a new submission replaces the old (value is JSON)
        """CREATE TABLE answers (
            session_id BIGINT NOT NULL,
            question_id TEXT NOT NULL,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            value TEXT NOT NULL,
            submitted_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, question_id, student_id),
            FOREIGN KEY (session_id, question_id) REFERENCES questions (session_id, question_id)
                ON DELETE CASCADE
        )""",
        # settings (JSON): what the networked table needs to replay the game (options, seed, seats)
        """CREATE TABLE tables (
            id {id},
            session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            settings TEXT NOT NULL,
            opened_at DOUBLE PRECISION NOT NULL,
            closed_at DOUBLE PRECISION
        )""",
        "CREATE INDEX tables_by_session ON tables (session_id)",
        # the primary key is the guard: two students acting at once cannot both append move N;
        # student_id NULL is a move made from the teacher's page (a bot seat)
        """CREATE TABLE moves (
            table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            move_number INTEGER NOT NULL,
            student_id BIGINT REFERENCES students (id) ON DELETE SET NULL,
            action TEXT NOT NULL,
            made_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, move_number)
        )""",
    ],
    # 2: class polls. What the teacher opened (the question's text and how to answer, JSON, so a
    # student page can draw it) and when the teacher revealed the exact answer (JSON) to the class.
    [
        "ALTER TABLE questions ADD COLUMN prompt TEXT",
        "ALTER TABLE questions ADD COLUMN revealed_at DOUBLE PRECISION",
        "ALTER TABLE questions ADD COLUMN revealed_answer TEXT",
    ],
    # 3: students seat themselves. A table a student started names them (NULL: the teacher's).
    [
        "ALTER TABLE tables ADD COLUMN started_by BIGINT REFERENCES students (id) ON DELETE SET NULL",
    ],
    # 4: the store's limits per student count a student's answers, moves and started tables
    [
        "CREATE INDEX answers_by_student ON answers (student_id)",
        "CREATE INDEX moves_by_student ON moves (student_id)",
        "CREATE INDEX tables_by_starter ON tables (started_by)",
    ],
    # 5: the strategy lab. Each student's bot for a game (its source; a new one replaces the old),
    # and the standings of the class tournament the teacher published (JSON), one per game.
    [
        """CREATE TABLE bots (
            session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            source TEXT NOT NULL,
            digest TEXT NOT NULL,
            submitted_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, student_id, game)
        )""",
        """CREATE TABLE standings (
            session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            result TEXT NOT NULL,
            named INTEGER NOT NULL,
            published_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, game)
        )""",
    ],
    # 6: a poll's run after the research (issue 25): first vote, "talk to your neighbour", revote,
    # reveal. When the discussion opened (the first vote is over, revotes are taken), when the teacher
    # paused the question, when its timer runs out, and the right answer the teacher marked (JSON).
    # Revotes sit beside the first votes, one per student and question (a new revote replaces it).
    [
        "ALTER TABLE questions ADD COLUMN discussion_at DOUBLE PRECISION",
        "ALTER TABLE questions ADD COLUMN paused_at DOUBLE PRECISION",
        "ALTER TABLE questions ADD COLUMN deadline_at DOUBLE PRECISION",
        "ALTER TABLE questions ADD COLUMN correct TEXT",
        """CREATE TABLE revotes (
            session_id BIGINT NOT NULL,
            question_id TEXT NOT NULL,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            value TEXT NOT NULL,
            submitted_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, question_id, student_id),
            FOREIGN KEY (session_id, question_id) REFERENCES questions (session_id, question_id)
                ON DELETE CASCADE
        )""",
        "CREATE INDEX revotes_by_student ON revotes (student_id)",
    ],
    # 7: the projector's read-only key (issue 41): its hash, set when the teacher first asks for
    # it (the key is derived from the teacher key, so the store can give the same one again)
    [
        "ALTER TABLE sessions ADD COLUMN projector_key_hash TEXT",
    ],
    # 8: how sure a student is of each vote (issue 46): one of report.CONFIDENCE, NULL where not asked
    [
        "ALTER TABLE answers ADD COLUMN confidence TEXT",
        "ALTER TABLE revotes ADD COLUMN confidence TEXT",
    ],
    # 9: each student's own variant of a question, sent after its reveal (issue 46). The seed of the
    # round's generator, on the question (recorded: the same seed deals the same variants); per student
    # the instance (its seed, what the page draws and the right answer, JSON; the exact answer in words)
    # and, once given, their one answer (JSON) and how sure they were: never replaced.
    [
        "ALTER TABLE questions ADD COLUMN variant_seed BIGINT",
        """CREATE TABLE variants (
            session_id BIGINT NOT NULL,
            question_id TEXT NOT NULL,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            seed BIGINT NOT NULL,
            prompt TEXT NOT NULL,
            correct TEXT NOT NULL,
            exact TEXT NOT NULL,
            sent_at DOUBLE PRECISION NOT NULL,
            value TEXT,
            confidence TEXT,
            answered_at DOUBLE PRECISION,
            PRIMARY KEY (session_id, question_id, student_id),
            FOREIGN KEY (session_id, question_id) REFERENCES questions (session_id, question_id)
                ON DELETE CASCADE
        )""",
        "CREATE INDEX variants_by_student ON variants (student_id)",
    ],
    # 10: the one-click experiment (issue 46): a question's class split at random into students who
    # predict before the reveal and students who only watch it. The split's seed, on the question;
    # each student's group ("predict" or "watch"), never changed once the split is made.
    [
        "ALTER TABLE questions ADD COLUMN experiment_seed BIGINT",
        """CREATE TABLE experiment_groups (
            session_id BIGINT NOT NULL,
            question_id TEXT NOT NULL,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            grp TEXT NOT NULL,
            PRIMARY KEY (session_id, question_id, student_id),
            FOREIGN KEY (session_id, question_id) REFERENCES questions (session_id, question_id)
                ON DELETE CASCADE
        )""",
    ],
    # 11: "what did the result show?" after a reveal (issue 46): when the teacher asked it, on the
    # question; each student's one answer (JSON, answered from memory, never replaced)
    [
        "ALTER TABLE questions ADD COLUMN recall_at DOUBLE PRECISION",
        """CREATE TABLE recalls (
            session_id BIGINT NOT NULL,
            question_id TEXT NOT NULL,
            student_id BIGINT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            value TEXT NOT NULL,
            answered_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, question_id, student_id),
            FOREIGN KEY (session_id, question_id) REFERENCES questions (session_id, question_id)
                ON DELETE CASCADE
        )""",
        "CREATE INDEX recalls_by_student ON recalls (student_id)",
    ],
]

#: the version this changekit writes and reads
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(tx: Transaction) -> int:
    """The version the database is at (0: empty)."""
    tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = tx.one("SELECT version FROM schema_version")
    return row[0] if row else 0


def migrate(backend: Backend, migrations: list[list[str]] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)``, all pending steps in one transaction (all or
    nothing), other connections waiting meanwhile. Returns the version reached. A database newer
    than this changekit is refused, not touched."""
    with backend.transaction(write=True) as tx:
        backend.lock_schema(tx)
        version = schema_version(tx)
        if version > len(migrations):
            raise ClassroomError("store-too-new",
                                 f"the class store {backend.where} has schema version {version}, newer than this "
                                 f"changekit knows ({len(migrations)}): upgrade changekit on this machine")
        for step in migrations[version:]:
            for statement in step:
                tx.execute(statement.replace("{id}", backend.id_column))
        if version == 0:
            tx.execute("INSERT INTO schema_version (version) VALUES (?)", (len(migrations),))
        elif version < len(migrations):
            tx.execute("UPDATE schema_version SET version = ?", (len(migrations),))
    return len(migrations)
