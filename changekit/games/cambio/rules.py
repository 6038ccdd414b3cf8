"""Cambio: a memory card game about what you know and what you only believe.

Rules in our words (the kit's decisions, docs/rules.md):

* 2-8 players, one 52-card deck (option ``jokers`` adds two jokers worth 0). Everyone gets four
  cards face down in a 2×2 grid (positions 0 1 on the far row, 2 3 on the near row) and peeks
  once at the near row (positions 2 and 3). The rest is the deck; the discard pile starts empty.
* Values: A=1, 2-10 as printed, J=11, Q=12, black K=13, red K=−1 (jokers 0). Lowest total wins.
* Your turn: draw the top card of the deck (only you see it), then either discard it face up, or
  put it into one of your grid places and discard the card that was there (face up).
  Option ``draw_from_discard`` also lets you take the top discard instead; then you must swap it in.
* Powers: only when the card you drew *from the deck* is discarded straight away, and always
  optional (``"skip"``): 7/8 look at one of your own cards; 9/10 look at another player's card;
  J/Q swap one of yours with another player's card without looking (blind swap); K look at one
  of yours and one of another player's, then ``"exchange"`` them or ``"keep"``.
* Snap window (our action model): after every discard of a turn (and after its power), each
  player in turn order starting with the discarder gets one decision: ``"pass"`` or
  ``("snap", owner, position)`` — flip a face-down card that you believe matches the rank of the
  top discard. Right and your own card: it goes onto the pile (one card fewer). Right and someone
  else's: it goes onto the pile and you give that player one of your cards, ``("give", position)``,
  into the empty place. Either right snap closes the window (one snap per discard). Wrong: the
  flipped card goes back where it was (everyone has now seen it), you take a penalty card from the
  deck face down without looking, and the window goes on to the next player. Cards snapped onto
  the pile do not open a new window. An empty deck means no penalty card.
* Cambio: at the start of your turn, instead of drawing, you may call ``"cambio"``; every other
  player then has exactly one more turn and the game ends. Option ``caller_locked``: the caller's
  grid is frozen — nobody may swap with it, snap from it or give to it, and the caller sits out
  the snap windows. Without a call the game ends when a player must draw from an empty deck.
* End: all cards are turned up; the lowest total wins. Option ``ties``: ``"shared"`` (default,
  tied lowest totals share the win) or ``"caller_loses"`` (a Cambio caller who ties loses the tie).

Knowledge (what ``view(p)`` shows): p knows the card in a place from the moment p looks at it
(initial peek, own draw swapped in, 7/8, 9/10, K, a wrong snap that flips it for all) until the
card there moves face down. A blind swap or a give-back makes *everyone* forget both cards that
moved — you saw the swap, but this kit counts only what you looked at, so a card you looked at
and that was later blind-swapped away is unknown at its new place. The King's exchange is the
exception for the King's player, who has just looked at both cards. A card taken from the discard
pile (option ``draw_from_discard``) was face up, so everyone knows where it goes.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Sequence, TypedDict

from changekit.core import (
    GameType,
    Card, ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, default_names, leaders,
)
from changekit.core.rng import twin_rng
from changekit.core.cards import standard_deck
from changekit.core.words import possessive

from .moves import (
    MOVES, Blind, CallCambio, Discard, Draw, Exchange, Give, Keep, Look, Pass, Peek, Skip, Snap, Spy, Swap, Take,
)

GRID = 4
NEAR_ROW = (2, 3)
PUBLIC = -1  # marker in a place's list of knowers: the card was shown to everyone (spectators too)
_EVERYONE = tuple((PUBLIC, *range(n)) for n in range(9))  # the knowers of a shown card, by player count
Ties = Literal["shared", "caller_loses"]
POWERS = {"7": "peek", "8": "peek", "9": "spy", "10": "spy", "J": "blind", "Q": "blind", "K": "king"}
_FACE = {"A": 1, "J": 11, "Q": 12}
_JOKER_CODES = ("JK", "SJ", "BJ")


def card_value(card: str | Card) -> int:
    """Points of one card: A=1, 2-10 face value, J=11, Q=12, black K=13, red K=−1, joker 0.

    Cards are written rank then suit (S, H, D, C), like ``"AS"``, ``"10H"``, ``"KD"``; ``"JK"``
    (or ``"SJ"``/``"BJ"``) is a joker.

    >>> [card_value(c) for c in ("AS", "10H", "QC", "KS", "KD", "JK")]
    [1, 10, 12, 13, -1, 0]
    """
    if isinstance(card, Card):
        parsed = card
    elif isinstance(card, str):
        if card.strip().upper() in _JOKER_CODES:
            return 0
        parsed = Card.parse(card)
    else:
        raise ChangekitError(f"a card is written like 'AS', '10H' or 'JK', not {card!r}")
    if parsed.is_joker:
        return 0
    if parsed.rank == "K":
        return -1 if parsed.is_red else 13
    return _FACE.get(parsed.rank) or int(parsed.rank)


def rank_of(code: str) -> str:
    """The rank used for snapping ("10" for "10H"; both jokers are "joker")."""
    return "joker" if code in _JOKER_CODES else code[:-1]


_VALUES: dict[str, int] = {c.code: card_value(c) for c in standard_deck(jokers=True)}
# the deck as codes (by option jokers), built once: a deal only copies and shuffles it (building
# Cards per deal was a tenth of a random playout's time)
DECK_CODES: dict[bool, tuple[str, ...]] = {j: tuple(c.code for c in standard_deck(jokers=j)) for j in (False, True)}


# ---- actions: constants and named constructors (their types: moves.py) ----------------------
DRAW, TAKE, CAMBIO, DISCARD = Draw(), Take(), CallCambio(), Discard()
SKIP, KEEP, EXCHANGE, PASS = Skip(), Keep(), Exchange(), Pass()
swap, peek, spy, blind, look, snap, give = Swap, Peek, Spy, Blind, Look, Snap, Give
# one move of each kind and places, shared by every list of legal moves (the engine lists
# thousands a second: a snap window at nearly every step)
_swap_move, _peek_move, _spy_move, _blind_move, _look_move, _give_move = (
    lru_cache(maxsize=None)(kind) for kind in (Swap, Peek, Spy, Blind, Look, Give))
#: _SNAPS[q][j] is the one Snap(q, j): every step of a snap window lists them all, and an index
#: is quicker than a cached call (a grid grown by penalty cards never holds more than the deck)
_MOST_SEATS = 8
_SNAPS: list[list[Snap]] = [[Snap(q, j) for j in range(len(DECK_CODES[True]))] for q in range(_MOST_SEATS)]


_WORDS = {DRAW: "Draw from deck", TAKE: "Take the top discard", CAMBIO: "Call Cambio!",
          DISCARD: "Discard the drawn card", SKIP: "Skip the power", KEEP: "Keep both cards",
          EXCHANGE: "Exchange the two cards", PASS: "Pass (no snap)"}
_ARITY = {"swap": 1, "peek": 1, "give": 1, "spy": 2, "snap": 2, "blind": 3, "look": 3}  # numbers after the kind


def describe(action: Any, *, you: int | None, names: Sequence[str], give_to: int | None = None) -> str:
    """``action`` in words for the player ``you`` who takes it (their own places are "your");
    ``give_to``: the seat a give-back goes to, when known.

    >>> names = ["Ann", "Bo"]
    >>> describe(DRAW, you=0, names=names), describe(snap(1, 2), you=0, names=names)
    ('Draw from deck', "Snap Bo's place 3")
    >>> describe(look(0, 1, 3), you=0, names=names)
    "Look at your place 1 and Bo's place 4"
    """
    if isinstance(action, str) and action in _WORDS:
        return _WORDS[action]  # type: ignore[index]  # a word is its move (Draw() == "draw")
    if not _plain_action(action) or isinstance(action, str):
        raise ChangekitError(f"{action!r} is not a Cambio action")
    kind, *at = action
    arity = _ARITY.get(kind)
    if arity != len(at) or any(x < 0 for x in at) or (len(at) >= 2 and at[-2] >= len(names)):
        raise ChangekitError(f"{action!r} is not a Cambio action (or names no seat of this game)")
    theirs = f"{possessive(names[at[-2]])} place {at[-1] + 1}" if len(at) >= 2 else ""  # "your" for "You"
    if kind == "swap":
        return f"Swap the drawn card into your place {at[0] + 1}"
    if kind == "peek":
        return f"Look at your place {at[0] + 1}"
    if kind == "give":
        return f"Give your place {at[0] + 1}" + ("" if give_to is None else f" to {names[give_to]}")
    if kind == "spy":
        return f"Look at {theirs}"
    if kind == "snap":
        return f"Snap your place {at[1] + 1}" if at[0] == you else f"Snap {theirs}"
    if kind == "blind":
        return f"Blind-swap your place {at[0] + 1} with {theirs}"
    return f"Look at your place {at[0] + 1} and {theirs}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CambioOptions(Options):
    players: int = 4
    jokers: bool = False
    caller_locked: bool = False
    draw_from_discard: bool = False
    ties: Ties = "shared"

    def max_steps(self) -> int:
        return turn_limit(self) * (self.players + 5) + 10


class KingLook(NamedTuple):
    """The two cards a King's player has just looked at, and may now exchange or keep."""

    place: int  # the King's player's own place
    owner: int  # the other player
    other: int  # the other player's place


class GiveBack(NamedTuple):
    """The place a right snap of someone else's card left empty: the snapper fills it."""

    owner: int  # the player whose card was snapped
    place: int


class CambioView(TypedDict):
    """What one player (``you``; None: a spectator) sees of the table; ``view`` adds ``to_act`` and ``log``.

    Every option is public at a real table; the view carries the two that bots and apps need
    (``caller_locked`` changes what may be snapped or swapped, ``jokers`` which cards exist).
    """

    you: int | None
    players: int
    phase: str  # "start", "drawn", "power", "king", "snap", "give" or "over"
    turn: int  # the seat whose turn it is (also while the others decide in its snap window)
    deck_size: int  # cards left to draw
    discards: list[str]  # the face-up discard pile, bottom first
    top: str | None  # its top card
    grids: list[list[str | None]]  # per seat, per place: the card if you know it, "?" face down, None empty
    hand_sizes: list[int]  # cards in each seat's grid
    holding: bool  # the player whose turn it is holds a drawn card
    drawn: str | None  # that card, if you may see it (yours, or taken face up from the discards)
    drawn_from: str | None  # "deck" or "pile" (the discards)
    power: str | None  # the power waiting to be used: "peek", "spy", "blind" or "king"
    king: list[int] | None  # after a King look: [your place, other seat, their place]
    window: list[int]  # seats still to decide in the snap window, next first
    discarder: int | None  # whose discard opened the snap window
    give_to: list[int] | None  # after a right snap of another's card: [that seat, its empty place]
    caller: int | None  # who called Cambio
    final_left: int  # turns left after the call
    caller_locked: bool
    jokers: bool
    scores: list[int] | None  # grid totals (lower is better): hidden (None) until the end
    winners: list[int]  # [] until the end


def _deck_size(options: CambioOptions) -> int:
    return 54 if options.jokers else 52


def turn_limit(options: CambioOptions) -> int:
    """Turns before the game stops anyway (only reachable with ``draw_from_discard``)."""
    return 4 * _deck_size(options)


class CambioState(State):
    options: CambioOptions

    def _setup(self) -> None:
        n = self.players
        deck = list(DECK_CODES[self.options.jokers])
        self.rng.shuffle(deck)
        self.grids: list[list[str | None]] = [list(deck[i * GRID:(i + 1) * GRID]) for i in range(n)]
        self.deck: list[str] = deck[n * GRID:]
        self.seen: list[list[list[int]]] = [[[p] if j in NEAR_ROW else [] for j in range(GRID)] for p in range(n)]
        self.pile: list[str] = []
        self.turn = 0
        self.turns = 0
        self.phase = "start"
        self.drawn: str | None = None
        self.drawn_from: str | None = None
        self.power: str | None = None
        self.king: KingLook | None = None  # after a K look, until exchange or keep
        self.window: list[int] = []
        self.discarder: int | None = None
        self.give_to: GiveBack | None = None  # while a snapper owes a card
        self.snapper: int | None = None
        self.caller: int | None = None
        self.final_left = 0
        self.end_reason: str | None = None
        self.log.append(Event("deal", {"players": n, "deck": len(self.deck)}))
        for p in range(n):
            cards = [self.grids[p][j] for j in NEAR_ROW]
            self.log.append(Event("first_peek", {"player": p, "places": list(NEAR_ROW), "cards": cards}, (p,)))
        self._begin_turn()

    # ---- helpers ------------------------------------------------------------------------
    def _places(self, player: Player) -> list[int]:
        return [j for j, c in enumerate(self.grids[player]) if c is not None]

    def _locked_seat(self) -> Player | None:
        """The seat whose grid is frozen (``caller_locked`` and Cambio called), else None."""
        return self.caller if self.options.caller_locked else None

    def _locked(self, player: Player) -> bool:
        return self.options.caller_locked and self.caller == player

    def _others(self, player: Player) -> list[int]:
        return [(player + k) % self.players for k in range(1, self.players)]

    def total(self, player: Player) -> int:
        """The true total of ``player``'s grid (hidden cards included)."""
        return sum(_VALUES[c] for c in self.grids[player] if c is not None)

    def _forget(self, player: Player, place: int) -> None:
        self.seen[player][place] = []

    def _learn(self, who: Player, player: Player, place: int) -> None:
        knowers = self.seen[player][place]
        if who not in knowers:
            knowers.append(who)
            knowers.sort()

    def _show_all(self, player: Player, place: int) -> None:
        self.seen[player][place] = list(_EVERYONE[self.options.players])

    # ---- turn flow -----------------------------------------------------------------------
    def _begin_turn(self) -> None:
        if self.caller is not None and self.final_left == 0:
            return self._finish("cambio")
        if not self.deck:
            return self._finish("deck")
        if self.turns >= turn_limit(self.options):
            return self._finish("turn limit")
        self.phase = "start"

    def _end_turn(self) -> None:
        self.window = []
        self.discarder = self.snapper = None
        self.give_to = None
        self.power = None
        self.king = None
        self.turns += 1
        if self.caller is not None and self.turn != self.caller:
            self.final_left -= 1
        self.turn = (self.turn + 1) % self.players
        self._begin_turn()

    def _open_window(self, discarder: Player) -> None:
        n = self.options.players
        order = [(discarder + k) % n for k in range(n)]
        self.window = [p for p in order if not self._locked(p)]
        self.discarder = discarder
        self.phase = "snap"
        if not self.window:
            self._end_turn()

    def _discarded(self, player: Player, card: str, *, from_deck: bool) -> None:
        self.pile.append(card)
        power = POWERS.get(rank_of(card)) if from_deck else None
        if power is not None and self._power_actions(player, power):
            self.power = power
            self.phase = "power"
        else:
            self._open_window(player)

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.window = []
        everyone = _EVERYONE[self.options.players]
        for grid, seen in zip(self.grids, self.seen, strict=True):
            for j, c in enumerate(grid):
                if c is not None:
                    seen[j] = list(everyone)
        totals = [self.total(p) for p in range(self.players)]
        self.log.append(Event("end", {
            "reason": reason, "grids": [list(g) for g in self.grids], "totals": totals,
            "winners": list(self.winners()), "caller": self.caller,
        }))

    # ---- the protocol --------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "snap":
            return (self.window[0],)
        if self.phase == "give":
            return (self.snapper,)  # type: ignore[return-value]
        return (self.turn,)

    def _legal_actions(self, player: Player) -> list[Any]:
        p = player
        phase = self.phase
        if phase == "snap":  # first: most steps of a game are snap-window decisions
            return [PASS, *self._snap_actions(p)]
        if phase == "start":
            moves: list[Any] = [DRAW]
            if self.options.draw_from_discard and self.pile and self._places(p):
                moves.append(TAKE)
            if self.caller is None:
                moves.append(CAMBIO)
            return moves
        if phase == "drawn":
            swaps = [_swap_move(j) for j in self._places(p)]
            return swaps if self.drawn_from == "pile" else [DISCARD, *swaps]
        if phase == "power":
            return [SKIP, *self._power_actions(p, self.power)]  # type: ignore[arg-type]
        if phase == "king":
            return [KEEP, EXCHANGE]
        if phase == "give":
            return [_give_move(j) for j in self._places(p)]
        return []

    def _targets(self, player: Player, *, touch: bool) -> list[tuple[int, int]]:
        return [(q, j) for q in self._others(player) if not (touch and self._locked(q)) for j in self._places(q)]

    def _power_actions(self, p: Player, power: str) -> list[Any]:
        mine = self._places(p)
        if power == "peek":
            return [_peek_move(j) for j in mine]
        if power == "spy":
            return [_spy_move(q, j) for q, j in self._targets(p, touch=False)]
        kind = _blind_move if power == "blind" else _look_move
        return [kind(i, q, j) for i in mine for q, j in self._targets(p, touch=True)]

    def _snap_actions(self, p: Player) -> list[Any]:
        locked = self._locked_seat()
        snaps = _SNAPS
        return [snaps[q][j] for q, grid in enumerate(self.grids) if q != locked
                for j, c in enumerate(grid) if c is not None]

    def _can_snap(self, action: tuple) -> bool:
        """Whether ``action`` (a plain action) is one of :meth:`_snap_actions`, without listing them:
        the snap window is most of a game's steps."""
        if len(action) != 3 or action[0] != "snap":
            return False
        q, j = action[1], action[2]
        return (0 <= q < self.options.players and q != self._locked_seat()
                and 0 <= j < len(self.grids[q]) and self.grids[q][j] is not None)

    def _is_legal(self, player: Player, action: Any) -> bool:
        """``action in self._legal_actions(player)`` for a plain action (the snap window checked directly)."""
        if self.phase == "snap":
            return action == PASS if isinstance(action, str) else self._can_snap(action)
        return action in self._legal_actions(player)

    def _apply(self, player: Player, action: Any) -> None:
        if not self._is_legal(player, action):  # its shape is checked: State.apply makes it a named move
            raise IllegalAction(self._rule(), f"{action.text()!r} is not a legal action now: {self._hint(player)}")
        phase = self.phase
        kind = action if isinstance(action, str) else action[0]
        if phase == "snap":  # first: most steps of a game are snap-window decisions
            self.window.pop(0)
            if kind == "snap":
                self._snap(player, action[1], action[2])
            if self.phase == "snap" and not self.window:
                self._end_turn()
            return None
        if phase == "start":
            if kind == "cambio":
                self.caller = player
                self.final_left = self.players - 1
                self.log.append(Event("cambio", {"player": player}))
                return self._end_turn()
            if kind == "take":
                self.drawn, self.drawn_from = self.pile.pop(), "pile"
                self.log.append(Event("take", {"player": player, "card": self.drawn}))
            else:
                self.drawn, self.drawn_from = self.deck.pop(), "deck"
                self.log.append(Event("draw", {"player": player, "deck": len(self.deck)}))
                self.log.append(Event("drawn", {"player": player, "card": self.drawn}, (player,)))
            self.phase = "drawn"
            return None
        if phase == "drawn":
            card, from_deck = self.drawn, self.drawn_from == "deck"
            self.drawn = self.drawn_from = None
            assert card is not None
            if kind == "discard":
                self.log.append(Event("discard", {"player": player, "card": card}))
                return self._discarded(player, card, from_deck=True)
            place = action[1]
            old = self.grids[player][place]
            assert old is not None
            self.grids[player][place] = card
            if from_deck:
                self.seen[player][place] = [player]
            else:  # a card taken from the pile was face up: everyone saw where it went
                self._show_all(player, place)
            self.log.append(Event("swap", {"player": player, "place": place, "card": old}))
            return self._discarded(player, old, from_deck=False)
        if phase == "power":
            return self._use_power(player, action)
        if phase == "king":
            assert self.king is not None  # the King phase starts with its look
            i, q, j = self.king
            exchange = action == "exchange"
            if exchange:
                g = self.grids
                g[player][i], g[q][j] = g[q][j], g[player][i]
                self.seen[player][i] = [player]
                self.seen[q][j] = [player]
            self.log.append(Event("king", {"player": player, "exchanged": exchange, "place": i, "owner": q,
                                           "other": j}))
            self.king = None
            return self._open_window(player)
        if phase == "give":
            assert self.give_to is not None  # the give phase starts with a right snap
            q, j = self.give_to
            i = action[1]
            self.grids[q][j], self.grids[player][i] = self.grids[player][i], None
            self._forget(q, j)
            self._forget(player, i)
            self.log.append(Event("give", {"player": player, "place": i, "to": q, "to_place": j}))
            return self._end_turn()
        raise AssertionError(f"unknown phase {phase!r}")

    def _use_power(self, player: Player, action: Any) -> None:
        power = self.power
        self.power = None
        if action == "skip":
            self.log.append(Event("skip", {"player": player, "power": power}))
            return self._open_window(player)
        kind = action[0]
        if kind == "peek":
            j = action[1]
            self._learn(player, player, j)
            self.log.append(Event("peek", {"player": player, "owner": player, "place": j}))
            self.log.append(Event("saw", {"player": player, "owner": player, "place": j, "card": self.grids[player][j]},
                                  (player,)))
            return self._open_window(player)
        if kind == "spy":
            q, j = action[1], action[2]
            self._learn(player, q, j)
            self.log.append(Event("peek", {"player": player, "owner": q, "place": j}))
            self.log.append(Event("saw", {"player": player, "owner": q, "place": j, "card": self.grids[q][j]},
                                  (player,)))
            return self._open_window(player)
        i, q, j = action[1], action[2], action[3]
        if kind == "blind":
            g = self.grids
            g[player][i], g[q][j] = g[q][j], g[player][i]
            self._forget(player, i)
            self._forget(q, j)
            self.log.append(Event("blind", {"player": player, "place": i, "owner": q, "other": j}))
            return self._open_window(player)
        # the King: look at both, then decide
        self._learn(player, player, i)
        self._learn(player, q, j)
        self.king = KingLook(i, q, j)
        self.phase = "king"
        self.log.append(Event("look", {"player": player, "place": i, "owner": q, "other": j}))
        self.log.append(Event("saw_two", {"player": player, "place": i, "owner": q, "other": j,
                                          "cards": [self.grids[player][i], self.grids[q][j]]}, (player,)))
        return None

    def _snap(self, player: Player, owner: Player, place: int) -> None:
        card = self.grids[owner][place]
        assert card is not None
        top = self.pile[-1]
        right = rank_of(card) == rank_of(top)
        data = {"player": player, "owner": owner, "place": place, "card": card, "top": top, "right": right}
        if right:
            self.grids[owner][place] = None
            self._forget(owner, place)
            self.pile.append(card)
            self.window = []
            if owner != player and self._places(player):
                self.snapper = player
                self.give_to = GiveBack(owner, place)
                self.phase = "give"
            self.log.append(Event("snap", data))
            if self.phase == "snap":
                self._end_turn()
            return
        self._show_all(owner, place)
        penalty = bool(self.deck)
        if penalty:
            self.grids[player].append(self.deck.pop())
            self.seen[player].append([])
        data["penalty"] = penalty
        self.log.append(Event("snap", data))

    def snapshot(self) -> dict[str, Any]:
        """The position as plain data: the named-tuple records become lists (as in a save)."""
        position = super().snapshot()
        for key in ("king", "give_to"):
            if position[key] is not None:
                position[key] = list(position[key])
        return position

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """``action`` in words for the player acting now (``names``: the seats' names).

        >>> state = Cambio(players=2).new_state(seed=1)
        >>> [state.describe_action(a) for a in state.legal_actions()]
        ['Draw from deck', 'Call Cambio!']
        """
        acting = self.current_players()
        return describe(action, you=acting[0] if acting else None, names=names or default_names(self.players),
                        give_to=None if self.give_to is None else self.give_to.owner)

    def _rule(self) -> str:
        return {"start": "turn-start", "drawn": "drawn-card", "power": "power", "king": "king",
                "snap": "snap-window", "give": "give-back"}.get(self.phase, "game-over")

    def _hint(self, player: Player) -> str:
        legal = self._legal_actions(player)
        names, give_to = default_names(self.players), None if self.give_to is None else self.give_to.owner
        said = "; ".join(f"{describe(a, you=player, names=names, give_to=give_to)} ({a.text()!r})" for a in legal[:6])
        return f"in phase {self.phase!r} the choices are: {said}" + ("; ..." if len(legal) > 6 else "")

    # ---- results -------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's grid total (lower is better)."""
        return tuple(self.total(p) for p in range(self.players))

    def winners(self) -> tuple[Player, ...]:
        if self.phase != "over":
            return ()
        best = list(leaders(self.scores(), lowest=True))
        if self.options.ties == "caller_loses" and len(best) > 1 and self.caller in best:
            best.remove(self.caller)
        return tuple(best)

    # ---- what a player sees --------------------------------------------------------------
    def _view(self, player: Player | None) -> CambioView:
        me = PUBLIC if player is None else player
        grids = [
            [None if c is None else (c if me in self.seen[q][j] else "?") for j, c in enumerate(self.grids[q])]
            for q in range(self.players)
        ]
        show_drawn = self.drawn is not None and (self.drawn_from == "pile" or player == self.turn)
        over = self.phase == "over"
        return {
            "you": player,
            "players": self.players,
            "phase": self.phase,
            "turn": self.turn,
            "deck_size": len(self.deck),
            "discards": list(self.pile),
            "top": self.pile[-1] if self.pile else None,
            "grids": grids,
            "hand_sizes": [len(self._places(q)) for q in range(self.players)],
            "holding": self.drawn is not None,
            "drawn": self.drawn if show_drawn else None,
            "drawn_from": self.drawn_from,
            "power": self.power,
            "king": list(self.king) if self.king else None,
            "window": list(self.window),
            "discarder": self.discarder,
            "give_to": list(self.give_to) if self.give_to else None,
            "caller": self.caller,
            "final_left": self.final_left,
            "caller_locked": self.options.caller_locked,
            "jokers": self.options.jokers,
            "scores": list(self.scores()) if over else None,
            "winners": list(self.winners()),
        }

    def known_cards(self, player: Player) -> dict[tuple[int, int], str]:
        """{(owner, place): card} for every place ``player`` knows right now."""
        return {(q, j): c for q in range(self.players) for j, c in enumerate(self.grids[q])
                if c is not None and player in self.seen[q][j]}

    def inventory(self) -> Counter:
        cards = [*self.deck, *self.pile, *(c for g in self.grids for c in g if c is not None)]
        if self.drawn is not None:
            cards.append(self.drawn)
        return Counter(cards)

    def determinize(self, player: Player, rng: GameRng) -> "CambioState":
        twin = self.clone()
        hidden = [(q, j, c) for q in range(self.players) for j, c in enumerate(self.grids[q])
                  if c is not None and player not in self.seen[q][j]]
        drawn = twin.drawn if twin.drawn_from == "deck" and player != twin.turn else None  # unseen by player
        pool = [c for _, _, c in hidden] + twin.deck + ([drawn] if drawn is not None else [])
        rng.shuffle(pool)
        for q, j, _ in hidden:
            twin.grids[q][j] = pool.pop()
        if drawn is not None:
            twin.drawn = pool.pop()
        twin.deck = pool
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        k = event.kind
        who = names[d["player"]] if "player" in d else ""
        their = possessive(who) if who == "You" else "their"  # "You ... your place", "Ann ... their place"
        if k == "deal":
            return f"Four cards each, face down; {d['deck']} cards left in the deck."
        if k == "first_peek":
            return f"{who} peeked at the near row: {_cards(d['cards'])}."
        if k == "draw":
            return f"{who} drew a card from the deck ({d['deck']} left)."
        if k == "drawn":
            return f"{who} drew {_card(d['card'])}."
        if k == "take":
            return f"{who} took {_card(d['card'])} from the discard pile."
        if k == "discard":
            power = POWERS.get(rank_of(d["card"]))
            extra = f" (power: {POWER_NAMES[power]})" if power else ""
            return f"{who} discarded {_card(d['card'])}{extra}."
        if k == "swap":
            return f"{who} put the drawn card in place {d['place'] + 1} and discarded {_card(d['card'])}."
        if k == "skip":
            return f"{who} did not use the {POWER_NAMES[d['power']]} power."
        if k == "peek":
            whose = f"{their} own" if d["owner"] == d["player"] else possessive(names[d["owner"]])
            return f"{who} looked at {whose} card in place {d['place'] + 1}."
        if k == "saw":
            return f"{who} saw {_card(d['card'])} at {possessive(names[d['owner']])} place {d['place'] + 1}."
        if k == "blind":
            return (f"{who} blind-swapped {their} place {d['place'] + 1} with {possessive(names[d['owner']])} place "
                    f"{d['other'] + 1}; nobody knows those two cards now.")
        if k == "look":
            return (f"{who} looked at {their} place {d['place'] + 1} and {possessive(names[d['owner']])} place "
                    f"{d['other'] + 1} (King).")
        if k == "saw_two":
            mine = "yours" if who == "You" else "theirs"
            return (f"{who} saw {_card(d['cards'][0])} ({mine}) and {_card(d['cards'][1])} "
                    f"({possessive(names[d['owner']])}).")
        if k == "king":
            return f"{who} {'exchanged' if d['exchanged'] else 'kept'} the two cards."
        if k == "snap":
            whose = f"{their} own" if d["owner"] == d["player"] else possessive(names[d["owner"]])
            if d["right"]:
                return f"{who} snapped {whose} {_card(d['card'])} on {_card(d['top'])}: right!"
            pen = " and takes a penalty card" if d.get("penalty") else " (no penalty card: the deck is empty)"
            return f"{who} flipped {whose} {_card(d['card'])} on {_card(d['top'])}: wrong, it goes back{pen}."
        if k == "give":
            return f"{who} gave {their} place {d['place'] + 1} to {names[d['to']]} (place {d['to_place'] + 1})."
        if k == "cambio":
            return f"{who} called CAMBIO! Everyone else has one more turn."
        if k == "end":
            why = {"cambio": "after the Cambio round", "deck": "the deck ran out",
                   "turn limit": "the turn limit was reached"}[d["reason"]]
            totals = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["totals"]))
            best = " and ".join(names[p] for p in d["winners"])
            return f"Game over ({why}). Totals: {totals}. Lowest: {best}."
        return f"{k}: {d}"


POWER_NAMES = {"peek": "look at your own card", "spy": "look at another's card",
               "blind": "blind swap", "king": "look at two, then swap or keep"}


def _card(code: str | None) -> str:
    if code is None:
        return "nothing"
    return "joker" if code in _JOKER_CODES else str(Card.parse(code))


def _cards(codes: Sequence[str | None]) -> str:
    return ", ".join(_card(c) for c in codes)


def _plain_action(action: Any) -> bool:
    """A string, or a tuple of a string and whole numbers (no bools, floats or lists)."""
    if isinstance(action, str):
        return True
    if not isinstance(action, tuple) or len(action) < 2 or not isinstance(action[0], str):
        return False
    for x in action[1:]:  # a loop, not all(...): this runs on every step
        if type(x) is not int:
            return False
    return True


class Cambio(Game):
    name = "cambio"
    title = "Cambio"
    teaser = "Remember your face-down cards, spy on others', snap matches and call Cambio when you are low."
    teaches = "Expected value of unseen cards, the value of information, and when to stop."
    min_players = 2
    max_players = _MOST_SEATS
    lower_is_better = True  # grid totals
    #: the shuffle; grid cards face down
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = CambioOptions
    State = CambioState
    moves = MOVES


CambioState.game = Cambio
GAME = Cambio
