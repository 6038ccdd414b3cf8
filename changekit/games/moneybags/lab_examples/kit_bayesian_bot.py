# Start from the kit's Bayesian challenger, then change one thing.
#
# It keeps exact odds of where the diamond is, updates them on every jiggle and steal it sees,
# and challenges when the odds say so. Run as it is, then change one decision and measure.
from changekit.games.moneybags.bots import BayesianChallenger

kit_bot = BayesianChallenger()


def choose(view, legal, rng):
    return kit_bot.choose(view, legal, rng=rng)
