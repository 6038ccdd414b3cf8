"""Moneybags: pirates share out the loot in bags nobody may look into, then rob each other.

Rules in our words (the kit's decisions, docs/rules.md):

* 3-6 players, 67 coins and one diamond (it stacks as tall as ``diamond_height`` coins, 10 by
  default). The Boss pours the loot secretly into every bag, the Boss's own included: at least
  one coin per bag, the diamond into one of them. Option ``pour``: ``"random"`` (default) pours
  uniformly at random and nobody sees it; with ``"boss"`` the Boss player fills the bags one
  by one in turn order (``("fill", coins)``; the last bag takes what is left), then places the
  diamond (``("diamond", bag)``), and knows what went where.
* Nobody ever looks into a bag, not even their own. A player may *jiggle* a bag to get a rough
  feel for its height. That feel is a **model**, not part of the printed rules: option
  ``jiggle_noise`` (default 0.15) makes a reading the number of coins in the bag plus a normal
  error whose standard deviation is 15 % of that number, rounded to a whole coin (never below
  0), drawn from the game's seeded RNG. A jiggle counts coins only: it cannot feel the diamond. On a turn you may jiggle each bag once; a robbed player may
  jiggle their own bag and the thief's once before deciding to challenge.
* Turns start at the Boss's left and go round twice; the round ends after the Boss's second
  turn. On your turn: *steal* (``("steal", victim, coins, diamond)``: reach into an open bag and
  take up to that many coins, 0 for a bluff, and with ``diamond`` = 1 the diamond too if it is
  there; only you learn what you actually got), *stand by* (``"stand"``), or *close* your bag
  (``"close"``: no more turns for you this round and nobody can rob you).
* After a steal the victim says ``"challenge"`` or ``"accept"``. A challenge empties both bags
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
from typing import Annotated, Any, Literal, Sequence

from changekit.core import ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, leaders
from changekit.core.checks import MAX_DOLLARS, real, shown, whole
from changekit.core.errors import InvalidArgument
from changekit.core.words import winners_text
from changekit.core.options import Between, choices

COINS = 67
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


@lru_cache(maxsize=512)
def _steal_actions(targets: tuple[int, ...], coins: int) -> tuple[tuple[str, int, int, int], ...]:
    return tuple(("steal", v, k, d) for v in targets for k in range(coins + 1) for d in (0, 1))


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


class MoneybagsState(State):
    options: MoneybagsOptions

    def _setup(self) -> None:
        n = self.players
        self.points = [0] * n
        self.round = 1
        self.boss = 0
        self.round_results: list[dict[str, Any]] = []
        self._new_round()

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
        self.log.append(Event("round", {"round": self.round, "boss": self.boss}))
        if self.options.pour == "random":
            self._pour_at_random()

    def _pour_at_random(self) -> None:
        """Uniform over compositions: n-1 distinct cut points among the coins-1 gaps."""
        n, coins = self.players, self.options.coins
        cuts = sorted(self.rng.sample(range(1, coins), n - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, coins])]
        for i, c in enumerate(parts):
            self.bags[self._seat_at(i)] = c
        self.box = 0
        self.filled = n
        self.diamond = self.rng.randrange(n)
        self.log.append(Event("filled", {"boss": self.boss, "round": self.round}))
        self.phase = "turn"

    # ---- helpers -----------------------------------------------------------------------
    def order(self) -> list[Player]:
        """This round's seats in turn order, from the Boss's left round to the Boss."""
        n = self.players
        return [(self.boss + 1 + i) % n for i in range(n)]

    def _seat_at(self, slot: int) -> Player:
        return (self.boss + 1 + slot) % self.players

    def _height(self, bag: int) -> int:
        return height(self.bags[bag], self.diamond == bag, self.options.diamond_height)

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
        if self.phase == "turn":
            bags = [p for p in range(self.players) if not self.out[p]]
        else:  # challenge: the victim feels their own bag and the thief's
            assert self.pending is not None
            bags = sorted((self.pending["victim"], self.pending["thief"]))
        return [b for b in bags if b not in self.jiggled]

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        if self.phase == "fill":
            return (self.boss,)
        if self.phase == "turn":
            return (self._seat_at(self.slot),)
        if self.phase == "challenge":
            assert self.pending is not None
            return (self.pending["victim"],)
        return ()

    def _legal_actions(self, player: Player) -> list[Any]:
        me = player
        if self.phase == "fill":
            if self.filled < self.players:
                left = self.players - self.filled
                return [("fill", c) for c in range(1, self.box - (left - 1) + 1)]
            return [("diamond", b) for b in range(self.players)]
        jiggles = [("jiggle", b) for b in self._jiggle_choices(me)]
        if self.phase == "challenge":
            return ["accept", "challenge", *jiggles]
        return ["stand", "close", *jiggles, *_steal_actions(tuple(self._targets(me)), self.options.coins)]

    def _apply(self, player: Player, action: Any) -> None:
        if self.phase == "fill":
            self._apply_fill(player, action)
        elif self.phase == "turn":
            self._apply_turn(player, action)
        else:
            self._apply_challenge(player, action)

    def _apply_fill(self, player: Player, action: Any) -> None:
        n = self.players
        if self.filled < n:
            left = n - self.filled
            most = self.box - (left - 1)
            if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "fill" and type(action[1]) is int):
                raise IllegalAction("fill", f"the Boss pours coins into the next bag with ('fill', coins), not {action!r}")
            if not 1 <= action[1] <= most:
                raise IllegalAction(
                    "coin-per-bag",
                    f"every bag gets at least one coin: this one takes 1 to {most}, not {action[1]!r}")
            self._pour(player, self._seat_at(self.filled), action[1])
            if self.filled == n - 1:  # the last bag takes what is left
                self._pour(player, self._seat_at(self.filled), self.box)
            return
        if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "diamond"
                and type(action[1]) is int and 0 <= action[1] < n):
            raise IllegalAction("diamond", f"the Boss drops the diamond into one bag with ('diamond', 0..{n - 1}), not {action!r}")
        self.diamond = action[1]
        self.log.append(Event("diamond", {"bag": action[1]}, (player,)))
        self.log.append(Event("filled", {"boss": self.boss, "round": self.round}))
        self.phase = "turn"
        self.slot = 0
        self.jiggled = []

    def _pour(self, boss: Player, bag: int, coins: int) -> None:
        self.bags[bag] = coins
        self.box -= coins
        self.filled += 1
        self.log.append(Event("pour", {"bag": bag, "coins": coins}, (boss,)))

    def _check_jiggle(self, player: Player, action: Any) -> int | None:
        if isinstance(action, tuple) and len(action) == 2 and action[0] == "jiggle":
            bag = action[1]
            if not type(bag) is int or bag not in self._jiggle_choices(player):
                raise IllegalAction(
                    "jiggle",
                    f"you can jiggle each of {self._jiggle_choices(player)} once now, not {bag!r}")
            return bag
        return None

    def _do_jiggle(self, player: Player, bag: int) -> None:
        reading = jiggle(self.bags[bag], float(self.options.jiggle_noise), self.rng)
        self.jiggled.append(bag)
        self.log.append(Event("jiggle", {"player": player, "bag": bag, "reading": reading}, (player,)))

    def _apply_turn(self, player: Player, action: Any) -> None:
        bag = self._check_jiggle(player, action)
        if bag is not None:
            self._do_jiggle(player, bag)
            return
        if action == "stand" and type(action) is str:
            self.log.append(Event("stand", {"player": player}))
            self._next_turn()
            return
        if action == "close" and type(action) is str:
            self.closed[player] = True
            self.log.append(Event("close", {"player": player}))
            self._next_turn()
            return
        if not (isinstance(action, tuple) and len(action) == 4 and action[0] == "steal"):
            raise IllegalAction(
                "turn-action",
                f"on your turn: 'stand', 'close', ('jiggle', bag) or ('steal', victim, coins, diamond 0/1), not {action!r}")
        _, victim, asked, grab = action
        targets = self._targets(player)
        if not type(victim) is int or victim not in targets:
            raise IllegalAction("open-bag", f"you can rob an open bag of another player still in: {targets}, not {victim!r}")
        if not type(asked) is int or not 0 <= asked <= self.options.coins:
            raise IllegalAction("coins", f"take 0 to {self.options.coins} coins, not {asked!r}")
        if not type(grab) is int or grab not in (0, 1):
            raise IllegalAction("diamond-flag", f"diamond is 1 (feel for the diamond) or 0, not {grab!r}")
        got = min(asked, self.bags[victim])
        self.bags[victim] -= got
        self.bags[player] += got
        took_diamond = bool(grab) and self.diamond == victim
        if took_diamond:
            self.diamond = player
        self.log.append(Event("steal", {"thief": player, "victim": victim}))
        self.log.append(Event("loot", {
            "thief": player, "victim": victim, "asked": asked, "coins": got,
            "felt_for_diamond": bool(grab), "diamond": took_diamond,
        }, (player,)))
        self.phase = "challenge"
        self.pending = {"thief": player, "victim": victim}
        self.jiggled = []

    def _apply_challenge(self, player: Player, action: Any) -> None:
        assert self.pending is not None
        bag = self._check_jiggle(player, action)
        if bag is not None:
            self._do_jiggle(player, bag)
            return
        thief, victim = self.pending["thief"], self.pending["victim"]
        if action == "accept" and type(action) is str:
            self.log.append(Event("accept", {"victim": victim, "thief": thief}))
        elif action == "challenge" and type(action) is str:
            self._challenge(victim, thief)
        else:
            raise IllegalAction(
                "challenge-decision",
                f"you were robbed: say 'challenge', 'accept' or ('jiggle', bag), not {action!r}")
        self.pending = None
        self.phase = "turn"
        self._next_turn()

    def _challenge(self, victim: Player, thief: Player) -> None:
        dh = self.options.diamond_height
        v_coins, t_coins = self.bags[victim], self.bags[thief]
        v_dia, t_dia = self.diamond == victim, self.diamond == thief
        v_height, t_height = height(v_coins, v_dia, dh), height(t_coins, t_dia, dh)
        loser, winner = (victim, thief) if v_height >= t_height else (thief, victim)
        self.bags[winner] += self.bags[loser]
        self.bags[loser] = 0
        if self.diamond == loser:
            self.diamond = winner
        self.out[loser] = True
        self.log.append(Event("challenge", {
            "victim": victim, "thief": thief, "victim_coins": v_coins, "thief_coins": t_coins,
            "victim_diamond": v_dia, "thief_diamond": t_dia, "victim_height": v_height,
            "thief_height": t_height, "winner": winner, "loser": loser,
        }))

    def _next_turn(self) -> None:
        self.jiggled = []
        n = self.players
        self.slot += 1
        while self.slot < 2 * n:
            seat = self._seat_at(self.slot)
            if not self.out[seat] and not self.closed[seat]:
                return
            self.slot += 1
        self._end_round()

    def _end_round(self) -> None:
        n = self.players
        dh = self.options.diamond_height
        heights = [self._height(p) for p in range(n)]
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
        self.log.append(Event("round_end", result))
        if self.round < self.options.rounds:
            self.round += 1
            self.boss = (self.boss + 1) % n
            self._new_round()
        else:
            self.phase = "over"
            self.box = self.options.coins
            self.bags = [0] * n
            self.diamond = None
            self.log.append(Event("game_end", {"points": list(self.points), "winners": list(self.winners())}))

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points) if self.phase == "over" else ()

    # ---- what a player sees ------------------------------------------------------------
    def _view(self, player: Player | None) -> dict[str, Any]:
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
        return {
            "you": player,
            "phase": self.phase,
            "round": self.round,
            "rounds": self.options.rounds,
            "boss": self.boss,
            "order": self.order(),
            "turns_left": self._turns_left(),
            "coins": self.options.coins,
            "diamond_height": self.options.diamond_height,
            "jiggle_noise": self.options.jiggle_noise,
            "bags_poured": self.filled,
            "diamond_placed": self.diamond is not None or self.phase != "fill",
            "closed": list(self.closed),
            "out": list(self.out),
            "points": list(self.points),
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
            parts = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
            for p, c in zip(live, parts):
                twin.bags[p] = c
            if twin.diamond is not None:
                twin.diamond = rng.choice(live)
        twin.rng = GameRng(rng.randrange(2**32))
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        k = event.kind
        if k == "round":
            return f"Round {d['round']}. The Boss, {names[d['boss']]}, fills the bags."
        if k == "pour":
            return f"You poured {_coins(d['coins'])} into {_whose(names[d['bag']])} bag."
        if k == "diamond":
            return f"You dropped the diamond into {_whose(names[d['bag']])} bag."
        if k == "filled":
            return "The bags are filled. Nobody may look inside."
        if k == "jiggle":
            whose = "your own bag" if d["bag"] == d["player"] else f"{_whose(names[d['bag']])} bag"
            return f"You jiggled {whose}: it feels like about {_coins(d['reading'])}."
        if k == "steal":
            return f"{names[d['thief']]} reached into {_whose(names[d['victim']])} bag."
        if k == "loot":
            got = _coins(d["coins"]) + (" and the diamond" if d["diamond"] else "")
            felt = "" if not d["felt_for_diamond"] or d["diamond"] else " (no diamond there)"
            return f"You grabbed for {_coins(d['asked'])} and came away with {got}{felt}."
        if k == "stand":
            return f"{names[d['player']]} stood by."
        if k == "close":
            return f"{names[d['player']]} closed their bag for the round."
        if k == "accept":
            return f"{names[d['victim']]} let it go."
        if k == "challenge":
            def stack(who: str) -> str:
                dia = " + diamond" if d[f"{who}_diamond"] else ""
                return f"{_coins(d[who + '_coins'])}{dia} = {d[who + '_height']} tall"
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


def _whose(name: str) -> str:
    """The possessive of a seat name ("You" in the apps reads "your").

    >>> _whose("Ann"), _whose("You")
    ("Ann's", 'your')
    """
    return "your" if name == "You" else f"{name}'s"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


class Moneybags(Game):
    name = "moneybags"
    title = "Moneybags"
    teaser = "Rob your fellow pirates' loot bags, but nobody may look inside: challenge, and the taller stack is out."
    teaches = "Expected value under uncertainty and Bayesian updating from noisy evidence."
    min_players = 3
    max_players = 6
    Options = MoneybagsOptions
    State = MoneybagsState


MoneybagsState.game = Moneybags
GAME = Moneybags
