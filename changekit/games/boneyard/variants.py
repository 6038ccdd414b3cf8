"""Fresh instances of the lesson's questions (issue 46): the same idea with another number of
bidders or another class's bids, the answer from :mod:`.analysis` (the stored equilibrium mixes,
the exact best response). Pure Python: no widgets."""
from __future__ import annotations

from typing import Iterable

from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import choice_variant, percent_variant, rng_for

from . import analysis
from .analysis import ClassReport
from .model import EQUILIBRIUM_TABLE, FIRST_ROUND_BIDS

#: the table sizes the game seats (and the stored mixes cover)
TABLE_SIZES = range(3, 9)


def equilibrium_variant(seed: int) -> QuestionInstance:
    """Question 1 with another number of players: how often the equilibrium bids `$1`."""
    players = rng_for("boneyard.q1", seed).choice(TABLE_SIZES)
    mix = EQUILIBRIUM_TABLE[players]
    top = max(t for t, p in mix.items() if p > 0)
    text = (f"**Question 1, your own numbers.** {players} players, first round. In the equilibrium, how often (in %) "
            "should you bid the cheapest bid, `$1`?")
    # the stored mix (rounded to ten digits) is within 10⁻⁹ of the equilibrium: far inside the tolerance
    return percent_variant("boneyard.q1", seed, text, mix[1], tolerance=3,
                           note=f"Nothing above ${top} is ever bid at {players} players")


#: what a class bids, roughly as classes do: many small totals, a few big ones
CLASS_TOTALS = (1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 9, 10, 10, 11, 13, 15)


def best_reply_exact(report: ClassReport, totals: Iterable[int]) -> str:
    """What ``totals`` earn against the class (each to three decimals), and its best bids."""
    pays = report.payoffs
    return ("; ".join(f"${t}: {float(pays[t]):+.3f}" for t in sorted(set(totals)))
            + f". Best: {', '.join(f'${t}' for t in report.best)}.")


def class_variant(seed: int) -> QuestionInstance:
    """Question 4 with another class's fifteen bids and another table size: the best reply."""
    rng = rng_for("boneyard.q4", seed)
    players = rng.randint(3, 5)
    bids = sorted(rng.choice(CLASS_TOTALS) for _ in range(15))
    report = analysis.best_response_to_class(bids, players)
    counts = {t: bids.count(t) for t in set(bids)}
    popular = max(counts, key=lambda t: (counts[t], -t))
    above = next(t for t in FIRST_ROUND_BIDS if t > popular)
    candidates = [*report.best, popular, above, max(bids), 1]
    choices = sorted({f"${t}" for t in candidates}, key=lambda c: int(c[1:]))
    text = (f"**Question 4, your own numbers.** A class bid these first-round totals: {' '.join(map(str, bids))}. At "
            f"a {players}-player table whose other players bid like this class (each a bid drawn from it), which bid "
            "earns the most on average?")
    return choice_variant("boneyard.q4", seed, text, choices, [f"${t}" for t in report.best],
                          best_reply_exact(report, candidates))
