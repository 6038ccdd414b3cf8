"""The one-table speed report over all games that ``make bench`` prints last.

Bench modules fill cells with :func:`note` as they measure; ``run.py`` prints the table.
"""
from __future__ import annotations

#: the report's columns, in order
COLUMNS = ("random steps/s", "slowest app action", "Voila first render", "fuzz: tried / refused / other")
#: game → column → text
SUMMARY: dict[str, dict[str, str]] = {}


def note(game: str, column: str, value: str) -> None:
    if column not in COLUMNS:
        raise ValueError(f"unknown summary column {column!r}")
    SUMMARY.setdefault(game, {})[column] = value


def table() -> list[tuple[str, ...]]:
    """Rows (game, *COLUMNS); a cell not measured in this run shows '-'."""
    return [(game, *(cells.get(c, "-") for c in COLUMNS)) for game, cells in SUMMARY.items()]
