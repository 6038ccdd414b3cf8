# Keep the most money this turn.
#
# A move is Play(bill, *take): move.bill goes into the pot, move.take comes back (highest first).
# rules.kept(move) is what a move leaves you: the money you take back minus the bill you play.
# Losing as little as possible each turn sounds safe. Is it? The lab's exact comparison shows
# how often this bot throws away a won position, and its first losing move.
from changekit.games.diminishing.rules import kept


def choose(view, legal, rng):
    # ties: take back more bills (more turns later)
    return max(legal, key=lambda move: (kept(move), len(move.take)))
