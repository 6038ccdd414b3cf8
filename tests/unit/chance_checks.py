"""The tests' own statistics (issue 43): the test of a difference, written out here from the
textbook formulas so that a lesson's "z ≈ 2.09" is checked against arithmetic the kit did not do.

* two independent proportions (two separate runs, as Cambio's thresholds): the standard error of
  the difference is sqrt(p1 q1 / n1 + p2 q2 / n2);
* two shares of the same games (two bots at one table: a game one wins is a game the other did not
  win): the counts are one multinomial draw, Var(p1 - p2) = (p1 + p2 - (p1 - p2)^2) / n.
"""
from __future__ import annotations

from math import erf, sqrt


def normal_tail_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return 1 - erf(abs(z) / sqrt(2))


def z_independent(p1: float, n1: int, p2: float, n2: int) -> float:
    return (p1 - p2) / sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def z_same_games(p1: float, p2: float, n: int) -> float:
    return (p1 - p2) / sqrt((p1 + p2 - (p1 - p2) ** 2) / n)


def z_for_two_sided(level: float) -> float:
    """The |z| beyond which a two-sided test at ``level`` rejects, by bisection on the tail."""
    low, high = 0.0, 10.0
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if normal_tail_two_sided(mid) > level else (low, mid)
    return (low + high) / 2


def game_shares(result, first: str, second: str) -> tuple[float, float, int]:
    """Two named bots' shares of a tournament's games (a seat name may repeat: its seats add up)."""
    def share(name):
        return sum(w for n, w in zip(result.names, result.wins, strict=True) if n == name) / result.games
    return share(first), share(second), result.games


def leaders_by_the_test(result, names: list[str], level: float = 0.05) -> list[str]:
    """The bot with the largest share of a tournament's games and every bot the two-sided test of
    two shares of the same games cannot tell from it at ``level``, in the order of ``names``."""
    critical = z_for_two_sided(level)
    shares = {name: game_shares(result, name, name)[0] for name in names}
    top = max(names, key=shares.__getitem__)
    return [n for n in names if n == top or abs(z_same_games(*game_shares(result, top, n))) < critical]


#: Sentences that teach the overlapping-intervals rule (issue 43): "overlap" near a verdict that the
#: two cannot be told apart, ranked or named a winner.
OVERLAP_RULE = (r"overlap\w*[^.;]{0,80}(cannot|can't|not enough|share a rank|tell[^.]{0,20}apart|rank)"
                r"|(cannot|can't)[^.;]{0,60}apart[^.;]{0,40}overlap")


# ---- arithmetic from the rule sheets (/work/shared/rules, docs/rules.md), not from the kit ----------
#: The Big Cheese: four each of seven number cards. Under polyhedral dice a card rolls a die with as
#: many sides as its value (the 2 by even/odd: 1 or 2); under one d6 it pays the roll times the card.
#: Play to 200 points with the d6, to 40 with polyhedral dice.
BIG_CHEESE_CARDS = (2, 4, 6, 8, 10, 12, 20)
BIG_CHEESE_TARGET = {"d6": 200, "polyhedral": 40}


def big_cheese_payouts(card: int, dice: str) -> list[int]:
    return [card * k for k in range(1, 7)] if dice == "d6" else list(range(1, card + 1))


def spread(values: list[int]) -> float:
    """The standard deviation of equally likely values."""
    m = sum(values) / len(values)
    return sqrt(sum((v - m) ** 2 for v in values) / len(values))


def big_cheese_card_kept(later: int):
    """What a Big Cheese held is worth (polyhedral dice) when ``later`` more of your number
    projects will mature, each card equally likely one of the seven: after each roll you re-roll
    when the fresh roll's mean less the roll beats keeping the card for the rest."""
    from fractions import Fraction

    value = Fraction(0)
    for _ in range(later):
        value = sum((Fraction(1, len(BIG_CHEESE_CARDS) * card) * max(value, Fraction(card + 1, 2) - roll)
                     for card in BIG_CHEESE_CARDS for roll in big_cheese_payouts(card, "polyhedral")), Fraction(0))
    return value


def big_cheese_highest_reroll(card: int, later: int) -> int:
    """The highest roll of ``card`` (polyhedral) worth re-rolling with ``later`` projects still due."""
    from fractions import Fraction

    kept = big_cheese_card_kept(later)
    return max(r for r in big_cheese_payouts(card, "polyhedral") if Fraction(card + 1, 2) - r > kept)


def diminishing_first_movers(games: int, seed: int) -> int:
    """How often seat-rotated bot 0 of ``bot_tournament(games, seed)`` moves first: the seeding
    redone as the tournament does it, the first player read off each new game's state (the rules:
    play begins with a random player)."""
    import random

    from changekit.games.diminishing.rules import GAME

    game, master, first = GAME(players=2), random.Random(seed), 0
    for g in range(games):
        state = game.new_state(seed=master.getrandbits(32))
        master.getrandbits(64)  # the bots' generator
        first += state.turn == (-g) % 2  # bot 0 sits where seating[seat] == 0
    return first


def running_average_settles(points: list[int], exact: float, within: float = 0.05) -> int:
    """The payment after which a running average stays within ``within`` of ``exact``: the last
    one outside it (0 if none)."""
    total, last = 0, 0
    for n, x in enumerate(points, 1):
        total += x
        if abs(total / n - exact) > within:
            last = n
    return last


#: CHA-CHING!: the kit's deck (an assumption the page states: 15 of each kind), the penalties of
#: the rule sheet (faces; ¢ 0; CHA-CHING 50; a $ the hand's highest number card, 50 with none), and
#: a $ worth any of 1, 5, 10, 25, 50 when a hand makes its target.
CHA_CHING_KINDS = ("1", "5", "10", "25", "50", "$", "¢", "CHA-CHING")
CHA_CHING_EACH = 15


def cha_ching_false_out(target: int) -> tuple:
    """Over fresh 8-card hands that cannot make ``target``: (the chance the penalty exceeds the
    target, the mean penalty), as fractions, by listing every mix of kinds with its number of ways."""
    from fractions import Fraction
    from itertools import combinations_with_replacement
    from math import comb

    numbers = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50}
    missed = over = total_penalty = 0
    for hand in combinations_with_replacement(CHA_CHING_KINDS, 8):
        ways = 1
        for kind in set(hand):
            ways *= comb(CHA_CHING_EACH, hand.count(kind))
        fixed = sum(numbers.get(card, 0) for card in hand)
        wild_totals = {0}
        for _ in range(hand.count("$")):
            wild_totals = {s + v for s in wild_totals for v in numbers.values()}
        if target - fixed in wild_totals:
            continue
        highest = max((numbers[c] for c in hand if c in numbers), default=50)
        cost = fixed + 50 * hand.count("CHA-CHING") + highest * hand.count("$")
        missed += ways
        over += ways * (cost > target)
        total_penalty += ways * cost
    return Fraction(over, missed), Fraction(total_penalty, missed)


# ---- a seeded run's averages with their 95 % intervals (issue 43), from the textbook formula ------
def mean_with_interval(values) -> tuple[float, float, float]:
    """The mean of independent ``values`` and its 95 % interval: mean ± z standard errors, the
    standard error being the sample standard deviation over the square root of their number."""
    from statistics import NormalDist, fmean, stdev

    z = NormalDist().inv_cdf(0.975)
    mean, half = fmean(values), z * stdev(values) / sqrt(len(values))
    return mean, mean - half, mean + half


def difference_with_interval(first, second) -> tuple[float, float, float]:
    """Mean of ``first`` less mean of ``second``, two independent samples, with its 95 % interval:
    their standard errors add in squares."""
    from statistics import NormalDist, fmean, variance

    z = NormalDist().inv_cdf(0.975)
    difference = fmean(first) - fmean(second)
    half = z * sqrt(variance(first) / len(first) + variance(second) / len(second))
    return difference, difference - half, difference + half


def points_by_game(game, lineup, games: int, seed: int) -> list[list[float]]:
    """Each game's final points per bot of ``bot_tournament(game, lineup, games, seed)``, the games
    replayed as the tournament seeds and seats them (seat s holds bot (s + g) mod n in game g): the
    tournament keeps only totals, and a difference between two bots at one table is taken game by
    game."""
    import random

    from changekit.core.bots import play_out

    master, seats, out = random.Random(seed), len(lineup), []
    for g in range(games):
        holder = [(s + g % seats) % seats for s in range(seats)]
        state = game.new_state(seed=master.getrandbits(32))
        play_out(state, [lineup[b] for b in holder], rng=random.Random(master.getrandbits(64)))
        row = [0.0] * seats
        for seat, score in enumerate(state.scores()):
            row[holder[seat]] = float(score)
        out.append(row)
    return out


def cha_ching_losing_hands_by_round(*, players: int, games: int, seed: int) -> list[list[int]]:
    """CHA-CHING! games of greedy bots seeded as ``round_statistics`` seeds them: for each round a
    player went out of, the penalties of the other hands (read off the game's log)."""
    import random

    from changekit.core.bots import play_out
    from changekit.games.cha_ching.bots import GreedyBot
    from changekit.games.cha_ching.rules import ChaChing

    master, game, rounds = random.Random(seed), ChaChing(players=players), []
    for _ in range(games):
        state = game.new_state(seed=master.getrandbits(32))
        play_out(state, [GreedyBot() for _ in range(players)], rng=random.Random(master.getrandbits(64)))
        rounds += [[score for seat, score in enumerate(e.data["scored"]) if seat != e.data["player"]]
                   for e in state.log if e.kind == "out"]
    return rounds


def another_run_lands_inside() -> float:
    """How often another seed's run of the same size lands inside this run's 95 % interval (review
    43c): the two estimates differ with standard deviation √2 standard errors, so the chance is
    P(|Z| < 1.96 / √2), about 0.83, not 0.95."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(0.975)
    return 2 * NormalDist().cdf(z / sqrt(2)) - 1


def ratio_with_interval(first, second) -> tuple[float, float, float]:
    """Mean of ``first`` over mean of ``second``, two independent samples, with its 95 % interval
    worked on the log scale (review 43c-2: a ratio is skewed, and the delta method's interval on the
    ratio itself falls short at the top): log ratio ± z times the root of the two relative variances."""
    from math import exp, log
    from statistics import NormalDist, fmean, variance

    z = NormalDist().inv_cdf(0.975)
    m1, m2 = fmean(first), fmean(second)
    ratio = m1 / m2
    relative = sqrt(variance(first) / len(first) / m1 ** 2 + variance(second) / len(second) / m2 ** 2)
    return ratio, exp(log(ratio) - z * relative), exp(log(ratio) + z * relative)


def cha_ching_solo_turns(targets, *, games: int, seed: int) -> dict[int, list[float]]:
    """Each solo deal's turns to go out, per target, seeded as ``turns_to_go_out`` seeds them: a
    generator per deal drawn from one master generator, the targets in order."""
    import random

    from changekit.games.cha_ching.analysis import solo_turns

    master = random.Random(seed)
    return {t: [float(solo_turns(t, rng=random.Random(master.getrandbits(64)))) for _ in range(games)]
            for t in targets}
