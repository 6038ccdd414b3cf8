# Bid cheaply: never more than half a number card's worth.
#
# In the bidding phase the moves are Pass() and the bids (Bid(3): three workers). The card on
# offer, view['offer'], is a number card (an int) or a special card (a word). A bargain hunter
# bids the smallest number of workers while that is at most half a number card, and passes above
# that (or on a special card). Every other decision is the kit's value bot's. Does thrift pay?
from changekit.games.big_cheese.bots import ValueBot
from changekit.games.big_cheese.moves import Bid, Pass

kit_bot = ValueBot()


def choose(view, legal, rng):
    bids = [move for move in legal if isinstance(move, Bid)]
    if view["phase"] == "bid" and bids and Pass() in legal:
        cheapest = min(bids, key=lambda bid: bid.workers)
        offer = view["offer"]
        if isinstance(offer, int) and cheapest.workers * 2 <= offer:
            return cheapest
        return Pass()
    return kit_bot.choose(view, legal, rng=rng)
