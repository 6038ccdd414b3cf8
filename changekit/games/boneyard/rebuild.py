"""How the Boneyard is rebuilt after a round (the lesson's Question 8): winning bids become the
buckets they took, cancelled bids go onto the poorest. Exact over every first round the table can
bid when everyone bids the stored first-round mix (Question 1's): what the richest bucket of the
second round is worth. The rebuild is the engine's own (:func:`.rules.settle`)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from changekit.core.errors import InvalidArgument
from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.games.variant_tools import percent_answer, rng_for

from .model import EQUILIBRIUM_TABLE, FIRST_ROUND_BUCKETS
from .rules import bid_totals, possible_bids, settle, START_BILLS


@dataclass(frozen=True)
class SecondRound:
    """The second round's richest bucket after a first round of ``players`` bidding the mix:
    its worth's distribution (``{dollars: probability}``), and the Boneyard's expected total."""

    players: int
    richest: dict[int, float]
    boneyard_total: float

    @property
    def below_first(self) -> float:
        """Chance the richest bucket is worth less than the first round's richest."""
        return sum(p for v, p in self.richest.items() if v < max(FIRST_ROUND_BUCKETS))

    @property
    def above_first(self) -> float:
        return sum(p for v, p in self.richest.items() if v > max(FIRST_ROUND_BUCKETS))

    @property
    def mean_richest(self) -> float:
        return sum(v * p for v, p in self.richest.items())


def _bills_for(total: int) -> tuple[int, ...]:
    """One way to bid ``total`` from the starting hand (the rebuild sees only totals)."""
    return next(tuple(b) for b in possible_bids(START_BILLS) if sum(b) == total)


def second_round(players: int = 4) -> SecondRound:
    """Exact: every multiset of first-round totals the mix bids (each with its multinomial
    chance), settled and rebuilt by the rules."""
    if isinstance(players, bool) or players not in EQUILIBRIUM_TABLE or players < 3:
        raise InvalidArgument(f"players: a table of 3 to 8 players, not {players!r}")
    mix = {t: p for t, p in EQUILIBRIUM_TABLE[players].items() if p > 0 and t in bid_totals(START_BILLS)}
    scale = sum(mix.values())  # the stored mix is rounded to ten digits
    buckets = [(b,) for b in FIRST_ROUND_BUCKETS]
    richest: dict[int, float] = {}
    total = 0.0
    for totals in combinations_with_replacement(sorted(mix), players):
        counts = Counter(totals)
        chance = float(factorial(players))
        for t, k in counts.items():
            chance *= (mix[t] / scale) ** k / factorial(k)
        rebuilt = [sum(b) for b in settle(buckets, [_bills_for(t) for t in totals]).buckets]
        richest[max(rebuilt)] = richest.get(max(rebuilt), 0.0) + chance
        total += chance * sum(rebuilt)
    return SecondRound(players, dict(sorted(richest.items())), total)


def second_round_figure(result: SecondRound) -> Any:
    """The richest bucket's worth in the second round, bar by bar; below the first round's $10 in
    one colour, above it (cancelled bids piled on the poorest) in another."""
    import plotly.graph_objects as go  # heavy: only the chart needs plotly
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    top = max(FIRST_ROUND_BUCKETS)
    xs = list(result.richest)
    colours = ["#1f77b4" if v < top else "#7f7f7f" if v == top else "#d62728" for v in xs]
    fig = go.Figure(go.Bar(x=xs, y=list(result.richest.values()), marker_color=colours,
                           hovertemplate="richest bucket $%{x}: %{y:.2%}<extra></extra>"))
    style(fig, title=f"{result.players} players bid the mix: the second round's richest bucket",
          x="richest bucket in round 2 (dollars)", y="probability")
    fig.add_vline(x=top, line_dash="dot", annotation_text=f"round 1: ${top}")
    return fig


def second_round_html(result: SecondRound) -> str:
    top = max(FIRST_ROUND_BUCKETS)
    return (f"<p>Exact, over every first round {result.players} players can bid with the mix: the richest bucket "
            f"of round 2 is worth less than ${top} with probability <b>{result.below_first:.1%}</b>, more than "
            f"${top} with {result.above_first:.1%}; on average ${result.mean_richest:.2f}. The Boneyard holds "
            f"${result.boneyard_total:.2f} on average, down from ${sum(FIRST_ROUND_BUCKETS)}.</p>")


#: how far (percentage points) an answer to Question 8 may be from the exact chance
SECOND_ROUND_TOLERANCE = 5


def second_round_answer(players: int = 4) -> KitAnswer:
    """Question 8's right answer at a table of ``players``: the chance the second round's richest
    bucket is worth less than the first round's `$10`, give or take ``SECOND_ROUND_TOLERANCE``."""
    result = second_round(players)
    return percent_answer(result.below_first, tolerance=SECOND_ROUND_TOLERANCE,
                          note=f"More than $10: {result.above_first:.1%}, from cancelled bids piled on the poorest "
                               "bucket")


def second_round_variant(seed: int) -> QuestionInstance:
    """Question 8 at another table size (3 or 5 to 8 players): the same chance, exact."""
    players = rng_for("boneyard.q8", seed).choice([3, 5, 6, 7, 8])
    answer = second_round_answer(players)
    text = (f"**Question 8, your own numbers.** {players} players all bid the first-round mix for {players} players. "
            "After the Boneyard is rebuilt, how likely (in %) is the second round's richest bucket worth less than "
            "the first round's `$10`?")
    return QuestionInstance("boneyard.q8", seed, text, {"slider": [0, 100, 1], "unit": "%"}, answer.correct,
                            answer.exact)
