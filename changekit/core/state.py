"""The protocol every game follows: ``Game`` (what is being played) and ``State`` (a position).

A tour, with Zombie (every game answers the same calls):

>>> from changekit.games.zombie.rules import Zombie
>>> state = Zombie(players=3).new_state(seed=7)       # a game is its options; a state adds a seed
>>> state.current_players(), state.legal_actions()     # who acts, and what they may do (named moves)
((1,), [Pay(1), Pay(3), Pay(5), Pay(7)])
>>> state.apply(state.legal_actions()[2])               # player 1 pays with their $5: Pay(5) (or 5)
>>> state.view(1)["hand"]                              # what player 1 sees: their own bills left
[7, 7, 3, 1, 1]
>>> saved = state.to_json()                            # a save is the options, the seed and the actions
>>> type(state).from_json(saved) == state              # loading replays them
True
>>> state.undo(); len(state.history)                   # undo replays all but the last
0

A game is fixed by its options; a state by those options, a seed and the actions applied so
far. Everything random comes from the state's own :class:`GameRng`, so replaying the
actions from the seed rebuilds the state exactly: that is how ``undo`` and ``from_json`` work,
and why a loaded game can be trusted.

Concrete games implement the methods marked *game* below and keep their position in plain
attributes (ints, strings, tuples, lists and dicts of those), which gives them ``clone``,
``snapshot``, JSON and equality for free.
"""
from __future__ import annotations

import json
import numbers
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, ClassVar, Hashable, Iterable, Mapping, NamedTuple, Self, Sequence

from .checks import MAX_SAVE_ACTIONS, MAX_SAVE_CHARS, MAX_SAVE_DEPTH, MAX_SEED, shown
from .errors import ChangekitError, IllegalAction, InvalidArgument, InvalidSave
from .moves import Move, Moves
from .options import Options, tuples
from .rng import GameRng

# Game's class attributes ``Options`` and ``State`` name each game's own classes; inside Game's body
# these aliases name the base types.
_Options = Options

Player = int
Action = Hashable
#: 2: each move is saved as its text (``[1, "jiggle 2"]``) in a game that names its moves;
#: 1 (still loaded): each move as its plain value (``[1, ["jiggle", 2]]``).
SAVE_FORMAT = 2
SAVE_FORMATS = (1, 2)


class Event(NamedTuple):
    """One thing that happened. ``to`` lists the players who see it (``None``: everyone)."""

    kind: str
    data: dict[str, Any]
    to: tuple[Player, ...] | None = None

    def seen_by(self, player: Player | None) -> bool:
        return self.to is None or (player is not None and player in self.to)


#: ``Event(kind, data, to)`` built from the one tuple ``(kind, data, to)`` without NamedTuple's
#: Python-level ``__new__``: engines log events at every step of every playout (about 6% of a
#: Boneyard playout). ``to`` must be given (``None``: everyone).
event_from: Callable[[tuple[str, dict[str, Any], tuple[Player, ...] | None]], Event] = partial(tuple.__new__, Event)


@dataclass(frozen=True, slots=True)
class GameType:
    """What kind of game it is (after OpenSpiel's ``GameType``): what the conformance suite may
    expect of it, and what a table must hide.

    ``chance``: the seed deals, shuffles, draws or picks who starts, so two seeds give two games;
    without it a game is the same whatever the seed. ``simultaneous``: some steps have several
    players act at once, each move hidden from the others until all have moved.
    ``perfect_information``: nothing is hidden from anyone, ever (a determinization is a copy).
    ``hidden_lasts``: something stays hidden across turns (a hand, a bag), not only a secret move
    waiting for the others'.
    """

    chance: bool = True
    simultaneous: bool = False
    perfect_information: bool = False
    hidden_lasts: bool = True

    def __post_init__(self) -> None:
        for name in ("chance", "simultaneous", "perfect_information", "hidden_lasts"):
            if not isinstance(getattr(self, name), bool):
                raise ChangekitError(f"a game type's {name} is True or False, not {getattr(self, name)!r}")
        if self.perfect_information and (self.hidden_lasts or self.simultaneous):
            raise ChangekitError("a game of perfect information hides nothing: no lasting hidden information, "
                                 "no simultaneous (hidden) moves")
        if not self.perfect_information and not (self.hidden_lasts or self.simultaneous):
            raise ChangekitError("a game of imperfect information hides something: a lasting secret "
                                 "(hidden_lasts) or moves made at once (simultaneous)")


class Game:
    """What is being played: metadata (class attributes) and chosen options.

    Subclasses set the metadata and ``Options``/``State`` types; the registry, the
    gallery and the conformance suite read them. ``game_type`` declares the kind of game
    (:class:`GameType`); ``perfect_information`` follows from it.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    teaser: ClassVar[str]
    teaches: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    notebook: ClassVar[str] = ""  # the notebook file, when it is not "<name>.ipynb"
    #: the kind of game (chance, simultaneous moves, what is hidden and for how long)
    game_type: ClassVar[GameType] = GameType()
    #: nothing hidden: determinize() is a plain copy (the game type's, kept as a name of its own)
    perfect_information: ClassVar[bool] = False
    lower_is_better: ClassVar[bool] = False  # scores count against the player (penalties, totals)
    #: the game's named moves (core/moves.py): legal_actions lists them, apply reads a plain value
    #: as one and refuses what is no move of the game (``None``: a game whose moves have no names)
    moves: ClassVar[Moves | None] = None
    Options: ClassVar[type[_Options]]
    State: ClassVar[type[_State]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game_type" not in cls.__dict__ and cls.__dict__.get("perfect_information") is True:
            # declared the older way: nothing hidden (chance kept: at least who starts)
            cls.game_type = GameType(perfect_information=True, hidden_lasts=False)
        if not isinstance(cls.game_type, GameType):
            raise ChangekitError(f"{cls.__name__}.game_type is a GameType, not {cls.game_type!r}")
        cls.perfect_information = cls.game_type.perfect_information

    def __init__(self, **options: Any) -> None:
        try:
            self.options = self.Options(**options)
        except TypeError as exc:
            raise ChangekitError(f"{self.title}: {exc}") from None
        check_player_count(type(self), self.options.players)

    def new_state(self, *, seed: int) -> _State:
        return self.State(self.options, seed=seed)

    @classmethod
    def notebook_file(cls) -> str:
        return cls.notebook or f"{cls.name}.ipynb"

    @classmethod
    def max_steps(cls, options: _Options) -> int:
        """An upper bound on the number of actions in one game (for the termination test);
        each game's options say it (:meth:`Options.max_steps`), typed for their own fields."""
        return options.max_steps()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options})"


def check_player_count(game: type[Game], players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not game.min_players <= players <= game.max_players:
        raise ChangekitError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players!r}"
        )


_BASE_FIELDS = ("options", "seed", "rng", "history", "log")


class State:
    """A position of a game, and the way to move on from it."""

    game: ClassVar[type[Game]]
    options: _Options
    seed: int
    rng: GameRng
    history: list[tuple[Player, Action]]
    log: list[Event]
    _move_types: frozenset[type]

    def __init__(self, options: _Options, *, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed <= MAX_SEED:
            raise InvalidArgument(f"a seed is a whole number from 0 to 2**64 - 1, not {shown(seed)}")
        self.options = options
        self.seed = int(seed)  # a numpy or other integral seed becomes a plain int
        self.rng = GameRng(self.seed)
        self.history: list[tuple[Player, Action]] = []
        self.log: list[Event] = []
        moves = self.game.moves
        # the exact types of the game's named moves: legal_actions and apply ask at every step of
        # a playout, and a state's own attribute is the quickest read CPython has
        self._move_types = moves.exact if moves is not None else frozenset()
        self._setup()

    # ---- game: what each game implements ---------------------------------------------
    def _setup(self) -> None:
        """Deal, place, roll: the opening position, using ``self.rng``."""
        raise NotImplementedError

    def current_players(self) -> tuple[Player, ...]:
        """Who must act now: one player, several for simultaneous moves, none at the end."""
        raise NotImplementedError

    def _legal_actions(self, player: Player) -> list[Action]:
        """The actions ``player``, one of the players acting now, may take."""
        raise NotImplementedError

    def _apply(self, player: Player, action: Action) -> None:
        """Check ``action`` (raise :class:`IllegalAction` before changing anything), then do it."""
        raise NotImplementedError

    def scores(self) -> tuple[float, ...]:
        raise NotImplementedError

    def winners(self) -> tuple[Player, ...]:
        """The winners once the game is over (ties share), else ``()``."""
        raise NotImplementedError

    def _view(self, player: Player | None) -> Mapping[str, object]:
        """What ``player`` can see (``None``: a spectator), as plain JSON-able data: each game
        returns its own ``TypedDict`` (docs/game-shape.md lists the shared keys)."""
        raise NotImplementedError

    def inventory(self) -> Counter:
        """Everything the game conserves (bills, cards, workers...), wherever it is."""
        raise NotImplementedError

    def describe_action(self, action: Action, names: Sequence[str] | None = None, *,
                        by: Player | None = None) -> str:
        """``action`` in words, as a button, the log and a bot's reason say it ("Bid $10 + $5").

        Words for a legal action of this position; distinct actions get distinct words. ``names``
        (the players' names) and ``by`` (the seat that reads it: "you") are for games whose moves
        name other players; every game takes them, and may ignore them."""
        raise NotImplementedError

    def determinize(self, player: Player, rng: GameRng) -> Self:
        """A copy in which all that ``player`` cannot see is dealt again at random.

        The copy looks the same to ``player`` (the leak test checks that), but its history
        no longer replays to it: use it for search and tests, not for saving.
        """
        raise NotImplementedError

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        """One sentence for the log."""
        raise NotImplementedError

    # ---- provided ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.options.players

    def is_terminal(self) -> bool:
        return not self.current_players()

    @property
    def current_player(self) -> Player:
        """The one player to move (an error in a simultaneous phase or at the end)."""
        acting = self.current_players()
        if len(acting) != 1:
            raise ChangekitError(f"there is no single player to move now (acting: {acting})")
        return acting[0]

    def check_seat(self, player: Any) -> Player:
        """``player`` as a seat number: a plain ``int`` from 0 to ``players - 1`` (a numpy
        integer is converted), anything else an :class:`IllegalAction`.

        The one seat rule: ``apply``, ``legal_actions`` and ``view`` start with it, so a bad
        seat is refused before anything changes.
        """
        if type(player) is int and 0 <= player < self.options.players:
            return player
        if not isinstance(player, bool) and isinstance(player, numbers.Integral) \
                and 0 <= int(player) < self.options.players:
            return int(player)
        raise IllegalAction(
            "seat", f"a player is a seat number from 0 to {self.options.players - 1}, not {shown(player)}")

    def legal_actions(self, player: Player | None = None) -> list[Action]:
        """The actions ``player`` may take now (``None``: the first player acting); ``[]`` when
        it is not their turn or the game is over."""
        acting = self.current_players()
        if type(player) is int and player in acting:  # the common case, on every playout's hot path
            actions = self._legal_actions(player)
            # engines list their moves named: one look at the first settles it
            if not actions or type(actions[0]) in self._move_types:
                return actions
            return self._named(actions)
        if player is None:
            return self._named(self._legal_actions(acting[0])) if acting else []
        player = self.check_seat(player)
        return self._named(self._legal_actions(player)) if player in acting else []

    def _named(self, actions: list[Action]) -> list[Action]:
        """``actions`` as the game's named moves (an engine may list them named already: then
        this is one look at the first)."""
        moves = self.game.moves
        if moves is None or not actions or type(actions[0]) in moves.exact:
            return actions
        return moves.typed_all(actions)

    def _player_for(self, player: Player | None) -> Player:
        if player is not None:
            player = self.check_seat(player)
        acting = self.current_players()
        if not acting:
            raise IllegalAction("game-over", "the game is over: nobody can act")
        if player is None:
            if len(acting) > 1:
                raise IllegalAction("who-acts", f"several players act now {acting}: say which one")
            return acting[0]
        if player not in acting:
            raise IllegalAction("turn", f"it is not player {player!r}'s turn (acting: {acting})")
        return player

    def apply(self, action: Action, player: Player | None = None) -> None:
        """Play ``action`` for ``player`` (default: the one player to move)."""
        acting = self.current_players()
        # the common cases first, kept short: they are on every playout's hot path (a seat that
        # is acting is a valid seat, so check_seat has nothing to add)
        if type(player) is int and player in acting:
            who = player
        elif player is None and len(acting) == 1:
            who = acting[0]
        else:
            who = self._player_for(player)
        if type(action) not in self._move_types:
            moves = self.game.moves
            if moves is not None:
                action = moves.typed(action)  # an InvalidMove for what is no move of the game at all
        self._apply(who, action)
        self.history.append((who, action))

    def view(self, player: Player | None) -> dict[str, Any]:
        """What ``player`` may see, including the log lines meant for them."""
        seen = self.view_without_log(player)
        seen["log"] = self.log_lines(player)
        return seen

    def view_without_log(self, player: Player | None) -> dict[str, Any]:
        """``view(player)`` but its ``log`` (a referee that sent the earlier lines sends only the new
        ones, :meth:`log_lines` from where it stopped)."""
        seen = dict(self._view(self._seat_or_none(player)))
        seen["to_act"] = list(self.current_players())
        return seen

    def log_lines(self, player: Player | None, start: int = 0) -> list[list[Any]]:
        """The log lines of ``view(player)`` among the events from ``self.log[start]`` on."""
        player = self._seat_or_none(player)
        # an event's data is never changed once logged, and engines may share one line between
        # games (built once, reused): each view gets its own top-level dicts, the values inside are
        # read-only (copying them all would cost views 5x; bots read views at every decision)
        events = self.log[start:] if start else self.log
        # Event.seen_by inlined, the fields unpacked: bots read a view at every move, and the log
        # grows with the game (this was half a Big Cheese tournament's time)
        if player is None:
            return [[kind, dict(data)] for kind, data, to in events if to is None]
        return [[kind, dict(data)] for kind, data, to in events if to is None or player in to]

    def _seat_or_none(self, player: Player | None) -> Player | None:
        return None if player is None else self.check_seat(player)

    def events_for(self, player: Player | None) -> list[Event]:
        return [e for e in self.log if e.seen_by(player)]

    def narration(self, player: Player | None = None, names: Sequence[str] | None = None) -> list[str]:
        names = names or default_names(self.players)
        return [self.narrate(e, names) for e in self.events_for(player)]

    def clone(self) -> Self:
        """An independent copy: lists, dicts and sets are copied, level by level, immutable values
        shared; the random generator continues from the same point."""
        twin = object.__new__(type(self))
        for key, value in vars(self).items():
            twin.__dict__[key] = value.copy() if isinstance(value, GameRng) else _plain_copy(value)
        return twin

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (by replaying the others from the seed)."""
        if isinstance(steps, bool) or not isinstance(steps, numbers.Integral):
            raise InvalidArgument(f"steps is a whole number of actions to take back, not {shown(steps)}")
        if not 0 <= steps <= len(self.history):
            raise InvalidArgument(f"cannot undo {shown(steps)} actions: only {len(self.history)} were played")
        steps = int(steps)
        replayed = self.replay(self.options, self.seed, self.history[: len(self.history) - steps])
        self.__dict__.update(replayed.__dict__)

    def continued(self, moves: Iterable[tuple[Player, Action]]) -> Self:
        """A copy of this position with ``moves`` ((seat, action) pairs) played on it; this state
        is not changed (an app's undo replays from a checkpoint with it)."""
        twin = self.clone()
        for player, action in moves:
            twin.apply(action, player)
        return twin

    @classmethod
    def replay(cls, options: Options, seed: int, history: Iterable[tuple[Player, Action]]) -> Self:
        state = cls(options, seed=seed)
        for player, action in history:
            state.apply(action, player)
        return state

    def snapshot(self) -> dict[str, Any]:
        """The full position (hidden parts too) as plain data.

        Attributes whose names start with ``_`` are derived caches an engine keeps for speed:
        they are copied by :meth:`clone` but are not part of the position (nor of a save)."""
        return {k: v for k, v in vars(self).items() if k not in _BASE_FIELDS and not k.startswith("_")}

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game.name,
                "format": SAVE_FORMAT,
                "options": self.options.to_json(),
                "seed": self.seed,
                "history": [[p, a.text() if isinstance(a, Move) else a] for p, a in self.history],
                "position": self.snapshot(),
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a saved game: replay its actions and check the saved position matches.

        Sizes and structure are checked before anything is built (see docs/limits.md); any
        failure is an :class:`InvalidSave`, whose message never quotes more than a little
        of the input.
        """
        data = _parse_save(text)
        if data["game"] != cls.game.name:
            raise InvalidSave(f"this is a save of {shown(data['game'])}, not {cls.game.name!r}")
        if type(data["format"]) is not int or data["format"] not in SAVE_FORMATS:
            raise InvalidSave(f"save format {shown(data['format'])} is not one of {list(SAVE_FORMATS)}")
        if not isinstance(data["options"], dict) or not isinstance(data["history"], list):
            raise InvalidSave("options must be an object and history a list")
        if len(data["history"]) > MAX_SAVE_ACTIONS:
            raise InvalidSave(f"a save holds at most {MAX_SAVE_ACTIONS} actions, not {len(data['history'])}")
        try:
            options = cls.game.Options.from_json(data["options"])
            check_player_count(cls.game, options.players)
            moves = [_move(m, cls.game.moves, data["format"]) for m in data["history"]]
            state = cls.replay(options, data["seed"], moves)
            same = _normal(state.snapshot()) == _normal(data["position"])
        except InvalidSave:
            raise
        except ChangekitError as exc:
            raise InvalidSave(f"the save does not replay: {exc}") from None
        except Exception as exc:  # whatever a malformed save trips over, it is a bad save
            raise InvalidSave(f"the save does not replay: {type(exc).__name__}: {shown(str(exc), 200)}") from None
        if not same:
            raise InvalidSave("the saved position does not match its own history of actions")
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # states change

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} after {len(self.history)} actions>"


_State = State


def leaders(values: Sequence[float], *, lowest: bool = False) -> tuple[Player, ...]:
    """The seats holding the best of ``values`` (the highest, or with ``lowest`` the lowest); ties share.

    >>> leaders([3, 7, 7]), leaders([3, 7, 7], lowest=True)
    ((1, 2), (0,))
    """
    best = min(values) if lowest else max(values)
    return tuple(p for p, v in enumerate(values) if v == best)


def default_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


def _parse_save(text: Any) -> dict[str, Any]:
    """The JSON object of a save, checked for size and nesting before anything is built."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidSave(f"a saved game is JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise InvalidSave(f"a saved game is at most {MAX_SAVE_CHARS} characters long, not {len(text)}")
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidSave(f"a saved game nests at most {MAX_SAVE_DEPTH} levels deep") from None
    except (TypeError, ValueError) as exc:  # UnicodeDecodeError and JSONDecodeError too
        raise InvalidSave(f"a saved game is JSON text: {shown(str(exc), 200)}") from None
    if _depth(data) > MAX_SAVE_DEPTH:
        raise InvalidSave(f"a saved game nests at most {MAX_SAVE_DEPTH} levels deep")
    if not isinstance(data, dict):
        raise InvalidSave("a saved game is a JSON object")
    missing = {"game", "format", "options", "seed", "history", "position"} - set(data)
    if missing:
        raise InvalidSave(f"the save lacks {sorted(missing)}")
    return data


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (without recursion: any depth is safe)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, level = todo.pop()
        if isinstance(value, (list, dict)):
            if level > MAX_SAVE_DEPTH:
                return level
            deepest = max(deepest, level)
            todo.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def _move(entry: Any, moves: Moves | None, save_format: int) -> tuple[Player, Action]:
    if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int):
        raise InvalidSave(f"each history entry is [player, action], not {shown(entry)}")
    player, action = entry
    if moves is None:
        return player, tuples(action)
    if save_format >= 2:
        return player, moves.parse(action)  # format 2 saves each named move as its text
    return player, moves.typed(tuples(action))


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


_NESTED = (list, dict, set)


def _plain_copy(value: Any) -> Any:
    """Copy plain data: lists, dicts and sets are copied, level by level; everything else here
    (ints, strings, tuples, named tuples) is immutable and shared."""
    if isinstance(value, list):
        return [_plain_copy(v) if isinstance(v, _NESTED) else v for v in value]
    if isinstance(value, dict):
        return {k: _plain_copy(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value
