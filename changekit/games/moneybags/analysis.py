"""Moneybags expected values: Bayesian beliefs about two bags, the challenge and the steal.

Everything here is about two bags, **A** (the victim's) and **B** (the thief's), described by a
*belief*: a dictionary ``{(coins in A, coins in B, diamond): probability}`` where ``diamond`` is
0 (in A), 1 (in B) or 2 (elsewhere). The starting belief is what the random Boss pours
(:func:`pair_prior`, exact Fractions); a steal moves coins from A to B (:func:`after_steal`);
those and the challenge value's shape live in :mod:`.model` (the bots use them too) and are
imported here under the same names. A jiggle reading reweights it by the noise model's likelihood
(:func:`posterior_after_jiggle`, floats: the normal CDF, double precision, about 1e-15 per
likelihood; a jiggle feels the coins, never the diamond). Values are measured in stack height
(coins, the diamond counting ``diamond_height``): a proxy, since a round is won by the tallest
stack, not by height as such.

The steal analysis assumes a victim *policy* (:class:`ChallengeIfLossAtLeast`,
:class:`ChallengeIfFeelsLight`, :data:`ALWAYS`, :data:`NEVER`). The Boss and tournament
analyses are seeded Monte Carlo with 95 % intervals. ``*_figure`` functions draw the data with
plotly (imported inside them).
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Callable, Iterable, Mapping, Sequence

from changekit.core.markup import exact_html
from changekit.core.bots import Bot, play_out
from changekit.core.checks import (
    checked, is_callable, is_flag, is_instance, is_items, is_number_distribution, is_one_of, is_probability, is_real,
    is_runs, is_seed, is_whole, one_of, optional, shown,
)
from changekit.core.errors import InvalidArgument
from changekit.stats.intervals import Estimate, wilson
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import TournamentResult
# re-exported: the chart of every tournament (the notebook draws it from here)
from changekit.stats.tournaments import tournament_figure as tournament_figure
from changekit.stats.tournaments import bot_tournament as tournament_of

from .bots import BOSS_POLICIES, BOTS, BayesianChallenger, EarlyCloser
from .model import (  # the belief maths the bots share, part of this module's teaching surface too
    ELSEWHERE, IN_A, IN_B, MAX_COINS, Belief, ChallengeValue, Number, _is_belief, _is_coins, _is_grab, _is_height,
    _is_players, _is_taken, after_steal, float_prior, heights, pair_prior, unchecked_heights,
)
from .rules import COINS, Moneybags, MoneybagsState, jiggle_likelihood

_is_reading = is_whole(-10 * MAX_COINS, 10 * MAX_COINS)
_is_noise = is_real(0, 2)
_is_bag = is_one_of("A", "B")


def _is_readings(value: Any, name: str) -> tuple:
    readings = is_items(64, "readings")(value, name)
    for r in readings:
        if not isinstance(r, (tuple, list)) or len(r) != 2:
            raise InvalidArgument(f"{name}: a reading is (bag, reading) like ('B', 24), not {shown(r)}")
        _is_bag(r[0], f"{name}: a bag")
        _is_reading(r[1], f"{name}: a reading")
    return readings


def _is_bot_name(value: Any, name: str) -> str:
    return one_of(value, name, sorted(BOTS))


def _is_boss_policy(value: Any, name: str) -> str:
    return one_of(value, name, BOSS_POLICIES)


def _check_held(held: int, coins: int, players: int, taken: int | None = None) -> None:
    if coins < players:
        raise InvalidArgument(f"need a coin per bag: {coins} coins for {players} players will not do")
    if not 1 <= held <= coins - players + 1:
        raise InvalidArgument(
            f"held: your bag held 1 to {coins - players + 1} coins (every bag gets one), not {held!r}")
    if taken is not None and not 0 <= taken <= held:
        raise InvalidArgument(f"taken: the thief takes 0 to {held} coins from a bag of {held}, not {taken!r}")


@checked(belief=_is_belief, bag=_is_bag, coins=_is_grab)
def add_coins(belief: Mapping[tuple[int, int, int], Number], bag: str, coins: int) -> Belief:
    """What you know moved: ``coins`` that went into ``bag`` ("A" or "B") from elsewhere, such as
    the coins you stole earlier in the round (you know exactly how many you got).

    >>> add_coins({(3, 4, ELSEWHERE): Fraction(1)}, "A", 5)
    {(8, 4, 2): Fraction(1, 1)}
    """
    if bag not in ("A", "B"):
        raise InvalidArgument(f"bag is 'A' (the victim's) or 'B' (the thief's), not {bag!r}")
    return {((a + coins, b, d) if bag == "A" else (a, b + coins, d)): p for (a, b, d), p in belief.items()}


@checked(belief=_is_belief, bag=_is_bag, reading=_is_reading, noise=_is_noise)
def posterior_after_jiggle(belief: Mapping[tuple[int, int, int], Number], bag: str, reading: int, *,
                           noise: float = 0.15) -> Belief:
    """Bayes: reweight every state by P(``reading`` | the coins in that bag) and renormalise.
    ``bag`` is ``"A"`` or ``"B"``. Floats (the likelihood comes from the normal CDF).

    >>> post = posterior_after_jiggle({(5, 5, ELSEWHERE): 0.5, (9, 5, ELSEWHERE): 0.5}, "A", 9, noise=0.15)
    >>> post[(9, 5, ELSEWHERE)] > 0.99
    True
    """
    if bag not in ("A", "B"):
        raise InvalidArgument(f"bag is 'A' (the victim's) or 'B' (the thief's), not {bag!r}")
    which = 0 if bag == "A" else 1
    cache: dict[int, float] = {}
    weighted = {}
    for s, p in belief.items():
        coins = s[which]
        if coins not in cache:
            cache[coins] = jiggle_likelihood(reading, coins, noise)
        if cache[coins]:
            weighted[s] = float(p) * cache[coins]
    total = sum(weighted.values())
    if total <= 0:
        raise InvalidArgument(f"a reading of {reading!r} is impossible under this belief")
    return {s: w / total for s, w in weighted.items()}


@checked(belief=_is_belief, bag=_is_bag, diamond_height=_is_height)
def height_distribution(belief: Mapping[tuple[int, int, int], Number], bag: str, *,
                        diamond_height: int = 10) -> dict[int, Number]:
    """The belief about one bag's height, ``{height: probability}``, sorted by height."""
    which = 0 if bag == "A" else 1
    out: dict[int, Number] = defaultdict(int)
    for s, p in belief.items():
        out[heights(s, diamond_height)[which]] += p
    return dict(sorted(out.items()))


@checked(dist=is_number_distribution)
def expected(dist: Mapping[int, Number]) -> Number:
    return sum(h * p for h, p in dist.items())


@checked(belief=_is_belief, diamond_height=_is_height)
def challenge_value(belief: Mapping[tuple[int, int, int], Number], *, diamond_height: int = 10) -> ChallengeValue:
    """Exact when the belief is exact.

    >>> challenge_value({(4, 6, ELSEWHERE): Fraction(1, 2), (6, 6, ELSEWHERE): Fraction(1, 2)}, diamond_height=10)
    ChallengeValue(p_win=Fraction(1, 2), ev_challenge=Fraction(5, 1), ev_accept=Fraction(5, 1))
    """
    p_win: Number = 0
    ev_win: Number = 0
    ev_accept: Number = 0
    for s, p in belief.items():
        ha, hb = heights(s, diamond_height)
        ev_accept += p * ha
        if hb > ha:  # a challenger as tall as the thief or taller is out
            p_win += p
            ev_win += p * (ha + hb)
    return ChallengeValue(p_win, ev_win, ev_accept)


@dataclass(frozen=True)
class JiggleStep:
    label: str
    belief: Belief
    value: ChallengeValue
    mine: dict[int, Number]
    thief: dict[int, Number]


@checked(coins=_is_coins, players=_is_players, taken=_is_taken, felt_for_diamond=is_probability,
         readings=_is_readings, noise=_is_noise, diamond_height=_is_height, prior=optional(_is_belief))
def challenge_story(coins: int = COINS, players: int = 4, *, taken: Mapping[int, Number] | int = 4,
                    felt_for_diamond: Number = 0, readings: Sequence[tuple[str, int]] = (),
                    noise: float = 0.15, diamond_height: int = 10, prior: Belief | None = None) -> list[JiggleStep]:
    """The robbed player's belief step by step: the Boss's pour, the steal, then each jiggle
    reading (``("A", r)`` your bag, ``("B", r)`` the thief's), with the challenge value at
    every step. Exact Fractions until the first jiggle.

    >>> steps = challenge_story(8, 3, taken=2, readings=[("B", 6)], noise=0.15, diamond_height=3)
    >>> [s.label for s in steps]
    ['Boss pours at random', 'after the steal', "the thief's bag jiggles 6"]
    >>> [round(float(s.value.p_win), 3) for s in steps]   # a heavy-feeling thief: challenge
    [0.444, 0.794, 0.969]
    """
    belief = prior if prior is not None else pair_prior(coins, players)
    steps = [_step("Boss pours at random", belief, diamond_height)]
    belief = after_steal(belief, taken, felt_for_diamond)
    steps.append(_step("after the steal", belief, diamond_height))
    for bag, reading in readings:
        belief = posterior_after_jiggle(belief, bag, reading, noise=noise)
        whose = "your bag" if bag == "A" else "the thief's bag"
        steps.append(_step(f"{whose} jiggles {reading}", belief, diamond_height))
    return steps


def _step(label: str, belief: Belief, diamond_height: int) -> JiggleStep:
    return JiggleStep(label, belief, challenge_value(belief, diamond_height=diamond_height),
                      height_distribution(belief, "A", diamond_height=diamond_height),
                      height_distribution(belief, "B", diamond_height=diamond_height))


# ---- the steal decision ----------------------------------------------------------------
#: A victim's challenge policy: (coins lost, diamond lost, the state after the steal (coins A,
#: coins B, diamond), diamond height) -> P(challenge).
Policy = Callable[[int, bool, tuple[int, int, int], int], Number]


@dataclass(frozen=True)
class ChallengeIfLossAtLeast:
    """The victim feels exactly how much height was taken and challenges at ``theta`` or more."""

    theta: int

    def __call__(self, lost: int, diamond: bool, after: tuple[int, int, int], diamond_height: int = 10) -> Number:
        return 1 if lost + (diamond_height if diamond else 0) >= self.theta else 0

    def __str__(self) -> str:
        return f"challenges when {self.theta}+ tall is taken"


@dataclass(frozen=True)
class ChallengeIfFeelsLight:
    """The victim jiggles their bag after the steal and challenges when it reads below ``theta``
    coins."""

    theta: int
    noise: float = 0.15

    def __call__(self, lost: int, diamond: bool, after: tuple[int, int, int], diamond_height: int = 10) -> Number:
        return _below(self.theta, after[0], self.noise)

    def __str__(self) -> str:
        return f"challenges when their bag jiggles below {self.theta} coins"


@lru_cache(maxsize=8192)
def _below(theta: int, coins: int, noise: float) -> float:
    return min(1.0, sum(jiggle_likelihood(r, coins, noise) for r in range(max(0, theta))))


@dataclass(frozen=True)
class _Constant:
    p: int
    label: str

    def __call__(self, lost: int, diamond: bool, after: tuple[int, int, int], diamond_height: int = 10) -> Number:
        return self.p

    def __str__(self) -> str:
        return self.label


ALWAYS = _Constant(1, "always challenges")
NEVER = _Constant(0, "never challenges")


@dataclass(frozen=True)
class StealValue:
    """For the thief B grabbing ``coins`` (and feeling for the diamond or not)."""

    coins: int
    diamond: bool
    ev: Number  # expected height of the thief's stack afterwards
    p_challenged: Number
    p_thief_out: Number


@checked(belief=_is_belief, coins=_is_grab, policy=is_callable, diamond=is_flag, diamond_height=_is_height)
def steal_value(belief: Mapping[tuple[int, int, int], Number], coins: int, policy: Policy, *,
                diamond: bool = False, diamond_height: int = 10) -> StealValue:
    """Expected height of the thief's stack after grabbing ``coins`` from A under the victim's
    ``policy``. A challenge: the thief collects both stacks when the victim is as tall or
    taller, and is out (height 0) when the thief is taller.

    >>> v = steal_value({(10, 3, ELSEWHERE): Fraction(1)}, 4, ChallengeIfLossAtLeast(4))
    >>> v.ev, v.p_challenged, v.p_thief_out    # 6 vs 7: the thief is taller and out
    (Fraction(0, 1), Fraction(1, 1), Fraction(1, 1))
    """
    ev: Number = 0
    p_ch: Number = 0
    p_out: Number = 0
    for (a, b, d), p in belief.items():
        t = min(coins, a)
        moved = diamond and d == IN_A
        s2 = (a - t, b + t, IN_B if moved else d)
        ha, hb = unchecked_heights(s2, diamond_height)  # the belief and height are checked above
        c = policy(t, moved, s2, diamond_height)
        if ha >= hb:
            ev += p * ((1 - c) * hb + c * (ha + hb))
        else:
            ev += p * (1 - c) * hb
            p_out += p * c
        p_ch += p * c
    return StealValue(coins, diamond, ev, p_ch, p_out)


@checked(belief=_is_belief, policy=is_callable, max_coins=_is_grab, diamond=is_flag, diamond_height=_is_height)
def steal_curve(belief: Mapping[tuple[int, int, int], Number], policy: Policy, *, max_coins: int = 20,
                diamond: bool = False, diamond_height: int = 10) -> list[StealValue]:
    """:func:`steal_value` for 0..``max_coins`` coins."""
    value = steal_value.__wrapped__  # the belief is checked once, above
    return [value(belief, k, policy, diamond=diamond, diamond_height=diamond_height) for k in range(max_coins + 1)]


@checked(curve=is_items(1_000, "steal values", each=is_instance(StealValue, "a StealValue (from steal_curve)")))
def best_steal(curve: Iterable[StealValue]) -> StealValue:
    """The grab with the highest expected height (the smallest grab among equals)."""
    if not curve:
        raise InvalidArgument("curve holds at least one StealValue (from steal_curve)")
    return max(curve, key=lambda v: (v.ev, -v.coins))


@checked(belief=_is_belief, diamond_height=_is_height)
def stand_value(belief: Mapping[tuple[int, int, int], Number], *, diamond_height: int = 10) -> Number:
    """The thief's expected height without stealing (the baseline)."""
    return sum(p * heights(s, diamond_height)[1] for s, p in belief.items())


# ---- the Boss's pour, and bots against each other (Monte Carlo) ---------------------------
@checked(policies=is_items(8, "policies", each=_is_boss_policy), players=_is_players, games=is_runs, seed=is_seed,
         bot=_is_bot_name, progress=optional(is_callable))
def boss_policy_study(policies: Sequence[str] = ("even", "front", "back", "random"), *, players: int = 4,
                      games: int = 200, seed: int = 0, bot: str = "bayesian",
                      progress: Callable[[float], None] | None = None) -> dict[str, list[Estimate]]:
    """P(winning the round) by turn position (0 = the Boss's left ... players-1 = the Boss) when
    the Boss pours by each policy and every seat plays ``bot``; one round per game, seeded.
    Returns policy → one Wilson 95 % estimate per turn position. ``progress`` (if given) is called
    with the fraction of games played (a progress bar)."""
    out: dict[str, list[Estimate]] = {}
    game = Moneybags(players=players, rounds=1, pour="boss")
    for done, policy in enumerate(policies):
        wins = [0] * players
        master = random.Random(seed)
        for g in range(games):
            state = MoneybagsState(game.options, seed=master.getrandbits(32))
            seats = [BOTS[bot](boss_policy=policy) for _ in range(players)]
            play_out(state, seats, rng=random.Random(master.getrandbits(64)))
            first = state.round_results[0]["ranking"]
            if first:
                wins[(first[0] - state.boss - 1) % players] += 1
            if progress is not None:
                progress((done * games + g + 1) / (len(policies) * games))
        out[policy] = [wilson(w, games) for w in wins]
    return out


#: The usual line-up: every bot once.
LINEUP = ("random", "cautious", "bold", "bayesian")


@checked(bots=is_items(16, "bots"), games=is_runs, seed=is_seed, progress=optional(is_callable))
def bot_tournament(bots: Sequence[Bot | str] = LINEUP, *, games: int = 200, seed: int = 0,
                   progress: Callable[[float], None] | None = None, **options: Any) -> TournamentResult:
    """Win rates (Wilson 95 %) of the bots (Bot objects or names) round one table, seats rotating."""
    return tournament_of(Moneybags(**{"players": len(bots), **options}), bots, games=games, seed=seed,
                         progress=progress)


@checked(games=is_runs, seed=is_seed, progress=optional(is_callable))
def closing_tournament(*, games: int = 200, seed: int = 1,
                       progress: Callable[[float], None] | None = None) -> TournamentResult:
    """Question 6: :class:`~changekit.games.moneybags.bots.EarlyCloser` against three
    :class:`~changekit.games.moneybags.bots.BayesianChallenger` bots over full 3-round games,
    seats rotated (:func:`bot_tournament`): win rates with 95 % intervals and mean points."""
    return bot_tournament([EarlyCloser(), BayesianChallenger(), BayesianChallenger(), BayesianChallenger()],
                          games=games, seed=seed, progress=progress)


#: Questions 4-6's seeded games, stored (:mod:`changekit.stats.stored`): played, they take 5-15 s
#: per Check on a class server; called, they show the stored result (``replay=True`` plays again).
question4_study = stored_run(__name__, "q4", boss_policy_study, games=150, seed=1)
question5_tournament = stored_run(__name__, "q5", bot_tournament, games=200, seed=1)
question6_tournament = stored_run(__name__, "q6", closing_tournament)


# ---- answers shown by the notebook's questions -----------------------------------------
@checked(held=is_whole(1, 64), taken=_is_grab, heavy=_is_reading, light=_is_reading)
def robbed_answer(*, held: int = 12, taken: int = 4, heavy: int = 24, light: int = 10) -> list:
    """Lesson 1: your bag held ``held`` coins and ``taken`` went: the exact chance a challenge
    wins, what a ``heavy`` and a ``light`` jiggle of the thief's bag change (a table), and the
    beliefs as a figure."""
    _check_held(held, COINS, 4, taken)
    prior = pair_prior(67, 4)
    mine = {s: p for s, p in prior.items() if s[0] == held}
    total = sum(mine.values())
    mine = {s: p / total for s, p in mine.items()}
    story = challenge_story(taken=taken, prior=mine, readings=[("B", heavy)])
    light_story = challenge_story(taken=taken, prior=mine, readings=[("B", light)])
    rows = "".join(
        f"<tr><td>{s.label}</td><td>{float(s.value.p_win):.3f}</td><td>{float(s.value.ev_challenge):.1f}</td>"
        f"<td>{float(s.value.ev_accept):.1f}</td>"
        f"<td>{'challenge' if s.value.should_challenge else 'let it go'}</td></tr>"
        for s in [*story[1:], light_story[-1]])
    exact = story[1].value.p_win
    html = (f"<p>Exact chance the challenge wins right after the steal: "
            f"<b>{exact_html(exact.numerator, exact.denominator)}"
            f"</b></p><table><tr><th>what you know</th><th>P(challenge wins)</th>"
            f"<th>E[height] if you challenge</th><th>E[height] if you let it go</th><th>better</th></tr>{rows}</table>")
    return [html, posterior_figure(story[1:])]


def unknown_grab_html() -> str:
    """Before any steal, and after a grab of 0-8 coins (each equally likely, feeling for the
    diamond half the time): the chance the robbed bag's challenge wins."""
    fresh = challenge_story(taken={k: 1 / 9 for k in range(9)}, felt_for_diamond=0.5, prior=dict(float_prior(67, 4)))
    before, after = fresh[0].value.p_win, fresh[1].value.p_win
    return (f"Before any steal: P(the other bag is strictly taller) = <b>{float(before):.3f}</b>; after a grab of 0–8 "
            f"coins (each equally likely, feeling for the diamond half the time): <b>{float(after):.3f}</b>.")


@checked(max_coins=_is_grab)
def steal_curves(*, max_coins: int = 15) -> dict[str, Any]:
    """Expected height after grabbing k coins, against four victims (4 players, random pour)."""
    prior = dict(float_prior(67, 4))
    six = ChallengeIfLossAtLeast(6)
    return {
        "challenges at 6+ lost": steal_curve(prior, six, max_coins=max_coins),
        "challenges at 6+, you take the diamond too": steal_curve(prior, six, max_coins=max_coins, diamond=True),
        "challenges when the bag jiggles under 12": steal_curve(prior, ChallengeIfFeelsLight(12), max_coins=max_coins),
        "never challenges": steal_curve(prior, NEVER, max_coins=max_coins),
    }


def steal_curves_figure(*, max_coins: int = 15):
    return steal_figure(steal_curves(max_coins=max_coins), baseline=stand_value(dict(float_prior(67, 4))))


# ---- figures ---------------------------------------------------------------------------
def posterior_figure(steps: Sequence[JiggleStep]):
    """Your bag's and the thief's height beliefs after each step (one trace per step)."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = style(go.Figure(), title="What the bags hold: belief after each step",
                x="stack height (coins, the diamond counts 10)", y="probability", height=420)
    for i, step in enumerate(steps):
        last = i == len(steps) - 1
        for who, dist, colour in (("you", step.mine, "#1f77b4"), ("thief", step.thief, "#d62728")):
            fig.add_scatter(x=list(dist), y=[float(p) for p in dist.values()], mode="lines",
                            name=f"{who}: {step.label}", line=dict(color=colour, width=3 if last else 1,
                                                                   dash="solid" if last else "dot"),
                            opacity=1.0 if last else 0.45)
    return fig


def steal_figure(curves: Mapping[str, Sequence[StealValue]], baseline: float | None = None):
    """Expected stack height against coins grabbed, one line per victim policy, best grab marked."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = style(go.Figure(), title="Stealing k coins: the thief's expected stack (★ best grab)",
                x="coins grabbed", y="expected height afterwards", height=420)
    for name, curve in curves.items():
        fig.add_scatter(x=[v.coins for v in curve], y=[float(v.ev) for v in curve], mode="lines+markers", name=name)
        best = best_steal(curve)
        fig.add_scatter(x=[best.coins], y=[float(best.ev)], mode="markers", showlegend=False,
                        marker=dict(size=14, symbol="star", line=dict(width=1)), hovertext=f"best: {best.coins}")
    if baseline is not None:
        fig.add_hline(y=float(baseline), line_dash="dash", annotation_text="stand by")
    return fig


def boss_figure(study: Mapping[str, Sequence[Estimate]]):
    """Round-win probability by turn position for each Boss policy, with 95 % intervals."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    fig = style(go.Figure(layout=dict(barmode="group")),
                title="Who wins the round, by seat, for each way the Boss pours",
                x="turn position (last = the Boss)", y="P(win the round)")
    for policy, ests in study.items():
        fig.add_bar(x=[str(i + 1) for i in range(len(ests))], y=[e.value for e in ests], name=policy,
                    error_y=dict(type="data", symmetric=False, array=[e.high - e.value for e in ests],
                                 arrayminus=[e.value - e.low for e in ests]))
    return fig


# ---- the explorer: jiggle noise and coins ---------------------------------------------------
@checked(held=_is_grab, taken=_is_grab, reading=_is_reading, noise=_is_noise, coins=_is_coins, players=_is_players)
def robbed_story(*, held: int = 12, taken: int = 4, reading: int = 24, noise: float = 0.15,
                 coins: int = COINS, players: int = 4) -> list[JiggleStep]:
    """Lesson 1's story for any numbers: your bag held ``held`` coins (the prior is the random
    pour given that), ``taken`` went to the thief, then the thief's bag jiggles ``reading`` under
    the ``noise`` model. Steps: after the steal (exact), after the jiggle (floats)."""
    if not 1 <= held <= coins - players + 1:
        raise InvalidArgument(f"your bag held 1 to {coins - players + 1} coins (every bag gets one), not {held!r}")
    if not 0 <= taken <= held:
        raise InvalidArgument(f"the thief takes 0 to {held} coins from a bag of {held}, not {taken!r}")
    if not 0 < noise <= 1:
        raise InvalidArgument(f"the jiggle noise is a fraction of the bag above 0 and at most 1, not {noise!r}")
    return list(_robbed_story(held, taken, reading, noise, coins, players))


@lru_cache(maxsize=32)  # the explorer's figure and readout share one computation
def _robbed_story(held: int, taken: int, reading: int, noise: float, coins: int,
                  players: int) -> tuple[JiggleStep, ...]:
    return tuple(challenge_story(taken=taken, prior=held_prior(held, coins, players), readings=[("B", reading)],
                                 noise=noise)[1:])


@checked(held=_is_grab, coins=_is_coins, players=_is_players)
def held_prior(held: int, coins: int = COINS, players: int = 4) -> Belief:
    """:func:`pair_prior` given that bag A holds ``held`` coins, computed directly: P(B=b | A=held)
    is proportional to C(coins-held-b-1, players-3) (the other bags share the rest), and the
    diamond is where it was, independently.

    >>> prior = pair_prior(9, 4)
    >>> given = {s: p for s, p in prior.items() if s[0] == 3}
    >>> held_prior(3, 9, 4) == {s: p / sum(given.values()) for s, p in given.items()}
    True
    """
    _check_held(held, coins, players)
    weights = {b: comb(coins - held - b - 1, players - 3) for b in range(1, coins - held - players + 3)}
    total = sum(weights.values())
    where = {IN_A: Fraction(1, players), IN_B: Fraction(1, players), ELSEWHERE: Fraction(players - 2, players)}
    return {(held, b, d): Fraction(w, total) * q for b, w in weights.items() for d, q in where.items()}


def robbed_figure(*, held: int = 12, taken: int = 4, reading: int = 24, noise: float = 0.15):
    return posterior_figure(robbed_story(held=held, taken=taken, reading=reading, noise=noise))


@checked(held=is_whole(1, 64), taken=_is_grab, reading=_is_reading, noise=_is_noise)
def robbed_readout(*, held: int = 12, taken: int = 4, reading: int = 24, noise: float = 0.15) -> str:
    steal, jiggle = robbed_story(held=held, taken=taken, reading=reading, noise=noise)
    p = steal.value.p_win
    verdict = "challenge" if jiggle.value.should_challenge else "let it go"
    return (f"After the steal: P(challenge wins) = <b>{exact_html(p.numerator, p.denominator)}</b>. "
            f"After the thief's bag jiggles {reading} (noise {noise:g}): <b>{float(jiggle.value.p_win):.3f}</b>; "
            f"expected height {float(jiggle.value.ev_challenge):.1f} if you challenge, "
            f"{float(jiggle.value.ev_accept):.1f} if not: <b>{verdict}</b>.")


# ---- closed forms: the prior over the bags and Bayes' rule ------------------------------------------
@checked(held=_is_grab, coins=_is_coins, players=_is_players)
def prior_closed_form(held: int = 12, *, coins: int = COINS, players: int = 4):
    """The prior over the thief's bag, given yours held ``held``: the random pour shares the other
    c − a coins among the other p − 1 bags (at least one each), so P(B = b | A = a) =
    C(c−a−b−1, p−3) / C(c−a−1, p−2); sympy simplifies it for the table's number of players. The
    value is the chance the thief's bag held more coins than yours before the steal."""
    _check_held(held, coins, players)
    import sympy  # sympy is heavy: only the closed form needs it

    from changekit.ui.maths import ClosedForm  # the formula display, for this closed form only

    c, a, b = sympy.symbols("c a b", positive=True, integer=True)
    pmf = sympy.simplify(sympy.expand_func(sympy.binomial(c - a - b - 1, players - 3)
                                           / sympy.binomial(c - a - 1, players - 2)))
    top = coins - held - players + 2  # the thief's largest possible bag
    more = sympy.summation(pmf.subs({c: coins, a: held}), (b, held + 1, top))
    return ClosedForm(
        f"The prior: every way the Boss can pour {coins} coins into {players} bags (at least one each) is equally "
        f"likely. Given that yours held a = {held}, the thief's bag holds b coins with probability P(B = b | A = a) "
        f"(shown), and the chance it held more than yours is the sum over b from {held + 1} to {top}:",
        r"P(B > a \mid A = a) = \sum_{b > a} P(B = b \mid A = a)", sympy.Sum(pmf, (b, a + 1, c - a - players + 2)),
        sympy.Sum(pmf.subs({c: coins, a: held}), (b, held + 1, top)), more,
        steps=((f"the prior for {players} players", sympy.Eq(sympy.Symbol("P(B=b | A=a)"), pmf)),))

