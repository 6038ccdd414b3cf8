"""The lessons' stored runs (changekit.stats.stored) are only a cache: every one, played again,
gives its stored result exactly, and a question shows it at once."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from changekit.core.errors import ChangekitError
from changekit.registry import all_specs
from changekit.stats.intervals import Estimate
from changekit.stats.stored import RUNS, StoredRun, decode, encode, stored_run
from changekit.stats.tournaments import TournamentResult

for _spec in all_specs():
    _spec.lesson_questions()  # a lesson's questions import its analysis, which declares its runs
KEYS = sorted(RUNS)


def test_the_slow_questions_are_stored():
    assert KEYS == ["big_cheese.q4", "big_cheese.q6", "big_cheese.q8", "boneyard.q7", "cambio.q3", "cambio.q4",
                    "cambio.q5", "cambio.q6", "cha_ching.q8", "moneybags.q4", "moneybags.q5", "moneybags.q6",
                    "zombie.q4", "zombie.q7"]


@pytest.mark.parametrize("key", KEYS)
def test_a_stored_run_is_what_its_games_give_when_played_again(key, monkeypatch):
    run = RUNS[key]
    played = []
    with monkeypatch.context() as patched:  # shown at once: read from the store, not played (timings: make bench)
        patched.setattr(StoredRun, "play", lambda self, progress=None: played.append(self.key))
        stored = run()
    assert played == [] and stored is not None
    assert run(replay=True) == stored, f"{key} changed: store it again with `python tools/store_runs.py {key}`"


def test_zombie_question_4_is_the_tournament_it_always_was():
    # the numbers stored by hand before the runs had a file of their own
    from changekit.games.zombie import analysis

    result = analysis.question4_tournament()
    assert result == TournamentResult(["careful", "greedy", "careful", "greedy"], 200,
                                      [178 / 3, 51.5, 143.5 / 3, 124 / 3], [7906.0, 7767.0, 7644.0, 7799.0])


def test_the_json_form_keeps_types_and_refuses_what_it_cannot_keep():
    value = {3: [Estimate(0.5, 0.25, 0.75, 12)], (1, 2): "pair", "f": Fraction(2, 3), "t": (1.5, None, True)}
    data = json.loads(json.dumps(encode(value)))
    assert decode(data) == value and type(decode(data)["t"]) is tuple
    with pytest.raises(ChangekitError, match="cannot keep a set"):
        encode({1, 2})
    with pytest.raises(ChangekitError, match="outside the kit"):
        decode({"$class": "os:system", "fields": {}})
    with pytest.raises(ChangekitError, match="not a stored value"):
        decode({"$fraction": "x"})


def test_an_unstored_run_plays_and_bad_calls_are_refused():
    played = []
    run = stored_run("changekit.games.nothing_stored.analysis", "test_q1", lambda games: played.append(games) or games,
                     games=3)
    try:
        assert run() == 3 and played == [3]  # nothing stored: the games are played
        with pytest.raises(ChangekitError, match="replay is True or False"):
            run(replay="yes")
    finally:
        RUNS.pop(run.key)
    with pytest.raises(ChangekitError, match="__name__ and a name"):
        stored_run("analysis", "q1", len)
