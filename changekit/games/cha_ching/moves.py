"""CHA-CHING!'s moves: a turn is a draw (``Deck()``, ``Pile()``), a discard (``Discard("25")``, or
a CHA-CHING card's power: ``Power("reroll", "both")``, ``Power("trade", 2)``), then
``Out()`` or ``Pass()``. In words: ``deck``, ``discard 25``, ``chaching reroll both``,
``chaching trade 2``, ``out``."""
from __future__ import annotations

from typing import Any

from changekit.core.checks import shown
from changekit.core.errors import InvalidMove
from changekit.core.moves import Moves, Tagged, Word

#: the most players at a table (a trade is with one of their seats)
MAX_PLAYERS = 6
#: the dice a CHA-CHING card re-rolls
DICE = ("black", "white", "both")


class Deck(Word):
    """Draw the top card of the deck."""

    name = "deck"


class Pile(Word):
    """Take the top card of the discard pile."""

    name = "pile"


class Out(Word):
    """Claim your eight cards reach the target (a false claim costs you the target)."""

    name = "out"


class Pass(Word):
    """End your turn without going out."""

    name = "pass"


class Discard(Tagged):
    """Discard ``card`` (a CHA-CHING card this way uses no power): ``Discard("25") == ("discard", "25")``."""

    name = "discard"
    fields = (("card", str),)


class Power(Tagged):
    """Discard a CHA-CHING card for its ``power``: ``"reroll"`` the ``choice`` of dice (one of
    :data:`DICE`) or ``"trade"`` hands with the player in seat ``choice`` (a whole number).

    >>> Power("reroll", "both"), Power("trade", 2) == ("chaching", "trade", 2)
    (Power('reroll', 'both'), True)
    >>> Power("trade", 2).text(), MOVES.parse("chaching trade 2").choice
    ('chaching trade 2', 2)
    """

    name = "chaching"
    # the choice is a word for a re-roll and a seat for a trade: ``__new__`` checks it by power
    fields = (("power", str), ("choice", str))

    def __new__(cls, power: Any, choice: Any) -> Power:
        if power == "reroll":
            if not isinstance(choice, str) or choice not in DICE:
                raise InvalidMove(f"a CHA-CHING re-roll is of one of {list(DICE)}, not {shown(choice)}")
        elif power == "trade":
            if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < MAX_PLAYERS:
                raise InvalidMove(f"a CHA-CHING trade is with a seat from 0 to {MAX_PLAYERS - 1}, not {shown(choice)}")
            choice = int(choice)
        else:
            raise InvalidMove(f"a CHA-CHING card's power is 'reroll' or 'trade', not {shown(power)}")
        return tuple.__new__(cls, (cls.name, power, choice))

    @classmethod
    def from_values(cls, values: tuple[Any, ...]) -> Power:
        power, choice = values
        if power == "trade" and isinstance(choice, str):  # the text form: "chaching trade 2"
            if not choice.isdigit():
                raise InvalidMove(f"'chaching trade <seat>': {choice!r} is not a whole number")
            choice = int(choice)
        return cls(power, choice)


def reroll(dice: str) -> Power:
    """Discard a CHA-CHING card to re-roll ``"black"``, ``"white"`` or ``"both"`` dice.

    >>> reroll("both")
    Power('reroll', 'both')
    """
    return Power("reroll", dice)


def trade(seat: int) -> Power:
    """Discard a CHA-CHING card to swap hands with the player in ``seat``.

    >>> trade(2)
    Power('trade', 2)
    """
    return Power("trade", seat)


DECK, PILE, OUT, PASS = Deck(), Pile(), Out(), Pass()

MOVES = Moves(Deck, Pile, Discard, Power, Out, Pass)
