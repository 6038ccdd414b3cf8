# Start from the kit's greedy bot, then change one thing.
#
# The greedy bot counts how many cards it still needs to change to reach the target, and plays
# what brings that down most. Run as it is, then change one decision and measure again.
from changekit.games.cha_ching.bots import GreedyBot

kit_bot = GreedyBot()


def choose(view, legal, rng):
    return kit_bot.choose(view, legal, rng=rng)
