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
from typing import Annotated, Any, Iterable, Literal, NamedTuple, Sequence, TypedDict

from changekit.core import ChangekitError, Event, Game, GameRng, GameType, IllegalAction, Options, Player, State
from changekit.core.state import event_from
from changekit.core.checks import MAX_HAND, checked, is_bills, is_items, is_whole
from changekit.core.words import dollars, money, possessive, verb, winners_text
from changekit.core.options import Between

from .moves import MOVES, Bid, Claim

#: Every player and the Boneyard start with one bill of each of these.
START_BILLS: tuple[int, ...] = (10, 7, 5, 3, 1)
BUCKETS = 5
MAX_PLAYERS = 8
TARGET = 40
MAX_ROUNDS = 10_000
#: Bills a hand may hold for possible_bids (30 bills: up to 16,806 bids, about 0.1 s).
MAX_BID_HAND = 30
ClaimRule = Literal["largest", "choose"]

#: ``(seat,)`` for each seat: the audience of a private log line, made once.
_ALONE: tuple[tuple[Player], ...] = tuple((p,) for p in range(MAX_PLAYERS))
#: ``(0, 1, ..., n - 1)`` for each number of players ``n``: who bids when everyone has money.
_SEATS: tuple[tuple[Player, ...], ...] = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))
#: "Player p has bid" for each seat, made once: log lines are values, never changed once logged (clones
#: share them too), and one line fewer to build and for the garbage collector to track at every bid.
_READY: tuple[Event, ...] = tuple(event_from(("ready", {"player": p}, None)) for p in range(MAX_PLAYERS))
#: Each seat's private "I bid ..." lines, by bid, made on first use (see _READY); a seat's table is
#: emptied when it holds MAX_BID_LINES bids, which random play of the default game never reaches.
_BID_LINES: tuple[dict[Bid, Event], ...] = tuple({} for _ in range(MAX_PLAYERS))
MAX_BID_LINES = 4096


def _new_bid_line(player: Player, bid: Bid) -> Event:
    lines = _BID_LINES[player]
    if len(lines) >= MAX_BID_LINES:
        lines.clear()
    line = lines[bid] = event_from(("bid", {"player": player, "bid": list(bid), "total": sum(bid)}, _ALONE[player]))
    return line

# ---- the round, as a pure function ---------------------------------------------------------
class RoundResult(NamedTuple):
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
    counts: dict[int, int] = {}
    for t in totals:
        if t is not None:
            counts[t] = counts.get(t, 0) + 1
    unmatched = [p for p, t in enumerate(totals) if t is not None and counts[t] == 1]
    unmatched.sort(key=totals.__getitem__, reverse=True)  # type: ignore[arg-type]  # their totals are ints, all different
    cancelled = [p for p, t in enumerate(totals) if t is not None and counts[t] > 1]
    return unmatched, cancelled


def settle(buckets: Sequence[Sequence[int]], bids: Sequence[Sequence[int]],
           claims: dict[int, int] | None = None) -> RoundResult:
    """Settle a round. ``claims`` maps unmatched bidders to the bucket they chose (option
    ``claim="choose"``); those not in it take the richest bucket left, highest bid first."""
    contents = [tuple(sorted(b, reverse=True)) for b in buckets]
    written = [tuple(sorted(b, reverse=True)) for b in bids]
    rebuilt, net, took, cancelled, returned, piles, _, _ = _settle_written(
        contents, [sum(b) for b in contents], written, [sum(b) for b in written], claims)
    return RoundResult(tuple(rebuilt), tuple(net), tuple(took), tuple(cancelled), tuple(returned), tuple(piles))


Pile = tuple[int, tuple[int, ...], int]


def _settle_written(contents: Sequence[tuple[int, ...]], worth: Sequence[int], bids: Sequence[tuple[int, ...] | None],
                    amounts: Sequence[int | None], claims: dict[int, int] | None,
                    ) -> tuple[list[tuple[int, ...]], list[int], list[int | None], list[int], list[int], list[Pile],
                               list[int], list[int]]:
    """:func:`settle` on buckets and bids written highest bill first (as the engine keeps them),
    with the buckets' ``worth`` and the bids' ``amounts`` (0 or None: sits out) already summed;
    the :class:`RoundResult` fields come back as lists, then the rebuilt buckets' worth, and their
    worth before the cancelled piles went in (the same list when there were none)."""
    n = len(amounts)
    unmatched: list[int] = []
    cancelled: list[int] = []
    for p, t in enumerate(amounts):
        if t:
            (unmatched if amounts.count(t) == 1 else cancelled).append(p)
    # all different, so no ties to keep in order; the unmatched have totals (ints)
    unmatched.sort(key=amounts.__getitem__, reverse=True)  # type: ignore[arg-type]
    returned: list[int] = []
    net = [0] * n
    rebuilt = list(contents)
    rebuilt_worth = list(worth)
    took: list[int | None] = [None] * n
    taken: Iterable[tuple[int, int]]
    if claims:
        taken = []
        free = list(range(len(contents)))
        for p in unmatched:
            if not free:
                returned.append(p)
                continue
            choice = claims.get(p)
            if choice is None:
                choice = max(free, key=worth.__getitem__)  # richest; max keeps the first (leftmost) on ties
            elif choice not in free:
                raise ChangekitError(f"bucket {choice!r} is not free to claim (free: {free})")
            free.remove(choice)
            taken.append((p, choice))
    else:
        # the k-th highest bid takes the k-th richest bucket (the sort keeps the leftmost first on ties)
        ranking = sorted(range(len(contents)), key=worth.__getitem__, reverse=True)
        taken = zip(unmatched, ranking, strict=False)  # more bids than buckets: the rest go back
        returned = unmatched[len(ranking):]
    for p, i in taken:
        amount = amounts[p] or 0  # an unmatched bid has a total, and bills
        net[p] = worth[i] - amount
        rebuilt[i] = bids[p] or ()
        rebuilt_worth[i] = amount
        took[p] = i
    piles: list[Pile] = []
    refilled = rebuilt_worth
    if cancelled:
        refilled = list(rebuilt_worth)
        values: dict[int, list[int]] = {}  # cancelled bid total -> its bills
        for p in cancelled:
            amount = amounts[p] or 0  # a cancelled bid has a total, and bills
            net[p] = -amount
            values.setdefault(amount, []).extend(bids[p] or ())
        for value in sorted(values, reverse=True):
            bills = values[value]
            bills.sort(reverse=True)
            pile = tuple(bills)
            poorest = rebuilt_worth.index(min(rebuilt_worth))  # the leftmost of the poorest
            rebuilt[poorest] = tuple(sorted((*rebuilt[poorest], *pile), reverse=True))
            rebuilt_worth[poorest] += sum(pile)
            piles.append((value, pile, poorest))
    return rebuilt, net, took, cancelled, returned, piles, rebuilt_worth, refilled


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
    # the bills are a hand's, already whole numbers: the bids are built as tuples, not re-checked
    # one bill at a time (a playout meets a new hand every few rounds; this was a third of its time)
    runs = [[(v,) * k for k in range(n + 1)] for v, n in sorted(counts, reverse=True)]
    make = tuple.__new__
    bids = [make(Bid, sum(parts, ())) for parts in product(*runs)]
    bids.sort(key=lambda b: (sum(b), b))
    return tuple(bids[1:])  # the first is the empty bid (total 0, shortest)


class HandBids(NamedTuple):
    """The bids of one hand: ``bids`` in :func:`possible_bids` order, and ``lookup`` mapping each
    bid to its bills as a plain tuple (an O(1) legality check for the engine, which keeps the
    bills: a plain tuple takes CPython's fast paths for the sums and copies of the settlement)."""

    bids: tuple[Bid, ...]
    lookup: dict[Bid, tuple[int, ...]]


@lru_cache(maxsize=4096)
def _hand_bids(hand: tuple[int, ...]) -> HandBids:
    """The bids of ``hand`` as it is held (the engine keeps hands highest first, so the
    playout's hands hit this cache without counting bills)."""
    bids = _bids_of(tuple(sorted(Counter(hand).items())))
    return HandBids(bids, {b: tuple(b) for b in bids})


@checked(hand=is_bills(MAX_BID_HAND))
def possible_bids(hand: Sequence[int]) -> list[Bid]:
    """Every bid (bills from the highest down) a hand can make, by total, then bills.

    >>> possible_bids([3, 1, 1])
    [Bid(1), Bid(1, 1), Bid(3), Bid(3, 1), Bid(3, 1, 1)]
    >>> sorted({sum(b) for b in possible_bids(START_BILLS)}) == [1] + list(range(3, 24)) + [25, 26]
    True
    """
    return _possible_bids(hand)


def _possible_bids(hand: Sequence[int]) -> list[Bid]:
    """:func:`possible_bids` without the argument check, for the engine's own (valid) hands."""
    return list(_hand_bids(tuple(hand)).bids)


@checked(hand=is_bills(MAX_BID_HAND))
def bid_totals(hand: Sequence[int]) -> list[int]:
    """The totals a hand can bid.

    >>> bid_totals([10, 5])
    [5, 10, 15]
    """
    return sorted({sum(b) for b in possible_bids(hand)})


# ---- actions, by name -------------------------------------------------------------------
# A bid is the tuple of its bills, highest first; a claim (option claim="choose") is the index of
# the bucket taken. Saves store these, so the encodings stay; apps, bots and tests build them here.
@checked(bills=is_bills(MAX_BID_HAND))
def bid(*bills: int) -> Bid:
    """The bid of ``bills`` (in any order), written as the engine takes it: highest bill first.

    >>> bid(5, 10), bid(1)
    (Bid(10, 5), Bid(1))
    """
    if not bills:
        raise ChangekitError("a bid has at least one bill")
    return Bid(*sorted(bills, reverse=True))


@checked(bucket=is_whole(0, BUCKETS - 1))
def claim(bucket: int) -> int:
    """Take bucket ``bucket`` (0 for the first, as in the view's ``buckets``): an unmatched
    bidder's action when the option is ``claim="choose"``.

    >>> claim(2)
    Claim(2)
    """
    return _CLAIMS[bucket]


#: the one Claim of each bucket, shared by every list of legal moves
_CLAIMS = tuple(Claim(i) for i in range(BUCKETS))


def describe(action: Any, buckets: Sequence[Sequence[int]] | None = None) -> str:
    """An action in words: a bid with its bills and total, a claim with its bucket (and, given the
    ``buckets``, what it holds). Secret bids are the bidder's own business: show these words only
    to them.

    >>> describe(bid(10, 5)), describe(bid(7)), describe(claim(2)), describe(claim(0), [(10, 3), (7,)])
    ('Bid $10 + $5 ($15)', 'Bid $7', 'Take bucket 3', 'Take bucket 1 ($13)')
    """
    if isinstance(action, int) and not isinstance(action, bool):
        if buckets is not None and 0 <= action < len(buckets):
            return f"Take bucket {action + 1} ({money(sum(buckets[action]))})"
        return f"Take bucket {action + 1}"
    if isinstance(action, tuple) and action and all(isinstance(b, int) and not isinstance(b, bool) for b in action):
        bills = " + ".join(money(b) for b in action)
        return f"Bid {bills}" if len(action) == 1 else f"Bid {bills} ({money(sum(action))})"
    raise ChangekitError(f"a Boneyard action is a bid (a tuple of bills) or a bucket to claim, not {action!r}")


def _check_bid(hand: Sequence[int], bid: Any) -> None:
    """Refuse, with the rule it breaks, a bid ``hand`` cannot make (the engine's fast check
    sends here every bid that is not one of the hand's stored bids)."""
    if isinstance(bid, tuple):
        bid = tuple(bid)  # named as the player wrote it: (10, 5), not Bid(10, 5)
    if not isinstance(bid, tuple) or not bid:
        raise IllegalAction("bid-shape", f"a bid is a non-empty tuple of bills, highest first, not {bid!r}")
    if any(isinstance(b, bool) or not isinstance(b, int) for b in bid):
        raise IllegalAction("bid-shape", f"a bid is made of bills (whole dollars), not {bid!r}")
    if list(bid) != sorted(bid, reverse=True):
        raise IllegalAction("bid-order", f"write a bid from the highest bill down, not {bid!r}")
    left = list(hand)
    try:
        for b in bid:
            left.remove(b)
    except ValueError:
        raise IllegalAction(
            "own-bills",
            f"you can only bid bills you hold: {bid!r} is not in your hand {dollars(sorted(hand, reverse=True))}",
        ) from None


# ---- the game -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class BoneyardOptions(Options):
    players: int = 4
    claim: ClaimRule = "largest"
    max_rounds: Annotated[int, Between(1, MAX_ROUNDS)] = 100

    def max_steps(self) -> int:
        return self.max_rounds * (self.players + BUCKETS)


class BoneyardView(TypedDict):
    """What a player sees: everything but the bids of the round in progress (a player holds only
    what public reveals gave them, so every hand is public). The base adds ``to_act`` and ``log``.

    ``you``: the viewer's seat (None: a spectator); ``round``: the round number; ``phase``: "bid",
    "claim" (option claim="choose": unmatched bidders pick buckets) or "over"; ``claim``: the claim
    rule, "largest" or "choose" (a rule every player knows); ``buckets``: each bucket's bills,
    highest first; ``hands``: every player's bills, highest first; ``scores``: each player's money
    (``state.scores()``); ``active``: the players with money, who bid this round; ``has_bid``: who
    has bid this round; ``your_bid``: the viewer's own bid this round (None before it, and for a
    spectator); ``bids``: every bid, shown during the claim phase (None otherwise; None for a player
    who sat out); ``claim_queue``: the unmatched bidders still to pick, in order; ``claims``: the
    bucket each has picked (seat as text, as saved); ``winners``: the winners once the game is
    over (else empty).
    """

    you: Player | None
    round: int
    phase: str
    claim: ClaimRule
    buckets: list[list[int]]
    hands: list[list[int]]
    scores: list[int]
    active: list[Player]
    has_bid: list[bool]
    your_bid: list[int] | None
    bids: list[list[int] | None] | None
    claim_queue: list[Player]
    claims: dict[str, int]
    winners: list[Player]


class BoneyardState(State):
    options: BoneyardOptions

    def _setup(self) -> None:
        n = self.players
        self.hands: list[list[int]] = [list(START_BILLS) for _ in range(n)]
        layout: list[tuple[int, ...]] = [(b,) for b in START_BILLS]
        self.rng.shuffle(layout)
        self.buckets: list[tuple[int, ...]] = layout  # each bucket's bills, highest first
        self.round = 1
        self.bids: list[tuple[int, ...] | None] = [None] * n  # this round's bids: their bills
        self.phase = "bid"  # "bid", "claim" or "over"
        self.claim_queue: list[int] = []  # choose mode: unmatched bidders still to pick
        self.claims: dict[str, int] = {}  # choose mode: player (as text, for JSON) -> bucket
        self.result: list[int] = []  # the winners once the game is over
        self.log.append(event_from(("round", {"round": 1, "buckets": _sums(layout)}, None)))
        self._acting: tuple[Player, ...] = tuple(range(n))

    # ---- the protocol ------------------------------------------------------------------
    def active(self) -> list[Player]:
        """Players with money: they bid this round."""
        return [p for p in range(self.players) if self.hands[p]]

    def current_players(self) -> tuple[Player, ...]:
        # kept up to date by every change of turn (a playout asks several times a step): a bid
        # takes its bidder out, a claim passes to the next claimer, a new round seats the players
        # with money, the end nobody
        return self._acting

    def _legal_actions(self, player: Player) -> list[Any]:
        if self.phase == "claim":
            return self._free_buckets()
        return list(_hand_bids(tuple(self.hands[player])).bids)

    def _free_buckets(self) -> list[int]:
        used = set(self.claims.values())
        return [_CLAIMS[i] for i in range(len(self.buckets)) if i not in used]

    def is_terminal(self) -> bool:
        return not self._acting  # the base's test without a call (every step asks)

    def _apply(self, player: Player, action: Any) -> None:
        if self.phase == "claim":
            return self._apply_claim(player, action)
        # a bid: the common action, done here rather than one call further down (every step)
        hand = self.hands[player]
        # State.apply has made the action a Bid of whole bills (hashable; True or 1.0 do not get
        # this far) or a Claim, which no hand's bids hold
        stored = _hand_bids(tuple(hand)).lookup.get(action)
        if stored is None:
            _check_bid(hand, action)
            stored = tuple(action)  # not reached: a bid the hand can make is in its lookup
        self.bids[player] = stored
        log = self.log
        log.append(_BID_LINES[player].get(action) or _new_bid_line(player, action))
        log.append(_READY[player])
        acting = self._acting
        if acting[0] == player:  # bidders in seat order (as a playout goes): one slice
            self._acting = acting = acting[1:]
        else:
            i = acting.index(player)
            self._acting = acting = acting[:i] + acting[i + 1:]
        if not acting:
            self._reveal()

    def _apply_claim(self, player: Player, bucket: Any) -> None:
        free = self._free_buckets()
        if bucket not in free:
            raise IllegalAction("free-bucket", f"claim one of the buckets still free {free}, not {bucket!r}")
        self.claims[str(player)] = bucket
        self.claim_queue.pop(0)
        self.log.append(event_from(("choose", {"player": player, "bucket": bucket, "value": sum(self.buckets[bucket])},
                                None)))
        if self.claim_queue:
            self._acting = (self.claim_queue[0],)
        else:
            self._settle()

    def _reveal(self) -> None:
        bids = self.bids
        totals = [sum(b) if b else None for b in bids]
        self.log.append(event_from(("reveal", {"bids": [list(b) if b else None for b in bids], "totals": totals},
                                    None)))
        if self.options.claim == "choose":
            unmatched, _ = unmatched_order(totals)
            if unmatched:
                self.claim_queue = unmatched[: len(self.buckets)]
                self.phase = "claim"
                self._acting = (self.claim_queue[0],)
                return
        self._settle(totals)

    def _settle(self, totals: list[int | None] | None = None) -> None:
        """Settle the round; ``totals``: the bids' totals, when the caller has them."""
        bids = self.bids
        if totals is None:
            totals = [sum(b) if b else None for b in bids]
        buckets = self.buckets
        worth = _sums(buckets)
        claims = self.claims
        rebuilt, net, took, cancelled, returned, piles, rebuilt_worth, refilled = _settle_written(
            buckets, worth, bids, totals, {int(p): i for p, i in claims.items()} if claims else None)
        log = self.log.append
        hands = self.hands
        # move the money: bids leave the hands, claimed buckets come in, cancelled bids are lost,
        # returned bids stay
        for p, i in enumerate(took):
            if i is not None:
                hand = hands[p]
                for b in bids[p]:  # type: ignore[union-attr]  # a bidder who took a bucket bid
                    hand.remove(b)
                log(event_from(("claim", {"player": p, "total": totals[p], "bucket": i, "value": worth[i],
                                          "bills": list(buckets[i])}, None)))
                hand += buckets[i]
                hand.sort(reverse=True)
        if cancelled:
            for p in cancelled:
                hand = hands[p]
                for b in bids[p] or ():  # a cancelled bidder bid
                    hand.remove(b)  # what is left stays highest first
            for value, _, _ in piles:
                log(event_from(("cancel", {"players": [p for p in cancelled if totals[p] == value], "total": value},
                                None)))
        for p in returned:
            log(event_from(("return", {"player": p, "total": totals[p]}, None)))
        log(event_from(("refill", {"buckets": refilled}, None)))
        if piles:
            running = list(refilled)
            for value, bills, i in piles:
                running[i] += sum(bills)
                log(event_from(("pile", {"total": value, "bills": list(bills), "bucket": i, "value": running[i]},
                                None)))
        self.buckets = rebuilt
        money = [sum(h) for h in hands]
        log(event_from(("round_end", {"round": self.round, "net": net, "money": money, "buckets": rebuilt_worth},
                        None)))
        self.bids = [None] * len(bids)
        if claims:
            self.claims = {}
            self.claim_queue = []
        self.phase = "bid"
        self._check_end(money, rebuilt_worth)

    def _check_end(self, money: list[int], worth: list[int]) -> None:
        """End the game or start the next round; ``worth``: the buckets' sums."""
        top = max(money)
        reason = ""
        if top >= TARGET:
            leaders = [p for p, m in enumerate(money) if m == top]
            if len(leaders) == 1:
                reason = "target"
        if not reason:
            if self.round >= self.options.max_rounds:
                reason = "rounds"
            elif not top:
                reason = "broke"
        if reason:
            if top < TARGET:
                leaders = [p for p, m in enumerate(money) if m == top]
            self.phase = "over"
            self.result = leaders
            self._acting = ()
            self.log.append(event_from(("game_end", {"winners": leaders, "money": money, "reason": reason}, None)))
            return
        self._acting = tuple([p for p, m in enumerate(money) if m]) if 0 in money else _SEATS[len(money)]
        if top >= TARGET:
            self.log.append(event_from(("tie", {"players": leaders, "money": top}, None)))
        self.round += 1
        self.log.append(event_from(("round", {"round": self.round, "buckets": worth}, None)))

    def money(self) -> list[int]:
        return [sum(h) for h in self.hands]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.money())

    def winners(self) -> tuple[Player, ...]:
        return tuple(self.result) if self.phase == "over" else ()

    def _view(self, player: Player | None) -> BoneyardView:
        return {
            "you": player,
            "round": self.round,
            "phase": self.phase,
            "claim": self.options.claim,
            "buckets": [list(b) for b in self.buckets],
            "hands": [list(h) for h in self.hands],
            "scores": self.money(),
            "active": self.active(),
            "has_bid": [b is not None for b in self.bids],
            "your_bid": self._own_bid(player),
            "bids": ([list(b) if b else None for b in self.bids] if self.phase == "claim" else None),
            "claim_queue": list(self.claim_queue),
            "claims": dict(self.claims),
            "winners": list(self.winners()),
        }

    def _own_bid(self, player: Player | None) -> list[int] | None:
        bid = None if player is None else self.bids[player]
        return list(bid) if bid else None

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """:func:`describe`, with what the buckets hold while the unmatched bidders claim."""
        return describe(action, self.buckets if self.phase == "claim" else None)

    def inventory(self) -> Counter:
        return Counter([*(b for h in self.hands for b in h), *(b for k in self.buckets for b in k)])

    def determinize(self, player: Player, rng: GameRng) -> "BoneyardState":
        """Other players' bids, while still secret, are re-drawn from their possible bids."""
        twin = self.clone()
        if self.phase != "bid":
            return twin
        for p in range(self.players):
            if p != player and twin.bids[p] is not None:
                twin.bids[p] = tuple(rng.choice(_possible_bids(twin.hands[p])))
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
            return f"Round {d['round']}. Buckets: {dollars(d['buckets'])}."
        if k == "bid":
            who = names[d["player"]]
            return f"{who} {verb(who, 'bids', 'bid')} {dollars(d['bid'])} ({money(d['total'])}) in secret."
        if k == "ready":
            return f"{names[d['player']]} {verb(names[d['player']], 'has', 'have')} bid."
        if k == "reveal":
            shown = [f"{names[p]} {money(t)}" for p, t in enumerate(d["totals"]) if t is not None]
            return "Bids revealed: " + ", ".join(shown) + "."
        if k == "choose":
            who = names[d["player"]]
            return f"{who} {verb(who, 'chooses', 'choose')} bucket {d['bucket'] + 1} ({money(d['value'])})."
        if k == "claim":
            whose = possessive(names[d["player"]], capital=True)
            return (f"{whose} unmatched {money(d['total'])} takes bucket {d['bucket'] + 1} "
                    f"({money(d['value'])}): {money(d['value'] - d['total'], signed=True)}.")
        if k == "cancel":
            who = " and ".join(names[p] for p in d["players"])
            both = "both" if len(d["players"]) == 2 else "all"
            return f"{who} {both} bid {money(d['total'])}: the bids cancel and are lost."
        if k == "return":
            whose = possessive(names[d["player"]], capital=True)
            return f"{whose} unmatched {money(d['total'])} finds no bucket left and goes back."
        if k == "refill":
            return f"Winning bids drop into the buckets they took: {dollars(d['buckets'])}."
        if k == "pile":
            return (f"The cancelled {money(d['total'])} bids ({dollars(d['bills'])}) go into the poorest bucket, "
                    f"bucket {d['bucket'] + 1}, now {money(d['value'])}.")
        if k == "round_end":
            return f"End of round {d['round']}. Money: " + ", ".join(
                f"{names[p]} {money(m)}" for p, m in enumerate(d["money"])) + "."
        if k == "tie":
            return f"{' and '.join(names[p] for p in d['players'])} tie at {money(d['money'])}: play on."
        if k == "game_end":
            richest = money(d["money"][d["winners"][0]])
            if d["reason"] == "target":  # a tie at the top plays on, so one player reached it
                who = names[d["winners"][0]]
                return f"Game over: {who} {verb(who, 'reaches', 'reach')} {richest} and {verb(who, 'wins', 'win')}."
            why = "the round limit is reached" if d["reason"] == "rounds" else "nobody has money left"
            return f"Game over: {why}; {winners_text(d['winners'], names)} with {richest}."
        return f"{k}: {d}"


def _sums(buckets: Sequence[Sequence[int]]) -> list[int]:
    return [sum(b) for b in buckets]


class Boneyard(Game):
    name = "boneyard"
    title = "Boneyard"
    teaser = "Bid in secret for buckets of money, and pray nobody bids the same as you."
    teaches = "Mixed strategies and equilibrium in a simultaneous-move auction."
    min_players = 2
    max_players = MAX_PLAYERS
    #: bids are made at once and stay secret until all are in; the rest is public
    game_type = GameType(chance=True, simultaneous=True, perfect_information=False, hidden_lasts=False)
    Options = BoneyardOptions
    State = BoneyardState
    moves = MOVES


BoneyardState.game = Boneyard
GAME = Boneyard
