"""Small pieces of narration every game's log uses, so all logs read alike."""
from __future__ import annotations

from typing import Iterable, Sequence


def dollars(bills: Iterable[int], *, empty: str = "nothing") -> str:
    """Bills as written on the table.

    >>> dollars([10, 3, 1]), dollars([])
    ('$10, $3, $1', 'nothing')
    """
    return ", ".join(f"${b}" for b in bills) or empty


def verb(name: str, third_person: str, base: str) -> str:
    """'You play' but 'Ann plays' (the apps call the human "You").

    >>> verb("You", "plays", "play"), verb("Ann", "plays", "play")
    ('play', 'plays')
    """
    return base if name == "You" else third_person


def winners_text(winners: Sequence[int], names: Sequence[str]) -> str:
    """Who won, as a clause: one winner wins, several share the win.

    >>> winners_text([1], ["You", "Ann"]), winners_text([0], ["You", "Ann"]), winners_text([0, 1], ["You", "Ann"])
    ('Ann wins', 'You win', 'You and Ann share the win')
    """
    who = " and ".join(names[p] for p in winners)
    if len(winners) == 1:
        return f"{who} {verb(who, 'wins', 'win')}"
    return f"{who} share the win"
