"""A student's bot as source text: checked before anything runs it or stores it.

The checks here only read the text (decode, size, compile, look for ``choose``); nothing of the
student's code is executed in this process.
"""
from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass

from changekit.core.errors import ChangekitError

#: Longest bot source the lab takes (characters): a page of thoughtful code, not a data dump.
MAX_SOURCE_CHARS = 20_000
#: Longest entry name shown in standings.
MAX_NAME_CHARS = 40


class BadSource(ChangekitError):
    """Bot source the lab refuses (not text, too long, a syntax error, no ``choose``); ``line`` is
    the line the problem is on, when there is one."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class BotSource:
    """Checked bot source: its text, a short fingerprint and whether ``choose`` is a function or a
    class (a class is made once per game: ``reset`` is called, if it has one, before each game)."""

    text: str
    kind: str  # "function" or "class"

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]


def check_source(source: str | bytes) -> BotSource:
    """Check bot source text and say what is wrong with it in a sentence a student can act on.

    >>> check_source("def choose(view, legal, rng):\\n    return legal[0]\\n").kind
    'function'
    >>> check_source("def choose(view, legal, rng)\\n    return legal[0]\\n")
    Traceback (most recent call last):
    ...
    changekit.lab.source.BadSource: line 1: invalid syntax ... expected ':'
    """
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as err:
            raise BadSource(f"the bot's source is not UTF-8 text (byte {err.start} cannot be read)") from None
    if not isinstance(source, str):
        raise BadSource(f"a bot's source is text, not {type(source).__name__}")
    if len(source) > MAX_SOURCE_CHARS:
        raise BadSource(f"the bot's source has {len(source):,} characters; the lab takes at most {MAX_SOURCE_CHARS:,}")
    if "\x00" in source:
        raise BadSource("the bot's source contains a NUL character")
    try:
        tree = ast.parse(source, filename="<bot>")
    except SyntaxError as err:
        where = f"line {err.lineno}: " if err.lineno else ""
        raise BadSource(f"{where}{err.msg}", err.lineno) from None
    except (ValueError, RecursionError, MemoryError) as err:
        raise BadSource(f"the bot's source cannot be read as Python ({type(err).__name__})") from None
    kind = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "choose":
            if isinstance(node, ast.AsyncFunctionDef):
                raise BadSource(f"line {node.lineno}: choose must be a plain function, not async", node.lineno)
            kind = "function"
        elif isinstance(node, ast.ClassDef) and any(
                isinstance(item, ast.FunctionDef) and item.name == "choose" for item in node.body):
            kind = kind or "class"
    if kind is None:
        raise BadSource("the bot defines no choose: write `def choose(view, legal, rng):` returning one of legal "
                        "(or a class with a choose method)")
    return BotSource(source, kind)


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ChangekitError(f"an entry's name is a non-empty text, not {name!r}")
    name = " ".join(name.split())
    if len(name) > MAX_NAME_CHARS:
        raise ChangekitError(f"an entry's name has at most {MAX_NAME_CHARS} characters, not {len(name)}")
    return name
