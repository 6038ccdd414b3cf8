"""Zombie's question 4 (a 200-game tournament, 126 s on a class page): the page says how long
the rest will take while it runs, and the careful bot weighs a position without re-checking the
same bills for every outcome (the same games, faster)."""
from __future__ import annotations

import time

from changekit.games.zombie import analysis
from changekit.games.zombie.bots import CarefulBot, GreedyBot
from changekit.stats.stored import StoredRun
from changekit.ui.question import Question


def test_a_long_answer_says_how_long_the_rest_will_take():
    said = []

    def answer(progress):
        for i in range(1, 9):
            time.sleep(0.2)
            progress(i / 8)
            said.append(q.status.value)
        return "done"

    q = Question("test.slow", "?", answer=answer, number=(0, 10))
    q.predict(3)
    q.check()
    estimates = [s for s in said if "s left" in s]
    assert estimates, said
    # halfway through 1.6 s of work: about 0.8 s left, shown rounded to whole seconds
    assert "Computing: 50% done, about 1 s left." in said[3] and "75% done" in said[5], said
    assert "Your prediction was" in q.status.value  # the estimate gives way to the result


def test_the_careful_bots_tournament_is_unchanged_by_the_speed_up():
    # the numbers of this line-up and seed before the careful bot stopped re-checking its pools
    result = analysis.bot_tournament(games=40, bots=[CarefulBot(), GreedyBot(), CarefulBot(), GreedyBot()])
    assert result.wins == [15.5, 8.0, 10.5, 6.0]
    assert result.points == [1556.0, 1526.0, 1518.0, 1545.0]


def test_question_4_shows_its_stored_tournament_at_once(monkeypatch):
    # at once: read from the store, never played (playing it takes 10-25 s; timings are make bench's)
    played = []
    monkeypatch.setattr(StoredRun, "play", lambda self, progress=None: played.append(self.key))
    monkeypatch.setattr(analysis, "bot_tournament", lambda *a, **k: played.append("bot_tournament"))
    stored = analysis.question4_tournament()
    assert played == []
    assert stored.games == 200 and stored.names == ["careful", "greedy", "careful", "greedy"]
    assert len(analysis.tournament_figure(stored).data[0].x) == 4
