"""The projector's page (issue 41) in the kernel: opened at projector_address it shows the board at
once (no form), with the projector key only; the join code and a QR while students arrive, the
count while they vote, the answer and the marked right option after the reveal, a settled
auction's best response, a tournament's standings; never a name, no type under 24 px."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from changekit.classroom import connect
from changekit.classroom.projector import SMALLEST_PX, Projector, projector_address

NAMES = ("Zephyrine", "Quillon", "Marisol", "Thaddeus")
PROMPT = {"kind": "choices", "choices": ["$1", "$3", "$5"], "text": "**Question 1.** Which bill?"}


@pytest.fixture
def store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as opened:
        yield opened


@pytest.fixture
def served(monkeypatch):
    """The kernel of a page served at http://room:8866/voila/render/class.ipynb with a server token."""
    monkeypatch.setenv("SERVER_NAME", "room")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/class.ipynb")
    monkeypatch.setenv("CHANGEKIT_SERVER_TOKEN", "servertoken")
    monkeypatch.delenv("QUERY_STRING", raising=False)


def opened_at(monkeypatch, store, address):
    """A Projector as the notebook makes it, in a kernel whose page was opened at ``address``."""
    monkeypatch.setenv("QUERY_STRING", urlsplit(address).query)
    return Projector(store, live=False)


def sizes(markup):
    return [int(px) for px in re.findall(r'font-size[:=]"?(\d+)', markup)]


def test_the_address_carries_the_code_the_projector_key_and_the_server_token_never_the_teacher_key(store, served):
    session = store.open_session("P3")
    view = store.projector_key(session.code, session.teacher_key)
    address = projector_address(session.code, view)
    assert address.startswith("http://room:8866/voila/render/projector.ipynb?")
    assert parse_qs(urlsplit(address).query) == {"code": [session.code], "view": [view], "token": ["servertoken"]}
    assert session.teacher_key not in address


def test_opened_at_its_address_the_board_shows_at_once_the_join_code_and_a_qr(store, served, monkeypatch):
    session = store.open_session("P3")
    store.join(session.code, "Zephyrine")
    projector = opened_at(monkeypatch, store, projector_address(session.code, store.projector_key(
        session.code, session.teacher_key)))
    assert projector.form.layout.display == "none" and projector.message.value == ""
    board = projector.board.value
    assert f">{session.code}</div>" in board and "1 joined" in board
    join = f"http://room:8866/voila/render/join.ipynb?code={session.code}&amp;token=servertoken"
    assert f'aria-label="QR code of {join}"' in board
    assert min(sizes(board)) >= SMALLEST_PX and "Zephyrine" not in board


def test_a_wrong_key_in_the_address_is_said_and_the_form_comes_back(store, served, monkeypatch):
    session = store.open_session("P3")
    projector = opened_at(monkeypatch, store, projector_address(session.code, "not-the-key"))
    assert projector.form.layout.display is None and projector.code == ""
    assert "not the teacher key of session" in projector.message.value and projector.board.value == ""


def test_a_typed_teacher_key_is_exchanged_for_the_projector_key(store, served):
    session = store.open_session("P3")
    projector = Projector(store, live=False)
    assert projector.form.layout.display != "none"  # no code and key in the address: the form
    projector.code_box.value, projector.key_box.value = session.code.lower(), session.teacher_key
    projector.show_button.click()
    assert projector.key == store.projector_key(session.code, session.teacher_key) != session.teacher_key
    assert projector.key_box.value == "" and projector.code == session.code


def test_a_poll_from_vote_to_reveal_counts_then_the_answer_marked_without_a_name(store, served, monkeypatch):
    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    tokens = [store.join(code, name).token for name in NAMES]
    projector = opened_at(monkeypatch, store, projector_address(code, store.projector_key(code, key)))
    store.open_question(code, key, "zombie.q1", PROMPT)
    store.mark_correct(code, key, "zombie.q1", {"choices": ["$1"]})
    for token, vote in zip(tokens[:3], ["$1", "$3", "$1"], strict=True):
        store.submit(code, token, "zombie.q1", vote)
    projector.poller.tick()
    board = projector.board.value
    assert "3 of 4 answered" in board and "Vote on your own" in board
    assert "right" not in board.replace("no talking yet", "")  # no right answer before the reveal
    answers = store.answers(code, key, "zombie.q1")
    store.reveal_question(code, key, "zombie.q1", {"reading": "The small bills win.",
                                                   "predictions": list(answers.values())})
    projector.poller.tick()
    board = projector.board.value
    assert re.search(r'class="ck-projector-answer"[^>]*>\$1</div>', board)
    # the right option: its bar green and "✓ right" written under its label, the others not
    assert re.findall(r'<text class="ck-axis-label( ck-right)?"[^>]*>([^<]*)</text>', board) == [
        (" ck-right", "$1"), ("", "$3"), ("", "$5")]
    assert board.count('class="ck-right-mark"') == 1 and "✓ right</text>" in board
    assert re.findall(r'<rect class="ck-bar( ck-right)?"[^>]*height="(\d+)"', board)[0][0] == " ck-right"
    assert [int(n) for n in re.findall(r'text-anchor="middle">(\d+)</text>', board)] == [2, 1]  # bar values
    assert "first vote 67% right" in board and "The small bills win." in board
    assert min(sizes(board)) >= SMALLEST_PX
    assert not [name for name in NAMES if name in board]
    assert [list(t.y) for t in projector.chart.figure.data] == [[2, 1, 0]]  # the same votes, for readers


def test_a_number_question_marks_the_bins_of_the_right_range(store, served, monkeypatch):
    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    token = store.join(code, "Zephyrine").token
    projector = opened_at(monkeypatch, store, projector_address(code, store.projector_key(code, key)))
    store.open_question(code, key, "zombie.q2", {"kind": "slider", "slider": [0, 100, 1], "unit": "%",
                                                 "text": "Chance?"})
    store.submit(code, token, "zombie.q2", 47)
    store.mark_correct(code, key, "zombie.q2", {"range": [45, 50]})
    store.reveal_question(code, key, "zombie.q2", {"predictions": [47]})
    projector.poller.tick()
    board = projector.board.value
    assert re.search(r'class="ck-projector-answer"[^>]*>45 to 50%</div>', board)
    # 50 itself is drawn in the 50-60 bar: both bars hold right numbers; a ✓ under each
    assert marked_bars(board) == ["votes, 40–50: 1", "votes, 50–60: 0"] and board.count("ck-right-mark") == 2
    assert re.findall(r'class="ck-axis-tick"[^>]*>([^<]*)<', board) == [str(n) for n in range(0, 101, 10)]
    store.mark_correct(code, key, "zombie.q2", {"range": [60, 69]})
    projector.poller.tick()
    assert marked_bars(projector.board.value) == ["votes, 60–70: 0"]


def marked_bars(board):
    return re.findall(r'<rect class="ck-bar ck-right"[^>]*><title>([^<]*)</title>', board)


def test_a_settled_auction_shows_the_bids_against_the_equilibrium_and_the_best_response(store, served, monkeypatch):
    from changekit.classroom.auction import AuctionPanel

    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in NAMES}
    projector = opened_at(monkeypatch, store, projector_address(code, store.projector_key(code, key)))
    panel = AuctionPanel(store, code, key, poll=False)
    question = panel.start()
    for name, bid in zip(NAMES, ([10], [7], [7], [1]), strict=True):
        store.submit(code, tokens[name], question, bid)
    projector.poller.tick()
    assert "4 of 4 have bid" in projector.board.value
    result = panel.close()
    projector.poller.tick()
    board = projector.board.value
    best = " or ".join(f"${t}" for t in result.report.best)
    assert re.search(rf'class="ck-projector-answer"[^>]*>bid {re.escape(best)}</div>', board)
    assert "equilibrium for 4" in board and "the class (4 bids)" in board
    assert not [name for name in NAMES if name in board]
    assert min(sizes(board)) >= SMALLEST_PX


def test_published_standings_are_anonymised_unless_published_with_names(store, served, monkeypatch):
    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    projector = opened_at(monkeypatch, store, projector_address(code, store.projector_key(code, key)))
    rows = [{"rank": 1, "entry": "Marisol", "kind": "student", "games": 40, "win_rate": 0.5},
            {"rank": 2, "entry": "greedy", "kind": "kit bot", "games": 40, "win_rate": 0.25}]
    store.publish_standings(code, key, "zombie", {"seed": 1, "rows": rows}, named=False)
    projector.poller.tick()
    board = projector.board.value
    assert "<td>entry 1</td><td>50%</td>" in board and "<td>greedy</td><td>25%</td>" in board
    assert "Marisol" not in board and "(anonymised)" in board
    store.publish_standings(code, key, "zombie", {"seed": 1, "rows": rows}, named=True)
    projector.poller.tick()
    assert "<td>Marisol</td>" in projector.board.value


def test_the_key_leaves_the_address_bar_for_a_cookie_and_a_reload_shows_the_board_again(store, served, monkeypatch):
    session = store.open_session("P3")
    store.join(session.code, "Zephyrine")
    view = store.projector_key(session.code, session.teacher_key)
    projector = opened_at(monkeypatch, store, projector_address(session.code, view))
    # the browser drops "view" from its address bar and keeps the key in the projector's own cookie
    assert projector.keeper.strip == ["view"] and projector.keeper.seat == f"{session.code}:{view}"
    assert projector.keeper.cookie_name == "changekit_projector"
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}")  # the reload: the key is no longer there
    again = Projector(store, live=False)
    assert again.code == "" and again.form.layout.display is None
    again.keeper.stored = f"{session.code}:{view}"  # what the browser sends once the page is up
    assert again.code == session.code and again.key == view and again.form.layout.display == "none"
    assert "1 joined" in again.board.value
    other = Projector(store, live=False)  # a kept key the store no longer takes: forgotten, said
    other.keeper.stored = f"{session.code}:wrong"
    assert other.code == "" and other.keeper.seat == "-" and "nor its projector key" in other.message.value
