"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, exact_fraction, number_answer, percent
from changekit.stats.exact import mean
from changekit.stats.intervals import Z95

from . import analysis, powers, variants

#: Question 2's two known cards
Q2_KNOWN = ("AS", "2H")
#: Question 3: thresholds whose win rate is within this of the best's count as right; each
#: threshold's 95 % interval reaches about 8 points either side, so a gap this small says nothing
Q3_CLOSE = 0.05
#: Question 4's choices, the peeking bot's share of the games
Q4_SHARES = {"50 %": 0.5, "60 %": 0.6, "80 %": 0.8}
#: Question 6: the later rounds compared with the first (the reading's rounds 4-6: later ones
#: have few snap moments, because few games last so long)
Q6_LATER = (4, 5, 6)
#: Question 7's two peeked cards
Q7_KNOWN = ("10S", "3H")


def _unseen_card() -> KitAnswer:
    """Question 1: the variant's computation with nothing seen and no jokers."""
    return number_answer(mean(analysis.unseen_card_distribution(sympy=False)), tolerance=0.1, unit="points")


def _known_grid() -> KitAnswer:
    """Question 2: the variant's computation with the page's two known cards and no jokers."""
    mixed = mean(analysis.grid_total_distribution(known=Q2_KNOWN, unknown=2, sympy=False))
    return number_answer(Fraction(variants._fresh_grid_mean(False) - mixed), tolerance=0.5, unit="points lower")


def _best_thresholds() -> KitAnswer:
    """Question 3: the thresholds of the stored sweep close to its best, and every one between."""
    rows = analysis.question3_sweep()
    best = max(rows, key=lambda r: r["win_rate"])
    close = [r for r in rows if best["win_rate"] - r["win_rate"] <= Q3_CLOSE]
    low, high = min(r["threshold"] for r in close), max(r["threshold"] for r in close)
    others = " and ".join(f"t = {r['threshold']} ({percent(r['win_rate'])})" for r in close if r is not best)
    return KitAnswer({"range": [low, high]}, f"t = {low} to {high}",
                     f"t = {low} to {high}: in the stored seeded run ({best['games']} games per threshold) t = "
                     f"{best['threshold']} won most ({percent(best['win_rate'])}); {others} came within "
                     f"{100 * Q3_CLOSE:.0f} points of it; the run cannot say which of t = {low} to {high} is best, "
                     "so any of them counts as right.")


def _peeking_share() -> KitAnswer:
    """Question 4: the choice nearest the peeking bot's share of the stored run's games."""
    row = next(r for r in analysis.question4_information() if r["bot"] == "uses powers")
    right = min(Q4_SHARES, key=lambda c: abs(Q4_SHARES[c] - row["win_rate"]))
    inside = " and ".join(c for c, share in Q4_SHARES.items() if row["low"] <= share <= row["high"])
    return choice_answer(right, f"{right}: the bot that uses its powers won {percent(row['win_rate'])} of the stored "
                                f"seeded run's {row['games']} games (95 % interval {100 * row['low']:.0f}-"
                                f"{100 * row['high']:.0f} %, which holds {inside or 'none of the three'}).")


def _snapping_against_powers() -> KitAnswer:
    """Question 5: the snapping bot's win rate against the peeking bot's, two independent stored runs."""
    snap = next(r for r in analysis.question5_snapping() if r["bot"] == "snaps when sure")
    peek = next(r for r in analysis.question4_information() if r["bot"] == "uses powers")
    p1, p2 = snap["win_rate"], peek["win_rate"]
    z = (p1 - p2) / sqrt(p1 * (1 - p1) / snap["games"] + p2 * (1 - p2) / peek["games"])
    right = "bigger" if z > Z95 else "smaller" if z < -Z95 else "about the same"
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the stored seeded runs the snapping bot won "
                                f"{percent(p1)} of its games against the peeking bot's {percent(p2)}; the test of "
                                f"the difference of two independent runs gives z ≈ {z:.1f}.")


def _snaps_later() -> KitAnswer:
    """Question 6: the chance of a sure snap (a known card of one's own) in the later rounds of the
    stored run against the first round's 95 % interval."""
    rows = {r["round"]: r for r in analysis.question6_snap_chances()}
    first = rows[1]
    later = sum(rows[k]["own"] * rows[k]["n"] for k in Q6_LATER) / sum(rows[k]["n"] for k in Q6_LATER)
    right, where = (("easier", "above") if later > first["own_high"] else ("harder", "below")
                    if later < first["own_low"] else ("about the same", "inside"))
    return choice_answer(right, f"{right[0].upper()}{right[1:]}, in the stored seeded run: a sure snap came up "
                                f"{percent(first['own'])} of the time in the first round and {percent(later)} in "
                                f"rounds {Q6_LATER[0]}-{Q6_LATER[-1]}, {where} the first round's 95 % interval "
                                f"({percent(first['own_low'])} to {percent(first['own_high'])}); the run counts "
                                "several moments per game, so read this as what it showed, not a tested finding.")


def _best_power() -> KitAnswer:
    """Question 7: the power that takes the most off now, exact over the unseen cards."""
    values = powers.power_values(Q7_KNOWN).values
    best = [name for name, v in values.items() if v == max(values.values())]
    choice = {name: f"the {powers.POWER_CARDS[name][:-1]}" for name in values}
    shown = ", ".join(f"{choice[name]}: {exact_fraction(v).removeprefix('exactly ')}"
                      + (f" ≈ {float(v):.2f}" if Fraction(v).denominator > 1 else "") for name, v in values.items())
    rights = " or ".join(choice[name] for name in best)
    return choice_answer([choice[name] for name in best],
                         f"{rights[0].upper()}{rights[1:]}: the points each takes off your total now, on average "
                         f"over the unseen cards (exact), are {shown}.")


QUESTIONS = question_list(
    lesson_question(
        "cambio.q1",
        "**Question 1.** A card you have never seen: what is it worth on average? (7 is the middle of 1…13.)",
        number=(-1, 13),
        answer=lambda: analysis.unseen_card_html(),
        right=_unseen_card,
        variant=variants.unseen_card_variant,
        reading="The deck adds up to 4×(1+…+12) + 2×13 − 2 = 336 over 52 cards: **84/13 ≈ 6.46**, below 7 because the "
                'two red kings are worth −1 instead of 13. Every card you have not seen "costs" you about 6.46 points '
                "— that is the yardstick for every swap.",
    ),
    lesson_question(
        "cambio.q2",
        "**Question 2.** Compare a fresh grid of four unseen cards with a grid where you know two cards are an ace "
        "and a 2 and the other two are unseen. How much lower is the second one's total on average?",
        number=(0, 40),
        answer=lambda: analysis.grids_answer(Q2_KNOWN),
        right=_known_grid,
        variant=variants.known_grid_variant,
        reading="A fresh grid averages 336/13 ≈ 25.85, four times one unseen card. Knowing an ace and a 2 brings the "
                "average to 408/25 = 16.32 — about 9.5 lower; the two unseen cards are still worth 333/50 ≈ 6.66 each "
                "on average (slightly more than 6.46, since two low cards are out of the deck). Totals of 10 or less "
                "are rare for a fresh grid (about 2 %): you must *work* your grid down.",
    ),
    lesson_question(
        "cambio.q3",
        "**Question 3.** Which threshold *t* wins most often against memory bots that use *t* = 5?",
        slider=(-2, 18, 2),
        answer=lambda progress: analysis.threshold_figure(
            analysis.question3_sweep(progress=progress)),
        right=_best_thresholds,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="The curve is noisy. In the seeded run (150 games per threshold) the best was t = 2 with 58 % "
                "(interval 50-65 %), t = 6 and t = 8 came within a few points of it, but t = 4, between them, won only "
                "46 %; the earliest calls, t = 14 to 18, won 38-42 %, and waiting for a very low total (t = −2 or 0) "
                "won 41-44 %. Notice how wide the 95 % intervals are: with 150 games each reaches about 8 points "
                "either side of its win rate. Whether two intervals overlap does not settle a comparison; the test "
                "of the difference does. For t = 2 against t = 4, two independent runs (each threshold plays its own "
                "seeded deals), the gap of 12 points gives z ≈ 2.09 (p ≈ 0.04), significant on its own although the "
                "intervals overlap. But it is the deepest dip among the thresholds 2 to 8, picked after looking at "
                "it: judged against all 55 pairs of thresholds that could have been picked (|z| above 3.32) it does "
                "not pass, and tested together, t = 2, 4, 6 and 8 do not differ significantly (p ≈ 0.12). The "
                "chart's largest pair does pass that bar: t = 2 against t = 14 (z ≈ 3.54), so calling early "
                "loses. A dip like t = 4's can be chance, and this run cannot say which threshold from 2 to 8 is "
                "best.",
    ),
    lesson_question(
        "cambio.q4",
        "**Question 4.** What share of games does the peeking bot win?",
        choices=list(Q4_SHARES),
        answer=lambda progress: analysis.comparison_figure(analysis.question4_information(progress=progress),
                                                  title="Value of information: using powers or not (2 players)"),
        right=_peeking_share,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="In the seeded run of 300 games the bot that uses its powers won 63 % (95 % interval 57-68 %) and "
                "finished 2.8 points lower on average (95 % interval 2.0-3.6, taken over each game's difference since "
                "both bots play every game). Each interval is a range for the long-run value; another seed's win rate "
                "and gap would each land inside theirs only about 5 times in 6. A peek turns a card believed to be "
                "6.46 into a known value: you swap it out when it is high and keep it when it is low. That is what "
                "information is worth — a better decision, not a different card.",
    ),
    lesson_question(
        "cambio.q5",
        "**Question 5.** Is the effect of snapping bigger or smaller than the effect of the powers?",
        choices=["bigger", "about the same", "smaller"],
        answer=lambda progress: analysis.comparison_figure(analysis.question5_snapping(progress=progress),
                                                   title="Value of a snap (2 players)"),
        right=_snapping_against_powers,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="Much bigger — in the seeded run the snapping bot won 86 % of games (95 % interval 81-89 %), against "
                "the peeking bot's 63 % in Question 4. The two runs have their own seeded deals, so they are "
                "independent, and the test of their difference gives z ≈ 6.7 (p < 0.001). A right snap removes a whole "
                "card (on average worth more than 6 points) or hands your worst card to an opponent; the memory bot "
                "never snaps wrongly, so it never pays the penalty. The run compares sure snaps with none; that "
                "information is what makes such sure moves possible is the likely reading, not something it tests.",
    ),
    lesson_question(
        "cambio.q6",
        "**Question 6.** Does a sure snap get easier or harder as the game goes on?",
        choices=["easier", "about the same", "harder"],
        answer=lambda: analysis.snap_chance_figure(analysis.question6_snap_chances()),
        right=_snaps_later,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="In the seeded run (80 games) the chance was only about 6 % in the first round, rose to about 9-13 % "
                "by rounds 4-6 as peeks added knowledge, and is noisy after that because few games last so long. (The "
                "chart counts several snap moments per game as if independent, so its intervals are too narrow: read "
                "the rise as what this run showed, not as a tested finding.) A naive guess — two known ranks, three "
                "copies of each left among about 50 unseen cards, 6/50 = 12 % — is too high at the start, likely "
                "because the discards are not random cards but mostly high cards and power cards the players chose to "
                "throw away (the run does not count them).",
    ),
    lesson_question(
        "cambio.q7",
        "**Question 7.** Two players. You have peeked at your first two cards, 10♠ and 3♥; your other two cards and "
        "your opponent's four are unseen. You draw a power card and discard it. Used at its best, which power takes "
        "the most off your total *right now*, on average: a 7 (look at one of yours), a 9 (look at one of theirs), "
        "a Q♣ (swap one of yours with one of theirs, unseen) or a K♣ (look at one of yours and one of theirs, then "
        "swap or not)?",
        choices=["the 7", "the 9", "the Q", "the K"],
        answer=lambda: [powers.powers_figure(powers.power_values(Q7_KNOWN)),
                        powers.powers_html(powers.power_values(Q7_KNOWN))],
        right=_best_power,
        variant=powers.king_variant,
        reading="The K: 195/49 ≈ 3.98 points off, against 179/49 ≈ 3.65 for the Q, exact over the 49 unseen cards. "
                "The Q gives your 10 away for a card worth 311/49 ≈ 6.35 on average; the K looks first and keeps the "
                "10 when their card is higher, which adds only about a third of a point, because a 10 is almost "
                "always worth giving away. The look pays when you cannot tell whether to swap: knowing a 7 instead "
                "of the 10, the blind swap takes 29/49 ≈ 0.59 off and the K 47/21 ≈ 2.24, used on an unseen card of "
                "yours. The 7 and the 9 move no card, so nothing comes off now: they are worth what their "
                "information lets you decide later (Question 4).",
    ),
)
