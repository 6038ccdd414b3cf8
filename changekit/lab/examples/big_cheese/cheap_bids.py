# Bid cheaply: never more than half a number card's worth.
#
# In the bidding phase the moves are 'pass' and the bids (whole numbers of workers). The card on
# offer, view['offer'], is a number card (an int) or a special card (a word). A bargain hunter
# bids the smallest number of workers while that is at most half a number card, and passes above
# that (or on a special card). Every other decision is the kit's value bot's. Does thrift pay?
from changekit.games.big_cheese.bots import ValueBot

kit_bot = ValueBot()


def choose(view, legal, rng):
    bids = [move for move in legal if isinstance(move, int) and not isinstance(move, bool)]
    if view["phase"] == "bid" and bids and "pass" in legal:
        offer = view["offer"]
        if isinstance(offer, int) and min(bids) * 2 <= offer:
            return min(bids)
        return "pass"
    return kit_bot.choose(view, legal, rng=rng)
