"""The table's referee (issue 45): what one networked move costs now that the store applies it.

Counted on one page's click at a networked Zombie table with two bots (the issue's example): the
store calls the page makes (each one HTTP round trip under RemoteStore, on a hub), the store's
transactions and its SQL statements; and the same for a page's refresh (another page's poll that
finds the move, and one that finds nothing). The issue counted, before the referee, for that click:
2 reads of the moves and 3 appends (5 round trips), the human's move applied twice, 4 clone-and-
apply and 4 views on the page.

Timed: a move through the referee (the student's move, the bots' replies, the mover's view), with
the per-process position cache and without it (each move replaying the game from its seed), on a
long game (Zhao Pengyou, one student and three bots) where replaying costs most.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from timing import benchmark, sized

from changekit.classroom import connect
from changekit.classroom import referee
from changekit.classroom.tables import TableClient, bot_seat, open_table, student_seat


class Counted:
    """A store whose public calls (round trips under RemoteStore) are counted, as are its
    database transactions and statements."""

    def __init__(self, store: Any) -> None:
        self.store, self.calls, self.transactions, self.statements = store, 0, 0, 0
        backend = store._db
        real = backend.transaction

        @contextmanager
        def transaction(*, write: bool):
            self.transactions += 1
            with real(write=write) as tx:
                run = tx._run

                def counted(sql, params):
                    self.statements += 1
                    return run(sql, params)

                tx._run = counted
                yield tx

        backend.transaction = transaction

    def reset(self) -> None:
        self.calls = self.transactions = self.statements = 0

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.store, name)
        if name.startswith("_") or not callable(real):
            return real

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return real(*args, **kwargs)

        return call


def costs(url: str, moves: int) -> dict[str, tuple[float, float, float]]:
    """Median (store calls, transactions, statements) of a click and of two kinds of refresh."""
    with connect(url) as teacher, connect(url) as store_a, connect(url) as store_b:
        session = teacher.open_session("bench referee")
        ada = teacher.join(session.code, "Ada")
        table = open_table(teacher, session.code, session.teacher_key, "zombie",
                           [student_seat("Ada"), bot_seat("greedy"), bot_seat("greedy")], seed=3)
        mover, watcher = Counted(store_a), Counted(store_b)
        page = TableClient(mover, session.code, ada.token, table.table_id)  # type: ignore[arg-type]
        other = TableClient(watcher, session.code, session.teacher_key, table.table_id)  # type: ignore[arg-type]
        found: dict[str, list[tuple[int, int, int]]] = {"click": [], "refresh, news": [], "refresh, none": []}
        for _ in range(moves):
            if page.state.is_terminal():
                break
            mover.reset()
            page.move(page.state.legal_actions(0)[0])
            found["click"].append((mover.calls, mover.transactions, mover.statements))
            for kind in ("refresh, news", "refresh, none"):
                watcher.reset()
                other.sync()
                found[kind].append((watcher.calls, watcher.transactions, watcher.statements))
    return {kind: tuple(statistics.median(c[i] for c in counts) for i in range(3))  # type: ignore[misc]
            for kind, counts in found.items()}


def tick_costs(url: str, students: int, taking: int) -> dict[str, tuple[int, int, int]]:
    """(store calls, transactions, statements) of one dashboard tick with ``taking`` questions
    taking votes: the separate reads the dashboard made before issue 45 (students, questions, and
    each question's votes and who has not voted: 2 + 2k) against the one class snapshot it reads now."""
    with connect(url) as teacher, connect(url) as store:
        session = teacher.open_session("bench tick")
        code, key = session.code, session.teacher_key
        tokens = [teacher.join(code, f"Student {i}").token for i in range(students)]
        qids = [f"zombie.q{n}" for n in range(1, taking + 1)]
        for qid in qids:
            teacher.open_question(code, key, qid, {"qid": qid, "text": "?", "kind": "choices", "choices": ["$1", "$3"]})
            for token in tokens[::2]:
                teacher.submit(code, token, qid, "$1")
        counted = Counted(store)
        counted.students(code, key)
        counted.questions(code, key)
        for qid in qids:
            counted.answers(code, key, qid)
            counted.unanswered(code, key, qid)
        separate = (counted.calls, counted.transactions, counted.statements)
        counted.reset()
        counted.class_snapshot(code, key)
        return {"separate reads (before)": separate,
                "one class snapshot (now)": (counted.calls, counted.transactions, counted.statements)}


def move_times(url: str, moves: int, *, cached: bool) -> tuple[list[float], int]:
    """Seconds per move through the referee on a Zhao Pengyou table of one student and three bots;
    and the log's length at the end."""
    with connect(url) as store:
        session = store.open_session("bench referee")
        ada = store.join(session.code, "Ada")
        table = open_table(store, session.code, session.teacher_key, "zhao_pengyou",
                           [student_seat("Ada"), bot_seat(), bot_seat(), bot_seat()], seed=5)
        page = TableClient(store, session.code, ada.token, table.table_id)
        times = []
        for _ in range(moves):
            if page.state.is_terminal():
                break
            if not cached:
                referee.POSITIONS.clear()  # the move replays the game from its seed
            start = time.perf_counter()
            page.move(page.state.legal_actions(0)[0])
            times.append(time.perf_counter() - start)
        return times, page.made


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="changekit-bench-") as folder:
        counted = costs(f"sqlite:///{Path(folder) / 'counts.db'}", sized(12, 2))
        before = {"click": "before (issue 45): 5 round trips (2 reads of the moves, 3 appends)",
                  "refresh, news": "before: 1 read of the moves, then the page replays them",
                  "refresh, none": ""}
        for kind, (calls, transactions, statements) in counted.items():
            rows.append(("table referee", f"Zombie, 1 student + 2 bots: {kind}, median",
                         f"{calls:g} round trips, {transactions:g} transactions, {statements:g} statements",
                         before[kind]))
        students = sized(30, 4)
        ticks = tick_costs(f"sqlite:///{Path(folder) / 'tick.db'}", students, 3)
        for kind, (calls, transactions, statements) in ticks.items():
            rows.append(("dashboard tick", f"{students} students, 3 questions taking votes: {kind}",
                         f"{calls} round trips, {transactions} transactions, {statements} statements", ""))
        moves = sized(60, 3)
        for cached in (True, False):
            times, made = move_times(f"sqlite:///{Path(folder) / f'times-{cached}.db'}", moves, cached=cached)
            label = "position kept per process" if cached else "replayed from the seed each move"
            rows.append(("table referee", f"Zhao Pengyou, 1 student + 3 bots: a move with the bots' replies, "
                                          f"{label}, p50 / max ({len(times)} moves, log {made})",
                         f"{statistics.median(times) * 1000:.1f} / {max(times) * 1000:.1f} ms", ""))
    return rows


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from run import print_table

    print_table(("area", "metric", "value", "target"), run())
