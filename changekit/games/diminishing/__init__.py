"""Diminishing Returns: feed the pot, take back a little less, be the last with money."""
from .moves import MOVES, Play, as_play
from .rules import GAME, DiminishingOptions, DiminishingReturns, DiminishingState, legal_moves
from .solver import Turn, Solution
from .table import game_size, mover_wins, solve_position
from .spec import SPEC

__all__ = [
    "GAME", "MOVES", "SPEC", "DiminishingOptions", "DiminishingReturns", "DiminishingState", "Turn", "Play",
    "Solution", "as_play", "game_size", "legal_moves", "mover_wins", "solve_position",
]
