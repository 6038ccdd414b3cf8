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
"""
from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from changekit.classroom import connect
from changekit.classroom.pgtemp import PostgresUnavailable, TemporaryPostgres

STUDENTS = 60
POLLS = 10
POLL_WINDOW_S = 2.0
SAME_INSTANT_ROUNDS = 10
ALONE_SUBMITS = 100
FORK = multiprocessing.get_context("fork")


def student(url: str, code: str, index: int, barrier, results) -> None:
    store = connect(url)
    me = store.join(code, f"student {index:02d}")
    rng = random.Random(index)
    waits = []
    for poll in range(POLLS):
        barrier.wait()  # the teacher opens the question
        time.sleep(rng.uniform(0, POLL_WINDOW_S))
        start = time.perf_counter()
        store.submit(code, me.token, f"poll-{poll}", rng.randint(0, 100))
        waits.append(("poll", time.perf_counter() - start))
    for round_ in range(SAME_INSTANT_ROUNDS):
        barrier.wait()
        start = time.perf_counter()
        store.submit(code, me.token, f"now-{round_}", rng.randint(0, 100))
        waits.append(("same instant", time.perf_counter() - start))
    store.close()
    results.put(waits)


def class_latencies(url: str) -> dict[str, list[float]]:
    with connect(url) as store:
        session = store.open_session("bench")
    barrier, results = FORK.Barrier(STUDENTS), FORK.Queue()
    processes = [FORK.Process(target=student, args=(url, session.code, i, barrier, results)) for i in range(STUDENTS)]
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
        for poll in range(POLLS):
            if len(store.answers(session.code, session.teacher_key, f"poll-{poll}")) != STUDENTS:
                raise RuntimeError(f"poll-{poll} lost answers")
    return by_pattern


def alone_latency(url: str) -> float:
    with connect(url) as store:
        session = store.open_session("bench alone")
        me = store.join(session.code, "alone")
        waits = []
        for i in range(ALONE_SUBMITS):
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
        what = (f"submit, {STUDENTS} students answering within {POLL_WINDOW_S:.0f} s" if pattern == "poll"
                else f"submit, {STUDENTS} students at the same instant")
        rows.append((area, f"{what}: p50 / p95 ({len(waits)} submits)",
                     f"{p50 * 1000:.1f} / {p95 * 1000:.1f} ms ({p95 / alone:.1f}x alone; "
                     f"max {max(waits) * 1000:.0f} ms)", target))
    rows.append((area, "box load (1-min average) before the run", f"{load:.1f} on {os.cpu_count()} cores", ""))
    return rows


def run() -> list[tuple[str, str, str, str]]:
    with tempfile.TemporaryDirectory(prefix="changekit-bench-") as folder:
        rows = rows_for("classroom sqlite", f"sqlite:///{Path(folder) / 'class.db'}")
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

    print_table(("area", "metric", "value", "target"), run())
