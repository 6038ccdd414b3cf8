"""Shared widgets: bill and card pictures, scoreboard, log, plot theme, the app frame, and
:class:`Question` (predict first, then check)."""
from __future__ import annotations

from typing import Any

__all__ = ["Question"]


def __getattr__(name: str) -> Any:
    # Imported on first use: the plot theme and pictures live here too and must not pull in widgets.
    if name == "Question":
        from .question import Question  # widgets only on first use (see above)

        return Question
    raise AttributeError(f"module 'changekit.ui' has no attribute {name!r}")
