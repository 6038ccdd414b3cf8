"""Moneybags bots. Each sees only ``state.view(player)``: its own jiggle readings, what it stole,
and what everybody saw; never what is in a bag.

* ``random``: any legal action (the core :class:`~changekit.core.bots.RandomBot`).
* ``cautious``: jiggles the open bags, takes 2 coins from the one that feels fullest on its
  first turn, closes its bag on its second; never challenges.
* ``bold``: jiggles the open bags, grabs 8 coins and feels for the diamond in the fullest;
  when robbed, jiggles both bags and challenges if the thief's feels taller.
* ``bayesian``: steals 4 coins and feels for the diamond from the fullest-feeling bag; when
  robbed, jiggles both bags and challenges when the posterior expected height of challenging
  beats letting it go (the beliefs of :mod:`.model`; model: random Boss, the thief grabs 0-8 coins
  uniformly and feels for the diamond half the time; it counts the coins it stole itself this
  round, and ignores the rest of the history: earlier robberies, who holds the diamond).

When a bot is the Boss and ``pour="boss"``, it pours by its ``boss_policy``: ``"even"``,
``"front"`` (more for the early seats, the diamond to the first), ``"back"`` (more for the
late seats, the diamond to the Boss) or ``"random"`` (uniform, as the engine's random pour).
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Sequence

from changekit.core.bots import Bot, RandomBot
from changekit.core.errors import InvalidArgument

from .model import ChallengeValue, after_steal, float_prior, heights
from .moves import Accept, Challenge, Close, Diamond, Fill, Jiggle, Stand, Steal
from .rules import jiggle_likelihood

BOSS_POLICIES: tuple[str, ...] = ("even", "front", "back", "random")


def pour_plan(coins: int, players: int, policy: str) -> list[int]:
    """Coins per bag in turn order (the Boss's bag last) for a deterministic policy.

    >>> pour_plan(67, 4, "even"), pour_plan(67, 4, "front"), pour_plan(67, 4, "back")
    ([17, 17, 17, 16], [26, 20, 14, 7], [7, 14, 20, 26])
    """
    if policy == "even":
        weights = [1] * players
    elif policy == "front":
        weights = list(range(players, 0, -1))
    elif policy == "back":
        weights = list(range(1, players + 1))
    else:
        raise InvalidArgument(f"pour_plan takes 'even', 'front' or 'back', not {policy!r}")
    spare = coins - players  # one coin each first, the rest by weight (largest remainders)
    total = sum(weights)
    shares = [1 + spare * w // total for w in weights]
    order = sorted(range(players), key=lambda i: (-(spare * weights[i] % total), i))
    for i in order[: coins - sum(shares)]:
        shares[i] += 1
    return shares


def random_pour_step(left_coins: int, left_bags: int, rng: random.Random) -> int:
    """Coins for the next bag so that the whole pour is uniform over all compositions."""
    if left_bags == 1:
        return left_coins
    choices = list(range(1, left_coins - left_bags + 2))
    weights = [comb(left_coins - c - 1, left_bags - 2) for c in choices]
    return rng.choices(choices, weights)[0]


class MoneybagsBot(Bot):
    """Shared parts: pouring as the Boss, and reading the view."""

    def __init__(self, boss_policy: str = "random") -> None:
        if boss_policy not in BOSS_POLICIES:
            raise InvalidArgument(f"boss_policy is one of {BOSS_POLICIES}, not {boss_policy!r}")
        self.boss_policy = boss_policy

    def choose(self, view: dict[str, Any], legal: Sequence[Any], *, rng: random.Random) -> Any:
        if view["phase"] == "fill":
            return self.pour(view, legal, rng)
        if view["phase"] == "challenge":
            return self.respond(view, legal, rng)
        return self.turn(view, legal, rng)

    def pour(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        n = len(view["order"])
        done = view["bags_poured"]
        if done < n:
            if self.boss_policy == "random":
                poured = sum(view["poured"])
                return Fill(random_pour_step(view["coins"] - poured, n - done, rng))
            return Fill(pour_plan(view["coins"], n, self.boss_policy)[done])
        if self.boss_policy == "front":
            return Diamond(view["order"][0])
        if self.boss_policy == "back":
            return Diamond(view["dealer"])
        return Diamond(rng.randrange(n))

    def turn(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        raise NotImplementedError

    def respond(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return Accept()

    # helpers
    @staticmethod
    def targets(legal: Sequence[Any]) -> list[int]:
        return sorted({a.victim for a in legal if isinstance(a, Steal)})

    @staticmethod
    def unjiggled(legal: Sequence[Any], bags: Sequence[int]) -> list[int]:
        can = {a.bag for a in legal if isinstance(a, Jiggle)}
        return [b for b in bags if b in can]

    @staticmethod
    def feel(view: dict[str, Any], bag: int) -> int:
        readings = view["readings"][bag]
        return readings[-1] if readings else 0

    def steal_from_fullest(self, view: dict[str, Any], legal: Sequence[Any], coins: int, diamond: int) -> Any:
        targets = self.targets(legal)
        if not targets:
            return Stand()
        todo = self.unjiggled(legal, targets)
        if todo:
            return Jiggle(todo[0])
        victim = max(targets, key=lambda p: (self.feel(view, p), -p))
        return Steal(victim, coins, 1 if diamond else 0)

    @staticmethod
    def second_turn(view: dict[str, Any]) -> bool:
        return view["you"] not in view["turns_left"][1:]


class CautiousThief(MoneybagsBot):
    name = "cautious"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "takes 2 coins from the fullest-feeling bag, then closes; never challenges"

    def turn(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if self.second_turn(view) and view["my_takes"]:
            return Close()
        return self.steal_from_fullest(view, legal, 2, 0)


class BoldThief(MoneybagsBot):
    name = "bold"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "grabs 8 coins and the diamond from the fullest-feeling bag; challenges when the thief feels taller"

    def turn(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return self.steal_from_fullest(view, legal, 8, 1)

    def respond(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        me, thief = view["you"], view["pending"]["thief"]
        todo = self.unjiggled(legal, [me, thief])
        if todo:
            return Jiggle(todo[0])
        return Challenge() if self.feel(view, thief) > self.feel(view, me) else Accept()


#: The bayesian bot's model of a thief: 0-8 coins uniformly, feels for the diamond half the time.
THIEF_MODEL = {k: Fraction(1, 9) for k in range(9)}


@lru_cache(maxsize=16)
def robbed_heights(coins: int, players: int, diamond_height: int) -> tuple[tuple[int, int, int, int, float], ...]:
    """The robbed player's belief under :data:`THIEF_MODEL` as (your coins, thief's coins, your
    height, thief's height, probability). Cached: about 0.2 s the first time for a table size."""
    belief = after_steal(dict(float_prior(coins, players)), {k: float(p) for k, p in THIEF_MODEL.items()}, 0.5)
    return tuple((s[0], s[1], *heights(s, diamond_height), p) for s, p in sorted(belief.items()))


@lru_cache(maxsize=16)
def _robbed_groups(coins: int, players: int, diamond_height: int) -> tuple[tuple[int, tuple[tuple[int, tuple[
        tuple[int, int, float], ...]], ...]], ...]:
    """:func:`robbed_heights` grouped by your coins, then the thief's (it is sorted by them), in the
    same order: ``((a, ((b, ((your height, thief's height, probability), ...)), ...)), ...)``."""
    groups: dict[int, dict[int, list[tuple[int, int, float]]]] = {}
    for a, b, ha, hb, p in robbed_heights(coins, players, diamond_height):
        groups.setdefault(a, {}).setdefault(b, []).append((ha, hb, p))
    return tuple((a, tuple((b, tuple(rows)) for b, rows in by_b.items())) for a, by_b in groups.items())


@lru_cache(maxsize=4096)
def robbed_value(coins: int, players: int, diamond_height: int, noise: float,
                 mine: int | None, thiefs: int | None, *, stolen_before: int = 0) -> ChallengeValue:
    """:class:`~.model.ChallengeValue` for a robbed player under :data:`THIEF_MODEL` after
    the latest jiggle of their own bag (``mine``) and of the thief's (``thiefs``), ``None`` for
    no reading, having stolen ``stolen_before`` coins earlier this round. The same numbers as
    ``challenge_story`` with that model (and ``add_coins``), in one pass with cached
    likelihoods (fast enough for a bot's every decision; cached, as robberies repeat)."""
    total = p_win = ev_win = ev_accept = 0.0
    extra = stolen_before
    top = max(b for _, by_b in _robbed_groups(coins, players, diamond_height) for b, _ in by_b)
    # by the thief's coins (a pure function of them: computed once each, up front)
    thief_likelihood = [1.0 if thiefs is None else jiggle_likelihood(thiefs, b, noise) for b in range(top + 1)]
    # Walked by your coins, then the thief's, in robbed_heights' order (so every sum is the same):
    # a jiggle likelihood of 0 zeroes a whole group, skipped at once; no reading is a factor 1.0
    # (exact, so p is unchanged).
    for a, by_b in _robbed_groups(coins, players, diamond_height):
        a += extra
        la = 1.0 if mine is None else jiggle_likelihood(mine, a, noise)
        if not la:
            continue
        for b, rows in by_b:
            lb = thief_likelihood[b]
            if not lb:
                continue
            for ha, hb, p in rows:
                p = p * la * lb
                if not p:
                    continue
                ha += extra
                total += p
                ev_accept += p * ha
                if hb > ha:
                    p_win += p
                    ev_win += p * (ha + hb)
    if total <= 0:  # readings the model calls impossible: fall back on the prior
        return robbed_value(coins, players, diamond_height, noise, None, None, stolen_before=extra)
    return ChallengeValue(p_win / total, ev_win / total, ev_accept / total)


class BayesianChallenger(MoneybagsBot):
    name = "bayesian"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "challenges when the jiggle posterior says a challenge gains height on average"

    def turn(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return self.steal_from_fullest(view, legal, 4, 1)

    def respond(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        me, thief = view["you"], view["pending"]["thief"]
        todo = self.unjiggled(legal, [me, thief])
        if todo:
            return Jiggle(todo[0])
        return Challenge() if self.value(view).should_challenge else Accept()

    @staticmethod
    def value(view: dict[str, Any]) -> ChallengeValue:
        """The challenge value behind the decision (also the app's hint)."""
        me, thief = view["you"], view["pending"]["thief"]
        mine = view["readings"][me][-1] if me in view["jiggled"] and view["readings"][me] else None
        theirs = view["readings"][thief][-1] if thief in view["jiggled"] and view["readings"][thief] else None
        taken = sum(coins for _, coins, _ in view["my_takes"])
        return robbed_value(view["coins"], len(view["order"]), view["diamond_height"],
                            float(view["jiggle_noise"]), mine, theirs, stolen_before=taken)


class EarlyCloser(BayesianChallenger):
    """The Bayesian challenger, except that it closes its bag on its first turn instead of stealing
    (until then it may be robbed, and answers as the Bayesian does). Not in :data:`BOTS` (the app's
    choice of opponents): Question 6 of the notebook seats it against three Bayesian bots."""

    name = "closer"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "closes its bag on its first turn; when robbed before that, challenges as the Bayesian does"

    def turn(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        return Close()


class RandomMoneybagsBot(RandomBot):
    name = "random"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)


BOTS: dict[str, Any] = {
    "random": RandomMoneybagsBot,
    "cautious": CautiousThief,
    "bold": BoldThief,
    "bayesian": BayesianChallenger,
}
