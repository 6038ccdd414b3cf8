"""Moneybags: hidden loot bags, stealing and challenges."""
from .rules import GAME, Moneybags, MoneybagsOptions, MoneybagsState, height, jiggle, jiggle_likelihood
from .spec import SPEC

__all__ = ["GAME", "SPEC", "Moneybags", "MoneybagsOptions", "MoneybagsState", "height", "jiggle", "jiggle_likelihood"]
