"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from changekit.core.questions import lesson_question, question_list

from . import analysis, rebuild, variants

QUESTIONS = question_list(
    lesson_question(
        "boneyard.q1",
        "**Question 1.** Four players, first round. How often should you bid the cheapest bid, `$1`?",
        choices=["never", "one time in ten", "one time in three", "every time"],
        answer=lambda: [analysis.equilibrium_figure(), analysis.equilibrium_table_html()],
        variant=variants.equilibrium_variant,
        reading="With four players, `$1` is bid about a third of the time (0.325) and nothing above `$9` is ever bid "
                "— `$10` would at best buy the `$10` bucket. The mix spreads over the cheap totals so that your bid "
                "rarely lands on someone else's. The table recomputes each mix's exploitability with the exact payoff "
                "formula: about 10⁻⁹ of a dollar (the stored probabilities are rounded to ten digits).",
    ),
    lesson_question(
        "boneyard.q2",
        "**Question 2.** As the table grows from 3 to 8 players, does `$1` become more or less popular in the "
        "equilibrium? (The check also shows whether the first round is still worth playing on average.)",
        choices=["more popular", "less popular", "about the same"],
        answer=lambda: analysis.equilibrium_table_html(),
        no_variant="it asks about the trend across the whole table of equilibria (3 to 8 players), one fixed "
                   "fact; question 1's variant asks how often $1 is bid at another table size",
        reading="With more players the crowd makes every middle bid more likely to be matched, so the cheap `$1` "
                "grows to half of all bids at 8 players. Cheap is not safe: at 8 players a `$1` is cancelled 99.2 % "
                "of the time; the expected net of the round falls from +`$1.71` (3 players) to about −`$0.97` (8 "
                "players). The buckets are fixed at `$26` while the bills lost to cancellations grow with the crowd.",
    ),
    lesson_question(
        "boneyard.q3",
        "**Question 3.** How many Newton steps does it take to bring the exploitability down to 10⁻¹⁵?",
        number=(1, 100),
        answer=lambda: analysis.convergence_figure(analysis.first_round_equilibrium(5)),
        no_variant="it asks how one run of the solver converges, a fact about the algorithm with no game "
                   "parameter a student's own numbers could change",
        reading="The exponential-weights line falls steadily but slowly (each step only nudges the mix); Newton's "
                "method uses the exact equations on the support and lands on the equilibrium in three or four steps, "
                "at the limit of floating-point arithmetic. Tests check the result against a brute-force sum over "
                "every opponent bid tuple (3 and 4 players) and, for 2 players, against the *nashpy* solver.",
    ),
    lesson_question(
        "boneyard.q4",
        "**Question 4.** Which bid beats this class at a 4-player table?",
        choices=["$5, one of the two most popular", "$1, the other most popular", "$6, just above the crowd at $5",
                 "$13, the highest"],
        answer=lambda: analysis.class_answer("1 1 1 3 3 4 5 5 5 6 7 7 10 10 13", n_players=4),
        variant=variants.class_variant,
        reading="A crowded total is not always a bad one: `$1` is bid 3 times in 15, as often as any total, and is "
                "still the best response, worth 37/25 on average. A bid pays when it is unmatched *and* ranks high, "
                "and a `$1` that survives costs only a dollar; so compare what each total earns, not how crowded it "
                "is. If the class played the equilibrium, every bid in its support would earn the same and the chart "
                "would be flat there.",
    ),
    lesson_question(
        "boneyard.q5",
        "**Question 5.** Which bot wins most often over whole games?",
        choices=["random", "equilibrium", "outbid", "history"],
        answer=lambda progress: analysis.tournament_figure(analysis.bot_tournament(
            ("random", "equilibrium", "outbid", "history"), games=200, progress=progress)),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="Each bar is a win rate with its 95 % (Wilson) interval; the dotted line is the fair share of 1 in 4. "
                "In this seeded run the history bot wins most often, 63 % of the 200 games against the runner-up "
                "outbid's 20.5 %; the test of that difference (the same games) gives z ≈ 7.4, far beyond 1.96. "
                "A likely reason, which the run does not test: the "
                "first-round mix is an equilibrium only of the first round, with the first round's buckets; once the "
                "buckets are rebuilt, the right mix changes, and a bot that adapts to the table may profit.",
    ),
    lesson_question(
        "boneyard.q6",
        "**Question 6.** Four players bid the first-round mix in every round of a whole game to $40. How many rounds "
        "does a game last, on average?",
        number=(1, 100),
        unit="rounds",
        answer=lambda progress: analysis.race_html(analysis.equilibrium_race(progress=progress)),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="About 8.5 rounds in this seeded run (95 % interval 7.9–9.0): far fewer than the 26 rounds that the "
                "first round's average net would need to turn $26 into $40. The winners gained about $3.02 a round, "
                "more than five times that average. A game is not won at the average pace: money only comes from "
                "unmatched bids on buckets, and the winner is whoever strings enough of them together first. The mix "
                "answers one round's question (it is the best reply to itself against the first round's buckets, not "
                "the most money the table could make); the sheet asks another, who reaches $40 first. Whether bids "
                "aimed at the finish beat the mix is the next question.",
    ),
    lesson_question(
        "boneyard.q7",
        "**Question 7.** One race bot and three equilibrium bots play whole games to $40. How often does the "
        "race bot win?",
        choices=["clearly more than its fair share of a quarter", "about a quarter: these games cannot tell",
                 "clearly less than a quarter"],
        answer=lambda progress: analysis.race_figure(analysis.question7_race(progress=progress)),
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="*Seed 0:* about even. The race bot wins 28 % of the games (95 % interval 24–31 %) and the three "
                "equilibrium bots 23 %, 26 % and 24 %. The race bot's interval holds the fair share of a quarter, "
                "so 600 games cannot tell whether playing for the finish helps. The bot changes little: only a "
                "round in which one of its bids could reach $40, and there it reckons its chances as if the others "
                "bid the mix. It never takes risks earlier when it is behind, and it never tries to stop an "
                "opponent about to win: those would be other bots, still to be tried. The sheet's goal is a race, "
                "but this much racing at the end does not clearly beat the one-round mix.",
    ),
    lesson_question(
        "boneyard.q8",
        "**Question 8.** Four players all bid Question 1's mix in the first round. Then the Boneyard is rebuilt: "
        "each winning bid becomes the bucket it took, and the cancelled bids go onto the poorest bucket. How likely "
        "is it that the second round's richest bucket is worth *less* than the first round's `$10`?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: [rebuild.second_round_figure(rebuild.second_round(4)),
                        rebuild.second_round_html(rebuild.second_round(4))],
        variant=rebuild.second_round_variant,
        reading="About three times in four: 75.9 %, exact over every first round the mix can bid. The highest "
                "unmatched bid takes the `$10` bucket and *becomes* it, and the mix never bids more than `$9`, so "
                "the richest bucket shrinks to the winning bid. Only cancelled bids can build a bucket above `$10`: "
                "they are stacked on the poorest bucket, so two `$5`s that cancel turn the `$1` bucket into `$11`. "
                "That happens 17.4 % of the time. On average the richest bucket is worth `$8.33`, and the Boneyard "
                "holds `$23.81` instead of `$26`: what the winners gained came out of it. The second round is "
                "another auction, with other buckets, so Question 1's mix, solved for the first round's buckets, "
                "is not its equilibrium: the reason Question 5 suspects.",
    ),
)
