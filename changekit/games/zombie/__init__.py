"""Make Your Own Change Night ("Zombie")."""
from .analysis import expected_points_table, points_distribution
from .rules import GAME, Zombie, ZombieOptions, ZombieState, make_change, points_for
from .spec import SPEC

__all__ = [
    "GAME", "SPEC", "Zombie", "ZombieOptions", "ZombieState", "expected_points_table", "make_change",
    "points_distribution", "points_for",
]
