"""Boneyard: a silent-bid auction for five buckets of money.

Rules in our words (the kit's decisions, docs/rules.md):

* Every player starts with five bills, $1, $3, $5, $7 and $10, and so does the Boneyard in the
  middle: five buckets holding one of those bills each.
* Each round everyone who still has money picks some of their bills (at least one) and hides
  them in a fist: that is their bid. All bids are shown at once. Only a bid's total counts.
* Bids with the same total cancel each other, however many there are: those bills are lost.
  The other bids are unmatched; the highest one takes the richest bucket, the next one the
  richest bucket left, and so on. An unmatched bid that finds no bucket left goes back to its
  owner. (Option ``claim="choose"``: instead of taking the richest bucket left, each unmatched
  bidder, highest bid first, picks a bucket.)
* The Boneyard is then rebuilt: every winning bid goes into the bucket it emptied; the
  cancelled bills are put in piles of equal bids and, from the pile of the largest single bid
  down, each pile goes into the bucket that is poorest at that moment (equal buckets: the
  leftmost).
* A player with no bills sits the round out. The first player to hold $40 or more wins; if
  several get there in the same round the richest wins, and a tie for richest plays on.

Two additions of ours, for a game played by programs: the five buckets are laid out on the
table in a random order (the rebuild's "leftmost" tie-break depends on it), and a game stops
after ``max_rounds`` rounds (default 100) or when nobody has money left; then the richest
players share the win.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Annotated, Any, Literal, Sequence

from changekit.core import ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State
from changekit.core.checks import MAX_HAND, checked, is_bills, is_items
from changekit.core.words import dollars, verb, winners_text
from changekit.core.options import Between

#: Every player and the Boneyard start with one bill of each of these.
START_BILLS: tuple[int, ...] = (10, 7, 5, 3, 1)
BUCKETS = 5
TARGET = 40
MAX_ROUNDS = 10_000
#: Bills a hand may hold for possible_bids (30 bills: up to 16,806 bids, about 0.1 s).
MAX_BID_HAND = 30
Claim = Literal["largest", "choose"]

Bid = tuple[int, ...]


# ---- the round, as a pure function ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundResult:
    """What one round of bidding did.

    ``buckets``: the rebuilt buckets (bills, highest first), in the order given;
    ``net``: each player's change in money; ``claims``: the bucket index each player took
    (``None``: took nothing); ``cancelled``: players whose bids cancelled; ``returned``: players
    whose unmatched bid found no bucket; ``piles``: the cancelled piles as
    ``(bid total, bills, bucket index)`` in the order they were placed.
    """

    buckets: tuple[tuple[int, ...], ...]
    net: tuple[int, ...]
    claims: tuple[int | None, ...]
    cancelled: tuple[int, ...]
    returned: tuple[int, ...]
    piles: tuple[tuple[int, tuple[int, ...], int], ...]


def unmatched_order(totals: Sequence[int | None]) -> tuple[list[int], list[int]]:
    """(unmatched bidders from the highest bid down, cancelled bidders) for bid ``totals``
    (``None``: sits out).

    >>> unmatched_order([10, 7, 7, 5, None, 1])
    ([0, 3, 5], [1, 2])
    """
    counts = Counter(t for t in totals if t is not None)
    unmatched = sorted((p for p, t in enumerate(totals) if t is not None and counts[t] == 1),
                       key=lambda p: -totals[p])  # type: ignore[operator]
    cancelled = [p for p, t in enumerate(totals) if t is not None and counts[t] > 1]
    return unmatched, cancelled


def settle(buckets: Sequence[Sequence[int]], bids: Sequence[Sequence[int]],
           claims: dict[int, int] | None = None) -> RoundResult:
    """Settle a round. ``claims`` maps unmatched bidders to the bucket they chose (option
    ``claim="choose"``); those not in it take the richest bucket left, highest bid first."""
    contents = [tuple(sorted(b, reverse=True)) for b in buckets]
    totals = [sum(b) if len(b) else None for b in bids]
    unmatched, cancelled = unmatched_order(totals)
    claims = dict(claims or {})
    free = list(range(len(contents)))
    taken: dict[int, int] = {}
    returned: list[int] = []
    for p in unmatched:
        if not free:
            returned.append(p)
            continue
        choice = claims.get(p)
        if choice is None:
            choice = max(free, key=lambda i: (sum(contents[i]), -i))  # richest, leftmost on ties
        elif choice not in free:
            raise ChangekitError(f"bucket {choice!r} is not free to claim (free: {free})")
        free.remove(choice)
        taken[p] = choice
    net = [0] * len(bids)
    rebuilt = list(contents)
    for p, i in taken.items():
        net[p] = sum(contents[i]) - totals[p]  # type: ignore[operator]
        rebuilt[i] = tuple(sorted(bids[p], reverse=True))
    for p in cancelled:
        net[p] = -totals[p]  # type: ignore[operator]
    piles: list[tuple[int, tuple[int, ...], int]] = []
    for value in sorted({totals[p] for p in cancelled}, reverse=True):  # type: ignore[type-var]
        bills = tuple(sorted((b for p in cancelled if totals[p] == value for b in bids[p]), reverse=True))
        poorest = min(range(len(rebuilt)), key=lambda i: (sum(rebuilt[i]), i))
        rebuilt[poorest] = tuple(sorted(rebuilt[poorest] + bills, reverse=True))
        piles.append((value, bills, poorest))  # type: ignore[arg-type]
    return RoundResult(
        buckets=tuple(rebuilt), net=tuple(net),
        claims=tuple(taken.get(p) for p in range(len(bids))),
        cancelled=tuple(cancelled), returned=tuple(returned), piles=tuple(piles),
    )


@checked(buckets=is_items(MAX_HAND, "buckets", each=is_bills()), bids=is_items(MAX_HAND, "bids", each=is_bills()))
def resolve_round(buckets: Sequence[Sequence[int]], bids: Sequence[Sequence[int]]) -> RoundResult:
    """One round with the default rule (each unmatched bid takes the richest bucket left).

    ``buckets``: the bills in each bucket; ``bids``: the bills each player bids (empty: sits
    out). The sheet's example: buckets worth 17, 13, 7, 4, 3 and bids 10, 7, 7, 5, 4, 3, 1, 1.

    >>> r = resolve_round([(10, 7), (10, 3), (7,), (3, 1), (3,)],
    ...                   [(10,), (7,), (7,), (5,), (3, 1), (3,), (1,), (1,)])
    >>> [sum(b) for b in r.buckets]
    [10, 5, 4, 17, 5]
    >>> r.net
    (7, -7, -7, 8, 3, 1, -1, -1)
    """
    if not buckets:
        raise ChangekitError("there must be at least one bucket")
    return settle(buckets, bids)


# ---- bids a hand can make ---------------------------------------------------------------
@lru_cache(maxsize=4096)
def _bids_of(counts: tuple[tuple[int, int], ...]) -> tuple[Bid, ...]:
    values = [v for v, _ in counts]
    out = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        bid = tuple(b for v, k in sorted(zip(values, takes), reverse=True) for b in [v] * k)
        if bid:
            out.append(bid)
    return tuple(sorted(out, key=lambda b: (sum(b), b)))


@checked(hand=is_bills(MAX_BID_HAND))
def possible_bids(hand: Sequence[int]) -> list[Bid]:
    """Every bid (bills from the highest down) a hand can make, by total, then bills.

    >>> possible_bids([3, 1, 1])
    [(1,), (1, 1), (3,), (3, 1), (3, 1, 1)]
    >>> sorted({sum(b) for b in possible_bids(START_BILLS)}) == [1] + list(range(3, 24)) + [25, 26]
    True
    """
    return _possible_bids(hand)


def _possible_bids(hand: Sequence[int]) -> list[Bid]:
    """:func:`possible_bids` without the argument check, for the engine's own (valid) hands."""
    return list(_bids_of(tuple(sorted(Counter(hand).items()))))


@checked(hand=is_bills(MAX_BID_HAND))
def bid_totals(hand: Sequence[int]) -> list[int]:
    """The totals a hand can bid.

    >>> bid_totals([10, 5])
    [5, 10, 15]
    """
    return sorted({sum(b) for b in possible_bids(hand)})


# ---- the game -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class BoneyardOptions(Options):
    players: int = 4
    claim: Claim = "largest"
    max_rounds: Annotated[int, Between(1, MAX_ROUNDS)] = 100

    def max_steps(self) -> int:
        return self.max_rounds * (self.players + BUCKETS)


class BoneyardState(State):
    options: BoneyardOptions

    def _setup(self) -> None:
        n = self.players
        self.hands: list[list[int]] = [list(START_BILLS) for _ in range(n)]
        layout = [[b] for b in START_BILLS]
        self.rng.shuffle(layout)
        self.buckets: list[list[int]] = layout
        self.round = 1
        self.bids: list[Bid | None] = [None] * n
        self.phase = "bid"  # "bid", "claim" or "over"
        self.claim_queue: list[int] = []  # choose mode: unmatched bidders still to pick
        self.claims: dict[str, int] = {}  # choose mode: player (as text, for JSON) -> bucket
        self.result: list[int] = []  # the winners once the game is over
        self.log.append(Event("round", {"round": 1, "buckets": _sums(self.buckets)}))

    # ---- the protocol ------------------------------------------------------------------
    def active(self) -> list[Player]:
        """Players with money: they bid this round."""
        return [p for p in range(self.players) if self.hands[p]]

    def current_players(self) -> tuple[Player, ...]:
        if self.phase == "bid":
            return tuple(p for p in range(self.players) if self.hands[p] and self.bids[p] is None)
        if self.phase == "claim":
            return (self.claim_queue[0],)
        return ()

    def _legal_actions(self, player: Player) -> list[Any]:
        if self.phase == "claim":
            return self._free_buckets()
        return _possible_bids(self.hands[player])

    def _free_buckets(self) -> list[int]:
        used = set(self.claims.values())
        return [i for i in range(len(self.buckets)) if i not in used]

    def _apply(self, player: Player, action: Any) -> None:
        if self.phase == "claim":
            self._apply_claim(player, action)
        else:
            self._apply_bid(player, action)

    def _apply_bid(self, player: Player, bid: Any) -> None:
        hand = self.hands[player]
        if not isinstance(bid, tuple) or not bid:
            raise IllegalAction("bid-shape", f"a bid is a non-empty tuple of bills, highest first, not {bid!r}")
        if any(type(b) is not int for b in bid):
            raise IllegalAction("bid-shape", f"a bid is made of bills (whole dollars), not {bid!r}")
        if list(bid) != sorted(bid, reverse=True):
            raise IllegalAction("bid-order", f"write a bid from the highest bill down, not {bid!r}")
        left = hand[:]
        try:
            for b in bid:
                left.remove(b)
        except ValueError:
            raise IllegalAction(
                "own-bills",
                f"you can only bid bills you hold: {bid!r} is not in your hand {dollars(sorted(hand, reverse=True))}",
            ) from None
        self.bids[player] = bid
        self.log.append(Event("bid", {"player": player, "bid": list(bid), "total": sum(bid)}, (player,)))
        self.log.append(Event("ready", {"player": player}))
        if not self.current_players():
            self._reveal()

    def _apply_claim(self, player: Player, bucket: Any) -> None:
        free = self._free_buckets()
        if type(bucket) is not int or bucket not in free:
            raise IllegalAction("free-bucket", f"claim one of the buckets still free {free}, not {bucket!r}")
        self.claims[str(player)] = bucket
        self.claim_queue.pop(0)
        self.log.append(Event("choose", {"player": player, "bucket": bucket, "value": sum(self.buckets[bucket])}))
        if not self.claim_queue:
            self._settle()

    def _reveal(self) -> None:
        totals = [sum(b) if b else None for b in self.bids]
        self.log.append(Event("reveal", {"bids": [list(b) if b else None for b in self.bids], "totals": totals}))
        unmatched, _ = unmatched_order(totals)
        if self.options.claim == "choose" and unmatched:
            self.claim_queue = unmatched[: len(self.buckets)]
            self.phase = "claim"
            return
        self._settle()

    def _settle(self) -> None:
        bids = [b or () for b in self.bids]
        before = _sums(self.buckets)
        result = settle(self.buckets, bids, {int(p): i for p, i in self.claims.items()})
        totals = [sum(b) if b else None for b in self.bids]
        for p, i in enumerate(result.claims):
            if i is not None:
                self.log.append(Event("claim", {"player": p, "total": totals[p], "bucket": i, "value": before[i],
                                                "bills": list(self.buckets[i])}))
        for value in sorted({totals[p] for p in result.cancelled}, reverse=True):  # type: ignore[type-var]
            self.log.append(Event("cancel", {"players": [p for p in result.cancelled if totals[p] == value],
                                             "total": value}))
        for p in result.returned:
            self.log.append(Event("return", {"player": p, "total": totals[p]}))
        # move the money: bids leave the hands, claimed buckets and returned bids come in
        for p, bid in enumerate(bids):
            if p in result.returned:
                continue
            for b in bid:
                self.hands[p].remove(b)
            if result.claims[p] is not None:
                self.hands[p] += list(self.buckets[result.claims[p]])
            self.hands[p].sort(reverse=True)
        refilled = [list(b) for b in self.buckets]
        for p, i in enumerate(result.claims):
            if i is not None:
                refilled[i] = list(bids[p])
        self.log.append(Event("refill", {"buckets": _sums(refilled)}))
        for value, bills, i in result.piles:
            self.log.append(Event("pile", {"total": value, "bills": list(bills), "bucket": i,
                                           "value": sum(refilled[i]) + sum(bills)}))
            refilled[i] = refilled[i] + list(bills)
        self.buckets = [list(b) for b in result.buckets]
        money = self.money()
        self.log.append(Event("round_end", {"round": self.round, "net": list(result.net), "money": money,
                                            "buckets": _sums(self.buckets)}))
        self.bids = [None] * self.players
        self.claims = {}
        self.claim_queue = []
        self.phase = "bid"
        self._check_end(money)

    def _check_end(self, money: list[int]) -> None:
        top = max(money)
        leaders = [p for p, m in enumerate(money) if m == top]
        reason = ""
        if top >= TARGET and len(leaders) == 1:
            reason = "target"
        elif self.round >= self.options.max_rounds:
            reason = "rounds"
        elif not self.active():
            reason = "broke"
        if reason:
            self.phase = "over"
            self.result = leaders
            self.log.append(Event("game_end", {"winners": leaders, "money": money, "reason": reason}))
            return
        if top >= TARGET:
            self.log.append(Event("tie", {"players": leaders, "money": top}))
        self.round += 1
        self.log.append(Event("round", {"round": self.round, "buckets": _sums(self.buckets)}))

    def money(self) -> list[int]:
        return [sum(h) for h in self.hands]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.money())

    def winners(self) -> tuple[Player, ...]:
        return tuple(self.result) if self.phase == "over" else ()

    def _view(self, player: Player | None) -> dict[str, Any]:
        return {
            "you": player,
            "round": self.round,
            "phase": self.phase,
            "claim": self.options.claim,
            "buckets": [list(b) for b in self.buckets],
            "hands": [list(h) for h in self.hands],  # everything a player holds came from public reveals
            "money": self.money(),
            "active": self.active(),
            "has_bid": [b is not None for b in self.bids],
            "your_bid": (list(self.bids[player]) if player is not None and self.bids[player] else None),
            "bids": ([list(b) if b else None for b in self.bids] if self.phase == "claim" else None),
            "claim_queue": list(self.claim_queue),
            "claims": dict(self.claims),
        }

    def inventory(self) -> Counter:
        return Counter([*(b for h in self.hands for b in h), *(b for k in self.buckets for b in k)])

    def determinize(self, player: Player, rng: GameRng) -> "BoneyardState":
        """Other players' bids, while still secret, are re-drawn from their possible bids."""
        twin = self.clone()
        if self.phase != "bid":
            return twin
        for p in range(self.players):
            if p != player and twin.bids[p] is not None:
                twin.bids[p] = rng.choice(_possible_bids(twin.hands[p]))
        # the private log lines of this round's bids follow the re-drawn bids
        last_round = max(i for i, e in enumerate(twin.log) if e.kind == "round")
        for i in range(last_round, len(twin.log)):
            e = twin.log[i]
            if e.kind == "bid" and e.data["player"] != player:
                bid = twin.bids[e.data["player"]]
                twin.log[i] = Event("bid", {"player": e.data["player"], "bid": list(bid), "total": sum(bid)}, e.to)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        k = event.kind
        if k == "round":
            return f"Round {d['round']}. Buckets: {', '.join(f'${v}' for v in d['buckets'])}."
        if k == "bid":
            return f"{names[d['player']]} bids {dollars(d['bid'])} (${d['total']}) in secret."
        if k == "ready":
            return f"{names[d['player']]} has bid."
        if k == "reveal":
            shown = [f"{names[p]} ${t}" for p, t in enumerate(d["totals"]) if t is not None]
            return "Bids revealed: " + ", ".join(shown) + "."
        if k == "choose":
            return f"{names[d['player']]} chooses bucket {d['bucket'] + 1} (${d['value']})."
        if k == "claim":
            return (f"{names[d['player']]}'s unmatched ${d['total']} takes bucket {d['bucket'] + 1} "
                    f"(${d['value']}): {'+' if d['value'] >= d['total'] else ''}{d['value'] - d['total']}.")
        if k == "cancel":
            who = " and ".join(names[p] for p in d["players"])
            both = "both" if len(d["players"]) == 2 else "all"
            return f"{who} {both} bid ${d['total']}: the bids cancel and are lost."
        if k == "return":
            return f"{names[d['player']]}'s unmatched ${d['total']} finds no bucket left and goes back."
        if k == "refill":
            return f"Winning bids drop into the buckets they took: {', '.join(f'${v}' for v in d['buckets'])}."
        if k == "pile":
            return (f"The cancelled ${d['total']} bids ({dollars(d['bills'])}) go into the poorest bucket, "
                    f"bucket {d['bucket'] + 1}, now ${d['value']}.")
        if k == "round_end":
            return f"End of round {d['round']}. Money: " + ", ".join(
                f"{names[p]} ${m}" for p, m in enumerate(d["money"])) + "."
        if k == "tie":
            return f"{' and '.join(names[p] for p in d['players'])} tie at ${d['money']}: play on."
        if k == "game_end":
            richest = d["money"][d["winners"][0]]
            if d["reason"] == "target":  # a tie at the top plays on, so one player reached it
                who = names[d["winners"][0]]
                return f"Game over: {who} {verb(who, 'reaches', 'reach')} ${richest} and {verb(who, 'wins', 'win')}."
            why = "the round limit is reached" if d["reason"] == "rounds" else "nobody has money left"
            return f"Game over: {why}; {winners_text(d['winners'], names)} with ${richest}."
        return f"{k}: {d}"


def _sums(buckets: Sequence[Sequence[int]]) -> list[int]:
    return [sum(b) for b in buckets]


class Boneyard(Game):
    name = "boneyard"
    title = "Boneyard"
    teaser = "Bid in secret for buckets of money, and pray nobody bids the same as you."
    teaches = "Mixed strategies and equilibrium in a simultaneous-move auction."
    min_players = 2
    max_players = 8
    Options = BoneyardOptions
    State = BoneyardState


BoneyardState.game = Boneyard
GAME = Boneyard
