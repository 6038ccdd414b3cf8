"""The claims ledger (issue 25): every sentence of a lesson that states a fact about a game with a
word such as *safe*, *fair*, *best*, *nobody*, *always*, *never*, *most*, *middle*, *usually* or
*nearly*, a word for a shape or a trend (*flat*, *grows*, *in proportion*) or a formula written out
as text (``e^(…)``, ``10p^2``), and what backs it.

``LEDGER[lesson]`` maps a phrase of the sentence (word for word, as :func:`lesson_texts` and
:func:`guide_section` give the text: maths and quoted code left out) to one of

* :func:`computed`: a check run by the test, recomputing the fact with the package;
* :func:`assumed`: a model assumption, with the words that state it on the same page;
* :func:`rule`: the sentence restates a rule (docs/rules.md; the rules tests check the engine);
* :func:`bot`: it describes how a bot is built (its code and tests);
* :func:`asks`: a question, an instruction, a heading, a definition or what a chart or table shows,
  not a claim (a number or a fact stated with a claim word is one of the kinds above).

Numbers are checked separately, phrase by phrase, in ``test_lesson_claims.py``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Callable

#: The words that make a sentence a claim to be accounted for: claim words, words for a curve's
#: shape or a trend ("the curve is flat on top", "grows in proportion to"), and a power written
#: out of the maths (``e^(payoff)``, ``10p^2``: a formula the text states as plain text).
CLAIM_WORDS = re.compile(
    r"\b(safe\w*|fair\w*|best|nobody|no one|no single|always|never|most|middle|usually|nearly|almost|unexploitable|"
    r"exploit\w*|barely|hardly|often|rarely|certain\w*|guarantee\w*|optimal\w*|worst|likeliest|"
    r"flat\w*|proportion\w*|grow\w*|grew)\b|[\w)]\^", re.I)
#: Sentence ends, and the dashes and colons that join two claims in one sentence.
CLAUSE = re.compile(r"(?<=[.!?:;])\s+|\s+[—–]\s+")


@dataclass(frozen=True)
class Entry:
    kind: str  # computed, assumed, rule, bot, asks
    note: str = ""
    check: Callable[[], bool] | None = None
    stated: str = ""


#: One memoized run per check function: several phrases lean on the same check (the same fact,
#: said in the notebook and the guide), and what it recomputes is exact or seeded.
_ONCE: dict[Callable[[], bool], Callable[[], bool]] = {}


def computed(check: Callable[[], bool], note: str = "") -> Entry:
    return Entry("computed", note, check=_ONCE.setdefault(check, cache(check)))


def assumed(stated: str) -> Entry:
    return Entry("assumed", stated=stated)


def rule(note: str = "") -> Entry:
    return Entry("rule", note)


def bot(note: str) -> Entry:
    return Entry("bot", note)


def asks(note: str = "") -> Entry:
    return Entry("asks", note)


# ---- the computations, cached: several sentences rest on one run ---------------------------------
@cache
def _zombie_table():
    from changekit.games.zombie import analysis as a

    return a.expected_points_table()


def _zombie_hand_a_bills() -> bool:
    from changekit.games.zombie import analysis as a

    table = _zombie_table()
    top_two = sorted(table, key=table.__getitem__)[-2:]
    return sorted(top_two) == [1, 3] and a.fixed_bill_points(a.DUPLICATES_HANDS[0])[1] > table[1]


def _zombie_duplicate_habits():
    """Question 7's stored run, as {bot name: (win-rate interval, points per game)}."""
    from changekit.games.zombie import analysis as a

    result = a.question7_duplicates()  # the page's stored run (test_stored_runs plays it again)
    return {name: (rate, points / result.games)
            for name, rate, points in zip(result.names, result.win_rates(), result.points, strict=True)}


def _zombie_shedding_loses_by_the_test() -> bool:
    """Review 43c: the shedding bot's shortfall is shown by the test for two shares of the same games
    (one winner a game, so the three shares add up to one), not by its interval lying below greedy's."""
    from changekit.games.zombie import analysis as a
    from tests.unit.chance_checks import game_shares, normal_tail_two_sided, z_same_games

    z = z_same_games(*game_shares(a.question7_duplicates(), "sheds duplicates", "greedy"))
    return z < 0 and normal_tail_two_sided(z) < 0.001


def _zombie_shedding_scores_less() -> bool:
    habits = _zombie_duplicate_habits()
    return habits["sheds duplicates"][1] < habits["greedy"][1]


def _zombie_ties_win_most_but_overlap() -> bool:
    """Sheds on ties wins most often, yet the test of its difference from greedy (two shares of the
    same games, tests/unit/chance_checks.py) is not significant at 5 % (issue 43: not "intervals
    overlap")."""
    from changekit.games.zombie import analysis as a
    from tests.unit.chance_checks import game_shares, normal_tail_two_sided, z_same_games

    habits = _zombie_duplicate_habits()
    top = max(habits, key=lambda name: habits[name][0].value)
    z = z_same_games(*game_shares(a.question7_duplicates(), "sheds on ties", "greedy"))
    return top == "sheds on ties" and 0 < z and normal_tail_two_sided(z) > 0.05


def _zombie_others_above_a_third() -> bool:
    habits = _zombie_duplicate_habits()
    third = 1 / len(habits)
    return (habits["greedy"][0].value > third and habits["sheds on ties"][0].value > third
            and habits["sheds duplicates"][0].value < third)


def _zombie_neighbour_needs_no_draw() -> bool:
    from changekit.games.zombie import analysis as a

    rows = a.neighbour_table()
    return all(sum(a.NEIGHBOUR_ZOMBIE) >= row["bill"] and sum(row["zombie_after"]) >= 10 for row in rows)


@cache
def _boneyard_class():
    from changekit.games.boneyard import analysis as a

    return a.best_response_to_class(a.parse_bids("1 1 1 3 3 4 5 5 5 6 7 7 10 10 13"), 4)


@cache
def _boneyard_tournament():
    from changekit.games.boneyard import analysis as a

    return a.bot_tournament(("random", "equilibrium", "outbid", "history"), games=200)


def _leader(result) -> str:
    return result.names[max(range(len(result.names)), key=lambda i: result.wins[i])]


def _fair_share_in_every_interval(estimates) -> bool:
    share = 1 / len(estimates)
    return all(e.low <= share <= e.high for e in estimates)


def _boneyard_first_round_payoffs(players: int):
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE, expected_payoffs

    return expected_payoffs(EQUILIBRIUM_TABLE[players], players - 1)


def _boneyard_no_gain_alone() -> bool:
    """At the 4-player equilibrium no single bid beats the mix (to rounding), yet one opponent
    switching to always $9 cuts the others' value below zero, and two opponents on $1 and $3
    earn more together than two equilibrium players."""
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    mix = EQUILIBRIUM_TABLE[4]
    value = a.profile_values([mix] * 4)[0]
    nine = a.profile_values([mix, mix, mix, {9: 1.0}])
    pair = a.profile_values([mix, mix, {1: 1.0}, {3: 1.0}])
    return (a.exploitability(mix, 4) < 1e-8 and nine[0] < 0 < value and abs(nine[3] - value) < 1e-6
            and pair[2] + pair[3] > 2 * value + 2)


def _cambio_ten_almost_always_given() -> bool:
    from fractions import Fraction

    from .cambio_powers_checks import king, unseen

    cards = unseen("10S", "3H", "KC")
    kept = Fraction(sum(c > 10 for c in cards), len(cards))  # the K keeps the 10 only when theirs is higher
    extra = king(["10S", "3H"], "KC")[0] - (10 - Fraction(sum(cards), len(cards)))
    above = Fraction(sum(c - 10 for c in cards if c > 10), len(cards))  # what keeping a 10 against a higher card saves
    return kept < Fraction(1, 5) and extra == above < Fraction(1, 2)


def _boneyard_mix_tops_at_nine() -> bool:
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    from .boneyard_rebuild_checks import rebuilt_by_the_sheet

    tops = max(t for t, p in EQUILIBRIUM_TABLE[4].items() if p > 0)
    # the $10 bucket goes to the highest unmatched bid and becomes it: with no match, nothing over $9 is left
    return tops == 9 and max(rebuilt_by_the_sheet([10, 7, 5, 3, 1], [9, 4, 3, 1])) == 9


def _boneyard_race_bot_even() -> bool:
    """Question 7: the race bot's 95 % interval, from the stored run's win count, holds a quarter."""
    from changekit.games.boneyard import analysis as a
    from changekit.stats.intervals import wilson

    result = a.question7_race()  # the page's stored run (test_stored_runs plays it again)
    interval = wilson(result.wins[result.names.index("race")], result.games)
    return result.names.count("race") == 1 and interval.low <= 1 / len(result.names) <= interval.high


def _boneyard_pure_bids_exploitable() -> bool:
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import FIRST_ROUND_BIDS

    return all(a.exploitability({t: 1}, n) > 0 for n in range(4, 9) for t in FIRST_ROUND_BIDS)


def _boneyard_matching_is_worst() -> bool:
    """A matched bid loses the whole bid; an unmatched one never loses more (it claims a bucket or
    comes back): checked on every 4-player bid profile of the equilibrium's support."""
    from itertools import product

    from changekit.games.boneyard.analysis import _first_round_net
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    support = sorted(EQUILIBRIUM_TABLE[4])
    for profile in product(support, repeat=4):
        net = _first_round_net(profile, 0)
        matched = profile.count(profile[0]) > 1
        if matched != (net == -profile[0]) and not (not matched and net >= -profile[0]):
            return False
    return True


def _boneyard_middle_bids_matched_more() -> bool:
    from changekit.games.boneyard import analysis as a

    return all(a.chance_matched(t, 8) > a.chance_matched(t, 3) for t in (3, 4, 5, 6, 7))


def _boneyard_rarely_matched() -> bool:
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    mix = EQUILIBRIUM_TABLE[4]
    return sum(p * a.chance_matched(t, 4) for t, p in mix.items()) < 0.5


def _boneyard_table_exploitability() -> bool:
    """Question 1's table: every stored mix (3-8 players) is exploitable by about 10⁻⁹ of a dollar
    (within a factor of ten either side), and that is the rounding of its probabilities to ten
    digits: the solver's own mixes, which the table rounds, are exploitable by less than 10⁻¹²."""
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    rows = a.equilibrium_summary()
    if [r["players"] for r in rows] != list(range(3, 9)):
        return False
    for r in rows:
        solved = a.first_round_equilibrium(r["players"])
        stored = EQUILIBRIUM_TABLE[r["players"]]
        if not (1e-10 < r["exploitability"] < 1e-8 and solved.exploitability < 1e-12
                and all(abs(stored.get(t, 0.0) - p) <= 5.1e-11 for t, p in solved.strategy.items())):
            return False
    return True


def _boneyard_profiles_in_billions() -> bool:
    """Eight players each bid one of the 24 first-round totals: 24⁸ ≈ 1.1 × 10¹¹ ways, billions."""
    from changekit.games.boneyard.model import FIRST_ROUND_BIDS
    from changekit.games.boneyard.rules import START_BILLS

    totals = {sum(bills) for k in range(1, len(START_BILLS) + 1) for bills in combinations(START_BILLS, k)}
    return sorted(totals) == list(FIRST_ROUND_BIDS) and 10 ** 9 <= len(totals) ** 8 < 10 ** 12


def _boneyard_dynamic_alone() -> bool:
    """The five-player solve: exponential weights, run here from the uniform mix with the exact
    payoffs (the solver's step size and step count), leave an exploitability that rounds to
    $0.0003 after 40 steps, far above rounding error; the solver's own dynamic records the same
    values, and its Newton steps end below 10⁻¹²."""
    import inspect
    from math import exp

    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import FIRST_ROUND_BIDS, expected_payoffs

    defaults = inspect.signature(a.first_round_equilibrium).parameters
    steps, size = defaults["dynamic_steps"].default, defaults["step_size"].default
    mix = {t: 1 / len(FIRST_ROUND_BIDS) for t in FIRST_ROUND_BIDS}
    seen = []
    for _ in range(steps + 1):
        pay = expected_payoffs(mix, 5 - 1)
        top = max(pay.values())
        seen.append(top - sum(p * pay[t] for t, p in mix.items()))
        weights = {t: p * exp(size * (pay[t] - top)) for t, p in mix.items()}
        mix = {t: w / sum(weights.values()) for t, w in weights.items()}
    solved = a.first_round_equilibrium(5)
    return (steps == 40 and f"{seen[40]:.4f}" == "0.0003" and seen[40] > 1e-6
            and all(abs(x - y) < 1e-12 for x, y in zip(seen, solved.history[:solved.newton_from], strict=False))
            and solved.exploitability < 1e-12)


def _boneyard_exponential_weights_step() -> bool:
    """The notebook's rule for a step of the solver's dynamic: each bid's probability times
    e^(step × its expected payoff against the current mix), then all rescaled to add up to 1, with
    the step read from the solver (0.4). Run from the uniform mix at five players, it gives the
    exploitability the solver records before each of its first four steps (the solver subtracts the
    top payoff in the exponent, a common factor the rescaling removes); the old wording's
    e^(payoff), a step of 1, does not."""
    import inspect
    from math import exp

    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import FIRST_ROUND_BIDS, expected_payoffs

    size = inspect.signature(a.first_round_equilibrium).parameters["step_size"].default

    def history(step: float, steps: int = 4) -> list[float]:
        mix = {t: 1 / len(FIRST_ROUND_BIDS) for t in FIRST_ROUND_BIDS}
        seen = []
        for _ in range(steps):
            pay = expected_payoffs(mix, 5 - 1)
            seen.append(max(pay.values()) - sum(p * pay[t] for t, p in mix.items()))
            weights = {t: p * exp(step * pay[t]) for t, p in mix.items()}
            mix = {t: w / sum(weights.values()) for t, w in weights.items()}
        return seen

    solved = a.first_round_equilibrium(5).history[:4]
    return (size == 0.4 and all(abs(x - y) < 1e-12 for x, y in zip(history(size), solved, strict=True))
            and abs(history(1.0)[1] - solved[1]) > 1e-3)


def _boneyard_small_table_payoffs() -> bool:
    """The hand-worked small table (three players, bids of $1 or $3 only, $1 with probability p):
    the model's exact expected payoffs are u($1) = 10(1-p)^2 - 1 and u($3) = 10p^2 - 3 at eleven
    values of p (both sides are polynomials of degree 2, so three would do), and the two are equal
    only at p = 3/5 (their difference is 12 - 20p)."""
    from changekit.games.boneyard.model import expected_payoffs

    for p in (Fraction(k, 10) for k in range(11)):
        pay = expected_payoffs({1: p, 3: 1 - p}, 3 - 1, bids=[1, 3])
        if pay[1] != 10 * (1 - p) ** 2 - 1 or pay[3] != 10 * p ** 2 - 3:
            return False
        if (pay[1] == pay[3]) != (p == Fraction(3, 5)) or pay[1] - pay[3] != 12 - 20 * p:
            return False
    return True


def _boneyard_equilibrium_earns_the_same() -> bool:
    """At the 4-player equilibrium (the solver's mix) every bid in the support earns the same, to
    10⁻⁹ of a dollar: the class chart's bars would be flat there."""
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.model import expected_payoffs

    mix = a.first_round_equilibrium(4).strategy
    support = {t: p for t, p in mix.items() if p > 0}
    pay = expected_payoffs(support, 4 - 1)
    earned = [pay[t] for t in support]
    return len(support) > 1 and max(earned) - min(earned) < 1e-9


def _boneyard_dollar_grows_to_half() -> bool:
    """Question 2's table (the stored first-round mixes, 3-8 players): the $1's probability is
    higher at 8 players than at 3, rises at every step from 4 players on (3 to 4 players it dips,
    0.332 to 0.325) and is half of all bids, to the percent, at 8."""
    from changekit.games.boneyard import analysis as a

    p1 = {r["players"]: r["p1"] for r in a.equilibrium_summary()}
    return (list(p1) == list(range(3, 9)) and all(p1[n] < p1[n + 1] for n in range(4, 8))
            and p1[8] > p1[3] and round(p1[8], 2) == 0.5)


def _boneyard_cancellations_grow() -> bool:
    """Question 2: the buckets start with one of each starting bill, $26, at every table size, while
    the bills lost to cancellations in the first round (each player's bid lost when another player
    bids the same total: n × Σ p_t · t · (1 − (1 − p_t)^(n−1)) at the stored equilibrium) rise
    with every player added, 3 to 8 (about $2.76 to $11.88)."""
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE
    from changekit.games.boneyard.rules import START_BILLS

    lost = [n * sum(p * t * (1 - (1 - p) ** (n - 1)) for t, p in EQUILIBRIUM_TABLE[n].items()) for n in range(3, 9)]
    return sum(START_BILLS) == 26 and all(x < y for x, y in zip(lost, lost[1:], strict=False))


def _diminishing_take_less():
    from changekit.games.diminishing import analysis as a

    return a.take_less_positions(examples=0)


@cache
def _big_cheese_tournament():
    from changekit.games.big_cheese import analysis as a

    return a.question6_tournament()  # the page's stored run (test_stored_runs plays it again)


def _big_cheese_cheese_cuts_risk() -> bool:
    """Question 2: a Big Cheese used by the best rule raises every card's mean and lowers its
    variance, under both schemes, by 18.8 % to 25 % (the test's claims recompute the rounded range),
    so the cut in points, in variance and in standard deviation, grows strictly with the card."""
    from math import sqrt

    from changekit.games.big_cheese import analysis as a

    def rising(xs) -> bool:
        return all(x < y for x, y in zip(xs, xs[1:], strict=False))

    for dice in ("polyhedral", "d6"):
        rows = a.payout_table(dice)  # in card order, the smallest first
        cut = [r["variance"] - r["variance_with_cheese"] for r in rows]
        share = [c / r["variance"] for c, r in zip(cut, rows, strict=True)]
        sd_cut = [sqrt(r["variance"]) - sqrt(r["variance_with_cheese"]) for r in rows]
        if not (all(r["mean_with_cheese"] > r["mean"] for r in rows)
                and all(0 < x < 1 for x in share)
                and rising([r["card"] for r in rows]) and rising(cut) and rising(sd_cut)):
            return False
    return True


def _big_cheese_d6_relative_risk() -> bool:
    """Under d6 a card pays card × a fair die's roll, so its sd/mean is the die's own, √(35/12)/3.5
    ≈ 0.488, whatever the card: recomputed from each card's payout distribution."""
    from math import isclose, sqrt

    from changekit.games.big_cheese.rules import NUMBER_CARDS, payout_distribution

    die = sqrt(35 / 12) / 3.5
    for card in NUMBER_CARDS:
        dist = payout_distribution(card, "d6")
        m = sum(x * p for x, p in dist.items())
        sd = sqrt(sum((x - m) ** 2 * p for x, p in dist.items()))
        if m != Fraction(7, 2) * card or not isclose(sd / m, die, rel_tol=1e-12):
            return False
    return f"{die:.3f}" == "0.488"


def _big_cheese_same_ranking_different_risks() -> bool:
    """Both schemes rank the number cards the same way by mean payout (the higher card pays more
    on average), while their relative risks differ: constant under d6, growing with the card under
    polyhedral dice."""
    from changekit.games.big_cheese import analysis as a

    def rising(xs) -> bool:
        return all(x < y for x, y in zip(xs, xs[1:], strict=False))

    d6, poly = a.payout_table("d6"), a.payout_table("polyhedral")
    cards = [r["card"] for r in d6]
    d6_cv = [r["cv"] for r in d6]
    return (cards == sorted(cards) == [r["card"] for r in poly]  # both in card order, the smallest first
            and rising([r["mean"] for r in d6]) and rising([r["mean"] for r in poly])
            and max(d6_cv) - min(d6_cv) < 1e-12 and rising([r["cv"] for r in poly]))


def _big_cheese_bids_edge() -> bool:
    """Question 4, "somewhat more, far less than the exact lines say", in the page's stored run: the
    cheapest bid's dot has its 95 % interval wholly above the biggest bid's (the edge is not noise:
    a flat row of dots fails), yet no dot earns 1.75 times another (the dots span 1.67 to 2.57, a
    factor 1.54: a curve falling as the exact lines do fails), where on the exact line of one card the
    cheapest bid earns 15 times what the biggest does: the dots' spread is under a fifth of that."""
    from changekit.games.big_cheese import analysis as a
    from changekit.games.big_cheese.bots import worker_placements

    sims = {k: s["per_worker_placement"] for k, s in a.question4_bids().items() if s["projects"]}
    low, high = min(sims), max(sims)
    values = [e.value for e in sims.values()]
    spread = max(values) / min(values)
    exact = worker_placements(high) / worker_placements(low)
    return sims[low].low > sims[high].high and spread < 1.75 and spread < exact / 5


def _big_cheese_whole_worker_step() -> bool:
    """Question 4's why: at the value bot's own prices (ValueBot.limit, under d6) the exact model
    already leaves the cheapest card about 1.5 times the biggest's points per worker-placement, so
    the edge comes from whole workers, not from luck or the Big Cheese: every card sits at or above
    the bot's floor (its rate × an average card), and one worker more would take it below; for the
    2-card that worker doubles the worker-placements (3 to 6) and halves what each earns."""
    from changekit.games.big_cheese.bots import ValueBot, _card_average, worker_placements
    from changekit.games.big_cheese.rules import NUMBER_CARDS, payout_distribution
    from changekit.stats.exact import mean

    bot = ValueBot()
    floor = bot.rate * _card_average("d6")
    limit = {c: bot.limit({"offer": c, "dice": "d6", "exactly_30": False}, 0) for c in NUMBER_CARDS}
    earns = {c: float(mean(payout_distribution(c, "d6"))) / worker_placements(k) for c, k in limit.items()}
    above = all(earns[c] >= floor > float(mean(payout_distribution(c, "d6"))) / worker_placements(k + 1)
                for c, k in limit.items())
    small, big = min(NUMBER_CARDS), max(NUMBER_CARDS)
    doubles = worker_placements(limit[small] + 1) == 2 * worker_placements(limit[small])
    return above and doubles and 1.25 < earns[small] / earns[big] < 1.75


def _big_cheese_stopping_rule_needs_its_assumption() -> bool:
    """Re-roll the polyhedral 20 below 11 (its mean, 10.5) only when no later project will mature;
    with one more due the bar drops to 9 or less (issue 43), recomputed from the rule sheet."""
    from changekit.games.big_cheese import analysis as a
    from tests.unit.chance_checks import big_cheese_highest_reroll

    return (a.best_reroll(20, "polyhedral")[0] == 11 and big_cheese_highest_reroll(20, 0) == 10
            and big_cheese_highest_reroll(20, 1) == 9)


def _zombie_most_runs_settle_in_500_to_5000() -> bool:
    """Question 3: most runs of $5 payments settle within 0.05 of the exact mean somewhere between
    500 and 5,000 payments, and many sooner than the chart's 3,816. 400 seeded runs of 30,000
    payments drawn from the exact distribution of the $5's points (numpy, not the kit's sampler)."""
    import numpy as np

    from changekit.games.zombie import analysis as a

    dist = a.points_distribution(5)
    values = np.array(sorted(dist), dtype=float)
    probs = np.array([float(dist[v]) for v in sorted(dist)])
    exact = float(values @ probs)
    rng = np.random.default_rng(43)
    settled = []
    for _ in range(400):
        draws = rng.choice(values, size=30_000, p=probs)
        running = np.cumsum(draws) / np.arange(1, draws.size + 1)
        outside = np.nonzero(np.abs(running - exact) > 0.05)[0]
        settled.append(int(outside[-1]) + 1 if outside.size else 0)
    settled_array = np.array(settled)
    inside = np.mean((settled_array >= 500) & (settled_array <= 5000))
    return bool(inside > 0.5 and np.median(settled_array) < 3816)


def _big_cheese_vetoes_even() -> bool:
    """No two Veto habits differ significantly (the test of each difference, shares of the same
    games), and a difference under 6.5 points would stay under 1.96 standard errors (issue 43)."""
    from itertools import combinations

    from changekit.games.big_cheese import analysis as a
    from tests.unit.chance_checks import game_shares, z_for_two_sided, z_same_games

    result = a.question8_vetoes()  # the page's stored run (test_stored_runs plays it again)
    bar = z_for_two_sided(0.05)
    even = all(abs(z_same_games(*game_shares(result, x, y))) < bar for x, y in combinations(result.names, 2))
    third = 1 / 3
    return even and 0.065 / ((2 * third) / result.games) ** 0.5 < bar + 0.01


def _cha_ching_endings_4_and_9() -> bool:
    """A total ending in 4 or 9 needs four cards worth 1 (1s or wilds) among the eight: every card
    but a 1 or a wild is worth 0, 5, 10, 25 or 50, a multiple of 5 (the rule sheet's values), so the
    1s set the total's remainder mod 5, and 4 of them are the fewest giving 4. And 99 is the hardest
    target but 10 (exact hit chances)."""
    from changekit.games.cha_ching import analysis as a

    values = (0, 1, 5, 10, 25, 50)
    for ones in range(9):
        for others in range(9 - ones):
            if (ones + 5 * others) % 5 == 4 and ones < 4:
                return False
    hits = a.hit_probabilities()
    ranked = sorted(hits, key=lambda t: hits[t])
    return all(v % 5 == 0 for v in values if v != 1) and ranked[:2] == [10, 99]


def _big_cheese_without_replacement() -> bool:
    """Question 5: the page's simulations of the real deck (drawn without replacement) agree with the
    chain (with replacement): each 95 % interval holds the chain's value, and each simulated value is
    within 2 percentage points of it, rounded ("a couple of percentage points"; 2.03 at most)."""
    from changekit.games.big_cheese import analysis as a

    for s, t in a.EXACT30_CASES:
        simulated, exact = a.simulated_exact30_finish(s, t, n=1500, seed=s * 100 + t), float(a.exact30_finish(s, t))
        if not (simulated.low <= exact <= simulated.high and abs(simulated.value - exact) < 0.025):
            return False
    return True


def _cha_ching_powers_edge() -> bool:
    from changekit.games.cha_ching import analysis as a

    result = a.question8_powers()  # the page's stored run (test_stored_runs plays it again)
    return result.win_rates()[0].low > 1 / len(result.names)  # the powered bot's interval is above a fair share


def _cha_ching_two_dollar_cards() -> bool:
    """The generating-function view: the kit's (x + x^5 + x^10 + x^25 + x^50)^2 has as exponents the
    totals two $ cards can make (the engine's can_reach, every target 0-100) and as coefficients the
    ordered ways to make each from the rules' values 1, 5, 10, 25, 50."""
    from collections import Counter

    import sympy

    from changekit.games.cha_ching import analysis as a
    from changekit.games.cha_ching.rules import NUMBERS, can_reach

    x = sympy.Symbol("x")
    coefficients = {e: int(c) for (e,), c in sympy.Poly(a.wild_generating_function(2), x).terms()}
    ways = Counter(u + v for u in NUMBERS for v in NUMBERS)
    made = {s for s in range(101) if can_reach(["wild", "wild"], s)}
    return NUMBERS == (1, 5, 10, 25, 50) and coefficients == dict(ways) and made == set(ways)


def _cha_ching_best_targets() -> bool:
    from changekit.games.cha_ching import analysis as a

    hits = a.hit_probabilities()
    return sorted(hits, key=hits.get)[-1] >= 90 and hits[10] == min(hits.values())


@cache
def _moneybags_study():
    from changekit.games.moneybags import analysis as a

    return a.question4_study()  # the page's stored run


@cache
def _moneybags_tournament():
    from changekit.games.moneybags import analysis as a

    return a.question5_tournament()  # the page's stored run


def _moneybags_never_challenged_more_is_better() -> bool:
    from changekit.games.moneybags import analysis as a

    values = [point.ev for point in a.steal_curves()["never challenges"]]
    return values == sorted(values) and len(set(values)) == len(values)


def _moneybags_tournament_story() -> bool:
    from changekit.stats.intervals import wilson

    t = _moneybags_tournament()
    share = {n: w / t.games for n, w in zip(t.names, t.wins, strict=True)}
    cautious = wilson(round(t.wins[t.names.index("cautious")]), t.games)
    bold = wilson(round(t.wins[t.names.index("bold")]), t.games)
    return (_leader(t) == "bayesian" and 0.4 < share["bayesian"] < 0.5 and cautious.low < bold.high
            and bold.low < cautious.high and min(share, key=share.get) == "random")


def _moneybags_best_grab() -> bool:
    """Against the victim who challenges at a loss of 6 or more, the grab with the highest expected
    height is 5 coins, one below that threshold, and it beats standing by."""
    from changekit.games.moneybags import analysis as a

    curve = a.steal_curves()["challenges at 6+ lost"]
    top = max(curve, key=lambda v: v.ev)
    return (top.coins == 5 == a.ChallengeIfLossAtLeast(6).theta - 1
            and sum(v.ev == top.ev for v in curve) == 1 and top.ev > a.stand_value(dict(a.float_prior(67, 4))))


def _moneybags_closer_above_fair_share() -> bool:
    """Question 6's stored run: four seats, and the closer's 95 % interval lies wholly above 1/4."""
    from changekit.games.moneybags import analysis as a
    from changekit.stats.intervals import wilson

    result = a.question6_tournament()  # the page's stored run (test_stored_runs plays it again)
    closer = wilson(result.wins[result.names.index("closer")], result.games)
    return len(result.names) == 4 and closer.low > 1 / len(result.names)


def _moneybags_even_pour() -> bool:
    even = _moneybags_study()["even"]
    return (even[-1].value == max(e.value for e in even) and 0.4 < even[-1].value < 0.6
            and even[0].value < even[-1].value)


@cache
def _cambio_sweep():
    from changekit.games.cambio import analysis as a

    return {r["threshold"]: r for r in a.question3_sweep()}  # the page's stored run


def _cambio_close_to_best() -> bool:
    best = max(r["win_rate"] for r in _cambio_sweep().values())
    return all(best - _cambio_sweep()[t]["win_rate"] <= 0.05 for t in (6, 8))


def _cambio_top_thresholds_indistinct() -> bool:
    """Question 3's stored sweep, 150 games a threshold: t = 4 won less than both its neighbours
    t = 2 and t = 6, yet its 95 % interval overlaps both of theirs; every interval reaches 7 to 9
    points either side of its win rate (about 8); and a chi-square test that t = 2, 4, 6 and 8 share
    one win rate (wins counted with a tie as half) does not reject it at 5 % (p ≈ 0.12): the run
    cannot tell these thresholds apart, the dip at t = 4 included."""
    from math import erfc, exp, pi, sqrt

    rows = _cambio_sweep()
    dip, left, right = rows[4], rows[2], rows[6]
    overlaps = all(dip["low"] <= r["high"] and r["low"] <= dip["high"] for r in (left, right))
    reach = all(0.07 <= r["win_rate"] - r["low"] < 0.09 and 0.07 <= r["high"] - r["win_rate"] < 0.09
                for r in rows.values())
    top = [rows[t] for t in (2, 4, 6, 8)]
    wins = [r["win_rate"] * r["games"] for r in top]
    pooled = sum(wins) / sum(r["games"] for r in top)
    chi2 = sum((w - pooled * r["games"]) ** 2 / (r["games"] * pooled * (1 - pooled)) for w, r in zip(wins, top,
                                                                                                      strict=True))
    p_value = erfc(sqrt(chi2 / 2)) + sqrt(2 * chi2 / pi) * exp(-chi2 / 2)  # chi-square, 3 degrees of freedom
    return (all(r["games"] == 150 for r in rows.values()) and dip["win_rate"] < min(left["win_rate"], right["win_rate"])
            and overlaps and reach and p_value > 0.05)


def _cambio_best_threshold_of_the_run() -> bool:
    """Question 3's stored sweep: 150 games at every threshold, and t = 2 has the highest win rate."""
    rows = _cambio_sweep()
    best = max(rows.values(), key=lambda r: r["win_rate"])
    return all(r["games"] == 150 for r in rows.values()) and best["threshold"] == 2 and sum(
        r["win_rate"] == best["win_rate"] for r in rows.values()) == 1


def _cambio_middle_of_the_values() -> bool:
    """The ace-to-black-king values are 1…13, whose middle is 7."""
    from statistics import median

    from changekit.games.cambio.rules import card_value

    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    values = [card_value(f"{r}S") for r in ranks]
    return values == list(range(1, 14)) and median(values) == (values[0] + values[-1]) / 2 == 7


def _cambio_pairs(known: set[str]):
    """Every pair of unseen cards beside the ``known`` ones, from a 52-card deck built here."""
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    deck = [f"{r}{s}" for r in ranks for s in "SHDC"]
    unseen = [c for c in deck if c not in known]
    assert len(deck) == 52 and len(unseen) == 50
    return list(combinations(unseen, 2))


def _cambio_grid_at_most_5() -> bool:
    """The threshold explorer's opening readout (K♥ and 3♣ known, two unseen, t = 5): counted pair
    by pair, 37/1225, as the guide says."""
    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.rules import card_value

    pairs = _cambio_pairs({"KH", "3C"})
    base = card_value("KH") + card_value("3C")
    p = Fraction(sum(base + card_value(x) + card_value(y) <= 5 for x, y in pairs), len(pairs))
    return p == Fraction(37, 1225) == a.under_threshold(5, known=["KH", "3C"], unknown=2)


def _cambio_both_low() -> bool:
    """The closed form (A♠ and 2♥ known): both unseen cards worth at most 2, counted pair by pair,
    4/175."""
    from changekit.games.cambio.rules import card_value

    pairs = _cambio_pairs({"AS", "2H"})
    p = Fraction(sum(card_value(x) <= 2 and card_value(y) <= 2 for x, y in pairs), len(pairs))
    return p == Fraction(4, 175)


def _cambio_snap_chart_counts_moments_not_games() -> bool:
    """Question 6's chart counts snap moments, several to a game, as if independent (review 43c-2 F3):
    its first round alone has more moments than the run has games, so its intervals are too narrow."""
    from changekit.games.cambio import analysis as a

    return a.question6_snap_chances()[0]["n"] > a.question6_snap_chances.kwargs["games"]


def _cambio_snap_removes_more_than_6() -> bool:
    from changekit.games.cambio import analysis as a

    return a.expected_value(a.unseen_card_distribution()) > 6


@cache
def _zhao_deals():
    from changekit.games.zhao_pengyou import analysis as a

    return a.bot_deals(deals=60, seed=0)


def _zhao_level_changes():
    from changekit.games.zhao_pengyou import analysis as a

    return a.level_change_counts(_zhao_deals())


def _zhao_host_call_likeliest() -> bool:
    from changekit.games.zhao_pengyou import analysis as a

    seats = a.friend_seat(ordinal=2, host_copies=1)
    return seats["host"] == max(seats.values())


def _zhao_as_often_low_as_high() -> bool:
    from changekit.games.zhao_pengyou import analysis as a

    counts = a.trump_count()
    high = sum(p for k, p in counts.items() if k >= 18)
    low = sum(p for k, p in counts.items() if k <= 8)
    return abs(high - low) / high < 0.25


def _zhao_trumps_bell() -> bool:
    """The trumps in a hand (4 players, 3 decks): a single-peaked (bell-shaped) distribution whose
    mean and likeliest count are both the proportional share, 39 × 54/162 = 13."""
    from changekit.games.zhao_pengyou import analysis as a
    from changekit.games.zhao_pengyou.tricks import CARDS_PER_DECK, TRUMPS_PER_DECK

    dist = a.trump_count()
    counts = sorted(dist)
    share = Fraction(a.deal_summary()["hand"] * TRUMPS_PER_DECK, CARDS_PER_DECK)
    peak = max(dist, key=dist.get)
    rising = all(dist[k] < dist[k + 1] for k in counts if k + 1 in dist and k < peak)
    falling = all(dist[k] > dist[k + 1] for k in counts if k + 1 in dist and k >= peak)
    return (share == 13 == peak and sum(k * p for k, p in dist.items()) == share and rising and falling
            and counts == list(range(counts[0], counts[-1] + 1)))


def _zhao_eighteen_nearly_half() -> bool:
    """18 trumps in a 39-card hand is 46 %: nearly half (and less than half)."""
    from changekit.games.zhao_pengyou import analysis as a

    hand = a.deal_summary()["hand"]
    return hand == 39 and 0.45 < 18 / hand < 0.5


def _zhao_three_decks_final() -> bool:
    from changekit.games.zhao_pengyou.rules import ZhaoPengyouOptions

    return ZhaoPengyouOptions().decks == 3


def _zhao_below_middle() -> bool:
    from changekit.games.zhao_pengyou import analysis as a

    summary = a.deal_summary()
    return 110 < summary["points"] / 2 if "points" in summary else 110 < 300 / 2


def _zhao_tractor_count_as_described() -> bool:
    """Question 7's method, as the reading states it: the hands with no tractor (along each suit, no two
    neighbouring ranks each held twice or more), over all 39-card hands, taken from 1. The kit's programme
    gives the test's own closed form (tests/unit/zhao_pengyou_checks.py), and 1 minus their share is the
    kit's chance."""
    from math import comb

    from changekit.games.zhao_pengyou import analysis as a

    from . import zhao_pengyou_checks as zp

    free = zp.tractor_free_counts(3, len(zp.RANK_ORDER) - 1, len(zp.SUITS), 6 + 12)
    return a.tractor_free_hands() == free and a.tractor_chance() == 1 - Fraction(free[39], comb(162, 39))


def _zhao_broken_row_less_often() -> bool:
    """Had the trump rank broken each suit's row instead of being skipped (the other reading), a hand would
    hold a tractor less often at level 8, and at every level from 3 to K; at 2 and A nothing changes
    (the test's closed form, run by run)."""
    from . import zhao_pengyou_checks as zp

    kit = zp.tractor_chance(39)
    return (zp.tractor_chance_broken(39, "8") < kit
            and all(zp.tractor_chance_broken(39, r) < kit for r in zp.RANK_ORDER[1:-1])
            and zp.tractor_chance_broken(39, "2") == zp.tractor_chance_broken(39, "A") == kit)


LEDGER: dict[str, dict[str, Entry]] = {
    "zombie": {
        "**500 to 5,000** for most runs": computed(_zombie_most_runs_settle_in_500_to_5000),
        "most runs need somewhere between a few hundred and a few thousand payments":
            computed(_zombie_most_runs_settle_in_500_to_5000),
        "is the answer most runs give": computed(_zombie_most_runs_settle_in_500_to_5000),
        "Runs settle at different points, many much sooner": computed(_zombie_most_runs_settle_in_500_to_5000),
        "Scores never depend on it": rule("the cashier's choice of change bills"),
        "which bill earns the most points on average": asks("Question 1"),
        "a 1 or a 3 often forces the Zombie to hand over a bigger bill":
            computed(lambda: _zombie_table()[1] > _zombie_table()[10] and _zombie_table()[3] > _zombie_table()[10],
                     "the small bills score more than the $10"),
        "The 1 and the 3 are almost tied": computed(lambda: abs(_zombie_table()[1] - _zombie_table()[3]) < 0.01),
        "a *greedy* one grabs the most points now": bot("GreedyBot maximises this turn's points"),
        "does the careful bot win more often than the greedy one?": asks("Question 4"),
        "the dotted line is a fair 1 in 4": asks("a definition: the share each of four seats would win alike"),
        "(which bill earns most against a fresh cashier?)": asks("Question 1"),
        "then pay whichever of your bills expects the most points against them":
            asks("an instruction, Question 5's way of choosing: the bill hand_hints rates highest against the "
                 "Zombie seen"),
        "the 1 and the 3 score most on average": computed(_zombie_hand_a_bills, "the top two of Question 1's table, "
                                                          "and better still when you hold the other 1s"),
        "they pay the bill that scores most against the Zombie as you leave him":
            assumed("*Assumptions:* your neighbour's six bills are dealt at random from the 41 you cannot see; "
                    "they pay the bill that scores most against the Zombie as you leave him"),
        "so each score is certain once the hands are known":
            computed(_zombie_neighbour_needs_no_draw, "neighbour_table refuses a position with a draw in it"),
        "Which bill gives you the most points *less* your neighbour's expected points": asks("Question 6"),
        "pays the bill that expects the most points (of equal ones, the smallest)":
            bot("GreedyBot: the most expected points now, then the smaller bill"),
        "always, or only when it costs no points now": asks("Question 7's two readings of the hint, "
                                                            "the two shedding bots"),
        "Over whole games, which wins most often?": asks("Question 7"),
        "the test for two shares of the same games gives z ≈ 3.8": computed(_zombie_shedding_loses_by_the_test),
        "but less than the points the bot gives up to keep one": computed(_zombie_shedding_scores_less),
        "sheds on ties wins most often": computed(_zombie_ties_win_most_but_overlap),
        "greedy's 111 gives z ≈ 1 (p ≈ 0.3), so 300 games cannot say it beats greedy":
            computed(_zombie_ties_win_most_but_overlap),
        "only because the shedding bot wins so rarely": computed(_zombie_others_above_a_third,
                                                                  "the shares add up to one"),
        "which wins most often?).": asks("Question 7, in the guide"),
        "(a duplicate only among the bills that expect the most)":
            bot("TieSheddingBot: a duplicate among the bills tied for greedy's top expected points"),
        "(about 62 against 111 wins of 300, a tied game's win shared: the test for two shares of the same games":
            computed(_zombie_shedding_loses_by_the_test),
        "no evidence that it beats greedy": computed(_zombie_ties_win_most_but_overlap),
    },
    "boneyard": {
        "the mix is one round's best reply to itself": asks("what an equilibrium is (cell 4), in the guide"),
        "not the most money the table could make": asks("what an equilibrium is (cell 4): a best reply to itself, "
                                                          "not a plan the players agree on"),
        "Five buckets of money sit in the middle": rule("the table's layout"),
        "the best plan is a *probability mix* of bids": computed(_boneyard_pure_bids_exploitable,
                                                                 "every single bid, always made, is exploitable"),
        "no single player gains by changing their own bids alone": computed(_boneyard_no_gain_alone),
        "no single bid does better than the mix itself": asks("the definition of an equilibrium"),
        "so no single player gains by changing alone": computed(_boneyard_no_gain_alone),
        "Suppose everyone at the table *always* bid `$5`": asks("a thought experiment"),
        "Bidding the same as someone else is the worst thing that can happen": computed(_boneyard_matching_is_worst),
        "Its **exploitability** is how much the best single bid beats the mix": asks("a definition"),
        "How often should you bid the cheapest bid": asks("Question 1"),
        "`$10` would at best buy the `$10` bucket": rule("a bid takes at most the richest bucket, $10 at the start"),
        "your bid rarely lands on someone else's": computed(_boneyard_rarely_matched),
        "The table recomputes each mix's exploitability": computed(_boneyard_table_exploitability,
                                                                   "about 10⁻⁹ of a dollar, from rounding"),
        "the crowd makes every middle bid more likely to be matched": computed(_boneyard_middle_bids_matched_more),
        "Cheap is not safe": computed(lambda: __import__("changekit.games.boneyard.analysis", fromlist=["x"])
                                      .chance_matched(1, 8) > 0.99),
        "only if **nobody else bids `$1`**": rule("matching bids cancel"),
        "So we never list the billions of ways": computed(_boneyard_profiles_in_billions,
                                                          "24⁸ ≈ 1.1 × 10¹¹ ways; the payoff recursion is the "
                                                          "model's, tested against a brute-force sum"),
        "the dynamic alone gets the exploitability down": computed(_boneyard_dynamic_alone,
                                                                   "five players, 40 steps of exponential weights"),
        "each bid's probability is multiplied by e^(0.4 × its expected payoff":
            computed(_boneyard_exponential_weights_step, "the step size read from first_round_equilibrium"),
        # the small table worked by hand (the maths between $ signs holding "\$1" reaches the sweep in part)
        "10(1-p)^2 - 1": computed(_boneyard_small_table_payoffs, "u($1), against the model's exact payoffs"),
        "10p^2 - 3": computed(_boneyard_small_table_payoffs, "u($3), and their equality at p = 3/5"),
        # Question 2: more players
        "As the table grows from 3 to 8 players": asks("Question 2"),
        "the cheap `$1` grows to half of all bids at 8 players": computed(_boneyard_dollar_grows_to_half),
        "the bills lost to cancellations grow with the crowd": computed(_boneyard_cancellations_grow),
        "it grows to half of all bids at 8 players": computed(_boneyard_dollar_grows_to_half),
        "every bid in its support would earn the same and the chart would be flat there":
            computed(_boneyard_equilibrium_earns_the_same),
        "to bring the exploitability down to 10⁻¹⁵?": asks("Question 3"),
        "## Best response to your class": asks("a heading"),
        # Question 8: the rebuilt Boneyard
        "the mix never bids more than `$9`, so the richest bucket shrinks to the winning bid":
            computed(_boneyard_mix_tops_at_nine, "the stored four-player mix bids nothing above $9; a winning bid "
                                                 "becomes the bucket it took (the sheet's rebuild)"),
        "which total earns most?": asks("the question to the class"),
        "A crowded total is not always a bad one":
            computed(lambda: _boneyard_class().best == [1] and _boneyard_class().distribution[1]
                     == max(_boneyard_class().distribution.values())),
        "as often as any total, and is still the best response":
            computed(lambda: _boneyard_class().best == [1] and _boneyard_class().distribution[1]
                     == max(_boneyard_class().distribution.values())),
        "with the best responses in red": asks("what the chart shows"),
        "a bot that best-responds to what it has seen (*history*) may do better": bot("HistoryBot"),
        "Which bot wins most often over whole games?": asks("Question 5"),
        "the dotted line is the fair share of 1 in 4": asks("a definition"),
        "In this seeded run the history bot wins most often": computed(lambda: _leader(_boneyard_tournament())
                                                                       == "history"),
        "Any bid you always make can be exploited": computed(_boneyard_pure_bids_exploitable),
        "That protects nobody": computed(_boneyard_no_gain_alone),
        "How far a mix is from that is its *exploitability*": asks("a definition"),
        "how much the best single bid beats it": asks("a definition"),
        "how often bid $1?)": asks("Question 1"),
        "yet here the best reply is $1, bid as often as any total":
            computed(lambda: _boneyard_class().best == [1] and _boneyard_class().distribution[1]
                     == max(_boneyard_class().distribution.values())),
        "best responses in red": asks("what the chart shows"),
        "your $1 survives only if nobody else bids $1": rule("matching bids cancel"),
        # Question 7: playing for $40
        "The equilibrium bot never looks at the score":
            bot("EquilibriumBot: the mix for the players still bidding, kept to its hand; no score in it"),
        "it bids the total with the best chance of getting there":
            bot("RaceBot: the highest finish_chances, the cheapest of equal ones"),
        "How often does the race bot win?": asks("Question 7"),
        "how often does it win?).": asks("Question 7, in the guide"),
        "holds the fair share of a quarter.": computed(_boneyard_race_bot_even),
        "and never takes risks when behind or tries to stop a leader":
            bot("RaceBot: outside a round where it can reach $40 it bids as EquilibriumBot; "
                "finish_chances reads only its own money"),
        "The race bot's interval holds the fair share of a quarter": computed(_boneyard_race_bot_even),
        "It never takes risks earlier when it is behind, and it never tries to stop an opponent":
            bot("RaceBot: outside a round where it can reach $40 it bids as EquilibriumBot; "
                "finish_chances reads only its own money"),
    },
    "diminishing_returns": {
        "The **pot** in the middle starts empty": rule(),
        "as long as together they are worth **at most one dollar less**": rule(),
        "can never come straight back, and every turn costs you at least a dollar": rule("follows from the take-back"),
        "because a turn always lowers the money in the purses": rule("every turn costs at least a dollar"),
        "in some positions only one does": computed(lambda: _diminishing_take_less().only_move_takes_less > 0,
                                                    "the take-back scan finds won positions with one winning move"),
        "works where listing games never could":
            computed(lambda: __import__("changekit.games.diminishing.analysis", fromlist=["x"])
                     .positions_closed_form().value < 10 ** 7, "about a million positions against about 10⁴⁰ games"),
        "## Is taking back the most always best?": asks("a heading"),
        "a greedy player never finds it":
            computed(lambda: _diminishing_take_less().only_move_takes_less > 0,
                     "there the only winning move takes back less than the most: a greedy player takes the most"),
        "random players often take back much less than the rules allow":
            bot("RandomBot picks among all legal moves alike, and most take back less than the most"),
        "the perfect bot never lets the win go": bot("PerfectBot only plays winning moves from a won position"),
        # Question 7: under its stated reading (a seat against the other two as a team), no seat wins for sure
        'no single "perfect play" result':
            computed(lambda: __import__("tests.unit.diminishing_three_checks", fromlist=["x"]).forcing((5, 3, 1)) == [],
                     "the test's own search: against each seat, the other two as a team have a way to stop it"),
        "because someone always wins":
            rule("the last player with money wins: every game has one winner, so no way of playing stops all three"),
        "the first and second never":
            computed(lambda: not any(set(__import__("tests.unit.diminishing_three_checks", fromlist=["x"]).forcing(p))
                                     & {0, 1} for n in (1, 2, 3) for p in
                                     __import__("tests.unit.diminishing_three_checks", fromlist=["x"]).purses_of(n)),
                     "the test's own search over every purse of one to three bills"),
        "That is a worst case, not a rule:":
            rule("the rules have no teams: the last player with money wins alone (docs/rules.md)"),
    },
    "big_cheese": {
        "If nobody bids, the card is discarded": rule(),
        "each die at most once": rule(),
        "a safety cap": rule("an option of ours, docs/rules.md"),
        "the rule makes the most points on average, while the sheet's goal is to reach 40 first":
            rule("the sheet's goal; the re-roll rule compares means (review 43b F10)"),
        "(sd/mean is always 0.488)": computed(_big_cheese_d6_relative_risk),
        "cuts the risk": computed(_big_cheese_cheese_cuts_risk),
        "so by the most points on the big cards": computed(_big_cheese_cheese_cuts_risk),
        "what a bid *would* earn if nobody outbid you": asks("what the lines show"),
        "Somewhat more, far less than the exact lines say": computed(_big_cheese_bids_edge),
        "that squeezes the gap": computed(_big_cheese_bids_edge),
        "Cheap bids keep an edge because one more worker is a big step for them":
            computed(_big_cheese_whole_worker_step),
        "halve what each earns": computed(_big_cheese_whole_worker_step),
        "if nobody outbid you, the dots what the market leaves": asks("what the chart shows"),
        "if that is at most 30":
            assumed("If each project's card is one of the seven values at random"),
        "drawing the cards without replacement hardly matters here": computed(_big_cheese_without_replacement),
        "Which bot wins most often?": asks("Question 6"),
        "can rank them the same way on average yet carry different *risks*":
            computed(_big_cheese_same_ranking_different_risks),
        "brings in an optimal stopping rule and its assumption":
            computed(_big_cheese_stopping_rule_needs_its_assumption),
        "cheap bids keep an edge because one more worker is a big step for them":
            computed(_big_cheese_whole_worker_step),
        "the high bidder's best roll on the card would take them":
            bot("_opponent_threat: the card's top face, against THREAT_SHARE of the target"),
        "**never vetoes**": bot("NoVetoBot passes where the value bot would play a Veto"),
        "Which habit wins most often?": asks("Question 8"),
        "so 600 games cannot rank them (a difference under about 6.5 points of win rate would not reach "
        "significance here)": computed(_big_cheese_vetoes_even),
        "which wins most often?).": asks("Question 8, in the guide"),
        "no difference between them is significant": computed(_big_cheese_vetoes_even),
    },
    "cha_ching": {
        "and 99 is almost as hard as 10": computed(_cha_ching_endings_4_and_9),
        "Is it always a mistake?": asks("Question 9's hook"),
        "how often (in %) is the false go-out the cheaper choice?": asks("Question 9"),
        "rarely add up to less": computed(
            lambda: __import__("tests.unit.chance_checks", fromlist=["x"]).cha_ching_false_out(42)[0] > 0.95,
            "Question 9: of the hands that miss 42, 99 % pay more than 42 (the rule sheet's penalties)"),
        "the run does not count how often each does it": asks("what the run does not measure"),
        "a fresh hand makes 96 about 66 times as often as 10": computed(
            lambda: (lambda h: h[96] / h[10] > 30)(
                __import__("changekit.games.cha_ching.analysis", fromlist=["x"]).hit_probabilities()),
            "the fresh-hand odds differ far more than the turns (about four times)"),
        "(99 is almost as hard as 10)": computed(_cha_ching_endings_4_and_9),
        "Which re-roll gives these eight cards the best chance": asks("Question 7"),
        "three copies of it never do": bot("NoPowersBot: the greedy bot's play without the power actions"),
        "Guess how often (in %) the bot with the powers wins": asks("Question 8"),
        "play exactly as it does but never use a power": bot("NoPowersBot drops only the power actions"),
        "against the fair share of 25 %": computed(_cha_ching_powers_edge),
        "how often does it win?)": asks("Question 8, in the guide"),
        "three that never use them": bot("NoPowersBot"),
        "how often is that, and when would you hold it back?": asks("a question for the class"),
        "so the target is always 10–99": rule(),
        "you always hold 8": rule(),
        "nobody else scores that round": rule(),
        "Which target is a fresh hand most likely to make already?": asks("Question 1"),
        "to make 10 you need almost every card to be a 1 or a zero card": computed(_cha_ching_best_targets),
        "The best targets sit just under 100": computed(_cha_ching_best_targets),
        "the totals two of them can make are the exponents of": computed(_cha_ching_two_dollar_cards,
                                                                         "and the coefficients count the ways"),
    },
    "moneybags": {
        "from then on nobody can rob you": rule("a closed bag cannot be robbed"),
        "How often (in %) does the player who closes at once win": asks("Question 6"),
        "how often does a player who closes at their first turn win": asks("Question 6, in the guide"),
        "against a fair share of 25 %": computed(_moneybags_closer_above_fair_share),
        "**Nobody may look inside a bag": rule(),
        "Nobody ever looks into a bag": rule(),
        "from now on nobody can rob you": rule(),
        "After 3 rounds the most points wins": rule(),
        "a Boss bot pours every possible way with equal chance and nobody sees it":
            assumed("the random pour makes every list of bag counts equally likely"),
        "a robbed player never learns how much was taken": rule("steals are secret (docs/rules.md)"),
        "and one who never challenges": bot("the victims of the steal curves"),
        "the star marks the best grab": asks("what the chart shows"),
        "the best grab is **5 coins**": computed(_moneybags_best_grab),
        "which is most of the time, so the curve drops sharply":
            assumed("a choice is\njudged by the **expected height** of your stack"),
        "Against a victim who never challenges, more is always better":
            computed(_moneybags_never_challenged_more_is_better),
        "which seat wins the round most often?": asks("Question 4"),
        "the smallest bag, and in this run the Boss wins every round":
            computed(lambda: _moneybags_study()["front"][-1].value == 1),
        "(the Boss, last to move, about half the time)": computed(_moneybags_even_pour),
        "a random pour is close to fair": computed(lambda: _fair_share_in_every_interval(_moneybags_study()["random"])),
        "Which bot wins most often?": asks("Question 5"),
        "In our runs the Bayesian challenger wins most often": computed(_moneybags_tournament_story),
        "Nobody can see inside any bag, including their own": rule(),
        "so the full bags leak coins to the thieves, the thieves grow tall":
            bot("BayesianBot, every seat of question4_study: steals 4 coins from the fullest-feeling bag "
                "(steal_from_fullest); stolen coins go onto the thief's stack (rules)"),
        "a robbed player never learns how much was taken.": rule("steals are secret"),
    },
    "cambio": {
        # Question 6: the snap chart's intervals (review 43c-2 F3)
        "counts several snap moments per game as if independent, so its intervals are too narrow":
            computed(_cambio_snap_chart_counts_moments_not_games),
        "its intervals treat them as independent, so they are likely too narrow":
            computed(_cambio_snap_chart_counts_moments_not_games),
        # Question 7: the powers weighed one by one
        "each used in its best way": asks("what Question 7 weighs: each power at its best use"),
        "which power takes the most off your total *right now*": asks("Question 7"),
        "a 10 is almost always worth giving away": computed(_cambio_ten_almost_always_given,
                                                            "the K keeps the 10 only on an 11, 12 or black K"),
        "**nobody** knows the two cards that moved": rule(),
        "swap their worst card out, use every power, snap only when sure": bot("MemoryBot"),
        "A card you have never seen": asks("Question 1"),
        "(7 is the middle of 1…13.)": computed(_cambio_middle_of_the_values),
        "Question 1's answer before it has seen a card) is at most *t*": bot("MemoryBot's believed total"),
        "Which threshold *t* wins most often": asks("Question 3"),
        "the best was t = 2 with 58 % (interval 50-65 %), t = 6 and t = 8 came within a few points of it":
            computed(_cambio_close_to_best),
        "A memory bot calls when its total is at most *t*": bot("MemoryBot"),
        "green where it is at most *t*": asks("what the chart shows"),
        "How often are both unseen cards of a grid low?": asks("the closed form's question"),
        "sympy writes the chance both are worth at most 2": asks("what the closed form shows"),
        "the other never snaps": bot("the snapping experiment's two bots"),
        "(on average worth more than 6 points)": computed(_cambio_snap_removes_more_than_6),
        "the memory bot never snaps wrongly, so it never pays the penalty": bot("MemoryBot snaps only when sure"),
        "How often does the top discard match a card you know": asks("the snap-chances question"),
        "(best calling threshold against bots calling at 5?)": asks("Question 3"),
        "In the seeded run (150 games per threshold) the best was": computed(_cambio_best_threshold_of_the_run),
        "The curve is noisy": computed(_cambio_top_thresholds_indistinct),
        "but t = 4, between them, won only": computed(_cambio_top_thresholds_indistinct),
        "but t = 4 won only": computed(_cambio_top_thresholds_indistinct),
        "a dip like t = 4's can be chance": computed(_cambio_top_thresholds_indistinct),
        "cannot say which threshold from 2 to 8 is best": computed(_cambio_top_thresholds_indistinct),
        "the chance the grid totals at most 5": computed(_cambio_grid_at_most_5),
        "both unseen cards are worth at most 2": computed(_cambio_both_low),
    },
    "zhao_pengyou": {
        "hosts who never bury points)": bot("HeuristicBot's burying"),
        "each other player would be the friend equally often":
            rule("the sheet's other reading of the friend call (review ZP1): by symmetry, the three others alike"),
        "nobody knows who the friend is until that card is played": rule(),
        "Nobody declares": rule(),
        "If the host plays it, nobody does": rule(),
        "claiming nobody can beat any of them": rule("a throw"),
        "nearly half trumps.)": computed(_zhao_eighteen_nearly_half),
        "one with 8 or fewer about as often": computed(_zhao_as_often_low_as_high),
        "so almost everyone *could* declare": computed(
            lambda: __import__("changekit.games.zhao_pengyou.analysis", fromlist=["x"])
            .declare_chance_exact(copies=1) > 0.95),
        "with three decks nobody can show more copies": computed(_zhao_three_decks_final, "three copies at most"),
        "nobody plays an A♠ on purpose early or late":
            assumed("Take a simple model, an assumption"),
        "In that model, who is likeliest to play the 2nd A♠?": computed(_zhao_host_call_likeliest,
                                                                        "Question 3, asked of the model"),
        "(never by 3": computed(lambda: _zhao_level_changes().get("host +3", 0) == 0),
        "The bots' hosts never bury point cards, so the doubled kitty never counted": bot("HeuristicBot's burying"),
        "is well below the middle": computed(_zhao_below_middle),
        "a bell around the proportional share": computed(_zhao_trumps_bell),
        "Is the scoring fair?": asks("a discussion question"),
        "but how often does a dealt hand hold one?": asks("Question 7's lead-in"),
        "and the jokers are never part of a tractor":
            rule("docs/rules.md, marked *ours* (the sheet does not say): tractors take no jokers or trump-rank "
                 "cards; levels start at 2, so the first deal's trump rank is 2; the question calls it the kit's "
                 "reading"),
        "never two neighbouring ranks each held twice or more": computed(_zhao_tractor_count_as_described,
                                                                          "Question 7's exact count"),
        "a hand would hold a tractor less often": computed(_zhao_broken_row_less_often,
                                                           "the other reading of the trump rank"),
        "(how often a hand holds a tractor)": asks("the lesson plan names Question 7"),
    },
}
