"""The teacher's dashboard (changekit.classroom.dashboard) driven by its buttons, on a SQLite store."""
from __future__ import annotations

import base64
import re

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.dashboard import Dashboard, histogram_figure
from changekit.classroom.lessons import LessonQuestion, lesson_questions


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
    assert session.teacher_key in board.join_html.value  # shown once, folded, to write down
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
    store.submit(session.code, ada.token, "zombie.q3", "100")
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

    real_open = io.open

    def no_notebooks(file, *args, **kwargs):
        assert not str(file).endswith(".ipynb"), f"a lesson's questions were read from {file}"
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", no_notebooks)
    monkeypatch.setattr(builtins, "open", no_notebooks)
    assert list(lessons()) == [spec.notebook for spec in all_specs()]
    asked = {notebook: [q.qid for q in lesson_questions(notebook)] for notebook in lessons()}
    assert asked["zombie.ipynb"] == [f"zombie.q{n}" for n in range(1, 8)]
    assert sum(map(len, asked.values())) == 52 and find_lesson_question("cambio.q6").kind == "choices"
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
