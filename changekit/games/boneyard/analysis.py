"""Boneyard analyses: the first round's symmetric mixed equilibrium for 2-60 players (a whole
class bidding in one round), exploitability, the best response to a class's bids, bot
tournaments, and the notebook's figures. The exact expected payoffs they rest on are in
:mod:`.model` (pure Python, shared with the bots).

Everything but the figures and the closed form is pure Python (no numpy needed), so it runs in
the browser too (Pyodide); numpy, when it is there, speeds up the solver for a whole class.
"""
from __future__ import annotations

from itertools import product

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import exp
from typing import Any, Callable, Mapping, Sequence, cast

from changekit.core.bots import Bot, play_out
from changekit.stats.intervals import Estimate, mean_interval
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import TournamentResult
from changekit.stats.tournaments import tournament_figure as tournament_figure  # the notebook's chart, as every game's
from changekit.stats.tournaments import bot_tournament as tournament_of

from changekit.core.checks import (
    MAX_DOLLARS, checked, is_bills, is_callable, is_instance, is_items, is_mapping, is_one_of, is_real, is_runs,
    is_seed, is_text, is_whole, optional,
)
from changekit.core.errors import InvalidArgument
from changekit.core.words import dollars, money

from .model import (
    EQUILIBRIUM_TABLE, FIRST_ROUND_BIDS, FIRST_ROUND_BUCKETS, MAX_CLASS_PLAYERS, MAX_OPPONENTS, Number, absorb,
    expected_payoffs, is_strategy, payoff_table,
)
from .bots import EquilibriumBot, RaceBot
from .rules import START_BILLS, TARGET, Boneyard, BoneyardState

# ---- argument checks ---------------------------------------------------------------------------
#: Bids typed or passed for a class (a large class, many rounds).
MAX_CLASS_BIDS = 2_000
is_payoffs = is_mapping(64, key=is_whole(0, MAX_DOLLARS), value=is_real(), what="a dict bid total → payoff")
is_n_players = is_whole(2, MAX_OPPONENTS + 1)


def _strategy_or_equilibrium(value: Any, name: str) -> Any:
    return value if isinstance(value, Equilibrium) else is_strategy(value, name)


is_results = optional(is_mapping(16, key=is_n_players, value=_strategy_or_equilibrium,
                                 what="a dict players → Equilibrium or strategy"))


#: From this many opponents on (a whole class bidding), float and complex tables are absorbed with
#: numpy when it is there: the pure loop is O(m²) per total (1 s for 59 opponents). The game's
#: own tables (at most 7 opponents) and Pyodide (no numpy) keep the pure loop.
NUMPY_FROM_OPPONENTS = 12


def _class_step(table: Any, p: Number, m: int, n_buckets: int, inv_fact: list[Number]) -> Any:
    """:func:`.model.absorb` with arrays for a whole class (from NUMPY_FROM_OPPONENTS opponents
    on, floats or complex, numpy there), the pure loop otherwise."""
    if m >= NUMPY_FROM_OPPONENTS and not isinstance(p, Fraction):
        try:
            import numpy as np  # optional: Pyodide pages solve without it, with the pure loop
        except ImportError:
            pass
        else:
            return _absorb_numpy(np, table, p, m, inv_fact)
    return absorb(table, p, m, n_buckets, inv_fact)


def _absorb_numpy(np: Any, table: Any, p: Number, m: int, inv_fact: list[Number]) -> Any:
    """:func:`.model.absorb` as array operations: the two-or-more term is a convolution along the
    count of opponents placed."""
    old = np.asarray(table)
    old = old.astype(np.result_type(old, np.asarray(p)))  # complex steps stay complex
    powers = np.array([p ** c * inv_fact[c] for c in range(m + 1)])
    new = old.copy()  # c = 0: nobody bids this total
    # c = 1: one opponent alone on this total takes the next bucket (the last stays last)
    alone = np.zeros_like(old)
    alone[:, 1:] = old[:, :-1]
    alone[:, -1] += old[:, -1]
    new[1:] += powers[1] * alone[:-1]
    # c >= 2: they cancel, no bucket; new[k + c] += powers[c] * old[k]
    several = powers.copy()
    several[:2] = 0
    for s in range(old.shape[1]):
        new[:, s] += np.convolve(old[:, s], several)[:m + 1]
    return new


@checked(strategy=is_strategy, payoffs=is_payoffs)
def expected_value(strategy: Mapping[int, Number], payoffs: Mapping[int, Number]) -> Number:
    """The average payoff of a mixed strategy."""
    missing = sorted(t for t, p in strategy.items() if p and t not in payoffs)
    if missing:
        raise InvalidArgument(f"payoffs: no payoff for the bid totals {missing[:10]} the strategy plays")
    return sum(p * payoffs[t] for t, p in strategy.items() if p)


@checked(strategy=is_strategy, n_players=is_n_players, buckets=is_bills(16))
def exploitability(strategy: Mapping[int, Number], n_players: int, *,
                   buckets: Sequence[int] = FIRST_ROUND_BUCKETS) -> Number:
    """How much better than ``strategy`` the best pure bid does when everybody else plays it.

    >>> exploitability({1: Fraction(1)}, 2)   # all bid $1: bidding $3 instead earns 10-3
    Fraction(8, 1)
    """
    pay = expected_payoffs(strategy, n_players - 1, buckets=buckets)
    return max(pay.values()) - expected_value(strategy, pay)


# ---- the equilibrium ----------------------------------------------------------------------
@dataclass(frozen=True)
class Equilibrium:
    """A symmetric mixed equilibrium of the first round for ``n_players``.

    ``strategy``: bid total → probability (all 24 totals, zeros off the support);
    ``payoffs``: each bid's expected payoff against ``n_players - 1`` opponents playing it;
    ``value``: the strategy's own expected payoff; ``exploitability``: max payoff − value;
    ``history``: exploitability after each step of the solver (exponential-weights steps first,
    then Newton steps from index ``newton_from``); ``seconds``: solve time.
    """

    n_players: int
    strategy: dict[int, float]
    payoffs: dict[int, float]
    value: float
    exploitability: float
    history: tuple[float, ...] = field(repr=False)
    newton_from: int = 0
    seconds: float = 0.0

    @property
    def support(self) -> list[int]:
        return [t for t, p in self.strategy.items() if p > 0]

    def best_responses(self, tol: float = 1e-9) -> list[int]:
        top = max(self.payoffs.values())
        return [t for t, v in self.payoffs.items() if v >= top - tol]


def _payoffs_of(p: Sequence[Number], m: int) -> list[Number]:
    """Expected payoffs of the first-round totals (in ``FIRST_ROUND_BIDS`` order) against ``m``
    opponents bidding from ``p`` (same order): :func:`.model.payoff_table` on floats, or on complex numbers
    (the solver differentiates with complex steps)."""
    probs = {t: v for t, v in zip(FIRST_ROUND_BIDS, p, strict=True) if v}
    pay = payoff_table(probs, m, FIRST_ROUND_BUCKETS, FIRST_ROUND_BIDS, 1.0, _class_step)
    return [pay[t] for t in FIRST_ROUND_BIDS]


def _exploitability_of(p: Sequence[float], m: int) -> tuple[float, list[float]]:
    e = _payoffs_of(p, m)
    return max(e) - sum(x * v for x, v in zip(p, e, strict=True)), e


def _solve_linear(a: list[list[float]], b: list[float]) -> list[float] | None:
    """``x`` with ``a x = b`` (Gaussian elimination, partial pivoting); ``None`` if singular."""
    n = len(b)
    rows = [row[:] + [v] for row, v in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if rows[pivot][col] == 0:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        top = rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / top[col]
            if factor:
                rows[r] = [x - factor * y for x, y in zip(rows[r], top, strict=True)]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


def _newton(p: list[float], m: int, support: list[int], history: list[float], steps: int = 25) -> list[float]:
    """Solve 'every bid in the support earns the same, probabilities sum to 1' by Newton's
    method, differentiating the payoffs with complex steps (exact to rounding)."""
    T = len(p)
    n = len(support)
    mass = sum(p[j] for j in support)
    x = [p[j] / mass for j in support]
    e = _payoffs_of(p, m)
    value = sum(e[j] * xi for j, xi in zip(support, x, strict=True))
    h = 1e-30
    for _ in range(steps):
        full = [0.0] * T
        for j, xi in zip(support, x, strict=True):
            full[j] = xi
        e0 = _payoffs_of(full, m)
        jacobian = [[0.0] * n for _ in range(n)]  # [payoff of support[r]][probability of support[c]]
        for c, j in enumerate(support):
            stepped: list[complex] = list(full)
            stepped[j] = complex(full[j], h)
            pay = _payoffs_of(stepped, m)
            for r, i in enumerate(support):
                jacobian[r][c] = pay[i].imag / h
        F = [e0[i] - value for i in support] + [sum(x) - 1]
        A = [row + [-1.0] for row in jacobian] + [[1.0] * n + [0.0]]
        d = _solve_linear(A, [-f for f in F])
        if d is None:
            break
        x = [xi + di for xi, di in zip(x, d, strict=False)]  # d ends with the value's step
        value += d[n]
        probe = [0.0] * T
        for j, xi in zip(support, x, strict=True):
            probe[j] = max(xi, 0.0)
        total = sum(probe)
        history.append(_exploitability_of([v / total for v in probe], m)[0])
        if max(map(abs, d)) < 1e-15 or max(map(abs, F)) < 1e-14:
            break
    out = [0.0] * T
    for j, xi in zip(support, x, strict=True):
        out[j] = xi
    return out


@lru_cache(maxsize=None)
def first_round_equilibrium(n_players: int, *, dynamic_steps: int = 40, step_size: float = 0.4,
                            tol: float = 1e-9) -> Equilibrium:
    """The symmetric mixed equilibrium of the first round's bidding for ``n_players`` (2 to
    MAX_CLASS_PLAYERS: a game's table, or a whole class in one round).

    Exponential weights (each bid's weight grows with its expected payoff) find the shape;
    Newton's method on the support, with the support adjusted until no bid outside it pays
    more, makes it exact to rounding.

    >>> eq = first_round_equilibrium(3)
    >>> eq.exploitability < 1e-9, eq.support[:3]
    (True, [1, 3, 4])
    """
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= MAX_CLASS_PLAYERS:
        raise InvalidArgument(f"n_players is 2 to {MAX_CLASS_PLAYERS}, not {n_players!r}")
    start = time.perf_counter()
    m = n_players - 1
    T = len(FIRST_ROUND_BIDS)
    p = [1 / T] * T
    history: list[float] = []
    for _ in range(dynamic_steps):
        ex, e = _exploitability_of(p, m)
        history.append(ex)
        top = max(e)
        p = [x * exp(step_size * (v - top)) for x, v in zip(p, e, strict=True)]
        total = sum(p)
        p = [x / total for x in p]
    newton_from = len(history)
    support = [j for j in range(T) if p[j] > 1e-3]
    best = p
    for _ in range(2 * T):
        q = _newton(p, m, support, history)
        if any(q[j] < -1e-12 for j in support):  # a probability went negative: drop the worst one
            support.remove(min(support, key=lambda j: q[j]))
            continue
        q = [max(x, 0.0) for x in q]
        total = sum(q)
        q = [x / total for x in q]
        ex, e = _exploitability_of(q, m)
        best = q
        value = sum(x * v for x, v in zip(q, e, strict=True))
        outside = [j for j in range(T) if j not in support and e[j] > value + tol / 10]
        if not outside:
            break
        support.append(max(outside, key=lambda j: e[j]))
        support.sort()
        p = [0.9 * x + (0.1 / len(support) if j in support else 0.0) for j, x in enumerate(q)]
    ex, e = _exploitability_of(best, m)
    strategy = {t: best[j] for j, t in enumerate(FIRST_ROUND_BIDS)}
    payoffs = {t: e[j] for j, t in enumerate(FIRST_ROUND_BIDS)}
    return Equilibrium(
        n_players=n_players, strategy=strategy, payoffs=payoffs, value=sum(x * v for x, v in zip(best, e, strict=True)),
        exploitability=max(ex, 0.0), history=tuple(history), newton_from=newton_from,
        seconds=time.perf_counter() - start,
    )


@checked(players=is_items(16, "player counts", each=is_n_players))
def equilibria(players: Sequence[int] = range(3, 9)) -> dict[int, Equilibrium]:
    """The first-round equilibria for several player counts (cached)."""
    return {n: first_round_equilibrium(n) for n in players}


# ---- best response to a class --------------------------------------------------------------
@dataclass(frozen=True)
class ClassReport:
    """How the bids a class actually made fare against each other.

    ``distribution``: the empirical distribution of the class's bid totals (exact);
    ``payoffs``: each bid total's exact expected payoff against ``n_players - 1`` opponents drawn
    independently from that distribution; ``best``: the best responses; ``class_average``: the
    average payoff of the class's own bids under the same model.
    """

    n_players: int
    distribution: dict[int, Fraction]
    payoffs: dict[int, Fraction]
    best: list[int]
    class_average: Fraction


@checked(text=is_text(20_000))
def parse_bids(text: str) -> list[int]:
    """Bid totals typed by a teacher: numbers separated by commas or spaces.

    >>> parse_bids("1, 3 5,,7")
    [1, 3, 5, 7]
    >>> parse_bids("1, 2")
    Traceback (most recent call last):
    ...
    changekit.core.errors.InvalidArgument: 2 is not a total a full starting hand can bid (1, 3-23, 25, 26)
    """
    out = []
    for word in text.replace(",", " ").split():
        try:
            value = int(word)
        except ValueError:
            raise InvalidArgument(f"{word!r} is not a whole number of dollars") from None
        if value not in FIRST_ROUND_BIDS:
            raise InvalidArgument(f"{value} is not a total a full starting hand can bid (1, 3-23, 25, 26)")
        out.append(value)
    return out


@checked(bids=is_items(MAX_CLASS_BIDS, "bid totals", each=is_whole(0, MAX_DOLLARS)), n_players=is_n_players)
def best_response_to_class(bids: Sequence[int], n_players: int = 4) -> ClassReport:
    """Treat the class's first-round bids as everybody's mixed strategy, and find the best reply
    in a game of ``n_players``.

    >>> r = best_response_to_class([5, 5, 5, 7], n_players=2)
    >>> r.distribution
    {5: Fraction(3, 4), 7: Fraction(1, 4)}
    >>> r.payoffs[6]       # just above the crowd: 10-6 three times in four, 7-6 else
    Fraction(13, 4)
    >>> r.best, r.payoffs[1]       # under everybody: the 7 bucket for $1, every time
    ([1], Fraction(6, 1))
    """
    totals = list(bids)
    if not totals:
        raise InvalidArgument("type at least one bid")
    for t in totals:
        if t not in FIRST_ROUND_BIDS:
            raise InvalidArgument(f"{t!r} is not a total a full starting hand can bid")
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= MAX_CLASS_PLAYERS:
        raise InvalidArgument(f"n_players is 2 to {MAX_CLASS_PLAYERS}, not {n_players!r}")
    counts = Counter(totals)
    dist = {t: Fraction(c, len(totals)) for t, c in sorted(counts.items())}
    pay = expected_payoffs(dist, n_players - 1)
    top = max(pay.values())
    return ClassReport(n_players, dist, pay, [t for t, v in pay.items() if v == top], expected_value(dist, pay))


# ---- whole games ---------------------------------------------------------------------------
#: The usual line-up: every bot once.
LINEUP = ("random", "equilibrium", "outbid", "history")


@checked(bots=is_items(16, "bots"), games=is_runs, seed=is_seed, progress=optional(is_callable))
def bot_tournament(bots: Sequence[Bot | str] = LINEUP, *, games: int = 200, seed: int = 0,
                   progress: Callable[[float], None] | None = None, **options: Any) -> TournamentResult:
    """Win rates (with 95 % Wilson intervals) of the bots (Bot objects or names) over whole games
    to $40, seats rotated."""
    return tournament_of(Boneyard(**{"players": len(bots), **options}), bots, games=games, seed=seed,
                         progress=progress)


#: Question 7's line-up: one bot that plays for $40 when a bid could get it there this round, against
#: three that bid the first-round mix every round. Seeded games, played once and stored (a few seconds).
RACE_LINEUP = (RaceBot(), EquilibriumBot(), EquilibriumBot(), EquilibriumBot())
question7_race = stored_run(__name__, "q7", bot_tournament, bots=RACE_LINEUP, games=600)


def race_figure(result: TournamentResult) -> Any:
    """Question 7's chart: the race bot's and the three equilibrium bots' win rates, with 95 %
    intervals and the fair share of a quarter."""
    return tournament_figure(result, title=f"Playing for $40 against the mix: {result.games} games, 95 % intervals")


# ---- the race to $40 against the one-round equilibrium ----------------------------------------
@dataclass(frozen=True)
class RaceReport:
    """Whole games in which every player bids the first-round equilibrium mix every round
    (:class:`~changekit.games.boneyard.bots.EquilibriumBot` in every seat)."""

    players: int
    games: int
    seed: int
    rounds: list[int]  # rounds played, per game
    winner_pace: list[float]  # per game: the winners' gain over the start, per round played
    first_round_value: float  # the mix's exact expected net in the first round

    @property
    def mean_rounds(self) -> Estimate:
        return mean_interval([float(r) for r in self.rounds])

    @property
    def mean_winner_pace(self) -> Estimate:
        return mean_interval(self.winner_pace)

    @property
    def median_rounds(self) -> float:
        ordered = sorted(self.rounds)
        middle = len(ordered) // 2
        return float(ordered[middle]) if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2

    @property
    def rounds_at_average_pace(self) -> float:
        """The rounds a player would need to gain the $14 from $26 to $40 at the first round's average net."""
        return (TARGET - sum(START_BILLS)) / self.first_round_value


@checked(players=is_whole(4, 8), games=is_runs, seed=is_seed, progress=optional(is_callable))
def equilibrium_race(players: int = 4, *, games: int = 400, seed: int = 0,
                     progress: Callable[[float], None] | None = None) -> RaceReport:
    """Play ``games`` seeded games to $40 with the first-round equilibrium bot in every seat (the
    same random streams as :func:`bot_tournament`): how long the race lasts, and how fast its
    winners gained, beside the first round's exact expected net (:func:`equilibrium_summary`)."""
    game = Boneyard(players=players)
    master = random.Random(seed)
    rounds, pace = [], []
    for g in range(games):
        state = cast(BoneyardState, game.new_state(seed=master.getrandbits(32)))
        play_out(state, [EquilibriumBot() for _ in range(players)], rng=random.Random(master.getrandbits(64)))
        money_now = state.money()
        winners = state.winners()
        rounds.append(state.round)
        pace.append(sum(money_now[w] - sum(START_BILLS) for w in winners) / len(winners) / state.round)
        if progress is not None:
            progress((g + 1) / games)
    value = next(r["value"] for r in equilibrium_summary() if r["players"] == players)
    return RaceReport(players, games, seed, rounds, pace, float(value))


@checked(report=is_instance(RaceReport, "a RaceReport (from equilibrium_race)"))
def race_html(report: RaceReport) -> str:
    """The race's answer: its length with a 95 % interval, against the pace of the first round's average."""
    length, pace = report.mean_rounds, report.mean_winner_pace
    return (f"<p>{report.games} seeded games (seed {report.seed}), {report.players} players, everyone bidding the "
            f"first-round mix every round. A game lasts <b>{length.value:.1f} rounds</b> on average (95 % interval "
            f"{length.low:.1f}–{length.high:.1f}; median {report.median_rounds:g}).</p>"
            f"<p>At the first round's average net of {_signed_dollars(report.first_round_value)} a round, gaining the "
            f"$14 to $40 would take about <b>{report.rounds_at_average_pace:.0f} rounds</b>. The winners gained "
            f"{_signed_dollars(pace.value)} a round on average (95 % interval {_signed_dollars(pace.low)}–"
            f"{_signed_dollars(pace.high)}).</p>")


def _signed_dollars(amount: float) -> str:
    """A dollar amount to the cent, signed: ``+$0.55``."""
    return f"{'+' if amount >= 0 else '−'}${abs(amount):.2f}"


# ---- answers shown by the notebook's questions -----------------------------------------------
@checked(bids=is_text(20_000), n_players=is_n_players)
def class_answer(bids: str, n_players: int = 4) -> list:
    """The best response to a class's bids: a sentence and the class figure."""
    report = best_response_to_class(parse_bids(bids), n_players)
    best = dollars(report.best)
    value = report.payoffs[report.best[0]]
    html = (f"Against {report.n_players - 1} opponents drawn from this class, the best bid is <b>{best}</b>, earning "
            f"<b>{value}</b> ≈ {float(value):+.3f} on average; the class's own bids average "
            f"{float(report.class_average):+.3f}.")
    return [html, class_figure(report)]


# ---- figures -------------------------------------------------------------------------------
def _strategies(results: Mapping[int, Any] | None) -> dict[int, dict[int, float]]:
    if results is None:
        results = {n: EQUILIBRIUM_TABLE[n] for n in range(3, 9)}
    out = {}
    for n, r in sorted(results.items()):
        mix = r.strategy if isinstance(r, Equilibrium) else r
        out[n] = {t: float(mix.get(t, 0.0)) for t in FIRST_ROUND_BIDS}
    return out


@checked(results=is_results)
def equilibrium_summary(results: Mapping[int, Any] | None = None) -> list[dict[str, Any]]:
    """Per number of players: the support, P($1), the value (expected net of the round) and the
    exploitability, recomputed with the exact pure-Python payoffs. ``results``: player count →
    :class:`Equilibrium` or strategy dict; default: the bots' stored table for 3-8 players (no
    solver, no numpy: fast enough for page load)."""
    rows = []
    for n, mix in _strategies(results).items():
        pay = expected_payoffs(mix, n - 1)
        value = expected_value(mix, pay)
        rows.append({"players": n, "support": [t for t, p in mix.items() if p > 0], "p1": mix[1],
                     "value": value, "exploitability": max(pay.values()) - value,
                     "best_payoff": max(pay.values())})
    return rows


@checked(results=is_results)
def equilibrium_table_html(results: Mapping[int, Any] | None = None) -> str:
    """The summary as an HTML table."""
    head = "<tr><th>players</th><th>bids used</th><th>P(bid $1)</th><th>expected net</th><th>exploitability</th></tr>"
    body = "".join(
        f"<tr><td>{r['players']}</td><td>{money(r['support'][0])}–{money(r['support'][-1])} "
        "(no $2: it cannot be made)</td>"
        f"<td>{r['p1']:.3f}</td><td>{r['value']:+.4f}</td><td>{r['exploitability']:.1e}</td></tr>"
        for r in equilibrium_summary(results))
    return f'<table class="ck-table" aria-label="equilibrium summary">{head}{body}</table>'


def equilibrium_figure(results: Mapping[int, Any] | None = None) -> Any:
    """Heatmap: probability of each bid total (columns) in the equilibrium for each number of
    players (rows). ``results`` as in :func:`equilibrium_summary`."""
    import plotly.graph_objects as go  # heavy: only the charts need plotly
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    mixes = _strategies(results)
    shown = [t for t in FIRST_ROUND_BIDS if any(m[t] > 0 for m in mixes.values())]
    rows = sorted(mixes)
    z = [[mixes[n][t] for t in shown] for n in rows]
    text = [[f"{v:.3f}" if v else "" for v in row] for row in z]
    fig = go.Figure(go.Heatmap(
        z=z, x=[money(t) for t in shown], y=[f"{n} players" for n in rows], text=text,
        # light blues only, under dark numbers: on "Blues" plotly's own choice of black or white for
        # the numbers left mid-blue cells at 3.7-4.2:1, under 4.5
        texttemplate="%{text}", textfont={"color": "#1a1a1a"}, colorscale=[[0, "#f7fbff"], [1, "#6baed6"]],
        colorbar={"title": {"text": "probability", "side": "right"}},  # on top, it sat on the 0.5
        hovertemplate="%{y}, bid %{x}: %{z:.4f}<extra></extra>",
    ))
    return style(fig, title="First-round equilibrium: how often to bid each total", x="bid total", y="")


def convergence_figure(result: Equilibrium) -> Any:
    """Exploitability after each solver step (log scale): the exponential-weights dynamic,
    then Newton's method on the support."""
    import plotly.graph_objects as go  # heavy: only the charts need plotly
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    h = [max(x, 1e-16) for x in result.history]
    k = result.newton_from
    fig = go.Figure()
    fig.add_scatter(x=list(range(k)), y=h[:k], mode="lines", name="exponential weights")
    fig.add_scatter(x=list(range(k - 1, len(h))), y=h[k - 1:], mode="lines+markers", name="Newton on the support")
    style(fig, title=f"Solving the {result.n_players}-player first round", x="solver step", y="exploitability ($)")
    fig.update_yaxes(type="log", exponentformat="power")
    return fig


def class_figure(report: ClassReport) -> Any:
    """Bars: how often the class bid each total, and each total's expected payoff against it."""
    import plotly.graph_objects as go  # heavy: only the charts need plotly
    from plotly.subplots import make_subplots
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    # one above the other: side by side, on a phone the two titles ran into each other and off the edge
    fig = go.Figure(make_subplots(rows=2, cols=1, vertical_spacing=0.2, subplot_titles=(
        "what the class bid", f"expected payoff against it ({report.n_players} players)")))
    xs = list(report.distribution)
    fig.add_bar(x=xs, y=[float(v) for v in report.distribution.values()], name="share of bids", row=1, col=1)
    ts = list(report.payoffs)
    colours = ["#d62728" if t in report.best else "#1f77b4" for t in ts]
    fig.add_bar(x=ts, y=[float(v) for v in report.payoffs.values()], marker_color=colours,
                name="expected payoff", row=2, col=1)
    style(fig, title=f"Best response: bid {dollars(report.best)}", x="bid total", y="share of bids", height=620)
    fig.update_xaxes(title_text="bid total", row=2, col=1)
    fig.update_yaxes(title_text="expected payoff", row=2, col=1)
    fig.update_layout(showlegend=False)
    return fig


# ---- a closed form: the indifference equation of a small table --------------------------------------
@checked(low=is_one_of(*FIRST_ROUND_BIDS), high=is_one_of(*FIRST_ROUND_BIDS), players=is_n_players)
def indifference_closed_form(low: int = 1, high: int = 3, *, players: int = 3):
    """A small table: ``players`` players, each bidding only ``low`` or ``high`` (first round),
    ``low`` with probability p. Each bid's expected payoff is a polynomial in p of degree at most the
    number of opponents; sympy interpolates it exactly from :func:`expected_payoffs` at that many
    + 1 values of p, and solves the indifference equation u(low) = u(high) for the mix where
    neither bid is better: the equilibrium of this small game."""
    import sympy  # heavy: only the closed form needs it
    from changekit.ui.maths import ClosedForm  # the ui's formula display: only the closed form shows it

    opponents = players - 1
    p = sympy.Symbol("p")
    points = [Fraction(i, opponents) for i in range(opponents + 1)]
    u = {}
    for bid in (low, high):
        samples = [(sympy.Rational(x.numerator, x.denominator),
                    sympy.Rational(str(expected_payoffs({low: x, high: 1 - x}, opponents, bids=[low, high])[bid])))
                   for x in points]
        u[bid] = sympy.expand(sympy.interpolate(samples, p))
    roots = [r for r in sympy.solve(sympy.Eq(u[low], u[high]), p) if r.is_real and 0 < r < 1]
    if len(roots) != 1:
        raise InvalidArgument(f"bids {money(low)} and {money(high)} at {players} players have no single mixed "
                              f"equilibrium: {roots}")
    return ClosedForm(
        f"{players} players, first round; everyone bids only {money(low)} (with probability p) or {money(high)}. "
        "Each bid's "
        "expected gain against the others is a polynomial in p; in equilibrium both bids must earn the same "
        "(otherwise everyone would play the better one):",
        "", sympy.Eq(u[low], u[high]), None, roots[0], solves="p",
        steps=((f"u({money(low)})", u[low]), (f"u({money(high)})", u[high])))


# ---- what an equilibrium does not promise -----------------------------------------------------
def _first_round_net(totals: Sequence[int], seat: int) -> int:
    """Seat ``seat``'s net in a first round where the players bid ``totals`` (plain rules: matched
    bids are lost, unmatched bids take the buckets richest first, a bid with no bucket comes back)."""
    counts = Counter(totals)
    mine = totals[seat]
    if counts[mine] > 1:
        return -mine
    rank = sorted((t for t in totals if counts[t] == 1), reverse=True).index(mine)
    return FIRST_ROUND_BUCKETS[rank] - mine if rank < len(FIRST_ROUND_BUCKETS) else 0


@checked(mixes=is_items(6, "mixed strategies", each=is_strategy))
def profile_values(mixes: Sequence[Mapping[int, Number]]) -> list[Number]:
    """Each player's expected net in the first round when player ``i`` bids independently from
    ``mixes[i]`` (a mix each, not necessarily the same): a sum over every tuple of bids. With
    Fractions in, exact Fractions out. It shows what a symmetric equilibrium does not promise:
    when some players leave it, the others can lose.

    >>> profile_values([{1: 1}, {1: 1}, {3: 1}])   # two $1s cancel; the $3 takes the $10 bucket
    [-1, -1, 7]
    """
    supports = [[(t, p) for t, p in mix.items() if p] for mix in mixes]
    values: list[Number] = [0] * len(mixes)
    for profile in product(*supports):
        weight: Number = 1
        for _, p in profile:
            weight *= p
        totals = [t for t, _ in profile]
        for seat in range(len(mixes)):
            values[seat] += weight * _first_round_net(totals, seat)
    return values


@checked(total=is_one_of(*FIRST_ROUND_BIDS), n_players=is_whole(2, 8))
def chance_matched(total: int, n_players: int) -> float:
    """The chance that a bid of ``total`` is cancelled in the first round when the other
    ``n_players - 1`` players bid from the stored equilibrium mix: 1 − (1 − p)^(n−1)."""
    p = EQUILIBRIUM_TABLE[n_players].get(total, 0.0)
    return 1 - (1 - p) ** (n_players - 1)
