"""The teacher's dashboard through a reload (Chromium, issue 41): a teacher opens a session, sees
the teacher key once in a box to write down, marks a right answer before opening the question,
reveals it (the chart lands in the question's own row), reloads, and is back on the same session
with no typing; Delete session forgets it, and the next reload shows the start form."""
from __future__ import annotations


import pytest

from changekit.classroom import connect

from .helpers import RENDER_TIMEOUT_MS, class_store_server, open_page, screenshot, visible, wait_for_cookie, wait_until
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 60_000
#: the screen the reviewer ran the lesson on
VIEWPORT = {"width": 1280, "height": 800}


def test_a_teacher_reloads_and_is_back_on_the_same_session_with_no_typing(browser, tmp_path):
    server, url = class_store_server(tmp_path, "voila-class-teacher-reload.log")
    try:
        context = browser.new_context(viewport=VIEWPORT)
        teacher = context.new_page()
        open_page(teacher, server.url, "class.ipynb")
        teacher.get_by_role("button", name="Open a new session").click()
        code_box = teacher.locator(".ck-join-code")
        visible(code_box, what="the join code", timeout_ms=LIVE_MS)
        code = code_box.inner_text().strip()
        # the key, unfolded, in its own box, to write down
        key_box = teacher.locator(".ck-key-box")
        visible(key_box, what="the teacher key's box")
        key = teacher.locator(".ck-teacher-key").inner_text().strip()
        assert "Write it down" in key_box.inner_text() and teacher.locator("details").count() == 0
        with connect(url) as store:
            assert store.resume_session(code, key).code == code
            view_key = store.projector_key(code, key)
        projector = teacher.get_by_role("link", name="Open the projector view")
        href = projector.get_attribute("href")
        assert f"code={code}" in href and f"view={view_key}" in href and key not in href
        kept = wait_for_cookie(teacher, f"changekit_teacher_{server.port}")
        assert kept["value"] == f"{code}:{key}" and kept["sameSite"] == "Strict"
        assert kept["httpOnly"] and "changekit_teacher" not in teacher.evaluate("document.cookie")
        screenshot(teacher, "class-teacher-key")
        assert_axe_finds_nothing(teacher, "class-teacher-session")  # the key box, the projector's link

        teacher.get_by_role("button", name="I have written it down: hide the key").click()
        wait_until(teacher, lambda: not key_box.is_visible(), what="the key hidden")
        row = teacher.locator(".ck-poll-zombie-q1")
        # the whole question text, and the right answer marked before the question opens
        assert "Decide on a reason too." in row.locator(".ck-poll-text").inner_text()
        assert "greyed out until it is open" in row.locator(".ck-row-help").inner_text()
        row.get_by_label("Right answer:").select_option("$3")
        visible(row.locator(".ck-marked"), what="the right answer kept until the question opens")
        row.get_by_role("button", name="Open", exact=True).click()
        visible(row.locator(".ck-poll-status", has_text="first vote"), what="the question open")
        row.get_by_role("button", name="Reveal").click()
        reveal = row.locator(".ck-reveal")  # in the question's own row, under its buttons
        visible(reveal.locator(".ck-reveal-title", has_text="Revealed: zombie.q1"), what="the reveal in its row",
                timeout_ms=LIVE_MS)
        wait_until(teacher, lambda: reveal.locator(".js-plotly-plot g.trace").count() >= 1,
                   what="the reveal's chart drawn in its row", timeout_ms=LIVE_MS)
        row.scroll_into_view_if_needed()
        screenshot(teacher, "class-teacher-reveal-in-row")
        assert_axe_finds_nothing(teacher, "class-teacher-revealed")  # greyed-out controls, row help
        with connect(url) as store:
            (state,) = store.questions(code, key)
            assert state.revealed and state.correct == {"choices": ["$3"]}

        # the class tournament: kit bots fill the empty places by default, and what it lacks is a sentence
        fill = teacher.get_by_role("checkbox", name="Fill empty places with the kit's bots")
        assert fill.is_checked()
        plan = teacher.locator(".ck-tournament-plan")
        plan.scroll_into_view_if_needed()
        assert "tournament needs at least 4 players: no student has submitted a bot yet" in plan.inner_text()
        screenshot(teacher, "class-teacher-tournament")

        teacher.reload(timeout=RENDER_TIMEOUT_MS)
        code_box = teacher.locator(".ck-join-code")
        visible(code_box, what="the same session, resumed from the cookie", timeout_ms=RENDER_TIMEOUT_MS)
        assert code_box.inner_text().strip() == code
        visible(teacher.locator(".ck-resumed", has_text=f"Session {code} resumed"), what="the resume said")
        assert not teacher.get_by_role("button", name="Open a new session").is_visible()
        assert not teacher.locator(".ck-key-box").is_visible()  # shown once, on the new session
        visible(teacher.get_by_role("button", name="Show the teacher key"), what="the key behind a button")
        row = teacher.locator(".ck-poll-zombie-q1")
        visible(row.locator(".ck-poll-status", has_text="revealed"), what="the question's state after the reload")
        visible(row.locator(".ck-reveal-title"), what="the last reveal shown again in its row", timeout_ms=LIVE_MS)
        screenshot(teacher, "class-teacher-after-reload")

        teacher.get_by_text("Yes, delete this session and everything in it").click()
        teacher.get_by_role("button", name="Delete session").click()
        visible(teacher.get_by_text(f"Session {code} and everything in it are deleted."), what="deleted")
        wait_until(teacher, lambda: not any(c["name"] == f"changekit_teacher_{server.port}"
                                            for c in context.cookies()), what="the teacher's cookie deleted")
        teacher.reload(timeout=RENDER_TIMEOUT_MS)
        visible(teacher.get_by_role("button", name="Open a new session"), what="the start form after a delete",
                timeout_ms=RENDER_TIMEOUT_MS)
        teacher.wait_for_timeout(3_000)  # the cookie would have resumed by now
        assert teacher.locator(".ck-join-code").count() == 0 or not teacher.locator(".ck-join-code").is_visible()
        context.close()
    finally:
        server.stop()
