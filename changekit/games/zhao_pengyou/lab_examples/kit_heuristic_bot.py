# Start from the kit's heuristic bot, then change one thing.
#
# It leads its sure winners, follows cheaply when its side cannot win the trick, and gives
# points to a friend who is winning. Run it as it is, then change one decision and measure.
from changekit.games.zhao_pengyou.bots import HeuristicBot

kit_bot = HeuristicBot()


def choose(view, legal, rng):
    return kit_bot.choose(view, legal, rng=rng)
