"""Each student's own variant (issue 46): the time from the teacher's one click to every student's
page showing their variant, for a class of 30 (target: within 2 s).

The real pieces, in one process: the teacher's dashboard on the Zombie lesson and 30 student pages
(``live=False``: each page's poll is called here, as its kernel's poller calls it every
POLL_SECONDS), on a SQLite class store. The class votes on ``zombie.q1`` and it is revealed; then
the click (the dashboard's "Send each their own variant": the deal and one store write for the
class) is timed, and each page's next poll (reading its polls and drawing its variant) is timed.
In a lesson every page has its own kernel, so the pages draw side by side: the click-to-variant
time is the click, plus at most one poll period of waiting, plus the slowest page's draw.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from timing import benchmark, sized

from changekit.classroom import connect
from changekit.classroom.dashboard import Dashboard
from changekit.classroom.live import StudentPage
from changekit.classroom.poller import POLL_SECONDS

QID = "zombie.q1"
STUDENTS = 30
ROUNDS = 5
TARGET_S = 2.0


def one_round(folder: Path, students: int) -> tuple[float, list[float]]:
    """One class: (the click's seconds, each page's seconds to draw its variant)."""
    with connect(f"sqlite:///{folder / f'variants-{time.monotonic_ns()}.db'}") as store:
        board = Dashboard(store, lesson="zombie.ipynb", live=False)
        board.title_box.value = "Period 3"
        board.open_button.click()
        pages = []
        for number in range(students):
            page = StudentPage(store, live=False)
            page.join(board.session.code, f"Student {number + 1}")
            pages.append(page)
        row = board.rows[QID]
        row.open_button.click()
        for page in pages:
            page.link.refresh()
            page.link.questions[QID].predict("$1")
        board.reveal(QID)
        board.poller.tick()
        started = time.perf_counter()
        row.variant_button.click()  # the one click: off the page's loop in a lesson, here at once
        click = time.perf_counter() - started
        assert f"{students} students got their own variant" in board.message.value, board.message.value
        draws = []
        for page in pages:
            started = time.perf_counter()
            page.link.refresh()
            draws.append(time.perf_counter() - started)
            assert QID in page._variants, "a page without its variant"
        return click, draws


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    students, rounds = sized(STUDENTS, 3), sized(ROUNDS, 1)
    os.environ.pop("QUERY_STRING", None)  # the pages are opened with no address here
    clicks, slowest, draws = [], [], []
    with tempfile.TemporaryDirectory(prefix="changekit-bench-") as folder:
        for _ in range(rounds):
            click, each = one_round(Path(folder), students)
            clicks.append(click)
            slowest.append(max(each))
            draws += each
    worst = max(c + POLL_SECONDS + s for c, s in zip(clicks, slowest, strict=True))
    area = f"variants ({students} students, sqlite)"
    def spread(values: list[float]) -> str:
        return f"{statistics.median(values):.3f} / {max(values):.3f} s"

    return [
        (area, "the click: deal and store write, median / max", spread(clicks), ""),
        (area, "a page's poll drawing its variant, median / max", spread(draws), ""),
        (area, f"click to every page's variant, worst of {rounds} (click + {POLL_SECONDS} s poll + slowest page)",
         f"{worst:.2f} s", f"≤ {TARGET_S:g} s"),
    ]
