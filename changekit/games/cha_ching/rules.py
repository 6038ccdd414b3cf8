"""CHA-CHING!: race to make your eight cards add up exactly to a target rolled on two dice.

Rules in our words (the kit's decisions, docs/rules.md):

* The deck has cards worth 1, 5, 10, 25 and 50, cent cards (¢, worth 0), dollar cards ($, wild:
  each one counts as any one of 1, 5, 10, 25, 50) and CHA-CHING cards (worth 0). The rule sheet
  says 120 cards but not how many of each: option ``deck`` defaults to 15 of each of the eight
  kinds, **an assumption**.
* 2-6 players get 8 cards each (secret); one card is turned up to start the discard pile.
* The target: a black and a white ten-sided die (faces 0-9), black gives the tens and white the
  units; a black 0 is rolled again, so targets run from 10 to 99.
* A turn: take the top card of the deck or of the discard pile, then discard one card, so you
  always hold 8. After discarding you may declare that you go out.
* Discarding a CHA-CHING card may trigger its power (or not: a plain discard is allowed): either
  swap your whole hand with an opponent of your choice, or re-roll the black die, the white die
  or both (the target changes for everyone).
* Going out: your 8 cards must reach the target exactly, each $ valued freely, ¢ and CHA-CHING
  counting 0. If they do, everybody else scores a penalty: face values, ¢ 0, CHA-CHING 50, and
  each $ the highest number card in that hand (50 if it has none). If they do not (a false
  go-out), only the caller scores: the current target.
* Empty deck: the discard pile, all but its top card, is shuffled into a new deck.
* The game ends after a round in which a score reaches 1000 (option ``game_to``); the lowest
  score wins; if the lowest score is shared, rounds go on until it is not.
"""
from __future__ import annotations

from bisect import insort
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Iterable, Literal, Mapping, Sequence, TypedDict

from changekit.core import (
    GameType,
    ChangekitError, Event, Game, GameRng, IllegalAction, InvalidArgument, Options, Player, State, default_names,
    leaders,
)
from changekit.core.rng import deal_again, twin_rng
from changekit.core.state import event_from
from changekit.core.checks import MAX_COPIES, MAX_DOLLARS, MAX_HAND, checked, is_items, is_whole, shown
from changekit.core.options import Between
from changekit.core.words import verb, winners_text

from .moves import DECK, DICE, MAX_PLAYERS, MOVES, OUT, PASS, PILE, Deck, Discard, Out, Pass, Pile, Power, reroll, trade

HAND_SIZE = 8
#: Card names, in display order (numbers low to high, then ¢, $, CHA-CHING).
CARDS: tuple[str, ...] = ("1", "5", "10", "25", "50", "cent", "wild", "chaching")
NUMBERS: tuple[int, ...] = (1, 5, 10, 25, 50)
#: How each card is written on the table.
LABELS: dict[str, str] = {
    "1": "1", "5": "5", "10": "10", "25": "25", "50": "50", "cent": "¢", "wild": "$", "chaching": "CHA-CHING",
}
#: Each card in words (buttons, reasons): the ¢ and $ say what they are worth.
CARD_WORDS: dict[str, str] = {
    "1": "1", "5": "5", "10": "10", "25": "25", "50": "50", "cent": "cent (0)", "wild": "$ (wild)",
    "chaching": "CHA-CHING",
}
_ALIASES: dict[str, str] = {**{c: c for c in CARDS}, "¢": "cent", "$": "wild", "CHA-CHING": "chaching",
                            "cha-ching": "chaching"}
_ORDER = {c: i for i, c in enumerate(CARDS)}
_by_order = _ORDER.__getitem__
#: ``(seat,)`` for each seat: the audience of a private log line, made once.
_ALONE: tuple[tuple[Player], ...] = tuple((p,) for p in range(MAX_PLAYERS))
# The log lines of every turn (draws and discards), made once per seat (and card): log lines are values
# nobody changes (clones share them already), and an Event is a tuple subclass the garbage collector
# never untracks, so each one built and logged costs a share of every collection.
_DREW_FROM_DECK: tuple[Event, ...] = tuple(event_from(("draw", {"player": p, "source": "deck"}, None))
                                           for p in range(MAX_PLAYERS))
_TOOK_FROM_PILE: tuple[dict[str, Event], ...] = tuple(
    {c: event_from(("draw", {"player": p, "source": "pile", "card": c}, None)) for c in CARDS}
    for p in range(MAX_PLAYERS))
_DREW_CARD: tuple[dict[str, Event], ...] = tuple(
    {c: event_from(("drew", {"player": p, "card": c}, _ALONE[p])) for c in CARDS} for p in range(MAX_PLAYERS))
_DISCARDED: tuple[dict[str, Event], ...] = tuple(
    {c: event_from(("discard", {"player": p, "card": c}, None)) for c in CARDS} for p in range(MAX_PLAYERS))
#: What a card adds to a hand's total (a $ is counted apart: it is free) and to a penalty.
_FACE: dict[str, int] = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50, "cent": 0, "wild": 0, "chaching": 0}
_NUMBER: dict[str, int] = {c: int(c) for c in CARDS[:5]}
#: The default deck: 15 of each kind (120 cards). ASSUMPTION: the sheet publishes no counts.
DEFAULT_DECK: tuple[tuple[str, int], ...] = tuple((c, 15) for c in CARDS)
Dice = Literal["black", "white", "both"]
MAX_GAME_TO = 100_000

# ---- actions: a turn is a draw, a discard, then out or pass (their types: moves.py) -----------
#: An action: DECK, PILE, OUT, PASS, a :func:`discard`, or a CHA-CHING :func:`reroll` or :func:`trade`.
ChaChingAction = Deck | Pile | Out | Pass | Discard | Power


def _card(card: Any) -> str:
    if not isinstance(card, str) or card not in _ALIASES:
        raise ChangekitError(f"a CHA-CHING! card is one of {list(CARDS)}, not {shown(card)}")
    return _ALIASES[card]


def _card_rule(card: Any, name: str) -> str:
    return _card(card)  # "¢", "$", "CHA-CHING" read as the names the tables use


def discard(card: str) -> Discard:
    """Discard ``card`` (a CHA-CHING card this way uses no power), its other names read as the tables'.

    >>> discard("25"), discard("$")
    (Discard('25'), Discard('wild'))
    """
    return Discard(_card(card))


@lru_cache(maxsize=None)
def wild_sums(wilds: int) -> int:
    """Bit mask of the totals ``wilds`` $ cards can make (bit t set: total t is possible).

    >>> [t for t in range(12) if wild_sums(2) >> t & 1]
    [2, 6, 10, 11]
    """
    mask = 1
    for _ in range(wilds):
        mask = (mask << 1) | (mask << 5) | (mask << 10) | (mask << 25) | (mask << 50)
    return mask


@checked(hand=is_items(MAX_HAND, "cards"), target=is_whole(-MAX_DOLLARS, MAX_DOLLARS))
def can_reach(hand: Iterable[str], target: int) -> bool:
    """Whether ``hand`` adds up to exactly ``target`` with each $ ("wild") valued freely.

    Cards are "1", "5", "10", "25", "50", "cent", "wild", "chaching" ("¢", "$" and
    "CHA-CHING" are read too); ¢ and CHA-CHING count 0, a $ any of 1, 5, 10, 25, 50.

    >>> can_reach(["1", "1", "1", "5", "10", "wild", "25", "25"], 93)   # the $ counts 25
    True
    >>> can_reach(["1", "1", "1", "5", "10", "wild", "25", "25"], 70)
    False
    """
    return _reaches([_card(c) for c in hand], target)


def _reaches(hand: list[str], target: int) -> bool:
    """:func:`can_reach` for a list of card names, unchecked (the engine's own hands)."""
    rest = target - sum(map(_FACE.__getitem__, hand))
    return rest >= 0 and bool(wild_sums(hand.count("wild")) >> rest & 1)


@checked(hand=is_items(MAX_HAND, "cards"))
def penalty(hand: Iterable[str]) -> int:
    """Penalty points a hand scores when somebody else goes out.

    Number cards at face value, ¢ 0, CHA-CHING 50, each $ the highest number card in the
    hand (50 when there is none).

    >>> penalty(["1", "1", "1", "5", "$", "$", "25", "25"])   # the sheet's example
    108
    >>> penalty(["wild", "cent", "chaching"])
    100
    """
    return _penalty([_card(c) for c in hand])


def _penalty(hand: list[str]) -> int:
    """:func:`penalty` for a list of card names, unchecked (the engine's own hands)."""
    numbers = [_NUMBER[c] for c in hand if c in _NUMBER]
    return sum(numbers) + 50 * hand.count("chaching") + max(numbers, default=50) * hand.count("wild")


@checked(hand=is_items(MAX_HAND, "cards", each=_card_rule))
def sort_hand(hand: Iterable[str]) -> list[str]:
    """Cards in display order (1, 5, 10, 25, 50, ¢, $, CHA-CHING)."""
    return sorted(hand, key=_by_order)


@checked(hand=is_items(MAX_HAND, "cards", each=_card_rule))
def label(hand: Iterable[str]) -> str:
    """A hand as written on the table, e.g. ``1, 25, $``."""
    return ", ".join(LABELS[c] for c in hand)


def normal_deck(deck: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """A deck composition (dict or pairs) as ((card, count), ...) in display order, checked.

    >>> normal_deck({"wild": 2, "1": 3})
    (('1', 3), ('5', 0), ('10', 0), ('25', 0), ('50', 0), ('cent', 0), ('wild', 2), ('chaching', 0))
    """
    try:
        pairs = list(deck.items()) if isinstance(deck, Mapping) \
            else [tuple(p) for p in is_items(64, "deck")(deck, "deck")]
    except TypeError:
        raise InvalidArgument(f"deck is a dict card → count, not {shown(deck)}") from None
    counts = dict.fromkeys(CARDS, 0)
    for pair in pairs:
        if len(pair) != 2:
            raise InvalidArgument(f"deck: an entry is (card, count), not {shown(pair)}")
        card, count = _card(pair[0]), pair[1]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COPIES:
            raise InvalidArgument(f"deck: a card count is a whole number from 0 to {MAX_COPIES}, "
                                  f"not {shown(count)} for {card!r}")
        counts[card] += count
    return tuple(counts.items())


@dataclass(frozen=True, slots=True, kw_only=True)
class ChaChingOptions(Options):
    """``deck``: how many of each card (default 15 each: an assumption); ``game_to``: the
    score that ends the game (1000)."""

    players: int = 4
    deck: tuple[tuple[str, int], ...] = DEFAULT_DECK
    game_to: Annotated[int, Between(1, MAX_GAME_TO)] = 1000

    def check(self) -> None:
        object.__setattr__(self, "deck", normal_deck(self.deck))
        total = sum(n for _, n in self.deck)
        if total < HAND_SIZE * self.players + 2:
            raise ChangekitError(
                f"a deck of {total} cards is too small for {self.players} players: "
                f"it needs at least {HAND_SIZE * self.players + 2}")

    def max_steps(self) -> int:
        # The rules allow passing forever, so no true bound exists; under random play a round
        # ends at each turn with probability 1/2 and each round adds ≥ 10 points to someone.
        return 1_000_000


@lru_cache(maxsize=None)
def _unshuffled(deck: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The cards of a deck composition in a fixed order (made once per composition: every round deals it)."""
    return tuple(card for card, count in deck for _ in range(count))


_DISCARDS: dict[str, Discard] = {card: discard(card) for card in CARDS}
_REROLLS: tuple[Power, ...] = tuple(reroll(die) for die in DICE)


@lru_cache(maxsize=None)  # a hand about to discard holds 9 cards of 8 kinds: at most 11,440 of them
def _discard_actions(hand: tuple[str, ...]) -> tuple[Any, ...]:
    """The discards (and CHA-CHING re-rolls) of a sorted hand, in ``CARDS`` order."""
    actions = tuple(_DISCARDS[card] for card in dict.fromkeys(hand))
    return actions + _REROLLS if "chaching" in hand else actions


@lru_cache(maxsize=None)
def _trade_actions(players: int, player: int) -> tuple[Power, ...]:
    return tuple(trade(p) for p in range(players) if p != player)


class ChaChingView(TypedDict):
    """What one player sees (``you``; None: a spectator); ``view`` adds ``to_act`` and ``log``.

    Every option is public (``game_to`` is shown as ``goal``, as in Big Cheese; the deck composition is in the rules).
    """

    you: int | None
    round: int  # rounds dealt so far, this one included
    dealer: int
    turn: int | None  # whose turn it is (None: the game is over)
    phase: str  # "draw", "discard", "end" (out or pass) or "over"
    black: int  # the black die: the target's tens (1-9)
    white: int  # the white die: the target's units (0-9)
    target: int  # 10 * black + white
    hand: list[str] | None  # your cards in display order (None for a spectator)
    hand_sizes: list[int]  # cards in each seat's hand
    deck_size: int  # cards left to draw
    discards: list[str]  # the discard pile, bottom first
    top: str | None  # its top card: the one you may take instead of drawing
    scores: list[int]  # penalty points per seat (lowest wins)
    goal: int  # the score that ends the game (option game_to)
    winners: list[int]  # [] until the end


class ChaChingState(State):
    options: ChaChingOptions

    def _setup(self) -> None:
        self.points = [0] * self.players
        self.dealer = 0
        self.round = 0
        self._cards = _unshuffled(self.options.deck)  # the deck before each round's shuffle
        self._deal()

    @property
    def target(self) -> int:
        return 10 * self.black + self.white

    def _roll_black(self) -> int:
        while True:  # a black 0 would give a target below 10: roll it again
            face = self.rng.randrange(10)
            if face:
                return face

    def _deal(self) -> None:
        n = self.players
        first = (self.dealer + 1) % n  # dealt the first eight cards, and plays first
        self.round += 1
        deck = list(self._cards)
        self.rng.shuffle(deck)
        dealt = n * HAND_SIZE
        hands = [sorted(deck[i:i + HAND_SIZE], key=_by_order) for i in range(0, dealt, HAND_SIZE)]
        self.hands: list[list[str]] = hands[n - first:] + hands[:n - first]  # seat ``first`` got the first eight
        up = deck[dealt]
        self.discards: list[str] = [up]
        del deck[:dealt + 1]
        self.deck: list[str] = deck
        self.black = self._roll_black()
        self.white = self.rng.randrange(10)
        self.turn: int | None = first
        self._acting: tuple[Player, ...] = (first,)
        self.phase = "draw"
        log = self.log.append
        log(event_from(("round", {"round": self.round, "dealer": self.dealer, "black": self.black,
                                  "white": self.white, "up": up}, None)))
        for seat, hand in enumerate(self.hands):
            log(event_from(("deal", {"player": seat, "hand": hand[:]}, _ALONE[seat])))

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        return self._acting  # (turn,) or () at the end, kept beside ``turn``: every step asks several times

    def is_terminal(self) -> bool:
        return self.turn is None  # nobody acts: the base's test, without building the tuple (every step asks)

    def _legal_actions(self, player: Player) -> list[Any]:
        if self.phase == "draw":
            return [DECK, PILE]
        if self.phase == "end":
            return [OUT, PASS]
        hand = self.hands[player]
        actions: list[Any] = list(_discard_actions(tuple(hand)))  # hands are kept sorted
        if "chaching" in hand:
            actions += _trade_actions(self.players, player)
        return actions

    def _apply(self, player: Player, action: Any) -> None:
        # Each phase checks its own few actions without building the legal list: this runs on
        # every action (the move's shape is already checked: State.apply makes it a named move).
        # (by type: a word move is a str subclass, which CPython compares on its slow path)
        phase, kind = self.phase, type(action)
        if phase == "draw":
            if kind is Deck or kind is Pile:
                return self._draw(player, kind is Pile)
        elif phase == "end":
            if kind is Out or kind is Pass:
                return self._end_turn(player, kind is Out)
        elif phase == "discard" and self._is_discard(player, action):
            return self._discard(player, action)
        raise IllegalAction(f"{phase}-phase", self._refusal(player, action))

    def _is_discard(self, player: Player, action: ChaChingAction) -> bool:
        """Whether ``action`` is one of the discard phase's legal actions for ``player``."""
        hand = self.hands[player]
        kind = type(action)
        if kind is Discard:
            return action[1] in hand  # ("discard", card): read by index, as _discard does (every other step)
        if kind is not Power or "chaching" not in hand:
            return False
        if action.power == "reroll":
            return True  # Power checked the dice
        return action.choice < self.players and action.choice != player

    def _refusal(self, player: Player, action: Any) -> str:
        if self.phase == "draw":
            return f"first draw a card: 'deck' or 'pile' (the top discard), not {action!r}"
        if self.phase == "end":
            return f"your turn ends with 'out' (you claim your hand reaches {self.target}) or 'pass', not {action!r}"
        hand = label(self.hands[player])
        if isinstance(action, tuple) and len(action) == 2 and action[0] == "discard":
            return f"you can only discard a card you hold: {action[1]!r} is not in your hand ({hand})"
        if isinstance(action, tuple) and action[:1] == ("chaching",):
            if "chaching" not in self.hands[player]:
                return f"you hold no CHA-CHING card to play ({hand})"
            return (f"CHA-CHING lets you ('chaching', 'reroll', 'black'|'white'|'both') or "
                    f"('chaching', 'trade', <another player>), not {action!r}")
        return f"discard one card, e.g. ('discard', '25'); {action!r} is not a discard (your hand: {hand})"

    def _draw(self, player: Player, from_pile: bool) -> None:
        log = self.log.append
        self.phase = "discard"
        if from_pile:
            card = self.discards.pop()
            insort(self.hands[player], card, key=_by_order)
            log(_TOOK_FROM_PILE[player][card])
            return
        if not self.deck:
            self.deck, self.discards = self.discards[:-1], self.discards[-1:]
            self.rng.shuffle(self.deck)
            log(event_from(("reshuffle", {"cards": len(self.deck)}, None)))
        card = self.deck.pop()
        insort(self.hands[player], card, key=_by_order)
        log(_DREW_FROM_DECK[player])
        log(_DREW_CARD[player][card])

    def _discard(self, player: Player, action: tuple) -> None:
        plain = len(action) == 2  # ("discard", card); else ("chaching", power, choice)
        card = action[1] if plain else "chaching"
        self.hands[player].remove(card)
        self.discards.append(card)
        self.phase = "end"
        self.log.append(_DISCARDED[player][card])
        if plain:
            return
        _, power, choice = action
        if power == "reroll":
            before = self.target
            if choice in ("black", "both"):
                self.black = self._roll_black()
            if choice in ("white", "both"):
                self.white = self.rng.randrange(10)
            self.log.append(event_from(("reroll", {"player": player, "dice": choice, "before": before,
                                                   "black": self.black, "white": self.white}, None)))
        else:
            self.hands[player], self.hands[choice] = self.hands[choice], self.hands[player]
            self.log.append(event_from(("trade", {"player": player, "with": choice}, None)))
            for seat in (player, choice):
                self.log.append(event_from(("hand", {"player": seat, "hand": list(self.hands[seat])}, _ALONE[seat])))

    def _end_turn(self, player: Player, going_out: bool) -> None:
        if not going_out:
            self.turn = (player + 1) % self.players
            self._acting = (self.turn,)
            self.phase = "draw"
            return
        target = 10 * self.black + self.white
        points = self.points
        if _reaches(self.hands[player], target):
            scored = [0 if p == player else _penalty(h) for p, h in enumerate(self.hands)]
            self.log.append(event_from(("out", {"player": player, "target": target,
                                                "hands": [list(h) for h in self.hands], "scored": scored}, None)))
            for p, s in enumerate(scored):
                points[p] += s
        else:
            scored = [0] * self.players
            scored[player] = target
            self.log.append(event_from(("false_out", {"player": player, "target": target,
                                                      "hand": list(self.hands[player]), "scored": scored}, None)))
            points[player] += target
        self.log.append(event_from(("round_end", {"round": self.round, "points": list(self.points)}, None)))
        low = min(self.points)
        if max(self.points) >= self.options.game_to and self.points.count(low) == 1:
            self.turn = None
            self._acting = ()
            self.phase = "over"
            self.log.append(event_from(("game_end", {"points": list(self.points), "winners": list(self.winners())},
                                        None)))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def scores(self) -> tuple[int, ...]:
        """Penalty points so far (lower is better)."""
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points, lowest=True) if self.turn is None else ()

    def _view(self, player: Player | None) -> ChaChingView:
        return {
            "you": player,
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase,
            "black": self.black,
            "white": self.white,
            "target": self.target,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discards": list(self.discards),
            "top": self.discards[-1] if self.discards else None,
            "scores": list(self.points),
            "goal": self.options.game_to,
            "winners": list(self.winners()),
        }

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """``action`` in words, as the app's buttons and the bots' reasons say it (a trade partner
        by ``names``, default "Player 1", "Player 2"...).

        >>> state = ChaChing(players=3).new_state(seed=1)
        >>> state.describe_action(DECK), state.describe_action(reroll("both")), state.describe_action(trade(2))
        ('Draw from the deck', 'CHA-CHING: re-roll both dice', 'CHA-CHING: trade hands with Player 3')
        """
        if isinstance(action, str):
            if action == DECK:
                return "Draw from the deck"
            if action == PILE:
                return f"Take the top discard ({CARD_WORDS[self.discards[-1]]})" if self.discards \
                    else "Take the top discard"
            if action == OUT:
                # a claim: the rules take it whether or not the hand makes the target (the app offers it only then)
                return f"Go out (claim: my {HAND_SIZE} cards make {self.target})"
            if action == PASS:
                return "End my turn"
        elif isinstance(action, tuple) and len(action) == 2 and action[0] == "discard" and action[1] in CARD_WORDS:
            return f"Discard {CARD_WORDS[action[1]]}"
        elif isinstance(action, tuple) and len(action) == 3 and action[0] == "chaching":
            if action[1] == "reroll" and action[2] in DICE:
                return "CHA-CHING: re-roll both dice" if action[2] == "both" else f"CHA-CHING: re-roll {action[2]}"
            if action[1] == "trade" and isinstance(action[2], int) and not isinstance(action[2], bool) \
                    and 0 <= action[2] < self.players:
                return f"CHA-CHING: trade hands with {(names or default_names(self.players))[action[2]]}"
        raise InvalidArgument(f"{shown(action)} is not a CHA-CHING! action: {DECK!r}, {PILE!r}, discard(card), "
                              f"reroll(dice), trade(seat), {OUT!r} or {PASS!r}")

    def inventory(self) -> Counter:
        return Counter([*self.deck, *self.discards, *(c for h in self.hands for c in h)])

    def determinize(self, player: Player, rng: GameRng) -> "ChaChingState":
        """Other hands and the deck dealt again at random (what ``player`` learnt from a trade
        is not kept: the view does not show it, only the log does)."""
        twin = self.clone()
        others = [p for p in range(self.players) if p != player]
        pool = [c for p in others for c in twin.hands[p]] + twin.deck
        hands, twin.deck = deal_again(pool, [len(twin.hands[p]) for p in others], rng)
        for p, hand in zip(others, hands, strict=True):
            twin.hands[p] = sort_hand(hand)
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        kind = event.kind
        if kind == "round":
            dealer = names[d["dealer"]]
            return (f"Round {d['round']}: {dealer} {verb(dealer, 'deals', 'deal')} and "
                    f"{verb(dealer, 'rolls', 'roll')} black {d['black']}, white {d['white']}: "
                    f"the target is {10 * d['black'] + d['white']}. The first discard is {LABELS[d['up']]}.")
        if kind == "deal":
            return f"Dealt to {names[d['player']]}: {label(d['hand'])}."
        if kind == "reshuffle":
            return f"The deck ran out: {d['cards']} discards were shuffled into a new deck."
        if kind == "draw":
            if d["source"] == "pile":
                return f"{names[d['player']]} took {LABELS[d['card']]} from the discard pile."
            return f"{names[d['player']]} drew from the deck."
        if kind == "drew":
            return f"{names[d['player']]} drew {LABELS[d['card']]}."
        if kind == "discard":
            return f"{names[d['player']]} discarded {LABELS[d['card']]}."
        if kind == "reroll":
            dice = "both dice" if d["dice"] == "both" else f"the {d['dice']} die"
            return (f"CHA-CHING! {names[d['player']]} re-rolled {dice}: the target goes from {d['before']} "
                    f"to {10 * d['black'] + d['white']}.")
        if kind == "trade":
            return f"CHA-CHING! {names[d['player']]} swapped hands with {names[d['with']]}."
        if kind == "hand":
            return f"New hand for {names[d['player']]} after the swap: {label(d['hand'])}."
        if kind == "out":
            paid = enumerate(zip(d["hands"], d["scored"], strict=True))
            others = "; ".join(f"{names[p]} +{s} ({label(h)})" for p, (h, s) in paid if p != d["player"])
            hand = label(d["hands"][d["player"]])
            who = names[d["player"]]
            return f"{who} {verb(who, 'goes', 'go')} out with {hand} = {d['target']}. Penalties: {others}."
        if kind == "false_out":
            return (f"{names[d['player']]} called out, but {label(d['hand'])} cannot make {d['target']}: "
                    f"+{d['target']} to {names[d['player']]} alone.")
        if kind == "round_end":
            return f"End of round {d['round']}. Scores: " + ", ".join(
                f"{names[p]} {s}" for p, s in enumerate(d["points"])) + "."
        if kind == "game_end":
            return f"Game over: {winners_text(d['winners'], names)} with the lowest score."
        return f"{kind}: {d}"


class ChaChing(Game):
    name = "cha_ching"
    title = "CHA-CHING!"
    teaser = "Make eight cards add up to the dice's target; a CHA-CHING card re-rolls it or swaps hands."
    teaches = "Sums and counting: exact hit probabilities by enumeration and generating functions."
    min_players = 2
    max_players = MAX_PLAYERS
    lower_is_better = True  # penalty points
    #: the shuffled deck; hands are hidden
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = ChaChingOptions
    State = ChaChingState
    moves = MOVES


ChaChingState.game = ChaChing
GAME = ChaChing
