"""Where a bot's source runs: a worker process in a bubblewrap sandbox, talking over a pipe.

:class:`SandboxedBot` is a :class:`~changekit.core.Bot` to the referee (so the kit's one game
loop plays it like any bot), but its ``choose`` sends the view and the legal moves to the
worker and takes back only an index into those moves, within the move's time limit. A move that
times out, raises or is not legal is a :class:`MoveFailure`, kept with the view that caused it;
the game goes on with the replacement move (the first legal move), and after ``max_failures``
the entry is stopped: every later move of it is the replacement, without asking the worker.

The worker sees its view only: the referee never sends it the state, the seed or another
entry. The sandbox (see :func:`bwrap_command`): no network, a read-only view of Python's own
files and the kit, an empty temporary home, no view of the class store, the notebooks or other
entries; limits on CPU time, memory, processes, open files and file size; a user id of its own.
"""
from __future__ import annotations

import json
import os
import pickle
import random
import reprlib
import select
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any, Callable, Sequence

from changekit.bubblewrap import open_dirs, system_folders
from changekit.registry import games_outside_the_kit
from changekit.core.bots import Bot
from changekit.core.errors import ChangekitError
from changekit.core.state import Action, Player, State
from changekit.processes import descendants, is_running

from .worker import REPLY_LIMIT
from .source import BotSource

KIT = Path(__file__).resolve().parent.parent.parent  # the folder that holds the changekit package
#: where a game registered from outside the kit is shown to a bot (its package's path below it)
GAMES_INSIDE = Path("/games")
WORKER = Path(__file__).resolve().with_name("worker.py")
BWRAP = os.environ.get("CHANGEKIT_BWRAP", "bwrap")

#: Seconds a bot may think about one move: the default and the bounds a teacher may choose within.
MOVE_SECONDS = 1.0
MOVE_SECONDS_BOUNDS = (0.05, 10.0)
#: Seconds of thinking one entry may spend in one game; past it, the rest of its moves in that game
#: are replacements.
GAME_SECONDS = 20.0
#: Seconds to start a worker and run the bot's source (imports, tables the bot builds once).
START_SECONDS = 10.0
#: Seconds of start-ups one entry may take in all: a bot that never finishes loading would
#: otherwise cost START_SECONDS at every restart, up to MAX_FAILURES of them.
START_BUDGET_SECONDS = 20.0
#: Seconds a closed worker's processes may take to be gone.
CLOSE_SECONDS = 2.0
#: Failures after which an entry is stopped for the rest of the run.
MAX_FAILURES = 10
#: What the worker may use. CPU seconds count over the worker's whole life (it is restarted after a
#: timeout or crash); address space bounds memory; one process of its own and a few to spare.
LIMITS = {
    "RLIMIT_CPU": 120,
    "RLIMIT_AS": 1024 * 1024 * 1024,
    "RLIMIT_NPROC": 8,
    "RLIMIT_FSIZE": 1024 * 1024,
    "RLIMIT_NOFILE": 32,
    "RLIMIT_CORE": 0,
}
TMP_BYTES = 16 * 1024 * 1024
#: Each worker gets a user id of its own from this range (the process limit counts per user id).
FIRST_UID = 210_000
_uids = count()


def own_uids() -> range:
    """The sandbox user ids this process hands out: a block of 64 of its own, by its PID (so two
    referees on one machine do not share a process limit)."""
    first = FIRST_UID + (os.getpid() % 512) * 64
    return range(first, first + 64)

FAILURE_KINDS = ("timeout", "error", "illegal")


class NoSandbox(ChangekitError):
    """The lab was asked to run code that another person wrote, and no sandbox is available here."""


def sandbox_available() -> bool:
    """Whether bubblewrap is here and works (checked once per bubblewrap found, by running
    ``true`` in a sandbox: a test that hides it by its PATH does not decide for later callers)."""
    path = shutil.which(BWRAP)
    if not path or not sys.platform.startswith("linux"):
        return False
    if path not in _available:
        _available[path] = _probe(path)
    return _available[path]


_available: dict[str, bool] = {}


def _probe(path: str) -> bool:
    try:
        done = subprocess.run([path, *_mounts(), *_namespaces(), "/bin/true"], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _mounts() -> list[str]:
    """Read-only: /usr (the C libraries Python needs), Python's own install, the kit. Nothing else
    of this machine: no home, no /etc, no /work, no class store."""
    args = system_folders()
    base = Path(sys.base_prefix).resolve()
    if not str(base).startswith("/usr/"):
        args += [*open_dirs(base), "--ro-bind", str(base), str(base)]
    args += [*open_dirs(Path("/kit/changekit")), "--ro-bind", str(KIT / "changekit"), "/kit/changekit"]
    for package, folder in games_outside_the_kit().items():  # a ninth game's folder, as the kit's own
        inside = GAMES_INSIDE.joinpath(*package.split("."))
        args += [*open_dirs(inside), "--ro-bind", str(folder), str(inside)]
    args += ["--dev", "/dev", "--proc", "/proc", "--perms", "1777", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    return args


def _namespaces() -> list[str]:
    # every namespace but the user namespace: the worker gives up root itself, to a real user id
    # that the kernel's process limit applies to
    return ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--clearenv", "--setenv", "HOME", "/tmp",
            "--setenv", "PATH", "/usr/bin:/bin", "--chdir", "/tmp"]


def python_executable() -> str:
    return str(Path(sys.executable).resolve())


def bwrap_command(uid: int) -> list[str]:
    """The command that starts one worker in its sandbox."""
    config = {"kit": "/kit", "uid": uid, "limits": LIMITS, "games_root": str(GAMES_INSIDE),
              "games": sorted(games_outside_the_kit())}
    return [BWRAP, *_mounts(), *_namespaces(), python_executable(), "-I", "-S", "-B",
            "/kit/changekit/lab/worker.py", json.dumps(config)]


def local_command() -> list[str]:
    """The same worker without a sandbox: only for a student's own code in their own kernel."""
    config: dict[str, Any] = {"kit": str(KIT), "uid": None, "limits": {}}
    return [python_executable(), "-I", "-S", "-B", str(WORKER), json.dumps(config)]


@dataclass
class MoveFailure:
    """One move a bot did not make: ``kind`` is timeout, error or illegal; ``view`` is what the bot
    was shown (as text), ``game`` and ``move`` say where (the move number in that game's history)."""

    kind: str
    message: str
    view: str
    game: int
    move: int
    seat: int
    printed: str = ""


class WorkerGone(Exception):
    """The worker process ended or broke the protocol."""


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, close_fds=True)
        self.buffer = b""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin = self.process.stdin.fileno()
        self.stdout = self.process.stdout.fileno()

    def ask(self, message: tuple, timeout: float) -> dict[str, Any]:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        out = memoryview(len(data).to_bytes(4, "big") + data)
        try:
            while out:  # one write to the pipe, not the buffered writer's write and flush
                out = out[os.write(self.stdin, out):]
        except OSError:
            raise WorkerGone("the bot's process has ended") from None
        return self._reply(time.monotonic() + timeout)

    def _reply(self, deadline: float) -> dict[str, Any]:
        fd = self.stdout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise TimeoutError
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerGone("the bot's process has ended")
            self.buffer += chunk
            if len(self.buffer) > REPLY_LIMIT:
                raise WorkerGone("the bot's process sent more than a reply")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except ValueError:
            raise WorkerGone("the bot's process sent something that is not a reply") from None
        if not isinstance(reply, dict):
            raise WorkerGone("the bot's process sent something that is not a reply")
        return reply

    def close(self) -> None:
        inside = descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        # the processes inside die with bubblewrap, but a moment later: wait for them (briefly),
        # so that a closed worker has left nothing running (one already dead, not yet reaped by
        # this machine's init, is gone in all but name)
        deadline = time.monotonic() + CLOSE_SECONDS
        while inside and time.monotonic() < deadline:
            inside = [pid for pid in inside if is_running(pid)]
            if inside:
                time.sleep(0.005)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass


def _text(value: str, limit: int = 300) -> str:
    return value if len(value) <= limit else value[:limit] + " …"


#: An entry's bot draws from its own generator (seeded in ``new_game``), never from the one it is passed.
_UNUSED_RNG = random.Random(0)


class EntryBot(Bot):
    """What the referee needs of an entry's bot beyond ``choose``: told of each game, its failures
    kept, closed at the end. ``on_move`` (if set) sees every move it made, for exact comparisons."""

    def __init__(self, name: str) -> None:
        self.label = name
        self.failures: list[MoveFailure] = []
        self.stopped = ""  # why the entry was stopped, once it is
        self.on_move: Callable[[dict[str, Any], Sequence[Action], Action], None] | None = None
        self._game = -1
        self._game_seed = 0
        self._seat = 0
        self._move_number: Callable[[], int] = lambda: 0

    def new_game(self, game: int, seed: int, seat: int, move_number: Callable[[], int]) -> None:
        """Before each game: which game it is (for failure reports) and the bot's own rng seed."""
        self._game, self._game_seed, self._seat, self._move_number = game, seed, seat, move_number

    def choose(self, view: dict[str, Any], legal: Sequence[Action], *, rng: random.Random) -> Action:
        legal = list(legal)
        action = self._ask(view, legal)
        if self.on_move is not None:
            self.on_move(view, legal, action)
        return action

    def move(self, state: State, player: Player) -> Action:
        """The referee's call: this entry's move for ``player`` at ``state`` (``choose`` on its view)."""
        return self.choose(state.view(player), state.legal_actions(player), rng=_UNUSED_RNG)

    def _ask(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError

    def close(self) -> None:
        pass


class SandboxedBot(EntryBot):
    """A student's bot, played by the referee like any bot; see the module's docstring.

    ``sandboxed=False`` runs the same worker as a plain child process: only for a student's own
    code in their own kernel (the lab refuses it for anyone else's code)."""

    def __init__(self, source: BotSource, name: str, *, sandboxed: bool = True,
                 move_seconds: float = MOVE_SECONDS, game_seconds: float = GAME_SECONDS,
                 max_failures: int = MAX_FAILURES) -> None:
        if sandboxed and not sandbox_available():
            raise NoSandbox("this machine has no working sandbox (bubblewrap), so the lab runs no code that "
                            "another person wrote here; a student can still test their own bot in their own notebook")
        super().__init__(name)
        self.source = source
        self.sandboxed = sandboxed
        self.move_seconds = move_seconds
        self.game_seconds = game_seconds
        self.max_failures = max_failures
        self.moves = 0
        self._worker: _Worker | None = None
        self._game_started = False
        self._thinking = 0.0
        self._log_sent: list[Any] = []
        self._starting = 0.0  # seconds of start-ups so far (START_BUDGET_SECONDS in all)
        # move(): how many of the state's log events the worker's log covers (-1: unknown), in lines
        self._events_sent = self._lines_sent = 0

    def new_game(self, game: int, seed: int, seat: int, move_number: Callable[[], int]) -> None:
        super().new_game(game, seed, seat, move_number)
        self._game_started = False
        self._thinking = 0.0

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: nothing left to close with
            pass

    # the pipe
    def _command(self) -> list[str]:
        if self.sandboxed:
            return bwrap_command(own_uids()[next(_uids) % 64])
        return local_command()

    def _fail(self, kind: str, message: str, view: Callable[[], dict[str, Any]], printed: str = "") -> None:
        self.failures.append(MoveFailure(kind, _text(message), _text(reprlib.repr(view()), 1500),
                                         self._game, self._move_number(), self._seat, _text(printed, 2000)))
        if len(self.failures) >= self.max_failures and not self.stopped:
            self.stopped = f"stopped after {len(self.failures)} failed moves"
            self.close()

    def _shorten(self, view: dict[str, Any]) -> tuple[dict[str, Any], int, list[Any]]:
        """The view without the part of its log the worker already has (a log only grows during a
        game; pickling all of it at every move cost more than the move), and the new lines."""
        log = view.get("log")
        if not isinstance(log, list):
            return view, -1, []
        known = len(self._log_sent)
        if known > len(log) or log[:known] != self._log_sent:
            known = 0
        self._log_sent = list(log)
        self._events_sent = -1  # the worker's log is now this view's: move() starts over
        return {k: v for k, v in view.items() if k != "log"}, known, log[known:]

    def _ensure_started(self) -> _Worker:
        if self._worker is None:
            limit = min(START_SECONDS, START_BUDGET_SECONDS - self._starting)
            started = time.monotonic()
            worker = _Worker(self._command())
            try:
                reply = worker.ask(("start", self.source.text, self.source.kind), limit)
            except TimeoutError:
                worker.close()
                raise _LoadTimeout(f"your bot did not finish loading within {round(limit)} s: does it wait or loop "
                                   "at import?") from None
            except BaseException:
                worker.close()
                raise
            finally:
                self._starting += time.monotonic() - started
            if "error" in reply:
                worker.close()
                raise _BotBroke(str(reply["error"]))
            self._worker = worker
            self._game_started = False
        if not self._game_started:
            self._log_sent = []
            self._events_sent = self._lines_sent = 0
            reply = self._worker.ask(("game", self._game_seed), START_SECONDS)
            if "error" in reply:
                raise _BotBroke(str(reply["error"]))
            self._game_started = True
        return self._worker

    def move(self, state: State, player: Player) -> Action:
        """As ``choose`` on the player's view, but the view is built without its log and only the
        log lines the worker has not had are sent (the log only grows during a game; building and
        comparing all of it at every move cost more than the move)."""
        if self.on_move is not None:  # whoever watches the moves sees the whole view
            return super().move(state, player)
        legal = list(state.legal_actions(player))

        def parts() -> tuple[dict[str, Any], int, list[Any]]:
            if self._events_sent < 0:  # the worker has another log: send this one whole
                self._events_sent = self._lines_sent = 0
            known = self._lines_sent
            new_lines = state.log_lines(player, self._events_sent)
            self._events_sent, self._lines_sent = len(state.log), known + len(new_lines)
            self._log_sent = []  # the dict path (_shorten) then sends its view's whole log
            return state.view_without_log(player), known, new_lines
        return self._play(legal, parts, lambda: state.view(player))

    def _ask(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self._play(legal, lambda: self._shorten(view), lambda: view)

    def _play(self, legal: list[Action], parts: Callable[[], tuple[dict[str, Any], int, list[Any]]],
              view: Callable[[], dict[str, Any]]) -> Action:
        """One move: ``parts()`` is the message's view, log lines the worker has and new lines
        (called once the worker is ready for this game); ``view()`` the whole view, for a failure."""
        self.moves += 1
        replacement = legal[0]
        if self.stopped:
            return replacement
        if self._thinking >= self.game_seconds:
            return replacement
        started = time.monotonic()
        try:
            worker = self._ensure_started()
            limit = min(self.move_seconds, self.game_seconds - self._thinking)
            reply = worker.ask(("move", *parts(), legal), limit)
        except _LoadTimeout as err:
            self.close()
            self._fail("timeout", str(err), view)
            if self._starting >= START_BUDGET_SECONDS - 0.01 and not self.stopped:
                self.stopped = f"stopped: its start-ups took {START_BUDGET_SECONDS:g} s in all"
            return replacement
        except TimeoutError:
            self.close()
            over_game = self._thinking + (time.monotonic() - started) >= self.game_seconds
            self._fail("timeout", f"no move within {self.game_seconds if over_game else self.move_seconds:g} s"
                       + (" of thinking in this game" if over_game else ""), view)
            return replacement
        except (WorkerGone, _BotBroke) as err:
            self.close()
            self._fail("error", str(err), view)
            return replacement
        finally:
            self._thinking += time.monotonic() - started
        printed = str(reply.get("printed", ""))
        index = reply.get("index")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(legal):
            return legal[index]
        if "illegal" in reply:
            self._fail("illegal", str(reply["illegal"]), view, printed)
        elif "error" in reply:
            self._fail("error", str(reply["error"]), view, printed)
        else:
            self._fail("illegal", "the bot's process answered with no legal move", view, printed)
        return replacement

    def __repr__(self) -> str:
        return f"SandboxedBot({self.label!r})"


class _BotBroke(Exception):
    """The bot's source failed to run, or its class could not be made."""


class _LoadTimeout(Exception):
    """The bot's source did not finish running within its start-up time."""


__all__ = ["FAILURE_KINDS", "GAME_SECONDS", "LIMITS", "MAX_FAILURES", "MOVE_SECONDS", "MOVE_SECONDS_BOUNDS",
           "START_BUDGET_SECONDS", "START_SECONDS",
           "EntryBot", "MoveFailure", "NoSandbox", "SandboxedBot", "bwrap_command", "sandbox_available"]
