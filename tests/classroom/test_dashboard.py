"""The teacher's dashboard (changekit.classroom.dashboard) driven by its buttons, on a SQLite store."""
from __future__ import annotations

import base64
import re

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.dashboard import Dashboard, histogram_figure
from changekit.classroom.lessons import LessonQuestion, lesson_questions
from changekit.core.markup import escape


@pytest.fixture
def store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as opened:
        yield opened


@pytest.fixture
def board(store, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return Dashboard(store, lesson="zombie.ipynb", live=False)


def opened(board):
    board.title_box.value = "Period 3"
    board.open_button.click()
    return board.session


def test_the_lesson_questions_come_from_the_notebook():
    questions = lesson_questions("zombie.ipynb")
    assert [q.qid for q in questions] == [f"zombie.q{n}" for n in range(1, 8)]
    assert questions[0].how == {"choices": ["$1", "$3", "$5", "$7", "$10"]}
    assert questions[1].how == {"slider": [0, 100, 1], "unit": "%"} and questions[1].reading.startswith("On a first")
    assert callable(questions[0].answer)
    with pytest.raises(ClassroomError):
        lesson_questions("nowhere.ipynb")


def test_opening_a_session_shows_the_code_the_qr_code_and_who_joins(board, store):
    session = opened(board)
    assert board.start_panel.layout.display == "none" and board.session_panel.layout.display is None
    assert f">{session.code}</div>" in board.join_html.value and "<svg" in board.join_html.value
    assert f"join.ipynb?code={session.code}" in board.join_html.value
    assert session.teacher_key in board.key_html.value and "<details" not in board.key_html.value
    for name in ("Ada", "Bo"):
        store.join(session.code, name)
    board.poller.tick()
    assert board.students == ["Ada", "Bo"] and '<b class="ck-student-count">2</b>' in board.students_html.value


def test_open_close_reveal_and_the_class_histogram(board, store):
    session = opened(board)
    row = board.rows["zombie.q1"]
    assert row.reveal_button.disabled and not row.open_button.disabled and "not opened" in row.status.value
    row.open_button.click()
    (poll,) = store.polls(session.code, session.teacher_key)
    assert poll.prompt["choices"] == ["$1", "$3", "$5", "$7", "$10"] and not poll.closed
    assert row.open_button.disabled and not row.close_button.disabled
    students = [store.join(session.code, n) for n in ("Ada", "Bo", "Cy")]
    for student, guess in zip(students, ["$1", "$3", "$1"], strict=True):
        store.submit(session.code, student.token, "zombie.q1", guess)
    board.poller.tick()
    assert "3 answers" in row.count.value
    row.reveal_button.click()
    assert "revealed" in row.status.value and row.open_button.disabled is False
    (bars,) = board.chart.figure.data
    assert list(bars.x) == ["$1", "$3", "$5", "$7", "$10"] and list(bars.y) == [2, 1, 0, 0, 0]
    assert board.reveal_box.layout.display is None and "3 predictions" in board.reveal_title.value
    title, table, _figure = board.answer_box.children  # what the students' Check shows: a table, a figure
    assert "exact answer" in title.value and "<td>1.6086</td>" in table.value
    (poll,) = store.polls(session.code, students[0].token)
    assert poll.revealed and poll.closed and poll.answer["reading"].startswith("The small bills win")


def test_a_number_question_is_a_histogram_over_its_range():
    question = LessonQuestion("demo.q2", "?", {"slider": [0, 100, 1], "unit": "%"})
    figure = histogram_figure(question, {"Ada": 40, "Bo": 55.5, "Cy": 41, "Di": "not a number"})
    (trace,) = figure.data
    assert trace.type == "histogram" and list(trace.x) == [40.0, 55.5, 41.0]
    assert trace.xbins.start == 0 and trace.xbins.size == 5
    assert figure.layout.xaxis.title.text == "prediction (%)"


def test_resume_needs_the_teacher_key_and_a_student_token_is_not_one(board, store):
    session = store.open_session("P3")
    ada = store.join(session.code, "Ada")
    for wrong in (ada.token, "guess", ""):
        board.code_box.value, board.key_box.value = session.code, wrong
        board.resume_button.click()
        assert board.session is None and board.session_panel.layout.display == "none"
        assert "not the teacher key" in board.message.value
        with pytest.raises(ClassroomError):
            board.open_question("zombie.q1")
    board.key_box.value = session.teacher_key
    board.resume_button.click()
    assert board.session.code == session.code and board.message.value == "" and board.key_box.value == ""


def test_resume_shows_the_last_revealed_question_again(board, store):
    session = store.open_session("P3")
    ada = store.join(session.code, "Ada")
    store.submit(session.code, ada.token, "zombie.q3", "100 to 500")
    store.reveal_question(session.code, session.teacher_key, "zombie.q3")
    board.resume(session.code, session.teacher_key)
    assert board.revealed_qid == "zombie.q3" and list(board.chart.figure.data[0].y) == [0, 1, 0, 0]
    assert "revealed" in board.rows["zombie.q3"].status.value


def test_export_is_a_download_of_the_csv_and_delete_asks_first(board, store):
    session = opened(board)
    ada = store.join(session.code, "Ada")
    store.submit(session.code, ada.token, "zombie.q1", "$3")
    board.export_button.click()
    (encoded,) = re.findall(r"base64,([A-Za-z0-9+/=]+)\"", board.export_link.value)
    assert base64.b64decode(encoded).decode() == store.export_csv(session.code, session.teacher_key)
    board.delete_button.click()  # not confirmed: nothing happens
    assert store.students(session.code, session.teacher_key) == ["Ada"] and "Tick the box" in board.message.value
    board.delete_confirm.value = True
    board.delete_button.click()
    assert board.session is None and board.start_panel.layout.display is None
    with pytest.raises(ClassroomError) as caught:
        store.resume_session(session.code, session.teacher_key)
    assert caught.value.reason == "unknown-session"


def test_the_dashboard_holds_the_class_auction_the_tables_and_the_lab(board, store):
    opened(board)
    shown = list(board.games_box.children)
    assert len(shown) == 3
    auction, tables, lab = shown
    assert any(getattr(w, "description", None) == "Run the tournament" for w in _tree(lab))
    # the panels' own widgets, for this session and its teacher
    assert any(isinstance(getattr(w, "description", None), str) and "auction" in w.description.lower()
               for w in _tree(auction))
    assert any(isinstance(getattr(w, "description", None), str) and "table" in w.description.lower()
               for w in _tree(tables))


def _tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _tree(child)


def test_the_gallery_links_the_class_pages_and_a_visit_opens_no_store(tmp_path, monkeypatch):
    from changekit.classroom.lessons import NOTEBOOKS
    from changekit.classroom.live import StudentPage
    from changekit.ui.gallery import gallery_html

    for page in ("class.ipynb", "join.ipynb"):
        assert f'href="{page}"' in gallery_html() and (NOTEBOOKS / page).exists()
        assert page not in gallery_html(class_pages=False)
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", f"sqlite:///{tmp_path}/class.db")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    Dashboard(lesson="zombie.ipynb", live=False), StudentPage(live=False)
    assert not (tmp_path / "class.db").exists()


def test_every_lesson_question_can_be_opened_and_drawn_on_a_student_page(store):
    from changekit.classroom.lessons import lessons
    from changekit.classroom.live import question_from_prompt

    session = store.open_session("all lessons")
    opened_ids = []
    for notebook in lessons():
        for question in lesson_questions(notebook):
            store.open_question(session.code, session.teacher_key, question.qid, question.prompt())
            drawn = question_from_prompt(question.qid, question.prompt(), answer=lambda: "")
            assert (drawn.qid, drawn.kind) == (question.qid, question.kind) and callable(question.answer)
            opened_ids.append(question.qid)
    assert len(opened_ids) == len(set(opened_ids)) >= 8 * 3
    polls = store.polls(session.code, session.teacher_key)
    assert sorted(p.question_id for p in polls) == sorted(opened_ids) and all(p.prompt for p in polls)


def test_a_student_s_check_shows_the_exact_answer_its_chart_and_the_class_s_predictions(board, store):
    """Issue 29: in a class poll a student's Check showed only the reading, and students never saw
    the class's histogram."""
    from changekit.classroom.live import StudentPage

    session = opened(board)
    pages = {name: StudentPage(store, live=False) for name in ("Ada", "Bo", "Cy")}
    for name, page in pages.items():
        page.join(session.code, name)
    board.rows["zombie.q1"].open_button.click()
    for page, guess in zip(pages.values(), ["$1", "$3", "$1"], strict=True):
        page.link.refresh()
        question = page.link.questions["zombie.q1"]
        question.input.value = guess
        question.lock_button.click()
    board.rows["zombie.q1"].reveal_button.click()
    ada = pages["Ada"]
    ada.link.refresh()
    question = ada.link.questions["zombie.q1"]
    question.check_button.click()
    shown = question.answer_box.children
    html = " ".join(getattr(part, "value", "") for part in shown)
    assert "<td>1.6086</td>" in html  # the exact value, as on the game's own page
    assert "The small bills win" in html  # the reading
    outputs = [part for part in shown if type(part).__name__ == "Output"]
    assert len(outputs) == 1  # the lesson's chart (the one zombie.q1's answer draws)
    (votes,) = question.class_chart.figure.data  # the class's predictions, under the question
    assert list(votes.x) == ["$1", "$3", "$5", "$7", "$10"] and list(votes.y) == [2, 1, 0, 0, 0]
    assert question.class_box.children == (question.class_chart.chart.widget,)  # drawn in its place on the page
    assert question.class_box in question.widget.children
    (poll,) = [p for p in store.polls(session.code, ada.link.token) if p.question_id == "zombie.q1"]
    assert sorted(poll.answer["predictions"]) == ["$1", "$1", "$3"]


def test_delete_without_the_confirmation_says_so_beside_the_button(board, store):
    session = opened(board)
    board.delete_button.click()
    assert "Tick the box" in board.delete_note.value and store.students(session.code, session.teacher_key) == []


def widgets_in(widget):
    """Every widget under ``widget`` (the dashboard's panels hold their own buttons)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_in(child)


def test_close_a_table_and_delete_the_session_say_what_is_missing_and_change_nothing(board, store):
    """Issue 29: "Close this table" with no table chosen and "Delete session" without the
    confirmation did nothing, silently. Each now says which choice is missing, beside its button,
    and changes nothing; made, the choice lets it through."""
    import ipywidgets as w

    from changekit.classroom.tables import open_table, student_seat

    session = opened(board)
    for name in ("Ada", "Bo"):
        store.join(session.code, name)
    table = open_table(store, session.code, session.teacher_key, "zombie", [student_seat("Ada"), student_seat("Bo")])
    (close,) = [b for b in widgets_in(board.games_box)
                if isinstance(b, w.Button) and b.description == "Close this table"]
    (which,) = [d for d in widgets_in(board.games_box) if isinstance(d, w.Dropdown) and d.description == "Table"]
    (row,) = [box for box in widgets_in(board.games_box) if isinstance(box, w.HBox) and close in box.children]
    note = row.children[-1]
    (panel,) = [box for box in widgets_in(board.games_box) if row in getattr(box, "children", ())]  # the tables'
    (refresh,) = [b for b in panel.children if isinstance(b, w.Button) and b.description == "Refresh"]
    refresh.click()
    assert list(which.options) == [table.table_id] and which.value == table.table_id  # the one open table
    which.value = None  # nothing chosen
    close.click()
    assert "Choose the table to close first" in note.value and 'role="alert"' in note.value
    assert [t.closed for t in store.tables(session.code, session.teacher_key)] == [False]  # nothing changed

    board.delete_button.click()
    said = board.delete_note.value
    assert "Tick the box" in said and "Yes, delete this session and everything in it" in said
    assert 'role="alert"' in said and board.session is not None and board.session_panel.layout.display is None
    assert store.students(session.code, session.teacher_key) == ["Ada", "Bo"]  # nothing changed
    assert len(store.tables(session.code, session.teacher_key)) == 1

    which.value = table.table_id  # the choices made, each button does its work
    close.click()
    assert note.value == "" and [t.closed for t in store.tables(session.code, session.teacher_key)] == [True]
    board.delete_confirm.value = True
    board.delete_button.click()
    assert board.session is None and board.delete_note.value == ""
    with pytest.raises(ClassroomError):
        store.resume_session(session.code, session.teacher_key)


def test_the_lessons_questions_are_learnt_without_reading_a_notebook(monkeypatch):
    """lessons.py takes the questions from the games' questions.py: with every notebook file
    unreadable, the dashboard's lessons and their questions are all there."""
    import builtins
    import io

    import changekit.classroom.lessons as lessons_module
    from changekit.classroom.lessons import find_lesson_question, lessons
    from changekit.registry import all_specs
    from tests.unit.test_registry import questions_the_notebooks_draw

    drawn = questions_the_notebooks_draw()  # read before the notebooks are made unreadable
    real_open = io.open

    def no_notebooks(file, *args, **kwargs):
        assert not str(file).endswith(".ipynb"), f"a lesson's questions were read from {file}"
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", no_notebooks)
    monkeypatch.setattr(builtins, "open", no_notebooks)
    assert list(lessons()) == [spec.notebook for spec in all_specs() if spec.notebook]
    asked = {notebook: [q.qid for q in lesson_questions(notebook)] for notebook in lessons()}
    assert asked["zombie.ipynb"] == [f"zombie.q{n}" for n in range(1, 8)]
    assert sum(map(len, asked.values())) == drawn
    assert find_lesson_question("cambio.q6").kind == "choices"
    assert find_lesson_question("zombie.q9") is None
    assert not {"ast", "json", "nbformat"} & set(vars(lessons_module))


@pytest.mark.parametrize(("hub_user", "command"),
                         [(None, "changekit serve --host"), ("ms-lee", "changekit hub --host")])
def test_a_loopback_address_is_said_with_the_way_to_one_students_reach(monkeypatch, hub_user, command):
    from changekit.classroom.dashboard import _loopback_note

    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    if hub_user:
        monkeypatch.setenv("JUPYTERHUB_USER", hub_user)
    assert f"<code>{command}</code>" in _loopback_note("http://127.0.0.1:8000/user/ms-lee/voila/render/join.ipynb")
    assert _loopback_note("http://192.168.1.20:8000/voila/render/join.ipynb") == ""


# -- issue 41: a lesson run from the docs -----------------------------------------------------------


def test_the_teacher_key_is_shown_once_unfolded_to_write_down_then_hidden(board, store):
    session = opened(board)
    shown = board.key_html.value
    assert f'<code class="ck-teacher-key">{session.teacher_key}</code>' in shown and "Your teacher key:" in shown
    assert "Write it down" in shown and "on another computer" in shown
    assert "<details" not in shown + board.join_html.value  # not folded away
    assert board.key_box_panel.layout.display is None and board.key_show.layout.display == "none"
    board.key_hide.click()
    assert board.key_box_panel.layout.display == "none" and board.key_show.layout.display is None
    again = Dashboard(store, lesson="zombie.ipynb", live=False)  # a resume: the key waits behind a button
    again.resume(session.code, session.teacher_key)
    assert again.key_box_panel.layout.display == "none" and again.key_show.layout.display is None
    again.key_show.click()
    assert again.key_box_panel.layout.display is None and session.teacher_key in again.key_html.value


def test_a_reload_resumes_the_session_this_browser_kept_and_delete_forgets_it(board, store):
    from changekit.classroom.keeper import TEACHER_COOKIE

    session = opened(board)
    assert board.keeper.cookie_name == TEACHER_COOKIE != "changekit_seat"  # not a student's seat cookie
    assert board.keeper.seat == f"{session.code}:{session.teacher_key}"
    reloaded = Dashboard(store, lesson="zombie.ipynb", live=False)
    assert reloaded.session is None
    reloaded.keeper.stored = board.keeper.seat  # what the browser sends once the page is up
    assert reloaded.session is not None and reloaded.session.code == session.code
    assert reloaded.start_panel.layout.display == "none" and reloaded.session_panel.layout.display is None
    assert reloaded.session.teacher_key == session.teacher_key
    assert f"Session {session.code} resumed: this browser kept it" in reloaded.message.value

    reloaded.delete_confirm.value = True
    reloaded.delete_button.click()
    assert reloaded.session is None and reloaded.keeper.seat == "-"  # the cookie is deleted
    after = Dashboard(store, lesson="zombie.ipynb", live=False)
    after.keeper.stored = f"{session.code}:{session.teacher_key}"  # a cookie of the deleted session
    assert after.session is None and after.keeper.seat == "-" and after.start_panel.layout.display is None
    assert f"The session this browser kept ({session.code}) could not be resumed: No class session" in \
        after.message.value


def test_leaving_a_session_keeps_it_open_and_lets_another_be_opened(board, store):
    first = opened(board)
    board.rows["zombie.q2"].right.value = "40 to 50"  # a mark kept for an unopened question: the session's
    board.leave_button.click()
    assert board.session is None and board.start_panel.layout.display is None and board.keeper.seat == "-"
    assert board.code_box.value == first.code and f"You left session {first.code}" in board.message.value
    assert board.pending_marks == {} and store.resume_session(first.code, first.teacher_key).code == first.code
    second = opened(board)
    assert second.code != first.code and board.keeper.seat == f"{second.code}:{second.teacher_key}"
    assert store.students(first.code, first.teacher_key) == []  # the first is still there


def test_a_kept_session_of_another_code_than_the_address_s_is_offered_on_a_button(store, monkeypatch):
    kept, other = store.open_session("P3"), store.open_session("P4")
    monkeypatch.setenv("QUERY_STRING", f"code={other.code}")
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    board.keeper.stored = f"{kept.code}:{kept.teacher_key}"
    assert board.session is None and board.kept_button.layout.display is None
    assert board.kept_button.description == f"Resume session {kept.code}"
    board.kept_button.click()
    assert board.session.code == kept.code and board.kept_button.layout.display == "none"


def test_the_question_rows_show_the_whole_text(board):
    from changekit.classroom.dashboard import _plain

    for qid, row in board.rows.items():
        text = escape(_plain(board.lesson[qid].text))
        assert f"{text}</div>" in row.text.value and "…" not in row.text.value
    assert len(_plain(board.lesson["zombie.q2"].text)) > 150  # what the cut at 110 characters lost
    assert "5,000 simulated payments (diamonds)." in board.rows["zombie.q2"].text.value


def test_the_reveal_s_chart_and_answer_sit_in_the_row_of_their_question(board, store):
    session = opened(board)
    ada = store.join(session.code, "Ada")
    for qid, answer in (("zombie.q1", "$3"), ("zombie.q3", "100 to 500")):
        board.rows[qid].open_button.click()
        store.submit(session.code, ada.token, qid, answer)
    board.rows["zombie.q1"].reveal_button.click()
    first, third = board.rows["zombie.q1"], board.rows["zombie.q3"]
    assert first.slot.children == (board.reveal_box,) and first.slot in first.widget.children
    assert board.reveal_box not in board.session_panel.children and third.slot.children == ()
    assert board.reveal_box.layout.display is None and "zombie.q1" in board.reveal_title.value
    assert board.chart.chart.widget in board.chart.widget.children and list(board.chart.figure.data[0].y) == \
        [0, 1, 0, 0, 0]
    third.reveal_button.click()  # the next reveal: the results move to its row
    assert third.slot.children == (board.reveal_box,) and first.slot.children == ()
    assert "zombie.q3" in board.reveal_title.value
    board.lesson_picker.value = "boneyard.ipynb"  # another lesson: no row of it was revealed
    assert board.reveal_box.layout.display == "none"
    assert all(row.slot.children == () for row in board.rows.values())


def test_a_right_answer_picked_while_the_open_is_on_its_way_is_stored(board, store):
    """On a loaded server the Open's store work is still running when the teacher picks the right
    answer: the pick was kept for the Open, which had already left, then dropped (the CI's poll
    run waited for "50% of first votes are right" in vain). The Open's work and its drawing are
    run apart here, with the pick between them."""
    session = opened(board)
    row = board.rows["zombie.q1"]
    work, then = board.opening("zombie.q1")
    state = work()  # the question opens in the store, unmarked
    row.right.value = "$1"  # picked meanwhile: not open on this page yet, so kept for the Open
    then(state)
    (question,) = store.questions(session.code, session.teacher_key)
    assert question.correct == {"choices": ["$1"]} and board.pending_marks == {}
    assert row.right.value == "$1"  # the picker shows the pick, not "not marked"
    # and a pick cleared while the Open is on its way clears the mark the Open stored
    row2 = board.rows["zombie.q2"]
    row2.right.value = "40 to 50"
    work, then = board.opening("zombie.q2")
    state = work()
    row2.right.value = ""
    then(state)
    marks = {q.question_id: q.correct for q in store.questions(session.code, session.teacher_key)}
    assert marks == {"zombie.q1": {"choices": ["$1"]}, "zombie.q2": None}


def test_the_right_answer_is_marked_before_the_question_opens(board, store):
    session = opened(board)
    row = board.rows["zombie.q1"]
    assert not row.right.disabled and row.open_button.disabled is False
    row.right.value = "$3"
    assert board.message.value == "" and store.questions(session.code, session.teacher_key) == []
    assert "Right answer marked" in row.detail.value and board.pending_marks == {"zombie.q1": {"choices": ["$3"]}}
    board.poller.tick()  # kept through the page's updates
    assert row.right.value == "$3" and "Right answer marked" in row.detail.value
    row.open_button.click()
    (state,) = store.questions(session.code, session.teacher_key)
    assert state.correct == {"choices": ["$3"]} and board.pending_marks == {}
    ada = store.join(session.code, "Ada")
    store.submit(session.code, ada.token, "zombie.q1", "$3")
    board.poller.tick()
    assert "100% of first votes are right" in row.detail.value
    number = board.rows["zombie.q2"]
    assert not number.right.disabled
    number.right.value = "about forty"  # refused in a sentence, nothing kept
    assert "Type the right answer as &#x27;low to high&#x27; (or one number), not &#x27;about forty&#x27;." in \
        board.message.value
    assert "zombie.q2" not in board.pending_marks
    number.right.value = "40 to 50"
    assert board.pending_marks["zombie.q2"] == {"range": [40.0, 50.0]}
    number.right.value = ""  # unmarked again
    assert "zombie.q2" not in board.pending_marks and number.detail.value == ""


def test_a_greyed_out_control_looks_it_and_its_row_says_why(board):
    from changekit.classroom.dashboard import DASHBOARD_CSS, ROW_HELP

    opened(board)
    row = board.rows["zombie.q1"]
    assert row.pause_button.disabled and row.close_button.disabled and row.timer.disabled
    assert "greyed out until it is open" in row.help.value and row.help.value.count(ROW_HELP[None]) == 1
    assert ".ck-dashboard .jupyter-button:disabled" in DASHBOARD_CSS and "dashed" in DASHBOARD_CSS
    assert DASHBOARD_CSS in board.widget.children[1].value
    row.open_button.click()
    assert row.open_button.disabled and "(Open is greyed out: it is open.)" in row.help.value
    row.close_button.click()
    assert "(Pause, Close and the timer are greyed out: no vote is open.)" in row.help.value
    auction, *_ = board.games_box.children
    assert "Close bidding and settle comes alive once it is" in _tree_text(auction)


def _tree_text(widget):
    return " ".join(getattr(w, "value", "") for w in _tree(widget) if isinstance(getattr(w, "value", None), str))


def test_the_projector_is_a_link_with_the_read_only_key(board, store):
    from changekit.classroom.projector import projector_address

    session = opened(board)
    address = projector_address(session.code, store.projector_key(session.code, session.teacher_key))
    assert f'class="ck-projector-button" href="{address.replace("&", "&amp;")}"' in board.join_html.value
    assert ">Open the projector view</a>" in board.join_html.value
    assert session.teacher_key not in board.join_html.value  # the page the projector opens never gets it


def test_the_class_auction_shows_no_sample_bids_before_the_class_bids(board, store):
    from changekit.classroom.auction import AuctionPanel

    session = opened(board)
    (panel,) = [p for p in board.panels if isinstance(p, AuctionPanel)]
    panel_text = _tree_text(panel.widget)
    assert "1 1 1 3 3" not in panel_text and "best bid" not in panel_text and panel.explorer.w_bids.value == ""
    assert panel.explorer_box.layout.display == "none" and panel.chart_box.layout.display == "none"
    for name, bid in (("Ada", [10]), ("Bo", [7, 1])):
        student = store.join(session.code, name)
        panel.start() if panel.question_id is None else None
        store.submit(session.code, student.token, panel.question_id, bid)
    panel.close()
    assert panel.explorer_box.layout.display is None and sorted(panel.explorer.w_bids.value.split()) == ["10", "8"]
    assert "best bid" in panel.explorer.w_text.value and "Bidding is closed" in panel.w_count.value


def test_the_class_tournament_fills_empty_places_with_kit_bots_and_says_why_it_cannot_run(board, store):
    from changekit.classroom.live import ClassLink

    session = opened(board)
    lab = board.games_box.children[2]
    (fill,) = [w for w in _tree(lab) if getattr(w, "description", "") == "Fill empty places with the kit's bots"]
    (run,) = [w for w in _tree(lab) if getattr(w, "description", "") == "Run the tournament"]
    (kit,) = [w for w in _tree(lab) if getattr(w, "description", "") == "Kit bots"]
    assert fill.value is True and kit.value == ()
    bot = "def choose(view, legal, rng):\n    return max(legal)\n"
    for name in ("Ada", "Bo"):
        student = ClassLink.join(store, session.code, name)
        store.submit_bot(session.code, student.token, "zombie", bot)
    (refresh,) = [w for w in _tree(lab) if getattr(w, "description", "") == "Refresh the entries"]
    refresh.click()
    text = _tree_text(lab)
    assert "The tournament will have 4 players: 2 students and the kit&#x27;s careful, greedy." in text
    fill.value = False
    run.click()
    said = "A Make Your Own Change Night tournament needs at least 4 players: 2 students submitted bots; tick kit bots"
    assert said in _tree_text(lab) and "entries (how many)" not in _tree_text(lab)
    assert "role='alert'" in _tree_text(lab) and not run.disabled
    fill.value = True
    (games,) = [w for w in _tree(lab) if getattr(w, "description", "") == "Games each"]
    games.value = 4
    run.click()
    rows = [w for w in _tree(lab) if isinstance(getattr(w, "value", None), str) and "ck-standings" in w.value]
    assert len(rows) == 1 and rows[0].value.count("<tr") == 5  # a header and four players
    assert "careful bot" in rows[0].value and "greedy bot" in rows[0].value


def test_a_refusal_on_the_dashboard_reads_as_a_sentence(board, store):
    session = store.open_session("P3")
    board.code_box.value, board.key_box.value = session.code, "guess"
    board.resume_button.click()
    assert (f"That is not the teacher key of session {session.code}. Type the key the dashboard showed when the "
            "session opened (a student&#x27;s link is not one).") in board.message.value
    board.code_box.value = "ABC"
    board.resume_button.click()
    assert "A join code is 6 letters and digits" in board.message.value


def with_kit_answer(board, qid, answer):
    """The board's lesson with ``qid`` declaring ``answer`` as the kit's right answer."""
    import dataclasses
    board.lesson = {**board.lesson, qid: dataclasses.replace(board.lesson[qid], right=lambda: answer, no_right="")}
    board.rows[qid].question = board.lesson[qid]


def test_the_kit_s_right_answer_is_marked_at_the_open_and_said_on_the_projector_after_the_reveal(
        board, store, monkeypatch):
    from changekit.classroom.projector import Projector, projector_address
    from changekit.games.variant_tools import choice_answer
    session = opened(board)
    with_kit_answer(board, "zombie.q1", choice_answer("$3", "$3: paying the smallest bill that covers it keeps "
                                                            "the most points."))
    row = board.rows["zombie.q1"]
    row.open_button.click()
    (state,) = store.questions(session.code, session.teacher_key)
    assert state.correct == {"choices": ["$3"]} and row.right.value == "$3"  # marked for the teacher, who sees it
    for name, vote in (("Ada", "$3"), ("Bo", "$5")):
        store.submit(session.code, store.join(session.code, name).token, "zombie.q1", vote)
    row.reveal_button.click()
    (poll,) = store.polls(session.code, session.teacher_key)
    assert poll.answer["value"] == "$3" and poll.answer["summary"].startswith("$3: paying the smallest")
    monkeypatch.setenv("QUERY_STRING", projector_address(session.code, store.projector_key(
        session.code, session.teacher_key)).split("?", 1)[1])
    board_on_wall = Projector(store, live=False)
    drawn = board_on_wall.draw(board_on_wall.fetch())
    big = re.search(r'class="ck-projector-answer"[^>]*>([^<]*)<', drawn)
    assert big is not None and big.group(1) == "$3"
    assert "$3: paying the smallest bill that covers it keeps the most points." in drawn


def test_a_teacher_s_own_mark_replaces_the_kit_s_and_the_reveal_then_says_the_teacher_s(board, store):
    from changekit.games.variant_tools import number_answer
    from fractions import Fraction
    session = opened(board)
    with_kit_answer(board, "zombie.q2", number_answer(Fraction(253, 5), tolerance=2, unit="%"))
    row = board.rows["zombie.q2"]
    row.open_button.click()
    (state,) = store.questions(session.code, session.teacher_key)
    assert state.correct == {"range": [48.6, 52.6]} and row.right.value == "48.6 to 52.6"
    row.right.value = "45 to 55"
    row.reveal_button.click()
    (poll,) = store.polls(session.code, session.teacher_key)
    assert poll.correct == {"range": [45.0, 55.0]}
    assert "value" not in poll.answer and "summary" not in poll.answer  # the kit's words are not the mark's
    row.open_button.click()  # opened again: the teacher's mark stays, the kit's does not come back
    assert store.questions(session.code, session.teacher_key)[0].correct == {"range": [45.0, 55.0]}
