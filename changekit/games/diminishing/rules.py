"""Diminishing Returns: feed the pot one bill a turn, take back a little less; last with money wins.

Rules in our words (the kit's decisions, docs/rules.md):

* 2-6 players. Everyone starts with the same purse, kept face up: three $1, three $3, two $5,
  two $7 and one $10 ($46). The pot in the middle starts empty. One Change! deck holds enough
  for 3 players; 4-6 players use a second deck. A random player starts, then turns go left.
* On your turn you must put one bill from your purse into the pot. Then you may take back
  from the pot any bills you like, as long as they add up to at most $1 less than the bill you
  put in (put in a $5: take back up to $4, say a $3 and a $1). So the bill you just played can
  never come straight back, and every turn costs you at least $1.
* A player who ends a turn with no money is out and never plays again.
* Option ``end``: ``"last_standing"`` (default): the last player with money wins.
  ``"first_knockout"`` (the Pennywise rule): the game stops at the first knockout and the
  richest player wins (ties share).
* Option ``purse`` (our addition, for teaching on small games): the starting purse, the same for
  everyone; default the standard one above.

A move is a :class:`~changekit.games.diminishing.moves.Play` (moves.py): the bill played, then
the bills taken back from the highest down, e.g. ``Play(5, 3, 1)`` (in words ``play 5 3+1``);
``Play(7)`` plays a $7 and takes nothing back. It is the tuple ``(played, *taken)`` the engine
always used (``Play(5, 3, 1) == (5, 3, 1)``), so a plain tuple is read as the move. :func:`play`
builds one with the take-back in any order; :func:`describe_move` says it in words.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Sequence, TypedDict

from changekit.core import (
    GameType,
    DENOMINATIONS, ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, leaders,
)
from changekit.core.rng import twin_rng
from changekit.core.words import dollars, money, winners_text
from changekit.core.money import BILLS_PER_DENOMINATION
from changekit.core.checks import checked
from changekit.core.money import is_change_bills
from changekit.core.options import choices
from changekit.core.state import Action, event_from

from .moves import MOVES, Play, as_play

#: The standard starting purse, from the highest bill down ($46).
STANDARD_PURSE: tuple[int, ...] = (10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1)
End = Literal["last_standing", "first_knockout"]
ENDS: tuple[str, ...] = choices(End)


def play(bill: int, *take: int) -> Play:
    """The move that plays ``bill`` into the pot and takes back the bills ``take`` (in any
    order: the move lists them from the highest down).

    >>> play(7), play(5, 1, 3)
    (Play(7), Play(5, 3, 1))
    """
    return Play(bill, *sorted(take, reverse=True))


def kept(action: Sequence[int]) -> int:
    """Money a move changes the mover's purse by: taken back minus played (always < 0).

    >>> kept(play(5, 3)), kept(play(1))
    (-2, -1)
    """
    return sum(action[1:]) - action[0]


def take_back_words(take: Sequence[int]) -> str:
    """What a move takes back, in words (with the total when there is something to add up).

    >>> take_back_words(()), take_back_words((3,)), take_back_words((3, 1))
    ('take back nothing', 'take back $3', 'take back $3 $1 ($4)')
    """
    if not take:
        return "take back nothing"
    total = f" ({money(sum(take))})" if len(take) > 1 else ""
    return f"take back {dollars(take, sep=' ')}{total}"


def describe_move(action: Sequence[int]) -> str:
    """A move (a :class:`Play`, or its plain tuple ``(played, *taken)``) in words: the app's
    buttons, the log, the bots and the solver say it so.

    >>> describe_move(Play(7)), describe_move(Play(5, 3, 1)), describe_move((5, 3))
    ('play $7', 'play $5, take back $3 $1 ($4)', 'play $5, take back $3')
    """
    move = as_play(action)  # an InvalidMove for what is no move at all
    played = f"play {money(move.bill)}"
    return f"{played}, {take_back_words(move.take)}" if move.take else played


def decks_for(players: int) -> int:
    """Change! decks needed: one for 2-3 players, two for 4-6."""
    return 1 if players <= 3 else 2


def takes_within(pot: Sequence[int], limit: int) -> list[tuple[int, ...]]:
    """Every different bundle of bills (highest first) from ``pot`` worth at most ``limit``.

    >>> takes_within([5, 3, 1, 1], 4)
    [(), (1,), (1, 1), (3,), (3, 1)]
    """
    return list(_takes(tuple(sorted(pot, reverse=True)), limit))


@lru_cache(maxsize=65536)
def _takes(pot: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    counts = Counter(b for b in pot if b <= limit)
    kinds = sorted(counts)
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, chosen: tuple[int, ...]) -> None:
        if i == len(kinds):
            out.append(tuple(sorted(chosen, reverse=True)))
            return
        value = kinds[i]
        for k in range(min(counts[value], left // value) + 1):
            rec(i + 1, left - k * value, chosen + (value,) * k)

    rec(0, limit, ())
    return tuple(sorted(out, key=lambda t: (sum(t), t)))


@checked(purse=is_change_bills(), pot=is_change_bills())
def legal_moves(purse: Sequence[int], pot: Sequence[int]) -> list[Play]:
    """Every legal move for a player holding ``purse``, from the smallest bill played up.

    >>> legal_moves([5, 1], [3, 1])
    [Play(1), Play(5), Play(5, 1), Play(5, 3), Play(5, 3, 1)]
    """
    return list(_legal(tuple(sorted(set(purse))), tuple(sorted(pot, reverse=True))))


#: a Play built without Play's checks: its bills come from a purse and a pot, whole numbers already
_play = tuple.__new__


@lru_cache(maxsize=65536)
def _legal(kinds: tuple[int, ...], pot: tuple[int, ...]) -> tuple[Play, ...]:
    return tuple(_play(Play, (bill, *take)) for bill in kinds for take in _takes(pot, bill - 1))


# The engine's hot path: every playout step lists the moves, then checks the one chosen. The state's
# own lists need none of legal_moves' argument checks; a purse and pot are looked up as they are (a
# small cache: each entry is only a key), the moves themselves are shared by every purse with the same
# kinds of bills.
@lru_cache(maxsize=16384)
def _moves_of(purse: tuple[int, ...], pot: tuple[int, ...]) -> dict[Play, Play]:
    """The legal moves as a dict from each move to itself, in ``legal_moves`` order: a Play is
    known to be legal by one lookup (a Play holds only whole numbers, so no ``True`` or ``1.0``
    passes for a bill)."""
    return _move_index(tuple(sorted(set(purse))), tuple(sorted(pot, reverse=True)))


@lru_cache(maxsize=65536)
def _move_index(kinds: tuple[int, ...], pot: tuple[int, ...]) -> dict[Play, Play]:
    return {move: move for move in _legal(kinds, pot)}


@dataclass(frozen=True, slots=True, kw_only=True)
class DiminishingOptions(Options):
    players: int = 2
    end: End = "last_standing"
    purse: tuple[int, ...] = STANDARD_PURSE

    def max_steps(self) -> int:
        # every turn costs its player at least $1 of the money in the purses
        return sum(self.purse) * self.players

    def check(self) -> None:
        if not isinstance(self.purse, tuple) or not self.purse:
            raise ChangekitError(f"purse is a non-empty tuple of bills, not {self.purse!r}")
        for bill in self.purse:
            if type(bill) is not int or bill not in DENOMINATIONS:
                raise ChangekitError(f"purse: a bill is one of {DENOMINATIONS}, not {bill!r}")
        if list(self.purse) != sorted(self.purse, reverse=True):
            raise ChangekitError(f"purse lists its bills from the highest down, not {self.purse!r}")
        players = self.players
        decks = decks_for(players)
        for value, n in Counter(self.purse).items():
            if players * n > BILLS_PER_DENOMINATION * decks:
                raise ChangekitError(
                    f"purse: {players} players × {n} bills of {money(value)} need more than the "
                    f"{BILLS_PER_DENOMINATION * decks} of {decks} deck(s)")



class DiminishingView(TypedDict):
    """What a player sees: everything (money is kept face up, and the options are the rules in
    force, known to all)."""

    you: Player | None  # the viewer's seat (None: a spectator)
    hands: list[list[int]]  # every player's purse (the bills they hold), from the highest bill down
    scores: list[int]  # the money in each purse
    pot: list[int]  # the bills in the pot, from the highest down
    out: list[bool]  # per seat: out of the game (ended a turn with no money)
    turn: Player | None  # the seat to play (None once the game is over)
    turns: int  # turns played so far
    end: End  # the option in force: "last_standing" or "first_knockout"
    winners: list[Player]  # [] until the game is over


class DiminishingState(State):
    options: DiminishingOptions

    def _setup(self) -> None:
        n = self.players
        self.purses: list[list[int]] = [list(self.options.purse) for _ in range(n)]
        self.pot: list[int] = []
        self.out: list[bool] = [False] * n
        self.knocked_out: list[int] = []  # in order
        self.turn: int | None = self.rng.randrange(n)  # "play begins with a random player"
        self.turns = 0
        self.log.append(Event("start", {"first": self.turn, "purse": list(self.options.purse)}))

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        return () if self.turn is None else (self.turn,)

    def _legal_actions(self, player: Player) -> list[Action]:
        return list(_moves_of(tuple(self.purses[player]), tuple(self.pot)))  # the keys, in order

    def check(self, player: Player, action: Any) -> Play:
        """``action`` as the :class:`Play` it names if legal, else :class:`IllegalAction` (an
        :class:`~changekit.core.errors.InvalidMove` for what is no move at all)."""
        purse = self.purses[player]
        move = as_play(action)
        bill, take = move.bill, move.take
        if move in _moves_of(tuple(purse), tuple(self.pot)):
            return move
        # refused: find the rule it breaks
        if bill not in purse:
            raise IllegalAction(
                "own-bill", f"you must play a bill from your purse ({dollars(purse)}): {bill!r} is not in it")
        if list(take) != sorted(take, reverse=True):
            raise IllegalAction("take-order", f"list the bills taken back from the highest down, not {take!r}")
        missing = Counter(take) - Counter(self.pot)
        if missing:
            raise IllegalAction(
                "take-from-pot",
                f"you can only take back bills that are in the pot ({dollars(self.pot) or 'empty'}): "
                f"{tuple(missing.elements())!r} is not there")
        if sum(take) > bill - 1:
            raise IllegalAction(
                "take-limit",
                f"after playing {money(bill)} you may take back at most {money(bill - 1)}, not {take!r} "
                f"({money(sum(take))})")
        raise IllegalAction("illegal-move", f"{move!r} is not a legal move here")  # not reached

    def _apply(self, player: Player, action: Any) -> None:
        purse, pot = self.purses[player], self.pot
        # the hot path: apply has made the move a Play, and one lookup says it is legal; anything
        # else goes to check(), which names the rule it breaks
        if type(action) is not Play or action not in _moves_of(tuple(purse), tuple(pot)):
            action = self.check(player, action)
        bill, take = action[0], action[1:]  # (action.bill, action.take, without two property calls)
        purse.remove(bill)  # the purse stays sorted
        pot.append(bill)
        if take:
            for value in take:
                pot.remove(value)
                purse.append(value)
            purse.sort(reverse=True)
        pot.sort(reverse=True)
        self.turns += 1
        self.log.append(event_from(("move", {  # seen by everyone
            "player": player, "play": bill, "take": list(take), "money": sum(purse), "pot": sum(pot),
        }, None)))
        out = self.out
        if not purse:
            out[player] = True
            self.knocked_out.append(player)
            self.log.append(Event("out", {"player": player}))
            if self.options.end == "first_knockout" or out.count(False) == 1:
                self.turn = None
                self.log.append(Event("game_end", {
                    "money": [sum(p) for p in self.purses], "winners": list(self.winners())}))
                return
        players = len(out)
        nxt = (player + 1) % players
        while out[nxt]:
            nxt = (nxt + 1) % players
        self.turn = nxt

    def scores(self) -> tuple[int, ...]:
        """Money in each purse."""
        return tuple(sum(p) for p in self.purses)

    def winners(self) -> tuple[Player, ...]:
        if self.turn is not None:
            return ()
        if self.options.end == "last_standing":
            return tuple(p for p in range(self.players) if not self.out[p])
        return leaders(self.scores())

    def _view(self, player: Player | None) -> DiminishingView:
        # money is kept face up: everyone sees everything
        return {
            "you": player,
            "hands": [list(p) for p in self.purses],
            "scores": list(self.scores()),
            "pot": list(self.pot),
            "out": list(self.out),
            "turn": self.turn,
            "turns": self.turns,
            "end": self.options.end,
            "winners": list(self.winners()),
        }

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        """``action`` in words (see :func:`describe_move`): "play $5, take back $3 $1 ($4)"."""
        return describe_move(action)

    def inventory(self) -> Counter:
        return Counter([*self.pot, *(b for p in self.purses for b in p)])

    def determinize(self, player: Player, rng: GameRng) -> "DiminishingState":
        """Nothing is hidden in this game: an exact copy (with its own RNG)."""
        twin = self.clone()
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        if event.kind == "start":
            return (f"Everyone starts with {dollars(d['purse'])} ({money(sum(d['purse']))}). "
                    f"First to play: {names[d['first']]}.")
        if event.kind == "move":
            took = f" and took back {dollars(d['take'])}" if d["take"] else " and took nothing back"
            return (f"{names[d['player']]} played {money(d['play'])}{took}: "
                    f"{money(d['money'])} left, {money(d['pot'])} in the pot.")
        if event.kind == "out":
            return f"{names[d['player']]}: no money left, out of the game."
        if event.kind == "game_end":
            return f"Game over: {winners_text(d['winners'], names)}."
        return f"{event.kind}: {d}"


class DiminishingReturns(Game):
    name = "diminishing"
    title = "Diminishing Returns"
    teaser = "Feed the pot a bill a turn and take back a little less: the last one with money wins."
    teaches = "Backward induction: solving a whole game exactly, and why bills are turns."
    min_players = 2
    max_players = 6
    notebook = "diminishing_returns.ipynb"
    #: money is face up; nothing is left to chance but who starts: ``determinize`` is a copy
    game_type = GameType(chance=True, simultaneous=False, perfect_information=True, hidden_lasts=False)
    Options = DiminishingOptions
    State = DiminishingState
    moves = MOVES


DiminishingState.game = DiminishingReturns
GAME = DiminishingReturns
