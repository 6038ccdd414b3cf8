"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, percent, percent_answer
from changekit.stats.intervals import wilson

from . import analysis, variants
from .model import float_prior
from .rules import COINS

#: Question 3's choices, the last one the most coins the chart tries (the page's call)
Q3_MOST = 15
Q3_AS_MANY = "as many as you can"
#: Question 4's choices by turn position (0 the Boss's left ... the last the Boss)
Q4_SEATS = ("the first to move", "a middle seat", "the Boss, who moves last")


def _robbed() -> KitAnswer:
    """Question 1: the variant's exact chance with the page's numbers (4 players, your 12 coins, 4
    taken)."""
    steps = analysis.challenge_story(taken=4, prior=analysis.held_prior(12, COINS, 4),
                                     diamond_height=variants.DIAMOND_HEIGHT)
    return percent_answer(steps[1].value.p_win, tolerance=2)


def _unknown_grab() -> KitAnswer:
    """Question 2: the chance a challenge wins after the blind grab (the page's computation)."""
    story = analysis.challenge_story(taken={k: 1 / 9 for k in range(9)}, felt_for_diamond=0.5,
                                     prior=dict(float_prior(COINS, 4)))
    before, after = float(story[0].value.p_win), float(story[1].value.p_win)
    right = "above one half" if after > 0.5 else "below one half" if after < 0.5 else "exactly one half"
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: after a grab of 0 to 8 coins (feeling for the "
                                f"diamond half the time) a challenge wins with chance {after:.3f}, against "
                                f"{before:.3f} before any steal.")


def _best_grab() -> KitAnswer:
    """Question 3: the best grab against the victim who challenges at 6 or more (the variant's curve,
    4 players)."""
    curve = variants._steal_curve(4, 6)
    best = analysis.best_steal(curve)
    right = Q3_AS_MANY if best.coins == Q3_MOST else str(best.coins)
    return choice_answer(right, f"{best.coins}: your stack then averages {float(best.ev):.2f} coins tall, against "
                                f"{float(curve[0].ev):.2f} for taking none (exact, the victim challenging at 6 or "
                                "more).")


def _even_pour() -> KitAnswer:
    """Question 4: the turn position that wins most rounds of the stored run, poured evenly."""
    seats = analysis.question4_study()["even"]
    best = max(range(len(seats)), key=lambda i: seats[i].value)
    right = Q4_SEATS[0] if best == 0 else Q4_SEATS[2] if best == len(seats) - 1 else Q4_SEATS[1]
    runner = max((e for i, e in enumerate(seats) if i != best), key=lambda e: e.value)
    gap = seats[best].value - runner.value  # two shares of the same rounds: one multinomial draw
    z = gap / sqrt((seats[best].value + runner.value - gap ** 2) / seats[best].n)
    shown = ", ".join(f"{percent(e.value)}" for e in seats)
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the stored seeded run ({seats[best].n} rounds, "
                                f"seed 1), poured evenly, the seats from the first to move to the Boss won {shown} "
                                f"of the rounds; the leader's gap to the next gives z ≈ {z:.1f}.")


def _best_bot() -> KitAnswer:
    """Question 5: the bot with the most wins in the stored tournament (a tie counts half a win)."""
    run = analysis.question5_tournament()
    best = max(range(len(run.names)), key=lambda i: run.wins[i])
    interval = wilson(run.wins[best], run.games)
    others = ", ".join(f"{n} {percent(w / run.games)}" for n, w in zip(run.names, run.wins, strict=True)
                       if n != run.names[best])
    return choice_answer(run.names[best], f"{run.names[best].capitalize()}: it won {percent(interval.value)} of the "
                                          f"stored seeded run's {run.games} games (seed 1; 95 % interval "
                                          f"{100 * interval.low:.0f}-{100 * interval.high:.0f} %), against {others}.")


def _closer_share() -> KitAnswer:
    """Question 6: the closer's share of the stored run's wins."""
    run = analysis.question6_tournament()
    closer = run.names.index("closer")
    wins = Fraction(run.wins[closer]).limit_denominator()
    interval = wilson(float(wins), run.games)
    return percent_answer(wins / run.games, tolerance=2, measured=True,
                          note=f"That is the stored seeded run (seed 1): {float(wins):g} of its {run.games} games "
                               f"(95 % interval {100 * interval.low:.0f} % to {100 * interval.high:.0f} %), against "
                               f"a fair share of {percent(Fraction(1, len(run.names)))}")


QUESTIONS = question_list(
    lesson_question(
        "moneybags.q1",
        "**Question 1.** Right after the steal, what is the chance (in %) that the thief's stack is now taller than "
        "yours, so that a challenge wins?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: analysis.robbed_answer(held=12, taken=4, heavy=24, light=10),
        right=_robbed,
        variant=variants.robbed_variant,
        reading="After losing 4 of your 12 coins you hold 8, while the other bags hold about 18 on average and the "
                "thief's just gained 4 — so the thief is very likely taller and a challenge wins 4661/5724 ≈ 81 % of "
                "the time. Challenging is worth about 31 coins of height on average against 10.5 for letting it go "
                "(your 8 coins plus a 1-in-4 chance that the diamond is yours). A heavy jiggle of the thief's bag "
                "(24) pushes the thief's curve right and the chance to 99.5 %; even a light one (10) leaves it at 70 "
                "%, and challenging still has the higher expected height: a win brings you the thief's whole bag (at "
                "least 5 coins, since every bag got a coin before the 4 arrived), a loss costs your 8 coins and "
                "perhaps the diamond.",
    ),
    lesson_question(
        "moneybags.q2",
        "**Question 2.** The Boss poured at random and someone grabbed *an unknown amount* (0 to 8 coins, each "
        "equally likely, feeling for the diamond half the time). Is the chance a challenge wins above or below one "
        "half?",
        choices=["above one half", "exactly one half", "below one half"],
        answer=lambda: analysis.unknown_grab_html(),
        right=_unknown_grab,
        no_variant="it asks about one fixed blind grab (0 to 8 coins, the diamond half the time) against the "
                   "fresh pour; question 1's variant asks the same chance for another known bag and steal",
        reading="Before a steal it is a little **under** one half, because ties knock out the challenger. The steal "
                "itself tips the balance: on average it moves 4 coins (and sometimes the diamond) across, so the "
                "robbed pirate's challenge becomes the better bet.",
    ),
    lesson_question(
        "moneybags.q3",
        "**Question 3.** Against the victim who knows (the thought experiment), how many coins should you take to "
        "make your own stack tallest on average?",
        choices=["5", "6", Q3_AS_MANY],
        answer=lambda: analysis.steal_curves_figure(max_coins=Q3_MOST),
        right=_best_grab,
        variant=variants.steal_variant,
        reading="Against the victim who knows and challenges at 6 or more, the best grab is **5 coins** — one below "
                "the threshold — for about 23.8 coins of height against 19.25 for standing by. Take 6 and you trigger "
                "the challenge; you then lose whenever you end up taller, which is most of the time, so the curve "
                "drops sharply. Feeling for the diamond too lowers the expectation (about 20.8): when the diamond is "
                "in the bag it counts as 10 coins of loss, which triggers this victim's challenge. Against a victim "
                "who never challenges, more is always better. And against a victim who plays by the real rules and "
                "challenges whenever their own bag jiggles light, even a bluff (0 coins) is dangerous: small bags "
                "challenge, and a challenge from a smaller stack knocks the thief out.",
    ),
    lesson_question(
        "moneybags.q4",
        "**Question 4.** When the Boss pours **evenly**, which seat wins the round most often?",
        choices=list(Q4_SEATS),
        answer=lambda progress: analysis.boss_figure(analysis.question4_study(progress=progress)),
        right=_even_pour,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="With these bots the turn order matters less than who holds the **smallest** bag — our reading of "
                "the chart, which shows seats, not bags. A likely mechanism: everyone robs the "
                "bag that feels fullest, so the full bags leak coins to the thieves, the thieves grow tall, and the "
                "small bag challenges them — a showdown the shorter stack wins. A front-loaded pour gives the Boss "
                "the smallest bag, and in this run the Boss wins every round; a back-loaded pour does the same for "
                "the first seat. Poured evenly, the late seats do better (the Boss, last to move, about half the "
                "time), and a random pour is close to fair. The intervals show how sure each bar is after 150 rounds "
                "— and a different bot population could tell another story: that is a good follow-up question.",
    ),
    lesson_question(
        "moneybags.q5",
        "**Question 5.** Which bot wins most often?",
        choices=["random", "cautious", "bold", "bayesian"],
        answer=lambda progress: analysis.tournament_figure(analysis.question5_tournament(progress=progress)),
        right=_best_bot,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="In our runs the Bayesian challenger wins most often (a little under half the games), the cautious "
                "and bold thieves come next (the test of their difference gives z ≈ 0.75: 200 games cannot tell them "
                "apart), and the "
                "random bot trails. The Bayesian bot also steals differently (4 coins and the diamond), so this run "
                "cannot say whether its edge comes from knowing when a challenge pays or from how much it takes.",
    ),
    lesson_question(
        "moneybags.q6",
        "**Question 6.** How often (in %) does the player who closes at once win the game?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda progress: analysis.tournament_figure(analysis.question6_tournament(progress=progress)),
        right=_closer_share,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="In this seeded run the closer wins 74 % of the games (95 % interval 67–79 %), against a fair share "
                "of 25 %, and averages 6.6 points a game. A likely reason (the run shows the rate, not the reason): "
                "each Bayesian thief robs the bag that feels fullest, and every robbery can end in a showdown that "
                "knocks a pirate out of the round with nothing. From its first turn the closer is out of reach of "
                "both, and places are counted among the pirates still in, so surviving with an ordinary stack earns "
                "points. These are the kit's bots: a table that steals or challenges less would need its own run.",
    ),
)
