"""Every lesson question is in its lesson's plan (docs/teaching.md): a question the plan never
schedules is one a teacher following the guide never asks (issue 43: the questions added for the
rule sheets' untaught ideas were missing from the plans)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from changekit.registry import all_specs

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "teaching.md").read_text(encoding="utf-8")
#: the guide's lesson plans: each a table headed "| time | segment | what happens |"
PLANS = re.findall(r"^\| time \| segment \| what happens \|\n(?:\|.*\|\n)+", GUIDE, flags=re.MULTILINE)


def scheduled(plan: str, game: str) -> set[str]:
    """The question ids a plan names: one by one, and "`g.q1` to `g.q3`" as the whole range."""
    named = set(re.findall(rf"`({re.escape(game)}\.q\d+)`", plan))
    for low, high in re.findall(rf"`{re.escape(game)}\.q(\d+)` to `{re.escape(game)}\.q(\d+)`", plan):
        named |= {f"{game}.q{n}" for n in range(int(low), int(high) + 1)}
    return named


def test_the_guide_has_one_plan_per_game():
    keys = [spec.key for spec in all_specs()]
    owners = [[key for key in keys if f"`{key}." in plan] for plan in PLANS]
    assert sorted(owner for found in owners for owner in found) == sorted(keys)
    assert all(len(found) == 1 for found in owners), owners


def test_the_range_reading_counts_the_questions_between():
    assert scheduled("`g.q1` to `g.q3`, then `g.q5`", "g") == {"g.q1", "g.q2", "g.q3", "g.q5"}


@pytest.mark.parametrize("spec", all_specs(), ids=lambda spec: spec.key)
def test_every_question_is_in_its_lessons_plan(spec):
    """(A game added by its folder alone has no plan in the guide until one is written: the test
    above holds the kit's games to having one.)"""
    plans = [plan for plan in PLANS if f"`{spec.key}." in plan]
    assert len(plans) <= 1
    asked = [question.qid for question in spec.lesson_questions()]
    for plan in plans:
        assert [qid for qid in asked if qid not in scheduled(plan, spec.key)] == []
        assert scheduled(plan, spec.key) <= set(asked)  # and no plan names a question the lesson lacks
