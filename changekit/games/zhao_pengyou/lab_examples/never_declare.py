# Never declare a trump suit.
#
# While the cards are dealt a player may show a trump-rank card to declare trumps (and perhaps
# become the host). This bot always passes then ('pass') and otherwise plays like the kit's
# heuristic bot: how much is declaring worth? Compare with kit_heuristic_bot over the same seed.
from changekit.games.zhao_pengyou.bots import HeuristicBot

kit_bot = HeuristicBot()


def choose(view, legal, rng):
    if view["phase"] == "deal" and "pass" in legal:
        return "pass"
    return kit_bot.choose(view, legal, rng=rng)
