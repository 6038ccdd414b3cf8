"""Fresh instances of the lesson's questions (issue 46): the same idea with another number of
players or decks, the exact answer from :mod:`.analysis`. Pure Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from typing import Sequence

from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.stats.exact import mean
from changekit.games.variant_tools import (
    choice_answer, choice_variant, number_answer, percent_answer, percent_variant, rng_for,
)

from . import analysis
from .rules import hand_size
from .tricks import CARDS_PER_DECK, TRUMPS_PER_DECK

#: the tables a variant draws: the game's 4 to 7 players, with its 2 or 3 decks
TABLES = [(players, decks) for players in range(4, 8) for decks in (2, 3)]


def _table(qid: str, seed: int) -> tuple[int, int]:
    return rng_for(qid, seed).choice(TABLES)


#: how far from the expected number of trumps an answer may be (half a trump: the nearest whole number)
TRUMPS_TOLERANCE = 0.5


def trumps_answer(players: int, decks: int) -> KitAnswer:
    """Question 1's right answer at this table (the lesson's and its variants'): the exact
    expected number of trumps in a hand."""
    expected = mean(analysis.trump_count(players=players, decks=decks))
    return number_answer(expected, tolerance=TRUMPS_TOLERANCE, unit="trumps")


def trumps_variant(seed: int) -> QuestionInstance:
    """Question 1 with another table: the expected number of trumps in a hand."""
    players, decks = _table("zhao_pengyou.q1", seed)
    hand = hand_size(players, decks)
    answer = trumps_answer(players, decks)
    text = (f"**Question 1, your own numbers.** {players} players with {decks} decks "
            f"({decks * CARDS_PER_DECK} cards, {decks * TRUMPS_PER_DECK} of them trumps): you are dealt {hand} cards. "
            "How many trumps do you expect in your hand?")
    return QuestionInstance("zhao_pengyou.q1", seed, text, {"number": [0, hand], "unit": "trumps"}, answer.correct,
                            answer.exact)


@lru_cache(maxsize=None)
def _declare_chance(players: int, decks: int) -> Fraction:
    return analysis.declare_chance_exact(players=players, decks=decks, copies=1)


def declare_answer(players: int, decks: int) -> KitAnswer:
    """Question 2's right answer at this table (the lesson's and its variants'): the exact chance
    of at least one card of your level, give or take 2 percentage points."""
    return percent_answer(_declare_chance(players, decks), tolerance=2)


def declare_variant(seed: int) -> QuestionInstance:
    """Question 2 with another table: the chance of holding at least one card of your level."""
    players, decks = _table("zhao_pengyou.q2", seed)
    hand = hand_size(players, decks)
    text = (f"**Question 2, your own numbers.** {players} players with {decks} decks: you are dealt {hand} cards. "
            f"Each suit has {decks} cards of your level ({4 * decks} in all). What is the chance (in %) that your "
            "hand includes at least one of them?")
    return percent_variant("zhao_pengyou.q2", seed, text, _declare_chance(players, decks))  # declare_answer's


FRIEND_CHOICES = ["you, the host (then you play alone)", "each other player, more than you",
                  "you and each other player equally"]


def friend_answer(*, ordinal: int, players: int, decks: int, host_copies: int,
                  choices: Sequence[str] = FRIEND_CHOICES) -> KitAnswer:
    """Question 3's right answer (the lesson's and its variants'): who plays the called copy,
    exactly. ``choices`` say, in this order: the host; each other player; all alike."""
    seats = analysis.friend_seat(ordinal=ordinal, players=players, decks=decks, host_copies=host_copies)
    host, other = seats["host"], seats["seat +1"]
    right = choices[0] if host > other else choices[1] if other > host else choices[2]
    return choice_answer(right, f"You play it with probability {host} and each other player with probability "
                                f"{other}: {right}.")


def friend_variant(seed: int) -> QuestionInstance:
    """Question 3 with another table, another copy called and another number of copies you hold."""
    rng = rng_for("zhao_pengyou.q3", seed)
    players, decks = rng.choice(TABLES)
    host_copies = rng.randint(0, decks - 1)
    ordinal = rng.randint(1, decks)
    answer = friend_answer(ordinal=ordinal, players=players, decks=decks, host_copies=host_copies)
    nth = {1: "1st", 2: "2nd", 3: "3rd"}[ordinal]
    text = (f"**Question 3, your own numbers.** {players} players, {decks} decks (so {decks} copies of A♠). You hold "
            f"{host_copies} of them and call the {nth} A♠ played; every copy in play is equally likely to be the "
            f"{nth}. Who is likeliest to play it?")
    return choice_variant("zhao_pengyou.q3", seed, text, FRIEND_CHOICES, answer.correct["choices"], answer.exact)


@lru_cache(maxsize=None)
def _tractor_chance(players: int, decks: int) -> Fraction:
    return analysis.tractor_chance(players=players, decks=decks)


def tractor_answer(players: int, decks: int) -> KitAnswer:
    """Question 7's right answer at this table (the lesson's and its variants'): the exact chance
    that a dealt hand holds at least one tractor in any suit, give or take 2 percentage points."""
    return percent_answer(_tractor_chance(players, decks), tolerance=2)


def tractor_variant(seed: int) -> QuestionInstance:
    """Question 7 with another table: the chance that a dealt hand holds a tractor."""
    players, decks = _table("zhao_pengyou.q7", seed)
    hand = hand_size(players, decks)
    text = (f"**Question 7, your own numbers.** First deal: level 2, so the 2s are trumps; in this kit the 2s and "
            f"the jokers are never in a tractor (the rule sheet does not say: the kit's reading). {players} players "
            f"with {decks} decks ({decks * CARDS_PER_DECK} cards, {decks} copies of each card): you are dealt {hand} "
            "cards, a random hand after a thorough shuffle, looked at before any kitty exchange. What is the chance "
            "(in %) that your hand holds at least one tractor (two pairs of one suit on neighbouring ranks, 3 and 4 "
            "up to K and A; a card held three times counts as a pair), in any suit?")
    return percent_variant("zhao_pengyou.q7", seed, text, _tractor_chance(players, decks))  # tractor_answer's
