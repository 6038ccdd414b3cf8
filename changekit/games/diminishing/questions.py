"""The lesson's questions, in the order its notebook asks them (drawn there with
``Question.of(QUESTIONS[qid])``; the teacher's dashboard reads them from here)."""
from __future__ import annotations

import math

from changekit.core.questions import KitAnswer, lesson_question, question_list
from changekit.games.variant_tools import choice_answer, percent

from . import analysis, three_players, variants
from .rules import STANDARD_PURSE
from .solver import START_COUNTS


def start_answer() -> KitAnswer:
    """Question 2: who wins from the standard purses (the variant's answer), and the share of
    reachable positions the player to move wins."""
    winner = variants.start_answer(STANDARD_PURSE, STANDARD_PURSE)
    full = analysis.solve_start()
    every = "every opening has a winning answer" if all(o.winning_replies for o in full.openings) else (
        "some opening has no winning answer")
    return choice_answer(winner.correct["choices"],
                         f"{winner.exact[:-1]}: {every}. The player to move wins {full.mover_wins:,} of the "
                         f"{full.positions:,} reachable positions ({percent(full.mover_win_share)}).")


#: Question 3's choices, each with its power of ten (the last one: that power or more)
GAMES_CHOICES = {"about a million": 6, "about 10¹²": 12, "about 10²⁰ or more": 20}


def games_answer() -> KitAnswer:
    """Question 3: the choice nearest the exact number of games from the standard start."""
    games = analysis.count_games(START_COUNTS)
    power = math.log10(games)
    top = max(GAMES_CHOICES.values())
    right = min(GAMES_CHOICES, key=lambda c: max(0.0, top - power) if GAMES_CHOICES[c] == top
                else abs(power - GAMES_CHOICES[c]))
    positions = analysis.solve_start().positions
    return choice_answer(right, f"Exactly {games:,} different games, {variants.about_power(games)}, against "
                                f"{positions:,} reachable positions.")


TAKE_LESS_CHOICES = ["no, never", "yes, to keep more bills", "yes, to keep bigger bills"]


def take_less_answer() -> KitAnswer:
    """Question 4: the scan of every position reachable from the standard start for a single
    winning move that takes back less than its bill allows, and what that move keeps."""
    scan = analysis.take_less_positions(examples=0)
    if not scan.only_move_takes_less:
        return choice_answer(TAKE_LESS_CHOICES[0], f"No: in none of the {scan.positions:,} reachable positions "
                                                   "is the only winning move one that takes back less.")
    fewer = scan.only_move_takes_less - scan.more_bills
    right = TAKE_LESS_CHOICES[1] if scan.more_bills > fewer else TAKE_LESS_CHOICES[2]
    return choice_answer(right, f"{right[0].upper()}{right[1:]}: in {scan.only_move_takes_less} of the "
                                f"{scan.positions:,} reachable positions the only winning move takes back less than "
                                f"it could, and in {scan.more_bills} of those it brings back more bills than the "
                                "largest take-back.")


LENGTH_CHOICES = ["longer", "about the same", "shorter"]


def lengths_answer() -> KitAnswer:
    """Question 5: the seeded runs' difference of mean lengths and its 95 % interval."""
    runs = analysis.lengths_runs()
    perfect, random_ = runs["perfect vs perfect"], runs["random vs random"]
    difference = analysis.length_difference(perfect, random_)
    right = (LENGTH_CHOICES[0] if difference.low > 0 else LENGTH_CHOICES[2] if difference.high < 0
             else LENGTH_CHOICES[1])
    means = [analysis.length_summary(r)["mean"] for r in (perfect, random_)]
    return choice_answer(right, f"{right.capitalize()}: in the seeded runs of {sum(perfect.values())} games each, "
                                f"perfect games last {means[0]:.1f} turns on average and random ones "
                                f"{means[1]:.1f}; the difference, {difference.value:.1f}, has the 95 % interval "
                                f"{difference.low:.1f}-{difference.high:.1f}.")


def against_perfect_answer() -> KitAnswer:
    """Question 6: the bots that won at least 10 % of the seeded run's games against the perfect
    bot, or none of them."""
    matchups = analysis.against_perfect(games=100, seed=1)
    winners = [f"yes, {m.bot}" for m in matchups if m.rate.value >= 0.1]
    rates = ", ".join(f"{m.bot} {percent(m.rate.value)} (95 % interval up to {percent(m.rate.high)})"
                      for m in matchups)
    shown = " or ".join(winners) if winners else "None of them"
    return choice_answer(winners or "none of them",
                         f"{shown[0].upper()}{shown[1:]}: in the seeded run of {matchups[0].games} games each "
                         f"against the perfect bot the rules of thumb won {rates}.")


QUESTIONS = question_list(
    lesson_question(
        "diminishing.q1",
        "**Question 1.** In the tiny game, would you rather move first or second?",
        choices=["first", "second", "it makes no difference"],
        answer=lambda: [analysis.tree_figure(analysis.game_tree((3, 1))), analysis.tiny_game_html((3, 1))],
        variant=variants.tiny_variant,
        right=lambda: variants.seat_answer(analysis.TINY_PURSE, analysis.TINY_PURSE),
        reading="Thick green lines are the winning moves. Whatever the first player does, the second has an answer "
                "that leaves the first in a lost position. Note how *few* positions there are: the same position is "
                'reached by different orders of moves, so the "tree" folds into a small graph. That folding is what '
                "makes the full game solvable too.",
    ),
    lesson_question(
        "diminishing.q2",
        "**Question 2.** With the standard purses, who wins with perfect play? (The check also gives the share of "
        "reachable positions that are wins for the player about to move.)",
        choices=["the first player", "the second player"],
        answer=lambda: analysis.start_html(),
        variant=variants.start_variant,
        right=start_answer,
        reading="Every opening has winning answers, so the second player wins; just over half of all reachable "
                "positions are wins for the player to move. That share says nothing about traps; what does is how few "
                "moves keep a won position won. Try the app with hints on and count the moves that keep a winning "
                "position winning: in some positions only one does.",
    ),
    lesson_question(
        "diminishing.q3",
        "**Question 3.** How many different games (sequences of moves from the start to the end) are there?",
        choices=["about a million", "about 10¹²", "about 10²⁰ or more"],
        answer=lambda: analysis.games_count_html(),
        variant=variants.games_variant,
        right=games_answer,
        reading="Far more games than positions: the same positions come back in different orders, so solving position "
                "by position works where listing games never could.",
    ),
    lesson_question(
        "diminishing.q4",
        "**Question 4.** Is there ever a reason to take back *less* money than you could?",
        choices=["no, never", "yes, to keep more bills", "yes, to keep bigger bills"],
        answer=lambda: [analysis.take_less_html((10, 7, 5, 3, 1), examples=4), analysis.take_less_html(examples=5)],
        right=take_less_answer,
        no_variant="it asks whether a kind of move is ever the only winning one, a fact about the whole game "
                   "found by scanning every position, not a number that changes with a parameter a student "
                   "could be given",
        reading="**Bills are turns.** Every turn you must put in one bill, so the bills you hold are the turns you "
                "can surely still play: five 1s are five more turns, while a 5 is one turn (and you can only take "
                "back 4 with it); taking back two small bills for one big one buys turns. Near the end, what matters "
                "is who runs out of turns first, not who has more dollars; the winning move trades money for bills. "
                "It is rare in the standard game but decisive where it happens, and a greedy player never finds it.",
    ),
    lesson_question(
        "diminishing.q5",
        "**Question 5.** Are games between two perfect players longer or shorter than games between two players "
        "moving at random?",
        choices=["longer", "about the same", "shorter"],
        answer=lambda progress: analysis.lengths_answer(games=150, progress=progress),
        right=lengths_answer,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="Perfect games last about twice as long (in the seeded run: about 56 turns against about 29). The "
                "difference, 27.8 turns, has the 95 % interval 27.0-28.7 (two separate runs of 150 games, so their "
                "standard errors add in squares). That is a range for the long-run difference, far from zero; "
                "the difference from another seed's pair of runs would land inside it only about 5 times in 6. The 92 "
                "dollars in the two purses drain by at least one dollar a turn; random players often take back much "
                "less than the rules allow, so each of their turns costs several dollars, while a perfect player in a "
                "lost position gives away as little as it can. (The perfect bot's moves are random among its winning "
                "moves, so perfect games still vary in length.)",
    ),
    lesson_question(
        "diminishing.q6",
        "**Question 6.** Will any of the rules of thumb win even 10 % of its games against the perfect bot?",
        choices=["yes, max take-back", "yes, keep small bills", "yes, random", "none of them"],
        answer=lambda: analysis.matchups_figure(analysis.against_perfect(games=100, seed=1)),
        right=against_perfect_answer,
        no_variant="its answer is a seeded run of whole games played by bots, not an exact computation a "
                   "student's own numbers could be checked against",
        reading="The perfect bot wins from either seat: even when it moves first (a lost position in theory) the "
                "heuristic players soon make a losing move, and from then on the perfect bot never lets the win go. A "
                "win rate near 0 with a narrow interval is itself a result: these rules of thumb are far from perfect "
                "play.",
    ),
    lesson_question(
        "diminishing.q7",
        "**Question 7.** Three players each start with a `$5`, a `$3` and a `$1`; the pot is empty. Can one seat "
        "make sure of winning, whatever the other two do?",
        choices=three_players.THREE_CHOICES,
        answer=lambda: [three_players.seats_figure(three_players.seats_by_purse()), three_players.kingmaker_html()],
        variant=three_players.three_player_variant,
        right=three_players.lesson_answer,
        reading="**No seat can.** The kit solves this game exactly, once for each seat: that seat against the other "
                "two playing as a team. Each time, the team has a way to stop it. But the other two cannot play "
                "against every seat in the same game, because someone always wins; so this game has no single "
                "\"perfect play\" result: whether a seat wins depends on how the other two play. The play-through "
                "is one way the game can go, not good play (at turn 3 the third player gives up a sure win). After "
                "three turns, every move the first player can make leaves the second or the third player able "
                "to make sure of winning, and the move decides which. In that position the first player cannot win "
                "for sure, but chooses who can: a *kingmaker*. The chart counts every purse of one to three bills: "
                "with one or two bills each, the third seat can make sure of winning; with three, no seat can for "
                "24 of the 35 purses, the third seat for the other 11, the first and second never. The kit checks "
                "this for small purses only.",
    ),
)
