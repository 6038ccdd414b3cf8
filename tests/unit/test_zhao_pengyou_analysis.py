"""Zhao Pengyou analyses against independent computations, and the bots' behaviour."""
from __future__ import annotations

import random
from fractions import Fraction
from math import comb

from changekit.core.bots import RandomBot, play_out
from changekit.games.zhao_pengyou import ZhaoPengyou, level_change
from changekit.games.zhao_pengyou import analysis as an
from changekit.games.zhao_pengyou.bots import HeuristicBot, known_team
from changekit.games.zhao_pengyou.moves import Bury, Call, Play


def test_trump_count_matches_a_card_by_card_deal():
    # independent: deal 39 cards one at a time, tracking how many trumps are left (54 of 162)
    dist = {0: Fraction(1)}
    left, trumps_left = 162, 54
    for drawn in range(39):
        new: dict[int, Fraction] = {}
        for k, p in dist.items():
            t = trumps_left - k
            rest = left - drawn
            new[k + 1] = new.get(k + 1, Fraction(0)) + p * Fraction(t, rest)
            new[k] = new.get(k, Fraction(0)) + p * Fraction(rest - t, rest)
        dist = new
    exact = an.trump_count()
    assert {k: v for k, v in dist.items() if v} == exact
    assert sum(exact.values()) == 1 and an.mean(exact) == 13
    assert max(exact, key=exact.get) == 13


def test_called_copies_match_the_product_formula():
    joint = an.called_copies(host_copies=0)
    assert sum(joint.values()) == 1
    total = comb(117, 3)
    for (a, b, c), p in joint.items():
        assert p == Fraction(comb(39, a) * comb(39, b) * comb(39, c), total)
    # the chance that one seat holds all three unseen copies
    assert sum(p for k, p in joint.items() if 3 in k) == Fraction(3 * comb(39, 3), total)
    assert an.called_copies(host_copies=2, buried=1) == {(0, 0, 0): 1}


def test_friend_seat_closed_form():
    for host, buried in [(0, 0), (1, 0), (2, 0), (1, 1), (0, 2)]:
        dist = an.friend_seat(host_copies=host, buried=buried)
        in_play = 3 - buried
        assert sum(dist.values()) == 1
        assert dist["host"] == Fraction(host, in_play)
        for seat in ("seat +1", "seat +2", "seat +3"):
            assert dist[seat] == Fraction(in_play - host, 3 * in_play)
    assert an.friend_seat(ordinal=3, buried=1)["nobody"] == 1


def test_declare_chance_against_explicit_suit_counts():
    hand, other = 39, 150
    total = comb(162, hand)
    for copies in (1, 2, 3):
        p = Fraction(0)
        for counts in ((a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)):
            if max(counts) >= copies:
                ways = 1
                for k in counts:
                    ways *= comb(3, k)
                p += Fraction(ways * comb(other, hand - sum(counts)), total)
        assert an.declare_chance_exact(copies=copies) == p
    assert an.declare_chance_exact() == 1 - Fraction(comb(150, 39), comb(162, 39))


def test_declare_chance_simulation_agrees_with_the_exact_value():
    estimate = an.declare_chance_simulated(deals=120, seed=3)
    exact = float(an.declare_chance_exact())
    assert estimate.low <= exact <= estimate.high


def test_bot_deal_results_and_their_summaries():
    results = an.bot_deals(deals=4, seed=1)
    assert len(results) == 4
    assert sum(an.points_histogram(results).values()) == 4
    counts = an.level_change_counts(results)
    assert sum(counts.values()) == 4
    for r in results:
        assert (r["side"], r["steps"]) == level_change(r["attackers_points"])
        assert 0 <= r["attackers_points"] <= 300 + 2 * r["kitty_points"]
    assert an.mean_points(results) == Fraction(sum(r["attackers_points"] for r in results), 4)


def test_figures_build():
    fig = an.trump_count_figure()
    assert len(fig.data) == 1 and abs(sum(fig.data[0].y) - 1) < 1e-9
    assert len(an.points_figure(deals=3, seed=2).data[0].x) == 3
    assert sum(an.level_change_figure(deals=3, seed=2).data[0].y) == 3
    assert len(fig.layout.shapes) == 0 and len(an.points_figure(deals=3, seed=2).layout.shapes) == 5


# ---- bots ---------------------------------------------------------------------------------
def test_heuristic_bots_play_legal_games_to_the_end():
    for seed in range(2):
        state = ZhaoPengyou(deals=1).new_state(seed=seed)
        play_out(state, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], rng=random.Random(seed))
        assert state.is_terminal() and state.winners()


def _view(**over):
    view = {"you": 1, "host": 0, "friends": [], "calls": [{"ordinal": 1, "card": "AH", "seen": 0, "found_by": None}],
            "levels": ["2"] * 4, "trump_suit": "C", "trump_rank": "2", "phase": "play", "selection": [],
            "hand": ["KD", "3D", "AD", "4S"], "trick": [], "to_act": [1]}
    view.update(over)
    return view


def test_known_team():
    assert known_team(_view(you=0, friends=[2])) == {0, 2}
    assert known_team(_view(you=1)) == {1}  # the friend is not found yet: alone as far as we know
    found = [{"ordinal": 1, "card": "AH", "seen": 1, "found_by": 2}]
    assert known_team(_view(you=1, friends=[2], calls=found)) == {1, 3}


def test_heuristic_wins_points_and_feeds_its_partner():
    bot, rng = HeuristicBot(), random.Random(0)
    # an opponent leads 10♦: win it with the cheapest winner, the king
    view = _view(trick=[[0, ["10D"]]])
    legal = [Play(c) for c in ("3D", "KD", "AD")]  # named moves, as legal_actions lists them
    assert bot.choose(view, legal, rng=rng) == ("play", "KD")
    view = _view(trick=[[0, ["10D"]], [2, ["KD"]]], hand=["3D", "AD", "4S"])
    assert bot.choose(view, [Play("3D"), Play("AD")], rng=rng) == ("play", "AD")
    # a known teammate (seat 3) is winning with the ace: feed it the king's 10 points
    found = [{"ordinal": 1, "card": "AH", "seen": 1, "found_by": 2}]
    view = _view(trick=[[3, ["AD"]]], friends=[2], calls=found)
    assert bot.choose(view, legal, rng=rng) == ("play", "KD")
    # nothing to gain: throw the cheapest card, keep trumps and points
    view = _view(trick=[[0, ["AD"]]], hand=["3C", "KS", "4S"])
    assert bot.choose(view, [Play(c) for c in ("3C", "KS", "4S")], rng=rng) == ("play", "4S")


def test_heuristic_calls_an_ace_it_lacks_and_buries_no_points():
    bot, rng = HeuristicBot(), random.Random(0)
    view = _view(phase="call", you=0, hand=["AS", "AH", "3D"], trump_suit="D")
    legal = [Call(k, c) for c in ("AS", "AH", "AC", "KS") for k in (1, 2, 3)]
    assert bot.choose(view, legal, rng=rng) == ("call", 2, "AS")
    view = _view(phase="bury", you=0, hand=["KS", "5H", "3H", "9C", "4D"], trump_suit="D")
    legal = [Bury(c) for c in view["hand"]]
    assert bot.choose(view, legal, rng=rng) == ("bury", "3H")


def test_heuristic_beats_random_over_a_few_deals():
    game = ZhaoPengyou(deals=1)
    gains = {"heuristic": 0, "random": 0}
    for seed in range(8):
        state = game.new_state(seed=seed)
        seats = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()] if seed % 2 else \
            [RandomBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
        play_out(state, seats, rng=random.Random(seed))
        for p, bot in enumerate(seats):
            gains[bot.name] += state.levels[p]
    assert gains["heuristic"] > gains["random"]
