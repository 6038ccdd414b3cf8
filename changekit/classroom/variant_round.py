"""Each student's own variant of a question, after its reveal (issue 46): the same idea with new
numbers, answered alone, so that a right answer cannot be copied from a neighbour.

The teacher's one click deals them: a generator seeded once per question (the seed is kept in the
class store, so the same seed deals the same variants again) draws a variant seed per student in
the order they joined, and draws again while a student's variant would read the same as the one
dealt just before (their neighbour on the class list, most likely beside them in the room).

>>> from changekit.core.questions import QuestionInstance, lesson_question
>>> def bag(seed):
...     n = 2 + seed % 5
...     return QuestionInstance("demo.q1", seed, f"{n} coins: how many heads at most?", {"number": [0, 9]},
...                             {"range": [n, n]}, f"{n}")
>>> q = lesson_question("demo.q1", "2 coins?", number=[0, 9], answer=lambda: "2", variant=bag)
>>> dealt = deal_variants(q, ["Ada", "Bo", "Cy"], round_seed=7)
>>> [dealt[a].text != dealt[b].text for a, b in (("Ada", "Bo"), ("Bo", "Cy"))]
[True, True]
>>> dealt == deal_variants(q, ["Ada", "Bo", "Cy"], round_seed=7)
True
"""
from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any, Sequence

from ..core.questions import MAX_VARIANT_SEED, LessonQuestion, QuestionInstance

if TYPE_CHECKING:  # the store is passed in by the dashboard
    from .store import Store

#: how often a student's variant is drawn again while it reads as their neighbour's
REDRAWS = 20


def deal_variants(question: LessonQuestion, students: Sequence[str], *, round_seed: int) -> dict[str, QuestionInstance]:
    """Every student's own variant of ``question``, by name, dealt by a generator seeded with
    ``round_seed``: the same students in the same order get the same variants. Neighbours on the
    list differ (where the question has more than one variant), and no two students share a seed."""
    rng = random.Random(round_seed)
    dealt: dict[str, QuestionInstance] = {}
    used: set[int] = set()
    before: QuestionInstance | None = None
    for name in students:
        instance = None
        for _ in range(REDRAWS):
            seed = rng.randrange(MAX_VARIANT_SEED + 1)
            if seed in used:
                continue
            instance = question.make_variant(seed)
            if before is None or _reads(instance) != _reads(before):
                break
        assert instance is not None, "a seed is drawn at least once"  # REDRAWS > 0 and 2^31 seeds
        used.add(instance.seed)
        dealt[name] = before = instance
    return dealt


def _reads(instance: QuestionInstance) -> tuple[str, str]:
    """What a student sees of a variant: its text and its way of answering."""
    return instance.text, repr(sorted(instance.how.items()))


def as_sent(instance: QuestionInstance) -> dict[str, Any]:
    """A variant as the class store keeps it (:meth:`~changekit.classroom.store.Store.send_variants`)."""
    return {"seed": instance.seed, "prompt": instance.prompt(), "correct": instance.correct, "exact": instance.exact}


def send_variants(store: Store, code: str, teacher_key: str, question: LessonQuestion,
                  round_seed: int | None = None) -> int:
    """The teacher's one click: every joined student who has no variant of ``question`` yet gets
    theirs. The round's seed is the one the store kept for this question, else ``round_seed``, else
    a fresh one (then kept). Returns how many were sent (0: everyone has theirs)."""
    row = next((q for q in store.questions(code, teacher_key) if q.question_id == question.qid), None)
    if row is not None and row.variant_seed is not None:
        round_seed = row.variant_seed
    elif round_seed is None:
        round_seed = secrets.randbelow(MAX_VARIANT_SEED + 1)
    students = store.students(code, teacher_key)
    held = {v.student for v in store.variants(code, teacher_key, question.qid)}
    dealt = deal_variants(question, students, round_seed=round_seed)
    todo = {name: as_sent(instance) for name, instance in dealt.items() if name not in held}
    if not todo:
        return 0
    return store.send_variants(code, teacher_key, question.qid, round_seed, todo)
