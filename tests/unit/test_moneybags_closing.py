"""Moneybags Question 6 (issue 25): closing your bag at once against three Bayesian thieves. A seeded
simulation: reproducible, the closer never steals, and what the reading says holds with its interval."""
from __future__ import annotations

import random

from changekit.core.bots import play_out
from changekit.core.state import Event
from changekit.games.moneybags import analysis as a
from changekit.games.moneybags.bots import BayesianChallenger, EarlyCloser
from changekit.games.moneybags.rules import CLOSE, Moneybags
from changekit.stats.intervals import wilson


class Recording(EarlyCloser):
    def __init__(self) -> None:
        super().__init__()
        self.turns: list = []

    def turn(self, view, legal, rng):
        action = super().turn(view, legal, rng)
        self.turns.append(action)
        return action


def test_the_closer_closes_on_its_first_turn_and_never_steals():
    for seed in range(5):
        closer = Recording()
        state = Moneybags(players=4).new_state(seed=seed)
        play_out(state, [closer, BayesianChallenger(), BayesianChallenger(), BayesianChallenger()],
                 rng=random.Random(seed))
        assert closer.turns and all(action == CLOSE for action in closer.turns)
        assert len(closer.turns) <= 3  # one turn a round at most: it closes at the first


def test_question6_is_seeded_and_the_closer_beats_a_fair_share():
    result = a.question6_tournament()  # the page's stored run, the same games played again in test_stored_runs
    assert result.names == ["closer", "bayesian", "bayesian", "bayesian"]
    closer = wilson(result.wins[0], result.games)
    assert closer.low > 1 / 4  # the whole interval above a fair share
    assert sum(result.wins) == result.games  # someone wins every game (shared wins split)
    assert result.mean_points()[0] > max(result.mean_points()[1:])


def test_the_log_says_your_bag_when_you_close_it():
    """The apps call the human "You": "You closed their bag" read as someone else's bag."""
    state = Moneybags().new_state(seed=1)
    assert state.narrate(Event("close", {"player": 0}), ["You", "Ann"]) == "You closed your bag for the round."
    assert state.narrate(Event("close", {"player": 1}), ["You", "Ann"]) == "Ann closed their bag for the round."
