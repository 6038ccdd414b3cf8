"""Big Cheese analyses: exact payouts under the two dice schemes, the Big Cheese re-roll, value
per worker, the "exactly 30" endgame as a Markov chain, and bot tournaments.

The exact part is pure Python (``fractions``); the ``*_figure`` functions build plotly
plotly figures and import plotly only when called.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from changekit.core import Bot, GameRng
from changekit.core.checks import (
    MAX_DOLLARS, checked, is_callable, is_items, is_one_of, is_runs, is_seed, is_text, is_view, is_whole,
    optional, shown,
)
from changekit.core.bots import bot_move, is_bots
from changekit.core.errors import InvalidArgument
from changekit.stats.exact import mean, variance
from changekit.stats.intervals import Estimate, mean_interval, wilson
from changekit.stats.montecarlo import simulate
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import TournamentResult, tournament_figure  # the chart of every tournament
from changekit.stats.tournaments import bot_tournament as tournament_of

from .bots import HoldVetoBot, NoVetoBot, ValueBot, worker_placements
from .rules import DICE, EXACT_TARGET, NUMBER_CARDS, BigCheese, die_faces, payout_distribution

is_card = is_one_of(*NUMBER_CARDS)
is_dice = is_one_of(*DICE)
is_players = is_whole(BigCheese.min_players, BigCheese.max_players)
#: The "exactly N" chain: targets and horizons inside these answer in well under a second.
MAX_EXACT_TARGET = 60
MAX_PROJECTS = 60


def _is_cases(value: Any, name: str) -> tuple:
    """One to 20 cases (score, projects)."""
    case = is_items(2, "a case (score, projects)", each=is_whole(0, MAX_PROJECTS))
    cases = is_items(20, "cases", each=case)(value, name)
    if not cases or any(len(case) != 2 or case[0] > EXACT_TARGET for case in cases):
        raise InvalidArgument(f"{name} is one to 20 pairs (score 0..{EXACT_TARGET}, projects), not {shown(value)}")
    return cases

__all__ = [
    "payout_table", "with_reroll", "best_reroll", "reroll_thresholds", "value_per_worker_table",
    "simulated_bid_values", "exact30_finish", "simulated_exact30_finish", "bot_tournament", "bid_hint",
    "payout_table_html", "payout_figure", "risk_figure", "value_per_worker_figure", "exact30_figure",
    "tournament_figure",
]


@checked(card=is_card, dice=is_dice, threshold=is_whole(-MAX_DOLLARS, MAX_DOLLARS))
def with_reroll(card: int, dice: str, threshold: int) -> dict[int, Fraction]:
    """Payout distribution when every roll below ``threshold`` is rolled again once (a Big
    Cheese; the new roll stands).

    >>> with_reroll(2, "polyhedral", 2)   # re-roll the 1: P(2) = 1/2 + 1/2 * 1/2
    {1: Fraction(1, 4), 2: Fraction(3, 4)}
    """
    first = payout_distribution(card, dice)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for face, p in first.items():
        if face < threshold:
            for again, q in first.items():
                out[again] += p * q
        else:
            out[face] += p
    return dict(sorted(out.items()))


@checked(card=is_card, dice=is_dice)
def reroll_thresholds(card: int, dice: str) -> dict[int, Fraction]:
    """Expected payout for every re-roll threshold t ("re-roll anything below t"), from
    t = lowest face (never re-roll) to highest face + 1 (always re-roll)."""
    faces = die_faces(card, dice)
    return {t: mean(with_reroll(card, dice, t)) for t in (*faces, faces[-1] + 1)}


@checked(card=is_card, dice=is_dice)
def best_reroll(card: int, dice: str) -> tuple[int, Fraction]:
    """(threshold, expected payout) of the best Big Cheese rule for one roll: the smallest
    threshold reaching the top expected value. It is "re-roll below the mean".

    >>> best_reroll(6, "d6")   # re-roll 6, 12, 18 (below the mean 21): 4.25 × 6
    (24, Fraction(51, 2))
    """
    table = reroll_thresholds(card, dice)
    top = max(table.values())
    return min(t for t, v in table.items() if v == top), top


@checked(dice=is_dice)
def payout_table(dice: str = "d6") -> list[dict[str, Any]]:
    """One row per number card: exact mean and variance of its payout, then with one Big
    Cheese re-roll used by the best rule."""
    rows = []
    for card in NUMBER_CARDS:
        dist = payout_distribution(card, dice)
        threshold, best = best_reroll(card, dice)
        rerolled = with_reroll(card, dice, threshold)
        m, v = mean(dist), variance(dist)
        rows.append({
            "card": card, "mean": m, "variance": v, "sd": math.sqrt(v), "cv": math.sqrt(v) / m,
            "reroll_below": threshold, "mean_with_cheese": best, "variance_with_cheese": variance(rerolled),
            "cheese_gain": best - m,
        })
    return rows


@checked(dice=is_dice, max_bid=is_whole(1, 1000))
def value_per_worker_table(dice: str = "d6", *, max_bid: int = 10) -> list[dict[str, Any]]:
    """The simple exact model: a bid of k ties up k(k+1)/2 worker-placements and returns the
    card's mean payout, so it pays mean / (k(k+1)/2) points per worker-placement."""
    rows = []
    for card in NUMBER_CARDS:
        m = mean(payout_distribution(card, dice))
        for k in range(1, max_bid + 1):
            rows.append({"card": card, "bid": k, "worker_placements": worker_placements(k),
                         "points_per_worker_placement": m / worker_placements(k)})
    return rows


@checked(dice=is_dice, players=is_players, games=is_runs, seed=is_seed, bots=is_bots())
def simulated_bid_values(*, dice: str = "d6", players: int = 4, games: int = 200, seed: int = 2026,
                         bots: Sequence[Bot] | None = None) -> dict[int, dict[str, Any]]:
    """Bot games, watched from the log: for every number project won, its bid, its realised
    payout (after any Big Cheese; 0 when an "exactly 30" roll is ignored) and the
    worker-cards it really tied up (workers on it, summed over every card turned up while it
    stood, so Vetoes and unbid cards count too). Returns, per bid, the number of projects,
    the mean payout and the points per worker-placement and per worker-card (with 95 %
    intervals)."""
    bots = list(bots) if bots is not None else [ValueBot()] * players
    game = BigCheese(players=players, dice=dice)
    master = random.Random(seed)
    records: list[tuple[int, int, int]] = []  # bid, payout, worker-cards
    for _ in range(games):
        state = game.new_state(seed=master.getrandbits(32))
        rng = random.Random(master.getrandbits(32))
        mirror: list[list[Any]] = []  # [owner, card, workers, bid, worker_cards]
        pending: list[list[Any]] = []  # matured number projects waiting for their score
        seen = 0
        while not state.is_terminal():
            p = state.current_player
            state.apply(bot_move(state, p, bots[p], rng), p)  # (the view without a log for bots that never read it)
            for event in state.log[seen:]:
                kind, d = event.kind, event.data
                if kind == "offer":
                    for project in mirror:
                        project[4] += project[2]
                elif kind == "take":
                    staying = []
                    for project in mirror:
                        project[2] -= 1
                        if project[2] == 0:
                            if type(project[1]) is int:
                                pending.append(project)
                        else:
                            staying.append(project)
                    mirror = staying + [[d["player"], d["card"], d["bid"], d["bid"], 0]]
                elif kind in ("score", "overshoot"):
                    project = pending.pop(0)
                    records.append((project[3], d["value"] if kind == "score" else 0, project[4]))
            seen = len(state.log)
    out: dict[int, dict[str, Any]] = {}
    for k in sorted({r[0] for r in records}):
        mine = [r for r in records if r[0] == k]
        out[k] = {
            "projects": len(mine),
            "payout": mean_interval([float(r[1]) for r in mine]),
            "per_worker_placement": mean_interval([r[1] / worker_placements(k) for r in mine]),
            "per_worker_card": mean_interval([r[1] / r[2] for r in mine if r[2]]),
        }
    return out


# ---- "exactly 30" as a Markov chain --------------------------------------------------------
@lru_cache(maxsize=16)
def _exact30_table(t_max: int, target: int, cards: tuple[int, ...]) -> tuple[tuple[Fraction, ...], ...]:
    # step: a matured project whose card is drawn uniformly from ``cards`` rolls its die; the
    # roll counts if it does not pass the target.
    steps: dict[int, dict[int, Fraction]] = {}
    for s in range(target + 1):
        move: dict[int, Fraction] = defaultdict(Fraction)
        for card in cards:
            faces = die_faces(card, "polyhedral")
            for f in faces:
                move[s + f if s + f <= target else s] += Fraction(1, len(cards) * len(faces))
        steps[s] = dict(move)
    done = [Fraction(int(s == target)) for s in range(target + 1)]
    table = [tuple(done)]
    for _ in range(t_max):
        prev = table[-1]
        table.append(tuple(
            Fraction(1) if s == target else sum((p * prev[to] for to, p in steps[s].items()), Fraction(0))
            for s in range(target + 1)))
    return tuple(table)


@checked(score=is_whole(0, MAX_EXACT_TARGET), projects=is_whole(0, MAX_PROJECTS),
         target=is_whole(1, MAX_EXACT_TARGET), cards=is_items(16, "number cards", each=is_card))
def exact30_finish(score: int, projects: int, *, target: int = EXACT_TARGET,
                   cards: Sequence[int] = NUMBER_CARDS) -> Fraction:
    """Exact probability that a player at ``score`` hits ``target`` exactly within
    ``projects`` matured number projects, each card uniform over ``cards`` (the deck has
    four of each) and each roll that would pass the target ignored.

    >>> exact30_finish(29, 1)    # needs a 1: every die shows 1 with chance 1/size
    Fraction(51, 280)
    >>> exact30_finish(30, 0), exact30_finish(0, 1)
    (Fraction(1, 1), Fraction(0, 1))
    """
    if not 0 <= score <= target:
        raise InvalidArgument(f"a score in the exactly-{target} game is 0..{target}, not {score!r}")
    # one table serves every horizon up to 30 (rows are prefixes): a figure asks for t = 0..20
    return _exact30_table(max(projects, 30), target, tuple(cards))[projects][score]


@checked(score=is_whole(0, MAX_EXACT_TARGET), projects=is_whole(0, MAX_PROJECTS), n=is_runs, seed=is_seed,
         target=is_whole(1, MAX_EXACT_TARGET))
def simulated_exact30_finish(score: int, projects: int, *, n: int = 4000, seed: int = 30,
                             target: int = EXACT_TARGET) -> Estimate:
    """The same probability by simulation, drawing the cards from the real 28 number cards
    *without* replacement (a shuffled deck, reshuffled when empty), with the game's own RNG."""

    def trial(rng: random.Random) -> bool:
        g = GameRng(rng.getrandbits(32))
        deck: list[int] = []
        s = score
        for _ in range(projects):
            if s == target:
                break
            if not deck:
                deck = [c for c in NUMBER_CARDS for _ in range(4)]
                g.shuffle(deck)
            faces = die_faces(deck.pop(), "polyhedral")
            roll = faces[g.randrange(len(faces))]
            if s + roll <= target:
                s += roll
        return s == target

    hits = simulate(trial, n, seed=seed)
    return wilson(sum(hits), n)


#: The usual line-up: random, value per worker and cautious.
LINEUP = ("random", "value", "cautious")


@checked(bots=is_items(16, "bots"), games=is_runs, seed=is_seed, progress=optional(is_callable))
def bot_tournament(bots: Sequence[Bot | str] = LINEUP, *, games: int = 300, seed: int = 2026,
                   progress: Callable[[float], None] | None = None, **options: Any) -> TournamentResult:
    """The bots (Bot objects or names) round one table, seats rotated: win rates with 95 % intervals."""
    return tournament_of(BigCheese(**{"players": len(bots), **options}), bots, games=games, seed=seed,
                         progress=progress)


@checked(view=is_view(phase=is_text(40), offer=lambda v, n: v, dice=is_dice, bid=is_whole(0, 1000)))
def bid_hint(view: Mapping[str, Any]) -> str:
    """A short hint for the player to move: what the card on offer pays, and what the next
    bid would cost in worker-placements."""
    card, dice = view.get("offer"), view["dice"]
    if view["phase"] == "reroll":
        return "Big Cheese: re-roll a die that came up below its card's mean; the new roll stands."
    if type(card) is not int:
        return "A special card: it pays nothing, but matures into your hand to be played later."
    dist = payout_distribution(card, dice)
    m, sd = mean(dist), math.sqrt(variance(dist))
    k = view["bid"] + 1
    cost = worker_placements(k)
    return (f"The {card} pays {float(m):.1f} on average (sd {sd:.1f}); a bid of {k} ties up "
            f"{cost} worker-placement{'s' if cost != 1 else ''}: {float(m) / cost:.2f} points each.")


@checked(dice=is_dice)
def payout_table_html(dice: str = "d6") -> str:
    """The payout table as HTML: exact mean and variance, best Big Cheese rule and its value."""
    def frac(x: Fraction) -> str:
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

    rows = "".join(
        f"<tr><td>{r['card']}</td><td>{frac(r['mean'])}</td><td>{frac(r['variance'])}</td><td>{r['sd']:.2f}</td>"
        f"<td>{r['cv']:.3f}</td><td>below {r['reroll_below']}</td><td>{frac(r['mean_with_cheese'])}</td>"
        f"<td>{frac(r['variance_with_cheese'])}</td></tr>"
        for r in payout_table(dice))
    return (f'<table aria-label="payouts under {dice}"><tr><th>card</th><th>mean</th><th>variance</th><th>sd</th>'
            "<th>sd / mean</th><th>Big Cheese: re-roll</th><th>mean with it</th><th>variance with it</th></tr>"
            f"{rows}</table>")


#: Questions 4 and 6's seeded games, stored (:mod:`changekit.stats.stored`): played, they take 5-10 s
#: per Check on a class server; called, they show the stored result (``replay=True`` plays again).
question4_bids = stored_run(__name__, "q4", simulated_bid_values, games=150, players=4)
question6_tournament = stored_run(__name__, "q6", bot_tournament, games=300, players=3)
#: Question 8's line-up: the value bot's bidding three times, with three Veto habits (any 20 an
#: opponent is taking or a player about to win; never; only a player about to win).
VETO_LINEUP = (ValueBot(), NoVetoBot(), HoldVetoBot())
question8_vetoes = stored_run(__name__, "q8", bot_tournament, bots=VETO_LINEUP, games=600)


def veto_figure(result: TournamentResult):
    """Question 8's chart: the three Veto habits' win rates, with 95 % intervals and the fair third."""
    return tournament_figure(result, title=f"Three Veto habits, the same bids: {result.games} games, 95 % intervals")


# ---- answers shown by the notebook's questions ---------------------------------------------
def payout_tables_html() -> str:
    """Both dice schemes' payout tables, one under the other."""
    return ("<b>d6 × card</b>" + payout_table_html("d6") + "<br><b>polyhedral</b>" + payout_table_html("polyhedral"))


@checked(card=is_card, dice=is_dice)
def reroll_html(card: int = 20, dice: str = "polyhedral") -> str:
    """The best Big Cheese re-roll rule for ``card``, against never and always re-rolling."""
    threshold, value = best_reroll(card, dice)
    table = reroll_thresholds(card, dice)
    return (f"Best rule: re-roll anything below <b>{threshold}</b> — expected payout <b>{value}</b> "
            f"(never re-roll: {float(table[1])}, always re-roll: {float(table[max(table)])}).")


# ---- the value of keeping a Big Cheese -------------------------------------------------------
@checked(projects=is_whole(0, MAX_PROJECTS), dice=is_dice)
def keep_value(projects: int, dice: str = "d6") -> Fraction:
    """Expected points a Big Cheese you hold adds when ``projects`` more of your number projects
    will mature before the game ends, each card one of the seven values at random (an assumption),
    and you play it well: after each roll, re-roll when that gains more on average than keeping
    the card for the projects still to come. Backward induction from ``keep_value(0) = 0``.

    >>> keep_value(1)   # with one project left, re-roll any roll below the mean: 0.75 × the mean card
    Fraction(93, 14)
    """
    return _keep_values(projects, dice)[projects]


@lru_cache(maxsize=8)
def _keep_values(projects: int, dice: str) -> tuple[Fraction, ...]:
    cards = [(mean(payout_distribution(card, dice)), payout_distribution(card, dice)) for card in NUMBER_CARDS]
    values = [Fraction(0)]
    for _ in range(projects):
        later = values[-1]
        values.append(sum((p * max(later, average - paid) for average, dist in cards for paid, p in dist.items()),
                          Fraction(0)) / len(cards))
    return tuple(values)


@checked(card=is_card, paid=is_whole(0, MAX_DOLLARS), dice=is_dice)
def reroll_gain(card: int, paid: int, dice: str = "d6") -> Fraction:
    """What re-rolling a ``card`` that has just paid ``paid`` adds on average (a fresh roll's mean
    less ``paid``; negative when the roll was good)."""
    if paid not in payout_distribution(card, dice):
        raise InvalidArgument(f"a {card} under {dice} cannot pay {paid}: it pays one of "
                              f"{sorted(payout_distribution(card, dice))}")
    return mean(payout_distribution(card, dice)) - paid


#: Question 7's moment: your 8 has just matured under d6 and rolled a 2 (it pays 16).
KEEP_CARD, KEEP_PAID = 8, 16


def keep_html(card: int = KEEP_CARD, paid: int = KEEP_PAID, *, dice: str = "d6", most: int = 6) -> str:
    """Question 7's answer: re-rolling now against keeping the Big Cheese, by projects still to mature."""
    now = reroll_gain(card, paid, dice)
    rows = "".join(
        f"<tr><td>{k}</td><td>{float(keep_value(k, dice)):.2f}</td>"
        f"<td>{'<b>keep it</b>' if keep_value(k, dice) > now else 're-roll now'}</td></tr>"
        for k in range(most + 1))
    return (f"<p>Re-rolling the {card} now (it paid {paid}) adds <b>{float(now):.2f}</b> points on average.</p>"
            '<table aria-label="keeping the Big Cheese"><tr><th>your number projects still to mature</th>'
            "<th>expected points of keeping it</th><th>better</th></tr>"
            f"{rows}</table>")


EXACT30_CASES = ((0, 10), (0, 20), (20, 5), (25, 3), (29, 5))


@checked(cases=_is_cases, n=is_runs)
def exact30_answer(cases=EXACT30_CASES, *, n: int = 1500) -> list:
    """The "exactly 30" chain against simulations of the real deck: a figure and a table."""
    sims = {(s, t): simulated_exact30_finish(s, t, n=n, seed=s * 100 + t) for s, t in cases}
    rows = "".join(f"<tr><td>{s}</td><td>{t}</td><td>{float(exact30_finish(s, t)):.4f}</td><td>{e}</td></tr>"
                   for (s, t), e in sims.items())
    table = ("<table><tr><th>score</th><th>within t</th><th>exact chain</th><th>simulated [95 % interval]</th></tr>"
             + rows + "</table>")
    scores = tuple(sorted({s for s, _ in cases}))
    return [exact30_figure(scores=scores, projects=max(t for _, t in cases), simulated=sims), table]


# ---- figures ---------------------------------------------------------------------------------
def payout_figure(card: int = 20):
    """The payout distribution of one card under both schemes, as bars."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = go.Figure()
    for dice in ("d6", "polyhedral"):
        dist = payout_distribution(card, dice)
        fig.add_bar(x=list(dist), y=[float(p) for p in dist.values()], name=f"{dice} (mean {float(mean(dist)):.1f})")
    fig.update_layout(barmode="overlay")
    fig.data[1].opacity = 0.7
    return style(fig, title=f"What the {card} card pays under each scheme", x="payout (points)", y="probability")


def risk_figure(dice: str = "d6"):
    """Mean against standard deviation of every card, with and without a Big Cheese."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    rows = payout_table(dice)
    fig = go.Figure()
    # each card's number below and right of its point: above it, the Big Cheese's point sat on it
    fig.add_scatter(x=[r["sd"] for r in rows], y=[float(r["mean"]) for r in rows], mode="markers+text",
                    text=[str(r["card"]) for r in rows], textposition="bottom right", name="one roll")
    fig.add_scatter(x=[math.sqrt(r["variance_with_cheese"]) for r in rows],
                    y=[float(r["mean_with_cheese"]) for r in rows], mode="markers", name="with a Big Cheese")
    return style(fig, title=f"Expected payout against risk, one roll or with a Big Cheese ({dice})",
                 x="standard deviation", y="expected payout")


def value_per_worker_figure(dice: str = "d6", simulated: Mapping[int, Mapping[str, Any]] | None = None):
    """Exact points per worker-placement by bid for each card; simulated averages on top."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = go.Figure()
    rows = value_per_worker_table(dice)
    for card in NUMBER_CARDS:
        mine = [r for r in rows if r["card"] == card]
        fig.add_scatter(x=[r["bid"] for r in mine], y=[float(r["points_per_worker_placement"]) for r in mine],
                        mode="lines", name=f"card {card}")
    if simulated:
        ks = sorted(simulated)
        est = [simulated[k]["per_worker_placement"] for k in ks]
        fig.add_scatter(x=ks, y=[e.value for e in est], mode="markers", name="bots' projects (simulated)",
                        error_y={"type": "data", "symmetric": False, "array": [e.high - e.value for e in est],
                                 "arrayminus": [e.value - e.low for e in est]})
    # numbers at the powers of ten only: the 2s and 5s between them ran into each other on a short chart
    fig.update_layout(yaxis_type="log", yaxis_dtick=1)
    return style(fig, title=f"Points per worker-placement by bid ({dice})", x="bid (workers)",
                 y="points per placement (log scale)")  # longer, it ran into the title on a narrow chart


def exact30_figure(scores: Sequence[int] = (0, 10, 20, 25, 29), projects: int = 20,
                   simulated: Mapping[tuple[int, int], Estimate] | None = None):
    """P(exactly 30 within t projects) from several scores; simulated points with intervals."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = go.Figure()
    for s in scores:
        fig.add_scatter(x=list(range(projects + 1)), y=[float(exact30_finish(s, t)) for t in range(projects + 1)],
                        mode="lines", name=f"from {s}")
    if simulated:
        keys = sorted(simulated)
        fig.add_scatter(x=[t for _, t in keys], y=[simulated[k].value for k in keys], mode="markers",
                        name="simulated", error_y={"type": "data", "symmetric": False,
                                                   "array": [simulated[k].high - simulated[k].value for k in keys],
                                                   "arrayminus": [simulated[k].value - simulated[k].low for k in keys]})
    return style(fig, title="Exactly 30: chance to finish within t projects (exact chain, simulated points)",
                 x="number projects matured (t)", y="probability")


# ---- the explorer: card value and dice scheme --------------------------------------------------
def card_figure(card: int = 20, dice: str = "d6"):
    """One card under one scheme: what one roll pays, and what it pays with a Big Cheese used by
    the best re-roll rule (bars, exact)."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    one = payout_distribution(card, dice)
    threshold, _ = best_reroll(card, dice)
    cheese = with_reroll(card, dice, threshold)
    xs = sorted(set(one) | set(cheese))
    fig = go.Figure()
    fig.add_bar(x=xs, y=[float(one.get(x, 0)) for x in xs], name=f"one roll (mean {float(mean(one)):.2f})")
    fig.add_bar(x=xs, y=[float(cheese.get(x, 0)) for x in xs],
                name=f"with a Big Cheese, re-roll below {threshold} (mean {float(mean(cheese)):.2f})")
    return style(fig, title=f"What the {card} card pays ({dice})", x="payout (points)", y="probability")


@checked(card=is_card, dice=is_dice)
def card_readout(card: int = 20, dice: str = "d6") -> str:
    one = payout_distribution(card, dice)
    m, v = mean(one), variance(one)
    threshold, best = best_reroll(card, dice)
    rerolled = ", ".join(str(face) for face in sorted(one) if face < threshold)
    # the rule as the lesson states it (below the mean), with the faces it re-rolls, not the
    # threshold 24 for a mean of 21: the same rule, but it read as another one (review B5)
    return (f"The {card} under <b>{dice}</b>: mean <b>{m}</b>, variance <b>{v}</b> (standard deviation "
            f"{math.sqrt(v):.2f}, {math.sqrt(v) / m:.0%} of the mean). With a Big Cheese on your last project, "
            f"re-roll any roll below the mean (<b>{rerolled}</b>): the card is then worth <b>{best}</b> ≈ "
            f"{float(best):.2f} on average.")


# ---- a closed form: the variance of a dice scheme ---------------------------------------------------
@checked(card=is_card, dice=is_dice)
def variance_closed_form(card: int = 20, dice: str = "d6"):
    """The variance of what a card of value ``v`` pays, derived with sympy from the die's faces:
    ``v·D`` with D uniform on 1..6 (d6), or uniform on 1..v (polyhedral)."""
    import sympy  # sympy takes about a second to import: only this closed form needs it
    from changekit.ui.maths import ClosedForm  # the ui's formula display: only the closed form shows it

    payout_distribution(card, dice)  # the rules' own check of the card and the scheme
    v, i = sympy.symbols("v i", positive=True, integer=True)
    if dice == "d6":
        faces, count = v * i, 6
    else:
        faces, count = i, v
    mean_ = sympy.summation(faces, (i, 1, count)) / count
    second = sympy.summation(faces ** 2, (i, 1, count)) / count
    general = sympy.factor(sympy.simplify(second - mean_ ** 2))
    return ClosedForm(f"Under {dice}, a card of value v pays "
                      + ("v times a d6 roll" if dice == "d6" else "a number from 1 to v, each equally likely")
                      + f"; its variance is E[X²] − E[X]², summed with sympy, here for v = {card}:",
                      r"\operatorname{Var}(X)", general, general.subs(v, sympy.Symbol(str(card))),
                      general.subs(v, card))
