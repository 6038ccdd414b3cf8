# Pay with the smallest bill.
#
# An idea many players start with: "keep my big bills for later". Test it, then look at the
# lab's exact comparison: how many expected points does it give away per payment, against the
# bill with the most expected points now? (Often a big bill is the better payment.)


def choose(view, legal, rng):
    return min(legal)
