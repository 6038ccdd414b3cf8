"""Class sessions: the store every kernel of a class shares (issue 18).

``connect(url)`` opens it: ``sqlite:///...`` (one file on this machine; the default, see
``default_url()``) or ``postgresql://...`` (one database for a hub on several machines).

The store's names load on first use (PEP 562): a game notebook imports
``changekit.classroom.live.join_from_address`` on every page, also in the zero-server site, whose
Pyodide has no ``sqlite3``; without a class code in the address nothing of the store is needed.
"""
from importlib import import_module
from typing import Any

from ..core.errors import ClassroomError

_FROM_STORE = ("CODE_ALPHABET", "CODE_LENGTH", "MAX_VALUE_BYTES", "GameTable", "Poll", "QuestionState", "TableMove",
               "Session", "Store", "Student", "connect", "default_url")

__all__ = ["ClassroomError", *_FROM_STORE]


def __getattr__(name: str) -> Any:
    if name in _FROM_STORE:
        return getattr(import_module(".store", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
