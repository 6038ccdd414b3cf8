# Pick what was picked least last round (the contrarian's idea, in your own words).
def choose(view, legal, rng):
    last = view["last"] or []
    return min(legal, key=lambda n: (last.count(int(n)), -int(n)))
