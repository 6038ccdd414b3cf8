"""Zombie analyses: what paying a bill earns, exactly and by simulation, and bot tournaments.

The exact part is pure Python (``fractions``), so bots and the app's hints use it too; the
``*_figure`` functions build plotly figures and import plotly only when called.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Callable, Iterable, Mapping, Sequence, cast

from changekit.core.markup import exact_html
from changekit.core.words import dollars, money
from changekit.core import DENOMINATIONS, Bot, change_deck
from changekit.stats.exact import draw_ways, draws_without_replacement, hypergeometric, mean, push
from changekit.stats.montecarlo import running_mean, simulate
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import TournamentResult
from changekit.stats.tournaments import tournament_figure as tournament_figure  # the notebook draws with it
from changekit.stats.tournaments import bot_tournament as tournament_of

from .bots import GreedyBot, SheddingBot, TieSheddingBot
from .model import clear_outcome_caches, pay_outcomes, unseen_pool
from .rules import HAND_SIZE, ZOMBIE_START, Zombie, points_for, serve, unchecked_points_for
from changekit.core.checks import (
    MAX_DOLLARS, checked, is_callable,
    is_flag, is_items, is_real, is_rng, is_runs, is_seed, is_view, is_whole, optional,
)
from changekit.core.money import is_change_bill, is_change_bills
from changekit.core.errors import InvalidArgument

@checked(bill=is_change_bill, zombie=is_change_bills(), dealt=is_whole(0, 10), removed=is_change_bills(),
         from_hand=is_flag, hand=optional(is_change_bills()))
def points_distribution(bill: int, *, zombie: Sequence[int] = (), dealt: int = ZOMBIE_START,
                        removed: Iterable[int] = (), from_hand: bool = True,
                        hand: Sequence[int] | None = None) -> dict[int, Fraction]:
    """Exact distribution of the points for paying ``bill`` to a Zombie holding the known
    bills ``zombie`` plus ``dealt`` bills dealt at random from the deck less ``removed`` and
    ``zombie``; further draws come from what is left.

    By default this is the first play of a fresh game (``from_hand``): you were dealt a random
    hand of 6 that holds ``bill``, so that bill and the rest of your hand are out of the Zombie's
    reach; the answer averages over every such hand. ``hand`` gives the rest of your hand
    instead, when it is known. ``removed``: other bills known to be out of his reach (discards).
    ``from_hand=False`` leaves the paid bill in the deck the Zombie's bills come from.

    >>> points_distribution(1, zombie=[10], dealt=0)
    {9: Fraction(1, 1)}
    >>> dist = points_distribution(5)            # a fresh Zombie of 3 random bills
    >>> float(sum(dist.values())), float(mean(dist)) > 0
    (1.0, True)
    """
    removed = list(removed)
    if not from_hand:
        return dict(_points_distribution(bill, tuple(sorted(zombie)), dealt, tuple(sorted(removed))))
    if hand is not None:
        return dict(_points_distribution(bill, tuple(sorted(zombie)), dealt, tuple(sorted([bill, *hand, *removed]))))
    if not zombie and not removed:  # a fresh game's first play: the same Fractions counted in one pass
        return dict(_first_play_distribution(bill, dealt))
    dist: dict[int, Fraction] = {}
    for rest, weight in fresh_hand_rests(bill, out=[*removed, *zombie]):
        out = tuple(sorted([bill, *rest, *removed]))
        for points, p in _points_distribution(bill, tuple(sorted(zombie)), dealt, out).items():
            dist[points] = dist.get(points, 0) + weight * p
    return dict(sorted(dist.items()))


def clear_exact_caches() -> None:
    """Forget every exact result computed so far (benchmarks time the analyses cold)."""
    for cache in (_points_distribution, _fresh_hand_rests, _expected_points_table, _first_play_distribution,
                  _convergence_run):
        cache.cache_clear()
    clear_outcome_caches()


@checked(bill=is_change_bill, out=is_change_bills())
def fresh_hand_rests(bill: int, *, out: Iterable[int] = ()) -> list[tuple[tuple[int, ...], Fraction]]:
    """The other 5 bills of a random 6-bill hand dealt from the deck less ``out``, given that
    it holds ``bill`` (one copy set aside), as ``[(bills, probability)]``."""
    return list(_fresh_hand_rests(bill, tuple(sorted(out))))


@lru_cache(maxsize=256)
def _fresh_hand_rests(bill: int, out: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    counts = dict(zip(DENOMINATIONS, unseen_pool(out), strict=True))
    holding = [(h, p) for h, p in draws_without_replacement(counts, HAND_SIZE) if h.get(bill, 0) >= 1]
    if not holding:
        raise InvalidArgument(f"no hand can hold a {money(bill)}: every one is out of play")
    total = sum(p for _, p in holding)
    rests = []
    for h, p in holding:
        rest = Counter(h)
        rest[bill] -= 1
        rests.append((tuple(sorted(rest.elements())), p / total))
    return tuple(rests)


@lru_cache(maxsize=4096)
def _points_distribution(bill: int, known: tuple[int, ...], dealt: int, out: tuple[int, ...]) -> dict[int, Fraction]:
    """Points for ``bill`` against the Zombie ``known`` + ``dealt`` random bills from the deck
    less ``out`` and ``known``."""
    pool = unseen_pool([*out, *known])
    counts = dict(zip(DENOMINATIONS, pool, strict=True))
    # Most deals cover the bill at once: count those by integer ways, and use Fractions only
    # for the deals that make the Zombie draw (this keeps k = 10 well under 50 ms).
    ways: Counter[int] = Counter()
    drawing: dict[int, Fraction] = {}
    denominator = comb(sum(pool), dealt)
    for hand, p in draws_without_replacement(counts, dealt):
        bills = tuple(sorted(known + tuple(d for d, n in hand.items() for _ in range(n))))
        if sum(bills) >= bill:
            # the bills are sorted and cover the bill: no checks in this loop (~20k calls a table)
            ways[unchecked_points_for(bills, bill)] += p.numerator * (denominator // p.denominator)
            continue
        rest = tuple(counts[d] - hand.get(d, 0) for d in DENOMINATIONS)
        for (points, _, _), q in pay_outcomes(bill, bills, rest).items():
            drawing[points] = drawing.get(points, 0) + p * q
    dist = {points: Fraction(w, denominator) for points, w in ways.items()}
    for points, q in drawing.items():
        dist[points] = dist.get(points, 0) + q
    return dict(sorted(dist.items()))


@checked(dealt=is_whole(0, 10), removed=is_change_bills(), from_hand=is_flag)
def expected_points_table(*, dealt: int = ZOMBIE_START, removed: Iterable[int] = (),
                          from_hand: bool = True) -> dict[int, Fraction]:
    """Expected points of each bill against a fresh Zombie (``dealt`` random bills): by default
    the first play of a fresh game, the bill paid coming from your hand (see :func:`points_distribution`)."""
    return dict(_expected_points_table(dealt, tuple(sorted(removed)), from_hand))


@lru_cache(maxsize=64)  # Question 1's Check draws the table and the figure from one computation
def _expected_points_table(dealt: int, removed: tuple[int, ...], from_hand: bool) -> tuple[tuple[int, Fraction], ...]:
    return tuple((b, mean(points_distribution(b, dealt=dealt, removed=removed, from_hand=from_hand)))
                 for b in DENOMINATIONS)


@checked(view=is_view(hand=is_change_bills(), zombie=is_change_bills(), discards=is_change_bills()))
def hand_hints(view: Mapping) -> dict[int, Fraction]:
    """For the player whose ``view`` this is: the exact expected points of each bill in hand,
    given the Zombie's hand and all bills the player has seen."""
    seen = [*view["hand"], *view["zombie"], *view["discards"]]
    pool = unseen_pool(seen)
    zombie = tuple(sorted(view["zombie"]))
    return {b: mean(push(pay_outcomes(b, zombie, pool), lambda o: o[0])) for b in sorted(set(view["hand"]))}


# ---- Monte Carlo of the same quantity ---------------------------------------------------
@checked(bill=is_change_bill, rng=is_rng, zombie=is_change_bills(), dealt=is_whole(0, 10), removed=is_change_bills(),
         from_hand=is_flag, hand=optional(is_change_bills()))
def sample_points(bill: int, rng: random.Random, *, zombie: Sequence[int] = (), dealt: int = ZOMBIE_START,
                  removed: Iterable[int] = (), from_hand: bool = True, hand: Sequence[int] | None = None) -> int:
    """One simulated payment: deal, draw as the engine does, return the points (the same
    situation as :func:`points_distribution`)."""
    out = [*removed, *zombie]
    if from_hand:  # a random fresh hand holding the bill, or the known rest of it
        if hand is None:
            rests = fresh_hand_rests(bill, out=out)
            hand = rng.choices([r for r, _ in rests], weights=[float(p) for _, p in rests])[0]
        out += [bill, *hand]
    pool = [d for d, n in zip(DENOMINATIONS, unseen_pool(out), strict=True) for _ in range(n)]
    rng.shuffle(pool)
    hand = sorted([*zombie, *pool[:dealt]])
    change, _ = serve(hand, bill, pool[dealt:].pop)
    return sum(change) - bill


@checked(bill=is_change_bill, n=is_runs, seed=is_seed)
def simulated_points(bill: int, n: int, *, seed: int, **where) -> list[int]:
    return simulate(lambda rng: sample_points(bill, rng, **where), n, seed=seed)


# ---- tournaments ------------------------------------------------------------------------
#: The usual line-up: careful against greedy, with a random bot to make the table four.
LINEUP = ("careful", "greedy", "random", "greedy")


@checked(bots=is_items(16, "bots"), games=is_runs, seed=is_seed, progress=optional(is_callable))
def bot_tournament(bots: Sequence[Bot | str] = LINEUP, *, games: int = 400, seed: int = 2026,
                   progress: Callable[[float], None] | None = None, **options: Any) -> TournamentResult:
    """The bots (Bot objects or names) round one table, seats rotated: win rates with 95 % intervals."""
    return tournament_of(Zombie(**{"players": len(bots), **options}), bots, games=games, seed=seed,
                         progress=progress)


#: Question 4's tournament: careful, greedy, careful, greedy over 200 games of seed 2026.
QUESTION4_LINEUP = ("careful", "greedy", "careful", "greedy")
QUESTION4_GAMES = 200
#: Question 4's 200 games, stored (:mod:`changekit.stats.stored`): played, they take 10-25 s on a
#: class server. ``question4_tournament()`` shows the stored result at once; ``replay=True`` plays
#: the games again (tests/unit/test_stored_runs.py requires the same result).
question4_tournament = stored_run(__name__, "q4", bot_tournament, bots=QUESTION4_LINEUP, games=QUESTION4_GAMES)

#: Question 7's line-up, the sheet's "keep no duplicates" over whole games: greedy, and greedy with
#: the hint as a rule (pay a duplicate while it holds one) or as a tiebreak (a duplicate among the
#: bills that expect the most), round a 3-player table.
DUPLICATES_LINEUP = (GreedyBot(), SheddingBot(), TieSheddingBot())
#: Question 7's 300 games (about 8 s played), stored like Question 4's.
question7_duplicates = stored_run(__name__, "q7", bot_tournament, bots=DUPLICATES_LINEUP, games=300)


def duplicates_figure(result: TournamentResult):
    """Question 7's chart: the three duplicate habits' win rates, with 95 % intervals and the fair third."""
    return tournament_figure(result, title=f"Three duplicate habits, whole games: {result.games} games, "
                                           "95 % intervals")


# ---- answers shown by the notebook's questions ------------------------------------------
@checked(bill=is_change_bill)
def chance_of_points_html(bill: int = 5) -> str:
    p = chance_of_points(bill)
    return (f"Exact chance of at least one point with a {money(bill)}: "
            f"<b>{exact_html(p.numerator, p.denominator)}</b>")


# ---- figures ----------------------------------------------------------------------------
def points_figure(bill: int = 5, *, dealt: int = ZOMBIE_START, samples: int = 5000, seed: int = 1):
    """Exact point distribution (bars) beside the simulated frequencies (markers)."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    from changekit.ui.theme import style

    exact = points_distribution(bill, dealt=dealt)
    sims = Counter(simulated_points(bill, samples, seed=seed, dealt=dealt))
    xs = sorted(set(exact) | set(sims))
    fig = go.Figure()
    fig.add_bar(x=xs, y=[float(exact.get(x, 0)) for x in xs], name="exact")
    fig.add_scatter(x=xs, y=[sims.get(x, 0) / samples for x in xs], mode="markers", name=f"simulated ({samples:,})",
                    marker={"size": 11, "symbol": "diamond"})
    return style(fig, title=f"Points for paying {money(bill)} to a fresh Zombie ({dealt} bills)",
                 x="points scored", y="probability")


def expected_points_figure(*, dealt: int = ZOMBIE_START):
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    from changekit.ui.theme import style

    table = expected_points_table(dealt=dealt)
    fig = go.Figure()
    fig.add_bar(x=[money(b) for b in table], y=[float(v) for v in table.values()],
                text=[f"{float(v):.3f}" for v in table.values()], name="expected points")
    return style(fig, title=f"Expected points per bill against a fresh Zombie ({dealt} bills)",
                 x="bill paid", y="expected points")


def convergence_figure(bill: int = 5, *, dealt: int = ZOMBIE_START, samples: int = 4000, seed: int = 7):
    """Running average of simulated points against the exact expectation."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    from changekit.ui.theme import style

    exact, points = _convergence_run(bill, dealt, samples, seed)
    avg = running_mean(points)
    fig = go.Figure()
    fig.add_scatter(x=list(range(1, samples + 1)), y=avg, mode="lines", name="running average (simulation)")
    fig.add_scatter(x=[1, samples], y=[exact, exact], mode="lines", name=f"exact = {exact:.4f}",
                    line={"dash": "dash"})
    return style(fig, title=f"Simulation converges to the exact expectation ({money(bill)})",
                 x="payments simulated", y="average points", log_x=True)


@checked(bill=is_change_bill, dealt=is_whole(0, 10), samples=is_runs, seed=is_seed)
def convergence_run(bill: int = 5, *, dealt: int = ZOMBIE_START, samples: int = 4000,
                    seed: int = 7) -> tuple[int, ...]:
    """The points of :func:`convergence_figure`'s seeded simulation (same arguments), one a payment."""
    return _convergence_run(bill, dealt, samples, seed)[1]


@lru_cache(maxsize=8)  # Question 3's chart and its right answer read one seeded run (a few seconds)
def _convergence_run(bill: int, dealt: int, samples: int, seed: int) -> tuple[float, tuple[int, ...]]:
    """The exact expectation of paying ``bill`` and the points of a seeded simulation."""
    exact = float(mean(points_distribution(bill, dealt=dealt)))
    return exact, tuple(simulated_points(bill, samples, seed=seed, dealt=dealt))


@checked(bill=is_change_bill, dealt=is_whole(0, 10), samples=is_runs, seed=is_seed, within=is_real(0, MAX_DOLLARS))
def convergence_settles(bill: int = 5, *, dealt: int = ZOMBIE_START, samples: int = 4000, seed: int = 7,
                        within: float = 0.05) -> int:
    """The last payment of :func:`convergence_figure`'s seeded run (same arguments) at which the
    running average is more than ``within`` from the exact expectation, 0 if none: from the next
    payment on, up to the chart's last, it stays within ``within``."""
    exact, points = _convergence_run(bill, dealt, samples, seed)
    avg = running_mean(points)
    return max((n for n, a in enumerate(avg, 1) if abs(a - exact) > within), default=0)


@checked(dealt=is_whole(0, 10))
def expected_points_table_html(*, dealt: int = ZOMBIE_START) -> str:
    """The expected-points table as HTML: exact fraction and decimal for each bill."""
    rows = "".join(
        f"<tr><td>{money(b)}</td><td>{v.numerator}/{v.denominator}</td><td>{float(v):.4f}</td></tr>"
        for b, v in expected_points_table(dealt=dealt).items()
    )
    return ('<table aria-label="expected points per bill"><tr><th>bill paid</th><th>exact expected points</th>'
            f"<th>decimal</th></tr>{rows}</table>")


@checked(bill=is_change_bill, at_least=is_whole(-MAX_DOLLARS, MAX_DOLLARS), dealt=is_whole(0, 10))
def chance_of_points(bill: int, at_least: int = 1, *, dealt: int = ZOMBIE_START) -> Fraction:
    """Exact probability of scoring at least ``at_least`` points with ``bill`` on a fresh Zombie."""
    return sum((p for pts, p in points_distribution(bill, dealt=dealt).items() if pts >= at_least), Fraction(0))


# ---- the explorer: the bill and the Zombie's hand size ----------------------------------
#: The most bills the Zombie is dealt in a first-play question (the explorer's range; each answer
#: stays well under a second).
MAX_FIRST_PLAY_DEALT = 12


@checked(bill=is_change_bill, dealt=is_whole(0, MAX_FIRST_PLAY_DEALT))
def first_play_distribution(bill: int, dealt: int = ZOMBIE_START) -> dict[int, Fraction]:
    """The same answer as ``points_distribution(bill, dealt=dealt)`` (the first play of a fresh
    game), computed the other way round so that it takes milliseconds, not seconds.

    :func:`points_distribution` averages over the 5 other bills of your hand, then over the
    Zombie's ``dealt`` bills. Here the Zombie's bills come first: a multiset *z* of ``dealt`` bills
    has its hypergeometric chance from the full deck times the chance that a 6-bill hand dealt
    from the rest holds ``bill`` (Bayes: we condition on your hand holding it). When *z* covers the
    bill the points depend on *z* alone (nearly every deal). When the Zombie must draw, the bills
    he draws and your hand are two disjoint parts of one shuffle of the rest, so the draws are
    weighed the same way: their chance from the deck less *z*, times the chance that a hand from
    what is still left holds ``bill``.

    >>> first_play_distribution(5, 3) == points_distribution(5, dealt=3)
    True
    """
    return dict(_first_play_distribution(bill, dealt))


def _hand_holds(bill_copies: int, left: int) -> Fraction:
    """Chance that 6 bills dealt from ``left`` bills, ``bill_copies`` of them the bill, hold one."""
    if left < HAND_SIZE:
        return Fraction(0)
    return 1 - hypergeometric(left, bill_copies, HAND_SIZE).get(0, Fraction(0))


@lru_cache(maxsize=128)
def _first_play_distribution(bill: int, dealt: int) -> tuple[tuple[int, Fraction], ...]:
    deck = len(change_deck())
    copies = change_deck().count(bill)
    left = deck - dealt
    # Deals that cover the bill are counted in whole numbers over the common denominator
    # comb(deck, dealt) * comb(left, 6): Fractions only for the few deals that make him draw.
    ways: Counter[int] = Counter()
    drawing: dict[int, Fraction] = {}
    denominator = comb(deck, dealt) * comb(left, HAND_SIZE)
    for zombie, count in _zombie_deals(dealt):
        copies_left = copies - zombie.count(bill)
        if sum(zombie) >= bill:
            # (the deal is sorted and covers the bill: the unchecked path, as in _points_distribution)
            holds = comb(left, HAND_SIZE) - comb(left - copies_left, HAND_SIZE)
            ways[unchecked_points_for(zombie, bill)] += count * holds
            continue
        p = Fraction(count, comb(deck, dealt))
        for (points, _, drawn), q in pay_outcomes(bill, zombie, unseen_pool(zombie)).items():
            weight = p * cast(Fraction, q) * _hand_holds(copies_left - drawn.count(bill), left - len(drawn))
            drawing[points] = drawing.get(points, 0) + weight
    joint = {points: Fraction(w, denominator) for points, w in ways.items()}
    for points, q in drawing.items():
        joint[points] = joint.get(points, 0) + q
    evidence = sum(joint.values())  # P(your hand holds the bill)
    return tuple(sorted((points, p / evidence) for points, p in joint.items()))


def _zombie_deals(dealt: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted hand of ``dealt`` bills from the full deck, with its number of ways."""
    full = dict(zip(DENOMINATIONS, unseen_pool(), strict=True))
    return [(tuple(d for d in DENOMINATIONS for _ in range(hand.get(d, 0))), ways)
            for hand, ways in draw_ways(full, dealt)]


def first_play_figure(bill: int = 5, dealt: int = ZOMBIE_START):
    """The exact points distribution of a first play (bars), for the explorer."""
    import plotly.graph_objects as go  # plotly is heavy: only drawing a chart needs it (and the UI theme)

    from changekit.ui.theme import style

    dist = first_play_distribution(bill, dealt)
    xs = list(range(0, max(dist) + 1))
    fig = go.Figure()
    fig.add_bar(x=xs, y=[float(dist.get(x, 0)) for x in xs], name="exact",
                text=[f"{float(dist.get(x, 0)):.3f}" if dist.get(x) else "" for x in xs])
    return style(fig, title=f"Points for paying {money(bill)} to a Zombie dealt {dealt} bills (first play)",
                 x="points scored", y="probability")


@checked(bill=is_change_bill, dealt=is_whole(0, MAX_FIRST_PLAY_DEALT))
def first_play_readout(bill: int = 5, dealt: int = ZOMBIE_START) -> str:
    dist = first_play_distribution(bill, dealt)
    average = mean(dist)
    scoring = sum((p for pts, p in dist.items() if pts >= 1), Fraction(0))
    return (f"Paying <b>{money(bill)}</b> to a Zombie dealt <b>{dealt}</b> bills: expected points "
            f"<b>{exact_html(average.numerator, average.denominator)}</b>; at least one point "
            f"with probability <b>{float(scoring):.3f}</b>.")


# ---- a closed form: the hypergeometric probability ------------------------------------------------
@checked(hand=is_change_bills(HAND_SIZE), dealt=is_whole(0, 10))
def tens_closed_form(hand: Sequence[int] = (1, 3, 5, 5, 7, 7), dealt: int = ZOMBIE_START):
    """The chance that a Zombie dealt ``dealt`` bills holds at least one $10 when you hold ``hand``
    (6 bills, known to you): his bills come from the other 44, a *hypergeometric* count (draws
    without replacement from a pile with a known number of tens). Derived with sympy."""
    import sympy  # sympy is slow to import: only the exact symbolic answers need it

    from changekit.ui.maths import ClosedForm

    if len(hand) != HAND_SIZE:
        raise InvalidArgument(f"hand holds {HAND_SIZE} bills, not {len(hand)}")
    left = unseen_pool(hand)
    N, K, n = sympy.symbols("N K n", positive=True, integer=True)
    general = 1 - sympy.binomial(N - K, n) / sympy.binomial(N, n)
    values = {N: sum(left), K: left[DENOMINATIONS.index(10)], n: dealt}
    substituted = 1 - sympy.Mul(sympy.binomial(values[N] - values[K], dealt, evaluate=False),
                                sympy.Pow(sympy.binomial(values[N], dealt, evaluate=False), -1, evaluate=False),
                                evaluate=False)
    return ClosedForm(f"You hold {dollars(hand)}: the Zombie's {dealt} bills come from the other "
                      f"{values[N]}, of which {values[K]} are $10 bills. The chance he holds at least one $10 is one "
                      "minus the chance that all his bills come from the rest:",
                      r"P(\text{at least one } \$10)", general, substituted, general.subs(values))


# ---- the sheet's two strategy hints: keep no duplicates; what you pay feeds your neighbour ----------
#: Question 5's two hands: the two bills that score most on average (Question 1), three of each,
#: against one of every kind and a second $10.
DUPLICATES_HANDS = ((1, 1, 1, 3, 3, 3), (1, 3, 5, 7, 10, 10))


@checked(hand=is_change_bills(HAND_SIZE), dealt=is_whole(0, 10))
def best_bill_points(hand: Sequence[int], *, dealt: int = ZOMBIE_START) -> Fraction:
    """Exact expected points of a first payment from a known ``hand`` of 6 when you see the
    Zombie's ``dealt`` bills (dealt from the 44 you do not hold) and then pay the bill that expects
    the most against them (:func:`hand_hints`; the register is a shuffle of the bills you cannot see).

    >>> best_bill_points((1, 1, 1, 1, 1, 1)) == mean(points_distribution(1, hand=(1, 1, 1, 1, 1)))
    True
    """
    if len(hand) != HAND_SIZE:
        raise InvalidArgument(f"hand holds {HAND_SIZE} bills, not {len(hand)}")
    counts = dict(zip(DENOMINATIONS, unseen_pool(hand), strict=True))
    total = Fraction(0)
    for deal, p in draws_without_replacement(counts, dealt):
        zombie = [d for d in DENOMINATIONS for _ in range(deal.get(d, 0))]
        total += p * max(hand_hints({"hand": list(hand), "zombie": zombie, "discards": []}).values())
    return total


@checked(hand=is_change_bills(HAND_SIZE), dealt=is_whole(0, 10))
def fixed_bill_points(hand: Sequence[int], *, dealt: int = ZOMBIE_START) -> dict[int, Fraction]:
    """For each kind of bill in ``hand``: its exact expected points on a first payment when it is
    paid whatever the Zombie holds (the rest of the hand known; see :func:`points_distribution`)."""
    out = {}
    for bill in sorted(set(hand)):
        rest = list(hand)
        rest.remove(bill)
        out[bill] = mean(points_distribution(bill, dealt=dealt, hand=rest))
    return out


@checked(hands=is_items(12, "hands", each=is_change_bills(HAND_SIZE)), dealt=is_whole(0, 10))
def duplicates_html(hands: Sequence[Sequence[int]] = DUPLICATES_HANDS, *, dealt: int = ZOMBIE_START) -> str:
    """Question 5's answer: each hand's expected points when you choose the bill after seeing the
    Zombie, beside the best a single kind of bill from it earns when it is paid blind."""
    rows = []
    for hand in hands:
        chosen = best_bill_points(hand, dealt=dealt)
        fixed = fixed_bill_points(hand, dealt=dealt)
        blind = max(fixed, key=lambda b: fixed[b])
        rows.append(f"<tr><td>{dollars(hand)}</td><td><b>{float(chosen):.3f}</b></td>"
                    f"<td>{float(fixed[blind]):.3f} ({money(blind)})</td></tr>")
    return ('<table aria-label="a first payment chosen from each hand"><tr><th>your six bills</th>'
            "<th>expected points, choosing the bill after seeing the Zombie</th>"
            f"<th>the best single kind, paid blind</th></tr>{''.join(rows)}</table>")


#: Question 6's position: your hand (Question 5's mixed one) and the Zombie's face-up bills.
NEIGHBOUR_HAND = (1, 3, 5, 7, 10, 10)
NEIGHBOUR_ZOMBIE = (5, 10, 10)


@checked(hand=is_change_bills(HAND_SIZE), zombie=is_change_bills())
def neighbour_table(hand: Sequence[int] = NEIGHBOUR_HAND,
                    zombie: Sequence[int] = NEIGHBOUR_ZOMBIE) -> list[dict[str, Any]]:
    """For each kind of bill in ``hand`` (yours, 6 bills): the points it scores against ``zombie``,
    the Zombie's hand it leaves, and the exact expected points of your neighbour's next payment,
    if their 6 bills are dealt at random from the bills you cannot see and they pay the bill that
    scores most against that hand. ``net`` is your points less theirs.

    The position must need no draw, for your payment or theirs (so each payment's points are
    certain once the hands are known): the Zombie covers every bill you could pay and keeps at
    least $10 after any of them; otherwise a ``ChangekitError`` says which bill breaks it.

    >>> [row["points"] for row in neighbour_table((1, 3, 5, 7, 10, 10), (5, 10, 10))]
    [4, 2, 0, 3, 0]
    """
    if len(hand) != HAND_SIZE:
        raise InvalidArgument(f"hand holds {HAND_SIZE} bills, not {len(hand)}")
    counts = dict(zip(DENOMINATIONS, unseen_pool([*hand, *zombie]), strict=True))
    rows = []
    for bill in sorted(set(hand)):
        if sum(zombie) < bill:
            raise InvalidArgument(f"the Zombie ({dollars(zombie)}) must draw to change a {money(bill)}: "
                                  "neighbour_table takes positions without draws")
        after = sorted(zombie)
        change, _ = serve(after, bill, None)
        if sum(after) < max(DENOMINATIONS):
            raise InvalidArgument(f"after a {money(bill)} the Zombie holds {dollars(after)}, so your neighbour's "
                                  "payment may make him draw: neighbour_table takes positions without draws")
        points = sum(change) - bill
        theirs = sum((p * max(points_for(after, b) for b in deal if deal[b])
                      for deal, p in draws_without_replacement(counts, HAND_SIZE)), Fraction(0))
        rows.append({"bill": bill, "points": points, "zombie_after": tuple(after), "neighbour": theirs,
                     "net": points - theirs})
    return rows


def neighbour_html(hand: Sequence[int] = NEIGHBOUR_HAND, zombie: Sequence[int] = NEIGHBOUR_ZOMBIE) -> str:
    """Question 6's answer: :func:`neighbour_table` as an HTML table, the best net in bold."""
    table = neighbour_table(hand, zombie)
    best = max(row["net"] for row in table)
    def net(row: dict[str, Any]) -> str:
        shown = f"{float(row['net']):+.2f}"
        return f"<b>{shown}</b>" if row["net"] == best else shown

    rows = "".join(
        f"<tr><td>{money(r['bill'])}</td><td>{r['points']}</td><td>{dollars(r['zombie_after'])}</td>"
        f"<td>{float(r['neighbour']):.2f}</td><td>{net(r)}</td></tr>"
        for r in table)
    return (f'<table aria-label="what each bill leaves your neighbour"><tr><th>you pay</th><th>your points</th>'
            "<th>the Zombie then holds</th><th>your neighbour's expected points</th><th>yours less theirs</th></tr>"
            f"{rows}</table>")
