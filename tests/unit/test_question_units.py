"""A question's answer speaks in the unit the question asks in (issue 41: Zombie's Question 2
asked for a chance "(in %)" and answered "≈ 0.494")."""
from __future__ import annotations

from changekit.games.zombie.analysis import chance_of_points
from changekit.games.zombie.questions import QUESTIONS


def test_zombie_q2_answers_in_the_percent_it_asks_for():
    question = QUESTIONS["zombie.q2"]
    assert "chance (in %)" in question.text and question.how["unit"] == "%"
    shown = str(question.answer()[0])
    p = chance_of_points(5)
    assert f"<b>≈ {100 * float(p):.1f} %</b>" in shown and "<b>≈ 49.4 %</b>" in shown
    assert f"exactly {p.numerator}/{p.denominator}" in shown
    assert "0.494" not in shown
    assert "about 49 %" in question.reading  # the reading rounds the same percentage
