"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer
from changekit.stats.intervals import mean_interval

from . import analysis, variants, worked_examples as worked
from .rules import SHEET_THRESHOLDS

#: Question 3's choices, in the order variants.friend_answer takes them: the host; each other player; all alike
FRIEND_CHOICES = ["you, the host (then you play alone)", "a particular other player", "all four equally"]
POINTS_CHOICES = ["fewer than 110", "about 110", "more than 110"]


def points_answer() -> KitAnswer:
    """Question 4: the stored seeded run's mean attackers' points against the sheet's 110, by
    its 95 % interval (each deal dealt and played alone)."""
    break_even = SHEET_THRESHOLDS[1]
    deals = analysis._cached_deals(60, 0)  # the run the answer's charts show
    points = mean_interval([float(d["attackers_points"]) for d in deals])
    right = (POINTS_CHOICES[2] if points.low > break_even else POINTS_CHOICES[0] if points.high < break_even
             else POINTS_CHOICES[1])
    return choice_answer(right, f"{right.capitalize()}: in the seeded run of {len(deals)} deals the attackers "
                                f"averaged {points.value:.1f} points, 95 % interval {points.low:.1f}-"
                                f"{points.high:.1f}, against the break-even {break_even}.")


QUESTIONS = question_list(
    lesson_question(
        "zhao_pengyou.q1",
        "**Question 1.** How many trumps do you expect in your 39 cards? (The check also gives the chance of 18 or "
        "more — nearly half trumps.)",
        number=(0, 39),
        answer=lambda: [analysis.trump_count_html(), analysis.trump_count_figure()],
        variant=variants.trumps_variant,
        right=lambda: variants.trumps_answer(4, 3),
        reading="Exactly 13 on average (39 × 54/162 = one third of the hand), and the distribution is a bell around "
                "13: a hand with 18 or more trumps comes about once in 24 deals (4.1 %), one with 8 or fewer about as "
                "often. Note the count is for a *given* trump suit: the host chooses the suit after seeing cards, so "
                "this distribution does not describe the host's own hand.",
    ),
    lesson_question(
        "zhao_pengyou.q2",
        "**Question 2.** What is the chance (in %) that your 39 cards include at least one card of your level? (The "
        "check also gives two and three copies of one suit.)",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: analysis.declare_chances_html(deals=400, seed=0),
        variant=variants.declare_variant,
        right=lambda: variants.declare_answer(4, 3),
        reading="About 97 % of hands hold a card of the player's level, so almost everyone *could* declare; the "
                "simulation of 400 deals (everyone passing) agrees with the exact value within its 95 % interval. Two "
                'copies in one suit happen in 47 % of hands and all three in only 5 %: the "more copies override" '
                "rule makes a 2-card declaration a real claim, and a 3-card one final: with three decks nobody can "
                "show more copies.",
    ),
    lesson_question(
        "zhao_pengyou.q3",
        "**Question 3.** In that model, who is likeliest to play the 2nd A♠?",
        choices=FRIEND_CHOICES,
        answer=lambda: [analysis.friend_calls_html(), analysis.friend_seat_figure(ordinal=2, host_copies=1)],
        variant=variants.friend_variant,
        right=lambda: variants.friend_answer(ordinal=2, players=4, decks=3, host_copies=1, choices=FRIEND_CHOICES),
        reading="The 2nd copy is yours with probability 1/3 — more than any single other player (2/9 each). Calling a "
                "card you do not hold at all makes sure somebody else is the friend (1/3 each). Real play is not "
                "random, and the model's answer is no advice: you choose when to play your own copy, so by leading "
                "your ace early you make sure the 2nd copy is somebody else's. The joint distribution also tells you "
                "that one player holds all three unseen copies about 10.5 % of the time.",
    ),
    lesson_question(
        "zhao_pengyou.q4",
        "**Question 4.** On average, do the attackers take fewer than 110 points (the host's team goes up) or more?",
        choices=["fewer than 110", "about 110", "more than 110"],
        answer=lambda: [analysis.points_figure(deals=60, seed=0), analysis.level_change_figure(deals=60, seed=0)],
        right=points_answer,
        no_variant="its answer is a seeded run of whole deals played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="In the seeded run of 60 deals the attackers averaged about 129 points, 95 % interval 117-141 (each "
                "deal is dealt and played alone). That is a range for the bots' average over very many deals, and even "
                "its low end is above the 110 threshold. Another seed's average over 60 deals would land inside it "
                "only about 5 times in 6. In this run the attackers went up in 39 deals, the host's team in 21 (never "
                "by 3: a 0-point deal did not happen). The bots' hosts never bury point cards, so the doubled kitty "
                "never counted. The break-even, 110 of the 300 points, is well below the middle: in these deals the "
                "attackers went up in 65 % of them (95 % interval 52-76 %): with these bots the attackers come out "
                "ahead. The run cannot say how much of that is the low threshold and how much the bots' play (2 "
                "attackers against the host and the friend, hosts who never bury points).",
    ),
    lesson_question(
        "zhao_pengyou.q5",
        "**Question 5.** Trumps are ♥ and the trump rank is 2. Seat 1 leads the tractor 7♠7♠8♠8♠. Seat 2 holds five "
        "spades, one pair among them, and plays A♠A♠Q♠J♠. Seats 3 and 4 hold no spades: seat 3 plays 3♥3♥4♥4♥, "
        "seat 4 plays A♥A♥Q♥Q♥. Each play follows the rules. Who wins the trick?",
        choices=worked.TRICK_CHOICES,
        answer=worked.trick_html,
        right=worked.trick_right,
        no_variant="it asks about one fixed trick, chosen to show the shape rule at work; its answer is the play-"
                   "through of that trick, not a number a student's own trick could be checked against",
        reading="Seat 3 wins. Against a tractor, only a tractor of the same length can win, all in the led suit or "
                "all trumps; among those the highest card decides. Seats 3 and 4 have no spades, so they may play any "
                "cards, trumps included. By the kit's reading, seat 2 had to follow spades and play its pair, but "
                "A♠A♠Q♠J♠ is not a tractor, so its aces cannot win. Seat 4 has two pairs of high trumps, yet A and Q "
                "are not adjacent (K♥ lies between them, and K is not the trump rank, so it is not skipped): no "
                "tractor either. Seat 3's low trumps are a tractor, and a "
                "trump tractor beats a spade one. What a follower owes a tractor is the kit's reading (the sheet is "
                "silent): a tractor if you hold one, else your pairs, up to the lead's two. Seat 2 holds only one "
                "spade pair, so it cannot make a tractor whatever it owes: the winner does not depend on that "
                "reading.",
    ),
    lesson_question(
        "zhao_pengyou.q6",
        "**Question 6.** The host buried K♣ 10♦ 10♠ 5♥ 9♣ 3♦ in the kitty (35 points). The attackers took 100 "
        "points in tricks, and they win the last trick. Who goes up, and by how many levels?",
        choices=worked.KITTY_CHOICES,
        answer=lambda: [worked.kitty_html(), worked.kitty_figure()],
        variant=worked.kitty_variant,
        right=worked.kitty_right,
        reading="The attackers go up 2 levels: 100 + 2 × 35 = 170 points, in the 165-215 band. Had the host's team "
                "won the last trick, the kitty would not count: 100 points, and the host's team would go up 1. So "
                "burying points is a bet on the last trick: with 35 points buried, whoever wins the last trick decides "
                "between the host's team up 1 and the attackers up 2. Counting the kitty at all, and doubling it, is "
                "the kit's rule: the sheet does not mention the kitty's points. Counted once, they would give 135 "
                "points (attackers up 1); not counted, as the sheet literally reads, 100 (host's team up 1). "
                "Levels stop at A.",
    ),
    lesson_question(
        "zhao_pengyou.q7",
        "**Question 7.** In the first deal everyone is at level 2, so the 2s are trumps. In this kit the "
        "trump-rank cards (here the 2s) and the jokers are never part of a tractor: the rule sheet does not say, "
        "so this is the kit's reading. A tractor is then two pairs of one suit on neighbouring ranks, from "
        "3♣3♣4♣4♣ up to K♦K♦A♦A♦ (a card held three times counts as a pair when you lead a tractor). With 4 "
        "players and 3 decks you are dealt 39 of the 162 cards; 6 go to the kitty. Assume a thorough shuffle: "
        "your 39 cards are then a random 39 of the 162, so the kitty and the other players' hands do not matter. "
        "Look at your hand as dealt, before any kitty exchange. What is the chance (in %) that your hand holds at "
        "least one tractor, in any suit?",
        slider=(0, 100, 1),
        unit="%",
        answer=lambda: [analysis.tractor_html(deals=1000, seed=0), analysis.tractor_figure(deals=1000, seed=0)],
        variant=variants.tractor_variant,
        right=lambda: variants.tractor_answer(4, 3),
        reading="About 58 % (57.9 %): more likely than not. One particular tractor, such as 7♠7♠8♠8♠, is rare: a "
                "hand holds it in about one deal in 51 (1.9 %). But there are 44 places for a tractor: 11 pairs of "
                "neighbouring ranks (3-4 up to K-A) in each of the 4 suits. Many small chances together make a large "
                "one, as in the birthday problem. Adding up the 44 small chances gives 0.86, but that is the average "
                "number of tractors in a hand, not the chance of holding one: a hand with two tractors counts twice "
                "in that sum (3-3-4-4-5-5 counts as two). So the chance of at least one is below 86 %; how far below "
                "takes the exact count: 57.9 %. In one named suit the chance is only 18 %. The exact count goes like "
                "this: count the hands with no tractor at all (going along each suit, never two neighbouring ranks "
                "each held twice or more), divide by the number of all possible 39-card hands, and subtract the "
                "result from 1. The rules engine also dealt 1,000 deals: seat 1's hand held a tractor in 59.4 % of "
                "them. The 95 % interval around that 59.4 %, 56.3-62.4 %, is built so that 19 runs in 20 would "
                "catch the engine's long-run share; the exact 57.9 % lies inside it, so the engine and the count "
                "agree. In this kit's reading the level does not change the answer: whatever the trump rank, "
                "skipping it leaves 12 ranks in a row in each suit, the trump suit included. If the trump rank broke "
                "the run instead, the first deal would be the same (2 sits at the end of the row), but at level 8 "
                "each suit splits into two runs of 6 ranks (2-7 and 9-A), and a hand would hold a tractor less "
                "often: about 54.6 %.",
    ),
)
