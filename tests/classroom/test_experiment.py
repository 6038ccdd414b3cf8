"""Issue 46: the one-click experiment. The teacher splits the class at random (seeded, the seed kept)
into students who predict before the reveal and students who only watch it; both answer their own
variant; the report gives the difference of the two groups with its 95 % interval and says plainly
whether this class can tell them apart. A split never changes once it started; a watcher's vote is
refused; the split goes into the CSV for pooling across classes. A simulated experiment finds the
difference when it is there and not when it is not."""
from __future__ import annotations

import csv
import io
import json
import math
import random

import pytest

from changekit.classroom import connect
from changekit.classroom.live import StudentPage, question_prompt
from changekit.classroom.report import ExperimentResult
from changekit.classroom.store import decode_result, encode_result
from changekit.classroom.variant_round import send_variants
from changekit.core.errors import ClassroomError

from .test_variant_flow import DIE, QID, own, right_choice, wrong_choice

Z = 1.959963984540054


def wilson(k, n):
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


def newcombe(k1, n1, k2, n2):
    """Newcombe's hybrid score interval of p1 - p2, written out here from its formula."""
    p1, p2 = k1 / n1, k2 / n2
    (l1, u1), (l2, u2) = wilson(k1, n1), wilson(k2, n2)
    d = p1 - p2
    return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def opened_class(store, names):
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in names}
    store.open_question(code, key, QID, question_prompt(QID, DIE.text, choices=DIE.how["choices"]))
    return code, key, tokens


def test_the_split_is_seeded_kept_and_never_changes(store):
    names = [f"S{i:02d}" for i in range(11)]
    code, key, tokens = opened_class(store, names)
    groups = store.start_experiment(code, key, QID, 2024)
    assert list(groups) == names  # in join order
    order = list(range(11))
    random.Random(2024).shuffle(order)  # the split, redone here: the first half of the shuffle predicts
    assert groups == {names[i]: ("predict" if place < 6 else "watch") for place, i in enumerate(order)}
    (row,) = store.questions(code, key)
    assert row.experiment_seed == 2024
    for seed in (2024, 7):  # the same seed or another: refused, nothing changes
        with pytest.raises(ClassroomError) as err:
            store.start_experiment(code, key, QID, seed)
        assert err.value.reason == "experiment-started" and "2024" in str(err.value)
    assert {p.question_id: p.group for p in store.polls(code, tokens["S00"])}[QID] == groups["S00"]
    exported = [r for r in csv.DictReader(io.StringIO(store.export_csv(code, key))) if r["kind"] == "group"]
    assert {r["student"]: json.loads(r["value"]) for r in exported} == {
        name: {"group": group, "seed": 2024} for name, group in groups.items()}


def test_a_watcher_cannot_vote_and_a_split_after_votes_is_refused(store):
    code, key, tokens = opened_class(store, ["Ada", "Bo", "Cy", "Di"])
    groups = store.start_experiment(code, key, QID, 5)
    watcher = next(n for n, g in groups.items() if g == "watch")
    predictor = next(n for n, g in groups.items() if g == "predict")
    with pytest.raises(ClassroomError) as err:
        store.submit(code, tokens[watcher], QID, "1/6", "sure")
    assert err.value.reason == "watching"
    assert store.answers(code, key, QID) == {}
    store.submit(code, tokens[predictor], QID, "1/6", "sure")
    store.open_question(code, key, "demo.q2", question_prompt("demo.q2", "Next?", choices=["a", "b"]))
    store.submit(code, tokens["Ada"], "demo.q2", "a")
    for qid, seed, reason in (("demo.q2", 1, "votes-in"), ("demo.q9", 1, "unknown-question"),
                              ("demo.q2", -3, "bad-seed")):
        with pytest.raises(ClassroomError) as err:
            store.start_experiment(code, key, qid, seed)
        assert err.value.reason == reason
    assert all(q.experiment_seed is None for q in store.questions(code, key) if q.question_id != QID)
    with pytest.raises(ClassroomError) as err:
        store.start_experiment(code, tokens["Ada"], QID, 1)
    assert err.value.reason == "wrong-teacher-key"


def test_the_student_page_of_a_watcher_says_so_and_takes_no_vote(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        code, key, _ = opened_class(store, [])
        pages = {}
        for name in ("Ada", "Bo"):
            pages[name] = StudentPage(store, live=False)
            pages[name].join(code, name)
        groups = store.start_experiment(code, key, QID, 3)
        watcher = next(n for n, g in groups.items() if g == "watch")
        page = pages[watcher]
        page.link.refresh()
        question = page.link.questions[QID]
        assert "This time you watch" in question.said and question.lock_button.disabled
        with pytest.raises(Exception, match="you watch"):
            question.predict("1/6")


def run_experiment(store, *, predict_right: float, watch_right: float, students: int, seed: int):
    """A class split, voted (the predictors), revealed, each answering their own variant right with
    the chance their group has."""
    rng = random.Random(f"answers {seed}")  # not the split's own stream (random.Random(seed)): independent of it
    code, key, tokens = opened_class(store, [f"S{i:03d}" for i in range(students)])
    groups = store.start_experiment(code, key, QID, seed)
    for name, group in groups.items():
        if group == "predict":
            store.submit(code, tokens[name], QID, rng.choice(DIE.how["choices"]), "guess")
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.reveal_question(code, key, QID, None)
    send_variants(store, code, key, DIE, round_seed=seed)
    counts = {"predict": [0, 0], "watch": [0, 0]}
    for name, group in groups.items():
        mine = own(store, code, tokens[name])
        right = rng.random() < (predict_right if group == "predict" else watch_right)
        store.submit_variant(code, tokens[name], QID, mine["seed"],
                             right_choice(mine["prompt"]) if right else wrong_choice(mine["prompt"]))
        counts[group][0] += right
        counts[group][1] += 1
    return store.experiment(code, key, QID), counts


def test_the_difference_and_its_interval_are_as_counted(store):
    result, counts = run_experiment(store, predict_right=0.7, watch_right=0.5, students=24, seed=11)
    (k1, n1), (k2, n2) = counts["predict"], counts["watch"]
    assert (result.predict.count, result.predict.n, result.watch.count, result.watch.n) == (k1, n1, k2, n2)
    assert result.seed == 11 and result.difference == pytest.approx(k1 / n1 - k2 / n2)
    assert result.cohens_h == pytest.approx(math.acos(1 - 2 * k1 / n1) - math.acos(1 - 2 * k2 / n2))
    assert (result.low, result.high) == pytest.approx(newcombe(k1, n1, k2, n2))
    assert decode_result(json.loads(json.dumps(encode_result(result)))) == result
    assert isinstance(result, ExperimentResult)


def test_the_effect_size_is_cohens_h_with_its_reading():
    """Cohen's h for two proportions, worked out here another way: 2·asin(√p) = acos(1 − 2p)."""
    from changekit.classroom.report import experiment_result, share_of

    for (k1, n1), (k2, n2), reading in (((16, 20), (8, 20), "large"), ((15, 20), (9, 20), "medium"),
                                        ((10, 20), (9, 20), "negligible"), ((5, 20), (9, 20), "small"),
                                        ((20, 20), (0, 20), "large")):
        result = experiment_result("q1", 7, share_of(k1, n1), share_of(k2, n2))
        expected = math.acos(1 - 2 * k1 / n1) - math.acos(1 - 2 * k2 / n2)
        assert result.cohens_h == pytest.approx(expected, abs=1e-12)
        assert f"Cohen's h = {expected:+.2f}, {reading} (Cohen: 0.2 small, 0.5 medium, 0.8 large)" in result.sentence
    assert experiment_result("q1", 7, share_of(3, 4), share_of(0, 0)).cohens_h is None  # one group only


def test_a_difference_is_found_when_it_is_there_and_not_when_it_is_not(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        there, _ = run_experiment(store, predict_right=0.8, watch_right=0.4, students=120, seed=1)
        assert there.low > 0 and there.sentence.startswith("Predicting first did better in this class")
        # no difference: over 200 classes of 40 the interval holds 0 about 95 % of the time
        held = 0
        for seed in range(200):
            none, _ = run_experiment(store, predict_right=0.6, watch_right=0.6, students=40, seed=100 + seed)
            held += none.low <= 0 <= none.high
            if none.low <= 0 <= none.high:
                assert none.sentence.startswith("This class cannot tell the two apart")
        print(f"\nno difference: the interval held 0 in {held} of 200 simulated classes of 40")
        assert 0.90 <= held / 200 <= 0.99


def test_the_dashboard_splits_in_one_click_and_reports_the_sentence(tmp_path, monkeypatch):
    from changekit.classroom.dashboard import Dashboard, _QuestionRow

    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        board = Dashboard(store, lesson="zombie.ipynb", live=False)
        board.title_box.value = "Period 3"
        board.open_button.click()
        code, key = board.session.code, board.session.teacher_key
        tokens = {name: store.join(code, name).token for name in ("Ada", "Bo", "Cy", "Di")}
        board.lesson = {QID: DIE}
        board.rows = {QID: (row := _QuestionRow(board, DIE))}
        assert row.split_button.disabled  # not open yet
        row.open_button.click()
        assert not row.split_button.disabled
        row.split_button.click()
        (state,) = store.questions(code, key)
        assert state.experiment_seed is not None and f"Split (seed {state.experiment_seed}): 2 predict" in \
            board.message.value
        groups = {p: store.polls(code, t)[0].group for p, t in tokens.items()}
        for name, group in groups.items():
            if group == "predict":
                store.submit(code, tokens[name], QID, "1/6")
        board.reveal(QID)
        board.poller.tick()
        row.variant_button.click()
        for name in groups:
            mine = own(store, code, tokens[name])
            store.submit_variant(code, tokens[name], QID, mine["seed"], right_choice(mine["prompt"]))
        board.report()
        assert f"Predict or watch, {QID}</b> (split seed {state.experiment_seed})" in board.learning_html.value
        assert "This class cannot tell the two apart: predicting first: 2 of 2 right" in board.learning_html.value
