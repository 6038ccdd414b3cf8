"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from fractions import Fraction

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, leaders_answer, number_answer

from . import analysis, rebuild, variants
from .model import EQUILIBRIUM_TABLE

#: Question 1's choices, each with the share of bids it names
CHEAPEST_CHOICES = {"never": Fraction(0), "one time in ten": Fraction(1, 10), "one time in three": Fraction(1, 3),
                    "every time": Fraction(1)}


def cheapest_bid_answer(players: int = 4) -> KitAnswer:
    """Question 1's right answer: the choice nearest how often the stored equilibrium mix bids `$1`."""
    share = EQUILIBRIUM_TABLE[players][1]
    right = min(CHEAPEST_CHOICES, key=lambda choice: abs(CHEAPEST_CHOICES[choice] - Fraction(share)))
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: with {players} players the equilibrium bids $1 with "
                                f"probability {share:.3f} ({100 * share:.1f} %).")


#: Question 2: how far (percentage points) the share of `$1` must move from 3 to 8 players to change
POPULARITY_TOLERANCE = 2


def popularity_answer() -> KitAnswer:
    """Question 2's right answer: how the share of `$1` in the stored equilibria moves from the
    smallest table to the largest (:func:`analysis.equilibrium_summary`)."""
    rows = analysis.equilibrium_summary()
    first, last = rows[0], rows[-1]
    change = 100 * (last["p1"] - first["p1"])
    right = ("more popular" if change > POPULARITY_TOLERANCE else "less popular" if change < -POPULARITY_TOLERANCE
             else "about the same")
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: $1 is bid {100 * first['p1']:.1f} % of the time "
                                f"at {first['players']} players and {100 * last['p1']:.1f} % at {last['players']} "
                                f"(a change of more than {POPULARITY_TOLERANCE} points counts).")


#: the exploitability Question 3 asks Newton's method to reach, and the floor of rounding it can
#: only come near: an exploitability of a few times 10⁻¹⁵ is as close as floats get
NEWTON_TARGET = 1e-15


def newton_steps_answer() -> KitAnswer:
    """Question 3's right answer, from the chart's own run (:func:`analysis.first_round_equilibrium`
    for 5 players): from the first Newton step whose exploitability is of the order of 10⁻¹⁵ (under
    10 × 10⁻¹⁵) to the last step Newton takes."""
    result = analysis.first_round_equilibrium(5)
    newton = result.history[result.newton_from:]
    first = next(step for step, ex in enumerate(newton, 1) if ex < 10 * NEWTON_TARGET)
    shown = ", ".join(f"{ex:.1e}" for ex in newton)
    return KitAnswer({"range": [first, len(newton)]}, f"{first} or {len(newton)} steps" if len(newton) > first
                     else f"{first} steps",
                     f"{first} to {len(newton)} steps: the chart's Newton steps bring the exploitability to {shown}; "
                     f"by step {first} it is of the order of 10⁻¹⁵, the limit of floating-point arithmetic. Answers "
                     f"from {first} to {len(newton)} count as right.")


BOTS = ("random", "equilibrium", "outbid", "history")


def class_bids_answer() -> KitAnswer:
    """Question 4's right answer: the class's best reply (:func:`analysis.best_response_to_class`),
    named by its choice, with what each choice's bid earns."""
    report = analysis.best_response_to_class(analysis.parse_bids(CLASS_BIDS), n_players=4)
    totals = {int(choice.split(",")[0].removeprefix("$")): choice for choice in CLASS_CHOICES}
    return choice_answer([totals[t] for t in report.best if t in totals],
                         variants.best_reply_exact(report, totals))


CLASS_BIDS = "1 1 1 3 3 4 5 5 5 6 7 7 10 10 13"
CLASS_CHOICES = ["$5, one of the two most popular", "$1, the other most popular", "$6, just above the crowd at $5",
                 "$13, the highest"]


def race_rounds_answer() -> KitAnswer:
    """Question 6's right answer: the seeded race's mean length (:func:`analysis.equilibrium_race`,
    the answer's own run), give or take a round."""
    race = analysis.equilibrium_race()
    length = race.mean_rounds
    return number_answer(Fraction(sum(race.rounds), len(race.rounds)), tolerance=1, unit="rounds",
                         note=f"The mean of {race.games} seeded games; its 95 % interval is "
                              f"{length.low:.1f}–{length.high:.1f} rounds, far from the "
                              f"{race.rounds_at_average_pace:.0f} rounds of the first round's average pace")


RACE_CHOICES = ["clearly more than its fair share of a quarter", "about a quarter: these games cannot tell",
                "clearly less than a quarter"]


def race_bot_answer() -> KitAnswer:
    """Question 7's right answer: where the stored run's race bot win rate lies against its fair
    share, by its 95 % interval."""
    result = analysis.question7_race()
    rate = result.win_rates()[result.names.index("race")]
    fair = 1 / len(result.names)
    right = RACE_CHOICES[0] if rate.low > fair else RACE_CHOICES[2] if rate.high < fair else RACE_CHOICES[1]
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the stored seeded run the race bot won "
                                f"{100 * rate.value:.1f} % of {result.games} games (95 % interval "
                                f"{100 * rate.low:.1f}–{100 * rate.high:.1f} %), "
                                f"{'which holds' if rate.low <= fair <= rate.high else 'clear of'} the fair share of "
                                f"{100 * fair:.0f} %.")


QUESTIONS = question_list(
    lesson_question(
        "boneyard.q1",
        "**Question 1.** Four players, first round. How often should you bid the cheapest bid, `$1`?",
        choices=["never", "one time in ten", "one time in three", "every time"],
        answer=lambda: [analysis.equilibrium_figure(), analysis.equilibrium_table_html()],
        variant=variants.equilibrium_variant,
        right=cheapest_bid_answer,
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
        right=popularity_answer,
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
        right=newton_steps_answer,
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
        choices=CLASS_CHOICES,
        answer=lambda: analysis.class_answer(CLASS_BIDS, n_players=4),
        variant=variants.class_variant,
        right=class_bids_answer,
        reading="A crowded total is not always a bad one: `$1` is bid 3 times in 15, as often as any total, and is "
                "still the best response, worth 37/25 on average. A bid pays when it is unmatched *and* ranks high, "
                "and a `$1` that survives costs only a dollar; so compare what each total earns, not how crowded it "
                "is. If the class played the equilibrium, every bid in its support would earn the same and the chart "
                "would be flat there.",
    ),
    lesson_question(
        "boneyard.q5",
        "**Question 5.** Which bot wins most often over whole games?",
        choices=list(BOTS),
        answer=lambda progress: analysis.tournament_figure(analysis.bot_tournament(BOTS, games=200, progress=progress)),
        right=lambda: leaders_answer(analysis.bot_tournament(BOTS, games=200), {bot: bot for bot in BOTS},
                                     run="the seeded run"),
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
        right=race_rounds_answer,
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
        choices=RACE_CHOICES,
        answer=lambda progress: analysis.race_figure(analysis.question7_race(progress=progress)),
        right=race_bot_answer,
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
        right=rebuild.second_round_answer,
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
