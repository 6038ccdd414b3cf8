"""Bots see what a player sees (``state.view(player)``) and never the state itself."""
from __future__ import annotations

import random
from typing import Any, ClassVar, Sequence

from .checks import Rule, is_instance, is_items, optional
from .state import Action, Player, State


class Bot:
    """A player program. Subclasses set ``name`` and implement :meth:`choose`."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""

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
    description = "plays any legal action at random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], *, rng: random.Random) -> Action:
        return rng.choice(list(legal))


def bot_move(state: State, player: Player, bot: Bot, rng: random.Random) -> Action:
    """Ask ``bot`` for ``player``'s action, showing it only that player's view."""
    return bot.choose(state.view(player), state.legal_actions(player), rng=rng)


def play_out(state: State, bots: Sequence[Bot], *, rng: random.Random, max_steps: int | None = None) -> State:
    """Let ``bots`` (one per seat) play ``state`` to the end, in place; returns it."""
    steps = 0
    while not state.is_terminal():
        for player in state.current_players():
            state.apply(bot_move(state, player, bots[player], rng), player)
            if state.is_terminal():
                break
        steps += 1
        if max_steps is not None and steps > max_steps:
            raise RuntimeError(f"{state!r} did not end within {max_steps} steps")
    return state


def is_bots(limit: int = 16) -> Rule:
    """An argument rule (``changekit.core.checks``): a list of bots (None: the function's default
    line-up)."""
    return optional(is_items(limit, "bots", each=is_instance(Bot, "a Bot (say RandomBot())")))
