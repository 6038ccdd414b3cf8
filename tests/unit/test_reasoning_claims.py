"""The reasoning around the numbers (issue 43): sentences a statistician would not sign, each
checked against the rule sheets' arithmetic or the textbook test, done here independently of the
kit's analysis functions (the simulations' stored counts are the page's own seeded data)."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from changekit.registry import all_specs
from changekit.stats.intervals import Estimate
from tests.unit.chance_checks import (OVERLAP_RULE, game_shares, normal_tail_two_sided, z_for_two_sided,
                                      z_independent, z_same_games)

ROOT = Path(__file__).resolve().parents[2]
GAMES = [spec.key for spec in all_specs()]
NOTEBOOKS = [spec.notebook.removesuffix(".ipynb") for spec in all_specs() if spec.notebook] + ["lab"]


def taught_texts() -> dict[str, str]:
    """Every text that teaches: question prompts and readings, notebooks' Markdown, the guide, the
    lab's and the class tournament's words (their sources: docstrings and messages)."""
    import importlib

    texts = {}
    for game in GAMES:
        for qid, q in importlib.import_module(f"changekit.games.{game}.questions").QUESTIONS.items():
            texts[qid] = f"{q.text} {q.reading}"
        texts[f"{game}/analysis.py"] = (ROOT / "changekit" / "games" / game / "analysis.py").read_text()
    for name in NOTEBOOKS:
        nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        texts[f"{name}.ipynb"] = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    texts["docs/teaching.md"] = (ROOT / "docs" / "teaching.md").read_text()
    for path in ("changekit/lab/referee.py", "changekit/lab/lab.py", "changekit/classroom/botclass.py"):
        texts[path] = (ROOT / path).read_text()
    return {k: " ".join(v.replace('"\n', " ").replace('"', " ").split()) for k, v in texts.items()}


# ---- 1. the overlapping-intervals rule ----------------------------------------------------------
def test_no_text_teaches_that_overlapping_intervals_cannot_be_told_apart():
    """Two 95 % intervals can overlap while their difference is significant: the rule is wrong."""
    taught = [f"{where}: …{m.group()}…" for where, text in taught_texts().items()
              for m in re.finditer(OVERLAP_RULE, text, re.I)]
    assert taught == []


def test_the_rule_catches_the_sentences_it_replaced():
    """The check above can fail: the sentences of issue 43 as they read before."""
    for old in ("Where the intervals overlap, 200 games are not enough to tell the bots apart",
                "their intervals overlap, so 300 games cannot rank those two",
                "with overlapping intervals (200 games cannot tell them apart)",
                "Entries whose intervals overlap share a rank band",
                "When two intervals overlap, the class should say \"we cannot tell these apart\""):
        assert re.search(OVERLAP_RULE, old, re.I), old


def test_cambio_q3_t2_against_t4_differs_significantly_though_the_intervals_overlap():
    """Issue 43's example, recomputed: two independent runs of 150 games, 58 % against 46 %."""
    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.questions import QUESTIONS

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    two, four = rows[2], rows[4]
    assert two["games"] == four["games"] == 150
    z = z_independent(two["win_rate"], 150, four["win_rate"], 150)
    assert z == pytest.approx(2.09, abs=0.005)
    assert normal_tail_two_sided(z) == pytest.approx(0.036, abs=0.001)
    assert two["low"] < four["high"], "the intervals overlap"
    reading = QUESTIONS["cambio.q3"].reading
    assert "z ≈ 2.09 (p ≈ 0.04)" in reading and "significant on its own although the intervals overlap" in reading


def test_overlap_and_significance_disagree_between_277_and_392_standard_errors():
    """The guide's numbers: two equal intervals (1.96 se each side) overlap while the gap is under
    3.92 se, and the gap is significant once it passes 1.96·√2 ≈ 2.77 se."""
    z95 = z_for_two_sided(0.05)
    assert z95 == pytest.approx(1.959964, abs=1e-6)
    assert round(z95 * 2 ** 0.5, 2) == 2.77 and round(2 * z95, 2) == 3.92
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "between about 2.77 and 3.92 standard errors" in guide


@pytest.mark.parametrize("qid, first, second, z_text", [
    ("zombie.q4", "careful", "greedy", "z ≈ 1.0,"),
    ("zombie.q7", "sheds on ties", "greedy", "z ≈ 1 (p ≈ 0.3)"),
    ("big_cheese.q6", "cautious", "random", "z ≈ 1.0 "),
    ("moneybags.q5", "cautious", "bold", "z ≈ 0.75"),
])
def test_bots_of_one_table_are_compared_by_the_test_of_their_difference(qid, first, second, z_text):
    """Two bots' shares of the same games: not significant in any of the four, and the reading says
    so with the z of the difference (not with overlapping intervals)."""
    import importlib

    game, q = qid.split(".")
    a = importlib.import_module(f"changekit.games.{game}.analysis")
    result = {"zombie.q4": lambda: a.question4_tournament(), "zombie.q7": lambda: a.question7_duplicates(),
              "big_cheese.q6": lambda: a.question6_tournament(),
              "moneybags.q5": lambda: a.question5_tournament()}[qid]()
    z = z_same_games(*game_shares(result, first, second))
    assert 0 < z < z_for_two_sided(0.05)
    reading = importlib.import_module(f"changekit.games.{game}.questions").QUESTIONS[qid].reading
    assert z_text in reading


# ---- the lab's rank bands ---------------------------------------------------------------------
def _z(a: Estimate, b: Estimate) -> float:
    se = [(e.high - e.low) / (2 * 1.959964) for e in (a, b)]
    return (a.value - b.value) / (se[0] ** 2 + se[1] ** 2) ** 0.5


def test_rank_bands_split_overlapping_intervals_whose_difference_is_significant():
    from changekit.lab.referee import rank_bands

    def e(v, half):
        return Estimate(v, v - half, v + half, 150)

    # Cambio's pair as two entries: the intervals overlap (0.50-0.65 and 0.38-0.54), z ≈ 2.1 > 1.96
    top, low = e(0.5767, 0.078), e(0.4567, 0.079)
    assert top.low < low.high and _z(top, low) > 1.96
    assert rank_bands([top, low]) == [1, 2]
    # with three entries, two neighbour comparisons: the bar is z_(0.025/2), about 2.24
    bar = z_for_two_sided(0.05 / 2)
    assert bar == pytest.approx(2.2414, abs=1e-3)
    middle = e(0.335, 0.078)
    assert 1.96 < _z(top, low) < bar and 1.96 < _z(low, middle) < bar  # significant alone, not once shared
    assert rank_bands([top, low, middle]) == [1, 1, 1]
    far = e(0.15, 0.078)
    four_bar = z_for_two_sided(0.05 / 3)  # four entries, three neighbour comparisons: about 2.39
    assert _z(top, low) < four_bar < _z(middle, far)
    assert rank_bands([far, top, low, middle]) == [2, 1, 1, 1]


def test_rank_bands_keep_close_neighbours_together_and_do_not_split_on_no_data():
    from changekit.lab.referee import rank_bands

    close = [Estimate(0.50, 0.42, 0.58, 150), Estimate(0.47, 0.39, 0.55, 150), Estimate(0.44, 0.36, 0.52, 150)]
    assert _z(close[0], close[2]) < 1.96
    assert rank_bands(close) == [1, 1, 1]
    assert rank_bands([Estimate(0.5, 0.4, 0.6, 100), Estimate(float("nan"), 0.0, 1.0, 0)]) == [1, 1]


def test_the_class_tournament_says_how_its_bands_are_made():
    text = taught_texts()["changekit/classroom/botclass.py"]
    assert "Neighbours share a rank unless the test of their difference says they differ" in text


# ---- duplicate format --------------------------------------------------------------------------
def test_no_text_says_duplicate_format_cancels_deal_luck():
    """Playing each deal from every seat reduces deal luck; it does not remove it."""
    said = [f"{where}: …{m.group()}…" for where, text in taught_texts().items()
            for m in re.finditer(r"luck[^.]{0,40}cancel\w*|cancel\w*[^.]{0,40}luck", text, re.I)]
    assert said == []
    assert re.search(r"luck[^.]{0,40}cancel\w*", "duplicate format, so deal luck cancels")


# ---- 2. the other sentences of issue 43 ---------------------------------------------------------
def test_diminishing_returns_does_not_say_each_bot_starts_half_the_games():
    """The rules draw the first player at random: Question 6's bots moved first in 58, 52 and 55
    of their 100 games, recounted from each game's opening state."""
    from tests.unit.chance_checks import diminishing_first_movers

    firsts = [diminishing_first_movers(100, 1 + i) for i in range(3)]
    assert firsts == [58, 52, 55]
    said = [f"{where}: …{m.group()}…" for where, text in taught_texts().items()
            for m in re.finditer(r"(each (bot|side) starts half)|seats alternate, so", text, re.I)]
    assert said == []
    assert re.search(r"(each (bot|side) starts half)", "Seats alternate, so each bot starts half the games.")
    assert "moved first in 58, 52 and 55 of their 100 games" in taught_texts()["diminishing_returns.ipynb"]


def test_big_cheese_q1_the_higher_target_does_not_make_up_for_the_d6_spread():
    from changekit.games.big_cheese.questions import QUESTIONS
    from tests.unit.chance_checks import BIG_CHEESE_TARGET, big_cheese_payouts, spread

    d6, poly = (spread(big_cheese_payouts(20, d)) / BIG_CHEESE_TARGET[d] for d in ("d6", "polyhedral"))
    assert round(d6, 3) == 0.171 and round(poly, 3) == 0.144 and d6 > poly
    assert BIG_CHEESE_TARGET["d6"] / BIG_CHEESE_TARGET["polyhedral"] == 5
    reading = QUESTIONS["big_cheese.q1"].reading
    assert "but it also plays to a target five times higher" not in reading
    assert "does not make up for it" in reading and "(sd/target 0.171 against 0.144)" in reading


def test_big_cheese_q2_asks_where_its_rule_holds_and_says_where_it_does_not():
    """"Re-roll below 11" holds only when no later project of yours matures; with one more due the
    card kept is worth 31/28 ≈ 1.107, more than a re-rolled 10 gains (0.5): re-roll 9 or less."""
    from fractions import Fraction

    from changekit.games.big_cheese.questions import QUESTIONS
    from tests.unit.chance_checks import big_cheese_card_kept, big_cheese_highest_reroll

    assert big_cheese_card_kept(1) == Fraction(31, 28)
    assert [big_cheese_highest_reroll(20, later) for later in range(4)] == [10, 9, 8, 8]
    q = QUESTIONS["big_cheese.q2"]
    assert "your last project" in q.text and "no other project of yours will mature" in q.text
    assert "so re-roll 9 or less; with two or three more due, 8 or less" in q.reading
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "simple optimal stopping rule: re-roll when the roll is below" not in guide
    assert "optimal stopping rule and its assumption: on your last project" in guide


def test_zombie_q3_has_one_right_range_and_the_chart_shows_it():
    """The old choices (10, 100, 1,000, 10,000) held no answer the chart showed: its seeded run
    settles at payment 3,816. Now exactly one choice's range holds it, and the reading names it."""
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.questions import QUESTIONS
    from tests.unit.chance_checks import running_average_settles

    points = a.simulated_points(5, 4000, seed=7)
    exact = float(sum(k * p for k, p in a.points_distribution(5).items()))
    settles = running_average_settles(points, exact)
    assert settles == 3816

    def holds(choice: str, n: int) -> bool:
        bounds = [int(x.replace(",", "")) for x in re.findall(r"[\d,]+", choice)]
        if choice.startswith("under"):
            return n < bounds[0]
        if choice.startswith("over"):
            return n > bounds[0]
        return bounds[0] <= n <= bounds[1]

    q = QUESTIONS["zombie.q3"]
    right = [c for c in q.how["choices"] if holds(c, settles)]
    assert right == ["500 to 5,000"] and q.reading.startswith(f"**{right[0]}**")
    assert not any(holds(c, settles) for c in ("under 100", "100 to 500", "over 5,000"))


# ---- the independent review (/tmp/review43.md): its findings in these lessons -------------------
def test_zombie_q2_the_paid_bill_out_of_his_reach_lifts_the_chance():
    """Review Z1: dealt from the whole deck the $5 scores 47.8 %; with the $5 you pay (and your
    hand) out of his reach, 49.4 %: the paid bill lifts it. "Your whole hand is out of his reach"
    gave the wrong reason."""
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.questions import QUESTIONS

    whole_deck = sum(p for k, p in a.points_distribution(5, from_hand=False).items() if k >= 1)
    assert round(float(whole_deck), 3) == 0.478 and float(a.chance_of_points(5)) > float(whole_deck)
    reading = QUESTIONS["zombie.q2"].reading
    assert "your whole hand is out of his reach" not in reading and "which lifts the chance" in reading


def test_big_cheese_q5_needing_1_is_no_harder_than_needing_2():
    """Review B1: "the last point is the hardest" — from 28 the chances equal those from 29 at every
    horizon, since every card's die has a 1 and a 2 face alike. The chain redone from the rule sheet
    (polyhedral dice, a card one of the seven at random, a roll past 30 ignored)."""
    from fractions import Fraction

    from changekit.games.big_cheese.questions import QUESTIONS
    from tests.unit.chance_checks import BIG_CHEESE_CARDS

    def finish(start: int, projects: int) -> Fraction:
        chance = {s: Fraction(int(s == 30)) for s in range(31)}
        for _ in range(projects):
            chance = {s: Fraction(1) if s == 30 else sum(
                (Fraction(1, 7 * card) * chance[s + roll if s + roll <= 30 else s]
                 for card in BIG_CHEESE_CARDS for roll in range(1, card + 1)), Fraction(0)) for s in range(31)}
        return chance[start]

    assert all(finish(28, t) == finish(29, t) for t in range(1, 6))
    assert round(float(finish(29, 1)), 3) == 0.182 and round(float(finish(29, 5)), 3) == 0.634
    reading = QUESTIONS["big_cheese.q5"].reading
    assert "the last point is the hardest" not in reading and "from 28 the chances are the same as from 29" in reading


def test_no_text_reads_an_interval_holding_the_fair_share_as_a_ranking():
    """Review B3/Bo3: "each interval holds the fair share, so they cannot be ranked" is the overlap
    rule again; ranking needs the test of the differences."""
    said = [f"{where}: …{m.group()}…" for where, text in taught_texts().items()
            for m in re.finditer(r"each 95 % interval holds the fair share[^.]{0,40}cannot rank", text)]
    assert said == []
    assert re.search(r"each 95 % interval holds the fair share[^.]{0,40}cannot rank",
                     "each 95 % interval holds the fair share of a third, so 600 games cannot rank them")


@pytest.mark.parametrize("qid, gone, now", [
    ("diminishing.q4", "Every turn costs you one bill", "the bills you hold are the turns you can surely still play"),
    ("diminishing.q5", "players who defend a position give away as little as they can",
     "a perfect player in a lost position gives away as little as it can"),
    ("moneybags.q5", "Knowing when a challenge pays is worth more than any fixed stealing habit",
     "cannot say whether its edge comes from knowing when a challenge pays"),
    ("boneyard.q6", "(the largest average net, against the first round's buckets)",
     "not the most money the table could make"),
    ("cha_ching.q1", "Small targets are the hardest", "99 is almost as hard as 10"),
])
def test_review_readings_say_what_the_run_or_the_rules_show(qid, gone, now):
    """Review DR1, DR2, M1, Bo1, C0: a reason the run cannot show, or a rule said wrongly."""
    import importlib

    game = qid.split(".")[0]
    reading = importlib.import_module(f"changekit.games.{game}.questions").QUESTIONS[qid].reading
    reading = " ".join(reading.split())
    assert gone not in reading and now in reading


def test_diminishing_q4_is_not_answered_above_it():
    """Review DR3: the page's opening ("why bills are turns") and the hint above Question 4 ("what do
    you need in order to keep playing?") pointed at its answer."""
    text = taught_texts()["diminishing_returns.ipynb"]
    assert "why bills are turns" not in text and "in order to keep playing" not in text


def test_rank_bands_split_truly_equal_entries_far_less_than_5_percent():
    """Review L1: the bands' test is cautious. Four equal entries (a win rate of a quarter, 400
    games each, Wilson intervals as the lab makes them) are split in under 5 % of 2,000 seeded runs."""
    import random

    from changekit.lab.referee import rank_bands
    from changekit.stats.intervals import wilson

    rng = random.Random(43)
    split = 0
    for _ in range(2000):
        rates = [wilson(sum(rng.random() < 0.25 for _ in range(400)), 400) for _ in range(4)]
        split += len(set(rank_bands(rates))) > 1
    assert split / 2000 < 0.05
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "entries that are truly equal are split far less than 5 % of the time" in guide


@pytest.mark.parametrize("notebook, flagged", [
    ("zhao_pengyou", "*Our reading:* the host's own copies count"),
    ("zhao_pengyou", "the kitty's doubled points on the last trick are ours too"),
    ("zombie", "*Our reading* of you pay a"),
    ("cambio", "faces as 11-13 is our reading"),
    ("boneyard", "each of them a bid drawn at random from the list, as our model"),
])
def test_the_kits_readings_of_the_rule_sheets_are_flagged_as_ours(notebook, flagged):
    """Review ZP1, S1, Z2, Bo4: where the sheet is ambiguous or silent and the answer depends on it,
    the page says the reading is the kit's."""
    assert flagged in " ".join(taught_texts()[f"{notebook}.ipynb"].split())


def test_cambio_face_values_reading_decides_question_1():
    """Review S1: 'numeric value' with faces 11-13 gives 84/13 (the page's answer); faces worth 10
    would give 318/52: the reading matters, so it is flagged."""
    from fractions import Fraction

    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ours = Fraction(4 * sum(values + [11, 12]) + 2 * 13 + 2 * -1, 52)
    tens = Fraction(4 * sum(values + [10, 10]) + 2 * 10 + 2 * -1, 52)
    assert ours == Fraction(84, 13) and tens == Fraction(318, 52)


# ---- 6. an idea no lesson taught: CHA-CHING!'s false go-out ---------------------------------------
def test_cha_ching_q9_a_false_go_out_is_the_cheaper_way_out_with_two_players():
    """Of the fresh hands that miss 42, 99.0 % would pay more than 42 in penalties (mean 182.4),
    listed here from the rule sheet's penalties over the page's deck (15 of each kind); the page's
    answer shows the same exact fraction."""
    from fractions import Fraction

    from changekit.games.cha_ching.questions import QUESTIONS
    from tests.unit.chance_checks import cha_ching_false_out

    over, mean = cha_ching_false_out(42)
    assert over == Fraction(53011596963, 53552098136) and round(float(mean), 1) == 182.4
    q = QUESTIONS["cha_ching.q9"]
    shown = " ".join(q.answer_parts())
    assert f"{over.numerator:,}/{over.denominator:,}" in shown and "<b>99.0%</b>" in shown
    assert q.reading.startswith("About 99 %") and "about 182.4 penalty points" in q.reading


def test_cambio_q3_largest_pair_is_t2_against_t14_and_passes_the_many_comparisons_bar():
    """Review 43b F1/F7: t = 2 against t = 4 is not the chart's largest pair; t = 2 against t = 14 is,
    and it passes Bonferroni over all 55 pairs of 11 thresholds, while 2 against 4 does not. Each
    threshold's run has its own seed (seed + i in threshold_sweep), so the runs are independent."""
    import inspect
    from itertools import combinations

    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.questions import QUESTIONS

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    assert len(rows) == 11
    pairs = list(combinations(rows, 2))
    assert len(pairs) == 55
    largest = max(pairs, key=lambda ab: abs(rows[ab[0]]["win_rate"] - rows[ab[1]]["win_rate"]))
    assert set(largest) == {2, 14}
    bar = z_for_two_sided(0.05 / 55)
    assert round(bar, 2) == 3.32
    z_big = z_independent(rows[2]["win_rate"], 150, rows[14]["win_rate"], 150)
    z_dip = z_independent(rows[2]["win_rate"], 150, rows[4]["win_rate"], 150)
    assert z_big == pytest.approx(3.54, abs=0.005) and z_big > bar > z_dip
    assert "seed=seed + i" in inspect.getsource(a.threshold_sweep), "runs no longer independent: pair by deal"
    reading = " ".join(QUESTIONS["cambio.q3"].reading.split())
    assert "largest of the many pairs" not in reading
    assert "t = 2 against t = 14 (z ≈ 3.54)" in reading and "all 55 pairs" in reading and "|z| above 3.32" in reading
    assert "its own seeded deals" in reading


def test_guide_many_comparisons_divides_among_all_pairs_that_could_have_been_picked():
    """Review 43b F2/F3: a difference spotted after looking is judged against all 55 pairs (|z| above
    3.32), not 'the comparisons made' (one); the lesson plan no longer calls the biggest gap the one
    that fails the stricter test (the biggest, 2 against 14, passes it; the dip at 4 does not)."""
    from changekit.games.cambio import analysis as a

    rows = {r["threshold"]: r for r in a.question3_sweep()}
    bar = z_for_two_sided(0.05 / 55)
    assert z_independent(rows[2]["win_rate"], 150, rows[14]["win_rate"], 150) > bar
    assert z_independent(rows[2]["win_rate"], 150, rows[4]["win_rate"], 150) < bar
    assert rows[4]["win_rate"] < min(rows[2]["win_rate"], rows[6]["win_rate"]), "t = 4 is a dip between 2 and 6"
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "among the comparisons made" not in guide and "biggest gap on the threshold chart" not in guide
    assert "all the pairs you could have picked" in guide and "|z| above 3.32" in guide
    assert "a dip we noticed after looking (t = 4, between 2 and 6)" in guide


def test_zombie_q3_chart_does_not_show_where_its_run_settles():
    """Review 43b F11: 3,816 is only the run's last stray within the chart. At its last point, 4,000,
    it is 0.046 off, within a fifth of a standard error of the band's edge (sd of a $5's points over
    √4000), so it may well stray out again; the texts no longer say it settles at 3,816."""
    from math import sqrt

    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.questions import QUESTIONS

    dist = a.points_distribution(5)
    mean = float(sum(k * p for k, p in dist.items()))
    sd = sqrt(float(sum((k - mean) ** 2 * p for k, p in dist.items())))
    assert sd == pytest.approx(1.675, abs=0.001)
    points = a.simulated_points(5, 4000, seed=7)
    off = abs(sum(points) / 4000 - mean)
    assert round(off, 3) == 0.046
    assert (0.05 - off) / (sd / sqrt(4000)) < 0.2, "near the band's edge"
    reading = " ".join(QUESTIONS["zombie.q3"].reading.split())
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "has not shown where its run settles" in reading and "Another seed settles" not in reading
    assert "which settles at payment" not in guide and "does not show where it settles" in guide


def test_boneyard_q5_and_moneybags_rankings_are_decided_by_the_test_of_the_difference():
    """Review 43b F4/F5: a ranking is decided by testing the leader against the runner-up on the same
    games, not by reading intervals. Boneyard q5's seeded run (the page's call) recomputed here."""
    from changekit.games.boneyard import analysis as a
    from changekit.games.boneyard.questions import QUESTIONS

    result = a.bot_tournament(("random", "equilibrium", "outbid", "history"), games=200)
    wins = dict(zip(result.names, result.wins, strict=True))
    assert sum(wins.values()) == 200 and wins["history"] == 126 and wins["outbid"] == 41
    assert max(wins, key=wins.get) == "history"
    z = z_same_games(126 / 200, 41 / 200, 200)
    assert z == pytest.approx(7.43, abs=0.01) and z > z_for_two_sided(0.05)
    assert "gives z ≈ 7.4, far beyond 1.96" in " ".join(QUESTIONS["boneyard.q5"].reading.split())
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "read the chart's intervals" not in guide and "seeded simulations; read the intervals" not in guide
    assert guide.count("test the leader against the runner-up") >= 2


# ---- a seeded run's averages stated with their intervals (review 43b F4) ----------------------------
def _reading(qid: str) -> str:
    import importlib

    game = qid.split(".")[0]
    return " ".join(importlib.import_module(f"changekit.games.{game}.questions").QUESTIONS[qid].reading.split())


def test_cha_ching_q5_states_the_losing_hands_mean_with_its_interval_over_rounds():
    """The three losing hands of a round share its target and length: the interval is over rounds.
    The games are replayed here from the answer's call, round_statistics(players=4, games=10, seed=2)."""
    from statistics import fmean

    from changekit.games.cha_ching.analysis import round_statistics
    from tests.unit.chance_checks import cha_ching_losing_hands_by_round, mean_with_interval

    rounds = cha_ching_losing_hands_by_round(players=4, games=10, seed=2)
    assert {len(hands) for hands in rounds} == {3}
    mean, low, high = mean_with_interval([fmean(hands) for hands in rounds])
    assert mean == pytest.approx(fmean(h for hands in rounds for h in hands))  # equal rounds: the mean over hands
    shown = round_statistics(players=4, games=10, seed=2)["penalty_per_losing_hand"]  # the answer shows the same
    assert (shown.value, shown.low, shown.high, shown.n) == pytest.approx((mean, low, high, len(rounds)))
    reading = _reading("cha_ching.q5")
    assert (f"about {mean:.0f} in the seeded run of 10 games, 95 % interval {low:.0f}-{high:.0f} over its "
            f"{len(rounds)} rounds") in reading
    assert high < 180 and "even its top is below 180" in reading and "the ≈180 of a fresh deal" in reading


def test_zombie_q7_states_greedys_lead_over_the_shedding_bot_game_by_game():
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.rules import Zombie
    from tests.unit.chance_checks import mean_with_interval, points_by_game

    run = a.question7_duplicates
    lineup = list(run.kwargs["bots"])
    games = points_by_game(Zombie(players=len(lineup)), lineup, run.kwargs["games"], seed=2026)
    assert [sum(col) for col in zip(*games, strict=True)] == run().points  # the stored run, replayed
    greedy, sheds = (run().names.index(name) for name in ("greedy", "sheds duplicates"))
    lead, low, high = mean_with_interval([g[greedy] - g[sheds] for g in games])
    assert low > 0
    per_game = [sum(g[i] for g in games) / len(games) for i in (sheds, greedy)]
    # review 43c-2 F8: at one decimal the scores (29.2, 31.8) subtract to 2.6, not the gap's 2.5; at two they agree
    assert round(per_game[1], 1) - round(per_game[0], 1) == pytest.approx(2.6) and round(lead, 1) == 2.5
    assert round(round(per_game[1], 2) - round(per_game[0], 2), 1) == round(lead, 1)
    reading = _reading("zombie.q7")
    assert (f"about {per_game[0]:.2f} points a game against greedy's {per_game[1]:.2f}: a gap of about {lead:.1f} "
            f"points a game, 95 % interval {low:.1f} to {high:.1f}, taken over each game's "
            "difference since both play every game") in reading
    assert "from the unrounded scores" not in reading and "29.2 points" not in reading
    assert "a gap of 1.2 to 3.9" not in reading  # review 43c F4: the interval is not the gap


def test_zombie_q7_the_shedding_bot_loses_by_the_test_of_the_difference_not_by_intervals():
    """Review 43c F4: "its 95 % interval lies wholly below greedy's" used non-overlap as the evidence.
    The wins are recounted here from the replayed games (a game's top scorers share its win), and the
    test for two shares of the same games is applied to them; sheds on ties' z ≈ 1.07 is the same test."""
    from changekit.games.zombie import analysis as a
    from changekit.games.zombie.rules import Zombie
    from tests.unit.chance_checks import points_by_game

    run = a.question7_duplicates
    lineup, names = list(run.kwargs["bots"]), run().names
    games = points_by_game(Zombie(players=len(lineup)), lineup, run.kwargs["games"], seed=2026)
    wins = [0.0] * len(lineup)
    for row in games:
        top = [i for i, points in enumerate(row) if points == max(row)]
        for i in top:
            wins[i] += 1 / len(top)
    assert wins == pytest.approx(run().wins)
    n, share = len(games), {name: wins[names.index(name)] / len(games) for name in names}
    assert round(share["sheds duplicates"] * n) == 62 and round(share["greedy"] * n) == 111
    z = z_same_games(share["greedy"], share["sheds duplicates"], n)
    assert round(z, 1) == 3.8 and normal_tail_two_sided(z) < 0.001
    ties = z_same_games(share["sheds on ties"], share["greedy"], n)
    assert round(ties, 2) == 1.07 and round(normal_tail_two_sided(ties), 2) == 0.28
    assert round(z_independent(share["sheds on ties"], n, share["greedy"], n), 2) != 1.07  # not the other test
    # review 43c-2 F1: a tied game's win is split, so the counts are fractional (127.33, 110.83, 61.83). The
    # text states them rounded; a teacher's z from 127, 111 and 62 must round to the z the text gives, and so
    # must the z of the split counts.
    counts = {name: round(share[name] * n) for name in names}
    assert counts == {"greedy": 111, "sheds duplicates": 62, "sheds on ties": 127}
    assert [share[name] * n for name in names] != list(counts.values())  # fractional: ties were split
    recount = z_same_games(counts["sheds on ties"] / n, counts["greedy"] / n, n)
    assert round(recount, 2) == 1.04 and round(ties, 1) != round(recount, 1)  # 1.1 against 1.0: say neither
    assert round(ties) == round(recount) == 1
    assert round(normal_tail_two_sided(ties), 1) == round(normal_tail_two_sided(recount), 1) == 0.3
    assert round(z_same_games(counts["greedy"] / n, counts["sheds duplicates"] / n, n), 1) == round(z, 1) == 3.8
    reading = _reading("zombie.q7")
    assert "wholly below" not in reading and "z ≈ 1.07" not in reading and "p ≈ 0.28" not in reading
    assert "(a tied game's win is shared)" in reading
    assert ("sheds on ties wins most often (about 127 of the 300 games) and scores about 33.0, but the same test "
            "against greedy's 111 gives z ≈ 1 (p ≈ 0.3), so 300 games cannot say it beats greedy") in reading
    assert ("it won about 62 of the 300 games to greedy's 111, and the test for two shares of the same games "
            "gives z ≈ 3.8 (p < 0.001)") in reading
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "wholly below greedy's" not in guide and "lead over it is 1.2 to 3.9" not in guide
    assert "z ≈ 1.07" not in guide and "p ≈ 0.28" not in guide
    assert ("wins 42 % (about 127 of 300), and the same test of its difference from greedy gives z ≈ 1 (p ≈ 0.3): "
            "no evidence that it beats greedy") in guide
    assert ("(about 62 against 111 wins of 300, a tied game's win shared: the test for two shares of the same games "
            "gives z ≈ 3.8)" in guide
            and "greedy's lead over it is 2.5 points a game, 95 % interval 1.2 to 3.9, paired" in guide)


def test_cambio_q4_states_the_points_the_powers_save_game_by_game():
    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.bots import MemoryBot
    from changekit.games.cambio.rules import Cambio
    from tests.unit.chance_checks import mean_with_interval, points_by_game

    rows = {r["bot"]: r for r in a.question4_information()}
    games = points_by_game(Cambio(players=2), [MemoryBot(), MemoryBot(use_powers=False)],
                           a.question4_information.kwargs["games"], seed=7)
    assert [sum(g[i] for g in games) / len(games) for i in (0, 1)] == pytest.approx(
        [rows["uses powers"]["mean_points"], rows["ignores powers"]["mean_points"]])  # the stored run, replayed
    saved, low, high = mean_with_interval([g[1] - g[0] for g in games])
    assert low > 0
    assert (f"finished {saved:.1f} points lower on average (95 % interval {low:.1f}-{high:.1f}, taken over each "
            "game's difference since both bots play every game" in _reading("cambio.q4"))


def test_diminishing_q5_states_the_difference_of_the_two_runs_lengths_with_its_interval():
    """Two separate seeded runs (lengths_answer: 150 games each, seeds 1 and 2): independent samples."""
    from changekit.games.diminishing import analysis as a
    from changekit.games.diminishing.bots import PerfectBot, RandomBot
    from tests.unit.chance_checks import difference_with_interval

    def lengths(bots, seed):
        counts = a.game_lengths(bots, games=150, seed=seed)
        return [turns for turns, n in counts.items() for _ in range(n)]

    perfect, random_ = lengths([PerfectBot(), PerfectBot()], 1), lengths([RandomBot(), RandomBot()], 2)
    difference, low, high = difference_with_interval(perfect, random_)
    assert low > 0
    reading = _reading("diminishing.q5")
    assert f"about {sum(perfect) / 150:.0f} turns against about {sum(random_) / 150:.0f})" in reading
    assert f"The difference, {difference:.1f} turns, has the 95 % interval {low:.1f}-{high:.1f}" in reading


def test_zhao_pengyou_q4_states_the_attackers_mean_with_its_interval_against_the_threshold():
    """bot_deals(deals=60, seed=0), the answer's deals: each a game of one deal, so independent."""
    from changekit.games.zhao_pengyou.analysis import bot_deals
    from tests.unit.chance_checks import mean_with_interval

    mean, low, high = mean_with_interval([r["attackers_points"] for r in bot_deals(deals=60, seed=0)])
    assert low > 110
    assert (f"the attackers averaged about {mean:.0f} points, 95 % interval {low:.0f}-{high:.0f}"
            in _reading("zhao_pengyou.q4"))
    assert "even its low end is above the 110 threshold" in _reading("zhao_pengyou.q4")


def test_guide_states_the_interval_rule_without_exceptions():
    """All five readings that stated one run's number bare now give its interval: the guide's
    list of exceptions is gone, and it says which unit an interval is taken over."""
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "described bare" not in guide and "not findings." not in guide
    assert "taken over independent units: a game or a deal; a round for CHA-CHING!'s losing hands" in guide
    # review 43c F3: two bots at one table is the same unit, a game; what differs is the pairing
    assert "game by game for two bots' points" not in guide
    assert ("For two bots at one table, the interval is of their per-game difference (paired, since both play "
            "every game); for two separate runs, the two standard errors add in squares;") in guide


#: The five readings that give one seeded run's value with its 95 % interval, and how each names the
#: long-run value its interval is a range for (review 43c F1).
INTERVAL_READINGS = {
    "cha_ching.q5": ("The interval is a range for the bots' average over very many games",
                     "Another seed's average over 10 games would land inside it"),
    "zombie.q7": ("That interval is a range for the long-run gap",
                  "another seed's gap over 300 games would land inside it"),
    "diminishing.q5": ("That is a range for the long-run difference, far from zero",
                       "the difference from another seed's pair of runs would land inside it"),
    "zhao_pengyou.q4": ("That is a range for the bots' average over very many deals",
                        "Another seed's average over 60 deals would land inside it"),
    "cambio.q4": ("Each interval is a range for the long-run value",
                  "another seed's win rate and gap would each land inside theirs"),
}


def _sixths_another_run_lands_inside() -> int:
    """This run's estimate and another seed's differ with sd √2·se: the other lands within 1.96 se
    of this one with chance P(|Z| < 1.96/√2), written out here by the error function."""
    from math import erf, sqrt

    chance = erf(1.959964 / sqrt(2) / sqrt(2))
    assert round(chance, 3) == 0.834
    return round(6 * chance)


@pytest.mark.parametrize("qid", INTERVAL_READINGS)
def test_a_reading_says_what_its_interval_is_a_range_for_not_where_another_seed_lands(qid):
    """Review 43c F1: "another seed would give a somewhat different value, by about that much" read a
    95 % interval as a rerun's range; another seed's run lands inside it only about 5 times in 6."""
    reading = _reading(qid)
    assert "by about that much" not in reading and "somewhat different" not in reading
    # review 43c-2 F7: it is another seed's average (or gap) that lands inside, not its games or deals
    assert not re.search(r"(?<!from )another seed's (\d+ (games|deals)|pair of runs) would land", reading, re.I)
    assert "far from none" not in reading  # review 43c-2 F9
    range_for, lands = INTERVAL_READINGS[qid]
    assert range_for in reading
    assert f"{lands} only about {_sixths_another_run_lands_inside()} times in 6" in reading


def test_guide_says_what_an_interval_is_a_range_for_and_that_more_games_narrow_it():
    """Review 43c F2: a different game count changes the interval's width, and another seed's value
    lands inside it about 5 times in 6, not "inside roughly the same interval"."""
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "inside roughly the same interval" not in guide
    assert "The interval is a range for the long-run value;" not in guide  # review 43c-2 F7: 95 % against 5 in 6
    assert (f"The interval is built to catch the long-run value 19 times in 20; another seed's run of the same size "
            f"lands inside it only about {_sixths_another_run_lands_inside()} times in 6, because that run wobbles "
            "too. More games narrow it.") in guide
    assert 19 / 20 == 0.95


def _wilson(successes: float, n: int) -> tuple[float, float]:
    z = 1.959964
    centre, half = successes / n + z * z / (2 * n), z * ((successes / n) * (1 - successes / n) / n
                                                         + z * z / (4 * n * n)) ** 0.5
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def test_cambio_q5_states_its_interval_and_tests_its_difference_from_q4():
    """Review 43c F3: 86 % against Question 4's 63 % was a bare comparison. The two runs have seeds of
    their own (value_of_snapping 8, value_of_information 7), so the test of two independent runs."""
    import inspect

    from changekit.games.cambio import analysis as a

    seeds = [inspect.signature(f).parameters["seed"].default for f in (a.value_of_snapping, a.value_of_information)]
    assert seeds == [8, 7]
    snap = next(r for r in a.question5_snapping() if r["bot"] == "snaps when sure")
    info = next(r for r in a.question4_information() if r["bot"] == "uses powers")
    assert (snap["wins"], snap["games"], info["wins"], info["games"]) == (257.5, 300, 188.5, 300)
    low, high = _wilson(257.5, 300)
    assert (round(100 * low), round(100 * high)) == (81, 89)
    z = z_independent(257.5 / 300, 300, 188.5 / 300, 300)
    assert round(z, 1) == 6.7
    reading = _reading("cambio.q5")
    assert normal_tail_two_sided(z) < 0.001  # review 43c-2 F6: the z gets its p
    assert ("the snapping bot won 86 % of games (95 % interval 81-89 %), against the peeking bot's 63 % in "
            "Question 4") in reading and "the test of their difference gives z ≈ 6.7 (p < 0.001)." in reading
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert ("the snapping bot won 86 % (95 % interval 81-89 %) against the peeking bot's 63 %. The two runs have "
            "their own seeded deals, so the test of two independent runs applies: z ≈ 6.7 (p < 0.001).") in guide


def test_guide_answer_bullets_give_their_intervals_or_say_why_not():
    """Review 43c F3: CHA-CHING! q4's turns, Diminishing Returns q6's zero wins and Cambio q6's snap
    chances were bare numbers in the guide. The turns are replayed here (turns_to_go_out's seeding);
    the ratio's interval is worked on the log scale from the two runs' unrounded means and standard
    errors (review 43c-2 F2: the delta method's 3.0-4.9 was short at the top); 0 of 100 has the Wilson
    upper bound z²/(n + z²)."""
    from math import exp, log, sqrt
    from statistics import fmean, stdev

    from tests.unit.chance_checks import cha_ching_solo_turns, mean_with_interval

    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    turns = cha_ching_solo_turns((10, 25, 40, 55, 70, 85, 96), games=100, seed=1)
    ten, top = mean_with_interval(turns[10]), mean_with_interval(turns[96])
    (m10, se10), (m96, se96) = ((fmean(t), stdev(t) / sqrt(len(t))) for t in (turns[10], turns[96]))
    log_se = sqrt((se10 / m10) ** 2 + (se96 / m96) ** 2)
    ratio = m10 / m96
    low, high = (exp(log(ratio) + sign * 1.959964 * log_se) for sign in (-1, 1))
    assert (round(ratio, 1), round(low, 1), round(high, 1)) == (4.0, 3.1, 5.0)
    assert round(ten[0], 1) / round(top[0], 1) == pytest.approx(ratio, abs=0.05)  # "10.3 against 2.6" gives 4.0
    assert (f"about {ten[0]:.1f} against {top[0]:.1f} (95 % intervals {ten[1]:.1f}-{ten[2]:.1f} and "
            f"{top[1]:.1f}-{top[2]:.1f}). The ratio is about {ratio:.1f}, with a 95 % interval of about {low:.1f} to "
            f"{high:.1f}. That interval is worked out on the log scale, which suits a ratio; the two targets were "
            "played on separate deals.") in guide
    assert "3.0-4.9" not in guide and "relative standard errors" not in guide and "roughly 10 against" not in guide
    assert "about 10.3 against 2.6" in _reading("cha_ching.q4") and "roughly 10 against" not in _reading("cha_ching.q4")
    assert low > 2 and high < 10  # "about four times", neither twice nor ten times
    from changekit.games.diminishing import analysis as d

    runs = d.against_perfect(games=100, seed=1)
    assert [(m.wins, m.games) for m in runs] == [(0, 100)] * 3
    upper = 1.959964 ** 2 / (100 + 1.959964 ** 2)
    assert round(100 * upper, 1) == 3.7 and _wilson(0, 100)[1] == pytest.approx(upper)
    assert "0 wins in 100 each; 95 % interval 0-3.7 %, all below 10 %" in guide
    from changekit.games.cambio import analysis as c

    rows = c.question6_snap_chances()
    games = c.question6_snap_chances.kwargs["games"]
    assert rows[0]["n"] > games, "several snap moments to a game"
    assert ("This one is a description of the run, not a tested finding: the chart counts snap moments, several "
            "to a game, and its intervals treat them as independent, so they are likely too narrow.") in guide


def test_cambio_q6_reading_warns_that_its_intervals_are_too_narrow():
    """Review 43c-2 F3: the guide says the snap chart's intervals are too narrow (snap moments, several
    to a game, counted as independent); the student's reading said "look at the interval widths"."""
    from changekit.games.cambio import analysis as c

    rows = c.question6_snap_chances()
    assert rows[0]["n"] > c.question6_snap_chances.kwargs["games"], "several snap moments to a game"
    reading = _reading("cambio.q6")
    assert "look at the interval widths" not in reading
    assert ("(The chart counts several snap moments per game as if independent, so its intervals are too narrow: "
            "read the rise as what this run showed, not as a tested finding.)") in reading


def test_guide_rule_names_the_test_for_win_shares_and_the_ratio_and_pairs_cambio_q4():
    """Review 43c-2 F4-F5: the rule covered paired means and separate runs, not two bots' win shares in
    the same games (Zombie q7, Big Cheese q6) nor a ratio (CHA-CHING! q4); Cambio q4's bullet said
    "game by game" where the rest of the guide says paired."""
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert ("for two bots' win shares in the same games, the test counts one winner per game (the shares are not "
            "independent); for a ratio of two averages, the interval is worked out on the log scale.") in guide
    assert "game by game" not in guide
    assert "(95 % interval 2.0-3.6, paired: taken over each game's difference)." in guide


def test_guide_cohens_h_reads_its_scale_and_its_size_rightly():
    """Review 43c F5: equal steps of h, not of percentage points, are equally easy to detect; the size
    is |h|; a small h in one class does not say the effect is small."""
    from math import asin, sqrt

    def h(p1: float, p2: float) -> float:
        return 2 * asin(sqrt(p1)) - 2 * asin(sqrt(p2))

    assert round(h(0.15, 0.05), 2) == 0.34 and round(h(0.55, 0.45), 2) == 0.20
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "a step counts as much near 0 % or 100 %" not in guide
    assert ("on a scale that stretches near 0 % and 100 % so that equal steps of h are equally easy to detect "
            "anywhere (5 %→15 % is h ≈ 0.34, 45 %→55 % only 0.20)") in guide
    assert "its size |h| read as small from 0.2, medium from 0.5 and large from 0.8" in guide
    assert "a small h says the groups barely differed" not in guide
    assert ("a small h says this class's groups barely differed, and only an interval that excludes large "
            "differences says the effect is small") in guide


def test_guide_cites_miller_et_al_for_what_they_found():
    """Review 43c F6: the paper counts observations (reports), not students, and does not find that
    students misremember "as what they expected to see"."""
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert "misremembers" not in guide and "often as what they expected to see" not in guide
    assert guide.count("of students' reports of what a demonstration showed does not match what happened") == 1
    assert "of their reports of what a demonstration showed does not match what happened" in guide
    assert "Phys. Rev. ST Phys. Educ. Res. 9, 020113, 2013" in guide


def test_big_cheese_lesson_plan_opens_the_card_explorer_after_q3_and_q2_states_its_goal():
    """Review 43b F13/F10: the card explorer waits for q3's prediction, so the plan cannot open it in
    a slot before q3 is asked; q2's rule maximises mean points, not the chance of reaching 40 first."""
    from changekit.games.big_cheese.questions import QUESTIONS

    guide = (ROOT / "docs" / "teaching.md").read_text()
    section = guide.split("big_cheese.ipynb", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "–" in line.split("|")[1]]
    first_q3 = next(i for i, r in enumerate(rows) if "big_cheese.q3" in r)
    explorer = next(i for i, r in enumerate(rows) if "card explorer" in r)
    assert explorer >= first_q3, "the card explorer is scheduled before big_cheese.q3 is asked"
    reading = " ".join(QUESTIONS["big_cheese.q2"].reading.split())
    assert "the most points on average" in reading and "reach 40 first" in reading


def test_cambio_notebook_says_what_the_other_reading_of_faces_changes():
    """Review 43b F12: reading faces as 10 instead of 11-13 changes Question 1's mean card value
    (the sheet's deck: A 1, 2-10, J, Q, black K, red K −1): 318/52 against 84/13."""
    from fractions import Fraction

    def mean(face: int) -> Fraction:
        values = [v for v in range(1, 11) for _ in range(4)] + [face] * 4 + [face + 1 if face > 10 else face] * 4
        values += [13 if face > 10 else face] * 2 + [-1] * 2
        return Fraction(sum(values), 52)

    assert mean(11) == Fraction(84, 13) and mean(10) == Fraction(318, 52) and mean(10) != mean(11)
    nb = nbformat.read(ROOT / "notebooks" / "cambio.ipynb", as_version=4)
    rules = next(c.source for c in nb.cells if "our reading" in c.source)
    assert "faces worth 10 would change Question 1's answer" in " ".join(rules.split())
    assert "6.46" not in rules and "84/13" not in rules, "the rules cell must not give Question 1's answer"


#: per lesson whose hints give a question away: the questions its hint box waits for (reviews 43b
#: F8 and 43c F7: Cambio's believed total is Question 2's method)
HINTS_GIVE_AWAY = {"boneyard": ("boneyard.q1",), "cambio": ("cambio.q1", "cambio.q2"),
                   "diminishing_returns": ("diminishing.q2",), "zhao_pengyou": ("zhao_pengyou.q3",)}


def test_guide_says_the_hint_boxes_wait_too():
    """Review 43b F8: the Show hints boxes whose play cells say their hints give a question away now
    wait for that prediction (GameApp.hints_after_predictions, which each of those play cells calls).
    The guide names those games as waiting, and no longer asks the class to leave the box unticked."""
    hinted, gated = set(), {}
    for name in NOTEBOOKS:
        nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        text = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
        if re.search(r"hints give away Questions? \d", text):
            hinted.add(name)
        for cell in (c for c in nb.cells if c.cell_type == "code"):
            if (call := re.search(r"\.hints_after_predictions\(([^)]*)\)", cell.source)) is not None:
                gated[name] = tuple(re.findall(r'"([a-z_.0-9]+)"', call.group(1)))
    assert hinted == set(gated)
    assert gated == HINTS_GIVE_AWAY
    guide = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
    assert ("So does the game's *Show hints* box in Boneyard, Cambio, Diminishing Returns and Zhao Pengyou, "
            "whose hints give a question away") in guide
    assert "it does not wait" not in guide and "leave it unticked" not in guide


def test_cha_ching_q9_limits_its_advice_to_a_fresh_hand():
    """Review 43b F6: the 98.99 % is over fresh hands; a hand in play is not fresh and a CHA-CHING
    card gives other options, so the reading's advice says so."""
    from changekit.games.cha_ching.questions import QUESTIONS

    reading = " ".join(QUESTIONS["cha_ching.q9"].reading.split())
    assert "as it is for a fresh hand" in reading and "check your own hand's penalty against the target" in reading


def test_cambio_hints_wait_for_question_2_too_and_the_plan_asks_it_before_play():
    """Review 43c F7: the hint prints "Your believed total: known + unseen × average", Question 2's
    method, which with a known ace and 2 gives its answer (3 + 2 × 333/50 = 408/25); so the box waits
    for Questions 1 and 2, and the plan has both predicted in the hook, before the class plays."""
    from fractions import Fraction

    from changekit.games.cambio import analysis as a
    from changekit.games.cambio.app import CambioApp

    app = CambioApp(players=3, bot="memory", seed=1)
    app.w_hints.value = True
    assert "Your believed total:" in app.w_hint_box.value
    assert 1 + 2 + 2 * Fraction(333, 50) == a.expected_value(a.two_low_two_unknown(("AS", "2H"))) == Fraction(408, 25)
    nb = nbformat.read(ROOT / "notebooks" / "cambio.ipynb", as_version=4)
    play = next(c for c in nb.cells if c.cell_type == "code" and "CambioApp(" in c.source)
    assert '.hints_after_predictions("cambio.q1", "cambio.q2")' in play.source and play.outputs == []
    said = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
    assert ("(the hints give away Questions 1 and 2, so the box opens once you have locked in your predictions "
            "for them)") in said
    guide = (ROOT / "docs" / "teaching.md").read_text()
    plan = guide.split("## 7. Cambio", 1)[1].split("**Questions and answers**", 1)[0]
    rows = [line for line in plan.splitlines() if line.startswith("| ") and "–" in line.split("|")[1]]
    hook, play_row = rows[0], next(r for r in rows if "| play |" in r)
    assert "`cambio.q1`" in hook and "`cambio.q2`" in hook and rows.index(play_row) == 1
