"""The checks every game must pass, shared by the test suite and ``make bench``.

Modelled on OpenSpiel's random-simulation test: play random games and, along the way,
check the protocol's promises. Each check returns a list of violations (empty: all good),
so the tests can assert on it and the benchmark can count over thousands of games.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from changekit.core.bots import play_turns
from changekit.core.errors import IllegalAction, InvalidMove, InvalidSave
from changekit.core.moves import Moves, same_move
from changekit.core.rng import GameRng
from changekit.core.state import Action, Game, State, _plain_copy

#: Junk and near-miss actions every engine must refuse cleanly (not with a TypeError).
JUNK_ACTIONS: tuple[Any, ...] = (
    None, True, False, -1, 0, 2, 4, 11, 10**9, 2.5, "", "x", "10", (), (0,), (999,), ((1,),), (1, 1, 1, 1, 1, 1, 1, 1),
    frozenset(), b"1",
)


def is_legal(action: Any, legal: list[Action], moves: Moves | None = None) -> bool:
    """Membership that does not confuse ``True`` with ``1`` or ``1.0`` with ``1`` (a named move and
    its plain value are the same move: :func:`~changekit.core.moves.same_move`); given the game's
    ``moves``, a value the game reads as a move (a JSON list) is that move, and what is no move is
    not legal."""
    if moves is not None:
        try:
            action = moves.typed(action)
        except InvalidMove:
            return False
    return any(same_move(a, action) for a in legal)


def check_playout(game: Game, seed: int, *, deep_every: int = 7) -> list[str]:
    """Play one random game from ``seed`` checking every step; deep checks every few steps."""
    problems: list[str] = []
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    offset = rng.randrange(deep_every)  # deep checks fall at different moments in each game

    def deep(position: State, steps: int) -> None:
        if (steps + offset) % deep_every == 0:
            problems.extend(check_step(position, rng))

    stopped = _play(game, state, rng, deep)
    if stopped:
        return problems + stopped
    return problems + check_end(state)


def check_sampled_playout(game: Game, seed: int, *, deep: int = 1, save: bool = True,
                          tally: dict[str, float] | None = None) -> list[str]:
    """Play one random game from ``seed`` with the light checks at every step, :func:`check_step`
    at ``deep`` positions drawn uniformly among the game's non-terminal positions, and the
    end-of-game checks (with the save round trip of the finished game only if ``save``).

    The game's length is not known in advance, so the positions are chosen by reservoir sampling
    (a clone is kept, replaced with falling probability) and checked once the game is over. This
    is how ``make bench`` checks ten thousand games of every engine in minutes: a deep check costs
    a replay of the game so far, a clone per legal action and determinizations for every player,
    so one per game at a random moment keeps its cost bounded while many games still reach
    every phase. ``tally`` (if given) counts what was checked: ``steps`` light-checked, ``deep``
    positions deep-checked, ``saves`` of finished games.
    """
    rng = random.Random(seed)
    pick = random.Random(f"deep {seed}")  # its own stream: the sampling does not steer the play
    state = game.new_state(seed=seed)
    kept: list[State] = []
    seen = 0

    def sample(position: State, steps: int) -> None:
        nonlocal seen
        if not deep:
            return
        if len(kept) < deep:
            kept.append(position.clone())
        else:
            slot = pick.randrange(seen + 1)
            if slot < deep:
                kept[slot] = position.clone()
        seen += 1

    problems = _play(game, state, rng, sample)
    if tally is not None:
        tally["steps"] = tally.get("steps", 0) + len(state.history)
    if problems:
        return problems
    for position in kept:
        problems += check_step(position, pick)
    if tally is not None:
        tally["deep"] = tally.get("deep", 0) + len(kept)
        tally["saves"] = tally.get("saves", 0) + save
    return problems + check_end(state, save=save)


def _play(game: Game, state: State, rng: random.Random, visit: Callable[[State, int], None]) -> list[str]:
    """The light checks, at every step of a random game: whoever must act has a legal action,
    the inventory is conserved, the game ends within its declared bound. ``visit(state, steps)``
    sees every non-terminal position before its action is drawn."""
    start_inventory = state.inventory()
    bound = type(game).max_steps(game.options)
    steps = 0
    drawn: list[Action] = []  # the legal actions of the seat drawn to move

    def one_seat(now: State) -> list[int]:
        """Every acting seat must have a legal action; one of them, drawn at random, moves."""
        nonlocal drawn
        acting = now.current_players()
        choices = []
        for player in acting:
            legal = now.legal_actions(player)
            if not legal:
                raise _Violation(f"step {steps}: player {player} must act but has no legal action")
            choices.append(legal)
        visit(now, steps)
        i = rng.randrange(len(acting))  # = rng.choice(acting)
        drawn = choices[i]
        return [acting[i]]

    def move(action: Action, player: int) -> None:
        nonlocal steps
        state.apply(action, player)
        steps += 1
        if not _same_counts(state.inventory(), start_inventory):
            raise _Violation(f"step {steps}: inventory changed to {dict(state.inventory())}")
        if steps > bound:
            raise _Violation(f"no end within the declared bound of {bound} actions")

    try:
        play_turns(lambda: state, lambda now, player: rng.choice(drawn), move=move, seats=one_seat)
    except _Violation as violation:
        return [str(violation)]
    return []


class _Violation(Exception):
    """A broken promise found inside the play loop (it ends the game being checked)."""


def check_end(state: State, *, save: bool = True) -> list[str]:
    """A finished game offers no action, has a winner, and (``save``) round-trips through JSON."""
    problems: list[str] = []
    if state.legal_actions() or state.current_players():
        problems.append("a terminal state still offers actions")
    if not state.winners():
        problems.append("a finished game has no winner")
    if save:
        problems += check_json(state)
    return problems


def check_step(state: State, rng: random.Random) -> list[str]:
    """Deep checks at one position: every legal action applies (each on its own clone, and
    none of them touches the original), illegal ones are refused without a trace, JSON
    round-trips and continues identically, and views hide what they should."""
    problems: list[str] = []
    acting = state.current_players()
    # listed before the mark: listing may fill an engine's caches (Zhao Pengyou's trump lookups), which
    # is no move; the mark is what playing on clones and refusing junk must leave alone
    legal_of = {player: state.legal_actions(player) for player in acting}
    before = state.to_json()
    mark = _mark(state)
    for player in acting:
        legal = legal_of[player]
        for action in legal:
            trial = state.clone()
            try:
                trial.apply(action, player)
            except Exception as exc:  # noqa: BLE001 - any failure is the finding
                problems.append(f"legal action {action!r} of player {player} failed: {exc!r}")
        if _mark(state, copy=False) != mark or state.to_json() != before:
            return problems + ["playing on a clone changed the original"]
        for junk in JUNK_ACTIONS:
            if is_legal(junk, legal, state.game.moves):
                continue
            problems += _refused(state, junk, player, mark)
        if state.to_json() != before:  # what the cheap mark cannot tell apart (1 from 1.0 or True)
            problems.append(f"refusing junk actions for player {player} changed the saved state")
        problems += check_words(state, legal)
    outsider = next((p for p in range(state.players) if p not in acting), None)
    if outsider is not None:
        some = state.legal_actions(acting[0])
        problems += _refused(state, some[0], outsider, mark)
        if state.to_json() != before:
            problems.append(f"refusing a move of player {outsider}, not to act, changed the saved state")
    problems += check_json(state)
    problems += check_views(state, rng)
    return problems


def check_words(state: State, legal: list[Action]) -> list[str]:
    """Every legal action has words (``describe_action``) for the buttons, the log and the bots'
    reasons, and no two actions of one player share them (a player could not tell them apart)."""
    problems: list[str] = []
    said: dict[str, Action] = {}
    for action in legal:
        words = state.describe_action(action)
        if not isinstance(words, str) or not words.strip():
            problems.append(f"describe_action({action!r}) gave {words!r}, not words")
        elif words in said:
            problems.append(f"actions {said[words]!r} and {action!r} are both described as {words!r}")
        else:
            said[words] = action
    return problems


def _mark(state: State, *, copy: bool = True) -> tuple[dict[str, Any], Any]:
    """Everything a refused action must leave alone, as Python data: the position, history,
    log and the state of the game's random generator (which the JSON text does not show).
    A copy taken before (``copy=True``) is compared with the live data after (``copy=False``):
    cheaper than writing the JSON text after every refusal."""
    keep = _plain_copy if copy else _itself
    return {k: keep(v) for k, v in vars(state).items() if k != "rng"}, state.rng.getstate()


def _itself(value: Any) -> Any:
    return value


def _refused(state: State, action: Any, player: int, mark: tuple[dict[str, Any], Any]) -> list[str]:
    try:
        state.apply(action, player)
    except IllegalAction as exc:
        if not str(exc) or not exc.rule:
            return [f"refusal of {action!r} has no rule or message"]
        if _mark(state, copy=False) != mark:
            return [f"refusing {action!r} for player {player} changed the state"]
        return []
    except Exception as exc:  # noqa: BLE001
        return [f"illegal {action!r} for player {player} raised {exc!r}, not IllegalAction"]
    return [f"illegal {action!r} for player {player} was accepted"]


def check_json(state: State) -> list[str]:
    """Save, load, compare, and play both on identically for a few steps."""
    text = state.to_json()
    try:
        loaded = type(state).from_json(text)
    except InvalidSave as exc:
        return [f"own save does not load: {exc}"]
    if type(loaded) is not type(state) or loaded.to_json() != text:  # State.__eq__ with one to_json less
        return ["a loaded save differs from the original"]
    original = state.clone()
    for _ in range(5):
        if original.is_terminal():
            break
        player = original.current_players()[0]
        action = original.legal_actions(player)[0]
        original.apply(action, player)
        loaded.apply(action, player)
        if original.to_json() != loaded.to_json() or original.log != loaded.log:
            return ["a loaded save plays on differently"]
    return []


def check_views(state: State, rng: random.Random, tries: int = 3) -> list[str]:
    """``view(p)`` must not change when only what p cannot see changes."""
    problems: list[str] = []
    inventory = state.inventory()
    for player in range(state.players):
        seen = state.view(player)
        for _ in range(tries):
            twin = state.determinize(player, GameRng(rng.getrandbits(32)))
            if not _same_counts(twin.inventory(), inventory):
                problems.append("determinize changed what the game conserves")
            if twin.view(player) != seen:
                problems.append(f"player {player}'s view changed with cards they cannot see")
                return problems
    return problems


def _same_counts(a: Any, b: Any) -> bool:
    """``a == b`` for two inventories (Counters: a missing key counts as zero), with the usual
    case (same keys, same counts) settled by dict's comparison in C, not Counter's Python loop."""
    return (isinstance(a, dict) and isinstance(b, dict) and dict.__eq__(a, b) is True) or a == b


def check_seeds(game: Game, seed: int) -> list[str]:
    """Same seed, same game (and log), whatever the global RNGs do meanwhile."""
    logs = []
    for noise in (1, 2):
        random.seed(noise)
        try:
            import numpy  # numpy is optional: the engines run without it (Pyodide)

            numpy.random.seed(noise)
        except ImportError:  # the engines run without numpy (Pyodide)
            pass
        state = game.new_state(seed=seed)
        bot_rng = random.Random(seed)
        play_turns(lambda: state, lambda now, player: bot_rng.choice(now.legal_actions(player)))  # noqa: B023 - called at once
        logs.append((state.to_json(), state.log))
    return [] if logs[0] == logs[1] else ["the same seed gave different games"]
