# Start from the kit's memory bot, then change one thing.
#
# The memory bot remembers every card it has seen and swaps away its worst ones. Run as it is,
# it should beat the random bot clearly; change one of its decisions and measure again.
from changekit.games.cambio.bots import MemoryBot

kit_bot = MemoryBot()


def choose(view, legal, rng):
    return kit_bot.choose(view, legal, rng=rng)
