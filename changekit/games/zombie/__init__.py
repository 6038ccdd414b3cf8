"""Make Your Own Change Night ("Zombie")."""
from .rules import GAME, Zombie, ZombieOptions, ZombieState, make_change, points_for

__all__ = ["GAME", "Zombie", "ZombieOptions", "ZombieState", "make_change", "points_for"]
