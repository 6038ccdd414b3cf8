"""The Big Cheese: bid workers on projects, roll dice for points (expected value against variance)."""
from .rules import GAME, BigCheese, BigCheeseOptions, BigCheeseState, full_deck, payout_distribution

__all__ = ["GAME", "BigCheese", "BigCheeseOptions", "BigCheeseState", "full_deck", "payout_distribution"]
