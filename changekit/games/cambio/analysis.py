"""Cambio analyses: exact values of unseen cards and grids, when to call Cambio, the value of
information (peek powers) and of snapping, and how often the top discard can be snapped.

Exact results are sympy ``Rational`` (``sympy=False`` gives ``fractions.Fraction``); Monte
Carlo results come from bot games via :mod:`changekit.stats`, with 95 % Wilson intervals.
The ``*_figure`` functions build plotly figures and import plotly when called.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence

from changekit.core.markup import exact_html
from changekit.core.cards import Card
from changekit.stats.exact import draws_without_replacement, mean, to_sympy
from changekit.stats.intervals import wilson
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import bot_tournament, win_rate_figure

from .bots import MemoryBot, unseen_pool
from .rules import _VALUES, DECK_CODES, Cambio, CambioState, card_value, rank_of
from changekit.core.errors import InvalidArgument
from changekit.core.checks import (
    checked, is_callable, is_flag, is_items, is_mapping, is_probability, is_real, is_runs, is_seed, is_text,
    is_view, is_whole, optional, shown,
)
from changekit.core.bots import is_bots


# ---- argument checks ---------------------------------------------------------------------------
def _is_card(value: Any, name: str) -> str:
    """A card typed like AS, 10H, KD or JK (a joker)."""
    if type(value) is not str or len(value) > 4:
        raise InvalidArgument(f"{name} is a card like 'AS', '10H', 'KD', not {shown(value)}")
    if value not in _VALUES:
        try:
            _code(value)
        except Exception:
            raise InvalidArgument(f"{name} is a card like 'AS', '10H', 'KD', not {shown(value)}") from None
    return value


def _is_code(value: Any, name: str) -> str:
    """A card code as a view shows it."""
    if type(value) is not str or value not in _VALUES:
        raise InvalidArgument(f"{name} is a card code like 'AS', not {shown(value)}")
    return value


def _is_grid_place(value: Any, name: str) -> Any:
    return value if value is None or value == "?" else _is_code(value, name)


_is_cards = is_items(54, "cards", each=_is_card)
_is_players = is_whole(Cambio.min_players, Cambio.max_players)
_is_threshold = is_real(-1000, 1000)
_is_progress = optional(is_callable)
_is_cambio_view = is_view(jokers=is_flag, discards=is_items(54, "cards", each=_is_code),
                          grids=is_items(8, "grids", each=is_items(54, "places", each=_is_grid_place)),
                          drawn=optional(_is_code))


def _is_sweep_rows(value: Any, name: str) -> tuple:
    rows = is_items(1000, "rows", each=is_mapping(64, what="a row of threshold_sweep"))(value, name)
    if not rows:
        raise InvalidArgument(f"{name} holds at least one row of threshold_sweep")
    for row in rows:
        if "threshold" not in row or "win_rate" not in row:
            raise InvalidArgument(f"{name}: a row of threshold_sweep has 'threshold' and 'win_rate', not {shown(row)}")
        is_real()(row["win_rate"], f"{name}: a win_rate")
    return rows

__all__ = [
    "value_counts", "unseen_card_distribution", "grid_total_distribution", "expected_value",
    "fresh_grid_distribution", "two_low_two_unknown", "threshold_sweep", "best_threshold",
    "value_of_information", "value_of_snapping", "snap_chances", "unseen_ev",
    "distribution_figure", "threshold_figure", "comparison_figure", "snap_chance_figure",
]


@checked(jokers=is_flag, removed=_is_cards)
def value_counts(*, jokers: bool = False, removed: Iterable[str] = ()) -> dict[int, int]:
    """How many cards of each value are left when ``removed`` cards are out of the deck.

    >>> value_counts()[13], value_counts()[-1], value_counts()[5], sum(value_counts().values())
    (2, 2, 4, 52)
    """
    deck = Counter(DECK_CODES[jokers])
    counts = Counter(_VALUES[c] for c in deck.elements())
    for card in removed:
        code = card if card in _VALUES else _code(card)
        if deck[code] <= 0:
            raise InvalidArgument(f"{card!r} is not in the deck (or removed twice)")
        deck[code] -= 1
        counts[_VALUES[code]] -= 1
    return {v: n for v, n in sorted(counts.items()) if n}


def _code(card: str) -> str:
    if card.upper() == "JK":
        return "SJ"
    return Card.parse(card).code


def _out(dist: Mapping[int, Fraction], sympy: bool) -> dict:
    dist = dict(sorted(dist.items()))
    return to_sympy(dist) if sympy else dist


@checked(jokers=is_flag, removed=_is_cards, sympy=is_flag)
def unseen_card_distribution(*, jokers: bool = False, removed: Iterable[str] = (), sympy: bool = True) -> dict:
    """Exact distribution of the value of one card you have not seen.

    >>> d = unseen_card_distribution(sympy=False)
    >>> d[13], d[1], mean(d)
    (Fraction(1, 26), Fraction(1, 13), Fraction(84, 13))
    """
    counts = value_counts(jokers=jokers, removed=removed)
    total = sum(counts.values())
    return _out({v: Fraction(n, total) for v, n in counts.items()}, sympy)


@checked(known=_is_cards, unknown=is_whole(0, 6), jokers=is_flag, removed=_is_cards, sympy=is_flag)
def grid_total_distribution(*, known: Sequence[str] = (), unknown: int = 4, jokers: bool = False,
                            removed: Iterable[str] = (), sympy: bool = True) -> dict:
    """Exact distribution of a grid's total: the ``known`` cards plus ``unknown`` cards dealt from
    the rest of the deck (without replacement; ``removed`` cards are out too).

    >>> d = grid_total_distribution(known=["AS", "2H"], unknown=0, sympy=False)
    >>> d
    {3: Fraction(1, 1)}
    """
    base = sum(card_value(c) for c in known)
    counts = value_counts(jokers=jokers, removed=[*known, *removed])
    dist: dict[int, Fraction] = {}
    for hand, p in draws_without_replacement(counts, unknown):
        total = base + sum(v * k for v, k in hand.items())
        dist[total] = dist.get(total, Fraction(0)) + p
    return _out(dist, sympy)


@checked(dist=is_mapping(10_000, key=is_whole(-10**6, 10**6), value=is_probability,
                         what="a dict total → probability"))
def expected_value(dist: Mapping) -> Any:
    """The mean of a distribution (sympy Rational in, sympy Rational out)."""
    import sympy  # sympy is slow to import: only the exact symbolic answers need it

    total = sympy.Integer(0)
    for outcome, p in dist.items():
        q = sympy.Rational(p.numerator, p.denominator) if isinstance(p, Fraction) else sympy.Rational(p)
        total += sympy.Integer(outcome) * q
    return total


@checked(jokers=is_flag, sympy=is_flag)
def fresh_grid_distribution(*, jokers: bool = False, sympy: bool = True) -> dict:
    """A fresh grid of four unseen cards."""
    return grid_total_distribution(unknown=4, jokers=jokers, sympy=sympy)


@checked(low=_is_cards, jokers=is_flag, sympy=is_flag)
def two_low_two_unknown(low: Sequence[str] = ("AS", "2H"), *, jokers: bool = False, sympy: bool = True) -> dict:
    """Two cards you know (low ones, say A and 2) plus two you have not seen."""
    return grid_total_distribution(known=low, unknown=2, jokers=jokers, sympy=sympy)


@checked(view=_is_cambio_view)
def unseen_ev(view: Mapping[str, Any]) -> Fraction:
    """For the player whose ``view`` this is: the exact expected value of a card they have not
    located (pure Python: the app's hint)."""
    seen = Counter(view["discards"]) + Counter(c for grid in view["grids"] for c in grid if c is not None and c != "?")
    seen += Counter([view["drawn"]] if view["drawn"] is not None else [])
    extra = seen - Counter(DECK_CODES[view["jokers"]])
    if extra:
        raise InvalidArgument(f"view shows cards the deck does not hold: {sorted(extra.elements())[:10]}")
    pool = unseen_pool(view)
    return Fraction(sum(_VALUES[c] for c in pool), len(pool)) if pool else Fraction(0)


# ---- simulations ------------------------------------------------------------------------
def _rows(result, labels: Sequence[str]) -> list[dict[str, Any]]:
    rows = result.rows()
    for row, label in zip(rows, labels, strict=True):
        row["bot"] = label
    return rows


@checked(thresholds=is_items(64, "thresholds", each=_is_threshold), players=_is_players, games=is_runs,
         seed=is_seed, opponent_threshold=_is_threshold, progress=_is_progress)
def threshold_sweep(thresholds: Iterable[int] = range(-2, 21, 2), *, players: int = 2, games: int = 300,
                    seed: int = 2026, opponent_threshold: float = 5,
                    progress: Callable[[float], None] | None = None) -> list[dict[str, Any]]:
    """Win rate of a memory bot calling Cambio when its believed total ≤ t, against
    ``players - 1`` memory bots with the default threshold; seats rotate. ``progress`` (if given)
    is called with the fraction of the sweep done (a progress bar).

    One row per t: ``threshold, win_rate, low, high, games, mean_points``.
    """
    out = []
    thresholds = list(thresholds)
    for i, t in enumerate(thresholds):
        bots = [MemoryBot(threshold=t)] + [MemoryBot(threshold=opponent_threshold) for _ in range(players - 1)]
        part = None if progress is None else (lambda f, i=i: progress((i + f) / len(thresholds)))
        row = bot_tournament(Cambio(players=players), bots, games=games, seed=seed + i, progress=part).rows()[0]
        out.append({"threshold": t, **{k: row[k] for k in ("win_rate", "low", "high", "games", "mean_points")}})
    return out


@checked(rows=_is_sweep_rows)
def best_threshold(rows: Sequence[Mapping[str, Any]]) -> Any:
    """The threshold with the highest win rate in a sweep."""
    return max(rows, key=lambda r: r["win_rate"])["threshold"]


@checked(players=_is_players, games=is_runs, seed=is_seed, progress=_is_progress)
def value_of_information(*, players: int = 2, games: int = 600, seed: int = 7,
                         progress: Callable[[float], None] | None = None) -> list[dict[str, Any]]:
    """A memory bot that uses its powers against one that skips them (seats rotate)."""
    extra = [MemoryBot() for _ in range(players - 2)]
    result = bot_tournament(Cambio(players=players), [MemoryBot(), MemoryBot(use_powers=False), *extra],
                        games=games, seed=seed, progress=progress)
    return _rows(result, ["uses powers", "ignores powers"] + ["memory"] * len(extra))


@checked(players=_is_players, games=is_runs, seed=is_seed, progress=_is_progress)
def value_of_snapping(*, players: int = 2, games: int = 600, seed: int = 8,
                      progress: Callable[[float], None] | None = None) -> list[dict[str, Any]]:
    """A memory bot that snaps when sure against one that never snaps."""
    extra = [MemoryBot() for _ in range(players - 2)]
    result = bot_tournament(Cambio(players=players), [MemoryBot(), MemoryBot(snaps=False), *extra],
                        games=games, seed=seed, progress=progress)
    return _rows(result, ["snaps when sure", "never snaps"] + ["memory"] * len(extra))


@checked(players=_is_players, games=is_runs, seed=is_seed, bots=is_bots())
def snap_chances(*, players: int = 4, games: int = 150, seed: int = 3, bots: Sequence[Any] | None = None
                 ) -> list[dict[str, Any]]:
    """How often the top discard, right after a turn's discard, matches the rank of a card the
    seat-0 player knows: among their own known cards, or among all cards they know (others'
    too). By round (one round = each player's turn once), from games of memory bots.

    Rows: ``round, n, own, own_low, own_high, any, any_low, any_high``.
    """
    if bots is not None and len(bots) != players:
        raise InvalidArgument(f"bots: {len(bots)} bots for a {players}-player game")
    lineup = list(bots) if bots is not None else [MemoryBot() for _ in range(players)]
    master = random.Random(seed)
    own: Counter[int] = Counter()
    anyk: Counter[int] = Counter()
    total: Counter[int] = Counter()
    game = Cambio(players=players)
    for _ in range(games):
        state = CambioState(game.options, seed=master.getrandbits(32))
        rng = random.Random(master.getrandbits(32))
        while not state.is_terminal():
            if state.phase == "snap" and state.window and state.window[0] == state.discarder:
                rnd = state.turns // players + 1
                rank = rank_of(state.pile[-1])
                known = state.known_cards(0)
                total[rnd] += 1
                own[rnd] += any(q == 0 and rank_of(c) == rank for (q, _), c in known.items())
                anyk[rnd] += any(rank_of(c) == rank for c in known.values())
            p = state.current_players()[0]
            state.apply(lineup[p].choose(state.view(p), state.legal_actions(p), rng=rng), p)
    rows = []
    for rnd in sorted(total):
        n = total[rnd]
        a, b = wilson(own[rnd], n), wilson(anyk[rnd], n)
        rows.append({"round": rnd, "n": n, "own": a.value, "own_low": a.low, "own_high": a.high,
                     "any": b.value, "any_low": b.low, "any_high": b.high})
    return rows


#: Questions 3-6's seeded games, stored (:mod:`changekit.stats.stored`): played, they take 2-8 s per
#: Check on a class server; called, they show the stored result (``replay=True`` plays again).
question3_sweep = stored_run(__name__, "q3", threshold_sweep, thresholds=range(-2, 19, 2), players=2, games=150)
question4_information = stored_run(__name__, "q4", value_of_information, games=300)
question5_snapping = stored_run(__name__, "q5", value_of_snapping, games=300)
question6_snap_chances = stored_run(__name__, "q6", snap_chances, players=4, games=80)


# ---- answers shown by the notebook's questions --------------------------------------------
def unseen_card_html() -> str:
    """One unseen card: its exact distribution and expected value."""
    one = unseen_card_distribution()
    ev = expected_value(one)
    return ("Exact distribution of one unseen card: " + ", ".join(f"{v}: {p}" for v, p in one.items())
            + f"<br>Expected value: <b>{ev} ≈ {float(ev):.3f}</b>")


@checked(known=is_items(2, "known cards", each=_is_card))
def grids_answer(known: Sequence[str] = ("AS", "2H")) -> list:
    """A fresh grid against one with ``known`` cards seen: their expected totals, and both
    distributions as a figure."""
    fresh, low = fresh_grid_distribution(), two_low_two_unknown(tuple(known))
    e_fresh, e_low = expected_value(fresh), expected_value(low)
    p10 = sum(p for total, p in fresh.items() if total <= 10)
    html = (f"Fresh grid: expected total <b>{e_fresh} ≈ {float(e_fresh):.2f}</b>; "
            f"P(total ≤ 10) = {p10} ≈ {float(p10):.3f}.<br>"
            f"{' + '.join(known)} known, two unseen: expected total <b>{e_low} ≈ {float(e_low):.2f}</b>.")
    figure = distribution_figure({"fresh grid (4 unseen)": fresh, f"{' + '.join(known)} known, 2 unseen": low},
                                 title="Exact distribution of a grid's total")
    return [html, figure]


# ---- figures ----------------------------------------------------------------------------
def _style(fig, *, title: str, x: str, y: str):
    from changekit.ui.theme import style  # the theme imports plotly: only drawing a chart needs it

    return style(fig, title=title, x=x, y=y)


def distribution_figure(dists: Mapping[str, Mapping], *, title: str = "Grid totals"):
    """Bars of one or more exact distributions ``{label: {total: probability}}`` with their means."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    fig = go.Figure()
    for label, dist in dists.items():
        xs = sorted(dist)
        m = float(mean({k: Fraction(str(v)) for k, v in dist.items()}))
        fig.add_bar(x=xs, y=[float(dist[k]) for k in xs], name=f"{label} (mean {m:.2f})", opacity=0.75)
    fig.update_layout(barmode="overlay")
    return _style(fig, title=title, x="total", y="probability")


def threshold_figure(rows: Sequence[Mapping[str, Any]]):
    """Win rate against the calling threshold, with 95 % intervals and the best t marked."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    xs = [r["threshold"] for r in rows]
    ys = [r["win_rate"] for r in rows]
    fig = go.Figure()
    fig.add_scatter(x=xs, y=ys, mode="lines+markers", name="win rate",
                    error_y={"type": "data", "symmetric": False, "array": [r["high"] - r["win_rate"] for r in rows],
                             "arrayminus": [r["win_rate"] - r["low"] for r in rows]})
    best = best_threshold(rows)
    top = max(ys)
    fig.add_scatter(x=[best], y=[top], mode="markers", name=f"best t = {best}",
                    marker={"size": 16, "symbol": "star"})
    return _style(fig, title="When to call Cambio: call when my believed total ≤ t",
                  x="threshold t", y="win rate (95 % interval)")


def comparison_figure(rows: Sequence[Mapping[str, Any]], *, title: str):
    """Win rates of a head-to-head (value of information, value of a snap): the tournament chart,
    each bar labelled with its bot's mean grid total (lower is better)."""
    return win_rate_figure(rows, title=title)


def snap_chance_figure(rows: Sequence[Mapping[str, Any]]):
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    fig = go.Figure()
    xs = [r["round"] for r in rows]
    for key, label in (("own", "one of my own known cards"), ("any", "any card I know")):
        fig.add_scatter(x=xs, y=[r[key] for r in rows], mode="lines+markers", name=label,
                        error_y={"type": "data", "symmetric": False,
                                 "array": [r[f"{key}_high"] - r[key] for r in rows],
                                 "arrayminus": [r[key] - r[f"{key}_low"] for r in rows]})
    return _style(fig, title="Can I snap the top discard from what I know?", x="round", y="probability")


# ---- the explorer: the calling threshold ----------------------------------------------------------
@checked(text=is_text(1_000))
def parse_cards(text: str) -> list[str]:
    """Cards typed like ``"AS 2H, KD"`` (spaces or commas), each checked against the deck."""
    cards = [c for c in text.replace(",", " ").split() if c]
    for card in cards:
        try:
            _code(card)
        except Exception as exc:
            raise InvalidArgument(f"cannot read the card {shown(card, 20)}: write it like AS, 10H, KD") from exc
    return cards


@checked(threshold=_is_threshold, known=is_items(4, "known cards", each=_is_card), unknown=is_whole(0, 4))
def under_threshold(threshold: int, *, known: Sequence[str] = (), unknown: int = 4) -> Fraction:
    """Exact chance that a grid of the ``known`` cards and ``unknown`` unseen ones totals at most
    ``threshold``: how often such a grid is already good enough to call Cambio with."""
    if not 0 <= unknown <= 4 or len(known) + unknown > 4 or len(known) + unknown == 0:
        raise InvalidArgument(f"a grid holds 1 to 4 cards: {len(known)} known and {unknown} unseen will not do")
    dist = grid_total_distribution(known=known, unknown=unknown, sympy=False)
    return sum((p for total, p in dist.items() if total <= threshold), Fraction(0))


def threshold_grid_figure(threshold: int = 5, *, known: Sequence[str] = (), unknown: int = 4):
    """The grid total's exact distribution, bars at or under the threshold in green."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    dist = grid_total_distribution(known=known, unknown=unknown, sympy=False)
    xs = sorted(dist)
    fig = go.Figure(go.Bar(x=xs, y=[float(dist[x]) for x in xs], name="grid total",
                           marker_color=["#2e7d32" if x <= threshold else "#9e9e9e" for x in xs]))
    shown = " ".join(known) + (" + " if known else "") + f"{unknown} unseen"
    return _style(fig, title=f"Grid total ({shown}); green: at most t = {threshold}", x="total", y="probability")


@checked(threshold=_is_threshold, known=is_items(4, "known cards", each=_is_card), unknown=is_whole(0, 4))
def threshold_readout(threshold: int = 5, *, known: Sequence[str] = (), unknown: int = 4) -> str:
    p = under_threshold(threshold, known=known, unknown=unknown)
    dist = grid_total_distribution(known=known, unknown=unknown, sympy=False)
    m = mean(dist)
    return (f"Chance the grid totals at most {threshold}: <b>{exact_html(p.numerator, p.denominator)}</b>. "
            f"Its mean total is {float(m):.2f}.")


# ---- a closed form: the hypergeometric probability --------------------------------------------------
@checked(known=is_items(52, "known cards", each=_is_card), at_most=is_whole(-10, 100))
def low_pair_closed_form(known: Sequence[str] = ("AS", "2H"), *, at_most: int = 2):
    """The chance that both unseen cards of a grid whose other two cards are ``known`` are worth at
    most ``at_most``: a hypergeometric probability C(K,2)/C(N,2), derived with sympy."""
    import sympy  # sympy is slow to import: only the exact symbolic answers need it

    from changekit.ui.maths import ClosedForm

    counts = value_counts(removed=known)
    good = sum(n for v, n in counts.items() if v <= at_most)
    N, K = sympy.symbols("N K", positive=True, integer=True)
    general = sympy.binomial(K, 2) / sympy.binomial(N, 2)
    values = {N: sum(counts.values()), K: good}
    substituted = sympy.Mul(sympy.binomial(good, 2, evaluate=False),
                            sympy.Pow(sympy.binomial(values[N], 2, evaluate=False), -1, evaluate=False), evaluate=False)
    return ClosedForm(f"You know {' and '.join(known)}; {values[N]} cards are unseen and {good} of them are worth "
                      f"at most {at_most} (red kings, aces, twos). Both unseen cards of your grid are among them "
                      "with the hypergeometric probability:", r"P(\text{both low})", sympy.expand_func(general),
                      substituted, sympy.expand_func(general).subs(values))
