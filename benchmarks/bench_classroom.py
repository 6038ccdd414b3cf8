"""Class store (issue 18): how long a student waits for ``store.submit`` with 60 students at once.

60 forked processes, each with its own connection (as each student's kernel has), join one session
and answer a series of polls. Two patterns, on SQLite (a file in WAL mode, synchronous=FULL) and on
PostgreSQL (a throwaway server with its durable defaults: fsync on):

* poll: the teacher opens a question; each student answers at a random moment within the next
  2 s (a class answering together, as in a lesson);
* same instant: all 60 submit at the same moment (a barrier), the worst case for contention.

Latency is measured around the call in the student's process: from the call to the commit being
durable and the call returning. The reference is one student alone on the same store (its cost is
the disk's sync, which the crowd shares).

Also: the time from a move at a networked table to the other page's update (two pages, each on
its own connection, polling as under Voila; the reference is the poll period), and the solve of
the class auction's equilibrium for 60 bidders (the reference: 8 players, the game's largest
table). ``python benchmarks/bench_classroom.py tables`` runs only these.
"""
from __future__ import annotations

import functools
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from timing import benchmark, median_seconds, sized

from changekit.classroom import connect
from changekit.testing.pgtemp import PostgresUnavailable, TemporaryPostgres

STUDENTS = 60
POLLS = 10
POLL_WINDOW_S = 2.0
SAME_INSTANT_ROUNDS = 10
ALONE_SUBMITS = 100
FORK = multiprocessing.get_context("fork")


def students() -> int:
    """The class size: STUDENTS (a smoke run: two, so that there is a crowd and a barrier)."""
    return sized(STUDENTS, 2)


def polls() -> int:
    return sized(POLLS, 1)


def student(url: str, code: str, index: int, barrier, results) -> None:
    store = connect(url)
    me = store.join(code, f"student {index:02d}")
    rng = random.Random(index)
    waits = []
    for poll in range(polls()):
        barrier.wait()  # the teacher opens the question
        time.sleep(rng.uniform(0, sized(POLL_WINDOW_S, 0.1)))
        start = time.perf_counter()
        store.submit(code, me.token, f"poll-{poll}", rng.randint(0, 100))
        waits.append(("poll", time.perf_counter() - start))
    for round_ in range(sized(SAME_INSTANT_ROUNDS, 1)):
        barrier.wait()
        start = time.perf_counter()
        store.submit(code, me.token, f"now-{round_}", rng.randint(0, 100))
        waits.append(("same instant", time.perf_counter() - start))
    store.close()
    results.put(waits)


def class_latencies(url: str) -> dict[str, list[float]]:
    with connect(url) as store:
        session = store.open_session("bench")
    barrier, results = FORK.Barrier(students()), FORK.Queue()
    processes = [FORK.Process(target=student, args=(url, session.code, i, barrier, results))
                 for i in range(students())]
    for p in processes:
        p.start()
    by_pattern: dict[str, list[float]] = {}
    for _ in processes:
        for pattern, seconds in results.get(timeout=600):
            by_pattern.setdefault(pattern, []).append(seconds)
    for p in processes:
        p.join()
    if any(p.exitcode for p in processes):
        raise RuntimeError(f"a student process failed: exit codes {[p.exitcode for p in processes]}")
    with connect(url) as store:  # every answer is in
        for poll in range(polls()):
            if len(store.answers(session.code, session.teacher_key, f"poll-{poll}")) != students():
                raise RuntimeError(f"poll-{poll} lost answers")
    return by_pattern


def alone_latency(url: str) -> float:
    with connect(url) as store:
        session = store.open_session("bench alone")
        me = store.join(session.code, "alone")
        waits = []
        for i in range(sized(ALONE_SUBMITS, 2)):
            start = time.perf_counter()
            store.submit(session.code, me.token, f"q{i % 10}", i)
            waits.append(time.perf_counter() - start)
    return statistics.median(waits)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def rows_for(area: str, url: str) -> list[tuple[str, str, str, str]]:
    alone = alone_latency(url)
    load = os.getloadavg()[0]
    by_pattern = class_latencies(url)
    rows = [(area, "submit, one student alone (reference): p50", f"{alone * 1000:.1f} ms", "")]
    for pattern, target in (("poll", "p95 ≤ 50 ms"), ("same instant", "")):
        waits = by_pattern[pattern]
        p50, p95 = percentile(waits, 0.5), percentile(waits, 0.95)
        what = (f"submit, {students()} students answering within {sized(POLL_WINDOW_S, 0.1):.1f} s"
                if pattern == "poll" else f"submit, {students()} students at the same instant")
        rows.append((area, f"{what}: p50 / p95 ({len(waits)} submits)",
                     f"{p50 * 1000:.1f} / {p95 * 1000:.1f} ms ({p95 / alone:.1f}x alone; "
                     f"max {max(waits) * 1000:.0f} ms)", target))
    rows.append((area, "box load (1-min average) before the run", f"{load:.1f} on {os.cpu_count()} cores", ""))
    return rows


def dashboard_rows(url: str) -> list[tuple[str, str, str, str]]:
    """The teacher's dashboard with a class of 60 who answered two questions: one live update (read
    the roster and the counts, redraw them) and one Reveal redraw (read the answers, build the
    histogram, hand it to the chart widget as the kit's server does), against the same with one
    student (the reference)."""
    from changekit.ui import charts

    before = os.environ.get(charts.PLOTLY_JS_ENV)
    os.environ[charts.PLOTLY_JS_ENV] = before or "/bench/plotly.min.js"  # the served path: a Chart widget
    try:
        medians = _dashboard_medians(url)
    finally:
        if before is None:
            del os.environ[charts.PLOTLY_JS_ENV]
    alone, crowd = medians[1], medians[students()]
    names = ("live update (roster, answer counts)", "Reveal redraw, choices (bars)",
             "Reveal redraw, slider (histogram)")
    return [("classroom dashboard", f"{name}, {students()} answers",
             f"{c * 1000:.2f} ms ({c / a:.1f}x one answer: {a * 1000:.2f} ms)", "≤ 200 ms")
            for name, a, c in zip(names, alone, crowd, strict=True)]


def _dashboard_medians(url: str) -> dict[int, tuple[float, float, float]]:
    from changekit.classroom.dashboard import Dashboard

    medians = {}
    for size in (1, students()):
        with connect(url) as store:
            board = Dashboard(store, lesson="zombie.ipynb", live=False)
            session = board.open_session(f"bench dashboard {size}")
            rng = random.Random(size)
            for i in range(size):
                token = store.join(session.code, f"student {i:02d}").token
                store.submit(session.code, token, "zombie.q1", rng.choice(["$1", "$3", "$5", "$7", "$10"]))
                store.submit(session.code, token, "zombie.q2", rng.randint(0, 100))
            for qid in ("zombie.q1", "zombie.q2"):
                store.reveal_question(session.code, session.teacher_key, qid)
                board.show_results(qid)  # warm up (plotly's validators load on first use)
            medians[size] = (median_seconds(lambda board=board: board.apply(board.fetch()), repeat=15),
                             median_seconds(functools.partial(board.show_results, "zombie.q1"), repeat=15),
                             median_seconds(functools.partial(board.show_results, "zombie.q2"), repeat=15))
    return medians


TABLE_MOVES = 30


def move_to_update(url: str, *, tables: int = 1, seats: int = 2,
                   moves: int = TABLE_MOVES) -> tuple[list[float], list[float]]:
    """``tables`` networked Diminishing Returns tables of ``seats`` students each, played at once,
    every page on its own connection and polling as under Voila (an asyncio task, every
    POLL_SECONDS): seconds from a move being committed to each other page at its table drawing it,
    and seconds each move took to write (the store referees it)."""
    import asyncio

    from changekit.classroom.tables import TableClient, networked_app, open_table, student_seat

    with connect(url) as teacher:
        session = teacher.open_session("bench tables")
        names = [[f"S{t}-{k}" for k in range(seats)] for t in range(tables)]
        tokens = {name: teacher.join(session.code, name).token for row in names for name in row}
        stores = [connect(url) for _ in range(tables * seats)]
        try:
            pages = []  # per table, its pages in seat order
            for t, row in enumerate(names):
                table = open_table(teacher, session.code, session.teacher_key, "diminishing",
                                   [student_seat(n) for n in row], seed=t + 1)
                pages.append([networked_app(TableClient(stores[t * seats + k], session.code, tokens[n],
                                                        table.table_id), poll=False)
                              for k, n in enumerate(row)])
            seen: dict[tuple[int, int, int], float] = {}
            for t, row in enumerate(pages):
                for k, app in enumerate(row):
                    def drawn(mark, app=app, t=t, k=k, reload=app.reload):  # the page's poller draws news so
                        reload()
                        seen.setdefault((t, k, app.client.made), time.perf_counter())
                    app.poller.apply = drawn
            delays, writes = [], []

            async def play(t: int, row: list) -> None:
                rng = random.Random(t)
                for _ in range(sized(moves, 2)):
                    state = row[0].client.state
                    if state.is_terminal():
                        break
                    mover = state.current_player
                    client = row[mover].client
                    await asyncio.sleep(rng.uniform(0, 0.3))  # moves at any moment of the other pages' polling
                    start = time.perf_counter()
                    await asyncio.to_thread(client.move, rng.choice(client.state.legal_actions(mover)))
                    committed = time.perf_counter()
                    writes.append(committed - start)
                    for other in range(len(row)):
                        if other != mover:
                            while (t, other, client.made) not in seen:
                                await asyncio.sleep(0.005)
                            delays.append(seen[(t, other, client.made)] - committed)

            async def everyone() -> None:
                for row in pages:
                    for app in row:
                        app.poller.start()
                await asyncio.gather(*(play(t, row) for t, row in enumerate(pages)))
                for row in pages:
                    for app in row:
                        app.poller.stop()

            asyncio.run(everyone())
        finally:
            for store in stores:
                store.close()
    return delays, writes


def table_rows(area: str, url: str) -> list[tuple[str, str, str, str]]:
    from changekit.classroom.tables import POLL_SECONDS

    delays, writes = move_to_update(url)
    rows = [(area, f"networked table: a move to the other page's update, p50 / max ({len(delays)} moves)",
             f"{percentile(delays, 0.5) * 1000:.0f} / {max(delays) * 1000:.0f} ms "
             f"({max(delays) / POLL_SECONDS:.2f}x the {POLL_SECONDS * 1000:.0f} ms poll period)", "≤ 1 s"),
            (area, "networked table: writing a move (the store referees it: check, apply, append), p50",
             f"{percentile(writes, 0.5) * 1000:.1f} ms", "")]
    tables, seats = sized(8, 2), sized(4, 2)
    delays, writes = move_to_update(url, tables=tables, seats=seats, moves=12)
    rows += [(area, f"{tables} tables of {seats} at once: a move to each other page's update, p50 / p95 "
                    f"({len(delays)} updates)",
              f"{percentile(delays, 0.5) * 1000:.0f} / {percentile(delays, 0.95) * 1000:.0f} ms", "≤ 1 s"),
             (area, f"{tables} tables of {seats} at once: writing a move, p50 / p95",
              f"{percentile(writes, 0.5) * 1000:.1f} / {percentile(writes, 0.95) * 1000:.1f} ms", "")]
    return rows


def equilibrium_rows() -> list[tuple[str, str, str, str]]:
    from changekit.games.boneyard.analysis import first_round_equilibrium

    solve = first_round_equilibrium.__wrapped__  # past the cache: a fresh solve each time
    solves = sized(3, 1)
    times = {}
    for n in (8, 60):
        runs = []
        for _ in range(solves):
            start = time.perf_counter()
            eq = solve(n)
            runs.append(time.perf_counter() - start)
        times[n] = (statistics.median(runs), eq.exploitability)
    (t8, _), (t60, ex60) = times[8], times[60]
    return [("classroom auction", f"first-round equilibrium, 8 players (reference), median of {solves}",
             f"{t8 * 1000:.0f} ms", ""),
            ("classroom auction", f"first-round equilibrium for a class of 60, median of {solves}",
             f"{t60 * 1000:.0f} ms ({t60 / t8:.1f}x 8 players; exploitability {ex60:.1e})", "≤ 1 s, ε ≤ 1e-9")]


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = equilibrium_rows()
    with tempfile.TemporaryDirectory(prefix="changekit-bench-") as folder:
        rows += dashboard_rows(f"sqlite:///{Path(folder) / 'dashboard.db'}")
        rows += table_rows("classroom sqlite", f"sqlite:///{Path(folder) / 'tables.db'}")
        rows += rows_for("classroom sqlite", f"sqlite:///{Path(folder) / 'class.db'}")
    try:
        with TemporaryPostgres(durable=True) as server:
            rows += rows_for("classroom postgresql", server.empty_store_url())
    except PostgresUnavailable as err:
        rows.append(("classroom postgresql", "submit latency", f"not measured: {err}", ""))
    return rows


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from run import print_table

    if sys.argv[1:] == ["tables"]:  # only the networked-table and auction rows (seconds, not minutes)
        with tempfile.TemporaryDirectory(prefix="changekit-bench-") as folder:
            print_table(("area", "metric", "value", "target"),
                        equilibrium_rows() + table_rows("classroom sqlite", f"sqlite:///{Path(folder) / 'tables.db'}"))
    else:
        print_table(("area", "metric", "value", "target"), run())
