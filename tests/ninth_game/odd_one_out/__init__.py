"""Odd One Out: every player picks 1, 2 or 3 in secret, all at once; a pick nobody else made
scores its number. No chance, moves made at once: the shape of game the kit's eight are not."""
from .rules import GAME, OddOneOut
from .spec import SPEC

__all__ = ["GAME", "OddOneOut", "SPEC"]
