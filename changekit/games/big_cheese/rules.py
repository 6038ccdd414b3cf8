"""The Big Cheese: bid your workers on projects; when the last worker walks off, roll for points.

Rules in our words (the kit's decisions, docs/rules.md):

* 3-6 players, 10 workers each. The 36-card deck (four each of 2, 4, 6, 8, 10, 12 and 20, four
  Vetoes and four Big Cheeses; option ``specials=False`` leaves the last eight out) lies face
  up: everyone sees the card on top, nobody sees below it. An empty deck is refilled by
  shuffling the discards.
* The leader (chosen at random for the first card, afterwards whoever took the last project)
  opens the bidding on the top card; then each player in turn bids more workers than the
  current bid, out of their free workers, or passes for good. When everyone else has passed,
  the highest bidder puts that many workers on the card: it becomes their project. At the
  same moment every *other* project on the table (the winner's older ones too) sends one
  worker home. A project whose last worker leaves matures.
* A matured number card pays a die roll, option ``dice``: ``"d6"`` pays a d6 times the card
  (play to 200), ``"polyhedral"`` rolls the die of the card's size (the 2 pays 1 or 2, play
  to 40). Option ``exactly_30`` (polyhedral only): a roll that would take you past 30 is
  ignored, and the first to reach exactly 30 wins.
* A matured Veto or Big Cheese goes to its owner's hand (hands are public: everyone saw it
  mature). Veto: on your bidding turn, if you have not passed (even with no free workers),
  instead of bidding: the card on offer and your Veto are discarded, no worker moves, nothing
  matures, and the same leader opens the bidding on the next card. Big Cheese: right after
  the dice of your own matured projects are rolled (one that matured this very moment counts),
  discard it to roll one of those dice again; the new roll stands (each die once).
* Nobody bids: the card is discarded, nothing matures, the leader stays.
* The game ends after a placement when someone has reached the target; if several did, the
  higher score wins (equal scores share the win).

Decisions where the sheet is silent (see the notebook too):

* A player who cannot outbid (free workers not above the current bid) and holds no Veto passes
  automatically; it is logged.
* Big Cheese decisions are taken one player at a time, from the player who took the project
  round the table; each Big Cheese re-rolls one die, and a re-rolled die cannot be re-rolled.
* Points are added once the re-roll decisions are over (in the ``exactly_30`` variant, rolls
  apply oldest project first, each ignored if it would pass 30).
* Option ``turn_limit`` (default 1000 cards turned up, far beyond any real game): a safety cap
  so that every game ends (the sheet allows an endless game where everyone always passes);
  reaching it ends the game and the highest score wins.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal, Sequence, TypedDict

from changekit.core import (
    ChangekitError, Event, Game, GameRng, GameType, IllegalAction, Options, Player, State, leaders,
)
from changekit.core.rng import twin_rng
from changekit.core.checks import MAX_DOLLARS, shown
from changekit.core.errors import InvalidArgument
from changekit.core.options import Between, choices
from changekit.core.words import verb, winners_text

from .moves import MOVES, Bid, Keep, Pass, Reroll, Veto

MAX_TURNS = 100_000

WORKERS = 10
NUMBER_CARDS: tuple[int, ...] = (2, 4, 6, 8, 10, 12, 20)
VETO = "veto"
CHEESE = "cheese"
SPECIALS: tuple[str, ...] = (VETO, CHEESE)
COPIES = 4
TARGETS = {"d6": 200, "polyhedral": 40}
EXACT_TARGET = 30
Dice = Literal["d6", "polyhedral"]
DICE: tuple[str, ...] = choices(Dice)
Card = int | str

# ---- moves (moves.py): Bid(workers), Pass() or Veto() while bidding; Keep() or Reroll(die) after the dice
#: the moves legal actions are made of, one of each (a playout lists them at every step)
_PASS, _VETO, _KEEP = Pass(), Veto(), Keep()
_BIDS: tuple[Bid, ...] = tuple(Bid(k) for k in range(WORKERS + 1))
_REROLLS: list[Reroll] = []


def _reroll(die: int) -> Reroll:
    while len(_REROLLS) <= die:
        _REROLLS.append(Reroll(len(_REROLLS)))
    return _REROLLS[die]


def full_deck(*, specials: bool = True) -> list[Card]:
    """The cards in a fixed order (36, or 28 without the specials).

    >>> len(full_deck()), len(full_deck(specials=False)), full_deck()[:5]
    (36, 28, [2, 2, 2, 2, 4])
    """
    cards: list[Card] = [v for v in NUMBER_CARDS for _ in range(COPIES)]
    if specials:
        cards += [s for s in SPECIALS for _ in range(COPIES)]
    return cards


def die_faces(card: Card, dice: str) -> tuple[int, ...]:
    """The equally likely payouts of a matured number card (one die roll each).

    >>> die_faces(4, "d6"), die_faces(4, "polyhedral"), die_faces(2, "polyhedral")
    ((4, 8, 12, 16, 20, 24), (1, 2, 3, 4), (1, 2))
    """
    if type(card) is not int or card not in NUMBER_CARDS:
        raise ChangekitError(f"only number cards {NUMBER_CARDS} pay out, not {card!r}")
    if dice == "d6":
        return tuple(card * face for face in range(1, 7))
    if dice == "polyhedral":
        return tuple(range(1, card + 1))  # the 2 is even/odd: 1 or 2
    raise ChangekitError(f"dice is one of {DICE}, not {dice!r}")


def payout_distribution(card: Card, dice: str = "d6") -> dict[int, Fraction]:
    """Each possible payout of a matured number ``card`` with its exact probability.

    >>> payout_distribution(4, "d6")[8]
    Fraction(1, 6)
    >>> payout_distribution(20, "polyhedral")[20]
    Fraction(1, 20)
    >>> payout_distribution("veto", "d6")
    Traceback (most recent call last):
    ...
    changekit.core.errors.ChangekitError: only number cards (2, 4, 6, 8, 10, 12, 20) pay out, not 'veto'
    """
    faces = die_faces(card, dice)
    return {f: Fraction(1, len(faces)) for f in faces}


_SPECIAL_NAMES: dict[Card, str] = {VETO: "Veto", CHEESE: "Big Cheese"}


def card_name(card: Card) -> str:
    """A card in words: "Veto", "Big Cheese" or its number.

    >>> card_name(12), card_name(VETO)
    ('12', 'Veto')
    """
    return _SPECIAL_NAMES.get(card, str(card))


@dataclass(frozen=True, slots=True, kw_only=True)
class BigCheeseOptions(Options):
    players: int = 4
    dice: Dice = "d6"
    specials: bool = True
    exactly_30: bool = False
    target: Annotated[int, Between(1, MAX_DOLLARS)] | None = None
    turn_limit: Annotated[int, Between(1, MAX_TURNS)] = 1000

    def check(self) -> None:
        if self.exactly_30 and self.dice != "polyhedral":
            raise ChangekitError(f"exactly_30 is a polyhedral variant, not for dice={self.dice!r}")

    def max_steps(self) -> int:
        # per card: at most one pass per player, 10 raises (bids only go up, to 10 at most) and
        # one Veto; then at most 4 re-rolls and one "keep" per player.
        return self.turn_limit * (2 * self.players + 15)

    @property
    def goal(self) -> int:
        """The target score in force (30 exactly in the variant)."""
        if self.exactly_30:
            return EXACT_TARGET if self.target is None else self.target
        return TARGETS[self.dice] if self.target is None else self.target


_ACTION_WORDS = {Pass: "Pass", Veto: "Play Veto", Keep: "Keep the rolls"}


class BigCheeseView(TypedDict):
    """What one player sees (``you``; None: a spectator); ``view`` adds ``to_act`` and ``log``.
    The whole table is public; only the order of the deck is hidden. Options ``specials`` (the
    Vetoes and Big Cheeses show up as they are turned) and ``turn_limit`` (a safety cap no real
    game reaches) are left out."""

    you: int | None
    turn: int | None  # the player to act (None between decisions and at the end)
    phase: str  # "bid", "reroll" (Big Cheese decisions) or "over"
    offer: Card | None  # the card up for bidding
    bid: int  # the current high bid (0: none yet)
    high: int | None  # the high bidder
    passed: list[bool]  # who has passed on this card
    leader: int  # who opened the bidding on this card
    projects: list[list[Any]]  # [owner, card, workers on it], oldest first
    free: list[int]  # free workers per seat
    hands: list[list[str]]  # each seat's Vetoes and Big Cheeses (public: everyone saw them mature)
    scores: list[int]  # points per seat
    goal: int  # the target score in force
    dice: str  # the payout scheme, "d6" or "polyhedral"
    exactly_30: bool  # the variant where rolls past 30 are ignored
    rolls: list[list[Any]]  # [owner, card, value, re-rolled] for the dice of this placement
    deck_size: int  # cards left to turn up
    discards: list[Card]  # discarded cards, numbers first
    cards_turned: int  # cards turned up so far
    winners: list[int]  # [] until the end


class BigCheeseState(State):
    options: BigCheeseOptions

    # Position (plain data):
    #   deck (top = last), offer (card on the table for bidding, or None), discards,
    #   projects: [[owner, card, workers], ...] oldest first, free[p], hands[p] (sorted list),
    #   points[p], leader, phase "bid" | "reroll" | "over", bid, high, passed (list of bools),
    #   turn (the player to act), rolls: [[owner, card, value, rerolled], ...] this placement,
    #   cards_turned, finished.
    def _setup(self) -> None:
        n = self.players
        self.deck: list[Card] = full_deck(specials=self.options.specials)
        self.rng.shuffle(self.deck)
        self.discards: list[Card] = []
        self.projects: list[list[Any]] = []
        self.free = [WORKERS] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.points = [0] * n
        self.leader = self.rng.randrange(n)
        self.phase = "bid"
        self.offer: Card | None = None
        self.bid = 0
        self.high: int | None = None
        self.passed = [False] * n
        self.turn: int | None = None
        self.rolls: list[list[Any]] = []
        self.cheese_queue: list[int] = []
        self.cards_turned = 0
        self.log.append(Event("start", {"leader": self.leader, "goal": self.options.goal}))
        self._next_card()

    # ---- flow ----------------------------------------------------------------------------
    def _next_card(self) -> None:
        if self.cards_turned >= self.options.turn_limit:
            self._end("turn_limit")
            return
        if not self.deck:
            self.deck, self.discards = self.discards, []
            self.rng.shuffle(self.deck)
            self.log.append(Event("reshuffle", {"cards": len(self.deck)}))
        self.offer = self.deck.pop()
        self.cards_turned += 1
        self.phase = "bid"
        self.bid = 0
        self.high = None
        self.passed = [False] * self.players
        self.log.append(Event("offer", {"card": self.offer, "leader": self.leader}))
        self._seek_bidder(self.leader, include_self=True)

    def _can_act(self, p: int) -> bool:
        return self.free[p] > self.bid or VETO in self.hands[p]

    def _seek_bidder(self, after: int, *, include_self: bool = False) -> None:
        """Give the turn to the next player (clockwise) still in the bidding, auto-passing
        those who can do nothing; award or discard the card when the bidding is over."""
        n = self.players
        start = 0 if include_self else 1
        for step in range(start, start + n):
            p = (after + step) % n
            if self.passed[p] or p == self.high:
                continue
            if not self._can_act(p):
                self.passed[p] = True
                self.log.append(Event("cannot_bid", {"player": p, "bid": self.bid, "free": self.free[p]}))
                continue
            self.turn = p
            return
        # nobody left to outbid the high bidder
        self.turn = None
        if self.high is None:
            assert self.offer is not None  # bidding is always on a card
            self.discards.append(self.offer)
            self.log.append(Event("no_bids", {"card": self.offer}))
            self.offer = None
            self._next_card()
        else:
            self._award()

    def _award(self) -> None:
        winner, bid, card = self.high, self.bid, self.offer
        assert winner is not None and card is not None
        self.offer = None
        self.leader = winner
        self.log.append(Event("take", {"player": winner, "card": card, "bid": bid}))
        matured: list[list[Any]] = []
        staying: list[list[Any]] = []
        for project in self.projects:
            project[2] -= 1
            self.free[project[0]] += 1
            (matured if project[2] == 0 else staying).append(project)
        self.free[winner] -= bid
        staying.append([winner, card, bid])
        self.projects = staying
        if self.projects[:-1] or matured:
            self.log.append(Event("walk_off", {"returned": _returns(matured + staying[:-1], self.players)}))
        self.rolls = []
        for owner, mcard, _ in matured:
            if type(mcard) is int:
                value = self._roll(mcard)
                self.rolls.append([owner, mcard, value, False])
                self.log.append(Event("roll", {"player": owner, "card": mcard, "value": value}))
            else:
                self.hands[owner].append(mcard)
                self.hands[owner].sort()
                self.log.append(Event("to_hand", {"player": owner, "card": mcard}))
        n = self.players
        order = [(winner + i) % n for i in range(n)]
        self.cheese_queue = [p for p in order if self._may_reroll(p)]
        self._next_cheese()

    def _roll(self, card: int) -> int:
        faces = die_faces(card, self.options.dice)
        return faces[self.rng.randrange(len(faces))]

    def _may_reroll(self, p: int) -> bool:
        return CHEESE in self.hands[p] and any(r[0] == p and not r[3] for r in self.rolls)

    def _next_cheese(self) -> None:
        while self.cheese_queue and not self._may_reroll(self.cheese_queue[0]):
            self.cheese_queue.pop(0)
        if self.cheese_queue:
            self.phase = "reroll"
            self.turn = self.cheese_queue[0]
            return
        self._settle()

    def _settle(self) -> None:
        goal = self.options.goal
        for owner, card, value, _ in self.rolls:
            if self.options.exactly_30 and self.points[owner] + value > goal:
                self.log.append(Event("overshoot", {"player": owner, "card": card, "value": value,
                                                    "points": self.points[owner]}))
                continue
            self.points[owner] += value
            self.log.append(Event("score", {"player": owner, "card": card, "value": value,
                                            "points": self.points[owner]}))
        self.discards += [r[1] for r in self.rolls]
        self.rolls = []
        if max(self.points) >= goal:
            self._end("target")
        else:
            self._next_card()

    def _end(self, why: str) -> None:
        self.phase = "over"
        self.turn = None
        self.log.append(Event("game_end", {"why": why, "points": list(self.points), "winners": list(self.winners())}))

    # ---- the protocol --------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        return () if self.turn is None else (self.turn,)

    def _legal_actions(self, player: Player) -> list[Any]:
        if self.phase == "reroll":
            return [_KEEP] + [_reroll(i) for i, r in enumerate(self.rolls) if r[0] == player and not r[3]]
        actions: list[Any] = [_PASS, *_BIDS[self.bid + 1:self.free[player] + 1]]
        if VETO in self.hands[player]:
            actions.append(_VETO)
        return actions

    def _apply(self, player: Player, action: Any) -> None:
        if self.phase == "reroll":
            self._apply_reroll(player, action)
        else:
            self._apply_bid(player, action)

    def _apply_bid(self, player: Player, action: Any) -> None:
        kind = type(action)
        if kind is Bid:
            if action <= self.bid:
                raise IllegalAction("bid-higher", f"a bid must beat the current bid of {self.bid}: {action!r} does not")
            if action > self.free[player]:
                raise IllegalAction("free-workers",
                                    f"you have {self.free[player]} free workers: you cannot bid {action!r}")
            self.bid, self.high = int(action), player
            self.log.append(Event("bid", {"player": player, "bid": int(action), "card": self.offer}))
            self._seek_bidder(player)
            return
        if kind is Pass:
            self.passed[player] = True
            self.log.append(Event("pass", {"player": player, "card": self.offer}))
            self._seek_bidder(player)
            return
        if kind is Veto:
            if VETO not in self.hands[player]:
                raise IllegalAction("veto-in-hand",
                                    f"you cannot play {action!r}: you hold no Veto (your hand: {self.hands[player]!r})")
            self.hands[player].remove(VETO)
            assert self.offer is not None  # bidding is always on a card
            self.discards += [self.offer, VETO]
            self.log.append(Event("veto", {"player": player, "card": self.offer, "leader": self.leader}))
            self.offer = None
            self.turn = None
            self._next_card()
            return
        raise IllegalAction("bid-action", f"while bidding, play Bid(workers), Pass() or Veto(), not {action!r}")

    def _apply_reroll(self, player: Player, action: Any) -> None:
        kind = type(action)
        if kind is Keep:
            self.cheese_queue.pop(0)
            self.log.append(Event("keep", {"player": player}))
            self._next_cheese()
            return
        if kind is not Reroll:
            raise IllegalAction("cheese-action", f"with a Big Cheese, answer Keep() or Reroll(die), not {action!r}")
        i = action.die
        if not (0 <= i < len(self.rolls)) or self.rolls[i][0] != player or self.rolls[i][3]:
            raise IllegalAction("own-fresh-die", f"you can re-roll only a die of your own just rolled and not yet "
                                                 f"re-rolled: {i!r} is not one")
        roll = self.rolls[i]
        self.hands[player].remove(CHEESE)
        self.discards.append(CHEESE)
        old = roll[2]
        roll[2] = self._roll(roll[1])
        roll[3] = True
        self.log.append(Event("reroll", {"player": player, "card": roll[1], "old": old, "value": roll[2]}))
        self._next_cheese()

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points) if self.phase == "over" else ()

    def _view(self, player: Player | None) -> BigCheeseView:
        return {
            "you": player,
            "turn": self.turn,
            "phase": self.phase,
            "offer": self.offer,
            "bid": self.bid,
            "high": self.high,
            "passed": list(self.passed),
            "leader": self.leader,
            "projects": [list(p) for p in self.projects],
            "free": list(self.free),
            "hands": [list(h) for h in self.hands],
            "scores": list(self.points),
            "goal": self.options.goal,
            "dice": self.options.dice,
            "exactly_30": self.options.exactly_30,
            "rolls": [list(r) for r in self.rolls],
            "deck_size": len(self.deck),
            "discards": sorted(self.discards, key=_card_key),
            "cards_turned": self.cards_turned,
            "winners": list(self.winners()),
        }

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """``action`` in words, as the app's buttons say it.

        >>> state = BigCheese(players=3).new_state(seed=1)
        >>> [state.describe_action(a) for a in (Pass(), Bid(2), Veto(), Keep())]
        ['Pass', 'Bid 2', 'Play Veto', 'Keep the rolls']
        """
        try:
            action = MOVES.typed(action)  # a plain value from an old save or bot reads as the move
        except ChangekitError:
            action = None
        if type(action) is Bid and action.workers >= 1:
            return f"Bid {action.workers}"
        if type(action) in _ACTION_WORDS:
            return _ACTION_WORDS[type(action)]
        if type(action) is Reroll and 0 <= action.die < len(self.rolls):
            owner, card, value, _ = self.rolls[action.die]
            twins = [r for r in self.rolls if (r[0], r[1], r[2]) == (owner, card, value)]
            which = f", die {action.die + 1}" if len(twins) > 1 else ""  # two dice alike: say which
            return f"Big Cheese: re-roll my {card} (rolled {value}{which})"
        raise InvalidArgument(f"{shown(action)} is not a Big Cheese action here: Bid(workers), Pass(), Veto(), "
                              f"Keep() or Reroll(die) for a die just rolled")

    def inventory(self) -> Counter:
        """Every player's 10 workers (free or on a project) and every card, wherever it is."""
        inv: Counter = Counter()
        for p in range(self.players):
            inv[f"workers:{p}"] = self.free[p]
        for owner, _, workers in self.projects:
            inv[f"workers:{owner}"] += workers
        cards = [*self.deck, *self.discards, *(c for h in self.hands for c in h),
                 *(p[1] for p in self.projects), *(r[1] for r in self.rolls)]
        if self.offer is not None:
            cards.append(self.offer)
        for c in cards:
            inv[f"card:{c}"] += 1
        return inv

    def determinize(self, player: Player, rng: GameRng) -> "BigCheeseState":
        """Only the order of the deck (below the card on offer) and the dice to come are hidden."""
        twin = self.clone()
        rng.shuffle(twin.deck)
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        k = event.kind
        who = names[d["player"]] if "player" in d else ""
        you = who == "You"

        def does(third: str, base: str) -> str:  # "Ann bids" / "You bid"
            return f"{who} {verb(who, third, base)}"

        whose = "Your" if you else f"{who}'s"
        if k == "start":
            return f"{names[d['leader']]} {verb(names[d['leader']], 'leads', 'lead')} first. " \
                   f"First to {d['goal']} points wins."
        if k == "reshuffle":
            return f"The deck ran out: {d['cards']} discards were shuffled into a new deck."
        if k == "offer":
            return f"Up for bidding: {card_name(d['card'])} ({names[d['leader']]} to open)."
        if k == "bid":
            return does("bids", "bid") + f" {d['bid']} worker{'s' if d['bid'] != 1 else ''}."
        if k == "pass":
            return does("passes", "pass") + "."
        if k == "cannot_bid":
            return does("cannot", "cannot") + f" beat {d['bid']} with {d['free']} free workers (automatic pass)."
        if k == "no_bids":
            return f"Nobody bid: the {card_name(d['card'])} is discarded."
        if k == "veto":
            return does("plays", "play") + f" a Veto: the {card_name(d['card'])} is discarded; " \
                   f"{names[d['leader']]} {verb(names[d['leader']], 'opens', 'open')} again."
        if k == "take":
            return does("takes", "take") + f" the {card_name(d['card'])} with {d['bid']} workers."
        if k == "walk_off":
            parts = [f"{names[p]} {c}" for p, c in enumerate(d["returned"]) if c]
            return "Workers walk home: " + (", ".join(parts) if parts else "none") + "."
        if k == "roll":
            return f"{whose} {d['card']} matures: the die pays {d['value']}."
        if k == "to_hand":
            return f"{whose} {card_name(d['card'])} matures into {'your' if you else 'their'} hand."
        if k == "reroll":
            return does("plays", "play") + f" a Big Cheese on the {d['card']}: {d['old']} becomes {d['value']}."
        if k == "keep":
            return does("keeps", "keep") + " the roll."
        if k == "score":
            return does("scores", "score") + f" {d['value']} for the {d['card']} (now {d['points']})."
        if k == "overshoot":
            return f"{whose} {d['value']} would pass {self.options.goal} (from {d['points']}): ignored."
        if k == "game_end":
            return f"Game over: {winners_text(d['winners'], names)}."
        return f"{k}: {d}"


def _returns(projects: list[list[Any]], players: int) -> list[int]:
    out = [0] * players
    for owner, _, _ in projects:
        out[owner] += 1
    return out


def _card_key(card: Card) -> tuple[int, Any]:
    return (0, card) if type(card) is int else (1, card)


class BigCheese(Game):
    name = "big_cheese"
    title = "The Big Cheese"
    teaser = "Bid your workers on projects; when the last one walks off, roll the dice for points."
    teaches = "Expected value against variance, and what tying up a resource costs."
    min_players = 3
    max_players = 6
    #: dice and the deck; each player's cards are their own
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = BigCheeseOptions
    State = BigCheeseState
    moves = MOVES


BigCheeseState.game = BigCheese
GAME = BigCheese
