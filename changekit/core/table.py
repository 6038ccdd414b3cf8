"""A table: the one thing that moves a game between its players and its engine.

An app draws ``table.state`` and sends every move a player makes to ``table.move``; it never
applies an action to a state itself. Where the moves go is the table's business: a
:class:`LocalTable` applies them here (a game against the kit's bots, or hot seat); a networked
table (``changekit.classroom.tables.NetworkedTable``) writes them to the class store, where other
pages read them; a :class:`ReplayTable` steps through a finished game and takes no moves. The app
is the same in all three, as in boardgame.io, where local and networked play are a transport the
game never sees.

>>> from changekit.registry import game_spec
>>> spec = game_spec("zombie")
>>> table = LocalTable(spec.game(players=3).new_state(seed=4), names=["You", "Bot 1", "Bot 2"],
...                    bots={1: spec.bots["greedy"](), 2: spec.bots["greedy"]()}, seed=4)
>>> table.humans, table.state.current_players()
(frozenset({0}), (1,))
>>> table.play_programs(), table.state.current_players()  # the bots move up to your turn
(2, (0,))
>>> table.move(table.state.legal_actions(0)[0], 0)
>>> table.play_programs(), table.state.current_players(), table.version
(2, (0,), 6)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .bots import Bot, play_turns
from .errors import ChangekitError, IllegalAction
from .state import Event, Player, State

#: A page's own move for one of its human seats that needs no click (Cambio passes a snap window
#: its human knows nothing to snap in), or None: the human chooses.
AutoMove = Callable[[State, Player], Any]


@runtime_checkable
class Table(Protocol):
    """What an app needs of the place its game is played.

    ``state``: the position now (read-only for the app: it may be a new object after any move);
    ``humans``: the seats whose moves come from this page's clicks; ``names()``: every seat's name
    as this page shows it; ``version``: a number that changes whenever the position does (a page
    redraws when it differs from the one it drew); ``can_undo``: whether :meth:`rewind` is allowed;
    ``can_restart``: whether the app may replace this table with a new game of its own."""

    can_undo: bool
    can_restart: bool

    @property
    def state(self) -> State: ...

    @property
    def humans(self) -> frozenset[int]: ...

    @property
    def version(self) -> int: ...

    def names(self) -> list[str]: ...

    def move(self, action: Any, seat: int) -> None:
        """Make one move for ``seat``; a move refused raises ChangekitError and changes nothing."""

    def play_programs(self, auto: AutoMove | None = None) -> int:
        """The bots' moves, and ``auto``'s for this page's humans, until a human must choose or
        the game is over; returns how many moves this table made."""

    def take_notes(self) -> list[str]:
        """The bots' explanations of their moves since the last call (may be none)."""

    def sync(self) -> bool:
        """Read what other players did meanwhile; True if the position changed."""

    def rewind(self, actions: int) -> None:
        """Back to the position after the first ``actions`` actions (refused unless ``can_undo``)."""


class LocalTable:
    """A game played here: the humans at ``humans`` (default: every seat without a bot) click,
    the ``bots`` (by seat) answer, with one random generator seeded by ``seed``."""

    can_undo = True
    can_restart = True

    def __init__(self, state: State, *, names: Sequence[str], bots: Mapping[int, Bot] | None = None,
                 seed: int = 0, humans: Collection[int] | None = None) -> None:
        self._version = 0
        self._notes: list[str] = []
        self._start(state, bots=bots or {}, names=names, seed=seed, humans=humans)

    @property
    def state(self) -> State:
        return self._state

    @property
    def humans(self) -> frozenset[int]:
        return self._humans

    @property
    def version(self) -> int:
        return self._version

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots by seat (a test or a lesson may take them away to rig a position)."""
        return self._bots

    def names(self) -> list[str]:
        return list(self._names)

    def _start(self, state: State, *, bots: Mapping[int, Bot], names: Sequence[str], seed: int,
               humans: Collection[int] | None) -> None:
        if len(names) != state.players:
            raise ChangekitError(f"a table of {state.players} seats needs {state.players} names, not {len(names)}")
        if not all(isinstance(s, int) and 0 <= s < state.players for s in bots):
            raise ChangekitError(f"bots sit at seats 0 to {state.players - 1}, not {sorted(bots)}")
        self._state, self._bots, self._names = state, dict(bots), list(names)
        self._humans = frozenset(range(state.players)) - set(self._bots) if humans is None else frozenset(humans)
        self.rng = random.Random(seed)
        self._notes = []
        self._version += 1

    def load(self, state: State) -> None:
        """Go on from ``state`` (a rigged position of a test or a lesson: same seats and names)."""
        if state.players != len(self._names):
            raise ChangekitError(f"this table has {len(self._names)} seats; the position has {state.players}")
        self._state = state
        self._version += 1

    def move(self, action: Any, seat: int) -> None:
        self._state.apply(action, seat)  # an engine refuses a bad move before it changes anything
        self._version += 1

    def play_programs(self, auto: AutoMove | None = None) -> int:
        return play_turns(lambda: self._state, lambda state, seat: self._program_move(state, seat, auto),
                          move=self.move)

    def _program_move(self, state: State, seat: int, auto: AutoMove | None) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            return auto(state, seat) if auto is not None and seat in self._humans else None
        view = state.view(seat)
        action = bot.choose(view, state.legal_actions(seat), rng=self.rng)
        reason = bot.explain(view, action)
        if reason:
            self._notes.append(f"{self._names[seat]}: {reason}")
        return action

    def take_notes(self) -> list[str]:
        notes, self._notes = self._notes, []
        return notes

    def sync(self) -> bool:
        return False  # nobody else plays here

    def rewind(self, actions: int, *, checkpoint: tuple[int, State] | None = None) -> None:
        """Back to the position after ``actions`` actions: replayed from the seed, or from
        ``checkpoint`` ((actions done, the position then), an earlier position of this game: a
        whole Zhao Pengyou match is over a thousand actions)."""
        history = self._state.history
        if isinstance(actions, bool) or not isinstance(actions, int) or not 0 <= actions <= len(history):
            raise ChangekitError(f"cannot go back to move {actions!r}: this game has {len(history)} actions")
        if checkpoint is None:
            self._state.undo(len(history) - actions)
        else:
            done, saved = checkpoint
            if not done <= actions or saved.history != history[:done]:
                raise ChangekitError("the checkpoint is not an earlier position of this game")
            self._state = saved.continued(history[done:actions])
        self._version += 1


class ReplayTable:
    """A finished game (or any saved one) stepped through, read-only: ``go_to(k)`` shows the
    position after its first ``k`` actions; moves are refused."""

    can_undo = False
    can_restart = False

    def __init__(self, game: State, *, names: Sequence[str], at: int | None = None) -> None:
        if len(names) != game.players:
            raise ChangekitError(f"a game of {game.players} seats needs {game.players} names, not {len(names)}")
        self.game = game
        self._names = list(names)
        self._version = 0
        self.go_to(len(game.history) if at is None else at)

    @property
    def state(self) -> State:
        return self._state

    @property
    def humans(self) -> frozenset[int]:
        return frozenset()

    @property
    def version(self) -> int:
        return self._version

    @property
    def at(self) -> int:
        """How many of the game's actions the position shown has played."""
        return len(self._state.history)

    @property
    def length(self) -> int:
        return len(self.game.history)

    def names(self) -> list[str]:
        return list(self._names)

    def go_to(self, actions: int) -> None:
        """Show the position after the first ``actions`` actions (clamped to the game)."""
        if isinstance(actions, bool) or not isinstance(actions, int):
            raise ChangekitError(f"a replay goes to a move number, not {actions!r}")
        k = max(0, min(actions, len(self.game.history)))
        self._state = type(self.game).replay(self.game.options, self.game.seed, self.game.history[:k])
        self._version += 1

    def move(self, action: Any, seat: int) -> None:
        raise IllegalAction("replay", "a replay only shows a game already played: it takes no moves")

    def play_programs(self, auto: AutoMove | None = None) -> int:
        return 0

    def take_notes(self) -> list[str]:
        return []

    def sync(self) -> bool:
        return False

    def rewind(self, actions: int) -> None:
        raise ChangekitError("a replay is stepped with go_to, not undone")


#: a seat's name in a move's words as a referee sends them (private-use characters: no name has them)
NAME_MARK = "\ue000{}\ue001"


class SeatState:
    """A position as one seat sees it, with the reading methods of a :class:`State` an app uses:
    a networked table's page holds this, never the game (the referee, in the class store, holds
    the game and sends each seat its view: boardgame.io's ``playerView``).

    ``view``: the game's ``view(seat)`` (with its log lines); ``legal``: the seat's legal moves now;
    ``history``: the moves as the seat knows them (``(player, action)``, the action None where it
    is not the seat's to know); ``described``: each legal move in words, ``[as describe_action(move)
    says it, as describe_action(move, names, by=seat) does with NAME_MARK for the names]`` (the
    words may depend on the position); ``blank``: a fresh position of the same game and options,
    which says log lines and other moves in words. The frame draws
    ``view(seat)`` exactly as at a local table; anything else a page reads of the position is a
    key of the view (``state.phase`` is ``view["phase"]``). Nothing here changes: a move goes to
    the table, which brings a new SeatState."""

    def __init__(self, blank: State, *, seat: Player | None, view: dict[str, Any], legal: Sequence[Any],
                 to_act: Sequence[Player], winners: Sequence[Player], scores: Sequence[float],
                 history: Sequence[tuple[Player, Any]], described: Sequence[Sequence[str]] = ()) -> None:
        self._blank, self.seat, self._view = blank, seat, view
        moves = blank.game.moves  # each move named (a list may mix named moves and plain data)
        self._legal = [a if moves is None or type(a) in moves.exact else moves.typed(a) for a in legal]
        self._words = dict(zip(self._legal, described, strict=False))
        self._to_act, self._winners = tuple(to_act), tuple(winners)
        self._scores = tuple(scores)
        self.history = list(history)
        self.log = [Event(kind, data, None) for kind, data in view.get("log", [])]
        self.game, self.options, self.seed = blank.game, blank.options, 0

    @property
    def players(self) -> int:
        return self._blank.players

    def view(self, player: Player | None) -> dict[str, Any]:
        """The seat's view (a watcher's page: the watcher's, whoever is asked about)."""
        if self.seat is not None and player != self.seat:
            raise ChangekitError(f"this page sees seat {self.seat + 1}'s view only, not {player!r}'s")
        seen = dict(self._view)
        seen["log"] = [list(line) for line in self._view.get("log", [])]
        return seen

    def view_without_log(self, player: Player | None) -> dict[str, Any]:
        seen = self.view(player)
        del seen["log"]
        return seen

    def legal_actions(self, player: Player | None = None) -> list[Any]:
        return list(self._legal) if player in (None, self.seat) and self.seat in self._to_act else []

    def current_players(self) -> tuple[Player, ...]:
        return self._to_act

    def is_terminal(self) -> bool:
        return not self._to_act

    @property
    def current_player(self) -> Player:
        """The one player to move (an error in a simultaneous phase or at the end)."""
        if len(self._to_act) != 1:
            raise ChangekitError(f"there is no single player to move now (acting: {self._to_act})")
        return self._to_act[0]

    def winners(self) -> tuple[Player, ...]:
        return self._winners

    def scores(self) -> tuple[float, ...]:
        return self._scores

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        words = self._words.get(action) if isinstance(action, Hashable) else None
        if words is not None and names is None and by is None:
            return words[0]
        if words is not None and names is not None and by in (None, self.seat):
            text = words[1]
            for i, name in enumerate(names):
                text = text.replace(NAME_MARK.format(i), name)
            return text
        return self._blank.describe_action(action, names, by=by)  # a move not legal now: its words alone

    def events_for(self, player: Player | None) -> list[Event]:
        return list(self.log)  # the referee sent only the lines this seat may read

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return self._blank.narrate(event, names)

    def clone(self) -> SeatState:
        return self  # read-only: nothing a page does changes it

    def __getattr__(self, name: str) -> Any:
        # what else a page reads of the position, it reads from the view (the phase, a pending robbery)
        view = self.__dict__.get("_view")
        if view is not None and name in view and not name.startswith("_"):
            return view[name]
        raise AttributeError(f"a seat's view of the position has no {name!r}")
