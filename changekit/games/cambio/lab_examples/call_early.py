# Call Cambio early.
#
# Calling ends the game a round later: good when your grid is low, bad when others have had time
# to improve theirs. This bot calls as soon as it may after its first few turns, and otherwise
# plays like the kit's memory bot. Compare its win rate with kit_memory_bot's.
from changekit.games.cambio.bots import MemoryBot

kit_bot = MemoryBot()


def choose(view, legal, rng):
    if "cambio" in legal and view["turn"] >= 8:  # view['turn'] counts every player's turns
        return "cambio"
    return kit_bot.choose(view, legal, rng=rng)
