# Close my bag at once.
#
# A closed bag cannot be robbed any more, but it cannot grow either. This bot closes its bag the
# first time it may (Close() is a legal move) and otherwise plays like the kit's Bayesian bot.
# Does caution pay? Compare with kit_bayesian_bot over the same seed.
from changekit.games.moneybags.bots import BayesianChallenger
from changekit.games.moneybags.moves import Close

kit_bot = BayesianChallenger()


def choose(view, legal, rng):
    if Close() in legal:
        return Close()
    return kit_bot.choose(view, legal, rng=rng)
