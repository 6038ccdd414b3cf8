"""Odd One Out's lesson questions (exact answers from analysis.py)."""
from __future__ import annotations

from changekit.core.questions import lesson_question, question_list
from changekit.games.variant_tools import choice_answer, percent_answer

from . import analysis

#: a toy lesson that proves a game from outside the kit fits the registry; its questions stay as they are
WHY_NOT = "the ninth game's lesson is a fixture of the kit's tests, not taught in class"

QUESTIONS = question_list(
    lesson_question("odd_one_out.q1", "With two others who pick at random, what is the chance (in %) that your "
                    "pick is nobody else's?", slider=(0, 100, 1),
                    answer=lambda: f"{float(analysis.chance_unique()) * 100:.1f} % ({analysis.chance_unique()})",
                    reading="Each of the two others misses your number with chance 2/3: (2/3)² = 4/9.",
                    right=lambda: percent_answer(analysis.chance_unique()),
                    no_variant=WHY_NOT),
    lesson_question("odd_one_out.q2", "Against two random pickers, which pick scores the most on average?",
                    choices=["1", "2", "3"],
                    answer=lambda: ", ".join(f"{p}: {analysis.expected_points(p)}" for p in (1, 2, 3)),
                    reading="Every number is unique with the same chance, so the biggest scores most.",
                    right=lambda: choice_answer(str(max((1, 2, 3), key=analysis.expected_points)),
                                                "3: each pick is unique with the same chance, so 3 scores most"),
                    no_variant=WHY_NOT),
    lesson_question("odd_one_out.q3", "Both others always pick 3. What should you pick?", choices=["1", "2", "3"],
                    answer=lambda: f"pick {analysis.best_reply_to(3)}",
                    reading="A 3 would match theirs and score nothing; a 2 is the most a unique pick scores.",
                    right=lambda: choice_answer(str(analysis.best_reply_to(3)), "2: a 3 would score nothing"),
                    no_variant=WHY_NOT),
)
