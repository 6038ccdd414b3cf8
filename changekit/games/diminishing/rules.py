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

An action is a tuple ``(played, *taken)``: the bill played, then the bills taken back from the
highest down, e.g. ``(5, 3, 1)``; ``(7,)`` plays a $7 and takes nothing back.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Sequence

from changekit.core import (
    DENOMINATIONS, ChangekitError, Event, Game, GameRng, IllegalAction, Options, Player, State, leaders,
)
from changekit.core.words import dollars, winners_text
from changekit.core.money import BILLS_PER_DENOMINATION
from changekit.core.checks import checked, is_change_bills
from changekit.core.options import choices

#: The standard starting purse, from the highest bill down ($46).
STANDARD_PURSE: tuple[int, ...] = (10, 7, 7, 5, 5, 3, 3, 3, 1, 1, 1)
End = Literal["last_standing", "first_knockout"]
ENDS: tuple[str, ...] = choices(End)


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
def legal_moves(purse: Sequence[int], pot: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal action ``(played, *taken)`` for a player holding ``purse``, from the
    smallest bill played up.

    >>> legal_moves([5, 1], [3, 1])
    [(1,), (5,), (5, 1), (5, 3), (5, 3, 1)]
    """
    return list(_legal(tuple(sorted(set(purse))), tuple(sorted(pot, reverse=True))))


@lru_cache(maxsize=65536)
def _legal(kinds: tuple[int, ...], pot: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple((bill, *take) for bill in kinds for take in _takes(pot, bill - 1))


@lru_cache(maxsize=65536)
def _legal_set(kinds: tuple[int, ...], pot: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    return frozenset(_legal(kinds, pot))


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
                    f"purse: {players} players × {n} bills of ${value} need more than the "
                    f"{BILLS_PER_DENOMINATION * decks} of {decks} deck(s)")


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

    def _legal_actions(self, player: Player) -> list[tuple[int, ...]]:
        return legal_moves(self.purses[player], self.pot)

    def check(self, player: Player, action: Any) -> tuple[int, tuple[int, ...]]:
        """(bill played, bills taken) of ``action`` if legal, else :class:`IllegalAction`."""
        purse = self.purses[player]
        if type(action) is not tuple or not action or any(type(x) is not int for x in action):
            raise IllegalAction(
                "action-form",
                f"a move is a tuple (played, *taken) of bill values like (5, 3, 1), not {action!r}")
        bill, take = action[0], action[1:]
        if action in _legal_set(tuple(sorted(set(purse))), tuple(self.pot)):
            return bill, take
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
                f"after playing ${bill} you may take back at most ${bill - 1}, not {take!r} (${sum(take)})")
        raise IllegalAction("illegal-move", f"{action!r} is not a legal move here")  # not reached

    def _apply(self, player: Player, action: Any) -> None:
        bill, take = self.check(player, action)
        purse = self.purses[player]
        purse.remove(bill)
        self.pot.append(bill)
        for value in take:
            self.pot.remove(value)
            purse.append(value)
        purse.sort(reverse=True)
        self.pot.sort(reverse=True)
        self.turns += 1
        self.log.append(Event("move", {
            "player": player, "play": bill, "take": list(take), "money": sum(purse), "pot": sum(self.pot),
        }))
        if not purse:
            self.out[player] = True
            self.knocked_out.append(player)
            self.log.append(Event("out", {"player": player}))
        alive = [p for p in range(self.players) if not self.out[p]]
        if self.out[player] and (self.options.end == "first_knockout" or len(alive) == 1):
            self.turn = None
            self.log.append(Event("game_end", {
                "money": [sum(p) for p in self.purses], "winners": list(self.winners())}))
            return
        nxt = (player + 1) % self.players
        while self.out[nxt]:
            nxt = (nxt + 1) % self.players
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

    def _view(self, player: Player | None) -> dict[str, Any]:
        # money is kept face up: everyone sees everything
        return {
            "you": player,
            "purses": [list(p) for p in self.purses],
            "pot": list(self.pot),
            "out": list(self.out),
            "turn": self.turn,
            "turns": self.turns,
            "end": self.options.end,
        }

    def inventory(self) -> Counter:
        return Counter([*self.pot, *(b for p in self.purses for b in p)])

    def determinize(self, player: Player, rng: GameRng) -> "DiminishingState":
        """Nothing is hidden in this game: an exact copy (with its own RNG)."""
        twin = self.clone()
        twin.rng = GameRng(rng.randrange(2**32))
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        if event.kind == "start":
            return f"Everyone starts with {dollars(d['purse'])} (${sum(d['purse'])}). First to play: {names[d['first']]}."
        if event.kind == "move":
            took = f" and took back {dollars(d['take'])}" if d["take"] else " and took nothing back"
            return (f"{names[d['player']]} played ${d['play']}{took}: "
                    f"${d['money']} left, ${d['pot']} in the pot.")
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
    #: money is face up and nothing is left to chance but who starts: ``determinize`` is a copy
    perfect_information = True
    Options = DiminishingOptions
    State = DiminishingState


DiminishingState.game = DiminishingReturns
GAME = DiminishingReturns
