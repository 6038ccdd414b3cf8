"""Moneybags: hidden loot bags, stealing and challenges."""
from .rules import GAME, Moneybags, MoneybagsOptions, MoneybagsState, height, jiggle, jiggle_likelihood

__all__ = ["GAME", "Moneybags", "MoneybagsOptions", "MoneybagsState", "height", "jiggle", "jiggle_likelihood"]
