"""Moneybags: pirates share out the loot in bags nobody may look into, then rob each other.

Rules in our words (the kit's decisions, docs/rules.md):

* 3-6 players, 67 coins and one diamond (it stacks as tall as ``diamond_height`` coins, 10 by
  default). The Boss pours the loot secretly into every bag, the Boss's own included: at least
  one coin per bag, the diamond into one of them. Option ``pour``: ``"random"`` (default) pours
  uniformly at random and nobody sees it; with ``"boss"`` the Boss player fills the bags one
  by one in turn order (``Fill(coins)``; the last bag takes what is left), then places the
  diamond (``Diamond(bag)``), and knows what went where.
* Nobody ever looks into a bag, not even their own. A player may *jiggle* a bag to get a rough
  feel for its height. That feel is a **model**, not part of the printed rules: option
  ``jiggle_noise`` (default 0.15) makes a reading the number of coins in the bag plus a normal
  error whose standard deviation is 15 % of that number, rounded to a whole coin (never below
  0), drawn from the game's seeded RNG. A jiggle counts coins only: it cannot feel the diamond.
  On a turn you may jiggle each bag once; a robbed player may jiggle their own bag and the
  thief's once before deciding to challenge.
* Turns start at the Boss's left and go round twice; the round ends after the Boss's second
  turn. On your turn: *steal* (``Steal(victim, coins, diamond)``: reach into an open bag and
  take up to that many coins, 0 for a bluff, and with ``diamond`` = 1 the diamond too if it is
  there; only you learn what you actually got), *stand by* (``Stand()``), or *close* your bag
  (``Close()``: no more turns for you this round and nobody can rob you).
* After a steal the victim says ``Challenge()`` or ``Accept()``. A challenge empties both bags
  for everyone to see; each stack's height is its coins plus the diamond on top. A challenger
  as tall as or taller than the thief is out and hands everything to the thief; a thief who is
  taller is out and hands everything to the challenger. Players who are out take no more turns
  and cannot be robbed this round.
* End of round: every bag is emptied; the tallest stack wins, ties going to the player earlier
  in turn order (from the Boss's left). Option ``round_points`` (3/2/1) pays the places; a
  player who was knocked out of the round scores nothing for it. The Boss passes to the left;
  after ``rounds`` rounds (3) the most points wins, tied totals share the win.

No view of the game (a player's, or a spectator's) ever contains what is really in a bag now:
only what a player stole, what challenges and round ends showed everyone, that player's own
jiggle readings, and, when the Boss pours by hand (``pour="boss"``), the Boss's record of
what they poured at the start of the round.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, Sequence, TypedDict

from changekit.core import (
    GameType,
    ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, default_names, leaders,
)
from changekit.core.rng import twin_rng
from changekit.core.state import event_from
from changekit.core.checks import MAX_DOLLARS, real, shown, whole
from changekit.core.errors import InvalidArgument
from changekit.core.words import count, possessive, winners_text
from changekit.core.options import Between, choices

from .moves import MOVES, Accept, Challenge, Close, Diamond, Fill, Jiggle, Stand, Steal

COINS = 67
MAX_PLAYERS = 6
#: Who fills the bags: "random" (every way with at least a coin per bag equally likely, the
#: diamond in a random bag; nobody sees it) or "boss" (the Boss player pours, and knows it).
Pour = Literal["random", "boss"]
POURS: tuple[str, ...] = choices(Pour)
Coins = int


def height(coins: Coins, has_diamond: bool, diamond_height: int) -> int:
    """A stack's height in coins: the diamond sits on top of the coins.

    >>> height(12, True, 10), height(12, False, 10)
    (22, 12)
    """
    coins, diamond_height = _coin_count(coins, "coins"), _coin_count(diamond_height, "diamond_height")
    return coins + (diamond_height if has_diamond else 0)


def _coin_count(value: Any, name: str) -> int:
    """A number of coins (checked on the hot path: a plain int in range passes at once)."""
    if type(value) is int and -MAX_DOLLARS <= value <= MAX_DOLLARS:
        return value
    return whole(value, name, low=-MAX_DOLLARS, high=MAX_DOLLARS)


def _noise(value: Any) -> float:
    """A jiggle's relative error, 0 to 2: NaN or a negative noise would give probabilities of 0 and 1."""
    if type(value) is float and 0.0 <= value <= 2.0:
        return value
    return real(value, "noise", low=0, high=2)


def jiggle(true_coins: int, noise: float, rng: Any) -> int:
    """One jiggle reading (the noise **model**): ``true_coins`` plus a normal error with standard
    deviation ``noise * true_coins``, rounded half up to a whole coin, never below 0.

    >>> from changekit.core import GameRng
    >>> jiggle(20, 0.0, GameRng(1)), jiggle(0, 0.15, GameRng(1))
    (20, 0)
    >>> readings = [jiggle(20, 0.15, GameRng(s)) for s in range(2000)]
    >>> 19.5 < sum(readings) / len(readings) < 20.5
    True
    """
    true_coins, noise = _coin_count(true_coins, "true_coins"), _noise(noise)
    if not isinstance(rng, random.Random):
        raise InvalidArgument(f"rng is a random.Random (the game's GameRng), not {shown(rng)}")
    return _reading(true_coins, noise, rng)


def _reading(true_coins: int, noise: float, rng: random.Random) -> int:
    """:func:`jiggle` without the argument checks (the engine's own values are already checked)."""
    if true_coins <= 0 or noise <= 0:
        return max(0, true_coins)
    return max(0, math.floor(true_coins + rng.gauss(0.0, noise * true_coins) + 0.5))


def jiggle_likelihood(reading: int, true_coins: int, noise: float) -> float:
    """P(a jiggle reads ``reading`` | the bag holds ``true_coins`` coins) under the noise model,
    computed from the normal CDF (``math.erf``, double precision: about 1e-15 absolute error).

    >>> round(sum(jiggle_likelihood(r, 20, 0.15) for r in range(60)), 12)
    1.0
    >>> jiggle_likelihood(7, 7, 0.0), jiggle_likelihood(6, 7, 0.0)
    (1.0, 0.0)
    """
    reading, true_coins, noise = _coin_count(reading, "reading"), _coin_count(true_coins, "true_coins"), _noise(noise)
    if reading < 0:
        return 0.0
    if true_coins <= 0 or noise <= 0:
        return 1.0 if reading == max(0, true_coins) else 0.0
    sd = noise * true_coins

    def cdf(x: float) -> float:
        return 0.5 * (1.0 + math.erf((x - true_coins) / (sd * math.sqrt(2.0))))

    upper = cdf(reading + 0.5)
    lower = 0.0 if reading == 0 else cdf(reading - 0.5)
    return max(0.0, upper - lower)


# ---- moves (moves.py): Fill(coins), Diamond(bag) for a pouring Boss; Steal, Jiggle, Stand, Close
# on a turn; Jiggle, Accept, Challenge when robbed. The old names below still make them.
#: the moves legal actions are made of, one of each (a playout lists them at every step)
STAND, CLOSE, ACCEPT, CHALLENGE = Stand(), Close(), Accept(), Challenge()


def steal(victim: Player, coins: int, diamond: bool = False) -> Steal:
    """``Steal(victim, coins, 1 if diamond else 0)``: reach into ``victim``'s bag for ``coins``
    coins (0: a bluff), and with ``diamond`` feel for the diamond too.

    >>> steal(2, 5), steal(0, 0, diamond=True)
    (Steal(2, 5, 0), Steal(0, 0, 1))
    """
    return Steal(victim, coins, 1 if diamond else 0)


def jiggle_bag(bag: Player) -> Jiggle:
    """``Jiggle(bag)``: jiggle the bag of seat ``bag`` (your own too) for a noisy feel of its coins.

    >>> jiggle_bag(3) == ("jiggle", 3)
    True
    """
    return _JIGGLES[bag] if type(bag) is int and 0 <= bag < MAX_PLAYERS else Jiggle(bag)


def fill(coins: int) -> Fill:
    """``Fill(coins)``: the Boss pours ``coins`` coins into the next bag in turn order (``pour="boss"``).

    >>> fill(12) == ("fill", 12)
    True
    """
    return Fill(coins)


def drop_diamond(bag: Player) -> Diamond:
    """``Diamond(bag)``: the Boss drops the diamond into the bag of seat ``bag`` (``pour="boss"``).

    >>> drop_diamond(1) == ("diamond", 1)
    True
    """
    return _DIAMONDS[bag] if type(bag) is int and 0 <= bag < MAX_PLAYERS else Diamond(bag)


_JIGGLES = tuple(Jiggle(bag) for bag in range(MAX_PLAYERS))
_DIAMONDS = tuple(Diamond(bag) for bag in range(MAX_PLAYERS))


@lru_cache(maxsize=64)
def _fills(most: int) -> tuple[Fill, ...]:
    """The Boss's pours of 1 to ``most`` coins (the same few lists, round after round)."""
    return tuple(Fill(c) for c in range(1, most + 1))


@lru_cache(maxsize=512)
def _steal_actions(targets: tuple[int, ...], coins: int) -> tuple[Steal, ...]:
    return tuple(Steal(v, k, d) for v in targets for k in range(coins + 1) for d in (0, 1))


@lru_cache(maxsize=512)
def _turn_actions(me: Player, out: tuple[bool, ...], closed: tuple[bool, ...],
                  coins: int) -> tuple[tuple[Jiggle, ...], tuple[Steal, ...]]:
    """A turn's jiggles (before any is made) and steals: a function of these only, so a playout
    looks them up rather than building them at every step."""
    seats = range(len(out))
    targets = tuple(p for p in seats if p != me and not out[p] and not closed[p])
    return tuple(_JIGGLES[b] for b in seats if not out[b]), _steal_actions(targets, coins)


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneybagsOptions(Options):
    """``coins`` (67) and ``diamond_height`` (10) set the loot; ``jiggle_noise`` (0.15) is the
    relative error of a jiggle reading (a model; 0 makes jiggles exact); ``rounds`` (3) and
    ``round_points`` ((3, 2, 1) for 1st, 2nd, 3rd) the scoring (a jiggle reads coins, never the
    diamond); ``pour`` who fills the bags:
    ``"random"`` (default: a blind Boss bot, uniform over every way to pour with at least one
    coin per bag, the diamond in a uniformly random bag; nobody, the Boss included, sees it) or
    ``"boss"`` (the Boss player pours with actions, and so knows what went where)."""

    players: int = 4
    coins: Annotated[int, Between(6, 500)] = COINS
    diamond_height: Annotated[int, Between(0, 500)] = 10  # in coins
    jiggle_noise: Annotated[float, Between(0, 2)] = 0.15  # a relative error
    rounds: Annotated[int, Between(1, 20)] = 3
    round_points: tuple[int, ...] = (3, 2, 1)
    pour: Pour = "random"

    def check(self) -> None:
        if self.coins < self.players:
            raise ChangekitError(f"every bag needs a coin: {self.coins!r} coins for {self.players} players")
        if not isinstance(self.round_points, tuple) or not 1 <= len(self.round_points) <= 6 \
                or not all(type(p) is int and p >= 0 for p in self.round_points):
            raise ChangekitError(f"round_points is a tuple of 1-6 whole numbers ≥ 0, not {shown(self.round_points)}")

    def max_steps(self) -> int:
        n = self.players
        return self.rounds * (n + 1 + 2 * n * (1 + n + 1 + 3))


class MoneybagsView(TypedDict):
    """What one player (``you``; None: a spectator) sees; :meth:`State.view` adds ``to_act`` (the
    seats acting now) and ``log`` (the events they saw). Never what a bag holds now.

    The options are public at the table: the 67 coins and the diamond are on the table before the
    Boss pours (``coins``, ``diamond_height``), and the kit tells every player how rough a jiggle
    is (``jiggle_noise``, shown by the app); the bayesian bot weighs readings with it.

    * ``phase``: ``"fill"`` (the Boss pours), ``"turn"``, ``"challenge"`` (a robbed player
      answers) or ``"over"``; ``round`` of ``rounds``.
    * ``dealer``: the Boss, who pours this round and moves last; ``order``: this round's seats in
      turn order (the Boss last); ``turn``: whose turn it is (during a challenge the thief's;
      None when the game is over); ``turns_left``: seats still to move this round, in order.
    * ``coins``, ``diamond_height`` (in coins), ``jiggle_noise``: the options, as above.
    * ``bags_poured`` (bags the Boss has filled), ``diamond_placed``.
    * ``closed``, ``out``: per seat, this round. ``scores``: the points won so far per seat
      (``state.scores()``); ``winners``: the seats sharing the win, ``[]`` until the end.
    * ``pending``: ``{"thief": seat, "victim": seat}`` while a robbery waits for its answer.
    * ``jiggled``: bags the viewer, acting now, has jiggled this turn; ``readings``: per bag, the
      viewer's own jiggle readings this round.
    * ``my_takes``: the viewer's steals this round, ``[victim, coins got, diamond got]``.
    * ``poured``: coins per bag as the viewer poured them (the Boss with ``pour="boss"``), else None.
    * ``steals``: every steal this round, ``[thief, victim]``; ``reveals``: every challenge's
      event data this round (both stacks shown); ``results``: every finished round's result.
    """

    you: Player | None
    phase: str
    round: int
    rounds: int
    dealer: Player
    order: list[Player]
    turn: Player | None
    turns_left: list[Player]
    coins: int
    diamond_height: int
    jiggle_noise: float
    bags_poured: int
    diamond_placed: bool
    closed: list[bool]
    out: list[bool]
    scores: list[int]
    winners: list[Player]
    pending: dict[str, int] | None
    jiggled: list[int]
    readings: list[list[int]]
    my_takes: list[list[Any]]
    poured: list[int] | None
    steals: list[list[int]]
    reveals: list[dict[str, Any]]
    results: list[dict[str, Any]]


class MoneybagsState(State):
    options: MoneybagsOptions

    def _setup(self) -> None:
        n = self.players
        self.points = [0] * n
        self.round = 1
        self.boss = 0
        self.round_results: list[dict[str, Any]] = []
        self._new_round()
        self._acting = self._who_acts()

    def _new_round(self) -> None:
        n = self.players
        self.phase = "fill"
        self.box = self.options.coins  # coins not poured yet
        self.bags = [0] * n  # hidden: coins in each bag
        self.diamond: int | None = None  # hidden: the bag holding the diamond (None: in the box)
        self.filled = 0
        self.closed = [False] * n
        self.out = [False] * n
        self.slot = 0
        self.jiggled: list[int] = []
        self.pending: dict[str, int] | None = None
        self.round_start = len(self.log)
        self.log.append(event_from(("round", {"round": self.round, "boss": self.boss}, None)))
        if self.options.pour == "random":
            self._pour_at_random()

    def _pour_at_random(self) -> None:
        """Uniform over compositions: n-1 distinct cut points among the coins-1 gaps."""
        n, coins = self.players, self.options.coins
        cuts = sorted(self.rng.sample(range(1, coins), n - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, coins], strict=True)]
        for i, c in enumerate(parts):
            self.bags[self._seat_at(i)] = c
        self.box = 0
        self.filled = n
        self.diamond = self.rng.randrange(n)
        self.log.append(event_from(("filled", {"boss": self.boss, "round": self.round}, None)))
        self.phase = "turn"

    # ---- helpers -----------------------------------------------------------------------
    def order(self) -> list[Player]:
        """This round's seats in turn order, from the Boss's left round to the Boss."""
        n = self.players
        return [(self.boss + 1 + i) % n for i in range(n)]

    def _seat_at(self, slot: int) -> Player:
        return (self.boss + 1 + slot) % self.players

    def _height(self, bag: int) -> int:
        """:func:`height` of a bag (without its argument checks: the engine's counts are whole numbers)."""
        return self.bags[bag] + (self.options.diamond_height if self.diamond == bag else 0)

    def _turns_left(self) -> list[Player]:
        """Seats still to move this round, the one moving now first (after a steal: the next)."""
        if self.phase not in ("turn", "challenge"):
            return []
        start = self.slot + (1 if self.phase == "challenge" else 0)
        seats = (self._seat_at(s) for s in range(start, 2 * self.players))
        return [p for p in seats if not self.out[p] and not self.closed[p]]

    def _targets(self, player: Player) -> list[Player]:
        return [p for p in range(self.players) if p != player and not self.out[p] and not self.closed[p]]

    def _jiggle_choices(self, player: Player) -> list[Player]:
        jiggled = self.jiggled
        if self.phase == "turn":
            out = self.out
            return [b for b in range(self.options.players) if not out[b] and b not in jiggled]
        # challenge: the victim feels their own bag and the thief's
        assert self.pending is not None
        victim, thief = self.pending["victim"], self.pending["thief"]
        return [b for b in ((victim, thief) if victim < thief else (thief, victim)) if b not in jiggled]

    def _who_acts(self) -> tuple[Player, ...]:
        if self.phase == "fill":
            return (self.boss,)
        if self.phase == "turn":
            return (self._seat_at(self.slot),)
        if self.phase == "challenge":
            assert self.pending is not None
            return (self.pending["victim"],)
        return ()

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        # kept in _acting after every action: a playout step asks three or four times
        return self._acting

    def _legal_actions(self, player: Player) -> list[Any]:
        me = player
        phase = self.phase
        if phase == "turn":  # the common case first (the playout hot path)
            jiggles, steals = _turn_actions(me, tuple(self.out), tuple(self.closed), self.options.coins)
            jiggled = self.jiggled
            if jiggled:
                return [STAND, CLOSE, *[a for a in jiggles if a.bag not in jiggled], *steals]
            return [STAND, CLOSE, *jiggles, *steals]
        if phase == "challenge":
            assert self.pending is not None
            victim, thief, jiggled = self.pending["victim"], self.pending["thief"], self.jiggled
            actions: list[Any] = [ACCEPT, CHALLENGE]
            for bag in ((victim, thief) if victim < thief else (thief, victim)):  # self._jiggle_choices(me)
                if bag not in jiggled:
                    actions.append(_JIGGLES[bag])
            return actions
        if self.filled < self.players:
            left = self.players - self.filled
            return list(_fills(self.box - (left - 1)))
        return list(_DIAMONDS[:self.players])

    def _apply(self, player: Player, action: Any) -> None:
        # the base has made ``action`` one of MOVES: the engine reads its type and fields
        phase, kind = self.phase, type(action)
        if phase == "turn" and kind is Steal:
            self._steal(player, action)  # most turns: checked first
        elif phase == "fill":
            self._apply_fill(player, action)
        else:
            if kind is Jiggle:
                self._do_jiggle(player, self._check_jiggle(player, action))
                return  # a jiggle leaves the turn where it is
            if phase == "turn":
                self._apply_turn(player, action)
            else:
                self._apply_challenge(player, action)
        self._acting = self._who_acts()

    def _apply_fill(self, player: Player, action: Any) -> None:
        n = self.players
        if self.filled < n:
            left = n - self.filled
            most = self.box - (left - 1)
            if type(action) is not Fill:
                raise IllegalAction("fill", f"the Boss pours coins into the next bag with Fill(coins), not {action!r}")
            coins = action.coins
            if not 1 <= coins <= most:
                raise IllegalAction(
                    "coin-per-bag", f"every bag gets at least one coin: this one takes 1 to {most}, not {coins!r}")
            self._pour(player, self._seat_at(self.filled), coins)
            if self.filled == n - 1:  # the last bag takes what is left
                self._pour(player, self._seat_at(self.filled), self.box)
            return
        if not (type(action) is Diamond and 0 <= action.bag < n):
            raise IllegalAction(
                "diamond", f"the Boss drops the diamond into one bag with Diamond(0..{n - 1}), not {action!r}")
        self.diamond = action.bag
        self.log.append(event_from(("diamond", {"bag": action.bag}, (player,))))
        self.log.append(event_from(("filled", {"boss": self.boss, "round": self.round}, None)))
        self.phase = "turn"
        self.slot = 0
        self.jiggled = []

    def _pour(self, boss: Player, bag: int, coins: int) -> None:
        self.bags[bag] = coins
        self.box -= coins
        self.filled += 1
        self.log.append(event_from(("pour", {"bag": bag, "coins": coins}, (boss,))))

    def _check_jiggle(self, player: Player, action: Jiggle) -> int:
        """The bag of the jiggle ``action``, which ``player`` may make now (else an IllegalAction)."""
        bag = action.bag
        if not self._may_jiggle(bag):
            raise IllegalAction("jiggle",
                                f"you can jiggle each of {self._jiggle_choices(player)} once now, not {bag!r}")
        return bag

    def _may_jiggle(self, bag: int) -> bool:
        """``bag in self._jiggle_choices(player)``, without building the list."""
        if bag in self.jiggled:
            return False
        if self.phase == "turn":
            return 0 <= bag < self.options.players and not self.out[bag]
        assert self.pending is not None
        return bag == self.pending["victim"] or bag == self.pending["thief"]

    def _do_jiggle(self, player: Player, bag: int) -> None:
        reading = _reading(self.bags[bag], float(self.options.jiggle_noise), self.rng)
        self.jiggled.append(bag)
        self.log.append(event_from(("jiggle", {"player": player, "bag": bag, "reading": reading}, (player,))))

    def _apply_turn(self, player: Player, action: Any) -> None:
        """A turn's action other than a jiggle (:meth:`_apply` does those)."""
        kind = type(action)
        if kind is Stand:
            self.log.append(event_from(("stand", {"player": player}, None)))
            self._next_turn()
            return
        if kind is Close:
            self.closed[player] = True
            self.log.append(event_from(("close", {"player": player}, None)))
            self._next_turn()
            return
        if kind is not Steal:
            raise IllegalAction(
                "turn-action",
                f"on your turn: Stand(), Close(), Jiggle(bag) or Steal(victim, coins, diamond 0/1), not {action!r}")
        self._steal(player, action)

    def _steal(self, player: Player, action: Steal) -> None:
        _, victim, asked, grab = action  # ("steal", victim, coins, diamond): unpacked at once (every other step)
        if not (0 <= victim < self.options.players and victim != player
                and not self.out[victim] and not self.closed[victim]):  # victim in self._targets(player)
            raise IllegalAction(
                "open-bag",
                f"you can rob an open bag of another player still in: {self._targets(player)}, not {victim!r}")
        if not 0 <= asked <= self.options.coins:
            raise IllegalAction("coins", f"take 0 to {self.options.coins} coins, not {asked!r}")
        if grab not in (0, 1):
            raise IllegalAction("diamond-flag", f"diamond is 1 (feel for the diamond) or 0, not {grab!r}")
        bags = self.bags
        got = min(asked, bags[victim])
        bags[victim] -= got
        bags[player] += got
        took_diamond = bool(grab) and self.diamond == victim
        if took_diamond:
            self.diamond = player
        self.log.append(event_from(("steal", {"thief": player, "victim": victim}, None)))
        self.log.append(event_from(("loot", {
            "thief": player, "victim": victim, "asked": asked, "coins": got,
            "felt_for_diamond": bool(grab), "diamond": took_diamond,
        }, (player,))))
        self.phase = "challenge"
        self.pending = {"thief": player, "victim": victim}
        self.jiggled = []

    def _apply_challenge(self, player: Player, action: Any) -> None:
        """The robbed player's answer other than a jiggle (:meth:`_apply` does those)."""
        assert self.pending is not None
        thief, victim = self.pending["thief"], self.pending["victim"]
        kind = type(action)
        if kind is Accept:
            self.log.append(event_from(("accept", {"victim": victim, "thief": thief}, None)))
        elif kind is Challenge:
            self._challenge(victim, thief)
        else:
            raise IllegalAction(
                "challenge-decision", f"you were robbed: say Challenge(), Accept() or Jiggle(bag), not {action!r}")
        self.pending = None
        self.phase = "turn"
        self._next_turn()

    def _challenge(self, victim: Player, thief: Player) -> None:
        v_coins, t_coins = self.bags[victim], self.bags[thief]
        v_dia, t_dia = self.diamond == victim, self.diamond == thief
        v_height, t_height = self._height(victim), self._height(thief)
        loser, winner = (victim, thief) if v_height >= t_height else (thief, victim)
        self.bags[winner] += self.bags[loser]
        self.bags[loser] = 0
        if self.diamond == loser:
            self.diamond = winner
        self.out[loser] = True
        self.log.append(event_from(("challenge", {
            "victim": victim, "thief": thief, "victim_coins": v_coins, "thief_coins": t_coins,
            "victim_diamond": v_dia, "thief_diamond": t_dia, "victim_height": v_height,
            "thief_height": t_height, "winner": winner, "loser": loser,
        }, None)))

    def _next_turn(self) -> None:
        self.jiggled = []
        n = self.options.players
        out, closed, left = self.out, self.closed, self.boss + 1
        slot = self.slot + 1
        while slot < 2 * n:
            seat = (left + slot) % n  # self._seat_at(slot)
            if not out[seat] and not closed[seat]:
                self.slot = slot
                return
            slot += 1
        self.slot = slot
        self._end_round()

    def _end_round(self) -> None:
        n = self.players
        dh = self.options.diamond_height
        diamond = self.diamond
        heights = [coins + (dh if p == diamond else 0) for p, coins in enumerate(self.bags)]  # self._height(p)
        standing = [p for p in self.order() if not self.out[p]]
        # tallest first; the stable sort keeps turn order among equal heights
        ranking = sorted(standing, key=lambda p: -heights[p])
        won = [0] * n
        for place, p in enumerate(ranking[: len(self.options.round_points)]):
            won[p] = self.options.round_points[place]
            self.points[p] += won[p]
        result = {
            "round": self.round, "boss": self.boss, "coins": list(self.bags), "diamond": self.diamond,
            "heights": heights, "out": list(self.out), "ranking": ranking, "won": won,
            "points": list(self.points), "diamond_height": dh,
        }
        self.round_results.append(result)
        self.log.append(event_from(("round_end", result, None)))
        if self.round < self.options.rounds:
            self.round += 1
            self.boss = (self.boss + 1) % n
            self._new_round()
        else:
            self.phase = "over"
            self.box = self.options.coins
            self.bags = [0] * n
            self.diamond = None
            self.log.append(event_from(("game_end", {"points": list(self.points), "winners": list(self.winners())},
                                        None)))

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points) if self.phase == "over" else ()

    # ---- words -------------------------------------------------------------------------
    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """``action`` in the words of its button, said by seat ``by`` (default: the player acting
        now), with the seats called ``names`` (default "Player 1", ...); the acting player's own
        bag is "my bag".

        >>> state = Moneybags(players=3).new_state(seed=1)   # seat 1 is to move
        >>> state.describe_action(Steal(2, 5, 1))
        "Steal 5 coins from Player 3's bag and feel for the diamond"
        >>> state.describe_action(Jiggle(1)), state.describe_action(Stand(), by=0)
        ('Jiggle my bag', 'Stand by')
        """
        names = names or default_names(self.players)
        if by is None:
            by = self.current_players()[0] if self.current_players() else None

        def bag(seat: Any) -> str:
            if type(seat) is not int or not 0 <= seat < self.players:
                raise InvalidArgument(f"a bag is a seat from 0 to {self.players - 1}, not {shown(seat)}")
            return "my bag" if seat == by else f"{possessive(names[seat])} bag"

        try:
            move: Any = MOVES.typed(action)  # a plain value from an old save or bot reads as the move
        except ChangekitError:
            move = None
        kind = type(move)
        if kind in _PLAIN_WORDS:
            return _PLAIN_WORDS[kind]
        if kind is Steal and move.diamond in (0, 1):
            feel = " and feel for the diamond" if move.diamond else ""
            return f"Steal {coins_text(move.coins)} from {bag(move.victim)}{feel}"
        if kind is Jiggle:
            return f"Jiggle {bag(move.bag)}"
        if kind is Diamond:
            return f"Drop the diamond into {bag(move.bag)}"
        if kind is Fill and self.phase == "fill" and self.filled < self.players:
            return f"Pour {coins_text(move.coins)} into {bag(self._seat_at(self.filled))}"
        raise InvalidArgument(
            f"{shown(action)} is not a Moneybags action now: Stand(), Close(), Accept(), Challenge(), "
            "Jiggle(bag), Steal(victim, coins, diamond 0/1), Fill(coins) or Diamond(bag)")

    # ---- what a player sees ------------------------------------------------------------
    def _view(self, player: Player | None) -> MoneybagsView:
        n = self.players
        readings: list[list[int]] = [[] for _ in range(n)]
        takes: list[list[Any]] = []
        poured: list[int] | None = [0] * n if player == self.boss and self.options.pour == "boss" else None
        steals: list[list[int]] = []
        reveals: list[dict[str, Any]] = []
        for event in self.log[self.round_start:]:
            if not event.seen_by(player):
                continue
            kind, d = event.kind, event.data
            if kind == "jiggle":
                readings[d["bag"]].append(d["reading"])
            elif kind == "loot":
                takes.append([d["victim"], d["coins"], d["diamond"]])
            elif kind == "pour" and poured is not None:
                poured[d["bag"]] = d["coins"]
            elif kind == "steal":
                steals.append([d["thief"], d["victim"]])
            elif kind == "challenge":
                reveals.append(dict(d))
        acting = self.current_players()
        phase = self.phase
        return {
            "you": player,
            "phase": phase,
            "round": self.round,
            "rounds": self.options.rounds,
            "dealer": self.boss,
            "order": self.order(),
            "turn": self.boss if phase == "fill" else None if phase == "over" else self._seat_at(self.slot),
            "turns_left": self._turns_left(),
            "coins": self.options.coins,
            "diamond_height": self.options.diamond_height,
            "jiggle_noise": self.options.jiggle_noise,
            "bags_poured": self.filled,
            "diamond_placed": self.diamond is not None or self.phase != "fill",
            "closed": list(self.closed),
            "out": list(self.out),
            "scores": list(self.points),
            "winners": list(self.winners()),
            "pending": dict(self.pending) if self.pending else None,
            "jiggled": list(self.jiggled) if player is not None and player in acting else [],
            "readings": readings,
            "my_takes": takes,
            "poured": poured,
            "steals": steals,
            "reveals": reveals,
            "results": [dict(r) for r in self.round_results],
        }

    def inventory(self) -> Counter:
        # the diamond is in a bag, or (while the Boss pours, and after the game) in the box
        return Counter({"coin": self.box + sum(self.bags), "diamond": 1})

    def determinize(self, player: Player, rng: GameRng) -> "MoneybagsState":
        """Re-deal every bag's coins (and the diamond) at random among the bags that hold loot.

        Not conditioned on what ``player`` knows (their steals and readings): for beliefs that
        are, see :mod:`changekit.games.moneybags.analysis`.
        """
        twin = self.clone()
        if twin.phase == "fill":
            live = [twin._seat_at(i) for i in range(twin.filled)]
        else:
            live = [p for p in range(twin.players) if not twin.out[p]]
        total = sum(twin.bags[p] for p in live)
        if live:
            cuts = sorted(rng.randint(0, total) for _ in range(len(live) - 1))
            parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
            for p, c in zip(live, parts, strict=True):
                twin.bags[p] = c
            if twin.diamond is not None:
                twin.diamond = rng.choice(live)
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        k = event.kind
        if k == "round":
            return f"Round {d['round']}. The Boss, {names[d['boss']]}, fills the bags."
        if k == "pour":
            return f"You poured {coins_text(d['coins'])} into {possessive(names[d['bag']])} bag."
        if k == "diamond":
            return f"You dropped the diamond into {possessive(names[d['bag']])} bag."
        if k == "filled":
            return "The bags are filled. Nobody may look inside."
        if k == "jiggle":
            whose = "your own bag" if d["bag"] == d["player"] else f"{possessive(names[d['bag']])} bag"
            return f"You jiggled {whose}: it feels like about {coins_text(d['reading'])}."
        if k == "steal":
            return f"{names[d['thief']]} reached into {possessive(names[d['victim']])} bag."
        if k == "loot":
            got = coins_text(d["coins"]) + (" and the diamond" if d["diamond"] else "")
            felt = "" if not d["felt_for_diamond"] or d["diamond"] else " (no diamond there)"
            return f"You grabbed for {coins_text(d['asked'])} and came away with {got}{felt}."
        if k == "stand":
            return f"{names[d['player']]} stood by."
        if k == "close":
            whose = "your" if names[d["player"]] == "You" else "their"  # the apps call the human "You"
            return f"{names[d['player']]} closed {whose} bag for the round."
        if k == "accept":
            return f"{names[d['victim']]} let it go."
        if k == "challenge":
            def stack(who: str) -> str:
                dia = " + diamond" if d[f"{who}_diamond"] else ""
                return f"{coins_text(d[who + '_coins'])}{dia} = {d[who + '_height']} tall"
            return (f"{names[d['victim']]} challenged {names[d['thief']]}! Stacks: "
                    f"{names[d['victim']]} {stack('victim')}, {names[d['thief']]} {stack('thief')}. "
                    f"Out: {names[d['loser']]}; everything goes to {names[d['winner']]}.")
        if k == "round_end":
            stacks = ", ".join(f"{names[p]} {d['heights'][p]}" for p in d["ranking"])
            return f"End of round {d['round']}. Stacks: {stacks or 'none'}. Points: " + ", ".join(
                f"{names[p]} {s}" for p, s in enumerate(d["points"]))
        if k == "game_end":
            return f"Game over: {winners_text(d['winners'], names)}."
        return f"{k}: {d}"


#: The moves that are words, as their buttons say them.
_PLAIN_WORDS: dict[type, str] = {Stand: "Stand by", Close: "Close my bag", Accept: "Let it go", Challenge: "Challenge"}


def coins_text(n: int) -> str:
    """A number of coins in words, as every Moneybags message writes it.

    >>> coins_text(1), coins_text(0), coins_text(12)
    ('1 coin', '0 coins', '12 coins')
    """
    return count(n, "coin")


class Moneybags(Game):
    name = "moneybags"
    title = "Moneybags"
    teaser = "Rob your fellow pirates' loot bags, but nobody may look inside: challenge, and the taller stack is out."
    teaches = "Expected value under uncertainty and Bayesian updating from noisy evidence."
    min_players = 3
    max_players = MAX_PLAYERS
    #: the deal; each bag's contents are its owner's
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = MoneybagsOptions
    State = MoneybagsState
    moves = MOVES


MoneybagsState.game = Moneybags
GAME = Moneybags
