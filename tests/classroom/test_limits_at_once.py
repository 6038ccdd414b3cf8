"""The store's limits hold when the calls come at once (docs/limits.md). A limit is a count, then
an insert: on PostgreSQL two connections could both count under the limit before either inserted
(eight of a student's calls at once stored 3 answers under a limit of 1). Each test fires the same
call from several connections, each of its own, released together, and counts what was stored."""
from __future__ import annotations

import threading
from collections.abc import Callable

import changekit.classroom.store_limits as store_limits
from changekit.classroom import ClassroomError, connect

from .test_store import seating

#: calls released together, each on a connection of its own (a kernel each, as in a class)
AT_ONCE = 8
#: rounds of them: one round that happened to be taken in turn proves nothing
ROUNDS = 3


def at_once(store_url: str, calls: list[Callable]) -> tuple[int, list[str]]:
    """Run ``calls`` (each given a store of its own) released together; (how many returned, the
    refusals' reasons). Any other error fails the test."""
    stores = [connect(store_url) for _ in calls]
    gate = threading.Barrier(len(calls))
    done: list[bool] = []
    reasons: list[str] = []
    errors: list[BaseException] = []

    def run(call: Callable, store) -> None:
        gate.wait(10)
        try:
            call(store)
            done.append(True)
        except ClassroomError as err:
            reasons.append(err.reason)
        except BaseException as err:  # noqa: BLE001 - said below, in the test's thread
            errors.append(err)

    threads = [threading.Thread(target=run, args=(call, store)) for call, store in zip(calls, stores, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    for store in stores:
        store.close()
    assert not errors, errors
    return len(done), reasons


def test_a_students_answers_at_once_stay_within_their_limit(store, store_url, monkeypatch):
    monkeypatch.setattr(store_limits, "MAX_ANSWERS_PER_STUDENT", 1)
    session = store.open_session("Period 3")
    for round_ in range(ROUNDS):
        token = store.join(session.code, f"Ada{round_}").token
        calls = [lambda s, q=f"r{round_}q{i}", token=token: s.submit(session.code, token, q, 1) for i in range(AT_ONCE)]
        taken, reasons = at_once(store_url, calls)
        stored = sum(f"Ada{round_}" in store.answers(session.code, session.teacher_key, f"r{round_}q{i}")
                     for i in range(AT_ONCE))
        assert (taken, stored) == (1, 1), f"round {round_}: {taken} taken, {stored} stored, under a limit of 1"
        assert reasons == ["too-many-answers"] * (AT_ONCE - 1)


def test_a_class_joining_at_once_stays_within_its_size(store, store_url, monkeypatch):
    session = store.open_session("Period 3")
    for round_ in range(ROUNDS):
        monkeypatch.setattr(store_limits, "MAX_STUDENTS", round_ + 1)  # one more place each round
        calls = [lambda s, name=f"S{round_}-{i}": s.join(session.code, name) for i in range(AT_ONCE)]
        taken, reasons = at_once(store_url, calls)
        joined = len(store.students(session.code, session.teacher_key))
        assert (taken, joined) == (1, round_ + 1), f"round {round_}: {taken} joined, {joined} in the class"
        assert reasons == ["class-full"] * (AT_ONCE - 1)


def test_a_student_starting_tables_at_once_has_one_open(store, store_url):
    session = store.open_session("Period 3")
    assert store_limits.MAX_STARTED_TABLES == 1
    for round_ in range(ROUNDS):
        name = f"Ada{round_}"
        token = store.join(session.code, name).token
        calls = [lambda s, seed=i, token=token, name=name: s.start_table(session.code, token, "zombie",
                                                                            seating(name, seed=seed))
                 for i in range(AT_ONCE)]
        taken, reasons = at_once(store_url, calls)
        assert taken == 1, f"round {round_}: {taken} tables started, one may be open"
        assert reasons == ["too-many-tables"] * (AT_ONCE - 1)
