"""The Big Cheese: bid workers on projects, roll dice for points (expected value against variance)."""
from .rules import GAME, BigCheese, BigCheeseOptions, BigCheeseState, full_deck, payout_distribution
from .spec import SPEC

__all__ = ["GAME", "SPEC", "BigCheese", "BigCheeseOptions", "BigCheeseState", "full_deck", "payout_distribution"]
