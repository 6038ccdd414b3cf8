"""Boneyard: a silent-bid auction for five buckets of money."""
from .analysis import best_response_to_class, expected_payoffs, exploitability, first_round_equilibrium
from .rules import (
    GAME, Boneyard, BoneyardOptions, BoneyardState, BoneyardView, RoundResult, bid, claim, possible_bids,
    resolve_round,
)
from .spec import SPEC

__all__ = [
    "GAME", "SPEC", "Boneyard", "BoneyardOptions", "BoneyardState", "BoneyardView", "RoundResult",
    "best_response_to_class", "bid", "claim", "expected_payoffs", "exploitability", "first_round_equilibrium",
    "possible_bids", "resolve_round",
]
