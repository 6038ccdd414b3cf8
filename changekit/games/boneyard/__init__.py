"""Boneyard: a silent-bid auction for five buckets of money.

The class auction's rules are here too (``class_auction``: one first round with the whole class,
settled by the engine, the equilibrium beside it); the classroom's pages (changekit.classroom.auction)
use them through these names."""
from .analysis import ClassReport, best_response_to_class, expected_payoffs, exploitability, first_round_equilibrium
from .class_auction import AuctionResult, Outcome, check_bid, resolve_auction, settled_bids
from .model import FIRST_ROUND_BIDS, FIRST_ROUND_BUCKETS, MAX_CLASS_PLAYERS
from .rules import (
    GAME, START_BILLS, Boneyard, BoneyardOptions, BoneyardState, BoneyardView, RoundResult, bid, claim,
    possible_bids, resolve_round,
)
from .spec import SPEC

__all__ = [
    "AuctionResult", "Outcome", "check_bid", "resolve_auction", "settled_bids",
    "FIRST_ROUND_BIDS", "FIRST_ROUND_BUCKETS", "GAME", "MAX_CLASS_PLAYERS", "SPEC", "START_BILLS", "Boneyard",
    "BoneyardOptions", "BoneyardState", "BoneyardView", "ClassReport", "RoundResult", "best_response_to_class",
    "bid", "claim", "expected_payoffs", "exploitability", "first_round_equilibrium", "possible_bids",
    "resolve_round",
]
