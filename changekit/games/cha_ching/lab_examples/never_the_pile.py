# Never take the discard pile.
#
# Taking the top discard tells everyone what you are collecting, and the deck might be better.
# This bot always draws from the deck ('deck') and otherwise plays like the kit's greedy bot.
# Is the pile worth taking? Compare with kit_greedy_bot over the same seed.
from changekit.games.cha_ching.bots import GreedyBot

kit_bot = GreedyBot()


def choose(view, legal, rng):
    if "deck" in legal:
        return "deck"
    return kit_bot.choose(view, legal, rng=rng)
