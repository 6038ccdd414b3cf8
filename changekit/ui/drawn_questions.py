"""The questions drawn on this page (one kernel per page), by id, and the hooks told of each new
one. What must wait for a prediction (an explorer, a game's hint box) finds its questions here,
without importing the question widget, which imports the app frame."""
from __future__ import annotations

import weakref
from typing import Any, Callable

#: the page's question by id: the one drawn last (a cell run again draws a new one)
DRAWN: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
#: called with each question as it is drawn
ON_CREATE: list[Callable[[Any], object]] = []
