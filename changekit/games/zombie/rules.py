"""Make Your Own Change Night ("Zombie"): pay the Zombie cashier one bill, keep the extra change.

Rules in our words (the kit's decisions, docs/rules.md):

* The 50-bill Change! deck is shuffled; each of 2-6 players gets 6 bills (secret) and the
  Zombie gets 3 face up. The rest is the register.
* Turns go to the left, starting left of the dealer. On your turn you pay the Zombie one bill.
  Before your bill joins the Zombie's hand, the Zombie hands you change from its hand: the
  smallest total that is at least your bill (exact change when it can), in as few bills as
  possible. If its whole hand is worth less than your bill it first draws from the register,
  one bill at a time, until it is worth enough (an empty register is refilled by shuffling the
  discards).
* The change goes to the discard pile; you score one point per dollar it exceeds your bill.
* A round ends when everyone has paid all six bills; each player deals one round; the highest
  total wins and tied top scores share the win.

Option ``tiebreak`` picks between equally short answers of the same total (6 = 1+5 or 3+3):
``"high"`` (default) gives the higher bills, ``"low"`` the lower. Scores never depend on it.
"""
from __future__ import annotations

from bisect import insort
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Literal, Sequence, TypedDict

from changekit.core import (
    GameType,
    DENOMINATIONS, ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, change_deck, leaders,
)
from changekit.core.rng import deal_again, twin_rng
from changekit.core.checks import MAX_DOLLARS, checked, is_bills, is_one_of, is_whole
from changekit.core.words import dollars, money, winners_text
from changekit.core.options import choices

from .moves import MOVES, Pay

HAND_SIZE = 6
ZOMBIE_START = 3
Tiebreak = Literal["high", "low"]
TIEBREAKS: tuple[str, ...] = choices(Tiebreak)


@checked(hand=is_bills(), bill=is_whole(1, MAX_DOLLARS), tiebreak=is_one_of(*TIEBREAKS))
def make_change(hand: Iterable[int], bill: int, *, tiebreak: Tiebreak = "high") -> tuple[int, ...]:
    """The bills the Zombie hands back for ``bill`` out of ``hand``, from the highest down.

    Smallest total that is at least ``bill`` first (so exact change when possible), then the
    fewest bills, then ``tiebreak`` ("high": the higher bills).

    >>> make_change([1, 3, 7], 5)      # the sheet's example: no 5, no 6, so the 7
    (7,)
    >>> make_change([1, 3, 3, 5], 6)   # 1+5 and 3+3 are both two bills: give the higher
    (5, 1)
    >>> make_change([1, 3, 3, 5], 6, tiebreak="low")
    (3, 3)
    >>> make_change([1, 1], 5)
    Traceback (most recent call last):
    ...
    changekit.core.errors.ChangekitError: the Zombie's hand ($2) cannot cover a $5 bill: it must draw first
    """
    bills = tuple(sorted(hand))  # (@checked has made hand positive whole numbers, bill one, tiebreak a choice)
    if sum(bills) < bill:
        raise ChangekitError(
            f"the Zombie's hand ({money(sum(bills))}) cannot cover a {money(bill)} bill: it must draw first")
    return _change(bills, bill, tiebreak)


def clear_change_cache() -> None:
    """Forget the change already made (benchmarks time :func:`make_change` cold)."""
    _change.cache_clear()


@lru_cache(maxsize=65536)
def _change(sorted_hand: tuple[int, ...], bill: int, tiebreak: str) -> tuple[int, ...]:
    # A minimal-total answer loses its total's "at least bill" property when any bill x is
    # removed, so its total is below bill + x: totals past bill + max(hand) - 1 never matter.
    # Bounded knapsack over the denominations, highest first, so every answer stays sorted.
    cap = bill + sorted_hand[-1] - 1
    best: list[tuple[int, ...] | None] = [None] * (cap + 1)
    best[0] = ()
    for value, count in sorted(Counter(sorted_hand).items(), reverse=True):
        new = best[:]
        for total in range(cap + 1):
            base = best[total]
            if base is None:
                continue
            for k in range(1, count + 1):
                reach = total + k * value
                if reach > cap:
                    break
                candidate = base + (value,) * k
                if _better(candidate, new[reach], tiebreak):
                    new[reach] = candidate
        best = new
    for total in range(bill, cap + 1):
        if best[total] is not None:
            return best[total]  # type: ignore[return-value]
    raise AssertionError("unreachable: the hand covers the bill")


def _better(candidate: tuple[int, ...], incumbent: tuple[int, ...] | None, tiebreak: str) -> bool:
    if incumbent is None or len(candidate) != len(incumbent):
        return incumbent is None or len(candidate) < len(incumbent)
    return candidate > incumbent if tiebreak == "high" else candidate < incumbent


def serve(zombie: list[int], bill: int, draw: Callable[[], int] | None,
          tiebreak: str = "high") -> tuple[tuple[int, ...], list[int]]:
    """One payment at the register: the Zombie (a sorted list, changed in place) draws with
    ``draw()`` while it cannot cover ``bill``, hands back the change, then takes the bill.
    Returns (change, bills drawn).

    >>> zombie = [1, 3, 7]
    >>> serve(zombie, 5, None), zombie
    (((7,), []), [1, 3, 5])
    """
    drawn: list[int] = []
    while sum(zombie) < bill:
        if draw is None:
            raise ChangekitError(
                f"the Zombie's hand ({money(sum(zombie))}) cannot cover a {money(bill)} bill and may not draw")
        drawn.append(draw())
        insort(zombie, drawn[-1])
    change = _change(tuple(zombie), bill, tiebreak)
    for value in change:
        zombie.remove(value)
    insort(zombie, bill)  # the played bill joins only after the change is made
    return change, drawn


@checked(hand=is_bills(), bill=is_whole(1, MAX_DOLLARS))
def points_for(hand: Iterable[int], bill: int) -> int:
    """Points scored paying ``bill`` to a Zombie holding ``hand`` (which covers it)."""
    return sum(make_change(hand, bill)) - bill


def unchecked_points_for(sorted_hand: tuple[int, ...], bill: int) -> int:
    """:func:`points_for` without the checks, for exact analyses' inner loops (tens of thousands
    of calls a table): ``sorted_hand`` is a sorted tuple of bills that covers ``bill``. The
    tiebreak never changes the points, so the default one serves."""
    return sum(_change(sorted_hand, bill, "high")) - bill


#: the one Pay of each bill, shared by every list of legal moves (playouts list them at every turn)
_PAY = {bill: Pay(bill) for bill in DENOMINATIONS}
#: the legal Pays of a hand by the bills in it, lowest first (at most 2**5 sets of bills)
_PAYS_OF: dict[frozenset[int], tuple[Pay, ...]] = {}


def describe(bill: Any) -> str:
    """A payment in words (the app's button, a bot's reason).

    >>> describe(Pay(10))
    'Pay $10'
    """
    if isinstance(bill, bool) or not isinstance(bill, int) or bill not in DENOMINATIONS:
        raise ChangekitError(f"a Zombie action is a bill to pay, one of {DENOMINATIONS}, not {bill!r}")
    return f"Pay {money(bill)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ZombieOptions(Options):
    players: int = 4
    tiebreak: Tiebreak = "high"

    def max_steps(self) -> int:
        return HAND_SIZE * self.players * self.players


class ZombieView(TypedDict):
    """What one player (``you``; None: a spectator) sees; ``view`` adds ``to_act`` and ``log``.

    Option ``tiebreak`` is left out: it only picks between equal answers and no score depends on it.
    """

    you: int | None
    round: int  # the round being played (the last one once the game is over)
    rounds: int  # one per player: each deals once
    dealer: int
    turn: int | None  # whose turn it is (None: the game is over)
    hand: list[int] | None  # your bills, highest first (None for a spectator)
    hand_sizes: list[int]  # bills in each seat's hand
    zombie: list[int]  # the Zombie's bills, face up, highest first
    deck_size: int  # bills left in the register
    discards: list[int]  # the change handed back this round and not yet recycled, highest first
    scores: list[int]  # points per seat
    winners: list[int]  # [] until the end


class ZombieState(State):
    options: ZombieOptions

    def _setup(self) -> None:
        self.points = [0] * self.players
        self.dealer = 0
        self._deal()

    def _deal(self) -> None:
        n = self.players
        deck = change_deck()
        self.rng.shuffle(deck)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self.hands[seat] = deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]
        self.zombie = sorted(deck[n * HAND_SIZE:n * HAND_SIZE + ZOMBIE_START])
        self.register = deck[n * HAND_SIZE + ZOMBIE_START:]
        self.discards: list[int] = []
        self.turn: int | None = (self.dealer + 1) % n
        self.log.append(Event("round", {"round": self.dealer + 1, "dealer": self.dealer, "zombie": self.zombie[:]}))
        for seat in range(n):
            self.log.append(Event("deal", {"player": seat, "hand": sorted(self.hands[seat], reverse=True)}, (seat,)))

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        return () if self.turn is None else (self.turn,)

    def _legal_actions(self, player: Player) -> list[Any]:
        bills = frozenset(self.hands[player])
        moves = _PAYS_OF.get(bills)
        if moves is None:
            moves = _PAYS_OF[bills] = tuple(_PAY[bill] for bill in sorted(bills))
        return list(moves)

    def _apply(self, player: Player, move: Any) -> None:  # a Pay: State.apply has named it
        bill = int(move)  # the bill itself joins the Zombie's hand, not the move
        hand = self.hands[player]
        if bill not in hand:
            raise IllegalAction(
                "own-bill",
                f"you can only pay with a bill you hold: {bill!r} is not in your hand ({dollars(sorted(hand))})",
            )
        hand.remove(bill)
        before = self.zombie[:]
        change, drawn = serve(self.zombie, bill, self._draw, self.options.tiebreak)
        self.discards += change
        gained = sum(change) - bill
        self.points[player] += gained
        self.log.append(Event("pay", {
            "player": player, "bill": bill, "zombie": before, "drawn": drawn,
            "change": change, "points": gained,
        }))
        self._next_turn(player)

    def _draw(self) -> int:
        if not self.register:  # rule 4: an empty register is refilled from the discards
            self.register, self.discards = self.discards, []
            self.rng.shuffle(self.register)
            self.log.append(Event("recycle", {"bills": len(self.register)}))
        return self.register.pop()

    def _next_turn(self, player: Player) -> None:
        n = self.players
        nxt = (player + 1) % n
        if self.hands[nxt]:
            self.turn = nxt
            return
        # everyone holds as many bills, so the next seat's empty hand means the round is over
        self.log.append(Event("round_end", {"round": self.dealer + 1, "points": list(self.points)}))
        self.dealer += 1
        if self.dealer < n:
            self._deal()
        else:
            self.turn = None
            self.log.append(Event("game_end", {"points": list(self.points), "winners": list(self.winners())}))

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points) if self.turn is None else ()

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        return describe(action)

    def _view(self, player: Player | None) -> ZombieView:
        return {
            "you": player,
            "round": self.dealer + 1 if self.turn is not None else self.players,
            "rounds": self.players,
            "dealer": min(self.dealer, self.players - 1),
            "turn": self.turn,
            "hand": sorted(self.hands[player], reverse=True) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "zombie": sorted(self.zombie, reverse=True),
            "deck_size": len(self.register),
            "discards": sorted(self.discards, reverse=True),
            "scores": list(self.points),
            "winners": list(self.winners()),
        }

    def inventory(self) -> Counter:
        return Counter([*self.zombie, *self.register, *self.discards, *(b for h in self.hands for b in h)])

    def determinize(self, player: Player, rng: GameRng) -> "ZombieState":
        twin = self.clone()
        others = [p for p in range(self.players) if p != player]
        pool = [b for p in others for b in twin.hands[p]] + twin.register
        hands, twin.register = deal_again(pool, [len(twin.hands[p]) for p in others], rng)
        for p, hand in zip(others, hands, strict=True):
            twin.hands[p] = hand
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        if event.kind == "round":
            return f"Round {d['round']} (dealer: {names[d['dealer']]}). The Zombie shows {dollars(d['zombie'])}."
        if event.kind == "deal":
            return f"Dealt to {names[d['player']]}: {dollars(d['hand'])}."
        if event.kind == "recycle":
            return f"The register was empty: {d['bills']} discarded bills were shuffled into it."
        if event.kind == "pay":
            had = dollars(d["zombie"]) if d["zombie"] else "nothing"
            drew = f", drew {dollars(d['drawn'])} from the register," if d["drawn"] else ""
            sign = f"+{d['points']}" if d["points"] else "0"
            return (f"{names[d['player']]} paid {money(d['bill'])}; the Zombie had {had}{drew} "
                    f"and gave back {dollars(d['change'])}: {sign}")
        if event.kind == "round_end":
            return f"End of round {d['round']}. Scores: " + ", ".join(
                f"{names[p]} {s}" for p, s in enumerate(d["points"]))
        if event.kind == "game_end":
            return f"Game over: {winners_text(d['winners'], names)}."
        return f"{event.kind}: {d}"


class Zombie(Game):
    name = "zombie"
    title = "Make Your Own Change Night"
    teaser = "Pay a slow Zombie cashier and pocket the extra change he hands back."
    teaches = "Expected value and exact probability over a shuffled register."
    min_players = 2
    max_players = 6
    #: the register's shuffle deals the hands; each hand is its holder's
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = ZombieOptions
    State = ZombieState
    moves = MOVES


ZombieState.game = Zombie
GAME = Zombie
