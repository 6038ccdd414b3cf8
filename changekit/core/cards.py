"""Standard playing cards (for Cambio and Zhao Pengyou): rank, suit, jokers."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import ChangekitError
from .checks import checked, is_flag, is_whole

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
JOKERS: tuple[str, ...] = ("SJ", "BJ")  # small joker, big joker


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; a joker has rank ``"SJ"`` or ``"BJ"`` and no suit.

    ``str`` writes the table notation, ``code`` the ASCII one, ``parse`` reads both.

    >>> Card.parse("3♣"), str(Card("10", "D")), Card.parse("10D").code, Card.parse("BJ")
    (Card.parse('3♣'), '10♦', '10D', Card.parse('BJ'))
    """

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.rank in JOKERS:
            if self.suit is not None:
                raise ChangekitError(f"a joker has no suit, got {self.suit!r}")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ChangekitError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> "Card":
        text = text.strip().upper()
        if text in JOKERS:
            return cls(text)
        rank, suit = text[:-1], text[-1:]
        suit = _SYMBOL_TO_SUIT.get(suit, suit)
        if rank == "1":
            rank = "A"
        try:
            return cls(rank, suit)
        except ChangekitError:
            raise ChangekitError(f"cannot read a card from {text!r}; write it like '3♣', '10D' or 'BJ'") from None

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D") or self.rank == "BJ"

    @property
    def code(self) -> str:
        return self.rank if self.suit is None else self.rank + self.suit

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.rank + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        # drawing code only when Jupyter asks (the engines, under Pyodide too, never draw)
        from changekit.core.pictures import card_svg

        return card_svg(self)


@checked(decks=is_whole(0, 100), jokers=is_flag)
def standard_deck(*, decks: int = 1, jokers: bool = False) -> list[Card]:
    """``decks`` 52-card decks (and their two jokers each when ``jokers``), in a fixed order.

    >>> len(standard_deck()), len(standard_deck(decks=3, jokers=True))
    (52, 162)
    """
    one = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    if jokers:
        one += [Card("SJ"), Card("BJ")]
    return one * decks
