# Bid the cheapest bid nobody else is likely to match.
#
# Equal bids cancel: both bidders lose their money and win nothing. So guess what the others
# will bid (here: what they bid last round; in the first round, $1 and the small totals the
# equilibrium likes), and bid the cheapest total none of them is expected to bid.


def choose(view, legal, rng):
    buckets = view["buckets"]
    if view["phase"] == "claim":  # we won a claim: take the richest bucket left
        return max(legal, key=lambda i: sum(buckets[i]))
    me = view["you"]
    reveals = [data["totals"] for kind, data in view["log"] if kind == "reveal"]
    if reveals:  # last round's totals of the players still bidding
        expected = {t for p, t in enumerate(reveals[-1]) if p != me and p in view["active"] and t}
    else:
        expected = {1, 3, 4}
    free = [bid for bid in legal if sum(bid) not in expected]
    # the cheapest free total, with the fewest bills; if every total is expected, the cheapest
    return min(free or legal, key=lambda bid: (sum(bid), len(bid)))
