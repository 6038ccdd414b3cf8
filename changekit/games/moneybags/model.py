"""Moneybags beliefs about two bags: the small exact maths the bots and the analyses share.

Two bags, **A** (the victim's) and **B** (the thief's), are described by a *belief*: a
dictionary ``{(coins in A, coins in B, diamond): probability}`` where ``diamond`` is 0 (in A),
1 (in B) or 2 (elsewhere). The starting belief is what the random Boss pours (:func:`pair_prior`,
exact Fractions; :func:`float_prior` in floats); a steal moves coins from A to B
(:func:`after_steal`). :mod:`.analysis` builds the stories, curves and charts on these.

Pure Python (no numpy, widgets or plotly), like the rules, so the bots run under Pyodide.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Mapping

from changekit.core.checks import checked, is_flag, is_mapping, is_probability, is_whole, shown
from changekit.core.errors import InvalidArgument

from .rules import COINS, Moneybags

Number = Any  # Fraction or float
Belief = dict  # {(coins_a, coins_b, diamond): probability}
IN_A, IN_B, ELSEWHERE = 0, 1, 2


# ---- argument checks ---------------------------------------------------------------------------
#: Coins in a pour asked about (a prior of 200 coins has ~60,000 states: well under a second).
MAX_COINS = 200
#: States in a belief passed in.
MAX_BELIEF = 100_000
_is_coins = is_whole(3, MAX_COINS)
_is_players = is_whole(Moneybags.min_players, Moneybags.max_players)
_is_grab = is_whole(0, MAX_COINS)
_is_height = is_whole(0, 10 * MAX_COINS)
_is_where = (IN_A, IN_B, ELSEWHERE)


def _is_state(value: Any, name: str) -> tuple[int, int, int]:
    if (type(value) is not tuple or len(value) != 3 or type(value[0]) is not int or type(value[1]) is not int
            or not 0 <= value[0] <= 10 * MAX_COINS or not 0 <= value[1] <= 10 * MAX_COINS
            or type(value[2]) is not int or value[2] not in _is_where):
        raise InvalidArgument(f"{name} is a state (coins in A, coins in B, where the diamond is: 0 A, 1 B, 2 "
                              f"elsewhere), not {shown(value)}")
    return value


def _is_belief(value: Any, name: str) -> Mapping:
    """A belief {(a, b, diamond): probability}; a tight loop, since the steal curves pass the same
    belief many times."""
    if not isinstance(value, Mapping):
        raise InvalidArgument(f"{name} is a dict (a, b, diamond) → probability, not {shown(value)}")
    if len(value) > MAX_BELIEF:
        raise InvalidArgument(f"{name} holds at most {MAX_BELIEF:,} states, not {len(value):,}")
    for state, p in value.items():
        _is_state(state, f"{name}: a state")
        if not (type(p) in (Fraction, float, int) and 0 <= p <= 1):
            is_probability(p, f"{name}[{shown(state, 30)}]")
    return value


def _is_taken(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        return is_mapping(1_000, key=_is_grab, value=is_probability, what="a dict coins → probability")(value, name)
    return _is_grab(value, name)


# ---- beliefs ---------------------------------------------------------------------------
@checked(coins=_is_coins, players=_is_players, exact=is_flag)
def pair_prior(coins: int = COINS, players: int = 4, *, exact: bool = True) -> Belief:
    """What two given bags hold after a random pour: every way to pour ``coins`` into
    ``players`` bags with at least one coin each is equally likely, and the diamond is in a
    uniformly random bag. P(A=a, B=b) = C(coins-a-b-1, players-3) / C(coins-1, players-1).

    >>> prior = pair_prior(5, 3)
    >>> prior[(1, 1, IN_A)], sum(prior.values())
    (Fraction(1, 18), Fraction(1, 1))
    """
    if players < 3 or coins < players:
        raise InvalidArgument(f"need 3+ players and a coin per bag, not {coins!r} coins for {players!r}")
    ways = comb(coins - 1, players - 1)
    out: Belief = {}
    where = {IN_A: Fraction(1, players), IN_B: Fraction(1, players), ELSEWHERE: Fraction(players - 2, players)}
    for a in range(1, coins - players + 3):
        for b in range(1, coins - a - players + 3):
            w = Fraction(comb(coins - a - b - 1, players - 3), ways)
            for d, q in where.items():
                out[(a, b, d)] = w * q if exact else float(w * q)
    return out


@checked(belief=_is_belief, taken=_is_taken, felt_for_diamond=is_probability)
def after_steal(belief: Mapping[tuple[int, int, int], Number], taken: Mapping[int, Number] | int,
                felt_for_diamond: Number = 0) -> Belief:
    """B reaches into A for ``taken`` coins (a number, or a distribution over numbers) and, with
    probability ``felt_for_diamond``, takes the diamond too if it is in A. A grab larger than
    the bag takes all its coins (as in the engine).

    >>> after_steal({(3, 1, IN_A): Fraction(1)}, 5, 1)
    {(0, 4, 1): Fraction(1, 1)}
    """
    grabs = {taken: Fraction(1)} if isinstance(taken, int) else dict(taken)
    out: Belief = defaultdict(int)
    for (a, b, d), p in belief.items():
        for k, q in grabs.items():
            t = min(k, a)
            if d == IN_A:
                if felt_for_diamond:
                    out[(a - t, b + t, IN_B)] += p * q * felt_for_diamond
                if felt_for_diamond != 1:
                    out[(a - t, b + t, IN_A)] += p * q * (1 - felt_for_diamond)
            else:
                out[(a - t, b + t, d)] += p * q
    return {s: p for s, p in out.items() if p}


@lru_cache(maxsize=16)
def float_prior(coins: int = COINS, players: int = 4) -> tuple[tuple[tuple[int, int, int], float], ...]:
    """:func:`pair_prior` in floats, computed directly (cached; fast enough for bots and hints)."""
    if players < 3 or coins < players:
        raise InvalidArgument(f"need 3+ players and a coin per bag, not {coins!r} coins for {players!r}")
    ways = comb(coins - 1, players - 1)
    out = []
    for a in range(1, coins - players + 3):
        for b in range(1, coins - a - players + 3):
            w = comb(coins - a - b - 1, players - 3) / ways
            out += [((a, b, IN_A), w / players), ((a, b, IN_B), w / players),
                    ((a, b, ELSEWHERE), w * (players - 2) / players)]
    return tuple(out)


@checked(state=_is_state, diamond_height=_is_height)
def heights(state: tuple[int, int, int], diamond_height: int) -> tuple[int, int]:
    """(height of A, height of B) in one state of a belief."""
    return unchecked_heights(state, diamond_height)


def unchecked_heights(state: tuple[int, int, int], diamond_height: int) -> tuple[int, int]:
    """:func:`heights` without its checks, for loops over a belief whose states and height were
    checked once (a steal curve calls it 400,000 times: the checks were most of its time)."""
    a, b, d = state
    return a + (diamond_height if d == IN_A else 0), b + (diamond_height if d == IN_B else 0)


# ---- the challenge decision ------------------------------------------------------------
@dataclass(frozen=True)
class ChallengeValue:
    """For the robbed player A: the chance a challenge wins (the thief's stack is strictly
    taller) and the expected stack height after challenging or accepting."""

    p_win: Number
    ev_challenge: Number
    ev_accept: Number

    @property
    def gain(self) -> Number:
        """How much taller challenging leaves you, on average, than letting it go."""
        return self.ev_challenge - self.ev_accept

    @property
    def should_challenge(self) -> bool:
        return self.ev_challenge > self.ev_accept
