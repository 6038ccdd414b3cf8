# Most expected points now (the kit's greedy idea, in your own words).
#
# When you pay the Zombie, the bill you give and the bills the Zombie then draws decide your
# points. Over the bills you cannot see (the deck and the other hands), the kit counts exactly
# how many points each bill is worth on average: model.expected_points. Pay the bill with the
# most. The lab's exact comparison should say this bot gives away 0 expected points.
from changekit.games.zombie.bots import position          # (the Zombie's bills, the unseen pool)
from changekit.games.zombie.model import expected_points


def choose(view, legal, rng):
    zombie, pool = position(view)
    # ties: the smaller bill, so big bills stay in hand for later
    return max(legal, key=lambda bill: (expected_points(bill, zombie, pool), -bill))
