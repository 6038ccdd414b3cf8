"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from changekit.core.markup import Html, html
from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.core.words import money
from changekit.games.variant_tools import choice_answer, leaders_answer

from . import analysis, variants


def chance_in_percent(bill: int) -> Html:
    """Question 2's answer in the question's own unit: it asks for a chance in %, and its answer
    said "≈ 0.494" (the exact fraction stays beside it).

    >>> str(chance_in_percent(5))
    'Exact chance of at least one point with a $5: <b>≈ 49.4 %</b> <small>(exactly 1399043529/2833098688)</small>'
    """
    p = analysis.chance_of_points(bill)
    return html("Exact chance of at least one point with a {}: <b>≈ {} %</b> <small>(exactly {}/{})</small>",
                money(bill), f"{100 * p.numerator / p.denominator:.1f}", p.numerator, p.denominator)


#: Question 3's choices, each with the most payments it covers (the last has no top)
SETTLE_CHOICES = {"under 100": 99, "100 to 500": 500, "500 to 5,000": 5000, "over 5,000": None}


def settles_answer() -> KitAnswer:
    """Question 3's right answer: the choice that holds the payment from which the chart's seeded run
    (:func:`analysis.convergence_settles`, the chart's own bill, samples and seed) stays within 0.05."""
    last = analysis.convergence_settles(5)
    needed = last + 1
    right = next(choice for choice, top in SETTLE_CHOICES.items() if top is None or needed <= top)
    return choice_answer(right, f"{right}: the chart's seeded run strays beyond 0.05 for the last time at payment "
                                f"{last:,} and stays within it to the chart's end. Other runs settle elsewhere, "
                                "most between a few hundred and a few thousand payments.")


HANDS_CHOICES = ["Hand A (three $1s, three $3s)", "Hand B (one of each kind, a second $10)", "the same"]
CAREFUL_CHOICES = {"careful": "careful wins more", "greedy": "greedy wins more"}
CAREFUL_CANNOT_TELL = "200 games cannot tell them apart"


def neighbour_answer() -> KitAnswer:
    """Question 6's right answer: the bill with the best net in :func:`analysis.neighbour_table`,
    beside the bill that scores most now."""
    rows = analysis.neighbour_table()
    best = max(row["net"] for row in rows)
    rights = [row for row in rows if row["net"] == best]
    greediest = max(rows, key=lambda row: (row["points"], -row["bill"]))
    said = "; ".join(f"{money(row['bill'])} scores {row['points']} and leaves your neighbour about "
                     f"{float(row['neighbour']):.2f}, net {float(row['net']):+.2f}" for row in rights)
    return choice_answer([money(row["bill"]) for row in rights],
                         f"{said}: the best net of your bills. The "
                         f"{money(greediest['bill'])} scores most now ({greediest['points']}) but nets "
                         f"{float(greediest['net']):+.2f}.")


DUPLICATE_CHOICES = {"greedy": "greedy, which ignores duplicates",
                     "sheds duplicates": "sheds duplicates: pays them first",
                     "sheds on ties": "sheds on ties: a duplicate only among equal bills"}
DUPLICATES_CANNOT_RANK = "about even: these games cannot rank them"

QUESTIONS = question_list(
    lesson_question(
        "zombie.q1",
        "**Question 1.** Against a *fresh* Zombie (3 random bills), which bill earns the most points on average: the "
        "1, 3, 5, 7 or 10? Decide on a reason too.",
        choices=["$1", "$3", "$5", "$7", "$10"],
        answer=lambda: [analysis.expected_points_table_html(), analysis.expected_points_figure()],
        variant=variants.best_bill_variant,
        right=variants.best_bill_answer,
        reading="The small bills win: a 1 or a 3 often forces the Zombie to hand over a bigger bill. The 10 scores "
                "least, but not only when he must draw: a Zombie holding 1, 5 and 7 has no 10 to give and hands over "
                "12 without drawing. The 1 and the 3 are almost tied (about 1.609 against 1.605 points) — a good "
                "surprise for a class.",
    ),
    lesson_question(
        "zombie.q2",
        "**Question 2.** You pay a $5 to a fresh Zombie. What is the chance (in %) that you score at least one point? "
        "The check shows the exact distribution (bars) and 5,000 simulated payments (diamonds).",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: [chance_in_percent(5), analysis.points_figure(5)],
        variant=variants.chance_variant,
        right=variants.chance_answer,
        reading="On a first play a $5 scores at least one point a little less than half the time (about 49 %): the "
                "simulated diamonds sit on the exact bars. (If the Zombie's bills were dealt from the whole deck, "
                "your own six bills included, the answer would be 47.8 %: the $5 you pay cannot be his, which lifts "
                "the chance.)",
    ),
    lesson_question(
        "zombie.q3",
        "**Question 3.** A simulation pays the $5 again and again and keeps the running average of the points. "
        "Roughly how many payments does it need before the running average stays within 0.05 points of the exact "
        "answer?",
        choices=["under 100", "100 to 500", "500 to 5,000", "over 5,000"],
        answer=lambda: analysis.convergence_figure(5),
        right=settles_answer,
        no_variant="its answer is one seeded run of a running average, not an exact computation a student's "
                   "own numbers could be checked against",
        reading="**500 to 5,000** for most runs. The chart's seeded run strays beyond 0.05 for the last time at "
                "payment 3,816 and stays within it up to its last point, 4,000 (there it is 0.046 off): that is "
                "only the last time within the chart, and so near the band's edge the run may well stray out again "
                "later, so this chart has not shown where its run settles. Runs settle at different points, many "
                "much sooner: most runs need somewhere between a few hundred and a "
                "few thousand payments. The running average wanders a lot at first and settles slowly: the error "
                "shrinks like 1/√n, so to halve it you need four times as many payments. The exact line is where it "
                "is heading.",
    ),
    lesson_question(
        "zombie.q4",
        "**Question 4.** Over 200 games, does the careful bot win more often than the greedy one?",
        choices=[*CAREFUL_CHOICES.values(), CAREFUL_CANNOT_TELL],
        answer=lambda: analysis.tournament_figure(analysis.question4_tournament()),
        right=lambda: leaders_answer(analysis.question4_tournament(), CAREFUL_CHOICES,
                                     cannot_rank=CAREFUL_CANNOT_TELL),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="Each bar is a win rate with its 95 % interval; the dotted line is a fair 1 in 4. Compare the two "
                "bots by the test of their difference, not by whether their intervals overlap (two intervals can "
                "overlap while the difference is significant). The careful seats won 54 % of the games and the "
                "greedy seats 46 %; at one table a win for one is a loss for the other, so the difference is "
                "judged by the standard error of a difference of two shares of the same games: z ≈ 1.0, far from "
                "the 1.96 a 5 % test asks. 200 games are not enough to tell the bots apart — which is itself a "
                "lesson about how much data a claim needs.",
    ),
    lesson_question(
        "zombie.q5",
        "**Question 5.** Which hand expects more points from that first payment?",
        choices=HANDS_CHOICES,
        answer=lambda: analysis.duplicates_html(),
        variant=variants.hands_variant,
        right=lambda: variants.hands_answer(*analysis.DUPLICATES_HANDS, choices=HANDS_CHOICES),
        reading="Hand B, the varied one: about 3.093 points against 2.924. Yet each of its bills alone does worse: "
                "paid whatever the Zombie holds, Hand B's $1 earns about 1.496 points and Hand A's $1 about 1.986 "
                "(the 1 and the 3 score most on average, Question 1, and holding the other 1s keeps them out of the "
                "Zombie's hand). Against each Zombie, Hand B has a bill that fits him; Hand A makes one of two bets "
                "whatever he holds. That is the sheet's advice: a duplicate costs you a choice.",
    ),
    lesson_question(
        "zombie.q6",
        "**Question 6.** Which bill gives you the most points *less* your neighbour's expected points on their next "
        "payment?",
        choices=["$1", "$3", "$5", "$7", "$10"],
        answer=lambda: analysis.neighbour_html(),
        right=neighbour_answer,
        no_variant="its position is one the lesson chose so that no payment, yours or your neighbour's, makes "
                   "the Zombie draw; the change he keeps can depend on a tie the rule sheet leaves open (8 as "
                   "$1 + $7 or $3 + $5), so a random position could not be checked against the rules alone",
        reading="The $7. It scores 3, a point less than the $1, but leaves him $5, $7, $10: your neighbour then "
                "expects about 3.55 points. After the $1 he holds $1, $10, $10, and any $3, $5 or $7 of theirs takes "
                "a $10 from him: they expect about 6.53. Net, the $7 comes to about -0.55 and the $1 to about -2.53. "
                "This is the sheet's warning about taking 3 points that hand your neighbour 9. The careful bot of "
                "Question 4 weighs the same trade, counting its neighbour's points at half weight.",
    ),
    lesson_question(
        "zombie.q7",
        "**Question 7.** The three bots differ only in what they do with duplicates. Over whole games, which "
        "wins most often?",
        choices=[*DUPLICATE_CHOICES.values(), DUPLICATES_CANNOT_RANK],
        answer=lambda progress: analysis.duplicates_figure(analysis.question7_duplicates(progress=progress)),
        right=lambda: leaders_answer(analysis.question7_duplicates(), DUPLICATE_CHOICES,
                                     cannot_rank=DUPLICATES_CANNOT_RANK),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="*Seed 2026:* greedy wins 37 %, sheds duplicates 21 % and sheds on ties 42 % (a tied game's win is "
                "shared). Paying duplicates first, whatever they score, loses: it won about 62 of the 300 games to "
                "greedy's 111, and the test for two shares of the same games gives z ≈ 3.8 (p < 0.001). It also scores "
                "about 29.24 points a game against greedy's 31.77: a gap of about 2.5 points a game, 95 % interval 1.2 "
                "to 3.9, taken over each game's difference since both play every game. That interval is a range for "
                "the long-run gap; another seed's gap over 300 games would land inside it only about 5 times in 6. A "
                "choice of bills is worth something (Question 5), but less than the points the bot gives up to keep "
                "one. As a tiebreak the hint does no visible harm: sheds on ties wins most often (about 127 of the 300 "
                "games) and scores about 33.0, but the same test against greedy's 111 gives z ≈ 1 (p ≈ 0.3), so 300 "
                "games cannot say it beats greedy. Both sit above the dotted third only because the shedding bot wins "
                "so rarely (the three shares add up to one): compare them with each other, not with the line. Taken as "
                "a rule, the hint costs games; taken as a tiebreak, it costs nothing these games can see.",
    ),
)
