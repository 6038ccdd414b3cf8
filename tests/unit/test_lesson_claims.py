"""Every number a lesson states is accounted for (issue 17, §3).

Swept: every lesson notebook's Markdown cells and the prompt and reading of every question it draws
(as its game's ``questions.py`` defines them), with the mathematics between ``$`` signs left out
(formulas, not claims). Each number found (a regex over the text) must be accounted for:

* by a **claim**: a phrase of the text holding one or more numbers, with the package call that
  recomputes it and the rounding the text uses. The test rebuilds the phrase from the computed
  values and requires it in the text word for word. Simulations are the page's own seeded calls,
  so they give the same numbers on every run;
* or as **given**: a number the rules, the call on the page or the question itself supplies (67
  coins, the 150 games a button plays, "Question 3", the numbers of a worked example of a rule).

A number that is neither fails the test, so an edit that adds an unchecked number fails. A claim
whose phrase is gone from the text fails too.
"""
from __future__ import annotations

import inspect
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import nbformat
import pytest

from changekit.classroom.lessons import lesson_questions
from tests.notebooks.page_questions import drawn_ids
from tests.unit import zhao_pengyou_checks as zp
from tests.unit.chance_checks import (BIG_CHEESE_TARGET, another_run_lands_inside, big_cheese_card_kept,
                                      big_cheese_highest_reroll, big_cheese_payouts, cha_ching_false_out,
                                      cha_ching_solo_turns, diminishing_first_movers, game_shares,
                                      normal_tail_two_sided, ratio_with_interval, running_average_settles, spread,
                                      z_for_two_sided, z_independent, z_same_games)


ROOT = Path(__file__).resolve().parents[2]
# digits with thousands separators, decimals or a "/denominator"; not inside a word or identifier
NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+)?")
# $$…$$, $x…$ (starts with a letter or a backslash), $1..6$ (no spaces); "$5 … $10" is money
MATHS = re.compile(r"\$\$.*?\$\$|\$(?=[A-Za-z\\])[^$`\n]+?\$|\$\d[^$\s`]*\$", re.S)
CODE = re.compile(r"`[^`\s]*=[^`\s]*`")  # quoted code such as `max_rounds=100` (an option, named in docs/rules.md)


#: Markup that keeps dollar amounts from MathJax (``<span class="mathjax_ignore">&#36;5</span>``): read as "$5".
AS_TEXT = re.compile(r'</?span(?: class="mathjax_ignore")?>')


def lesson_question_of(name: str, qid: str):
    """The question ``qid`` the notebook ``name`` draws, as its game's questions.py defines it."""
    lesson = {q.qid: q for q in lesson_questions(f"{name}.ipynb")}
    assert qid in lesson, f"{name}.ipynb draws {qid!r}, which its game's questions.py does not define"
    return lesson[qid]


@cache
def lesson_texts(name: str) -> tuple[str, ...]:
    """What a student reads: Markdown cells, and each Question's prompt and reading."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    texts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            texts.append(AS_TEXT.sub("", cell.source).replace("&#36;", "$"))  # the page shows a dollar
            continue
        for qid in drawn_ids(cell.source, f"{name}.ipynb"):
            question = lesson_question_of(name, qid)
            texts += [question.text] + ([question.reading] if question.reading else [])
    return tuple(" ".join(CODE.sub(" ", MATHS.sub(" ", t)).split()) for t in texts)


def unaccounted(texts, claims, given) -> list[str]:
    """Numbers outside every claimed phrase and not given, each with its context."""
    left = []
    for text in texts:
        for phrase in sorted(claims, key=len, reverse=True):  # the longest first: phrases may overlap
            text = text.replace(phrase, " ")
        for m in NUMBER.finditer(text):
            if m.group() not in given:
                left.append(f"{m.group()!r} in …{text[max(0, m.start() - 50):m.end() + 20]}…")
    return left


# ---- the rounding the texts use ----------------------------------------------------------------
def dec(x, places: int) -> str:
    return f"{float(x):.{places}f}"


def pct(x, places: int = 0) -> str:
    return f"{100 * float(x):.{places}f}"


def default(function, parameter: str):
    """A parameter the text states, read from the function the page calls."""
    return inspect.signature(function).parameters[parameter].default


def numbers(text: str) -> frozenset[str]:
    return frozenset(text.split())


def lands_inside(prefix: str) -> str:
    """"<prefix> only about 5 times in 6": how often another seed's run of the same size lands inside
    a 95 % interval (review 43c: P(|Z| < 1.96/√2), not 95 %), in sixths."""
    return f"{prefix} only about {round(6 * another_run_lands_inside())} times in 6"


def shedding_against_greedy(text: str) -> str:
    """Zombie Question 7: the shedding bot's and greedy's wins of the stored run and the test for two
    shares of the same games, put into ``text`` ({s}, {g}, {t}: wins, a tied game's win split, rounded;
    {n}: games; {z}: |z|; {p}: p; {zt}, {pt}: the same for sheds on ties against greedy, to the places the
    text gives: 1.07 and 0.28 from the split counts, 1.04 and 0.30 from the rounded ones, review 43c-2)."""
    from changekit.games.zombie import analysis as a

    s, g, n = game_shares(a.question7_duplicates(), "sheds duplicates", "greedy")
    t, _, _ = game_shares(a.question7_duplicates(), "sheds on ties", "greedy")
    z, ties = z_same_games(s, g, n), z_same_games(t, g, n)
    return text.format(s=round(s * n), g=round(g * n), t=round(t * n), n=n, z=f"{abs(z):.1f}", ps=pct(s), pg=pct(g),
                       p="< 0.001" if normal_tail_two_sided(z) < 0.001 else f"≈ {normal_tail_two_sided(z):.3f}",
                       zt=f"{ties:.0f}", pt=f"{normal_tail_two_sided(ties):.1f}")


# ---- zombie ------------------------------------------------------------------------------------
def zombie_claims():
    from changekit.core import change_deck
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.rules import HAND_SIZE

    table = a.expected_points_table()
    paid_in_deck = sum(p for k, p in a.points_distribution(5, from_hand=False).items() if k >= 1)
    over = next(iter(a.points_distribution(10, zombie=[1, 5, 7], dealt=0)))
    hands = a.DUPLICATES_HANDS
    neighbour = {row["bill"]: row for row in a.neighbour_table()}

    def habit(name):  # Question 7: one duplicate habit's wins and points per game (the stored run)
        result = a.question7_duplicates()
        seat = result.names.index(name)
        return result.wins[seat] / result.games, result.points[seat] / result.games

    return {
        "about 1.609 against 1.605 points": lambda: f"about {dec(table[1], 3)} against {dec(table[3], 3)} points",
        "hands over 12 without drawing": lambda: f"hands over {10 + over} without drawing",
        "(about 49 %)": lambda: f"(about {pct(a.chance_of_points(5))} %)",
        "would be 47.8 %": lambda: f"would be {pct(paid_in_deck, 1)} %",
        "and 5,000 simulated payments": lambda: f"and {default(a.points_figure, 'samples'):,} simulated payments",
        # Questions 5 and 6 (the sheet's two hints)
        "from the 44 you do not hold": lambda: f"from the {len(change_deck()) - HAND_SIZE} you do not hold",
        "about 3.093 points against 2.924":
            lambda: "about {} points against {}".format(*(dec(a.best_bill_points(h), 3) for h in reversed(hands))),
        "Hand B's $1 earns about 1.496 points and Hand A's $1 about 1.986":
            lambda: (f"Hand B's $1 earns about {dec(a.fixed_bill_points(hands[1])[1], 3)} points "
                     f"and Hand A's $1 about {dec(a.fixed_bill_points(hands[0])[1], 3)}"),
        "from the 41 you cannot see":
            lambda: f"from the {len(change_deck()) - HAND_SIZE - len(a.NEIGHBOUR_ZOMBIE)} you cannot see",
        "expects about 3.55 points": lambda: f"expects about {dec(neighbour[7]['neighbour'], 2)} points",
        "they expect about 6.53": lambda: f"they expect about {dec(neighbour[1]['neighbour'], 2)}",
        "the $7 comes to about -0.55 and the $1 to about -2.53":
            lambda: (f"the $7 comes to about {dec(neighbour[7]['net'], 2)} "
                     f"and the $1 to about {dec(neighbour[1]['net'], 2)}"),
        # Question 7: three duplicate habits over whole games (test_stored_runs plays the run again)
        "300 games at a 3-player table":
            lambda: (f"{a.question7_duplicates.kwargs['games']} games at a "
                     f"{len(a.question7_duplicates.kwargs['bots'])}-player table"),
        "*Seed 2026:* greedy wins 37 %, sheds duplicates 21 % and sheds on ties 42 %":
            lambda: (f"*Seed {default(a.bot_tournament, 'seed')}:* greedy wins {pct(habit('greedy')[0])} %, "
                     f"sheds duplicates {pct(habit('sheds duplicates')[0])} % and "
                     f"sheds on ties {pct(habit('sheds on ties')[0])} %"),
        "about 29.24 points a game against greedy's 31.77":
            lambda: (f"about {dec(habit('sheds duplicates')[1], 2)} points a game "
                     f"against greedy's {dec(habit('greedy')[1], 2)}"),
        "it won about 62 of the 300 games to greedy's 111, and the test for two shares of the same games gives "
        "z ≈ 3.8 (p < 0.001)":
            lambda: shedding_against_greedy("it won about {s} of the {n} games to greedy's {g}, and the test for two "
                                            "shares of the same games gives z ≈ {z} (p {p})"),
        "a gap of about 2.5 points a game, 95 % interval 1.2 to 3.9, taken over each game's difference":
            lambda: ("a gap of about {} points a game, 95 % interval {} to {}, taken over each "
                     "game's difference").format(*(dec(x, 1) for x in zombie_greedy_lead())),
        "another seed's gap over 300 games would land inside it only about 5 times in 6":
            lambda: lands_inside(f"another seed's gap over {a.question7_duplicates().games} games "
                                 "would land inside it"),
        "(about 127 of the 300 games)":
            lambda: shedding_against_greedy("(about {t} of the {n} games)"),
        "scores about 33.0": lambda: f"scores about {dec(habit('sheds on ties')[1], 1)}",
        "payment 3,816 and stays within it up to its last point, 4,000 (there it is 0.046 off)": zombie_chart_settles,
        "so 300 games cannot say it beats greedy":
            lambda: f"so {a.question7_duplicates().games} games cannot say it beats greedy",
        # Questions 4 and 7 compared by the test of the difference (tests/unit/chance_checks.py, issue 43)
        "The careful seats won 54 % of the games and the greedy seats 46 %":
            lambda: (lambda c, g, n: f"The careful seats won {pct(c)} % of the games and the greedy seats {pct(g)} %")(
                *game_shares(a.question4_tournament(), "careful", "greedy")),
        "z ≈ 1.0, far from the 1.96 a 5 % test asks":
            lambda: (f"z ≈ {z_same_games(*game_shares(a.question4_tournament(), 'careful', 'greedy')):.1f}, "
                     f"far from the {z_for_two_sided(0.05):.2f} a {pct(0.05)} % test asks"),
        "against greedy's 111 gives z ≈ 1 (p ≈ 0.3)":
            lambda: shedding_against_greedy("against greedy's {g} gives z ≈ {zt} (p ≈ {pt})"),
    }


@cache
def zombie_greedy_lead() -> tuple[float, float, float]:
    """Question 7: greedy's points a game less the shedding bot's, with its 95 % interval, game by
    game over the stored run's games (replayed: the run keeps only totals)."""
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.rules import Zombie
    from tests.unit.chance_checks import mean_with_interval, points_by_game

    run = a.question7_duplicates
    lineup, names = list(run.kwargs["bots"]), run().names
    games = points_by_game(Zombie(players=len(lineup)), lineup, run.kwargs["games"],
                           seed=default(a.bot_tournament, "seed"))
    assert [sum(col) for col in zip(*games, strict=True)] == run().points
    greedy, sheds = names.index("greedy"), names.index("sheds duplicates")
    return mean_with_interval([g[greedy] - g[sheds] for g in games])


def zombie_chart_settles() -> str:
    """Question 3's chart: convergence_figure(5)'s seeded run (its samples and seed), the running
    average recomputed here against the exact mean of the $5's points."""
    from changekit.games.zombie import analysis as a

    samples, seed = default(a.convergence_figure, "samples"), default(a.convergence_figure, "seed")
    points = a.simulated_points(5, samples, seed=seed)
    exact = float(sum(k * p for k, p in a.points_distribution(5).items()))
    off = abs(sum(points) / samples - exact)
    return (f"payment {running_average_settles(points, exact):,} and stays within it up to its last point, "
            f"{samples:,} (there it is {dec(off, 3)} off)")


ZOMBIE_GIVEN = numbers(
    "1 3 5 7 10 50 6 "  # the deck, the hand of 6, the Zombie's 3 bills
    "2 "  # the worked example's +2 (rules tests), Question 2
    "4 200 95 "  # Question 4: a 4-player table, 200 games, 95 % intervals
    "0.05 9 "  # Question 3's tolerance; the rule sheet's "your neighbour then takes 9"
    "100 500 5,000")  # Question 3's choices


# ---- boneyard ----------------------------------------------------------------------------------
def boneyard_claims():
    from changekit.games.boneyard import analysis as a

    from .boneyard_rebuild_checks import by_the_sheet as rebuilt, rebuilt_by_the_sheet

    rows = {r["players"]: r for r in a.equilibrium_summary()}
    return {
        "third of the time (0.325)": lambda: f"third of the time ({dec(rows[4]['p1'], 3)})",
        "nothing above `$9` is ever bid": lambda: f"nothing above `${max(rows[4]['support'])}` is ever bid",
        "from +`$1.71` (3 players) to about −`$0.97` (8 players)":
            lambda: (f"from +`${dec(rows[3]['value'], 2)}` (3 players) "
                     f"to about −`${dec(-rows[8]['value'], 2)}` (8 players)"),
        "down to about `$0.0003` in 40 steps":
            lambda: f"down to about `${dec(a.first_round_equilibrium(5).history[39], 4)}` in 40 steps",
        "multiplied by e^(0.4 × its expected payoff":  # the solver's step size (the ledger replays the steps)
            lambda: f"multiplied by e^({default(a.first_round_equilibrium, 'step_size')} × its expected payoff",
        "A class of 15 students":
            lambda: f"A class of {len(a.parse_bids('1 1 1 3 3 4 5 5 5 6 7 7 10 10 13'))} students",
        "Four bots play 200 whole games": lambda: f"Four bots play {default(a.bot_tournament, 'games')} whole games",
        "a `$1` is cancelled 99.2 % of the time":
            lambda: f"a `$1` is cancelled {pct(a.chance_matched(1, 8), 1)} % of the time",
        "the sheet's 4–8": lambda: f"the sheet's {sheet_players('Boneyard')}",
        "`$1` is bid 3 times in 15":
            lambda: (lambda r: f"`$1` is bid {r.distribution[1] * 15} times in 15")(class_report()),
        "still the best response, worth 37/25":
            lambda: (lambda r: f"still the best response, worth {r.payoffs[r.best[0]]}")(class_report()),
        # Question 6: the page's own seeded run
        "About 8.5 rounds in this seeded run (95 % interval 7.9–9.0)":
            lambda: (lambda m: f"About {dec(m.value, 1)} rounds in this seeded run (95 % interval "
                               f"{dec(m.low, 1)}–{dec(m.high, 1)})")(race().mean_rounds),
        "far fewer than the 26 rounds": lambda: f"far fewer than the {race().rounds_at_average_pace:.0f} rounds",
        "gained about $3.02 a round": lambda: f"gained about ${dec(race().mean_winner_pace.value, 2)} a round",
        # Question 7: the race bot against three equilibrium bots (its stored run: test_stored_runs plays it again)
        "play 600 seeded games to $40": lambda: f"play {a.question7_race.kwargs['games']} seeded games to $40",
        "*Seed 0:* about even. The race bot wins 28 % of the games (95 % interval 24–31 %) and the three "
        "equilibrium bots 23 %, 26 % and 24 %": race_bot_shares,
        "so 600 games cannot tell": lambda: f"so {a.question7_race().games} games cannot tell",
        # Question 8: the rebuilt Boneyard, listed here from the rule sheet (boneyard_rebuild_checks)
        "About three times in four: 75.9 %": lambda: f"About three times in four: {pct(rebuilt(4)['below'], 1)} %",
        "That happens 17.4 % of the time": lambda: f"That happens {pct(rebuilt(4)['above'], 1)} % of the time",
        "the richest bucket is worth `$8.33`":
            lambda: f"the richest bucket is worth `${dec(rebuilt(4)['richest'], 2)}`",
        "holds `$23.81` instead of `$26`": lambda: f"holds `${dec(rebuilt(4)['total'], 2)}` instead of `$26`",
        "turn the `$1` bucket into `$11`":
            lambda: f"turn the `$1` bucket into `${max(rebuilt_by_the_sheet([10, 7, 5, 3, 1], [7, 5, 5, 3]))}`",
        "wins most often, 63 % of the 200 games against the runner-up outbid's 20.5 %; the test of that "
        "difference (the same games) gives z ≈ 7.4, far beyond 1.96": boneyard_q5_leader,
    }


def boneyard_q5_leader() -> str:
    """Question 5's seeded tournament (the page's call): the leader against the runner-up, same games."""
    from changekit.games.boneyard import analysis as a

    result = a.bot_tournament(("random", "equilibrium", "outbid", "history"), games=200)
    ranked = sorted(result.rows(), key=lambda r: r["win_rate"], reverse=True)
    assert ranked[0]["bot"] == "history"
    p1, p2, _ = game_shares(result, ranked[0]["bot"], ranked[1]["bot"])
    return (f"wins most often, {pct(p1)} % of the {result.games} games against the runner-up "
            f"{ranked[1]['bot']}'s {pct(p2, 1)} %; the test of that difference (the same games) gives "
            f"z ≈ {z_same_games(p1, p2, result.games):.1f}, far beyond {z_for_two_sided(0.05):.2f}")


def guide_race_bot_share() -> str:
    """Question 7 in the guide: the race bot's share of the wins and its Wilson interval."""
    from changekit.games.boneyard import analysis as a
    from changekit.stats.intervals import wilson

    result = a.question7_race()
    race_bot = result.names.index("race")
    interval = wilson(result.wins[race_bot], result.games)
    return (f"winning {pct(result.wins[race_bot] / result.games)} % of the games, and its 95 % interval "
            f"({pct(interval.low)}–{pct(interval.high)} %)")


def race_bot_shares() -> str:
    """Question 7's reading: each seat's share of the wins, and the race bot's Wilson interval,
    recomputed from the stored run's win counts."""
    from changekit.games.boneyard import analysis as a
    from changekit.stats.intervals import wilson

    result = a.question7_race()
    assert result.names == ["race", "equilibrium", "equilibrium", "equilibrium"]
    shares = [pct(w / result.games) for w in result.wins]
    interval = wilson(result.wins[0], result.games)
    return (f"*Seed {default(a.bot_tournament, 'seed')}:* about even. The race bot wins {shares[0]} % of the games "
            f"(95 % interval {pct(interval.low)}–{pct(interval.high)} %) and the three equilibrium bots "
            f"{shares[1]} %, {shares[2]} % and {shares[3]} %")


@cache
def race():
    """Boneyard Question 6's seeded run, as the page calls it."""
    from changekit.games.boneyard import analysis as a

    return a.equilibrium_race()


def sheet_players(game: str) -> str:
    """The table size the rule sheet plays, as docs/rules.md records it ("4–8 players at the table")."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = re.search(rf"^## {game}\b.*?(?=^## |\Z)", rules, re.S | re.M).group()
    return re.search(r"(\d+–\d+) players at the table", section).group(1)


def class_report():
    """Question 4's preloaded class at a 4-player table."""
    from changekit.games.boneyard import analysis as a

    return a.best_response_to_class(a.parse_bids("1 1 1 3 3 4 5 5 5 6 7 7 10 10 13"), 4)


BONEYARD_GIVEN = numbers(
    "1 3 5 7 10 26 40 "  # the bills, $26 each, play to $40
    "17 13 4 8 "  # the rule sheet's worked example (buckets 17, 13, 7, 4, 3; eight bids)
    "2 6 9 "  # "two", "6+ players", Question 2; `$9` under the claim above
    "95")


# ---- diminishing returns -----------------------------------------------------------------------
def diminishing_claims():
    from changekit.games.diminishing import analysis as a
    from changekit.games.diminishing.bots import PerfectBot, RandomBot
    from tests.unit.chance_checks import difference_with_interval

    def mean_length(bots, seed):  # Question 5's seeded runs (lengths_answer: seeds 1 and 2)
        return a.length_summary(a.game_lengths(bots, games=default(a.lengths_answer, "games"), seed=seed))["mean"]

    def lengths(bots, seed, games):  # each game's length in one of those runs
        return [turns for turns, n in a.game_lengths(bots, games=games, seed=seed).items() for _ in range(n)]

    purse = a.STANDARD_PURSE
    return {
        "(46 dollars in 11 bills;": lambda: f"({sum(purse)} dollars in {len(purse)} bills;",
        "(1,058,400 positions;": lambda: f"({int(a.positions_closed_form().value):,} positions;",
        "all 375,160 reachable positions":
            lambda: f"all {a.take_less_positions(examples=0).positions:,} reachable positions",
        "The check plays 150 games of each kind":
            lambda: f"The check plays {default(a.lengths_answer, 'games')} games of each kind",
        "(in the seeded run: about 56 turns against about 29)":
            lambda: (f"(in the seeded run: about {dec(mean_length([PerfectBot(), PerfectBot()], 1), 0)} turns against "
                     f"about {dec(mean_length([RandomBot(), RandomBot()], 2), 0)})"),
        "the difference from another seed's pair of runs would land inside it only about 5 times in 6":
            lambda: lands_inside("the difference from another seed's pair of runs would land inside it"),
        "The difference, 27.8 turns, has the 95 % interval 27.0-28.7 (two separate runs of 150 games":
            lambda: (lambda games: "The difference, {} turns, has the 95 % interval {}-{} (two separate runs of {} "
                                   "games".format(*(dec(x, 1) for x in difference_with_interval(
                                       *(lengths(bots, seed, games) for bots, seed in
                                         (([PerfectBot(), PerfectBot()], 1), ([RandomBot(), RandomBot()], 2))))),
                                                  games))(default(a.lengths_answer, "games")),
        "The 92 dollars in the two purses": lambda: f"The {2 * sum(purse)} dollars in the two purses",
        # who moves first in Question 6's runs (against_perfect(games=100, seed=1): seeds 1, 2, 3), recounted
        "the three moved first in 58, 52 and 55 of their 100 games":
            lambda: "the three moved first in {}, {} and {} of their 100 games".format(
                *(diminishing_first_movers(100, 1 + i) for i in range(3))),
        # Question 7: three players, counted by the test's own search (diminishing_three_checks)
        "no seat can for 24 of the 35 purses":
            lambda: "no seat can for {} of the {} purses".format(*diminishing_three_bill_counts()),
        "the third seat for the other 11": lambda: f"the third seat for the other {diminishing_third_seat_count()}",
    }


def diminishing_third_seat_count() -> int:
    """Of the purses of three bills, how many the third seat (and no other) can make sure of winning."""
    from tests.unit.diminishing_three_checks import forcing, purses_of
    return sum(forcing(p) == [2] for p in purses_of(3))


def diminishing_three_bill_counts() -> tuple[int, int]:
    from tests.unit.diminishing_three_checks import three_bill_counts

    return three_bill_counts()


DIMINISHING_GIVEN = numbers(
    "1 3 5 7 10 2 "  # the bills; "three 1s, three 3s, two 5s ..." is the standard purse
    "4 6 8 "  # Question numbers; the explorer takes up to 8 bills
    "100 0")  # Question 6: 100 games each against the perfect bot (the page's call); "a win rate near 0"


# ---- the big cheese ----------------------------------------------------------------------------
def bids_spread(guide: bool = False) -> str:
    """Question 4 (the page's stored run): the dots' range, the cheapest and the biggest bid's dots and
    their ratio, against the ratio on the exact line of one card (mean / (k(k+1)/2): the same for every
    card)."""
    from changekit.games.big_cheese import analysis as a
    from changekit.games.big_cheese.bots import worker_placements

    sims = {k: s["per_worker_placement"].value for k, s in a.question4_bids().items() if s["projects"]}
    low, high = min(sims), max(sims)
    exact = worker_placements(high) / worker_placements(low)
    assert exact == int(exact)
    if guide:
        return (f"the dots lie between about {dec(min(sims.values()), 1)} and {dec(max(sims.values()), 1)} points "
                f"per worker-placement, the cheapest bid ({low}) earning about {dec(sims[low] / sims[high], 1)} "
                f"times what the biggest ({high}) does, against {int(exact)} times on the exact line of one card")
    return (f"lie between about {dec(min(sims.values()), 1)} and {dec(max(sims.values()), 1)} points per "
            f"worker-placement: about {dec(sims[low], 1)} for a bid of {low} and about {dec(sims[high], 1)} for a "
            f"bid of {high}, so the cheapest bid earns about {dec(sims[low] / sims[high], 1)} times what the biggest "
            f"does, where on the exact line of one card it earns {int(exact)} times as much")


def big_cheese_claims():
    from changekit.games.big_cheese import analysis as a
    from changekit.games.big_cheese.bots import THREAT_SHARE, ValueBot, worker_placements
    from changekit.stats.intervals import wilson

    d6 = {r["card"]: r for r in a.payout_table("d6")}
    poly = {r["card"]: r for r in a.payout_table("polyhedral")}
    per_worker = {(r["card"], r["bid"]): r["points_per_worker_placement"] for r in a.value_per_worker_table("d6")}
    same_cv = {dec(r["cv"], 3) for r in d6.values()}
    # Question 2: the share of each card's variance a Big Cheese takes away, under both schemes
    shares = [1 - r["variance_with_cheese"] / r["variance"] for r in (*d6.values(), *poly.values())]

    @cache
    def tournament():  # Question 6's call (its stored run: test_stored_runs plays it again)
        return a.question6_tournament()

    def share(name):
        return pct(tournament().wins[tournament().names.index(name)] / tournament().games)

    def limit(card):  # the value bot's highest bid on a number card under d6 (ValueBot.limit)
        return ValueBot().limit({"offer": card, "dice": "d6", "exactly_30": False}, 0)

    def keep_from():  # Question 7: the fewest projects still to come for which keeping beats re-rolling now
        now = a.reroll_gain(a.KEEP_CARD, a.KEEP_PAID)
        return next(k for k in range(20) if a.keep_value(k) > now)

    def vetoes(name):  # Question 8's share of wins for one Veto habit
        result = a.question8_vetoes()
        return pct(result.wins[result.names.index(name)] / result.games)

    interval = lambda: wilson(tournament().wins[tournament().names.index("value")], tournament().games)  # noqa: E731
    return {
        "(standard deviation 34.2 against 5.8)":
            lambda: f"(standard deviation {dec(d6[20]['sd'], 1)} against {dec(poly[20]['sd'], 1)})",
        "(sd/mean 0.549 against 0.488)": lambda: f"(sd/mean {dec(poly[20]['cv'], 3)} against {dec(d6[20]['cv'], 3)})",
        # issue 43: spread against the target each scheme plays to, and the re-roll rule's assumption
        "(sd/target 0.171 against 0.144)":
            lambda: "(sd/target {} against {})".format(*(
                dec(spread(big_cheese_payouts(20, d)) / BIG_CHEESE_TARGET[d], 3) for d in ("d6", "polyhedral"))),
        "about 1.107 points, more than the 0.5 a re-rolled 10 gains, so re-roll 9 or less; with two or three more "
        "due, 8 or less":
            lambda: (f"about {dec(big_cheese_card_kept(1), 3)} points, more than the {dec(Fraction(21, 2) - 10, 1)} "
                     f"a re-rolled 10 gains, so re-roll {big_cheese_highest_reroll(20, 1)} or less; with two or "
                     f"three more due, {big_cheese_highest_reroll(20, 2)} or less"
                     if big_cheese_highest_reroll(20, 2) == big_cheese_highest_reroll(20, 3) else "2 and 3 differ"),
        "(sd/mean is always 0.488)": lambda: f"(sd/mean is always {' or '.join(sorted(same_cv))})",
        "is worth 10.5": lambda: f"is worth {dec(poly[20]['mean'], 1)}",
        "fresh roll** (10.5)": lambda: f"fresh roll** ({dec(poly[20]['mean'], 1)})",
        "keeping a 10 loses and keeping an 11 wins. The 20 then pays 13 on average":
            lambda: (f"keeping a {a.best_reroll(20, 'polyhedral')[0] - 1} loses and keeping an "
                     f"{a.best_reroll(20, 'polyhedral')[0]} wins. "
                     f"The 20 then pays {poly[20]['mean_with_cheese']} on average"),
        "drops (33.25 to 27)": lambda: f"drops ({dec(poly[20]['variance'], 2)} to {poly[20]['variance_with_cheese']})",
        "falls by 19 % to 25 % on every card":
            lambda: "falls by {} % to {} % on every card".format(*(pct(f(shares)) for f in (min, max))),
        "(re-roll 1, 2, 3) and it adds 0.75 × the card":
            lambda: (f"(re-roll {', '.join(str(r) for r in range(1, d6[4]['reroll_below'] // 4))}) and it adds "
                     f"{dec(d6[4]['cheese_gain'] / 4, 2)} × the card"),
        "earns 14 points per worker-placement; four on a 20 earn 70/10 = 7":
            lambda: (f"earns {per_worker[4, 1]} points per worker-placement; four on a 20 earn "
                     f"{d6[20]['mean']}/{4 * 5 // 2} = {per_worker[20, 4]}"),
        "play 150 games": lambda: "play 150 games",  # the page's call: simulated_bid_values(games=150, players=4)
        # Question 4: the page's stored run (test_stored_runs plays it again)
        "lie between about 1.7 and 2.6 points per worker-placement: about 2.5 for a bid of 2 and about 1.7 for a "
        "bid of 9, so the cheapest bid earns about 1.5 times what the biggest does, where on the exact line of one "
        "card it earns 15 times as much": bids_spread,
        "(2 workers for a 2-card, 6 for a 12)": lambda: f"({limit(2)} workers for a 2-card, {limit(12)} for a 12)",
        "raising the 2-card's bid to 3 would double its worker-placements (3 to 6)":
            lambda: (f"raising the 2-card's bid to {limit(2) + 1} would double its worker-placements "
                     f"({worker_placements(limit(2))} to {worker_placements(limit(2) + 1)})"),
        "finishes only 18 %": lambda: f"finishes only {pct(a.exact30_finish(29, 1))} %",
        "three projects finish about 29 %": lambda: f"three projects finish about {pct(a.exact30_finish(25, 3))} %",
        "*Seed 2026:* the value bot wins about three games in four (75 %, interval 70-80 %); "
        "random and cautious share the rest (11 % and 14 %)":
            lambda: (f"*Seed {default(a.bot_tournament, 'seed')}:* the value bot wins about three games in four "
                     f"({share('value')} %, interval {pct(interval().low)}-{pct(interval().high)} %); "
                     f"random and cautious share the rest ({share('random')} % and {share('cautious')} %)"),
        "300 games, 3 players":
            lambda: f"{default(a.bot_tournament, 'games')} games, {len(default(a.bot_tournament, 'bots'))} players",
        "so 300 games cannot rank": lambda: f"so {tournament().games} games cannot rank",
        "the test of the largest difference, 34 % against 32 %, gives z ≈ 0.62":
            lambda: (lambda r: "the test of the largest difference, {} % against {} %, gives z ≈ {:.2f}".format(
                vetoes("holds its Veto"), vetoes("value"),
                abs(z_same_games(*game_shares(r, "value", "holds its Veto")))))(a.question8_vetoes()),
        "about 6.5 points of win rate":
            lambda: (lambda r: f"about {100 * z_for_two_sided(0.05) * ((2 / 3) / r.games) ** 0.5:.1f} points of win "
                               "rate")(a.question8_vetoes()),
        "the test of their difference gives z ≈ 1.0 (a win for":
            lambda: (f"the test of their difference gives z ≈ "
                     f"{z_same_games(*game_shares(tournament(), 'cautious', 'random')):.1f} (a win for"),
        # Question 7: keeping a Big Cheese
        "rolled a 2: it pays 16":
            lambda: f"rolled a {a.KEEP_PAID // a.KEEP_CARD}: it pays {a.KEEP_PAID}",
        "adds 3.5 × 8 − 16 = 12 points on average":
            lambda: (f"adds {dec(d6[a.KEEP_CARD]['mean'] / a.KEEP_CARD, 1)} × {a.KEEP_CARD} − {a.KEEP_PAID} = "
                     f"{a.reroll_gain(a.KEEP_CARD, a.KEEP_PAID)} points on average"),
        "Three. Kept for one more project the Big Cheese is worth about 6.64 points, for two about 10.55, "
        "for three about 13.41: more than the 12 of re-rolling now":
            lambda: ("{}. Kept for one more project the Big Cheese is worth about {} points, for two about {}, "
                     "for three about {}: more than the {} of re-rolling now").format(
                "Three" if keep_from() == 3 else keep_from(),
                *(dec(a.keep_value(k), 2) for k in (1, 2, 3)), a.reroll_gain(a.KEEP_CARD, a.KEEP_PAID)),
        "a 20 that rolls 1 gains 50 from a re-roll":
            lambda: f"a 20 that rolls 1 gains {a.reroll_gain(20, 20)} from a re-roll",
        # Question 8: three Veto habits (its stored run: test_stored_runs plays it again)
        "would take them to 80 % of the target": lambda: f"would take them to {pct(THREAT_SHARE)} % of the target",
        "600 games, 3 players, d6": lambda: (f"{a.question8_vetoes.kwargs['games']} games, "
                                             f"{len(a.question8_vetoes.kwargs['bots'])} players, d6"),
        "*Seed 2026:* about even. The value bot wins 32 %, never vetoes 33 % and holds its Veto 34 %":
            lambda: (f"*Seed {default(a.bot_tournament, 'seed')}:* about even. The value bot wins {vetoes('value')} %, "
                     f"never vetoes {vetoes('never vetoes')} % and holds its Veto {vetoes('holds its Veto')} %"),
        "so 600 games cannot rank them": lambda: f"so {a.question8_vetoes().games} games cannot rank them",
        "even that does not show in 600 games":
            lambda: f"even that does not show in {a.question8_vetoes().games} games",
    }


BIG_CHEESE_GIVEN = numbers(
    "1 2 3 4 5 6 7 8 10 12 20 36 200 40 30 1,000 "  # the cards, players, workers, targets, the cap
    "28 "  # the 28 number cards (7 values × 4)
    "95 0 25 29")  # 95 % intervals; Question 5's scores


# ---- CHA-CHING! --------------------------------------------------------------------------------
def cha_ching_claims():
    from math import comb

    from changekit.games.cha_ching import analysis as a
    from changekit.games.cha_ching.rules import can_reach, penalty

    deck = dict(a.deck_counts())
    numbers_ = sum(deck[k] for k in ("1", "5", "10", "25", "50"))
    big = deck["25"] + deck["50"]
    hits = a.hit_probabilities()
    top = max(hits, key=hits.get)
    wild = a.wild_value()
    comps = {name: a.hit_probabilities(d) for name, d in a.COMPOSITIONS.items()}

    def leaders(name, n=2):
        return " and ".join(str(t) for t in sorted(comps[name], key=comps[name].get, reverse=True)[:n])

    fresh = {name: a.fresh_hit_chance(d) for name, d in a.COMPOSITIONS.items()}
    reroll = a.reroll_chances()
    best = max(reroll, key=reroll.__getitem__)
    made = a.reachable_targets()
    turns = cache(lambda: a.turns_to_go_out((10, 25, 40, 55, 70, 85, 96), games=100, seed=1))  # Question 4's call
    powers, seats = cha_ching_powers()
    hits = a.hit_probabilities()
    return {
        "About 99 %. A hand that misses 42 pays on average about 182.4 penalty points":
            lambda: (lambda over, mean: f"About {pct(over)} %. A hand that misses 42 pays on average about "
                                        f"{dec(mean, 1)} penalty points")(*cha_ching_false_out(42)),
        "a fresh hand makes 96 about 66 times as often as 10":
            lambda: f"a fresh hand makes 96 about {round(hits[96] / hits[10])} times as often as 10",
        "the deck has 120 cards":  # the sheet's count, our deck's too
            lambda: f"the deck has {sum(deck.values())} cards",
        "**15 of each of the eight kinds**":
            lambda: (f"**{set(deck.values()).pop()} of each of the "
                     f"{'eight' if len(deck) == 8 else len(deck)} kinds**"),
        "For each of the 3,003 possible *mixes*":  # 7 kinds a hand can tell apart (zero cards alike), 8 cards
            lambda: f"For each of the {comb(8 + 7 - 1, 7 - 1):,} possible *mixes*",
        "while 30 of the 75 number cards (40 %) are worth 25 or 50":
            lambda: f"while {big} of the {numbers_} number cards ({pct(big / numbers_)} %) are worth 25 or 50",
        "(96 is the top, about 12 %)": lambda: f"({top} is the top, about {pct(hits[top])} %)",
        "About 1 deal in 29": lambda: f"About 1 deal in {dec(1 / a.fresh_hit_chance(), 0)}",
        "the average of the 90 bars": lambda: f"the average of the {len(a.target_distribution())} bars",
        "with weight 1/90": lambda: f"with weight 1/{len(a.target_distribution())}",
        "(×4.6, then ×2.8, then ×2.1: about 0.5 % with none, 2.5 % with one, 14 % with three)":
            lambda: ("(" + ", then ".join(f"×{dec(wild[k + 1]['hits_fresh_target'] / wild[k]['hits_fresh_target'], 1)}"
                                          for k in range(3))
                     + f": about {pct(wild[0]['hits_fresh_target'], 1)} % with none, "
                     f"{pct(wild[1]['hits_fresh_target'], 1)} % with one, "
                     f"{pct(wild[3]['hits_fresh_target'])} % with three)"),
        "(about 10.3 against 2.6)":
            lambda: f"(about {dec(turns()[10].value, 1)} against {dec(turns()[96].value, 1)})",
        "(≈ 180)": lambda: f"(≈ {dec(a.expected_penalty(), 0)})",
        "the ≈180 of a fresh deal: about 156 in the seeded run of 10 games, 95 % interval 148-165 over its 68 rounds":
            lambda: (lambda e: f"the ≈{dec(a.expected_penalty(), 0)} of a fresh deal: about {dec(e.value, 0)} in the "
                               f"seeded run of 10 games, 95 % interval {dec(e.low, 0)}-{dec(e.high, 0)} over its "
                               f"{e.n} rounds")(
                a.round_statistics(players=4, games=10, seed=2)["penalty_per_losing_hand"]),
        "average over 10 games would land inside it only about 5 times in 6":
            lambda: lands_inside("average over 10 games would land inside it"),
        "even its top is below 180":
            lambda: (lambda e, fresh: f"even its top is {'below' if e.high < fresh else 'not below'} "
                                      f"{dec(fresh, 0)}")(
                a.round_statistics(players=4, games=10, seed=2)["penalty_per_losing_hand"], a.expected_penalty()),
        "With 6 wilds instead of 15":
            lambda: f"With {a.COMPOSITIONS['fewer wilds']['wild']} wilds instead of {deck['wild']}",
        "(1.2 % against 3.5 %)":
            lambda: f"({pct(fresh['fewer wilds'], 1)} % against {pct(fresh['15 of each (default)'], 1)} %)",
        "falls less (2.9 %, a drop of 18 % of itself)":
            lambda: (f"falls less ({pct(fresh['more small cards'], 1)} %, a drop of "
                     f"{pct(1 - fresh['more small cards'] / fresh['15 of each (default)'])} % of itself)"),
        "(97 and 77 lead, instead of 96 and 91)":
            lambda: f"({leaders('more small cards')} lead, instead of {leaders('15 of each (default)')})",
        # Question 7: the CHA-CHING card's re-roll
        "cost you 50 points": lambda: f"cost you {penalty(['chaching'] + ['cent'] * 7)} points",
        "which cannot make the target 42":
            lambda: (f"which {'can' if can_reach(list(a.REROLL_HAND), a.REROLL_TARGET) else 'cannot'} make the target "
                     f"{a.REROLL_TARGET}"),
        "The black die: 4/9": lambda: f"The {best} die: {reroll[best]}",  # the best re-roll, named first
        "(32, 52, 72 and 92)": lambda: "({}, {}, {} and {})".format(*[t for t in made if t % 10 == 2]),
        "only 43 and 47 fit (1/5)":
            lambda: "only {} and {} fit ({})".format(*[t for t in made if t // 10 == 4], reroll["white"]),
        "one of 90 targets, 14 of which the hand makes (7/45)":
            lambda: f"one of {len(a.target_distribution())} targets, {len(made)} of which the hand makes "
                    f"({reroll['both']})",
        # Question 8: the powers against none (its stored run: test_stored_runs plays it again)
        "where a fair share at four seats is 25 %":
            lambda: f"where a fair share at {'four' if seats == 4 else seats} seats is {pct(1 / seats)} %",
        "400 games, 4 players, the default deck":
            lambda: f"{a.question8_powers.kwargs['games']} games, {seats} players, the default deck",
        "*Seed 2026:* the bot with the powers wins 32 % of the 400 games (95 % interval 28 % to 37 %), against the "
        "fair share of 25 %":
            lambda: (f"*Seed {default(a.powers_tournament, 'seed')}:* the bot with the powers wins "
                     f"{pct(powers()['share'])} % of the {powers()['games']} games (95 % interval "
                     f"{pct(powers()['low'])} % to {pct(powers()['high'])} %), against the fair share of "
                     f"{pct(1 / seats)} %"),
        "794 on average against 845 for the three others":
            lambda: (f"{dec(powers()['mean'], 0)} on average against {dec(powers()['others'], 0)} for the "
                     f"{'three' if seats == 4 else seats - 1} others"),
    }


def cha_ching_powers():
    """Question 8's numbers, from the stored games: the powered bot's share of wins with its Wilson
    interval, and the mean final points of it and of the bots without powers."""
    from changekit.games.cha_ching import analysis as a
    from changekit.stats.intervals import wilson

    seats = default(a.powers_tournament, "players")

    @cache
    def powers():
        result = a.question8_powers()
        assert result.names == ["greedy"] + ["no powers"] * (seats - 1)
        interval = wilson(result.wins[0], result.games)
        return {"games": result.games, "share": result.wins[0] / result.games, "low": interval.low,
                "high": interval.high, "mean": result.points[0] / result.games,
                "others": sum(result.points[1:]) / (result.games * (seats - 1))}
    return powers, seats


CHA_CHING_GIVEN = numbers(
    "1 5 10 25 50 0 99 1/5 10/25 15 120 1,000 1000 "  # the cards, the targets 10–99, the deck, play to 1,000
    "108 "  # the rule sheet's worked penalty (rules tests)
    "8 9 96 "  # the hand of 8, die faces 0–9, the target Question 4 asks about
    "2 3 4 6 7 100 95 "  # Question numbers; 100 solo deals and 10 games (the page's calls); 95 % intervals
    "42")  # Question 9's target (the question gives it)


# ---- moneybags ---------------------------------------------------------------------------------
@cache
def closing():
    """Moneybags Question 6's seeded run, as the page calls it."""
    from changekit.games.moneybags import analysis as a

    return a.question6_tournament()  # its stored run: test_stored_runs plays it again


def closing_phrase() -> str:
    from changekit.stats.intervals import wilson

    result = closing()
    closer = result.names.index("closer")
    rate = wilson(result.wins[closer], result.games)
    return (f"the closer wins {pct(rate.value)} % of the games (95 % interval {pct(rate.low)}–{pct(rate.high)} %), "
            f"against a fair share of {pct(1 / len(result.names))} %, and averages "
            f"{dec(result.mean_points()[closer], 1)} points a game")


def moneybags_claims():
    from changekit.games.moneybags import analysis as a
    from changekit.games.moneybags.rules import COINS, MoneybagsOptions

    prior = a.pair_prior(67, 4)
    mine = {s: p for s, p in prior.items() if s[0] == 12}
    total = sum(mine.values())
    mine = {s: p / total for s, p in mine.items()}
    heavy = a.challenge_story(taken=4, prior=mine, readings=[("B", 24)])
    light = a.challenge_story(taken=4, prior=mine, readings=[("B", 10)])
    others = sum(p * s[1] for s, p in mine.items())  # the expected height of any one other bag (coins)
    curves = {k: a.best_steal(v) for k, v in a.steal_curves().items()}
    exact = heavy[1].value.p_win
    return {
        "67 gold coins": lambda: f"{COINS} gold coins",
        "is 15 % of that number": lambda: f"is {pct(MoneybagsOptions().jiggle_noise)} % of that number",
        "the other bags hold about 18 on average": lambda: f"the other bags hold about {dec(others, 0)} on average",
        "a challenge wins 4661/5724 ≈ 81 % of the time. Challenging is worth about 31 coins of height on average "
        "against 10.5 for letting it go":
            lambda: (f"a challenge wins {exact.numerator}/{exact.denominator} ≈ {pct(exact)} % of the time. "
                     f"Challenging is worth about {dec(heavy[1].value.ev_challenge, 0)} coins of height on average "
                     f"against {dec(heavy[1].value.ev_accept, 1)} for letting it go"),
        "the chance to 99.5 %": lambda: f"the chance to {pct(heavy[2].value.p_win, 1)} %",
        "leaves it at 70 %": lambda: f"leaves it at {pct(light[2].value.p_win)} %",
        "the best grab is **5 coins** — one below the threshold — for about 23.8 coins of height against 19.25":
            lambda: (f"the best grab is **{curves['challenges at 6+ lost'].coins} coins** — one below the threshold "
                     f"— for about {dec(curves['challenges at 6+ lost'].ev, 1)} coins of height against "
                     f"{dec(a.stand_value(dict(a.float_prior(67, 4))), 2)}"),
        "lowers the expectation (about 20.8)":
            lambda: f"lowers the expectation (about {dec(curves['challenges at 6+, you take the diamond too'].ev, 1)})",
        "the closer wins 74 % of the games (95 % interval 67–79 %), against a fair share of 25 %, and averages "
        "6.6 points a game": closing_phrase,
        "the test of their difference gives z ≈ 0.75: 200 games":
            lambda: (lambda r: f"the test of their difference gives z ≈ "
                               f"{z_same_games(*game_shares(r, 'cautious', 'bold')):.2f}: {r.games} games")(
                a.question5_tournament()),
    }


MONEYBAGS_GIVEN = numbers(
    "67 3 6 10 0 1 2 4 5 8 12 24 "  # the rules (coins, players, diamond = 10), the questions' inputs
    "95 150 200")  # 95 % intervals; the rounds and games the page's calls play


# ---- cambio ------------------------------------------------------------------------------------
def cambio_claims():
    from changekit.games.cambio import analysis as a

    unseen = a.expected_value(a.unseen_card_distribution())
    fresh = a.expected_value(a.fresh_grid_distribution())
    known = a.expected_value(a.two_low_two_unknown(("AS", "2H")))
    each = a.expected_value(a.unseen_card_distribution(removed=["AS", "2H"]))
    deck_total = sum(v * n for v, n in a.value_counts().items())

    @cache
    def sweep():  # Question 3's call
        return {r["threshold"]: r for r in a.question3_sweep()}  # stored: test_stored_runs plays it again

    def span(ts):
        rates = [round(100 * sweep()[t]["win_rate"]) for t in ts]
        return f"{min(rates)}-{max(rates)}" if min(rates) != max(rates) else f"{rates[0]}"

    def sweep_games():
        games = {r["games"] for r in sweep().values()}
        assert len(games) == 1, games
        return games.pop()

    info = cache(lambda: {r["bot"]: r for r in a.question4_information()})
    snap = cache(lambda: {r["bot"]: r for r in a.question5_snapping()})
    chances = cache(lambda: {r["round"]: r for r in a.question6_snap_chances()})

    def fmt(x):
        return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x)

    from .cambio_powers_checks import blind_swap, king, unseen as unseen_values

    def frac_dec(x):  # "195/49 ≈ 3.98"
        return f"{fmt(x)} ≈ {dec(x, 2)}"

    q_pool = unseen_values("10S", "3H", "QC")
    return {
        # Question 7: the powers weighed one by one (cambio_powers_checks: the sheet's deck, counted here)
        "The K: 195/49 ≈ 3.98 points off, against 179/49 ≈ 3.65 for the Q, exact over the 49 unseen cards":
            lambda: (f"The K: {frac_dec(max(king(['10S', '3H'], 'KC')))} points off, against "
                     f"{frac_dec(blind_swap(['10S', '3H'], 'QC'))} for the Q, exact over the {len(q_pool)} "
                     "unseen cards"),
        "for a card worth 311/49 ≈ 6.35 on average":
            lambda: f"for a card worth {frac_dec(Fraction(sum(q_pool), len(q_pool)))} on average",
        "the blind swap takes 29/49 ≈ 0.59 off and the K 47/21 ≈ 2.24":
            lambda: (f"the blind swap takes {frac_dec(blind_swap(['7S', '3H'], 'QC'))} off and the K "
                     f"{frac_dec(max(king(['7S', '3H'], 'KC')))}"),
        "= 336 over 52 cards: **84/13 ≈ 6.46**":
            lambda: f"= {deck_total} over {sum(a.value_counts().values())} cards: **{fmt(unseen)} ≈ {dec(unseen, 2)}**",
        "about 6.46 points": lambda: f"about {dec(unseen, 2)} points",
        "A fresh grid averages 336/13 ≈ 25.85": lambda: f"A fresh grid averages {fmt(fresh)} ≈ {dec(fresh, 2)}",
        "the average to 408/25 = 16.32 — about 9.5 lower":
            lambda: f"the average to {fmt(known)} = {dec(known, 2)} — about {dec(fresh - known, 1)} lower",
        "still worth 333/50 ≈ 6.66 each": lambda: f"still worth {fmt(each)} ≈ {dec(each, 2)} each",
        "(slightly more than 6.46,": lambda: f"(slightly more than {dec(unseen, 2)},",
        "believed to be 6.46": lambda: f"believed to be {dec(unseen, 2)}",
        "the best was t = 2 with 58 % (interval 50-65 %)":
            lambda: (lambda best: f"the best was t = {best['threshold']} with {pct(best['win_rate'])} % "
                                  f"(interval {pct(best['low'])}-{pct(best['high'])} %)")(
                max(sweep().values(), key=lambda r: r["win_rate"])),
        "but t = 4, between them, won only 46 %": lambda: f"but t = 4, between them, won only {span((4,))} %",
        "with 150 games each reaches about 8 points either side":
            lambda: f"with {sweep_games()} games each reaches about {cambio_interval_reach()} points either side",
        "t = 14 to 18, won 38-42 %": lambda: f"t = 14 to 18, won {span((14, 16, 18))} %",
        "(t = −2 or 0) won 41-44 %": lambda: f"(t = −2 or 0) won {span((-2, 0))} %",
        "won 63 % (95 % interval 57-68 %) and finished 2.8 points lower on average (95 % interval 2.0-3.6,":
            lambda: (lambda u, saved: f"won {pct(u['win_rate'])} % (95 % interval {pct(u['low'])}-{pct(u['high'])} %) "
                                      f"and finished {dec(saved[0], 1)} points lower on average (95 % interval "
                                      f"{dec(saved[1], 1)}-{dec(saved[2], 1)},")(
                info()["uses powers"], cambio_points_saved()),
        "the snapping bot won 86 % of games (95 % interval 81-89 %), against the peeking bot's 63 % in Question 4":
            lambda: (lambda s, u: f"the snapping bot won {pct(s['win_rate'])} % of games (95 % interval "
                                  f"{pct(s['low'])}-{pct(s['high'])} %), against the peeking bot's "
                                  f"{pct(u['win_rate'])} % in Question 4")(
                snap()["snaps when sure"], info()["uses powers"]),
        "the test of their difference gives z ≈ 6.7 (p < 0.001)": cambio_snaps_against_powers,
        "In the seeded run of 300 games the bot":
            lambda: f"In the seeded run of {info()['uses powers']['games']} games the bot",
        "another seed's win rate and gap would each land inside theirs only about 5 times in 6":
            lambda: lands_inside("another seed's win rate and gap would each land inside theirs"),
        "about 6 % in the first round, rose to about 9-13 % by rounds 4-6":
            lambda: (f"about {pct(chances()[1]['own'])} % in the first round, rose to about "
                     f"{min(round(100 * chances()[r]['own']) for r in (4, 5, 6))}-"
                     f"{max(round(100 * chances()[r]['own']) for r in (4, 5, 6))} % by rounds 4-6"),
        "150 two-player games": lambda: "150 two-player games",  # the page's call: games=150
        "the gap of 12 points gives z ≈ 2.09 (p ≈ 0.04)": cambio_two_against_four,
        "t = 2, 4, 6 and 8 do not differ significantly (p ≈ 0.12)":
            lambda: f"t = 2, 4, 6 and 8 do not differ significantly (p ≈ {cambio_family_p(2, 4, 6, 8):.2f})",
        "all 55 pairs of thresholds that could have been picked (|z| above 3.32)":
            lambda: (lambda k: f"all {k * (k - 1) // 2} pairs of thresholds that could have been picked "
                               f"(|z| above {z_for_two_sided(0.05 / (k * (k - 1) // 2)):.2f})")(
                len(a.question3_sweep())),
        "t = 2 against t = 14 (z ≈ 3.54)": cambio_largest_pair,
    }


def cambio_snaps_against_powers() -> str:
    """Questions 5 and 4: the snapping bot's win rate against the peeking bot's, two runs with seeds
    of their own (value_of_snapping's and value_of_information's), so the test of two independent runs."""
    from changekit.games.cambio import analysis as a

    seeds = [default(f, "seed") for f in (a.value_of_snapping, a.value_of_information)]
    assert seeds[0] != seeds[1], "the two runs share their deals: pair them by deal"
    (snap,), (info,) = ([r for r in run() if r["bot"] == bot] for run, bot in
                        ((a.question5_snapping, "snaps when sure"), (a.question4_information, "uses powers")))
    z = z_independent(snap["win_rate"], snap["games"], info["win_rate"], info["games"])
    p = "< 0.001" if normal_tail_two_sided(z) < 0.001 else f"≈ {normal_tail_two_sided(z):.3f}"
    return f"the test of their difference gives z ≈ {z:.1f} (p {p})"


@cache
def cambio_points_saved() -> tuple[float, float, float]:
    """Question 4: the points the bot that ignores its powers finishes with less those of the bot
    that uses them, with its 95 % interval, game by game over the stored run's games (replayed)."""
    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.bots import MemoryBot
    from changekit.games.cambio.rules import Cambio
    from tests.unit.chance_checks import mean_with_interval, points_by_game

    run = a.question4_information
    games = points_by_game(Cambio(players=2), [MemoryBot(), MemoryBot(use_powers=False)], run.kwargs["games"],
                           seed=default(a.value_of_information, "seed"))
    assert [round(sum(g[i] for g in games) / len(games), 9) for i in (0, 1)] == [
        round(r["mean_points"], 9) for r in run()]
    return mean_with_interval([g[1] - g[0] for g in games])


def cambio_largest_pair() -> str:
    """Question 3's chart's largest gap between two thresholds, and its test (independent runs)."""
    from itertools import combinations

    from changekit.games.cambio import analysis as a

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    lo, hi = sorted(max(combinations(rows, 2),
                        key=lambda ab: abs(rows[ab[0]]["win_rate"] - rows[ab[1]]["win_rate"])))
    z = abs(z_independent(rows[lo]["win_rate"], rows[lo]["games"], rows[hi]["win_rate"], rows[hi]["games"]))
    return f"t = {lo} against t = {hi} (z ≈ {z:.2f})"


def cambio_two_against_four() -> str:
    """Question 3's t = 2 against t = 4: two independent runs, the test of their difference."""
    from changekit.games.cambio import analysis as a

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    two, four = rows[2], rows[4]
    z = z_independent(two["win_rate"], two["games"], four["win_rate"], four["games"])
    return (f"the gap of {pct(two['win_rate'] - four['win_rate'])} points gives z ≈ {z:.2f} "
            f"(p ≈ {normal_tail_two_sided(z):.2f})")


def cambio_family_p(*thresholds: int) -> float:
    """A chi-square test that the thresholds share one win rate (a tie counted as half a win)."""
    from math import erfc, exp, pi, sqrt

    from changekit.games.cambio import analysis as a

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    top = [rows[t] for t in thresholds]
    assert len(top) == 4  # the closed form below is the chi-square tail for 3 degrees of freedom
    wins = [r["win_rate"] * r["games"] for r in top]
    pooled = sum(wins) / sum(r["games"] for r in top)
    chi2 = sum((w - pooled * r["games"]) ** 2 / (r["games"] * pooled * (1 - pooled)) for w, r in zip(wins, top,
                                                                                                      strict=True))
    return erfc(sqrt(chi2 / 2)) + sqrt(2 * chi2 / pi) * exp(-chi2 / 2)


def cambio_interval_reach() -> int:
    """How far (in points) Question 3's 95 % intervals reach either side of their win rates: half
    each interval's width, the same for every threshold when rounded."""
    from changekit.games.cambio import analysis as a

    reach = {round(100 * (r["high"] - r["low"]) / 2) for r in a.question3_sweep()}
    assert len(reach) == 1, reach
    return reach.pop()


CAMBIO_GIVEN = numbers(
    "52 1 2 3 4 5 6 7 8 9 10 11 12 13 18 "  # the deck, the card values and powers, questions, the thresholds −2…18
    "95 300 80 "  # 95 % intervals; the games the page's calls play
    "50 6/50 9/10 "  # the naive guess's arithmetic; the 9/10 power
    "0 150")  # jokers would be worth 0; the 150 games per threshold of the page's call


# ---- zhao pengyou ------------------------------------------------------------------------------
def _zhao_trick_winner() -> int:
    """Question 5's trick, judged by the test's own reading of the rules (tests/unit/zhao_pengyou_checks.py)."""
    from changekit.games.zhao_pengyou.worked_examples import TRICK

    return zp.tractor_trick_winner(TRICK.plays, TRICK.trump_suit, TRICK.trump_rank)


def _zhao_kitty(attackers_win_last: bool, factor: int = 2) -> int:
    """Question 6's score, counted by the test: the trick points plus the kitty, doubled, if the attackers win the
    last trick."""
    from changekit.games.zhao_pengyou.worked_examples import KITTY, KITTY_TRICK_POINTS

    return zp.attackers_score(KITTY_TRICK_POINTS, KITTY, attackers_win_last, factor)


def _zhao_tractors() -> tuple[Fraction, Fraction, Fraction, int]:
    """Question 7, by the test's own closed form (tests/unit/zhao_pengyou_checks.py): the chance of a tractor in 39
    cards, in one named suit, and of one given spot; the spots (each suit's neighbouring ranks, 2 skipped)."""
    ranks = len(zp.RANK_ORDER) - 1
    return (zp.tractor_chance(39), zp.tractor_chance(39, suits=1), zp.tractor_spot_chance(39),
            len(zp.SUITS) * (ranks - 1))


def _zhao_counted_twice() -> str:
    """A hand of 3-3-4-4-5-5 in one suit fills two of the 44 places (3-4 and 4-5), by the test's own count."""
    ranks = zp.RANK_ORDER[1:4]
    hand = [r + "C" for r in ranks for _ in range(2)]
    counted = ["none", "one", "two", "three"][zp.tractor_spots_held(hand)]
    return f"({'-'.join(zp.rank(c) for c in hand)} counts as {counted})"


def _zhao_broken_run() -> str:
    """The other reading (the trump rank breaks the row, tests/unit/zhao_pengyou_checks.py's closed form over each
    run): the same at level 2, two runs of 6 ranks and a lower chance at level 8."""
    first, level8 = zp.tractor_chance_broken(39, "2"), zp.tractor_chance_broken(39, "8")
    kit = zp.tractor_chance(39)  # the kit's reading, the trump rank skipped
    runs = zp.runs("8", breaks=True)
    lengths = {len(run) for run in runs}
    assert len(lengths) == 1
    return (f"If the trump rank broke the run instead, the first deal would be "
            f"{'the same' if first == kit else 'different'} ({zp.RANK_ORDER[0]} sits at the end of the row), "
            f"but at level 8 each suit splits into "
            f"{['no', 'one', 'two', 'three'][len(runs)]} runs of {lengths.pop()} ranks "
            f"({' and '.join(f'{run[0]}-{run[-1]}' for run in runs)}), and a hand would hold a tractor "
            f"{'less' if level8 < kit else 'not less'} often: about {pct(level8, 1)} %")


@cache
def _zhao_tractor_deals():
    """Question 7's page call, tractor_html(deals=1000, seed=0): the engine's deals, seat 1's hands."""
    from changekit.games.zhao_pengyou import analysis as a

    return a.tractor_chance_simulated(deals=1000, seed=0)


def zhao_pengyou_claims():
    from changekit.games.zhao_pengyou import analysis as a
    from changekit.games.zhao_pengyou import worked_examples as w
    from changekit.stats.intervals import wilson
    from tests.unit.chance_checks import mean_with_interval

    counts = a.trump_count()
    mean = sum(k * p for k, p in counts.items())
    many = sum(p for k, p in counts.items() if k >= 18)
    summary = a.deal_summary()
    joint = a.called_copies(host_copies=0)
    second = a.friend_seat(ordinal=2, host_copies=1)
    none = a.friend_seat(ordinal=1, host_copies=0)

    def deals():  # Question 4's call, a.bot_deals(deals=60, seed=0): played once, shared with the ledger
        return _zhao_deals()

    def levels():
        c = a.level_change_counts(deals())
        return (sum(v for k, v in c.items() if k.startswith("attackers +") and k != "attackers +0"),
                sum(v for k, v in c.items() if k.startswith("host")), c["host +3"])

    return {
        "Trumps are 54 of the 162 cards (18 kinds × 3 decks":
            lambda: (f"Trumps are {summary['trumps']} of the {summary['cards']} cards "
                     f"({summary['trumps'] // 3} kinds × 3 decks"),
        "Your hand has 39 cards": lambda: f"Your hand has {summary['hand']} cards",
        "Exactly 13 on average (39 × 54/162":
            lambda: f"Exactly {mean} on average ({summary['hand']} × {summary['trumps']}/{summary['cards']}",
        "a bell around 13": lambda: f"a bell around {max(counts, key=counts.get)}",
        "comes about once in 24 deals (4.1 %)":
            lambda: f"comes about once in {dec(1 / many, 0)} deals ({pct(many, 1)} %)",
        "About 97 % of hands": lambda: f"About {pct(a.declare_chance_exact(copies=1))} % of hands",
        "happen in 47 % of hands and all three in only 5 %":
            lambda: (f"happen in {pct(a.declare_chance_exact(copies=2))} % of hands and all three in only "
                     f"{pct(a.declare_chance_exact(copies=3))} %"),
        "The 2nd copy is yours with probability 1/3 — more than any single other player (2/9 each)":
            lambda: (f"The 2nd copy is yours with probability {second['host']} — "
                     f"more than any single other player ({second['seat +1']} each)"),
        "is the friend (1/3 each)": lambda: f"is the friend ({none['seat +1']} each)",
        "about 10.5 % of the time": lambda: f"about {pct(sum(p for k, p in joint.items() if 3 in k), 1)} % of the time",
        "averaged about 129 points": lambda: f"averaged about {dec(a.mean_points(deals()), 0)} points",
        "95 % interval 117-141 (each deal is dealt and played alone":
            lambda: "95 % interval {1}-{2} (each deal is dealt and played alone".format(
                *(dec(x, 0) for x in mean_with_interval([r["attackers_points"] for r in deals()]))),
        "the attackers went up in 39 deals, the host's team in 21 (never by 3":
            lambda: (lambda up, host, three: f"the attackers went up in {up} deals, the host's team in {host}"
                     f" (never by 3" if three == 0 else "by 3 happened")(*levels()),
        "the attackers went up in 65 % of them (95 % interval 52-76 %)":
            lambda: (lambda up: (lambda w: f"the attackers went up in {pct(up / 60)} % of them (95 % interval "
                                           f"{pct(w.low)}-{pct(w.high)} %)")(wilson(up, 60)))(levels()[0]),
        # Questions 5 and 6 (issue 43): the kit's trick and kitty, judged by the test's own reading of the rules
        "Seat 3 wins": lambda: f"Seat {_zhao_trick_winner() + 1} wins",
        "in the kitty (35 points)": lambda: f"in the kitty ({zp.points(w.KITTY)} points)",
        "The attackers go up 2 levels: 100 + 2 × 35 = 170 points, in the 165-215 band":
            lambda: (lambda score, t=w.KITTY_TRICK_POINTS: f"The attackers go up {zp.sheet_levels(score)[1]} levels: "
                     f"{t} + 2 × {zp.points(w.KITTY)} = {score} points, in the 165-215 band")(_zhao_kitty(True)),
        "100 points, and the host's team would go up 1":
            lambda: (f"{_zhao_kitty(False)} points, and the host's team would go up "
                     f"{zp.sheet_levels(_zhao_kitty(False))[1]}"),
        "between the host's team up 1 and the attackers up 2":
            lambda: (f"between the host's team up {zp.sheet_levels(_zhao_kitty(False))[1]} and the attackers up "
                     f"{zp.sheet_levels(_zhao_kitty(True))[1]}"),
        "with 35 points buried, whoever wins the last trick decides":
            lambda: f"with {zp.points(w.KITTY)} points buried, whoever wins the last trick decides",
        "Counted once, they would give 135 points (attackers up 1)":
            lambda: (lambda once: f"Counted once, they would give {once} points (attackers up "
                                  f"{zp.sheet_levels(once)[1]})")(_zhao_kitty(True, factor=1)),
        "not counted, as the sheet literally reads, 100 (host's team up 1)":
            lambda: (f"not counted, as the sheet literally reads, {_zhao_kitty(False)} (host's team up "
                     f"{zp.sheet_levels(_zhao_kitty(False))[1]})"),
        # Question 7 (issue 43): a tractor in a dealt hand, by the test's closed form and the engine's deals
        "About 58 % (57.9 %)": lambda: f"About {pct(_zhao_tractors()[0])} % ({pct(_zhao_tractors()[0], 1)} %)",
        "hand holds it in about one deal in 51 (1.9 %)":
            lambda: (lambda spot: f"hand holds it in about one deal in {dec(1 / spot, 0)} ({pct(spot, 1)} %)")(
                _zhao_tractors()[2]),
        "But there are 44 places for a tractor: 11 pairs of neighbouring ranks (3-4 up to K-A) in each of the 4 suits":
            lambda: (f"But there are {_zhao_tractors()[3]} places for a tractor: {len(zp.RANK_ORDER) - 2} pairs of "
                     f"neighbouring ranks (3-4 up to K-A) in each of the {len(zp.SUITS)} suits"),
        "Adding up the 44 small chances gives 0.86":
            lambda: (lambda _, __, spot, spots: f"Adding up the {spots} small chances gives {dec(spots * spot, 2)}")(
                *_zhao_tractors()),
        "(3-3-4-4-5-5 counts as two)": _zhao_counted_twice,
        "So the chance of at least one is below 86 %; how far below takes the exact count: 57.9 %":
            lambda: (lambda p, mean: f"So the chance of at least one is {'below' if p < mean else 'not below'} "
                                     f"{pct(mean)} %; how far below takes the exact count: {pct(p, 1)} %")(
                _zhao_tractors()[0], _zhao_tractors()[3] * _zhao_tractors()[2]),
        "In one named suit the chance is only 18 %":
            lambda: f"In one named suit the chance is only {pct(_zhao_tractors()[1])} %",
        "seat 1's hand held a tractor in 59.4 % of them. The 95 % interval around that 59.4 %, 56.3-62.4 %, is built "
        "so that 19 runs in 20 would catch the engine's long-run share; the exact 57.9 % lies inside it":
            lambda: (lambda e, p: f"seat 1's hand held a tractor in {pct(e.value, 1)} % of them. The 95 % interval "
                                  f"around that {pct(e.value, 1)} %, {pct(e.low, 1)}-{pct(e.high, 1)} %, is built so "
                                  f"that {round(20 * (1 - normal_tail_two_sided(z_for_two_sided(0.05))))} runs in 20 "
                                  f"would catch the engine's long-run share; the exact {pct(p, 1)} % lies "
                                  f"{'inside' if e.low < p < e.high else 'outside'} it")(
                _zhao_tractor_deals(), _zhao_tractors()[0]),
        "If the trump rank broke the run instead, the first deal would be the same (2 sits at the end of the row), "
        "but at level 8 each suit splits into two runs of 6 ranks (2-7 and 9-A), and a hand would hold a tractor "
        "less often: about 54.6 %": _zhao_broken_run,
        "leaves 12 ranks in a row": lambda: f"leaves {len(zp.RANK_ORDER) - 1} ranks in a row",
    }


ZHAO_PENGYOU_GIVEN = numbers(
    "162 5 10 300 0 3 50 55 105 110 160 165 215 220 "  # the cards, point cards and the sheet's thresholds
    "2 1 4 6 7 9 39 12 "  # Question numbers, seats, the hand; "3 copies × 4 suits = 12", "6 jokers, 39 …, 9 …"
    "18 8 "  # the thresholds Question 1 asks about
    "400 95 60 "  # the page's calls: 400 simulated deals, 60 bot deals; 95 % intervals
    "8 100 "  # Question 5's cards (7♠7♠8♠8♠); Question 6's 100 points from tricks
    "1,000")  # Question 7's call: 1,000 deals by the rules engine


LESSONS = {
    "zombie": (zombie_claims, ZOMBIE_GIVEN),
    "boneyard": (boneyard_claims, BONEYARD_GIVEN),
    "diminishing_returns": (diminishing_claims, DIMINISHING_GIVEN),
    "big_cheese": (big_cheese_claims, BIG_CHEESE_GIVEN),
    "cha_ching": (cha_ching_claims, CHA_CHING_GIVEN),
    "moneybags": (moneybags_claims, MONEYBAGS_GIVEN),
    "cambio": (cambio_claims, CAMBIO_GIVEN),
    "zhao_pengyou": (zhao_pengyou_claims, ZHAO_PENGYOU_GIVEN),
}


@cache
def claims_of(name: str) -> dict:
    # Each claim's recomputation runs once a session and every test that states it shares the
    # value (seeded runs and exact scans give the same answer every time: no need to redo them).
    return {phrase: cache(recompute) for phrase, recompute in LESSONS[name][0]().items()}


@pytest.mark.parametrize("name", LESSONS)
def test_every_stated_number_is_accounted_for(name):
    texts = lesson_texts(name)
    assert unaccounted(texts, claims_of(name), LESSONS[name][1]) == []


@pytest.mark.parametrize("name", LESSONS)
def test_each_claim_is_recomputed_and_stated_in_the_text(name):
    texts = " ".join(lesson_texts(name))
    for phrase, recompute in claims_of(name).items():
        assert phrase in texts, f"claim no longer in the text: {phrase!r}"
        assert recompute() == phrase


# ---- the teacher guide's game sections ----------------------------------------------------------
GUIDE_SECTIONS = {1: "zombie", 2: "boneyard", 3: "diminishing_returns", 4: "big_cheese", 5: "cha_ching", 6: "moneybags",
                  7: "cambio", 8: "zhao_pengyou"}


SCHEDULE = re.compile(r"\| \d+–\d+ \||(?<=Lesson plan )\(45 min\)")


@cache
def guide_section(name: str) -> str:
    """The text of the guide's numbered section for lesson ``name`` (up to the next heading)."""
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    number = next(n for n, lesson in GUIDE_SECTIONS.items() if lesson == name)
    match = re.search(rf"^## {number}\. .*?(?=^## |\Z)", guide, re.S | re.M)
    assert match, f"docs/teaching.md has no section {number}"
    # the lesson plan's minutes are a schedule, not a claim
    return " ".join(SCHEDULE.sub(" | ", match.group()).split())


@cache
def guide_claims(name: str) -> dict:
    return {phrase: cache(recompute) for phrase, recompute in _guide_claims(name).items()}


def _guide_claims(name: str) -> dict:
    """The guide's own phrases (the explorers' readouts, the closed forms, answers the notebook
    shows only on Check), each with the call that recomputes it."""
    import importlib

    package = {"diminishing_returns": "diminishing"}.get(name, name)
    a = importlib.import_module(f"changekit.games.{package}.analysis")
    if name == "zombie":
        readout = a.first_play_readout(3, 4)
        duplicates = a.question7_duplicates()
        duplicate_wins = lambda name: duplicates.wins[duplicates.names.index(name)] / duplicates.games  # noqa: E731
        cf = a.tens_closed_form(hand=(1, 3, 5, 5, 7, 7), dealt=3)
        return {
            "expected points ≈ 1.066, at least one point with probability 0.397":
                lambda: "expected points ≈ {}, at least one point with probability {}".format(
                    *re.findall(r"≈ ([\d.]+)</summary>.*?probability <b>([\d.]+)", readout)[0]),
            "5,000 simulated payments (seed 1)":
                lambda: (f"{default(a.points_figure, 'samples'):,} simulated payments "
                         f"(seed {default(a.points_figure, 'seed')})"),
            "one seeded run of 4,000 payments":
                lambda: f"one seeded run of {default(a.convergence_figure, 'samples'):,} payments",
            "from the 44 bills you do not hold, 10 of them $10s): 165/301":
                lambda: f"from the {50 - 6} bills you do not hold, {10} of them $10s): {cf.value}",
            "(`question7_duplicates`, 300 games, 3 players)":
                lambda: (f"(`question7_duplicates`, {a.question7_duplicates.kwargs['games']} games, "
                         f"{len(a.question7_duplicates.kwargs['bots'])} players)"),
            "wins about 21 % against greedy's 37 % (about 62 against 111 wins of 300, a tied game's win shared: the "
            "test for two shares of the same games gives z ≈ 3.8)":
                lambda: shedding_against_greedy("wins about {ps} % against greedy's {pg} % (about {s} against "
                                                "{g} wins of {n}, a tied game's win shared: the test for two shares "
                                                "of the same games gives z ≈ {z})"),
            "wins 42 % (about 127 of 300), and the same test of":
                lambda: shedding_against_greedy(f"wins {pct(duplicate_wins('sheds on ties'))} % "
                                                "(about {t} of {n}), and the same test of"),
            "greedy gives z ≈ 1 (p ≈ 0.3)": lambda: shedding_against_greedy("greedy gives z ≈ {zt} (p ≈ {pt})"),
            "greedy's lead over it is 2.5 points a game, 95 % interval 1.2 to 3.9":
                lambda: "greedy's lead over it is {} points a game, 95 % interval {} to {}".format(
                    *(dec(x, 1) for x in zombie_greedy_lead())),
            "whose last stray beyond 0.05 within the chart is at payment 3,816; at 4,000 it is still 0.046 off":
                lambda: (lambda w: f"whose last stray beyond 0.05 within the chart is at payment {w[1]}; at "
                                   f"{w[11].rstrip(',')} it is still {w[15]} off")(zombie_chart_settles().split()),
            "The careful seats won 54 % of the games, the greedy seats 46 %, z ≈ 1.0":
                lambda: (lambda c, g, n: f"The careful seats won {pct(c)} % of the games, the greedy seats {pct(g)} %, "
                                         f"z ≈ {z_same_games(c, g, n):.1f}")(
                    *game_shares(a.question4_tournament(), "careful", "greedy")),
        }
    if name == "boneyard":
        rows = {r["players"]: r for r in a.equilibrium_summary()}
        report = a.best_response_to_class(a.parse_bids("1 1 1 3 3 4 5 5 5 6 7 7 10 10 13"), 4)
        return {
            "from +$1.71 (3 players) to about −$0.97 (8 players)":
                lambda: (f"from +${dec(rows[3]['value'], 2)} (3 players) "
                         f"to about −${dec(-rows[8]['value'], 2)} (8 players)"),
            "ending near $0.0003": lambda: f"ending near ${dec(a.first_round_equilibrium(5).history[39], 4)}",
            "the preloaded class of 15 bids":
                lambda: (f"the preloaded class of "
                         f"{sum(1 for _ in a.parse_bids('1 1 1 3 3 4 5 5 5 6 7 7 10 10 13'))} bids"),
            "gives **$1**, worth exactly 37/25":
                lambda: f"gives **${report.best[0]}**, worth exactly {report.payoffs[report.best[0]]}",
            "four bots over 200 games to $40 (`bot_tournament`, seed 0)":
                lambda: (f"four bots over {default(a.bot_tournament, 'games')} games to $40 "
                         f"(`bot_tournament`, seed {default(a.bot_tournament, 'seed')})"),
            "bidding $1 as 3/5": lambda: f"bidding $1 as {a.indifference_closed_form(1, 3, players=3).value}",
            "plays 400 seeded games (seed 0)":
                lambda: (f"plays {default(a.equilibrium_race, 'games')} seeded games "
                         f"(seed {default(a.equilibrium_race, 'seed')})"),
            "for the $14 from $26 to $40": lambda: f"for the ${a.TARGET - sum(a.START_BILLS)} from $26 to $40",
            "(`question7_race`, 600 games, 4 players, seed 0)":
                lambda: (f"(`question7_race`, {a.question7_race.kwargs['games']} games, "
                         f"{len(a.question7_race.kwargs['bots'])} players, seed {default(a.bot_tournament, 'seed')})"),
            "winning 28 % of the games, and its 95 % interval (24–31 %)": guide_race_bot_share,
        }
    if name == "diminishing_returns":
        start = a.solve_start()
        return {
            "reachable positions (50.9 %)": lambda: f"reachable positions ({pct(start.mover_win_share, 1)} %)",
            "(149 of all 375,160 reachable positions)":
                lambda: (lambda t: f"({t.only_move_takes_less} of all {t.positions:,} reachable positions)")(
                    a.take_less_positions(examples=0)),
            "in the seeded run (150 games each), about 56 turns against about 29":
                lambda: "in the seeded run ({} games each), about {} turns against about {}".format(
                    default(a.lengths_answer, "games"),
                    *re.findall(r"about (\d+)", claims_of("diminishing_returns")[
                        "(in the seeded run: about 56 turns against about 29)"]())),
            "The 92 dollars": lambda: f"The {2 * sum(a.STANDARD_PURSE)} dollars",
            "the difference, 27.8 turns, has the 95 % interval 27.0-28.7":
                lambda: "the difference, {} turns, has the 95 % interval {}-{}".format(
                    *re.search(r"The difference, ([\d.]+) turns, has the 95 % interval ([\d.]+)-([\d.]+)",
                               claims_of("diminishing_returns")[
                                   "The difference, 27.8 turns, has the 95 % interval 27.0-28.7 (two separate runs "
                                   "of 150 games"]()).groups()),
            "0 wins in 100 each; 95 % interval 0-3.7 %, all below 10 %":
                lambda: (lambda runs: (lambda wins, n: (f"{wins} wins in {n} each; 95 % interval 0-"
                                                        f"{pct(1.959964 ** 2 / (n + 1.959964 ** 2), 1)} %, all below "
                                                        f"{pct(0.1)} %"))(
                    int(max(m.wins for m in runs)), {m.games for m in runs}.pop()))(
                    a.against_perfect(games=100, seed=1)),
            "the second player wins; 471 positions":
                lambda: f"the {'first' if a.solve_start((7, 5, 3, 1)).first_player_wins else 'second'} player wins; "
                        f"{a.solve_start((7, 5, 3, 1)).positions} positions",
            "the 1,058,400 positions": lambda: f"the {int(a.positions_closed_form().value):,} positions",
        }
    if name == "big_cheese":
        d6 = {r["card"]: r for r in a.payout_table("d6")}
        per_worker = {(r["card"], r["bid"]): r["points_per_worker_placement"] for r in a.value_per_worker_table("d6")}
        return {
            "one more project due, re-roll 9":
                lambda: f"one more project due, re-roll {big_cheese_highest_reroll(20, 1)}",
            "one worker earns 14 points per worker-placement, four on a 20 earn 7":
                lambda: (f"one worker earns {per_worker[4, 1]} points per worker-placement, "
                         f"four on a 20 earn {per_worker[20, 4]}"),
            "a seeded simulation of 150 games": lambda: "a seeded simulation of 150 games",  # the page's call
            "the dots lie between about 1.7 and 2.6 points per worker-placement, the cheapest bid (2) earning about "
            "1.5 times what the biggest (9) does, against 15 times on the exact line of one card":
                lambda: bids_spread(guide=True),
            "`exact30_finish(29, 5)` ≈ 63 %": lambda: f"`exact30_finish(29, 5)` ≈ {pct(a.exact30_finish(29, 5))} %",
            "The 8 under d6 has mean 28 and variance 560/3":
                lambda: f"The 8 under d6 has mean {d6[8]['mean']} and variance {d6[8]['variance']}",
            "3500/3 under d6 and 133/4 under polyhedral":
                lambda: (f"{a.variance_closed_form(20, 'd6').value} under d6 and "
                         f"{a.variance_closed_form(20, 'polyhedral').value} under polyhedral"),
            "(300 games, 3 players)":
                lambda: (f"({default(a.bot_tournament, 'games')} games, "
                         f"{len(default(a.bot_tournament, 'bots'))} players)"),
            "(`question8_vetoes`, 600 games, 3 players)":
                lambda: (f"(`question8_vetoes`, {a.question8_vetoes.kwargs['games']} games, "
                         f"{len(a.question8_vetoes.kwargs['bots'])} players)"),
        }
    if name == "cha_ching":
        wild = a.wild_value()
        powers, seats = cha_ching_powers()
        fresh = {n: a.fresh_hit_chance(d) for n, d in a.COMPOSITIONS.items()}
        return {
            "14 % with three, against about 0.5 % with none":
                lambda: (f"{pct(wild[3]['hits_fresh_target'])} % with three, "
                         f"against about {pct(wild[0]['hits_fresh_target'], 1)} % with none"),
            "about 10.3 against 2.6 (95 % intervals 9.2-11.5 and 2.0-3.2). The ratio is about 4.0, with a 95 % "
            "interval of about 3.1 to 5.0":
                lambda: (lambda e, r: claims_of("cha_ching")["(about 10.3 against 2.6)"]()[1:-1]
                         + f" (95 % intervals {dec(e[10].low, 1)}-{dec(e[10].high, 1)} and {dec(e[96].low, 1)}-"
                           f"{dec(e[96].high, 1)}). The ratio is about {dec(r[0], 1)}, with a 95 % interval of about "
                           f"{dec(r[1], 1)} to {dec(r[2], 1)}")(
                    a.turns_to_go_out((10, 25, 40, 55, 70, 85, 96), games=100, seed=1),
                    ratio_with_interval(*(lambda t: (t[10], t[96]))(
                        cha_ching_solo_turns((10, 25, 40, 55, 70, 85, 96), games=100, seed=1)))),
            "penalty, ≈ 180?). Less: about 156 in the seeded run of 10 games, 95 % interval 148-165 over its 68 "
            "rounds":
                lambda: (lambda e: f"penalty, ≈ {dec(a.expected_penalty(), 0)}?). Less: about {dec(e.value, 0)} in the "
                                   f"seeded run of 10 games, 95 % interval {dec(e.low, 0)}-{dec(e.high, 0)} over its "
                                   f"{e.n} rounds")(
                    a.round_statistics(players=4, games=10, seed=2)["penalty_per_losing_hand"]),
            "falls to 1.2 % against 3.5 %":
                lambda: f"falls to {pct(fresh['fewer wilds'], 1)} % against {pct(fresh['15 of each (default)'], 1)} %",
            "(`question8_powers`, 400 games, 4 players) gives it 32 %, 95 % interval 28 % to 37 %, against the "
            "fair share of 25 %, and fewer penalty points (794 against 845 on average)":
                lambda: (f"(`question8_powers`, {a.question8_powers.kwargs['games']} games, {seats} players) gives "
                         f"it {pct(powers()['share'])} %, 95 % interval {pct(powers()['low'])} % to "
                         f"{pct(powers()['high'])} %, against the fair share of {pct(1 / seats)} %, and fewer "
                         f"penalty points ({dec(powers()['mean'], 0)} against {dec(powers()['others'], 0)} on "
                         "average)"),
        }
    if name == "moneybags":
        claims = claims_of("moneybags")
        big = claims["a challenge wins 4661/5724 ≈ 81 % of the time. Challenging is worth about 31 coins of height on "
                     "average against 10.5 for letting it go"]
        return {
            "4661/5724 ≈ 81 %": lambda: big().split("wins ")[1].split(" of the time")[0],
            "moves it to 99.5 %": lambda: "moves it to " + claims["the chance to 99.5 %"]().split("to ")[1],
            "for about 23.8 coins of height against 19.25":
                lambda: "for about " + claims["the best grab is **5 coins** — one below the threshold — for about 23.8 "
                                              "coins of height against 19.25"]().split("for about ")[1],
            "Take 5 coins": lambda: f"Take {a.best_steal(a.steal_curves()['challenges at 6+ lost']).coins} coins",
            "summed by sympy: 287/477": lambda: f"summed by sympy: {a.prior_closed_form(12).value}",
        }
    if name == "cambio":
        unseen = a.expected_value(a.unseen_card_distribution())
        known = a.expected_value(a.two_low_two_unknown(("AS", "2H")))
        threshold = a.under_threshold(5, known=["KH", "3C"], unknown=2)
        sweep = cache(lambda: {r["threshold"]: r for r in a.question3_sweep()})  # the page's stored run
        return {
            "84/13 ≈ 6.46": lambda: f"{unseen.numerator}/{unseen.denominator} ≈ {dec(unseen, 2)}",
            "but t = 4 won only 46 % between t = 2 and t = 6 (57 %)":
                lambda: (f"but t = 4 won only {pct(sweep()[4]['win_rate'])} % between t = 2 and t = 6 "
                         f"({pct(sweep()[6]['win_rate'])} %)"),
            "with 150 games each 95 % interval reaches about 8 points either side":
                lambda: (f"with {sweep()[4]['games']} games each 95 % interval reaches about "
                         f"{cambio_interval_reach()} points either side"),
            "A fresh grid averages 336/13 ≈ 25.85": claims_of("cambio")["A fresh grid averages 336/13 ≈ 25.85"],
            "the snapping bot won 86 % (95 % interval 81-89 %) against the peeking bot's 63 %":
                lambda: claims_of("cambio")["the snapping bot won 86 % of games (95 % interval 81-89 %), against the "
                                            "peeking bot's 63 % in Question 4"]().replace(" of games", "").replace(
                    "%), against", "%) against").removesuffix(" in Question 4"),
            "two independent runs applies: z ≈ 6.7 (p < 0.001)":
                lambda: "two independent runs applies: " + cambio_snaps_against_powers().split("gives ")[1],
            "the average to 408/25 = 16.32":
                lambda: f"the average to {known.numerator}/{known.denominator} = {dec(known, 2)}",
            "totals at most 5 is 37/1225": lambda: f"totals at most 5 is {threshold}",
            "the hypergeometric probability 4/175":
                lambda: f"the hypergeometric probability {a.low_pair_closed_form(('AS', '2H')).value}",
        }
    if name == "zhao_pengyou":
        from tests.unit.chance_checks import mean_with_interval

        from changekit.games.zhao_pengyou import worked_examples as w

        summary = a.deal_summary(players=5, decks=3)
        counts = a.trump_count()
        return {
            "Exactly 13 on average": lambda: f"Exactly {sum(k * p for k, p in counts.items())} on average",
            "hands of 31 and an expected 31/3 trumps":
                lambda: (f"hands of {summary['hand']} and an expected "
                         f"{sum(k * p for k, p in a.trump_count(players=5).items())} trumps"),
            "the 2nd copy is yours with probability 1/3 — more than any single other player (2/9 each)":
                lambda: (lambda f: f"the 2nd copy is yours with probability {f['host']} — "
                                   f"more than any single other player ({f['seat +1']} each)")(
                    a.friend_seat(ordinal=2, host_copies=1)),
            "mean, 13 trumps for 4 players":
                lambda: f"mean, {a.trumps_closed_form(players=4, decks=3).value} trumps for 4 players",
            "averaged about 129 points": claims_of("zhao_pengyou")["averaged about 129 points"],
            "(35 points buried, 100 taken in tricks":
                lambda: f"({zp.points(w.KITTY)} points buried, {w.KITTY_TRICK_POINTS} taken in tricks",
            "100 + 2 × 35 = 170 points: the attackers go up 2 levels":
                lambda: (lambda score: f"{w.KITTY_TRICK_POINTS} + 2 × {zp.points(w.KITTY)} = {score} points: the "
                                       f"attackers go up {zp.sheet_levels(score)[1]} levels")(_zhao_kitty(True)),
            "100 points, the host's team up 1":
                lambda: f"{_zhao_kitty(False)} points, the host's team up {zp.sheet_levels(_zhao_kitty(False))[1]}",
            "one particular tractor such as 7♠7♠8♠8♠ comes in 1.9 % of hands, but there are 44 places for one, 0.86 "
            "held per hand on average":
                lambda: (lambda _, __, spot, spots: f"one particular tractor such as 7♠7♠8♠8♠ comes in "
                                                    f"{pct(spot, 1)} % of hands, but there are {spots} places for "
                                                    f"one, {dec(spots * spot, 2)} held per hand on average")(
                    *_zhao_tractors()),
            "In one named suit, 18 %.": lambda: f"In one named suit, {pct(_zhao_tractors()[1])} %.",
            "The engine's 1,000 deals: 59.4 %, 95 % interval 56.3-62.4 %, which contains the exact value":
                lambda: (lambda e, p: f"The engine's 1,000 deals: {pct(e.value, 1)} %, 95 % interval {pct(e.low, 1)}-"
                                      f"{pct(e.high, 1)} %, which {'contains' if e.low < p < e.high else 'misses'} the "
                                      "exact value")(_zhao_tractor_deals(), _zhao_tractors()[0]),
            "95 % interval 117-141: above 110 even at its low end":
                lambda: (lambda m, low, high: f"95 % interval {dec(low, 0)}-{dec(high, 0)}: "
                                              f"{'above' if low > 110 else 'not above'} 110 even at its low end")(
                    *mean_with_interval([r["attackers_points"] for r in _zhao_deals()])),
        }
    return {}


GUIDE_GIVEN = {name: numbers("45 0 5 10 20 30 40") for name in LESSONS}  # "45-minute", the Question numbers
GUIDE_GIVEN["diminishing_returns"] |= numbers("100 150")
GUIDE_GIVEN["big_cheese"] |= numbers("150")
GUIDE_GIVEN["cambio"] |= numbers("150 6.46")


@pytest.mark.parametrize("name", LESSONS)
def test_every_number_in_the_guide_section_is_accounted_for(name):
    claims = {**claims_of(name), **guide_claims(name)}
    assert unaccounted([guide_section(name)], claims, LESSONS[name][1] | GUIDE_GIVEN[name]) == []


@pytest.mark.parametrize("name", LESSONS)
def test_each_guide_claim_is_recomputed(name):
    section = guide_section(name)
    for phrase, recompute in guide_claims(name).items():
        assert phrase in section, f"claim no longer in the guide: {phrase!r}"
        assert recompute() == phrase


# ---- the rest of the guide (its own helpers' sections excepted) ---------------------------------
OTHERS_SECTIONS = ("Running a class session",)  # written and checked with the class-session work


def guide_general_text() -> str:
    """The guide outside its numbered game sections: the introduction, running the kit, which
    answers are exact."""
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    parts = re.split(r"(?=^## )", guide, flags=re.M)
    kept = [p for p in parts
            if not re.match(r"## \d+\. ", p) and not any(p.startswith(f"## {t}") for t in OTHERS_SECTIONS)]
    return " ".join(" ".join(kept).split())


def general_claims() -> dict:
    import tomllib

    from changekit import cli, serving
    from changekit.games.cha_ching import analysis as cha_ching
    from changekit.games.zhao_pengyou import analysis as zhao
    from changekit.registry import load_game
    from changekit.stats.intervals import Z95

    source = inspect.getsource(serving)
    python = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"].lstrip(">=")
    cli_source = inspect.getsource(cli)
    port = re.search(r'"--port", type=_port, default=(\d+)', cli_source).group(1)
    host = re.search(r'"--host", default="([\d.]+)"', cli_source).group(1)
    titles = {"zombie": "Zombie", "boneyard": "Boneyard", "diminishing": "Diminishing Returns",
              "big_cheese": "Big Cheese", "cha_ching": "CHA-CHING!", "moneybags": "Moneybags", "cambio": "Cambio",
              "zhao_pengyou": "Zhao Pengyou"}
    from changekit.lab import sandbox

    timeout = re.search(r"VoilaExecutor.timeout=(\d+)", source).group(1)
    cull_minutes = int(re.search(r"cull_idle_timeout=(\d+)", source).group(1)) // 60
    ranges = ", ".join(f"{title} {load_game(g).min_players}–{load_game(g).max_players}" for g, title in titles.items())
    return {
        "Python ≥ 3.11": lambda: f"Python ≥ {python}",
        "http://127.0.0.1:8866/": lambda: f"http://{host}:{port}/",
        "`changekit serve --port 8866 --no-browser`": lambda: f"`changekit serve --port {port} --no-browser`",
        "listens on 127.0.0.1 only": lambda: f"listens on {host} only",
        "gives each cell 120 s to run": lambda: f"gives each cell {timeout} s to run",
        "shut down after 30 minutes": lambda: f"shut down after {cull_minutes} minutes",
        "Zhao Pengyou (39-card hands)": lambda: f"Zhao Pengyou ({zhao.deal_summary()['hand']}-card hands)",
        f"Player ranges: {ranges}.": lambda: f"Player ranges: {ranges}.",
        "mean ± 1.96 standard errors": lambda: f"mean ± {Z95:.2f} standard errors",
        "deck of 15 of each kind": lambda: f"deck of {set(dict(cha_ching.deck_counts()).values()).pop()} of each kind",
        "by default 1 s per move and 20 s per game": lambda: (f"by default {sandbox.MOVE_SECONDS:g} s per move and "
                                                              f"{sandbox.GAME_SECONDS:g} s per game"),
        "after 10 failures": lambda: f"after {sandbox.MAX_FAILURES} failures",
        # How we reason about chance (issue 43): each number recomputed by the test's own arithmetic
        "catches the true value 95 times in 100": lambda: "catches the true value 95 times in 100",
        "lands inside it only about 5 times in 6": lambda: lands_inside("lands inside it"),
        "built to catch the long-run value 19 times in 20":
            lambda: (f"built to catch the long-run value "
                     f"{round(20 * (1 - normal_tail_two_sided(z_for_two_sided(0.05))))} times in 20"),
        "whenever the gap lies between about 2.77 and 3.92 standard errors":
            lambda: (f"whenever the gap lies between about {z_for_two_sided(0.05) * 2 ** 0.5:.2f} and "
                     f"{2 * z_for_two_sided(0.05):.2f} standard errors"),
        "with |z| above 1.96 is significant at the 5 % level":
            lambda: f"with |z| above {z_for_two_sided(0.05):.2f} is significant at the {pct(0.05)} % level",
        "t = 2 won 58 % and t = 4 won 46 % of two independent runs of 150 games":
            lambda: (lambda rows: f"t = 2 won {pct(rows[2]['win_rate'])} % and t = 4 won {pct(rows[4]['win_rate'])} % "
                                  f"of two independent runs of {rows[2]['games']} games")(
                {r["threshold"]: r for r in __import__("changekit.games.cambio.analysis", fromlist=["x"])
                 .question3_sweep()}),
        "yet z ≈ 2.09 (p ≈ 0.04)":
            lambda: "yet " + cambio_two_against_four().split("gives ", 1)[1],
        "A chart of eleven thresholds offers 55 pairs":
            lambda: (lambda k: f"A chart of eleven thresholds offers {k * (k - 1) // 2} pairs")(
                len(__import__("changekit.games.cambio.analysis", fromlist=["x"]).question3_sweep())),
        "(Cambio's thresholds 2 to 8 together give p ≈ 0.12)":
            lambda: f"(Cambio's thresholds 2 to 8 together give p ≈ {cambio_family_p(2, 4, 6, 8):.2f})",
        "(Bonferroni: 55 pairs here, so |z| above 3.32)":
            lambda: (lambda k: f"(Bonferroni: {k} pairs here, so |z| above {z_for_two_sided(0.05 / k):.2f})")(
                (lambda n: n * (n - 1) // 2)(
                    len(__import__("changekit.games.cambio.analysis", fromlist=["x"]).question3_sweep()))),
        "Cambio's largest pair, t = 2 against t = 14, clears":
            lambda: "Cambio's largest pair, " + cambio_largest_pair().split(" (")[0] + ", clears",
        "the dip at t = 4 does not": lambda: "the dip at t = 4 does not",  # checked in test_reasoning_claims
    }


GENERAL_GIVEN = numbers(
    "45 9000 1 95 30 "  # 45-minute lessons; an example port; "Player 1"; 95 % intervals; the "exactly 30" variant
    "10 3 "  # "$10", "$1 or $3", "about 10⁻⁹"
    "5")  # the 5 % level of a test (How we reason about chance, the lab's rank bands)


def test_every_number_in_the_rest_of_the_guide_is_accounted_for():
    text = guide_general_text()
    claims = general_claims()
    for phrase, recompute in claims.items():
        assert phrase in text, f"claim no longer in the guide: {phrase!r}"
        assert recompute() == phrase
    assert unaccounted([text], claims, GENERAL_GIVEN) == []


# ---- the claims ledger: sentences that state a fact with a word, not a number (issue 25) ---------
from tests.unit.lesson_claims_ledger import CLAIM_WORDS, CLAUSE, LEDGER, _zhao_deals  # noqa: E402


def claim_sentences(name: str) -> list[str]:
    """The clauses of a lesson (its notebook and its guide section) holding a claim word."""
    texts = [*lesson_texts(name), guide_section(name)]
    return [s for t in texts for s in CLAUSE.split(t) if CLAIM_WORDS.search(s)]


@pytest.mark.parametrize("name", LESSONS)
def test_every_worded_claim_is_in_the_ledger(name):
    missing = [s for s in claim_sentences(name) if not any(phrase in s for phrase in LEDGER[name])]
    assert missing == [], "sentences stating a fact that the ledger (tests/unit/lesson_claims_ledger.py) lacks"


@pytest.mark.parametrize("name", LESSONS)
def test_each_ledger_entry_is_on_the_page_and_holds(name):
    page = " ".join([*lesson_texts(name), guide_section(name)])
    for phrase, entry in LEDGER[name].items():
        assert phrase in page, f"ledger phrase no longer in the lesson: {phrase!r}"
        if entry.kind == "computed":  # a backed claim may have lost its word and still be worth checking
            assert entry.check(), f"the computation backing {phrase!r} fails"
        if entry.kind == "assumed":  # an assumption is said where it is used, as an assumption
            assert " ".join(entry.stated.split()) in page, f"the assumption behind {phrase!r} is not stated"
        if entry.kind != "computed":
            assert CLAIM_WORDS.search(phrase), f"ledger phrase without a claim word: {phrase!r}"


def test_the_ledger_catches_a_new_claim():
    sentence = "Bidding $7 is always safe."
    assert CLAIM_WORDS.search(sentence)
    assert not any(phrase in sentence for phrase in LEDGER["boneyard"])


@pytest.mark.parametrize("sentence", [
    "The curve is flat on top.",  # a shape
    "Each bid's probability grows in proportion to its payoff.",  # a trend
    "The solver multiplies each probability by e^(payoff).",  # a formula as text, outside the maths
    "So u = 7q^2 - 5.",  # the power of a letter
])
def test_the_ledger_catches_shapes_trends_and_formulas(sentence):
    """Issue 25's review found two wrong sentences without a claim word ("flat on top", "grows in
    proportion to e^(payoff)"): words for a shape or a trend, and formulas, now count as claims."""
    assert CLAIM_WORDS.search(sentence)
    assert not any(phrase in sentence for lesson in LEDGER.values() for phrase in lesson)


# ---- no answer before the prediction (issue 25) --------------------------------------------------
#: Words that would give each question's answer away (its number or the reason that decides it).
ANSWERS = {
    "zombie.q1": ["1.609"], "zombie.q2": ["49 %"], "zombie.q3": ["500 to 5,000**", "payment 3,816"],
    "zombie.q4": ["cannot tell the bots apart"], "zombie.q5": ["Hand B, the varied one", "3.093"],
    "zombie.q6": ["The $7. It scores 3", "-0.55"], "zombie.q7": ["sheds duplicates 21 %", "won about 62 of the 300"],
    "boneyard.q1": ["a third of the time", "0.325"], "boneyard.q2": ["half of all bids"],
    "boneyard.q3": ["three or four steps"], "boneyard.q4": ["37/25", "still the best response"],
    "boneyard.q5": ["history bot wins"], "boneyard.q6": ["About 8.5 rounds", "$3.02 a round"],
    "boneyard.q7": ["about even. The race bot wins", "cannot tell whether"],
    "boneyard.q8": ["About three times in four", "75.9 %", "shrinks to the winning bid"],
    "diminishing.q1": ["second player wins"], "diminishing.q2": ["second player wins", "50.9 %"],
    "diminishing.q3": ["10⁴⁰"], "diminishing.q4": ["149 of", "why bills are turns"],
    "diminishing.q5": ["twice as long"],
    "diminishing.q6": ["0 wins"], "diminishing.q7": ["No seat can.", "kingmaker", "24 of the 35"],
    "big_cheese.q1": ["0.549"], "big_cheese.q2": ["10.5", "keeping an 11"], "big_cheese.q3": ["earns 14 points"],
    "big_cheese.q4": ["Somewhat more, far less", "about 1.5 times"], "big_cheese.q5": ["63 %"],
    "big_cheese.q6": ["value bot wins"], "big_cheese.q7": ["about 13.41", "Three. Kept"],
    "big_cheese.q8": ["about even. The value bot wins", "cannot rank them"],
    "cha_ching.q1": ["96 is the top"], "cha_ching.q2": ["1 deal in 29"], "cha_ching.q3": ["14 % with three"],
    "cha_ching.q4": ["about 10.3 against"], "cha_ching.q5": ["about 156"], "cha_ching.q6": ["1.2 %"],
    "cha_ching.q7": ["The black die: 4/9", "7/45"], "cha_ching.q8": ["powers wins 32 %", "one game in three"],
    "cha_ching.q9": ["About 99 %"],
    "moneybags.q1": ["81 %", "4661/5724"],
    "moneybags.q2": ["ties count against the challenger", "ties knock out", "**under** one half"],
    "moneybags.q3": ["**5 coins**"], "moneybags.q4": ["late seats do better"],
    "moneybags.q5": ["Bayesian challenger wins"], "moneybags.q6": ["closer wins 74 %"],
    "cambio.q1": ["6.46", "84/13"], "cambio.q2": ["16.32"], "cambio.q3": ["t = 2 with"],
    "cambio.q4": ["won 63 %"], "cambio.q5": ["won 86 %"], "cambio.q6": ["by rounds 4-6"],
    "cambio.q7": ["195/49", "3.98 points off"],
    "zhao_pengyou.q1": ["Exactly 13"], "zhao_pengyou.q2": ["97 %"], "zhao_pengyou.q3": ["probability 1/3"],
    "zhao_pengyou.q4": ["129 points"], "zhao_pengyou.q5": ["Seat 3 wins"], "zhao_pengyou.q6": ["= 170"],
    "zhao_pengyou.q7": ["58 %", "57.9 %", "59.4 %", "more likely than not"],
}
#: An explorer that can answer a question: the call that makes it, and the questions it answers. It
#: opens after them and says which questions it answers.
EXPLORERS = {
    "zombie": ("first_play_explorer(", (1, 2)), "boneyard": ("ClassExplorer(", (4,)),
    "diminishing_returns": ("purse_explorer(", (1,)), "cha_ching": ("composition_explorer(", (6,)),
    "moneybags": ("jiggle_explorer(", (1,)), "zhao_pengyou": ("deal_explorer(", (1, 2)),
    "big_cheese": ("card_explorer(", (3,)),  # its readout gives the 4's mean of 14 under d6
}


def page_in_order(name: str) -> list[tuple[str, str]]:
    """What a student meets, in order: ("text", markdown), ("question", qid), then ("reading", text)
    once it is checked, and ("code", source) for other cells."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    out: list[tuple[str, str]] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            out.append(("text", cell.source))
            continue
        drawn = drawn_ids(cell.source, f"{name}.ipynb")
        for qid in drawn:
            question = lesson_question_of(name, qid)
            out += [("text", question.text), ("question", qid)]
            out += [("reading", question.reading)] if question.reading else []
        if not drawn:
            out.append(("code", cell.source))
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_is_on_the_page_before_its_question(name):
    page = page_in_order(name)
    leaks = []
    for i, (kind, qid) in enumerate(page):
        if kind != "question":
            continue
        before = " ".join(" ".join(text.split()) for k, text in page[:i] if k in ("text", "reading"))
        leaks += [f"{qid}: {words!r}" for words in ANSWERS[qid] if words in before]
    assert leaks == []


@pytest.mark.parametrize("name", LESSONS)
def test_every_question_has_its_giveaways_listed(name):
    asked = [qid for kind, qid in page_in_order(name) if kind == "question"]
    assert asked and all(ANSWERS.get(qid) for qid in asked)
    page = " ".join(" ".join(text.split()) for kind, text in page_in_order(name) if kind != "question")
    for qid in asked:  # a giveaway no longer on the page tests nothing: keep the list current
        assert any(words in page or words in guide_section(name) for words in ANSWERS[qid]), qid


@pytest.mark.parametrize("name", EXPLORERS)
def test_an_explorer_that_answers_a_question_opens_after_it_and_says_so(name):
    call, answers = EXPLORERS[name]
    page = page_in_order(name)
    at = next(i for i, (kind, text) in enumerate(page) if kind == "code" and call in text)
    asked = [qid for kind, qid in page[:at] if kind == "question"]
    said = " ".join(text for kind, text in page[at - 2:at] if kind == "text")
    prefix = asked[0].rsplit(".", 1)[0] if asked else name
    for number in answers:
        assert f"{prefix}.q{number}" in asked, f"{call} opens before Question {number}"
        assert f"Question {number}" in said, f"the text before {call} does not say it answers Question {number}"


#: Lesson plans: a row that turns hints on comes after the questions the hints answer are locked in.
HINTS_ANSWER = {"diminishing_returns": ("diminishing.q2",), "zhao_pengyou": ("zhao_pengyou.q2", "zhao_pengyou.q3"),
                "boneyard": ("boneyard.q1",), "cambio": ("cambio.q1", "cambio.q2")}


@pytest.mark.parametrize("name", LESSONS)
def test_the_lesson_plan_turns_hints_on_only_after_their_questions(name):
    section = guide_section(name)
    rows = re.findall(r"\| (?:hook|play|predict|predict \+ paper|check|discuss|exit) \|[^|]*\|", section)
    assert rows, f"no lesson plan rows in the guide's {name} section"
    seen = ""
    for row in rows:
        on = row.find("**Show hints** on")
        if on >= 0:
            before = seen + row[:on]
            for qid in HINTS_ANSWER.get(name, ()):
                assert f"`{qid}`" in before, f"{name}'s plan turns hints on before `{qid}` is asked"
        seen += row


#: Notebooks whose app hints answer a question (read off each app's ``hints_html``): Cambio's
#: average of an unseen card and believed total (Question 2's method and number), Diminishing Returns'
#: moves that win against perfect play, Boneyard's equilibrium mix, Zhao Pengyou's odds of who the friend is.
HINTS_GIVE_AWAY = {"boneyard": (1,), "cambio": (1, 2), "diminishing_returns": (2,), "zhao_pengyou": (3,)}


@pytest.mark.parametrize("name", LESSONS)
def test_the_hint_box_waits_for_the_question_its_hints_give_away_and_the_play_text_says_so(name):
    """The app's play cell names those questions (``hints_after_predictions``), so its box opens once
    they are locked in; the Play text says which, and no longer asks the class to answer first."""
    page = page_in_order(name)
    said = " ".join(" ".join(text.split()) for kind, text in page if kind == "text" and "**Show hints**" in text)
    lesson = next(qid for kind, qid in page if kind == "question").split(".")[0]
    numbers = HINTS_GIVE_AWAY.get(name, ())
    if len(numbers) == 1:
        assert (f"the hints give away Question {numbers[0]}, so the box opens once you have locked in your "
                "prediction for it") in said
    if len(numbers) == 2:
        assert (f"the hints give away Questions {numbers[0]} and {numbers[1]}, so the box opens once you have "
                "locked in your predictions for them") in said
    gated = [qid for kind, source in page if kind == "code"
             for call in re.findall(r"\.hints_after_predictions\(([^)]*)\)", source)
             for qid in re.findall(r"[\"']([a-z0-9_.]+)[\"']", call)]
    assert gated == [f"{lesson}.q{number}" for number in numbers]
    assert "answer it first" not in said


def test_the_boneyard_app_opens_at_the_player_count_its_questions_ask_about():
    """Issue 25: the app opened at 5 players beside questions about 4, so its hints printed the
    5-player mix; the questions' answers are computed for 4 (``n_players=4``)."""
    source = (ROOT / "changekit" / "games" / "boneyard" / "questions.py").read_text()
    asked = set(re.findall(r"n_players=(\d+)", source))
    assert asked == {"4"}, asked
    cells = [cell.source for cell in nbformat.read(ROOT / "notebooks" / "boneyard.ipynb", as_version=4).cells]
    opened = [m for source in cells for m in re.findall(r"BoneyardApp\(players=(\d+)", source)]
    assert opened == ["4"], opened
