"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from changekit.core.questions import lesson_question, question_list

from . import analysis, variants

QUESTIONS = question_list(
    lesson_question(
        "moneybags.q1",
        "**Question 1.** Right after the steal, what is the chance (in %) that the thief's stack is now taller than "
        "yours, so that a challenge wins?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: analysis.robbed_answer(held=12, taken=4, heavy=24, light=10),
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
        choices=["5", "6", "as many as you can"],
        answer=lambda: analysis.steal_curves_figure(max_coins=15),
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
        choices=["the first to move", "a middle seat", "the Boss, who moves last"],
        answer=lambda progress: analysis.boss_figure(analysis.question4_study(progress=progress)),
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
