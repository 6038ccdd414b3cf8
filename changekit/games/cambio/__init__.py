"""Cambio: remember your face-down cards, use the powers, snap, and call Cambio when low."""
from .rules import GAME, Cambio, CambioOptions, CambioState, card_value
from .spec import SPEC

__all__ = ["GAME", "SPEC", "Cambio", "CambioOptions", "CambioState", "card_value"]
