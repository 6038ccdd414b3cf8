"""The pieces every game is built from."""
from .bots import Bot, RandomBot, play_out, play_turns
from .cards import Card, standard_deck
from .errors import ChangekitError, IllegalAction, InvalidArgument, InvalidSave
from .money import DENOMINATIONS, Bill, Dollars, Money, change_deck
from .options import Between, choices
from .rng import GameRng
from .state import Event, Game, GameType, Options, Player, State, default_names, leaders

__all__ = [
    "Between", "Bill", "Bot", "Card", "ChangekitError", "DENOMINATIONS", "Dollars", "Event", "Game", "GameRng",
    "GameType", "IllegalAction", "InvalidArgument", "InvalidSave", "Money", "Options", "Player", "RandomBot", "State",
    "change_deck", "choices", "default_names", "leaders", "play_out", "play_turns", "standard_deck",
]
