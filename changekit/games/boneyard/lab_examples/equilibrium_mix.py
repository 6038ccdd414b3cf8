# Bid like the first round's equilibrium.
#
# If everyone else bids at random with the equilibrium mix, no single bid earns more than any
# other, so nobody gains by changing alone (it does not protect you from players who change
# together, or from a class that does not play it). The kit stores the mix for 2-8 bidders (model.EQUILIBRIUM_TABLE: bid
# total -> probability). Draw a total from it, keep only the totals your bills can make.
# The lab's exact comparison should find an exploitability close to $0 (sampling error only).
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE


def choose(view, legal, rng):
    buckets = view["buckets"]
    if view["phase"] == "claim":  # we won a claim: take the richest bucket left
        return max(legal, key=lambda i: sum(buckets[i]))
    # one bid for each total: the fewest bills (written last, so it stays), keeping the rest
    by_total = {sum(bid): bid for bid in sorted(legal, key=len, reverse=True)}
    mix = EQUILIBRIUM_TABLE.get(min(len(view["active"]), 8), {})
    totals = [t for t in sorted(mix) if t in by_total]
    if not totals:
        return min(legal, key=sum)
    total = rng.choices(totals, weights=[mix[t] for t in totals])[0]
    return by_total[total]

