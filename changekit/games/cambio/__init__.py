"""Cambio: remember your face-down cards, use the powers, snap, and call Cambio when low."""
from .rules import GAME, Cambio, CambioOptions, CambioState, card_value

__all__ = ["GAME", "Cambio", "CambioOptions", "CambioState", "card_value"]
