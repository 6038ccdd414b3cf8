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

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Iterable, Mapping, Sequence

from changekit.core import (
    ChangekitError, Event, Game, GameRng, IllegalAction, InvalidArgument, Options, Player, State, leaders,
)
from changekit.core.checks import MAX_COPIES, MAX_DOLLARS, MAX_HAND, checked, is_items, is_whole, shown
from changekit.core.options import Between

HAND_SIZE = 8
#: Card names, in display order (numbers low to high, then ¢, $, CHA-CHING).
CARDS: tuple[str, ...] = ("1", "5", "10", "25", "50", "cent", "wild", "chaching")
NUMBERS: tuple[int, ...] = (1, 5, 10, 25, 50)
#: How each card is written on the table.
LABELS: dict[str, str] = {
    "1": "1", "5": "5", "10": "10", "25": "25", "50": "50", "cent": "¢", "wild": "$", "chaching": "CHA-CHING",
}
_ALIASES: dict[str, str] = {**{c: c for c in CARDS}, "¢": "cent", "$": "wild", "CHA-CHING": "chaching",
                            "cha-ching": "chaching"}
_ORDER = {c: i for i, c in enumerate(CARDS)}
#: The default deck: 15 of each kind (120 cards). ASSUMPTION: the sheet publishes no counts.
DEFAULT_DECK: tuple[tuple[str, int], ...] = tuple((c, 15) for c in CARDS)
DICE = ("black", "white", "both")
MAX_GAME_TO = 100_000


def _card(card: Any) -> str:
    if not isinstance(card, str) or card not in _ALIASES:
        raise ChangekitError(f"a CHA-CHING! card is one of {list(CARDS)}, not {card!r}")
    return _ALIASES[card]


def _card_rule(card: Any, name: str) -> str:
    _card(card)
    return card


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
    fixed, wilds = 0, 0
    for card in hand:
        name = _card(card)
        if name == "wild":
            wilds += 1
        elif name in ("cent", "chaching"):
            continue
        else:
            fixed += int(name)
    rest = target - fixed
    return rest >= 0 and bool(wild_sums(wilds) >> rest & 1)


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
    names = [_card(c) for c in hand]
    numbers = [int(c) for c in names if c not in ("cent", "wild", "chaching")]
    top = max(numbers, default=50)
    return sum(numbers) + 50 * names.count("chaching") + top * names.count("wild")


@checked(hand=is_items(MAX_HAND, "cards", each=_card_rule))
def sort_hand(hand: Iterable[str]) -> list[str]:
    """Cards in display order (1, 5, 10, 25, 50, ¢, $, CHA-CHING)."""
    return sorted(hand, key=_ORDER.__getitem__)


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
        pairs = list(deck.items()) if isinstance(deck, Mapping) else [tuple(p) for p in is_items(64, "deck")(deck, "deck")]
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


def _same(a: Any, b: Any) -> bool:
    """Equality that does not take True for 1 (nor 1.0 for 1), inside tuples too."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


class ChaChingState(State):
    options: ChaChingOptions

    def _setup(self) -> None:
        self.points = [0] * self.players
        self.dealer = 0
        self.round = 0
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
        self.round += 1
        deck = [card for card, count in self.options.deck for _ in range(count)]
        self.rng.shuffle(deck)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self.hands[seat] = sort_hand(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE])
        self.discards: list[str] = [deck[n * HAND_SIZE]]
        self.deck: list[str] = deck[n * HAND_SIZE + 1:]
        self.black = self._roll_black()
        self.white = self.rng.randrange(10)
        self.turn: int | None = (self.dealer + 1) % n
        self.phase = "draw"
        self.log.append(Event("round", {"round": self.round, "dealer": self.dealer, "black": self.black,
                                        "white": self.white, "up": self.discards[-1]}))
        for seat in range(n):
            self.log.append(Event("deal", {"player": seat, "hand": list(self.hands[seat])}, (seat,)))

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        return () if self.turn is None else (self.turn,)

    def _legal_actions(self, player: Player) -> list[Any]:
        if self.phase == "draw":
            return ["deck", "pile"]
        if self.phase == "end":
            return ["out", "pass"]
        hand = self.hands[self.turn]
        actions: list[Any] = [("discard", card) for card in CARDS if card in hand]
        if "chaching" in hand:
            actions += [("chaching", "reroll", die) for die in DICE]
            actions += [("chaching", "trade", p) for p in range(self.players) if p != self.turn]
        return actions

    def _apply(self, player: Player, action: Any) -> None:
        legal = self._legal_actions(player)
        if not any(_same(action, a) for a in legal):
            raise IllegalAction(f"{self.phase}-phase", self._refusal(player, action))
        if self.phase == "draw":
            self._draw(player, action)
        elif self.phase == "discard":
            self._discard(player, action)
        else:
            self._end_turn(player, action)

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

    def _draw(self, player: Player, source: str) -> None:
        if source == "pile":
            card = self.discards.pop()
        else:
            if not self.deck:
                self.deck, self.discards = self.discards[:-1], self.discards[-1:]
                self.rng.shuffle(self.deck)
                self.log.append(Event("reshuffle", {"cards": len(self.deck)}))
            card = self.deck.pop()
        self.hands[player] = sort_hand([*self.hands[player], card])
        self.phase = "discard"
        if source == "pile":
            self.log.append(Event("draw", {"player": player, "source": "pile", "card": card}))
        else:
            self.log.append(Event("draw", {"player": player, "source": "deck"}))
            self.log.append(Event("drew", {"player": player, "card": card}, (player,)))

    def _discard(self, player: Player, action: tuple) -> None:
        card = "chaching" if action[0] == "chaching" else action[1]
        self.hands[player].remove(card)
        self.discards.append(card)
        self.log.append(Event("discard", {"player": player, "card": card}))
        if action[0] == "chaching":
            if action[1] == "reroll":
                before = self.target
                if action[2] in ("black", "both"):
                    self.black = self._roll_black()
                if action[2] in ("white", "both"):
                    self.white = self.rng.randrange(10)
                self.log.append(Event("reroll", {"player": player, "dice": action[2], "before": before,
                                                 "black": self.black, "white": self.white}))
            else:
                other = action[2]
                self.hands[player], self.hands[other] = self.hands[other], self.hands[player]
                self.log.append(Event("trade", {"player": player, "with": other}))
                for seat in (player, other):
                    self.log.append(Event("hand", {"player": seat, "hand": list(self.hands[seat])}, (seat,)))
        self.phase = "end"

    def _end_turn(self, player: Player, action: str) -> None:
        if action == "pass":
            self.turn = (player + 1) % self.players
            self.phase = "draw"
            return
        target = self.target
        hands = [list(h) for h in self.hands]
        if can_reach(self.hands[player], target):
            scored = [0 if p == player else penalty(h) for p, h in enumerate(self.hands)]
            self.log.append(Event("out", {"player": player, "target": target, "hands": hands, "scored": scored}))
        else:
            scored = [target if p == player else 0 for p in range(self.players)]
            self.log.append(Event("false_out", {"player": player, "target": target, "hand": hands[player],
                                                "scored": scored}))
        for p, s in enumerate(scored):
            self.points[p] += s
        self.log.append(Event("round_end", {"round": self.round, "points": list(self.points)}))
        low = min(self.points)
        if max(self.points) >= self.options.game_to and self.points.count(low) == 1:
            self.turn = None
            self.phase = "over"
            self.log.append(Event("game_end", {"points": list(self.points), "winners": list(self.winners())}))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def scores(self) -> tuple[int, ...]:
        """Penalty points so far (lower is better)."""
        return tuple(self.points)

    def winners(self) -> tuple[Player, ...]:
        return leaders(self.points, lowest=True) if self.turn is None else ()

    def _view(self, player: Player | None) -> dict[str, Any]:
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
            "points": list(self.points),
            "game_to": self.options.game_to,
        }

    def inventory(self) -> Counter:
        return Counter([*self.deck, *self.discards, *(c for h in self.hands for c in h)])

    def determinize(self, player: Player, rng: GameRng) -> "ChaChingState":
        """Other hands and the deck dealt again at random (what ``player`` learnt from a trade
        is not kept: the view does not show it, only the log does)."""
        twin = self.clone()
        others = [p for p in range(self.players) if p != player]
        pool = [c for p in others for c in twin.hands[p]] + twin.deck
        rng.shuffle(pool)
        for p in others:
            size = len(twin.hands[p])
            twin.hands[p], pool = sort_hand(pool[:size]), pool[size:]
        twin.deck = pool
        twin.rng = GameRng(rng.randrange(2**32))
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        kind = event.kind
        if kind == "round":
            return (f"Round {d['round']}: {names[d['dealer']]} deals and rolls black {d['black']}, white {d['white']}: "
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
            others = "; ".join(f"{names[p]} +{s} ({label(h)})" for p, (h, s) in enumerate(zip(d["hands"], d["scored"]))
                               if p != d["player"])
            return f"{names[d['player']]} goes out with {label(d['hands'][d['player']])} = {d['target']}. Penalties: {others}."
        if kind == "false_out":
            return (f"{names[d['player']]} called out, but {label(d['hand'])} cannot make {d['target']}: "
                    f"+{d['target']} to {names[d['player']]} alone.")
        if kind == "round_end":
            return f"End of round {d['round']}. Scores: " + ", ".join(
                f"{names[p]} {s}" for p, s in enumerate(d["points"])) + "."
        if kind == "game_end":
            who = " and ".join(names[p] for p in d["winners"])
            return f"Game over: {who} wins with the lowest score."
        return f"{kind}: {d}"


class ChaChing(Game):
    name = "cha_ching"
    title = "CHA-CHING!"
    teaser = "Make eight cards add up to the dice's target; a CHA-CHING card re-rolls it or swaps hands."
    teaches = "Sums and counting: exact hit probabilities by enumeration and generating functions."
    min_players = 2
    max_players = 6
    lower_is_better = True  # penalty points
    Options = ChaChingOptions
    State = ChaChingState


ChaChingState.game = ChaChing
GAME = ChaChing
