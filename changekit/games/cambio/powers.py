"""The discard powers weighed one by one (the lesson's Question 7): how many points each takes off
your grid's total *right now*, on average, used in its best way, in a position where you know some
of your cards and nothing else. Exact, over the cards you have not seen (the deck less your known
cards and the power card you discarded).

* 7 or 8 (look at one of your cards) and 9 or 10 (look at another player's card) move no card:
  nothing off now; what they are worth comes later, from the better decisions they allow.
* J or Q (swap one of your cards with another player's, neither seen): give away your highest
  known card for an unseen one, if it is above the unseen average (swapping an unseen card of
  yours gains nothing on average).
* K (look at one of yours and one of theirs, then swap or not): the better of looking at your
  highest known card c (gain E[max(0, c − Y)]) or at an unseen card of yours (E[max(0, X − Y)],
  X and Y two different unseen cards), the choice made before looking.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from changekit.core.errors import InvalidArgument
from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import number_variant, rng_for

from .analysis import value_counts
from .rules import _VALUES, DECK_CODES

#: the card discarded for each power in the question (its rank is what matters; it leaves the deck)
POWER_CARDS = {"7 or 8: look at one of yours": "7C", "9 or 10: look at another's": "9C",
               "J or Q: blind swap": "QC", "K: look at both, then decide": "KC"}


@dataclass(frozen=True)
class PowerValues:
    """Expected points off your total now, per power (``POWER_CARDS`` order), and how the K is best used."""

    known: tuple[str, ...]
    values: dict[str, Fraction]
    king_looks_at_known: bool


def _unseen(known: Sequence[str], power_card: str) -> dict[int, int]:
    return value_counts(removed=[*known, power_card])


def blind_swap_gain(known: Sequence[str], power_card: str = "QC") -> Fraction:
    counts = _unseen(known, power_card)
    mean = Fraction(sum(v * n for v, n in counts.items()), sum(counts.values()))
    best = max((_VALUES[c] for c in known), default=None)
    return max(Fraction(0), best - mean) if best is not None else Fraction(0)


def king_gains(known: Sequence[str], unseen_mine: int, power_card: str = "KC") -> tuple[Fraction, Fraction]:
    """(looking at your highest known card, looking at one of your unseen cards): expected points off."""
    counts = _unseen(known, power_card)
    total = sum(counts.values())
    best = max((_VALUES[c] for c in known), default=None)
    at_known = (Fraction(sum(n * max(0, best - v) for v, n in counts.items()), total)
                if best is not None else Fraction(0))
    pairs = sum(nx * (ny - (vx == vy)) * max(0, vx - vy) for vx, nx in counts.items() for vy, ny in counts.items())
    at_unseen = Fraction(pairs, total * (total - 1)) if unseen_mine > 0 else Fraction(0)
    return at_known, at_unseen


def power_values(known: Sequence[str] = ("10S", "3H"), *, grid: int = 4) -> PowerValues:
    """Each power's expected points off your total now, used in its best way, when you know ``known``
    of your ``grid`` cards and nothing else."""
    codes = tuple(known)
    if len(set(codes)) != len(codes) or any(c not in DECK_CODES[False] for c in codes):
        raise InvalidArgument(f"known: different cards of a 52-card deck (codes like '10S', 'KH'), not {known!r}")
    if len(codes) > grid:
        raise InvalidArgument(f"known: at most the {grid} cards of your grid, not {len(codes)}")
    if any(c in POWER_CARDS.values() for c in codes):
        raise InvalidArgument(f"known: the power cards {sorted(POWER_CARDS.values())} are the ones discarded")
    at_known, at_unseen = king_gains(codes, grid - len(codes), POWER_CARDS["K: look at both, then decide"])
    values = {name: Fraction(0) for name in POWER_CARDS}
    values["J or Q: blind swap"] = blind_swap_gain(codes, POWER_CARDS["J or Q: blind swap"])
    values["K: look at both, then decide"] = max(at_known, at_unseen)
    return PowerValues(codes, values, at_known >= at_unseen)


def powers_figure(result: PowerValues) -> Any:
    """A bar per power: the expected points it takes off your total now."""
    import plotly.graph_objects as go  # heavy: only the chart needs plotly
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    names = list(result.values)
    fig = go.Figure(go.Bar(x=names, y=[float(v) for v in result.values.values()],
                           text=[f"{float(v):.2f}" for v in result.values.values()], textposition="outside",
                           hovertemplate="%{x}: %{y:.3f} points off now<extra></extra>"))
    return style(fig, title=f"Each power, used at its best, knowing {' and '.join(map(shown, result.known))}",
                 x="power discarded", y="expected points off your total now")


def powers_html(result: PowerValues) -> str:
    rows = "".join(f"<li>{name}: <b>{float(v):.2f}</b> points off ({v.numerator}/{v.denominator})</li>"
                   for name, v in result.values.items())
    use = ("looks at your highest known card" if result.king_looks_at_known
           else "looks at one of your unseen cards")
    return f"<ul>{rows}</ul><p>Exact over the unseen cards. The K's best use here {use} and one of theirs.</p>"


def shown(code: str) -> str:
    """A card as the lesson writes it: 10♠, K♥."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def king_variant(seed: int) -> QuestionInstance:
    """Question 7 with two other known cards: what the K takes off your total, on average."""
    rng = rng_for("cambio.q7", seed)
    candidates = [c for c in DECK_CODES[False] if c not in POWER_CARDS.values()]
    high = rng.choice([c for c in candidates if 6 <= _VALUES[c] <= 13])
    low = rng.choice([c for c in candidates if _VALUES[c] <= 4 and c != high])
    result = power_values((high, low))
    text = (f"**Question 7, your own numbers.** Two players. You have peeked at your first two cards: {shown(high)} "
            f"and {shown(low)} (red kings are worth −1); your other two cards and your opponent's four are unseen. You "
            "discard a black K: look at one of your cards and one of theirs, then swap them or not. Used at its best, "
            "how many points does it take off your total on average?")
    return number_variant("cambio.q7", seed, text, result.values["K: look at both, then decide"], bounds=[0, 14],
                          tolerance=0.25, unit="points")
