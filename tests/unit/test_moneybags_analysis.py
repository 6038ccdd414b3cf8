"""Moneybags analyses against brute force: every pour of a few coins, played through the engine."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest

from changekit.games.moneybags import Moneybags, jiggle_likelihood
from changekit.games.moneybags.analysis import (
    ALWAYS, ELSEWHERE, IN_A, IN_B, NEVER, ChallengeIfFeelsLight, ChallengeIfLossAtLeast, add_coins, best_steal,
    boss_policy_study, bot_tournament, challenge_story, challenge_value, pair_prior, posterior_after_jiggle,
    stand_value, steal_curve, steal_value,
)
from changekit.games.moneybags.bots import THIEF_MODEL, pour_plan, random_pour_step, robbed_value


def compositions(coins, bags):
    """Every way to pour ``coins`` into ``bags`` bags with at least one coin each (brute force)."""
    return [c for c in product(range(1, coins + 1), repeat=bags) if sum(c) == coins]


def engine_worlds(coins, players):
    """Each equally likely random pour as an engine state (Boss 0; seat 1 will rob seat 2), with
    its probability: 1 / (compositions × bags for the diamond)."""
    pours = compositions(coins, players)
    p = Fraction(1, len(pours) * players)
    for pour, diamond in product(pours, range(players)):
        state = Moneybags(players=players, coins=coins, pour="boss", diamond_height=3).new_state(seed=0)
        for c in pour[:-1]:  # turn order 1, 2, ..., 0
            state.apply(("fill", c))
        state.apply(("diamond", diamond))
        yield state, p


def stack(state, seat):
    return state.bags[seat] + (3 if state.diamond == seat else 0)


@pytest.mark.parametrize(("coins", "players"), [(7, 3), (9, 4), (8, 5)])
def test_pair_prior_is_the_marginal_of_every_pour(coins, players):
    brute = {}
    for state, p in engine_worlds(coins, players):
        a, b = state.bags[2], state.bags[1]
        d = IN_A if state.diamond == 2 else IN_B if state.diamond == 1 else ELSEWHERE
        brute[(a, b, d)] = brute.get((a, b, d), 0) + p
    assert pair_prior(coins, players) == brute


GRABS = {0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(1, 3), 5: Fraction(1, 3)}


def brute_challenge(coins, players, grabs, felt, readings, noise):
    """Seat 1 robs seat 2 through the engine; seat 2 (the victim) weighs every world by the
    readings' likelihood and challenges on a clone: P(win), E[height | challenge], E[height]."""
    total = win = ev_ch = ev_acc = 0
    for world, p in engine_worlds(coins, players):
        for k, q in grabs.items():
            for g, r in ((1, felt), (0, 1 - felt)):
                if not r:
                    continue
                state = world.clone()
                state.apply(("steal", 2, k, g))
                w = p * q * r
                for bag, reading in readings:
                    w *= jiggle_likelihood(reading, state.bags[2 if bag == "A" else 1], noise)
                if not w:
                    continue
                mine = stack(state, 2)
                state.apply("challenge")
                total += w
                ev_acc += w * mine
                ev_ch += w * stack(state, 2)
                win += w * (not state.out[2])
    return win / total, ev_ch / total, ev_acc / total


@pytest.mark.parametrize(("coins", "players"), [(7, 3), (9, 4)])
def test_challenge_value_after_a_steal_is_exact(coins, players):
    for felt in (Fraction(0), Fraction(1, 2), Fraction(1)):
        story = challenge_story(coins, players, taken=GRABS, felt_for_diamond=felt, diamond_height=3)
        value = story[-1].value
        assert isinstance(value.p_win, Fraction)
        expected = brute_challenge(coins, players, GRABS, felt, [], 0.15)
        assert (value.p_win, value.ev_challenge, value.ev_accept) == expected


@pytest.mark.parametrize("readings", [[("A", 2)], [("B", 6)], [("A", 3), ("B", 5)], [("A", 1), ("A", 2), ("B", 9)]])
def test_posterior_after_each_jiggle_matches_brute_force(readings):
    story = challenge_story(8, 3, taken=GRABS, felt_for_diamond=Fraction(1, 2), readings=readings, noise=0.2,
                            diamond_height=3)
    assert len(story) == 2 + len(readings)
    for i in range(len(readings) + 1):
        want = brute_challenge(8, 3, GRABS, Fraction(1, 2), readings[:i], 0.2)
        got = story[1 + i].value
        assert got.p_win == pytest.approx(float(want[0]), abs=1e-12)
        assert got.ev_challenge == pytest.approx(float(want[1]), abs=1e-10)
        assert got.ev_accept == pytest.approx(float(want[2]), abs=1e-10)
        assert sum(story[1 + i].mine.values()) == pytest.approx(1, abs=1e-12)


def test_a_light_feeling_bag_raises_the_odds_of_a_challenge():
    steps = challenge_story(taken=4, readings=[("A", 8), ("B", 25)])
    odds = [s.value.p_win for s in steps]
    assert odds[1] > odds[0] and odds[2] > odds[1] and odds[3] > odds[2]
    assert steps[-1].value.should_challenge


def brute_steal(coins, players, k, grab, policy):
    """Seat 1 (the thief) grabs through the engine; the victim (seat 2) follows ``policy``."""
    ev = p_ch = p_out = 0
    for world, p in engine_worlds(coins, players):
        state = world.clone()
        state.apply(("steal", 2, k, grab))
        loot = next(e for e in reversed(state.log) if e.kind == "loot").data
        d = IN_A if state.diamond == 2 else IN_B if state.diamond == 1 else ELSEWHERE
        c = policy(loot["coins"], loot["diamond"], (state.bags[2], state.bags[1], d), 3)
        accepted = stack(state, 1)
        state.apply("challenge")
        ev += p * ((1 - c) * accepted + c * stack(state, 1))
        p_ch += p * c
        p_out += p * c * state.out[1]
    return ev, p_ch, p_out


@pytest.mark.parametrize("policy", [ChallengeIfLossAtLeast(2), ChallengeIfLossAtLeast(4), ALWAYS, NEVER])
def test_steal_values_are_exact(policy):
    prior = pair_prior(7, 3)
    for k, grab in product(range(6), (False, True)):
        got = steal_value(prior, k, policy, diamond=grab, diamond_height=3)
        assert (got.ev, got.p_challenged, got.p_thief_out) == brute_steal(7, 3, k, int(grab), policy)


def test_steal_values_under_a_jiggling_victim_match_brute_force():
    policy = ChallengeIfFeelsLight(3, noise=0.3)
    prior = pair_prior(8, 4)
    for k in range(5):
        got = steal_value(prior, k, policy, diamond=True, diamond_height=3)
        want = brute_steal(8, 4, k, 1, policy)
        assert got.ev == pytest.approx(float(want[0]), abs=1e-12)
        assert got.p_challenged == pytest.approx(float(want[1]), abs=1e-12)


def test_the_best_grab_stops_just_below_the_victims_threshold():
    prior = {s: float(p) for s, p in pair_prior().items()}
    curve = steal_curve(prior, ChallengeIfLossAtLeast(6), max_coins=12)
    assert best_steal(curve).coins == 5
    assert curve[0].ev == pytest.approx(stand_value(prior))
    # against a victim who never challenges, more is always better
    assert best_steal(steal_curve(prior, NEVER, max_coins=12)).coins == 12


def test_the_bayesian_bots_fast_path_equals_the_analysis():
    prior = {s: float(p) for s, p in pair_prior(67, 4).items()}
    grabs = {k: float(p) for k, p in THIEF_MODEL.items()}
    for mine, theirs, before in [(None, None, 0), (12, None, 0), (None, 30, 0), (9, 21, 0), (25, 14, 0), (20, 14, 6)]:
        readings = ([("A", mine)] if mine is not None else []) + ([("B", theirs)] if theirs is not None else [])
        steps = challenge_story(taken=grabs, felt_for_diamond=0.5, prior=prior)
        belief = add_coins(steps[-1].belief, "A", before)
        for bag, reading in readings:
            belief = posterior_after_jiggle(belief, bag, reading, noise=0.15)
        want = challenge_value(belief, diamond_height=10)
        got = robbed_value(67, 4, 10, 0.15, mine, theirs, stolen_before=before)
        assert got.p_win == pytest.approx(want.p_win, abs=1e-12)
        assert got.ev_challenge == pytest.approx(want.ev_challenge, abs=1e-9)


def test_boss_pour_policies():
    for policy in ("even", "front", "back"):
        plan = pour_plan(67, 5, policy)
        assert sum(plan) == 67 and min(plan) >= 1
    assert pour_plan(67, 4, "front")[0] > pour_plan(67, 4, "front")[-1]
    # the step-by-step random pour is exactly uniform over compositions (exact weights, 7 coins, 3 bags)
    def prob(pour):
        p, left = Fraction(1), 7
        for i, c in enumerate(pour[:-1]):
            bags = 3 - i
            weights = {x: math.comb(left - x - 1, bags - 2) for x in range(1, left - bags + 2)}
            p *= Fraction(weights[c], sum(weights.values()))
            left -= c
        return p
    assert {prob(c) for c in compositions(7, 3)} == {Fraction(1, 15)}
    rng = random.Random(0)
    assert all(1 <= random_pour_step(10, 3, rng) <= 8 for _ in range(200))


def test_monte_carlo_studies_run_and_give_intervals():
    study = boss_policy_study(("even", "front"), players=3, games=12, seed=1)
    for ests in study.values():
        assert sum(e.value for e in ests) == pytest.approx(1)
        assert all(e.low - 1e-9 <= e.value <= e.high + 1e-9 for e in ests)  # wilson rounds at 0 and 1
    result = bot_tournament(("random", "bayesian", "cautious"), games=9, seed=2)
    assert sum(result.wins) == pytest.approx(9)
    again = bot_tournament(("random", "bayesian", "cautious"), games=9, seed=2)
    assert again.wins == result.wins


def test_challenge_value_doc_cases():
    # a sure win: you 3, the thief 8
    v = challenge_value({(3, 8, ELSEWHERE): Fraction(1)}, diamond_height=10)
    assert (v.p_win, v.ev_challenge, v.ev_accept, v.gain) == (1, 11, 3, 8)
    # the diamond on your side: 3 + 10 vs 8 -> you lose everything
    v = challenge_value({(3, 8, IN_A): Fraction(1)}, diamond_height=10)
    assert (v.p_win, v.ev_challenge, v.ev_accept) == (0, 0, 13) and not v.should_challenge


def test_figures_draw_the_data():
    from changekit.games.moneybags.analysis import (
        boss_figure, posterior_figure, steal_figure, tournament_figure,
    )

    story = challenge_story(8, 3, taken=2, readings=[("B", 6)], diamond_height=3)
    fig = posterior_figure(story)
    assert len(fig.data) == 2 * len(story)
    prior = pair_prior(8, 3)
    curve = steal_curve(prior, ChallengeIfLossAtLeast(3), max_coins=5, diamond_height=3)
    fig = steal_figure({"3+": curve}, baseline=stand_value(prior, diamond_height=3))
    assert list(fig.data[0].y) == [float(v.ev) for v in curve]
    assert fig.data[1].x == (best_steal(curve).coins,)
    study = boss_policy_study(("even",), players=3, games=3, seed=0)
    assert len(boss_figure(study).data) == 1
    result = bot_tournament(("random", "cautious", "bold"), games=3, seed=0)
    assert list(tournament_figure(result).data[0].x) == ["random", "cautious", "bold"]
