"""The process that runs one bot's source: inside the sandbox, fed over a pipe by the referee.

It runs as ``python -I -S worker.py CONFIG`` with only the standard library and a read-only copy
of the kit. Before it reads any bot source it sets its limits and gives up root (a user id of its
own, so the process limit counts only its processes). Then, for each message from the referee
(a length-prefixed pickle on stdin), it writes one JSON line on its own copy of stdout:

* ``("start", source, kind)``: run the source; ``{"ready": true}`` or ``{"error": ...}``;
* ``("game", seed)``: a new game: a class bot is made afresh (and ``reset`` called), the bot's
  ``rng`` is ``random.Random(seed)``; ``{"ready": true}``;
* ``("move", view, known, new_lines, legal)``: the view's log is the first ``known`` lines of the
  log sent before in this game plus ``new_lines`` (``known`` -1: the view has no log);
  ``{"index": i}`` (``legal[i]`` is what ``choose`` returned),
  ``{"illegal": "..."}`` or ``{"error": "..."}``.

The referee trusts none of it: it reads at most ``REPLY_LIMIT`` bytes, within its time limit,
and takes only an index into the legal moves it sent. Everything the bot prints is kept (the first
``PRINT_LIMIT`` characters) and sent with the next reply, for the student's report.
"""
from __future__ import annotations

import json
import os
import pickle
import random
import reprlib
import sys
import traceback
import types

REPLY_LIMIT = 64 * 1024
PRINT_LIMIT = 2_000
MESSAGE_LIMIT = 32 * 1024 * 1024


_short = reprlib.Repr()
_short.maxstring = _short.maxother = 300


class _Printed:
    """What the bot prints: the first PRINT_LIMIT characters since the last reply."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: object) -> int:
        text = str(text)
        room = PRINT_LIMIT - len(self.text)
        if room > 0:
            self.text += text[:room]
        return len(text)

    def flush(self) -> None:
        pass

    def take(self) -> str:
        text, self.text = self.text, ""
        return text


def _limit(limits: dict[str, int], uid: int | None) -> None:
    import resource  # Unix only: imported where the limits are set, so the module imports anywhere

    for name, value in limits.items():
        resource.setrlimit(getattr(resource, name), (value, value))
    if uid is not None and os.getuid() == 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)


def _bare_packages(kit: str, games_root: str = "", outside: tuple[str, ...] = ()) -> None:
    """Make ``changekit`` and its game packages importable without running their ``__init__``
    (which import the analyses, and so plotly and numpy, which the sandbox does not have); and so
    the packages of games registered from outside the kit, shown below ``games_root``."""
    root = os.path.join(kit, "changekit")
    for name, path in [("changekit", root), ("changekit.games", os.path.join(root, "games"))]:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module
    for package in outside:
        parts = package.split(".")
        for depth in range(1, len(parts) + 1):
            name = ".".join(parts[:depth])
            if name not in sys.modules:
                module = types.ModuleType(name)
                module.__path__ = [os.path.join(games_root, *parts[:depth])]
                sys.modules[name] = module
    games = os.path.join(root, "games")
    for entry in sorted(os.listdir(games)):
        if os.path.isfile(os.path.join(games, entry, "rules.py")):
            module = types.ModuleType(f"changekit.games.{entry}")
            module.__path__ = [os.path.join(games, entry)]
            sys.modules[module.__name__] = module


def _short_traceback(err: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename == "<bot>"]
    where = f"line {frames[-1].lineno}: " if frames else ""
    return f"{where}{type(err).__name__}: {_short.repr(str(err))[1:-1]}"


def _index(result: object, legal: list) -> int | None:
    from changekit.core.moves import same_move  # the kit is on sys.path once main() has set it

    if isinstance(result, bool):
        return None
    for i, action in enumerate(legal):
        try:
            if same_move(action, result):  # Pay(10) or 10, never 10.0 or True
                return i
        except Exception:  # a bot's own object may compare badly: then it is not a legal move
            return None
    return None


class _Bot:
    def __init__(self, source: str, kind: str) -> None:
        self.namespace: dict[str, object] = {"__name__": "bot", "__builtins__": __builtins__}
        exec(compile(source, "<bot>", "exec"), self.namespace)
        found = self.namespace.get("choose")
        if kind == "function" and not callable(found):
            raise TypeError("choose is not a function")
        self.kind = kind
        self.player: object = None
        self.rng = random.Random(0)
        self.log: list = []  # this game's log lines so far, as the referee sent them

    def new_game(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.log = []
        if self.kind == "class":
            cls = next(v for v in self.namespace.values()
                       if isinstance(v, type) and callable(getattr(v, "choose", None)))
            self.player = cls()
            reset = getattr(self.player, "reset", None)
            if callable(reset):
                reset()

    def choose(self, view: dict, legal: list) -> object:
        if self.kind == "class":
            return self.player.choose(view, legal, self.rng)  # type: ignore[attr-defined]
        return self.namespace["choose"](view, legal, self.rng)  # type: ignore[operator]


def main(argv: list[str]) -> None:
    config = json.loads(argv[1])
    _limit(config.get("limits", {}), config.get("uid"))
    sys.path[:] = [config["kit"], *[p for p in sys.path if "site-packages" not in p]]
    _bare_packages(config["kit"], config.get("games_root", ""), tuple(config.get("games", ())))
    import changekit.core.state  # noqa: F401 - views hold its Events; imported before any bot code runs

    reply_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    printed = _Printed()
    sys.stdout = sys.stderr = printed
    stdin = sys.stdin.buffer
    bot: _Bot | None = None

    def reply(**fields: object) -> None:
        extra = printed.take()
        if extra:
            fields["printed"] = extra
        reply_out.write(json.dumps(fields)[:REPLY_LIMIT - 1] + "\n")
        reply_out.flush()

    while True:
        head = stdin.read(4)
        if len(head) < 4:
            return
        size = int.from_bytes(head, "big")
        if size > MESSAGE_LIMIT:
            return
        message = pickle.loads(stdin.read(size))
        try:
            if message[0] == "start":
                bot = _Bot(message[1], message[2])
                reply(ready=True)
            elif message[0] == "game":
                assert bot is not None
                bot.new_game(message[1])
                reply(ready=True)
            elif message[0] == "move":
                assert bot is not None
                view, known, new_lines, legal = message[1:]
                if known >= 0:
                    bot.log[known:] = new_lines
                    view["log"] = list(bot.log)
                result = bot.choose(view, legal)
                index = _index(result, legal)
                if index is None:
                    reply(illegal=f"choose returned {_short.repr(result)}, which is not one of the legal moves")
                else:
                    reply(index=index)
        except SystemExit:
            reply(error="the bot called sys.exit")
        except MemoryError:
            reply(error="the bot ran out of memory")
        except BaseException as err:  # anything the bot raises is the bot's failure, reported
            reply(error=_short_traceback(err))


if __name__ == "__main__":
    main(sys.argv)
