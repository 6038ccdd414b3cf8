"""Boneyard: a silent-bid auction for five buckets of money.

The class auction (changekit.classroom.auction) plays one first round with the whole class through
these names: the starting bills, the buckets, the round's settling and its equilibrium analysis."""
from .analysis import ClassReport, best_response_to_class, expected_payoffs, exploitability, first_round_equilibrium
from .model import FIRST_ROUND_BIDS, FIRST_ROUND_BUCKETS, MAX_CLASS_PLAYERS
from .rules import (
    GAME, START_BILLS, Boneyard, BoneyardOptions, BoneyardState, BoneyardView, RoundResult, bid, claim,
    possible_bids, resolve_round,
)
from .spec import SPEC

__all__ = [
    "FIRST_ROUND_BIDS", "FIRST_ROUND_BUCKETS", "GAME", "MAX_CLASS_PLAYERS", "SPEC", "START_BILLS", "Boneyard",
    "BoneyardOptions", "BoneyardState", "BoneyardView", "ClassReport", "RoundResult", "best_response_to_class",
    "bid", "claim", "expected_payoffs", "exploitability", "first_round_equilibrium", "possible_bids",
    "resolve_round",
]
