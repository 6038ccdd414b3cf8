"""The sampled playout check behind ``make bench`` (light checks at every step, a deep check at
one random position) and the cheaper refusal check: they count right, sample fairly, and fail
on broken engines, including the faults the saved JSON text alone cannot see."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from changekit import conformance
from changekit.conformance import _same_counts, check_sampled_playout, check_step
from changekit.core import IllegalAction
from changekit.core.state import Event
from changekit.games.zombie.rules import Zombie, ZombieState


def test_a_correct_engine_passes_and_the_tally_counts_what_was_checked():
    tally: dict[str, float] = {}
    for seed in range(6):
        assert check_sampled_playout(Zombie(players=3), seed, tally=tally) == []
    assert tally == {"steps": 6 * 54, "deep": 6, "saves": 6}  # Zombie 3p: 3 rounds × 3 players × 6 bills
    light: dict[str, float] = {}
    assert check_sampled_playout(Zombie(players=3), 0, deep=0, save=False, tally=light) == []
    assert light == {"steps": 54, "deep": 0, "saves": 0}


def test_the_sampling_does_not_steer_the_play():
    for seed in range(5):
        with_deep: dict[str, float] = {}
        without: dict[str, float] = {}
        check_sampled_playout(Zombie(players=4), seed, deep=2, tally=with_deep)
        check_sampled_playout(Zombie(players=4), seed, deep=0, tally=without)
        assert with_deep["deep"] == 2 and with_deep["steps"] == without["steps"]


def test_the_deep_check_falls_uniformly_on_the_positions_of_a_game(monkeypatch):
    checked_at: list[int] = []

    def record(position, rng):
        checked_at.append(len(position.history))
        return []

    monkeypatch.setattr(conformance, "check_step", record)
    for seed in range(2400):
        check_sampled_playout(Zombie(players=2), seed, save=False)
    counts = Counter(checked_at)
    assert sorted(counts) == list(range(24))  # every non-terminal position of a 24-step game, none else
    # 100 expected each (binomial sd ~9.8): a clone kept too early or too late would skew this
    assert all(55 <= c <= 145 for c in counts.values()), counts


class _Broken(ZombieState):
    """Zombie with one planted fault, chosen by ``fault``."""

    fault = ""

    def _apply(self, player, bill):
        # a named game refuses what is no move before _apply: plant the fault where the engine
        # itself refuses, a well-formed bill the player does not hold
        if bill not in self.hands[player]:
            if self.fault == "draws-before-refusing":
                self.rng.random()  # the JSON text has no RNG state: only the mark sees this
            if self.fault == "int-to-float-when-refusing":
                self.points[player] = float(self.points[player])  # 0 == 0.0: only the JSON text sees this
            if self.fault == "logs-before-refusing":
                self.log.append(Event("oops", {}))  # nor is the log in the JSON text
        super()._apply(player, bill)
        if self.fault == "loses-a-bill" and len(self.history) == 4 and self.register:
            self.register.pop()
        if self.fault == "clones-share-the-register":
            self.register.append(bill)  # the clone's register is the original's (below)

    def clone(self):
        twin = super().clone()
        if self.fault == "clones-share-the-register":
            twin.register = self.register
        return twin

    def legal_actions(self, *args, **kwargs):
        if self.fault == "caches-when-listing":
            self._listed = len(self.history)  # a cache filled by a read (as Zhao Pengyou's trump lookups): no move
        return super().legal_actions(*args, **kwargs)


def _broken_game(fault: str):
    state_type = type("BrokenState", (_Broken,), {"fault": fault})
    game_type = type("BrokenZombie", (Zombie,), {"State": state_type})
    state_type.game = game_type
    return game_type(players=3)


@pytest.mark.parametrize(("fault", "finding"), [
    ("draws-before-refusing", "refusing 0 for player 1 changed the state"),
    ("logs-before-refusing", "refusing 0 for player 1 changed the state"),
    ("int-to-float-when-refusing", "refusing junk actions for player 1 changed the saved state"),
])
def test_a_refusal_that_leaves_any_trace_is_caught(fault, finding):
    state = _broken_game(fault).new_state(seed=1)
    with pytest.raises(IllegalAction):
        state.apply(0)
    assert finding in check_step(_broken_game(fault).new_state(seed=1), random.Random(0))


def test_playing_on_a_clone_that_touches_the_original_is_caught():
    problems = check_step(_broken_game("clones-share-the-register").new_state(seed=1), random.Random(0))
    assert problems == ["playing on a clone changed the original"]


def test_a_cache_filled_by_listing_the_moves_is_no_finding():
    """Listing the legal actions may fill an engine's caches: the deep check marks the position
    after listing them (it flagged every Zhao Pengyou deal's first call in ``make bench``)."""
    for seed in range(3):
        assert check_step(_broken_game("caches-when-listing").new_state(seed=seed), random.Random(0)) == []
        assert check_sampled_playout(_broken_game("caches-when-listing"), seed, deep=3) == []


def test_zhao_pengyou_passes_the_deep_check_at_a_deal_s_first_call():
    from changekit.games.zhao_pengyou import SPEC, ZhaoPengyou

    for players in (4, 5, 7):
        assert check_sampled_playout(ZhaoPengyou(players=players, **dict(SPEC.short_options)), 0, deep=1) == []


def test_a_lost_bill_is_caught_by_the_light_checks_alone():
    problems = check_sampled_playout(_broken_game("loses-a-bill"), 3, deep=0, save=False)
    assert len(problems) == 1 and problems[0].startswith("step 5: inventory changed")


def test_inventories_compare_like_counters():
    cases = [(Counter(a=1, b=0), Counter(a=1)), (Counter(a=1), Counter(a=2)), (Counter(a=2, b=1), Counter(b=1, a=2)),
             (Counter(), Counter(x=0)), (Counter(a=1), Counter(b=1))]
    for a, b in cases:
        assert _same_counts(a, b) == (a == b) == _same_counts(b, a)
