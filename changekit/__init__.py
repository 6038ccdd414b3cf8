"""changekit: eight small money and card games for teaching probability and strategy."""
from .registry import all_games, load_game

__version__ = "0.1.0"
__all__ = ["all_games", "load_game", "__version__"]
