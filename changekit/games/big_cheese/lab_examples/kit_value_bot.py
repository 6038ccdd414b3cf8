# Start from the kit's value bot, then change one thing.
#
# The kit's bots are plain Python you may use: this runs the value bot (it bids up to what a
# card is worth to it) for every move. Test it, then change one decision at a time (below: never
# bid more than half the offer) and see whether the win rate moves beyond its interval.
from changekit.games.big_cheese.bots import ValueBot

kit_bot = ValueBot()


def choose(view, legal, rng):
    return kit_bot.choose(view, legal, rng=rng)
