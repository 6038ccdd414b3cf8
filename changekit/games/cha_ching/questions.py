"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import exp, log, sqrt

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, exact_fraction, percent, percent_answer
from changekit.stats.intervals import Z95, Estimate, wilson

from . import analysis, variants
from .rules import DEFAULT_DECK

#: Question 1's three targets
Q1_TARGETS = (10, 55, 96)
#: Question 2's choices: a fresh hit is about one deal in this many
Q2_ODDS = {"1 in 5": 5, "1 in 30": 30, "1 in 300": 300}
#: Question 4's seeded run (the page's call) and its choices: the number of times as many turns
Q4_TARGETS = (10, 25, 40, 55, 70, 85, 96)
Q4_TIMES = {"about the same": 1, "about twice": 2, "about four times": 4, "about ten times": 10}
#: Question 6: a fall of less than this share of the chance is "hardly at all", of less than the
#: second "a little", else "a lot"
Q6_FALLS = (Fraction(1, 10), Fraction(1, 2))


def _nearest(choices: dict[str, int], value: float) -> str:
    """The choice whose number is nearest ``value`` on a log scale (a ratio: 3 is as far from 2 as
    from 4.5)."""
    return min(choices, key=lambda c: abs(log(value / choices[c])))


def _likeliest_target() -> KitAnswer:
    """Question 1: the target a fresh hand makes most often (exact chances)."""
    chances = {t: analysis.prob_hand_hits(t) for t in Q1_TARGETS}
    best = [t for t in Q1_TARGETS if chances[t] == max(chances.values())]
    shown = ", ".join(f"{t}: {percent(chances[t])}" for t in Q1_TARGETS)
    return choice_answer([str(t) for t in best], f"{' or '.join(map(str, best))}: the exact chances that a fresh "
                                                 f"hand makes each are {shown}.")


def _fresh_hit_odds() -> KitAnswer:
    """Question 2: the choice nearest the exact chance of a fresh hit."""
    p = analysis.fresh_hit_chance()
    right = _nearest(Q2_ODDS, float(1 / p))
    return choice_answer(right, f"{right}: a fresh hand makes a fresh target with chance {percent(p)} "
                                f"({exact_fraction(p)}), about 1 deal in {round(1 / p)}.")


def _three_wilds() -> KitAnswer:
    """Question 3: a hand with three `$` cards, the default deck (the variant's own computation)."""
    return percent_answer(variants._wild_value(dict(DEFAULT_DECK)["wild"])[3]["hits_fresh_target"], tolerance=2)


@cache
def _solo_turns() -> dict[int, Estimate]:
    """Question 4's seeded run: 100 solo deals per target (seed 1)."""
    return analysis.turns_to_go_out(Q4_TARGETS, games=100, seed=1)


def _turns_ratio() -> KitAnswer:
    """Question 4: target 10's mean turns over 96's in the seeded run, with its 95 % interval worked
    on the log scale (each mean's standard error from its own interval)."""
    hard, easy = _solo_turns()[10], _solo_turns()[96]
    ratio = hard.value / easy.value
    spread = sqrt(sum(((e.high - e.value) / Z95 / e.value) ** 2 for e in (hard, easy)))
    low, high = ratio * exp(-Z95 * spread), ratio * exp(Z95 * spread)
    right = _nearest(Q4_TIMES, ratio)
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the seeded run ({hard.n} solo deals per "
                                f"target, seed 1) a target of 10 took {hard.value:.1f} turns on average against "
                                f"{easy.value:.1f} for 96, {ratio:.1f} times as many (95 % interval {low:.1f} to "
                                f"{high:.1f}).")


def _losing_hand() -> KitAnswer:
    """Question 5: the seeded run's penalty per losing hand against a fresh deal's exact expectation."""
    run = analysis.round_statistics(players=4, games=10, seed=2)["penalty_per_losing_hand"]
    fresh = float(analysis.expected_penalty())
    right = "less" if run.high < fresh else "more" if run.low > fresh else "about the same"
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in the seeded run of 10 games (seed 2) a losing "
                                f"hand cost {run.value:.0f} on average (95 % interval {run.low:.0f}-{run.high:.0f}, "
                                f"over its {run.n} rounds), against {fresh:.1f} for a fresh deal.")


def _fewer_wilds() -> KitAnswer:
    """Question 6: how much of the fresh-hit chance the deck with fewer `$` cards loses."""
    default = analysis.fresh_hit_chance()
    fewer = analysis.fresh_hit_chance(analysis.COMPOSITIONS["fewer wilds"])
    fall = 1 - fewer / default
    right = "hardly at all" if fall < Q6_FALLS[0] else "a little" if fall < Q6_FALLS[1] else "a lot"
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: with {analysis.COMPOSITIONS['fewer wilds']['wild']} "
                                f"`$` cards a fresh hand makes a fresh target {percent(fewer)} of the time against "
                                f"{percent(default)}, a fall of {percent(fall)} of itself (under a tenth is hardly "
                                "at all, under a half a little).")


def _best_reroll() -> KitAnswer:
    """Question 7: the re-roll with the highest exact chance."""
    chances = analysis.reroll_chances()
    best = [variants.DICE[d] for d in variants.DICE if chances[d] == max(chances.values())]
    shown = ", ".join(f"{exact_fraction(p).removeprefix('exactly ')} for {variants.DICE[d]}"
                      for d, p in chances.items())
    return choice_answer(best, f"{' and '.join(best).capitalize()}: the exact chances that the hand makes the new "
                               f"target are {shown}.")


def _powers_share() -> KitAnswer:
    """Question 8: the powered bot's share of the stored run's wins."""
    run = analysis.question8_powers()
    wins = Fraction(run.wins[0]).limit_denominator()
    interval = wilson(float(wins), run.games)
    return percent_answer(wins / run.games, tolerance=2, measured=True,
                          note=f"That is the stored seeded run (seed 2026): {float(wins):g} of its {run.games} games "
                               f"(95 % interval {100 * interval.low:.0f} % to {100 * interval.high:.0f} %), against "
                               f"a fair share of {percent(Fraction(1, len(run.names)))}")


QUESTIONS = question_list(
    lesson_question(
        "cha_ching.q1",
        "**Question 1.** You are dealt 8 cards from the shuffled default deck. Which target is a fresh hand most "
        "likely to make already?",
        choices=[str(t) for t in Q1_TARGETS],
        answer=lambda: [analysis.hit_probability_figure(), analysis.hit_chances_html(Q1_TARGETS)],
        right=_likeliest_target,
        variant=variants.targets_variant,
        reading="Small targets are hard. Eight cards are a lot: to make 10 you need almost every card to be a "
                "1 or a zero card, while 30 of the 75 number cards (40 %) are worth 25 or 50. The best targets sit "
                "just under 100 (96 is the top, about 12 %). Size is not everything, though: a total ending in 4 or 9 "
                "needs four 1s or wilds among the eight cards, and 99 is almost as hard as 10.",
    ),
    lesson_question(
        "cha_ching.q2",
        "**Question 2.** What is the chance that a fresh hand already makes a freshly rolled target?",
        choices=list(Q2_ODDS),
        answer=lambda: analysis.fresh_hit_html(),
        right=_fresh_hit_odds,
        variant=variants.fresh_hit_variant,
        reading="About 1 deal in 29 could go out on the spot. That single number is the average of the 90 bars of "
                "Question 1's chart, each with weight 1/90.",
    ),
    lesson_question(
        "cha_ching.q3",
        "**Question 3.** How much is a wild worth? Guess the chance (in %) that a hand with **three** `$` cards makes "
        "a fresh target (the check gives every number of `$` cards).",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: [analysis.wild_value_figure(), analysis.wild_value_html()],
        right=_three_wilds,
        variant=variants.wild_value_variant,
        reading="Each `$` raises the chance, by a smaller factor each time (×4.6, then ×2.8, then ×2.1: about 0.5 % "
                "with none, 2.5 % with one, 14 % with three). But a `$` left in your hand when someone else goes out "
                "costs as much as your biggest card: see the exact expected penalty of a fresh hand under the table.",
    ),
    lesson_question(
        "cha_ching.q4",
        "**Question 4.** Playing alone, about how many times as many turns does the greedy player need for a target "
        "of 10 as for a target of 96?",
        choices=list(Q4_TIMES),
        answer=lambda: analysis.turns_figure(_solo_turns()),
        right=_turns_ratio,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="The simulated turns follow the order of the exact hit chances (hard targets are slow), not their "
                "size: a fresh hand makes 96 about 66 times as often as 10, yet a target of 10 takes about "
                "four times as many turns as 96 (about 10.3 against 2.6). The error bars are 95 % intervals: with 100 "
                "deals each mean is pinned down to within about a turn.",
    ),
    lesson_question(
        "cha_ching.q5",
        "**Question 5.** Does a losing hand in play cost more or less than a fresh deal's expected penalty (≈ 180)?",
        choices=["more", "about the same", "less"],
        answer=lambda: analysis.round_statistics_html(players=4, games=10, seed=2),
        right=_losing_hand,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="A losing hand in play costs less than the ≈180 of a fresh deal: about 156 in the seeded run of 10 "
                "games, 95 % interval 148-165 over its 68 rounds (each round is a fresh deal, but its three losing "
                "hands share one target, so the round, not the hand, is the independent unit). The interval is a "
                "range for the bots' average over very many games, and even its top is below 180. (Another seed's "
                "average over 10 games would land inside it only about 5 times in 6.) "
                "Players drop 50s and CHA-CHING cards while chasing the target, but `$` cards, which help them, stay "
                "expensive.",
    ),
    lesson_question(
        "cha_ching.q6",
        "**Question 6.** Suppose the real deck had only 6 `$` cards instead of 15 (and a few more of the others). "
        "Would the chance of a fresh hit fall a little or a lot?",
        choices=["hardly at all", "a little", "a lot"],
        answer=lambda: [analysis.hit_probability_figure(dict(analysis.COMPOSITIONS)), analysis.compositions_html()],
        right=_fewer_wilds,
        no_variant="it compares the lesson's three named guesses at the real deck; question 2's variant "
                   "already asks the fresh-hit chance of a deck with another number of $ cards",
        reading="The answers move a lot with the guess. With 6 wilds instead of 15 the chance of a fresh hit falls to "
                "about a third (1.2 % against 3.5 %); with more small cards it falls less (2.9 %, a drop of 18 % of "
                "itself), but the easiest targets change (97 and 77 lead, instead of 96 and 91). Every number in this "
                "notebook is exact *for its deck*; the deck itself is an assumption, and that is worth saying "
                "whenever we quote one.",
    ),
    lesson_question(
        "cha_ching.q7",
        "**Question 7.** Which re-roll gives these eight cards the best chance to make the new target at once?",
        choices=["the black die (tens)", "the white die (units)", "both dice"],
        answer=lambda: analysis.reroll_html(),
        right=_best_reroll,
        variant=variants.reroll_variant,
        reading="The black die: 4/9. Each `$` counts 1, 5, 10, 25 or 50, and the totals of this hand that end in 2 "
                "(32, 52, 72 and 92) need only the tens to change, which the black die does while the white 2 stays. "
                "The white die keeps the 4 tens, and only 43 and 47 fit (1/5). Both dice give one of 90 targets, 14 "
                "of which the hand makes (7/45). Choosing the die is counting the hand's totals by their digits. The "
                "trade, the card's other use, is not computed here: its worth depends on hands you cannot see.",
    ),
    lesson_question(
        "cha_ching.q8",
        "**Question 8.** One greedy bot plays the CHA-CHING card's powers; three copies of it never do. Guess "
        "how often (in %) the bot with the powers wins, where a fair share at four seats is 25 %.",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda progress: analysis.powers_figure(analysis.question8_powers(progress=progress)),
        right=_powers_share,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="*Seed 2026:* the bot with the powers wins 32 % of the 400 games (95 % interval 28 % to 37 %), "
                "against the fair share of 25 %: about one game in three instead of one in four. It also ends with "
                "fewer penalty points in this run, 794 on average against 845 for the three others (a gap given "
                "without its interval: read it as a description of this run). The edge in wins is real but "
                "modest. The bot can only play a power when it holds a CHA-CHING card (15 of the 120 cards), and "
                "it plays one only when it expects a re-roll or a trade to leave it fewer cards to change. The "
                "chart does not say which of the two powers does the work. Discarding the card to be rid of its 50 "
                "penalty points is open to the other bots too, though the run does not count how often each does "
                "it.",
    ),
    lesson_question(
        "cha_ching.q9",
        "**Question 9.** Two players. Your opponent is sure to go out on their next turn, and your hand cannot make "
        "the target 42. You may claim to go out anyway: a false go-out costs you the target, 42, and your opponent "
        "nothing. If you wait, their going out costs you your hand's penalty. Over fresh hands that cannot make "
        "42, how often (in %) is the false go-out the cheaper choice?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: analysis.false_out_html(42),
        right=lambda: percent_answer(variants._false_out(42), tolerance=1),  # the variant's tolerance
        variant=variants.false_out_variant,
        reading="About 99 %. A hand that misses 42 pays on average about 182.4 penalty points, more than four times "
                "the target: eight cards, with a `$` priced at your biggest card and a CHA-CHING card at 50, rarely "
                "add up to less. So the sheet's misplay penalty (the target) is mild next to a losing hand, and with "
                "two players a deliberate false go-out is the cheaper way out when the other is about to win the "
                "round, as it is for a fresh hand. The hand you hold then is not fresh (you have been shedding "
                "toward the target), so check your own hand's penalty against the target; and a hand holding a "
                "CHA-CHING card has other ways out this question leaves aside. With more players it is another "
                "question: a false go-out also spares every other opponent "
                "their penalties.",
    ),
)
