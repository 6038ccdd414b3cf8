"""Issue 23's attack in a real browser: a student named ``<img src=x onerror=...>`` sits at a
networked Moneybags table; a classmate's page shows hints that name them. The payload never runs
(nothing sets ``window.__pwned``, no element gets an ``onerror``) and the name shows as text."""
from __future__ import annotations

import random

import pytest

from changekit.classroom import connect
from changekit.classroom.tables import TableClient, bot_seat, open_table, student_seat
from changekit.games.moneybags.rules import STAND

from .helpers import RENDER_TIMEOUT_MS, screenshot, student_table_server, visible, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]

HOSTILE = "<img src=x onerror=window.__pwned=1>"
PWNED_JS = "() => window.__pwned !== undefined || document.querySelectorAll('[onerror], [onload]').length > 0"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, url = student_table_server(tmp_path_factory.mktemp("hostile-name"))
    yield server, url
    server.stop()


def until_adas_turn(ada: TableClient, other: TableClient) -> None:
    """Play the others' moves (the classmate stands by, the bot plays) and Ada's pouring as Boss,
    through the store, until Ada may steal or stand."""
    rng = random.Random(3)
    for _ in range(200):
        for client in (ada, other):
            client.sync()
            client.play_bots()
        state = ada.state
        if state.phase == "turn" and 0 in state.current_players():
            return
        for client in (ada, other):
            state = client.state
            if client.seat in state.current_players():
                legal = state.legal_actions(client.seat)
                client.move(STAND if STAND in legal else rng.choice(legal))
    raise AssertionError("Ada's turn never came")


def test_a_hostile_name_in_a_classmates_hints_never_runs(class_server, page):
    server, url = class_server
    with connect(url) as store:
        session = store.open_session("Hostile names")
        ada, mallory = store.join(session.code, "Ada"), store.join(session.code, HOSTILE)
        table = open_table(store, session.code, session.teacher_key, "moneybags",
                           [student_seat("Ada"), student_seat(HOSTILE), bot_seat()], seed=4)
        ada_client = TableClient(store, session.code, ada.token, table.table_id)
        until_adas_turn(ada_client, TableClient(store, session.code, mallory.token, table.table_id))
        page.goto(f"{server.url}/voila/render/student.ipynb?code={session.code}&token={ada.token}",
                  timeout=RENDER_TIMEOUT_MS)
        visible(page.locator(".ck-status", has_text="You: your move."), what="Ada's turn on her page",
                timeout_ms=RENDER_TIMEOUT_MS)
        page.get_by_label("Show hints").check()
        page.get_by_role("button", name="Jiggle my bag").click()
        visible(page.locator(".ck-hint", has_text="Jiggle your bag and the others"), what="the first hint")
        page.get_by_role("button", name=f"Jiggle {HOSTILE}'s bag").click()
        hint = page.locator(".ck-hint", has_text="Rule of thumb")
        visible(hint, what="the hint that names the classmate")
        page.wait_for_timeout(1000)  # time for an image's error event, had the name been markup
        assert not page.evaluate(PWNED_JS)
        assert HOSTILE in hint.inner_text()  # the name as text, as typed
        assert HOSTILE in page.locator(".ck-score").inner_text()
        assert page.locator(".ck-app img").count() == 0
        wait_until(page, f"() => !({PWNED_JS})()", what="a page the payload never touched")
        screenshot(page, "class-hostile-name-hints")
