"""The Big Cheese: bid workers on projects, roll dice for points (expected value against variance)."""
from .moves import MOVES, Bid, Keep, Pass, Reroll, Veto
from .rules import GAME, BigCheese, BigCheeseOptions, BigCheeseState, full_deck, payout_distribution
from .spec import SPEC

__all__ = [
    "GAME", "MOVES", "SPEC", "Bid", "BigCheese", "BigCheeseOptions", "BigCheeseState", "Keep", "Pass", "Reroll", "Veto",
    "full_deck", "payout_distribution",
]
