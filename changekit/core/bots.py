"""Bots see what a player sees (``state.view(player)``) and never the state itself."""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Sequence

from .checks import Rule, is_instance, is_items, optional
from .state import Action, Player, State


class Bot:
    """A player program. Subclasses set ``name`` and implement :meth:`choose`."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""
    #: False: this class never reads ``view["log"]``, so :func:`bot_move` leaves the log out of its
    #: view (copied at every move, the log grows with the game: a third of a long tournament). It
    #: holds only for the class that says it: a subclass (a student's, say) is shown the log
    #: unless it says False itself.
    reads_log: ClassVar[bool] = True

    def choose(self, view: dict[str, Any], legal: Sequence[Action], *, rng: random.Random) -> Action:
        raise NotImplementedError

    def explain(self, view: dict[str, Any], action: Action) -> str:
        """A short reason for ``action``, for the app's log (empty: no reason given)."""
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Any legal action, uniformly at random."""

    name = "random"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "plays any legal action at random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], *, rng: random.Random) -> Action:
        return rng.choice(list(legal))


def bot_move(state: State, player: Player, bot: Bot, rng: random.Random) -> Action:
    """Ask ``bot`` for ``player``'s action, showing it only that player's view (without the log
    for a bot whose own class says it never reads it: :attr:`Bot.reads_log`)."""
    if vars(type(bot)).get("reads_log", True):
        view = state.view(player)
    else:
        view = state.view_without_log(player)
    return bot.choose(view, state.legal_actions(player), rng=rng)


def play_turns(position: Callable[[], State], pick: Callable[[State, Player], Action | None], *,
               move: Callable[[Action, Player], object] | None = None,
               seats: Callable[[State], Sequence[Player]] | None = None, max_steps: int | None = None) -> int:
    """The one loop in which programs move: bots in a tournament, an app's bots and automatic
    moves, a networked table's bots, the conformance suite's random players.

    While the game ``position()`` goes on, the first seat of ``seats(state)`` (default: the
    seats acting now, in order) for which ``pick(state, seat)`` gives an action makes it with
    ``move(action, seat)`` (default: ``state.apply``); then the position is read again (a
    networked table's state is a new object after every move). Stops at the end of the game, or
    when ``pick`` gives None for every such seat (a human must choose). Returns how many moves
    were made; more than ``max_steps`` is a RuntimeError (a game that does not end)."""
    moves = 0
    while not (state := position()).is_terminal():
        for seat in state.current_players() if seats is None else seats(state):
            action = pick(state, seat)
            if action is not None:
                break
        else:
            return moves
        if move is None:
            state.apply(action, seat)
        else:
            move(action, seat)
        moves += 1
        if max_steps is not None and moves > max_steps:
            raise RuntimeError(f"{state!r} did not end within {max_steps} moves")
    return moves


def play_out(state: State, bots: Sequence[Bot], *, rng: random.Random, max_steps: int | None = None) -> State:
    """Let ``bots`` (one per seat) play ``state`` to the end, in place; returns it."""
    play_turns(lambda: state, lambda now, player: bot_move(now, player, bots[player], rng), max_steps=max_steps)
    return state


def is_bots(limit: int = 16) -> Rule:
    """An argument rule (``changekit.core.checks``): a list of bots (None: the function's default
    line-up)."""
    return optional(is_items(limit, "bots", each=is_instance(Bot, "a Bot (say RandomBot())")))
