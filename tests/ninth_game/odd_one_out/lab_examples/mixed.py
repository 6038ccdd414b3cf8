# Mix your picks: 3 most often, but not always (a pure 3 is easy to match).
def choose(view, legal, rng):
    return legal[-1] if rng.random() < 0.5 else rng.choice(legal)
