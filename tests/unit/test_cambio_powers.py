"""Cambio's Question 7: each power weighed by what it takes off your total now, against the rule
sheet's deck counted in cambio_powers_checks (not the kit's analysis)."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from changekit.core.errors import ChangekitError
from changekit.games.cambio import powers
from changekit.games.cambio.questions import QUESTIONS

from .cambio_powers_checks import blind_swap, king, unseen

K_NAME, Q_NAME = "K: look at both, then decide", "J or Q: blind swap"


def test_the_deck_of_the_sheet():
    cards = unseen()
    assert len(cards) == 52 and sum(cards) == 336 and cards.count(-1) == 2 and cards.count(13) == 2


def test_question_7_exact_answer():
    result = powers.power_values(("10S", "3H"))
    at_known, at_unseen = king(["10S", "3H"], "KC")
    assert result.values[K_NAME] == max(at_known, at_unseen) == at_known == Fraction(195, 49)
    assert result.king_looks_at_known
    assert result.values[Q_NAME] == blind_swap(["10S", "3H"], "QC") == Fraction(179, 49)
    assert result.values["7 or 8: look at one of yours"] == result.values["9 or 10: look at another's"] == 0
    assert max(result.values, key=result.values.__getitem__) == K_NAME


def test_with_a_7_the_king_looks_at_an_unseen_card():
    result = powers.power_values(("7S", "3H"))
    at_known, at_unseen = king(["7S", "3H"], "KC")
    assert at_unseen > at_known and result.values[K_NAME] == at_unseen == Fraction(47, 21)
    assert not result.king_looks_at_known
    assert result.values[Q_NAME] == blind_swap(["7S", "3H"], "QC") == Fraction(29, 49)


def test_question_7_reading_says_what_was_computed():
    reading = QUESTIONS["cambio.q7"].reading
    q_pool = unseen("10S", "3H", "QC")
    assert len(q_pool) == 49 and Fraction(sum(q_pool), 49) == Fraction(311, 49)
    for said in ("195/49 ≈ 3.98", "179/49 ≈ 3.65", "311/49 ≈ 6.35", "29/49 ≈ 0.59", "47/21 ≈ 2.24", "the 49 unseen"):
        assert said in reading
    assert f"{float(Fraction(311, 49)):.2f}" == "6.35" and f"{float(Fraction(47, 21)):.2f}" == "2.24"
    extra = Fraction(195, 49) - Fraction(179, 49)
    assert abs(extra - Fraction(1, 3)) < Fraction(1, 50)  # "about a third of a point"


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_question_7_variant_counts_the_exact_value_right(seed):
    instance = powers.king_variant(seed)
    low, high = instance.correct["range"]
    codes = [c for c in powers.DECK_CODES[False] if powers.shown(c) in instance.text.split("cards: ")[1]]
    assert len(codes) == 2
    exact = max(king(codes, "KC"))
    assert low <= float(exact) <= high


def test_bad_positions_are_refused():
    with pytest.raises(ChangekitError, match="different cards"):
        powers.power_values(("10S", "10S"))
    with pytest.raises(ChangekitError, match="power cards"):
        powers.power_values(("KC", "3H"))


def test_question_7_is_asked_before_its_answer_is_on_the_page():
    cells = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "cambio.ipynb").read_text())["cells"]
    sources = ["".join(c["source"]) for c in cells]
    at = next(i for i, s in enumerate(sources) if 'Question.of(QUESTIONS["cambio.q7"])' in s)
    above = " ".join(sources[:at])
    assert "3.98" not in above and "195/49" not in above and "3.65" not in above
