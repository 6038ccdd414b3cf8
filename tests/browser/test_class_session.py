"""A class session through the real pages (Chromium): the teacher's dashboard (class.ipynb) opens a
session; two students join on join.ipynb; the teacher seats them at a Diminishing Returns table,
and each student page shows the other's move within 1 s of the move's commit; then a class
auction: both bid from their pages, the teacher closes bidding, and every page shows the result.

One Voila server whose kernels share one fresh class store (CHANGEKIT_CLASS_STORE, a tmp file)."""
from __future__ import annotations

import json
import re
import time

import pytest


from .helpers import (
    ARTIFACTS, bid_from_pages, class_store_server, finish, log_count, open_page, visible, wait_log_grows, wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: issue 18: another page sees a move within 1 s (from the move's commit: the mover's page
#: shows its own move only after the store has committed it)
FOLLOW_MS = 1_000
BIDS = {"Ada": "$10", "Bo": "$7"}  # different totals: Ada takes the $10 bucket, Bo the $7 one


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, _ = class_store_server(tmp_path_factory.mktemp("class-session"), "voila-class-session.log")
    yield server.url
    server.stop()


def new_page(browser):
    return browser.new_context(viewport={"width": 1100, "height": 1400}).new_page()


def move_and_watch(mover, watcher, seconds: dict, name: str) -> None:
    """The mover plays a Diminishing Returns move (a bill, then what to take back); once the
    mover's page shows it (committed), the watcher's page must show it within FOLLOW_MS."""
    visible(mover.locator(".ck-status", has_text="You: your move."), what="the mover's turn")
    mover.get_by_role("button", name=re.compile(r"^Play \$\d+")).first.click()
    take = mover.get_by_role("button", name=re.compile(r"^Take back"))
    visible(take, what="the take-back choices")
    mine, theirs = log_count(mover), log_count(watcher)
    take.first.click()
    wait_log_grows(mover, mine, what="the mover's own move in its log (committed to the store)")
    committed = time.perf_counter()
    # the budget, on the page: the watcher's wait times out FOLLOW_MS after the commit
    wait_until(watcher, lambda: log_count(watcher) > theirs, what=f"{name} within {FOLLOW_MS} ms of its commit",
               timeout_ms=FOLLOW_MS)
    seconds[name] = time.perf_counter() - committed


def test_a_class_session_through_the_teacher_and_student_pages(browser, class_server):
    teacher = new_page(browser)
    open_page(teacher, class_server, "class.ipynb")
    teacher.get_by_role("button", name="Open a new session").click()
    code_box = teacher.locator(".ck-join-code")
    visible(code_box, what="the join code")
    code = code_box.inner_text().strip()
    assert len(code) == 6

    students = {}
    for name in BIDS:
        page = new_page(browser)
        open_page(page, class_server, f"join.ipynb?code={code}")
        page.get_by_role("textbox", name="Your name:").fill(name)
        page.get_by_role("button", name="Join the class").click()
        visible(page.locator(".ck-rejoin"), what=f"{name} joined")
        students[name] = page
    ada, bo = students["Ada"], students["Bo"]
    visible(teacher.locator(".ck-student-count", has_text="2"), what="two students on the dashboard")

    # -- a Diminishing Returns table for the two (the panel's game by default) --
    tables = teacher.locator(".ck-class-games")
    for seat, name in (("Seat 1", "Ada"), ("Seat 2", "Bo")):
        picker = tables.get_by_label(seat, exact=True)
        wait_until(teacher, lambda p=picker, n=name: n in p.locator("option").all_inner_texts(),
                   what=f"{name} offered for {seat}")
        picker.select_option(name)
    tables.get_by_role("button", name="Open the table").click()
    visible(tables.get_by_text("Table 1 is open"), what="the table opened")
    for page in students.values():
        visible(page.get_by_text("Table 1: Diminishing Returns"), what="the student's page at the table")
    seconds: dict[str, float] = {}
    move_and_watch(ada, bo, seconds, "Ada's move on Bo's page")
    move_and_watch(bo, ada, seconds, "Bo's move on Ada's page")
    assert "Ada played $" in bo.locator(".ck-log").inner_text()
    assert "Bo played $" in ada.locator(".ck-log").inner_text()
    visible(tables.locator("li", has_text="Ada, Bo · 2 moves"), what="the teacher's list of tables")

    # -- a class auction --
    auction = teacher.get_by_role("button", name="Start a class auction")
    auction.click()
    bid_from_pages(students, BIDS)
    visible(teacher.get_by_text("2 of 2 students have bid"), what="both bids on the dashboard")
    teacher.get_by_role("button", name="Close bidding and settle").click()
    results = teacher.locator("table.ck-auction")
    visible(results, what="the auction's results on the dashboard")
    rows = results.locator("tr").all_inner_texts()
    assert [r.split("\t")[:4] for r in rows[1:]] == [["Ada", "$10", "$10", "took the $10 bucket"],
                                                      ["Bo", "$7", "$7", "took the $7 bucket"]]
    for name, page in students.items():
        result = page.locator(".ck-auction-result")
        earlier = page.get_by_text("Earlier (1)")  # a settled auction is folded under Earlier
        wait_until(page, lambda r=result, e=earlier: r.first.is_visible() or e.count() > 0,
                   what=f"the auction's result on {name}'s page")
        if not result.first.is_visible():
            earlier.first.click()
        visible(result, what=f"the result on {name}'s page")
        assert f"You took the {BIDS[name]} bucket." in result.inner_text()
        assert page.locator(".ck-auction-bidder").get_by_role("button", name="Submit my bid").is_disabled()

    finish(teacher, "class-session-teacher")
    for name, page in students.items():
        finish(page, f"class-session-{name.lower()}")
    (ARTIFACTS / "class-session-latency.json").write_text(json.dumps(seconds, indent=1))
    print(seconds)
