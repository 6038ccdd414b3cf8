"""Boneyard bots: legal, faithful to their description, and ranked sensibly in whole games."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from changekit.core import RandomBot, play_out
from changekit.games.boneyard import Boneyard
from changekit.games.boneyard.analysis import bot_tournament
from changekit.games.boneyard.bots import BOTS, EquilibriumBot, HistoryBot, OutbidBot, bills_for
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("claim", ["largest", "choose"])
def test_every_bot_finishes_games_with_legal_moves(name, claim):
    for players in (2, 5, 8):
        state = Boneyard(players=players, claim=claim).new_state(seed=players)
        play_out(state, [BOTS[name]() for _ in range(players)], rng=random.Random(players), max_steps=2000)
        assert state.winners()


def test_equilibrium_bot_draws_from_the_table():
    state = Boneyard(players=4).new_state(seed=0)
    bot, rng = EquilibriumBot(), random.Random(0)
    draws = Counter(sum(bot.choose(state.view(0), state.legal_actions(0), rng=rng)) for _ in range(4000))
    for total, p in EQUILIBRIUM_TABLE[4].items():
        assert abs(draws[total] / 4000 - p) < 0.025, total
    assert set(draws) == set(EQUILIBRIUM_TABLE[4])


def test_equilibrium_bot_keeps_to_what_its_hand_can_make():
    state = Boneyard(players=5).new_state(seed=0)
    state.hands[0] = [10, 3]  # can make 3, 10, 13; the 5-player mix has 3 and 10
    bot, rng = EquilibriumBot(), random.Random(1)
    draws = Counter(bot.choose(state.view(0), state.legal_actions(0), rng=rng) for _ in range(2000))
    assert set(draws) == {(3,), (10,)}
    share = draws[(3,)] / 2000
    mix = EQUILIBRIUM_TABLE[5]
    assert abs(share - mix[3] / (mix[3] + mix[10])) < 0.03
    state.hands[0] = [10, 10]  # can make 10 and 20: 10 is in the mix
    assert bot.choose(state.view(0), state.legal_actions(0), rng=rng) == (10,)
    state.hands[0] = [7, 7, 7]  # 7, 14, 21: 7 is in the mix, always
    assert {bot.choose(state.view(0), state.legal_actions(0), rng=rng) for _ in range(20)} == {(7,)}


def test_outbid_bot_tops_last_rounds_highest_unmatched_bid():
    state = Boneyard(players=4).new_state(seed=0)
    for p, bid in enumerate([(1,), (5,), (5,), (7,)]):  # player 3 is the bot: last time 1 and 5, 5
        state.apply(bid, p)
    view = state.view(3)
    # the 5s cancel and will again; the 1 is the top unmatched: bid $3 (just above, not 5)
    assert OutbidBot().choose(view, state.legal_actions(3), rng=random.Random(0)) == (3,)


def test_history_bot_answers_the_crowd():
    from changekit.games.boneyard import expected_payoffs

    state = Boneyard(players=3).new_state(seed=0)
    for p, bid in enumerate([(5,), (5,), (1,)]):
        state.apply(bid, p)
    bid = HistoryBot().choose(state.view(2), state.legal_actions(2), rng=random.Random(0))
    assert bid in state.legal_actions(2)
    # belief: one of each of $1, $3-$6 as a prior, plus the three bids seen (5, 5, 1)
    belief = {1: 2 / 8, 3: 1 / 8, 4: 1 / 8, 5: 3 / 8, 6: 1 / 8}
    pay = expected_payoffs(belief, 2, buckets=[sum(b) for b in state.buckets],
                           bids=sorted({sum(b) for b in state.legal_actions(2)}))
    assert pay[sum(bid)] == max(pay.values())
    assert sum(bid) != 5  # the crowded bid is the worst place to be


def test_bills_for_uses_few_bills():
    assert bills_for([10, 7, 5, 3, 1], 11) == (10, 1)
    assert bills_for([3, 3, 3, 1], 6) == (3, 3)


def test_informed_bots_beat_random_ones():
    result = bot_tournament(("random", "random", "equilibrium", "history"), games=120, seed=3)
    rates = result.win_rates()
    assert rates[3].low > rates[0].high and rates[3].low > rates[1].high
    assert rates[2].value > max(rates[0].value, rates[1].value)
    assert sum(result.wins) == pytest.approx(120)
    assert RandomBot.name == "random"


@pytest.mark.parametrize("name", ["equilibrium", "outbid", "history"])
def test_explanations_never_give_a_secret_bid_away(name):
    state = Boneyard(players=4).new_state(seed=2)
    bot, rng = BOTS[name](), random.Random(2)
    for _ in range(30):
        view = state.view(1)
        bid = bot.choose(view, state.legal_actions(1), rng=rng)
        reason = bot.explain(view, bid)
        assert reason and f"${sum(bid)}" not in reason and str(list(bid)) not in reason


def test_dependencies_point_one_way():
    """rules <- model <- bots <- analysis <- app: no module imports a later one (not even inside a
    function), and rules, model and bots import nothing heavy (they run in Pyodide)."""
    import ast
    from pathlib import Path

    import changekit.games.boneyard as package

    order = ["rules", "model", "bots", "analysis", "app"]
    folder = Path(package.__file__).parent
    for position, name in enumerate(order):
        tree = ast.parse((folder / f"{name}.py").read_text())
        imported = {node.module.split(".")[-1] if node.level else node.module
                    for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not imported & set(order[position + 1:]), (name, imported & set(order[position + 1:]))
        if position < 3:
            heavy = {m for m in imported if m.split(".")[0] in {"numpy", "plotly", "ipywidgets", "sympy"}
                     or m.startswith("changekit.ui") or m.startswith("changekit.stats")}
            assert not heavy, (name, heavy)


# ---- the race bot (Question 7): the mix, except when a bid could reach $40 ------------------------
def brute_finish_chances(money, hand_totals, mix, opponents, buckets):
    """Each total's chance of reaching $40 this round, summing over every tuple of opponents' bids
    from ``mix`` (plain rules: equal totals cancel, the k-th highest unmatched bid takes the k-th
    richest bucket)."""
    from itertools import product

    richest = sorted(buckets, reverse=True)
    out = {}
    for mine in hand_totals:
        chance = 0.0
        for others in product(mix, repeat=opponents):
            weight = 1.0
            for t in others:
                weight *= mix[t]
            totals = (mine, *others)
            counts = Counter(totals)
            if counts[mine] > 1:
                continue
            rank = sorted((t for t in totals if counts[t] == 1), reverse=True).index(mine)
            if rank < len(richest) and money - mine + richest[rank] >= 40:
                chance += weight
        out[mine] = chance
    return out


def test_rank_chances_is_the_brute_force_sum():
    from changekit.games.boneyard.model import rank_chances

    mix = {1: 0.4, 3: 0.3, 5: 0.2, 9: 0.1}
    buckets = [17, 10, 6]
    chances = rank_chances(mix, 3, buckets, [1, 2, 3, 4, 9, 12])
    from itertools import product
    for mine, got in chances.items():
        want = [0.0] * (len(buckets) + 1)
        for others in product(mix, repeat=3):
            weight = mix[others[0]] * mix[others[1]] * mix[others[2]]
            totals = (mine, *others)
            counts = Counter(totals)
            if counts[mine] == 1:
                rank = sorted((t for t in totals if counts[t] == 1), reverse=True).index(mine)
                want[min(rank, len(buckets))] += weight
        assert got == pytest.approx(want, abs=1e-12), mine


def near_the_finish():
    """A 4-player game in its first round, seat 0 holding $35 and the buckets rebuilt rich."""
    state = Boneyard(players=4).new_state(seed=5)
    state.hands[0] = [10, 10, 7, 5, 3]
    state.buckets = [(10, 7), (5,), (3, 1), (1,), (10,)]
    return state


def test_race_bot_bids_the_total_likeliest_to_reach_40():
    from changekit.games.boneyard.bots import RaceBot, finish_chances

    state = near_the_finish()
    view = state.view(0)
    totals = sorted({sum(b) for b in state.legal_actions(0)})
    want = brute_finish_chances(35, totals, EQUILIBRIUM_TABLE[4], 3, [17, 5, 4, 1, 10])
    assert finish_chances(view) == pytest.approx(want, abs=1e-9)
    best = max(want.values())
    assert best > 0.5
    choice = min(t for t, c in want.items() if c > best - 1e-9)
    bids = {RaceBot().choose(view, state.legal_actions(0), rng=random.Random(seed)) for seed in range(20)}
    assert bids == {bills_for(state.hands[0], choice)}  # no draw: the same bid every time
    reason = RaceBot().explain(view, next(iter(bids)))
    assert "$40" in reason and f"${choice}" not in reason


def test_race_bot_far_from_40_bids_like_the_equilibrium_bot():
    from changekit.games.boneyard.bots import RaceBot, finish_chances

    state = Boneyard(players=4).new_state(seed=3)  # $26 each, the richest bucket $10: nobody can reach $40
    view = state.view(2)
    assert max(finish_chances(view).values()) == 0
    for seed in range(30):
        assert (RaceBot().choose(view, state.legal_actions(2), rng=random.Random(seed))
                == EquilibriumBot().choose(view, state.legal_actions(2), rng=random.Random(seed)))


@pytest.mark.parametrize("claim", ["largest", "choose"])
def test_race_bot_finishes_games_with_legal_moves(claim):
    from changekit.games.boneyard.bots import RaceBot

    for players in (2, 5, 8):
        state = Boneyard(players=players, claim=claim).new_state(seed=players)
        bots = [RaceBot()] + [EquilibriumBot() for _ in range(players - 1)]
        play_out(state, bots, rng=random.Random(players), max_steps=2000)
        assert state.winners()
