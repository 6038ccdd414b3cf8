"""Moneybags: hidden loot bags, stealing and challenges."""
from .moves import MOVES, Accept, Challenge, Close, Diamond, Fill, Jiggle, Stand, Steal
from .rules import GAME, Moneybags, MoneybagsOptions, MoneybagsState, height, jiggle, jiggle_likelihood
from .spec import SPEC

__all__ = [
    "GAME", "MOVES", "SPEC", "Accept", "Challenge", "Close", "Diamond", "Fill", "Jiggle", "Moneybags",
    "MoneybagsOptions", "MoneybagsState", "Stand", "Steal", "height", "jiggle", "jiggle_likelihood",
]
