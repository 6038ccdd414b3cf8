"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from fractions import Fraction

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, leaders_answer
from changekit.stats.intervals import Z95

from . import analysis, variants

#: Question 3's choices; a ratio of the two rates from 1.5 up reads as "by about 2×", and within a
#: tenth of 1 as "about the same"
PER_WORKER_CHOICES = ["1 on the 4, by about 2×", "1 on the 4, slightly", "about the same", "4 on the 20"]


def per_worker_answer() -> KitAnswer:
    """Question 3's right answer: one worker on a 4 against four on a 20 under d6, by the exact
    points per worker-placement (:func:`variants.per_worker_rate`, which marks its variants too)."""
    cheap, big = variants.per_worker_rate(4, 1, "d6"), variants.per_worker_rate(20, 4, "d6")
    ratio = cheap / big
    right = (PER_WORKER_CHOICES[0] if ratio >= Fraction(3, 2) else PER_WORKER_CHOICES[1] if ratio > Fraction(11, 10)
             else PER_WORKER_CHOICES[3] if ratio < Fraction(10, 11) else PER_WORKER_CHOICES[2])
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: {float(cheap):g} points per worker-placement "
                                f"against {float(big):g}, {float(ratio):.2f} times as much.")


BID_CHOICES = ["yes, many times more", "somewhat more", "about the same for every bid", "big bids earn more"]
#: Question 4: the cheapest bid earning this many times the biggest's points per worker-placement
#: or more is "many times more"
MANY_TIMES = 3


def bids_answer() -> KitAnswer:
    """Question 4's right answer from the stored seeded run (:func:`analysis.question4_bids`): the
    cheapest bid's points per worker-placement against the biggest bid's, by the test of the
    difference of two means (different projects: independent)."""
    dots = {bid: row["per_worker_placement"] for bid, row in analysis.question4_bids().items() if row["projects"]}
    cheap, big = dots[min(dots)], dots[max(dots)]
    spread = ((cheap.high - cheap.value) ** 2 + (big.high - big.value) ** 2) ** 0.5  # Z95 × the difference's se
    z = Z95 * (cheap.value - big.value) / spread
    ratio = cheap.value / big.value
    right = (BID_CHOICES[2] if abs(z) < Z95 else BID_CHOICES[3] if ratio < 1
             else BID_CHOICES[0] if ratio >= MANY_TIMES else BID_CHOICES[1])
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the stored seeded run a bid of {min(dots)} earned "
                                f"{cheap.value:.2f} points per worker-placement and a bid of {max(dots)} "
                                f"{big.value:.2f}, {ratio:.1f} times as much (the test of the difference gives "
                                f"z ≈ {z:.1f}); {MANY_TIMES} times or more would be many times.")


VETO_CHOICES = {"value": "value: any 20 an opponent is taking", "never vetoes": "never vetoes",
                "holds its Veto": "holds its Veto for a player about to win"}
VETO_CANNOT_RANK = "about even: these games cannot rank them"

QUESTIONS = question_list(
    lesson_question(
        "big_cheese.q1",
        "**Question 1.** Relative to what it pays on average, which scheme makes the **20** card riskier?",
        choices=["d6 × card", "polyhedral", "the same"],
        answer=lambda: [analysis.payout_tables_html(), analysis.payout_figure(20)],
        variant=variants.risk_variant,
        right=variants.risk_answer,
        reading="In points the d6 scheme is far wilder (standard deviation 34.2 against 5.8), and its target five "
                "times higher does not make up for it: against the target it plays to, the d6 20 still spreads more "
                "(sd/target 0.171 against 0.144). Relative to what the card pays on average, though, the polyhedral "
                "20 is the riskier one (sd/mean 0.549 against 0.488), and under polyhedral dice the bigger the card "
                "the riskier it is, while the 2 (1 or 2, half and half) has the smallest relative spread. Under d6 "
                "every card carries the same relative risk (sd/mean is always 0.488): only its size differs. Same "
                "expected ranking of the cards, different risks.",
    ),
    lesson_question(
        "big_cheese.q2",
        "**Question 2.** You hold a Big Cheese and the polyhedral 20 is your last project: no other project of "
        "yours will mature while you hold the card. Below which roll should you re-roll the 20? (The check also "
        "gives what the card is then worth on average.)",
        number=(1, 20),
        answer=lambda: [analysis.reroll_html(20, "polyhedral"), analysis.risk_figure("polyhedral")],
        variant=variants.reroll_variant,
        right=variants.reroll_answer,
        reading="With no later project, re-roll exactly when the roll is **below the mean of a fresh roll** (10.5): "
                "a fresh roll is worth 10.5 on average, so keeping a 10 loses and keeping an 11 wins. The 20 then "
                "pays 13 on average, and its variance drops (33.25 to 27): the Big Cheese raises the mean *and* cuts "
                "the risk. The variance falls by 19 % to 25 % on every card, so by the most points on the big cards. "
                "On the d6 scheme the rule is the same (re-roll 1, 2, 3) and it adds 0.75 × the card. The rule rests "
                "on the question's assumption: with one more project of yours due (a number card at random), the "
                "card kept is worth about 1.107 points, more than the 0.5 a re-rolled 10 gains, so re-roll 9 or "
                "less; with two or three more due, 8 or less (Question 7 weighs keeping it). It rests on a second "
                "assumption too: the rule makes the most points on average, while the sheet's goal is to reach 40 "
                "first; near the end of a race keep any roll that already reaches 40, and a roll that leaves you "
                "short may be worth re-rolling even above the mean.",
    ),
    lesson_question(
        "big_cheese.q3",
        "**Question 3.** Under d6, is 1 worker on a 4 a better use of workers than 4 workers on a 20?",
        choices=PER_WORKER_CHOICES,
        answer=lambda: analysis.value_per_worker_figure("d6"),
        variant=variants.per_worker_variant,
        right=per_worker_answer,
        reading="One worker on a 4 earns 14 points per worker-placement; four on a 20 earn 70/10 = 7. Cheap bids are "
                "the efficient ones — when they win: a bigger bid takes the card. That is why the value bot bids the "
                "minimum and stops when a card's mean per worker-placement falls below a rate.",
    ),
    lesson_question(
        "big_cheese.q4",
        "**Question 4.** When the bots compete, do cheap bids still earn more per worker-placement than big ones?",
        choices=BID_CHOICES,
        answer=lambda: analysis.value_per_worker_figure("d6", analysis.question4_bids()),
        right=bids_answer,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="Somewhat more, far less than the exact lines say. The dots (averages over the projects won with "
                "each bid, with 95 % intervals) lie between about 1.7 and 2.6 points per worker-placement: about 2.5 "
                "for a bid of 2 and about 1.7 for a bid of 9, so the cheapest bid earns about 1.5 times what the "
                "biggest does, where on the exact line of one card it earns 15 times as much. Competition raises the "
                "price of each card: the bots bid it up to the last bid still worth their rate (2 workers for a "
                "2-card, 6 for a 12), and that squeezes the gap. Cheap bids keep an edge because one more worker is "
                "a big step for them: raising the 2-card's bid to 3 would double its worker-placements (3 to 6) and "
                "halve what each earns. The exact lines show what a bid *would* earn if nobody outbid you, the dots "
                "what the market leaves.",
    ),
    lesson_question(
        "big_cheese.q5",
        "**Question 5.** At 29 points you need a 1. How likely (in %) are you to be done within 5 projects?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: analysis.exact30_answer(),
        variant=variants.finish_variant,
        right=variants.finish_answer,
        reading="From 29 a single project finishes only 18 % of the time (it needs a 1), and five projects still "
                "leave about a third of players stuck. Needing a small exact amount is what is hard: only a 1 (or a 2) "
                "face lands it, so from 28 the chances are the same as from 29. From 25, three projects finish "
                "about 29 % of the time. The simulated real deck agrees with the chain to within a couple of "
                "percentage points: drawing the cards without replacement hardly matters here.",
    ),
    lesson_question(
        "big_cheese.q6",
        "**Question 6.** Which bot wins most often?",
        choices=["random", "value", "cautious"],
        answer=lambda progress: analysis.tournament_figure(analysis.question6_tournament(progress=progress)),
        right=lambda: leaders_answer(analysis.question6_tournament(), {bot: bot for bot in analysis.LINEUP}),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="*Seed 2026:* the value bot wins about three games in four (75 %, interval 70-80 %); random and "
                "cautious share the rest (11 % and 14 %), and the test of their difference gives z ≈ 1.0 (a win for "
                "one is a game the other did not win, which the standard error of the difference counts), so 300 "
                "games cannot rank those two. A likely reason, which the win rates alone do not show: random bidding "
                "wastes workers on big bids, and the cautious bot's risk discount makes it let the big cards go, "
                "while in a race to 200 the big cards decide.",
    ),
    lesson_question(
        "big_cheese.q7",
        "**Question 7.** How many of your number projects must still be due to mature for keeping the Big Cheese to "
        "be worth more than re-rolling the 8 now?",
        number=(0, 20),
        unit="projects",
        answer=lambda: analysis.keep_html(),
        variant=variants.keep_variant,
        right=variants.keep_answer,
        reading="Three. Kept for one more project the Big Cheese is worth about 6.64 points, for two about 10.55, for "
                "three about 13.41: more than the 12 of re-rolling now. A Big Cheese you hold is an *option*: it "
                "waits for a low roll on a big card (a 20 that rolls 1 gains 50 from a re-roll), and the more "
                "projects are still to come, the better the chance of one. Under these assumptions, a 2 on the 8 is "
                "worth the Big Cheese near the end of a game, not early on.",
    ),
    lesson_question(
        "big_cheese.q8",
        "**Question 8.** The three bots bid alike and differ only in their Vetoes. Which habit wins most often?",
        choices=[*VETO_CHOICES.values(), VETO_CANNOT_RANK],
        answer=lambda progress: analysis.veto_figure(analysis.question8_vetoes(progress=progress)),
        right=lambda: leaders_answer(analysis.question8_vetoes(), VETO_CHOICES, cannot_rank=VETO_CANNOT_RANK),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="*Seed 2026:* about even. The value bot wins 32 %, never vetoes 33 % and holds its Veto 34 %, and "
                "the test of the largest difference, 34 % against 32 %, gives z ≈ 0.62, so 600 games cannot rank them "
                "(a difference under about 6.5 points of win rate would not reach significance here). A Veto scores "
                "nothing: it throws one card away, the player it stops keeps every worker for the next card, and "
                "the next card comes straight off the pile. Among players who bid alike, one card more or less "
                "does not show in who wins. What a Veto can change is the card that would end the game, the "
                "moment the holding bot waits for, and even that does not show in 600 games. A Veto buys a delay, "
                "not points of its own; whether the delay is worth a few games in a hundred, these games cannot say.",
    ),
)
