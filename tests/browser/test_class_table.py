"""Two students' pages (Chromium, two kernels) play a networked Diminishing Returns table, then a
Boneyard round, through one class store: each page shows the other's move by itself (its
polling). The seconds from a click to the other page's update go to the artifacts (speed is
asserted in ``make bench``, not here)."""
from __future__ import annotations

import json
import re
import time

import pytest

from changekit.classroom import connect
from changekit.classroom.tables import open_table, student_seat

from .helpers import ARTIFACTS, RENDER_TIMEOUT_MS, screenshot, student_table_server

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, url = student_table_server(tmp_path_factory.mktemp("class-pages"))
    yield server, url
    server.stop()


def log_lines(page) -> int:
    return page.locator(".ck-log li").count()


def other_page_follows(mover, watcher, click) -> float:
    """Click on ``mover``; seconds until ``watcher``'s log grows (its own poll brings the move)."""
    before = log_lines(watcher)
    start = time.perf_counter()
    click()
    watcher.wait_for_function(f"document.querySelectorAll('.ck-log li').length > {before}", timeout=30_000,
                              polling=20)
    return time.perf_counter() - start


def test_two_pages_play_a_table_and_a_boneyard_round(class_server, browser):
    server, url = class_server
    with connect(url) as store:
        session = store.open_session("Browser class")
        ada, bo = store.join(session.code, "Ada"), store.join(session.code, "Bo")
        open_table(store, session.code, session.teacher_key, "diminishing",
                   [student_seat("Ada"), student_seat("Bo")], seed=3)
        pages = []
        for student in (ada, bo):
            page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
            page.goto(f"{server.url}/voila/render/student.ipynb?code={session.code}&token={student.token}",
                      timeout=RENDER_TIMEOUT_MS)
            page.get_by_text("Diminishing Returns").first.wait_for(timeout=RENDER_TIMEOUT_MS)
            pages.append(page)
        a, b = pages
        seconds = {}
        # Ada moves first (seat 0); Bo's page shows it, then Bo answers and Ada's page shows that
        for name, mover, watcher in (("diminishing: Ada's move on Bo's page", a, b),
                                     ("diminishing: Bo's move on Ada's page", b, a)):
            mover.locator(".ck-status", has_text="You: your move.").wait_for(timeout=30_000)
            mover.get_by_role("button", name=re.compile(r"^Play \$\d+")).first.click()
            take = mover.get_by_role("button", name=re.compile(r"^Take back"))
            take.first.wait_for(timeout=30_000)
            seconds[name] = other_page_follows(mover, watcher, take.first.click)
        assert "Ada played $" in b.locator(".ck-log").inner_text()
        assert "Bo played $" in a.locator(".ck-log").inner_text()
        screenshot(a, "class-table-diminishing-ada")

        # the teacher seats them at a Boneyard table: both pages move there by themselves
        open_table(store, session.code, session.teacher_key, "boneyard",
                   [student_seat("Ada"), student_seat("Bo")], seed=5)
        for page in pages:
            page.get_by_role("button", name=re.compile(r"^Add \$\d+")).first.wait_for(timeout=30_000)
        a.get_by_role("button", name="Add $5").first.click()
        a.get_by_role("button", name="Place my bid (bid $5)").click()
        b.get_by_role("button", name="Add $3").first.click()
        reveal = b.get_by_role("button", name="Reveal (bid $3)")  # Bo's page knows Ada's bid is in
        reveal.wait_for(timeout=30_000)
        seconds["boneyard: Bo's bid settles the round on Ada's page"] = other_page_follows(b, a, reveal.click)
        for page in pages:
            page.get_by_text("Bids revealed").first.wait_for(timeout=30_000)
            text = page.locator(".ck-log").inner_text()
            assert "$5" in text and "$3" in text
        screenshot(b, "class-table-boneyard-bo")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "class-table-latency.json").write_text(json.dumps(seconds, indent=1))
    print(seconds)
