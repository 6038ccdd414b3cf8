"""Issue 46 in the browser: a teacher, the projector and three students. The students vote on
Zombie's Question 2 with how sure they are; after the reveal the teacher sends, in one click, each
their own variant; each student's differs from their neighbour's; each answers theirs alone and sees
right or wrong and the exact answer; the teacher's lesson report shows learned / copied / knew /
still wrong, and the projector shows counts and never a name.

One class server with one fresh SQLite store (read by the test for each student's own right answer)."""
from __future__ import annotations

import pytest

from changekit.classroom import connect

from .helpers import RENDER_TIMEOUT_MS, class_store_server, visible, wait_until, watch

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000
QID = "zombie.q2"
STUDENTS = ("Zephyrine", "Quillon", "Marisol")
FIRST = {"Zephyrine": "30", "Quillon": "49", "Marisol": "80"}
SURE = {"Zephyrine": "sure", "Quillon": "fairly sure", "Marisol": "guess"}
OWN_RIGHT = {"Zephyrine": True, "Quillon": True, "Marisol": False}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, url = class_store_server(tmp_path_factory.mktemp("variants"), "voila-class-variants.log")
    yield server.url, url
    server.stop()


def test_each_student_answers_their_own_variant(browser, class_server):
    address, store_url = class_server
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    watches = [watch(teacher, "class-variants-teacher")]
    teacher.goto(f"{address}/voila/render/class.ipynb", timeout=RENDER_TIMEOUT_MS)
    teacher.get_by_role("button", name="Open a new session").click(timeout=RENDER_TIMEOUT_MS)
    code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
    key = teacher.locator(".ck-teacher-key").text_content().strip()

    projector = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watches.append(watch(projector, "class-variants-projector"))
    projector.goto(f"{address}/voila/render/projector.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
    projector.locator("input[type=password]").fill(key, timeout=RENDER_TIMEOUT_MS)
    projector.get_by_role("button", name="Show on the projector").click()

    pages = {}
    for name in STUDENTS:
        page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
        watches.append(watch(page, f"class-variants-{name.lower()}"))
        page.goto(f"{address}/voila/render/join.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
        name_box = page.get_by_role("textbox", name="Your name:")
        visible(name_box, what=f"the join form on {name}'s phone", timeout_ms=RENDER_TIMEOUT_MS)
        name_box.fill(name)
        page.get_by_role("button", name="Join the class").tap()
        visible(page.locator(".ck-rejoin"), what=f"{name} joined")
        pages[name] = page
    teacher.locator(".ck-student-count", has_text=str(len(STUDENTS))).wait_for(timeout=LIVE_MS)

    row = teacher.locator(".ck-poll-zombie-q2")
    row.get_by_role("button", name="Open", exact=True).click()
    with connect(store_url) as store:  # the right answer, marked as the row's box would
        wait_until(teacher, lambda: any(q.question_id == QID for q in store.questions(code, key)),
                   what="the question open in the store")
        store.mark_correct(code, key, QID, {"range": [47, 52]})
    for name, page in pages.items():
        box = page.locator(".ck-question-box").first
        answer = box.get_by_role("textbox")
        visible(answer, what=f"the question on {name}'s phone")
        answer.fill(FIRST[name])
        box.locator(".ck-confidence").get_by_role("button", name=SURE[name], exact=True).tap()
        box.get_by_role("button", name="Lock in my prediction").tap()
        visible(box.get_by_text("Waiting for your teacher"), what=f"{name}'s vote in")
    row.locator(".ck-poll-count", has_text=f"{len(STUDENTS)} answers").wait_for(timeout=LIVE_MS)
    row.get_by_role("button", name="Reveal").click()
    send = row.get_by_role("button", name="Send each their own variant")
    wait_until(teacher, send.is_enabled, what="Send each their own variant, enabled by the reveal")
    send.click()
    visible(teacher.get_by_text(f"{len(STUDENTS)} students got their own variant"), what="the variants sent")

    with connect(store_url) as store:
        own = {v.student: v for v in store.variants(code, key, QID)}
        first = store.answers(code, key, QID)
    assert set(own) == set(STUDENTS) and first == {name: float(FIRST[name]) for name in STUDENTS}
    texts = {}
    for name, page in pages.items():
        mine = page.locator(".ck-own-variant")
        visible(mine, what=f"{name}'s own variant")
        texts[name] = mine.locator(".ck-question").inner_text()
        low, high = own[name].correct["range"]
        typed = f"{(low + high) / 2:.2f}" if OWN_RIGHT[name] else ("0" if low > 10 else "100")
        mine.get_by_role("textbox").fill(typed)
        mine.locator(".ck-confidence").get_by_role("button", name="sure", exact=True).tap()
        mine.get_by_role("button", name="Lock in my answer").tap()
        verdict = mine.locator(".ck-variant-verdict")
        visible(verdict, what=f"{name}'s verdict")
        said = verdict.inner_text()
        assert said.startswith("Right" if OWN_RIGHT[name] else "Not this time"), said
        assert own[name].exact in said
    # neighbours on the class list differ
    order = list(STUDENTS)
    assert all(texts[a] != texts[b] for a, b in zip(order, order[1:], strict=False)), texts

    teacher.get_by_role("button", name="Lesson report").click()
    table = teacher.locator("table.ck-learning")
    visible(table, what="the learning report")
    shown = table.inner_text()
    for column in ("Knew", "Learned", "Copied", "Still wrong", "Sure and wrong"):
        assert column in shown
    # Quillon right first and on their own: knew; Zephyrine and Marisol wrong first, one right on theirs
    with connect(store_url) as store:
        (report, lesson) = store.learning_report(code, key)
    assert (report.n, report.knew.count, report.learned.count, report.still_wrong.count) == (3, 1, 1, 1)
    # the projector polls: wait for the count of all three answers, not the first one it draws
    board = projector.locator(".ck-projector-learning", has_text="knew 1, learned 1, copied 0, still wrong 1").first
    visible(board, what="the learning counts of all three on the projector", timeout_ms=LIVE_MS)
    everything = projector.locator("body").inner_text()
    assert not any(name in everything for name in STUDENTS)  # never a name
    assert all(seen.unexpected == [] for seen in watches), [seen.unexpected for seen in watches]
