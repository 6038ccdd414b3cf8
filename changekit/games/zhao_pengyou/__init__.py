"""Zhao Pengyou (找朋友): trick-taking with levels, declared trumps, a called friend and tractors."""
from .rules import GAME, ZhaoPengyou, ZhaoPengyouOptions, ZhaoPengyouState, level_change
from .tricks import shape_of, trick_winner
from .spec import SPEC

__all__ = [
    "GAME", "SPEC", "ZhaoPengyou", "ZhaoPengyouOptions", "ZhaoPengyouState", "level_change", "shape_of",
    "trick_winner",
]
