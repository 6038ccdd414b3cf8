"""Issue 46: after the reveal the teacher sends, in one click, each joined student their own variant
of the question (dealt by a seeded generator, the seed kept; neighbours' differ); each answers
theirs alone, once, with how sure they are; the answer is checked exactly and the exact answer
shown once it is locked in. Refused with the reason, changing nothing: another student's variant, a
second answer, a confidence off the scale, a student over the per-student limit."""
from __future__ import annotations

import csv
import io
import json
from contextlib import contextmanager
from fractions import Fraction

import pytest

from changekit.classroom import connect
from changekit.classroom import store_limits
from changekit.classroom.dashboard import Dashboard, _QuestionRow
from changekit.classroom.live import StudentPage
from changekit.classroom.live import question_prompt
from changekit.classroom.store import METHODS, VariantAnswer, decode_result, encode_result
from changekit.classroom.variant_round import as_sent, deal_variants, send_variants
from changekit.core.errors import ClassroomError
from changekit.core.markup import escape
from changekit.core.questions import QuestionInstance, lesson_question

QID = "demo.die"


def die_variant(seed: int) -> QuestionInstance:
    """A fair die of 4 to 12 sides: the chance of its highest face (the variant under test)."""
    sides = 4 + seed % 9
    choices = [f"1/{sides}", f"2/{sides}", f"1/{sides - 1}"]
    return QuestionInstance(QID, seed, f"A fair die with {sides} sides: the chance of rolling {sides}?",
                            {"choices": choices}, {"choices": [f"1/{sides}"]}, f"1/{sides}: one face of {sides}")


DIE = lesson_question(QID, "A fair die with 6 sides: the chance of rolling 6?", choices=["1/6", "2/6", "1/5"],
                      answer=lambda: "1/6", variant=die_variant)


def right_choice(prompt: dict) -> str:
    """The right answer read off the variant's own words (not from the code that made it)."""
    sides = int(prompt["text"].split("with ")[1].split(" sides")[0])
    (right,) = [c for c in prompt["choices"] if Fraction(c) == Fraction(1, sides) and c.startswith("1/")]
    return right


def wrong_choice(prompt: dict) -> str:
    return next(c for c in prompt["choices"] if c != right_choice(prompt))


@pytest.fixture
def klass(store):
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in ("Ada", "Bo", "Cy", "Di", "Ed")}
    store.open_question(code, key, QID, question_prompt(QID, DIE.text, choices=DIE.how["choices"]))
    for token in tokens.values():
        store.submit(code, token, QID, "1/6", "sure")
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.reveal_question(code, key, QID, {"summary": "1/6"})
    return store, code, key, tokens


def own(store, code, token, qid=QID):
    return next(p for p in store.polls(code, token) if p.question_id == qid).variant


# -- the deal --------------------------------------------------------------------------------------

def test_the_deal_is_seeded_neighbours_differ_and_no_two_share_a_seed():
    names = [f"S{i}" for i in range(30)]
    dealt = deal_variants(DIE, names, round_seed=2024)
    assert dealt == deal_variants(DIE, names, round_seed=2024)
    assert dealt != deal_variants(DIE, names, round_seed=2025)
    texts = [dealt[n].text for n in names]
    assert all(a != b for a, b in zip(texts, texts[1:], strict=False))
    assert len({dealt[n].seed for n in names}) == 30
    # a student who joins later: the others keep theirs
    later = deal_variants(DIE, [*names, "Late"], round_seed=2024)
    assert all(later[n] == dealt[n] for n in names) and later["Late"].text != later["S29"].text
    for name in names:  # each instance is the question's own for its seed
        assert dealt[name] == die_variant(dealt[name].seed)


def test_a_question_with_one_variant_only_is_still_dealt():
    same = lesson_question("demo.same", "Same?", choices=["a", "b"], answer=lambda: "a",
                           variant=lambda seed: QuestionInstance("demo.same", seed, "Same?", {"choices": ["a", "b"]},
                                                                 {"choices": ["a"]}, "a"))
    dealt = deal_variants(same, ["Ada", "Bo"], round_seed=1)
    assert dealt["Ada"].text == dealt["Bo"].text and dealt["Ada"].seed != dealt["Bo"].seed


# -- sending ---------------------------------------------------------------------------------------

def test_one_click_sends_each_student_their_own_and_keeps_the_seed(klass):
    store, code, key, tokens = klass
    assert own(store, code, tokens["Ada"]) is None
    assert send_variants(store, code, key, DIE, round_seed=99) == 5
    expected = deal_variants(DIE, list(tokens), round_seed=99)
    (row,) = store.questions(code, key)
    assert (row.variant_seed, row.variants_sent, row.variants_answered) == (99, 5, 0)
    prompts = []
    for name, token in tokens.items():
        mine = own(store, code, token)
        assert set(mine) == {"seed", "prompt"}  # no right answer before they answer
        assert mine["seed"] == expected[name].seed and mine["prompt"] == expected[name].prompt()
        prompts.append(mine["prompt"]["text"])
    assert all(a != b for a, b in zip(prompts, prompts[1:], strict=False))  # neighbours differ
    assert send_variants(store, code, key, DIE) == 0  # everyone has theirs: nothing changes
    # a latecomer gets theirs from the kept seed; the others keep theirs
    tokens["Flo"] = store.join(code, "Flo").token
    assert send_variants(store, code, key, DIE, round_seed=12345) == 1
    later = deal_variants(DIE, list(tokens), round_seed=99)
    assert own(store, code, tokens["Flo"])["seed"] == later["Flo"].seed
    assert [v.seed for v in store.variants(code, key, QID)] == [later[n].seed for n in tokens]


def test_sending_is_refused_with_the_reason_and_writes_nothing(klass):
    store, code, key, tokens = klass
    good = as_sent(die_variant(3))
    store.open_question(code, key, "demo.q2", question_prompt("demo.q2", "Next?", choices=["a", "b"]))
    cases = [
        ("demo.q2", 1, {"Ada": good}, "not-revealed"),
        (QID, 1, {"Zed": good}, "unknown-student"),
        (QID, -1, {"Ada": good}, "bad-seed"),
        (QID, 1, {}, "bad-variant"),
        (QID, 1, {"Ada": {**good, "correct": {"choices": []}}}, "bad-variant"),
        (QID, 1, {"Ada": {**good, "prompt": {"kind": "essay"}}}, "bad-variant"),
        (QID, 1, {"Ada": {**good, "exact": ""}}, "bad-variant"),
        (QID, 1, {"Ada": {**good, "seed": True}}, "bad-variant"),
    ]
    for qid, seed, instances, reason in cases:
        with pytest.raises(ClassroomError) as refused:
            store.send_variants(code, key, qid, seed, instances)
        assert refused.value.reason == reason, (qid, instances)
        assert store.variants(code, key, qid) == []
    store.send_variants(code, key, QID, 1, {"Ada": good})
    with pytest.raises(ClassroomError) as refused:
        store.send_variants(code, key, QID, 1, {"Ada": good, "Bo": good})
    assert refused.value.reason == "variant-sent"
    with pytest.raises(ClassroomError) as refused:
        store.send_variants(code, key, QID, 2, {"Bo": good})
    assert refused.value.reason == "variant-seed-changed" and "seed 1" in str(refused.value)
    assert [v.student for v in store.variants(code, key, QID)] == ["Ada"]
    with pytest.raises(ClassroomError) as refused:
        store.send_variants(code, tokens["Bo"], QID, 1, {"Bo": good})  # a student is no teacher
    assert refused.value.reason == "wrong-teacher-key"


# -- answering -------------------------------------------------------------------------------------

def test_each_answers_their_own_once_checked_exactly(klass):
    store, code, key, tokens = klass
    send_variants(store, code, key, DIE, round_seed=7)
    ada = own(store, code, tokens["Ada"])
    result = store.submit_variant(code, tokens["Ada"], QID, ada["seed"], right_choice(ada["prompt"]), "fairly sure")
    sides = die_variant(ada["seed"]).text.split("with ")[1].split(" ")[0]
    assert result == {"right": True, "correct": {"choices": [f"1/{sides}"]}, "exact": f"1/{sides}: one face of {sides}"}
    bo = own(store, code, tokens["Bo"])
    assert store.submit_variant(code, tokens["Bo"], QID, bo["seed"], wrong_choice(bo["prompt"]))["right"] is False
    mine = own(store, code, tokens["Ada"])
    assert (mine["answer"], mine["confidence"], mine["right"], mine["exact"]) == (
        right_choice(ada["prompt"]), "fairly sure", True, result["exact"])
    records = store.variants(code, key, QID)
    assert [(v.student, v.right, v.confidence) for v in records] == [
        ("Ada", True, "fairly sure"), ("Bo", False, None), ("Cy", None, None), ("Di", None, None), ("Ed", None, None)]
    (row,) = store.questions(code, key)
    assert row.variants_answered == 2
    rows = [r for r in csv.DictReader(io.StringIO(store.export_csv(code, key))) if r["kind"] == "variant"]
    assert [(r["student"], r["question"], r["confidence"]) for r in rows] == [
        ("Ada", QID, "fairly sure"), ("Bo", QID, ""), ("Cy", QID, ""), ("Di", QID, ""), ("Ed", QID, "")]
    cell = json.loads(rows[0]["value"])
    assert (cell["seed"], cell["answer"], cell["right"]) == (ada["seed"], right_choice(ada["prompt"]), True)
    assert json.loads(rows[2]["value"])["right"] is None


def test_answers_are_refused_with_the_reason_and_change_nothing(klass):
    store, code, key, tokens = klass
    send_variants(store, code, key, DIE, round_seed=7)
    ada, bo = own(store, code, tokens["Ada"]), own(store, code, tokens["Bo"])

    def refused(reason, *args, token=tokens["Ada"]):
        with pytest.raises(ClassroomError) as err:
            store.submit_variant(code, token, *args)
        assert err.value.reason == reason, str(err.value)
        return str(err.value)

    assert "not yours" in refused("not-your-variant", QID, bo["seed"], right_choice(bo["prompt"]))
    refused("not-your-variant", QID, bo["seed"] + 1 if bo["seed"] + 1 != ada["seed"] else bo["seed"] + 2, "1/6")
    refused("bad-confidence", QID, ada["seed"], right_choice(ada["prompt"]), "certain")
    refused("bad-seed", QID, "7", right_choice(ada["prompt"]))
    refused("no-variant", "demo.q2", ada["seed"], "a")
    # what her page could not send: a choice of another variant's, or none of her choices
    theirs = next(c for c in bo["prompt"]["choices"] if c not in ada["prompt"]["choices"])
    assert "is one of its choices" in refused("bad-answer", QID, ada["seed"], theirs)
    refused("bad-answer", QID, ada["seed"], ["1/6"])
    assert [v.answer for v in store.variants(code, key, QID)] == [None] * 5  # nothing changed
    store.submit_variant(code, tokens["Ada"], QID, ada["seed"], wrong_choice(ada["prompt"]), "sure")
    assert "one answer" in refused("variant-answered", QID, ada["seed"], right_choice(ada["prompt"]), "sure")
    assert own(store, code, tokens["Ada"])["answer"] == wrong_choice(ada["prompt"])  # the first stays
    store.close_session(code, key)
    refused("session-closed", QID, bo["seed"], right_choice(bo["prompt"]), token=tokens["Bo"])


def test_variant_answers_count_in_the_per_student_limit(klass, monkeypatch):
    store, code, key, tokens = klass
    send_variants(store, code, key, DIE, round_seed=7)
    other = "demo.die2"
    store.open_question(code, key, other, question_prompt(other, "Again?", choices=DIE.how["choices"]))
    store.reveal_question(code, key, other, {"summary": "1/6"})
    twin = lesson_question(other, "Again?", choices=["1/6", "2/6"], answer=lambda: "1/6",
                           variant=lambda s: QuestionInstance(other, s, f"Again {s}?", {"choices": ["a", "b"]},
                                                              {"choices": ["a"]}, "a"))
    send_variants(store, code, key, twin, round_seed=8)
    monkeypatch.setattr(store_limits, "MAX_ANSWERS_PER_STUDENT", 1)
    ada = own(store, code, tokens["Ada"])
    store.submit_variant(code, tokens["Ada"], QID, ada["seed"], right_choice(ada["prompt"]))
    second = own(store, code, tokens["Ada"], other)
    with pytest.raises(ClassroomError) as err:
        store.submit_variant(code, tokens["Ada"], other, second["seed"], "a")
    assert err.value.reason == "too-many-answers"
    assert "answer" not in own(store, code, tokens["Ada"], other)


def test_the_class_service_carries_the_new_calls():
    from changekit.hub.service import STUDENT_CALLS, TEACHER_CALLS

    assert METHODS["send_variants"] == ("code", "teacher_key", "question_id", "seed", "instances")
    assert METHODS["submit_variant"] == ("code", "token", "question_id", "seed", "value", "confidence")
    assert {"send_variants", "variants"} <= TEACHER_CALLS and "submit_variant" in STUDENT_CALLS
    record = VariantAnswer("Ada", 3, {"kind": "choices"}, {"choices": ["a"]}, "a", "a", "sure", True)
    assert decode_result(json.loads(json.dumps(encode_result([record])))) == [record]


# -- the pages: the teacher's one click, the student's own question --------------------------------

@contextmanager
def die_class(folder):
    """A teacher's dashboard showing one question, the die with its variant, and three students'
    pages (Ada, Bo, Cy), on a SQLite store in ``folder``: (store, board, pages by name)."""
    with connect(f"sqlite:///{folder}/class.db") as store:
        board = Dashboard(store, lesson="zombie.ipynb", live=False)
        board.title_box.value = "Period 3"
        board.open_button.click()
        board.lesson = {QID: DIE}  # the lesson shown: one question with a variant
        board.rows = {QID: _QuestionRow(board, DIE)}
        board.questions_box.children = [board.rows[QID].widget]
        students = {}
        for name in ("Ada", "Bo", "Cy"):
            students[name] = StudentPage(store, live=False)
            students[name].join(board.session.code, name)
        yield store, board, students


@pytest.fixture
def pages(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with die_class(tmp_path) as made:
        yield made


def test_the_teacher_sends_variants_in_one_click_and_each_student_answers_their_own(pages):
    store, board, students = pages
    code = board.session.code
    row = board.rows[QID]
    assert row.variant_button.layout.display != "none" and row.variant_button.disabled  # not revealed yet
    row.open_button.click()
    for page in students.values():
        page.link.refresh()
        page.link.questions[QID].predict("1/6", "sure")
    board.reveal(QID)
    board.poller.tick()
    assert not row.variant_button.disabled
    row.variant_button.click()  # the one click
    assert "3 students got their own variant" in board.message.value
    assert "own variants: 0 of 3 answered" in row.count.value
    texts = []
    for page in students.values():
        page.link.refresh()
        own_question = page._variants[QID]
        assert page.current.children[0] is own_question.widget  # on top until answered
        assert own_question.confidence_input is not None and own_question.check_button.layout.display == "none"
        texts.append(own_question.text)
    # neighbours on the class list differ; Ada and Cy may share numbers (the deal promises no more)
    assert texts[0] != texts[1] and texts[1] != texts[2]
    ada = students["Ada"]
    mine = own(store, code, ada.link.token)
    ada._variants[QID].predict(right_choice(mine["prompt"]), "fairly sure")
    said = ada._variants[QID].said
    assert "<b>Right</b>" in said and f"the exact answer is <b>{escape_html(own_exact(mine))}</b>" in said
    bo = students["Bo"]
    theirs = own(store, code, bo.link.token)
    bo._variants[QID].predict(wrong_choice(theirs["prompt"]))
    assert "<b>Not this time</b>" in bo._variants[QID].said
    board.poller.tick()
    assert "own variants: 2 of 3 answered" in row.count.value
    # a reload: the answer and its verdict as they were; nothing can be sent again
    again = StudentPage(store, live=False)
    again._connect(type(ada.link).rejoin(store, code, ada.link.token))
    restored = again._variants[QID]
    assert restored.prediction == right_choice(mine["prompt"]) and restored.confidence == "fairly sure"
    assert "<b>Right</b>" in restored.said and restored.lock_button.disabled
    row.variant_button.click()
    assert "Every student has their variant" in board.message.value


def escape_html(text):
    return escape(text)


def own_exact(mine):
    return die_variant(mine["seed"]).exact


def test_a_question_without_a_variant_has_no_button_and_says_why(pages):
    store, board, _ = pages
    plain = lesson_question("demo.plain", "Plain?", choices=["a", "b"], answer=lambda: "a",
                            no_variant="it is about one fixed position")
    board.lesson["demo.plain"] = plain
    board.rows["demo.plain"] = row = _QuestionRow(board, plain)
    assert row.variant_button.layout.display == "none"
    board.click(board.sending_variants, "demo.plain")
    assert "one fixed position" in board.message.value


def test_every_lesson_question_with_a_variant_goes_through_the_store(store):
    """The games' own variants (written beside this work): dealt, sent, answered with their right
    answer, checked right by the store."""
    from changekit.classroom.lessons import lesson_questions, lessons

    with_variants = [q for notebook in lessons() for q in lesson_questions(notebook) if q.variant is not None]
    if not with_variants:
        pytest.skip("no lesson question has a variant yet")
    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    tokens = {n: store.join(code, n).token for n in ("Ada", "Bo", "Cy")}
    for question in with_variants:
        store.open_question(code, key, question.qid, question.prompt())
        store.reveal_question(code, key, question.qid, None)
        send_variants(store, code, key, question, round_seed=46)
        for token in tokens.values():
            mine = own(store, code, token, question.qid)
            instance = question.make_variant(mine["seed"])
            answer = (instance.correct["choices"][0] if "choices" in instance.correct
                      else instance.correct["range"][0])
            result = store.submit_variant(code, token, question.qid, mine["seed"], answer)
            assert result["right"] is True, (question.qid, mine["seed"])
