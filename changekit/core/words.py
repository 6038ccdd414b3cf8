"""Small pieces of narration every game's log uses, so all logs read alike."""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from .checks import checked, is_bills, is_items, is_text, is_whole, shown
from .errors import InvalidArgument


@checked(bills=is_bills(10_000), empty=is_text(200), sep=is_text(20))
def dollars(bills: Iterable[int], *, empty: str = "nothing", sep: str = ", ") -> str:
    """Bills as written on the table (``sep`` between them: compact displays use a space).

    >>> dollars([10, 3, 1]), dollars([]), dollars([5, 1], sep=" ")
    ('$10, $3, $1', 'nothing', '$5 $1')
    """
    return sep.join(f"${b}" for b in bills) or empty


@checked(amount=is_whole(-10**9, 10**9))
def money(amount: int, *, signed: bool = False) -> str:
    """One amount of money as written on the table (``signed``: a change, with its sign).

    >>> money(15), money(-7), money(3, signed=True), money(0, signed=True)
    ('$15', '-$7', '+$3', '$0')
    """
    sign = "-" if amount < 0 else ("+" if signed and amount > 0 else "")
    return f"{sign}${abs(amount)}"


@checked(n=is_whole(-10**9, 10**9), noun=is_text(200))
def count(n: int, noun: str) -> str:
    """A number of things, the noun in the singular for one (nouns that add an s).

    >>> count(1, "card"), count(0, "card"), count(12, "coin")
    ('1 card', '0 cards', '12 coins')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@checked(name=is_text(200), third_person=is_text(200), base=is_text(200))
def verb(name: str, third_person: str, base: str) -> str:
    """'You play' but 'Ann plays' (the apps call the human "You").

    >>> verb("You", "plays", "play"), verb("Ann", "plays", "play")
    ('play', 'plays')
    """
    return base if name == "You" else third_person


@checked(winners=is_items(16, "seats", each=is_whole(0, 15)), names=is_items(16, "names", each=is_text(200)))
def winners_text(winners: Sequence[int], names: Sequence[str]) -> str:
    """Who won, as a clause: one winner wins, several share the win.

    >>> winners_text([1], ["You", "Ann"]), winners_text([0], ["You", "Ann"]), winners_text([0, 1], ["You", "Ann"])
    ('Ann wins', 'You win', 'You and Ann share the win')
    """
    if any(p >= len(names) for p in winners):
        raise InvalidArgument(f"winners: seats {winners} but only {len(names)} names")
    who = " and ".join(names[p] for p in winners)
    if len(winners) == 1:
        return f"{who} {verb(who, 'wins', 'win')}"
    return f"{who} share the win"


@checked(name=is_text(200))
def possessive(name: str, *, capital: bool = False) -> str:
    """'your' for the human (the apps call them "You"), "Ann's" for anyone else; ``capital`` to
    open a sentence.

    >>> possessive("Ann"), possessive("You"), possessive("You", capital=True)
    ("Ann's", 'your', 'Your')
    """
    if name == "You":
        return "Your" if capital else "your"
    return f"{name}'s"


@checked(names=is_items(64, "names", each=is_text(200)))
def numbered(names: Sequence[str], *, only: Sequence[bool] | None = None) -> list[str]:
    """The names with a number after each one that occurs more than once, so every seat can be
    told apart; ``only`` (one flag per name) limits the numbering to the flagged names (bots:
    a student's own name is never changed).

    >>> numbered(["Heuristic bot", "Ada", "Heuristic bot"]), numbered(["Ada", "Bo"])
    (['Heuristic bot 1', 'Ada', 'Heuristic bot 2'], ['Ada', 'Bo'])
    """
    if only is not None and (isinstance(only, (str, bytes)) or not isinstance(only, Sequence)):
        raise InvalidArgument(f"only: one flag per name (a list of True and False), not {shown(only)}")
    flags = [True] * len(names) if only is None else [bool(flag) for flag in only]
    if len(flags) != len(names):
        raise InvalidArgument(f"only: {len(flags)} flags for {len(names)} names")
    many = Counter(n for n, f in zip(names, flags, strict=True) if f)
    seen: Counter[str] = Counter()
    out = []
    for name, flag in zip(names, flags, strict=True):
        if flag and many[name] > 1:
            seen[name] += 1
            name = f"{name} {seen[name]}"
        out.append(name)
    return out
