"""Boneyard's Question 8: the Boneyard rebuilt after a first round of Question 1's mix, against
the rebuild written from the rule sheet in boneyard_rebuild_checks (not from the kit's rules)."""
from __future__ import annotations

import re

import pytest

from changekit.games.boneyard import rebuild
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE
from changekit.games.boneyard.questions import QUESTIONS

from .boneyard_rebuild_checks import by_the_sheet, rebuilt_by_the_sheet


def test_the_sheets_example():
    """Buckets 17, 13, 7, 4, 3 and bids 10, 7, 7, 5, 4, 3, 1, 1 give 10, 5, 4, (5), (17)."""
    after = rebuilt_by_the_sheet([17, 13, 7, 4, 3], [10, 7, 7, 5, 4, 3, 1, 1])
    assert sorted(after) == sorted([10, 5, 4, 5, 17])


def test_question_8_exact_answer_and_reading():
    mine = by_the_sheet(4)
    kit = rebuild.second_round(4)
    assert kit.below_first == pytest.approx(float(mine["below"]), abs=1e-12)
    assert kit.above_first == pytest.approx(float(mine["above"]), abs=1e-12)
    assert kit.mean_richest == pytest.approx(float(mine["richest"]), abs=1e-12)
    assert kit.boneyard_total == pytest.approx(float(mine["total"]), abs=1e-12)
    reading = QUESTIONS["boneyard.q8"].reading
    said = (f"{float(mine['below']):.1%}".replace("%", " %"), f"{float(mine['above']):.1%}".replace("%", " %"),
            f"`${float(mine['richest']):.2f}`", f"`${float(mine['total']):.2f}`")
    assert said == ("75.9 %", "17.4 %", "`$8.33`", "`$23.81`")
    assert all(s in reading for s in said) and "About three times in four" in reading
    # the mix never bids $10 or more, so only cancelled bids (on the poorest bucket) can pass $10
    assert max(t for t, p in EQUILIBRIUM_TABLE[4].items() if p > 0) == 9
    assert rebuilt_by_the_sheet([10, 7, 5, 3, 1], [7, 5, 5, 3]) == [7, 3, 5, 3, 11]  # the reading's $11


@pytest.mark.parametrize("players", [3, 5])
def test_question_8_variant_counts_the_exact_chance_right(players):
    seed = next(s for s in range(200) if f"{players} players" in rebuild.second_round_variant(s).text)
    instance = rebuild.second_round_variant(seed)
    low, high = instance.correct["range"]
    exact = 100 * float(by_the_sheet(players)["below"])
    assert low <= exact <= high and high - low <= 10.1
    assert re.search(rf"{exact:.1f} %", instance.exact)


def test_question_8_is_asked_on_the_page_before_its_answer():
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "boneyard.ipynb").read_text())["cells"]
    sources = ["".join(c["source"]) for c in cells]
    at = next(i for i, s in enumerate(sources) if 'Question.of(QUESTIONS["boneyard.q8"])' in s)
    above = " ".join(sources[:at])
    assert "75.9" not in above and "17.4" not in above and "8.33" not in above
