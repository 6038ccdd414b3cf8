"""Every number a lesson states is accounted for (issue 17, §3).

Swept: every lesson notebook's Markdown cells and every ``Question``'s prompt and reading, with
the mathematics between ``$`` signs left out (formulas, not claims). Each number found (a regex
over the text) must be accounted for:

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

import ast
import inspect
import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
# digits with thousands separators, decimals or a "/denominator"; not inside a word or identifier
NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+)?")
# $$…$$, $x…$ (starts with a letter or a backslash), $1..6$ (no spaces); "$5 … $10" is money
MATHS = re.compile(r"\$\$.*?\$\$|\$(?=[A-Za-z\\])[^$`\n]+?\$|\$\d[^$\s`]*\$", re.S)
CODE = re.compile(r"`[^`]*=[^`]*`")  # quoted code such as `max_rounds=100` (an option, named in docs/rules.md)


@cache
def lesson_texts(name: str) -> tuple[str, ...]:
    """What a student reads: Markdown cells, and each Question's prompt and reading."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    texts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            texts.append(cell.source)
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Question":
                texts.append(ast.literal_eval(node.args[1]))
                texts += [ast.literal_eval(k.value) for k in node.keywords if k.arg == "reading"]
    return tuple(" ".join(CODE.sub(" ", MATHS.sub(" ", t)).split()) for t in texts)


def unaccounted(texts, claims, given) -> list[str]:
    """Numbers outside every claimed phrase and not given, each with its context."""
    left = []
    for text in texts:
        for phrase in claims:
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


# ---- zombie ------------------------------------------------------------------------------------
def zombie_claims():
    from changekit.games.zombie import analysis as a

    table = a.expected_points_table()
    paid_in_deck = sum(p for k, p in a.points_distribution(5, from_hand=False).items() if k >= 1)
    over = next(iter(a.points_distribution(10, zombie=[1, 5, 7], dealt=0)))
    return {
        "about 1.609 against 1.605 points": lambda: f"about {dec(table[1], 3)} against {dec(table[3], 3)} points",
        "hands over 12 without drawing": lambda: f"hands over {10 + over} without drawing",
        "(about 49 %)": lambda: f"(about {pct(a.chance_of_points(5))} %)",
        "would be 47.8 %": lambda: f"would be {pct(paid_in_deck, 1)} %",
        "and 5,000 simulated payments": lambda: f"and {default(a.points_figure, 'samples'):,} simulated payments",
    }


ZOMBIE_GIVEN = numbers(
    "1 3 5 7 10 50 6 "  # the deck, the hand of 6, the Zombie's 3 bills
    "2 "  # the worked example's +2 (rules tests), Question 2
    "4 200 95 "  # Question 4: a 4-player table, 200 games, 95 % intervals
    "0.05 9")  # Question 3's tolerance; the rule sheet's "your neighbour then takes 9"


# ---- boneyard ----------------------------------------------------------------------------------
def boneyard_claims():
    from changekit.games.boneyard import analysis as a

    rows = {r["players"]: r for r in a.equilibrium_summary()}
    return {
        "third of the time (0.325)": lambda: f"third of the time ({dec(rows[4]['p1'], 3)})",
        "nothing above `$9` is ever bid": lambda: f"nothing above `${max(rows[4]['support'])}` is ever bid",
        "from +`$1.71` (3 players) to about −`$0.97` (8 players)":
            lambda: f"from +`${dec(rows[3]['value'], 2)}` (3 players) to about −`${dec(-rows[8]['value'], 2)}` (8 players)",
        "down to about `$0.0003` in 40 steps":
            lambda: f"down to about `${dec(a.first_round_equilibrium(5).history[39], 4)}` in 40 steps",
        "A class of 15 students": lambda: f"A class of {len(a.parse_bids('1 1 1 3 3 4 5 5 5 6 7 7 10 10 13'))} students",
        "Four bots play 200 whole games": lambda: f"Four bots play {default(a.bot_tournament, 'games')} whole games",
    }


BONEYARD_GIVEN = numbers(
    "1 3 5 7 10 26 40 "  # the bills, $26 each, play to $40
    "17 13 4 8 "  # the rule sheet's worked example (buckets 17, 13, 7, 4, 3; eight bids)
    "2 6 9 "  # "two", "6+ players", Question 2; `$9` under the claim above
    "95")


# ---- diminishing returns -----------------------------------------------------------------------
def diminishing_claims():
    from changekit.games.diminishing import analysis as a
    from changekit.games.diminishing.bots import PerfectBot, RandomBot

    def mean_length(bots, seed):  # Question 5's seeded runs (lengths_answer: seeds 1 and 2)
        return a.length_summary(a.game_lengths(bots, games=default(a.lengths_answer, "games"), seed=seed))["mean"]

    purse = a.STANDARD_PURSE
    return {
        "(46 dollars in 11 bills;": lambda: f"({sum(purse)} dollars in {len(purse)} bills;",
        "(1,058,400 positions;": lambda: f"({int(a.positions_closed_form().value):,} positions;",
        "all 375,160 reachable positions": lambda: f"all {a.take_less_positions(examples=0).positions:,} reachable positions",
        "The check plays 150 games of each kind": lambda: f"The check plays {default(a.lengths_answer, 'games')} games of each kind",
        "(in the seeded run: about 56 turns against about 29)":
            lambda: (f"(in the seeded run: about {dec(mean_length([PerfectBot(), PerfectBot()], 1), 0)} turns against "
                     f"about {dec(mean_length([RandomBot(), RandomBot()], 2), 0)})"),
        "The 92 dollars in the two purses": lambda: f"The {2 * sum(purse)} dollars in the two purses",
    }


DIMINISHING_GIVEN = numbers(
    "1 3 5 7 10 2 "  # the bills; "three 1s, three 3s, two 5s ..." is the standard purse
    "4 6 8 "  # Question numbers; the explorer takes up to 8 bills
    "100 0")  # Question 6: 100 games each against the perfect bot (the page's call); "a win rate near 0"


# ---- the big cheese ----------------------------------------------------------------------------
def big_cheese_claims():
    from changekit.games.big_cheese import analysis as a
    from changekit.stats.intervals import wilson

    d6 = {r["card"]: r for r in a.payout_table("d6")}
    poly = {r["card"]: r for r in a.payout_table("polyhedral")}
    per_worker = {(r["card"], r["bid"]): r["points_per_worker_placement"] for r in a.value_per_worker_table("d6")}
    same_cv = {dec(r["cv"], 3) for r in d6.values()}

    @cache
    def tournament():  # Question 6's call
        return a.bot_tournament(games=300, players=3)

    def share(name):
        return pct(tournament().wins[tournament().names.index(name)] / tournament().games)

    def bids_mean():  # Question 4: per worker-placement over every simulated project, whatever the bid
        sims = a.simulated_bid_values(games=150, players=4)
        return (sum(s["per_worker_placement"].value * s["projects"] for s in sims.values())
                / sum(s["projects"] for s in sims.values()))

    interval = lambda: wilson(tournament().wins[tournament().names.index("value")], tournament().games)  # noqa: E731
    return {
        "(standard deviation 34.2 against 5.8)": lambda: f"(standard deviation {dec(d6[20]['sd'], 1)} against {dec(poly[20]['sd'], 1)})",
        "(sd/mean 0.549 against 0.488)": lambda: f"(sd/mean {dec(poly[20]['cv'], 3)} against {dec(d6[20]['cv'], 3)})",
        "(sd/mean is always 0.488)": lambda: f"(sd/mean is always {' or '.join(sorted(same_cv))})",
        "is worth 10.5": lambda: f"is worth {dec(poly[20]['mean'], 1)}",
        "fresh roll** (10.5)": lambda: f"fresh roll** ({dec(poly[20]['mean'], 1)})",
        "keeping a 10 loses and keeping an 11 wins. The 20 then pays 13 on average":
            lambda: (f"keeping a {a.best_reroll(20, 'polyhedral')[0] - 1} loses and keeping an "
                     f"{a.best_reroll(20, 'polyhedral')[0]} wins. The 20 then pays {poly[20]['mean_with_cheese']} on average"),
        "drops (33.25 to 27)": lambda: f"drops ({dec(poly[20]['variance'], 2)} to {poly[20]['variance_with_cheese']})",
        "(re-roll 1, 2, 3) and it adds 0.75 × the card":
            lambda: (f"(re-roll {', '.join(str(r) for r in range(1, d6[4]['reroll_below'] // 4))}) and it adds "
                     f"{dec(d6[4]['cheese_gain'] / 4, 2)} × the card"),
        "earns 14 points per worker-placement; four on a 20 earn 70/10 = 7":
            lambda: (f"earns {per_worker[4, 1]} points per worker-placement; four on a 20 earn "
                     f"{d6[20]['mean']}/{4 * 5 // 2} = {per_worker[20, 4]}"),
        "play 150 games": lambda: "play 150 games",  # the page's call: simulated_bid_values(games=150, players=4)
        "around 2 points per worker-placement": lambda: f"around {dec(bids_mean(), 0)} points per worker-placement",
        "finishes only 18 %": lambda: f"finishes only {pct(a.exact30_finish(29, 1))} %",
        "three projects finish about 29 %": lambda: f"three projects finish about {pct(a.exact30_finish(25, 3))} %",
        "*Seed 2026:* the value bot wins about three games in four (75 %, interval 70-80 %); "
        "random and cautious share the rest (11 % and 14 %)":
            lambda: (f"*Seed {default(a.bot_tournament, 'seed')}:* the value bot wins about three games in four "
                     f"({share('value')} %, interval {pct(interval().low)}-{pct(interval().high)} %); "
                     f"random and cautious share the rest ({share('random')} % and {share('cautious')} %)"),
        "300 games, 3 players": lambda: f"{default(a.bot_tournament, 'games')} games, {default(a.bot_tournament, 'players')} players",
        "so 300 games cannot rank": lambda: f"so {tournament().games} games cannot rank",
    }


BIG_CHEESE_GIVEN = numbers(
    "1 2 3 4 5 6 7 8 10 12 20 36 200 40 30 1,000 "  # the cards, players, workers, targets, the cap
    "28 "  # the 28 number cards (7 values × 4)
    "95 0 25 29")  # 95 % intervals; Question 5's scores


LESSONS = {
    "zombie": (zombie_claims, ZOMBIE_GIVEN),
    "boneyard": (boneyard_claims, BONEYARD_GIVEN),
    "diminishing_returns": (diminishing_claims, DIMINISHING_GIVEN),
    "big_cheese": (big_cheese_claims, BIG_CHEESE_GIVEN),
}


@cache
def claims_of(name: str) -> dict:
    return LESSONS[name][0]()


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
