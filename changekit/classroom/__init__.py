"""Class sessions: the store every kernel of a class shares (issue 18).

``connect(url)`` opens it: ``sqlite:///...`` (one file on this machine; the default, see
``default_url()``) or ``postgresql://...`` (one database for a hub on several machines).
"""
from ..core.errors import ClassroomError
from .store import (CODE_ALPHABET, CODE_LENGTH, MAX_VALUE_BYTES, GameTable, Move, Poll, Question, Session, Store,
                    Student, connect, default_url)

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "MAX_VALUE_BYTES", "ClassroomError", "GameTable", "Move", "Poll", "Question",
           "Session", "Store", "Student", "connect", "default_url"]
