"""CHA-CHING!: make eight cards add up to the target on two dice."""
from .rules import GAME, ChaChing, ChaChingOptions, ChaChingState, can_reach, penalty
from .analysis import prob_hand_hits
from .spec import SPEC

__all__ = ["GAME", "SPEC", "ChaChing", "ChaChingOptions", "ChaChingState", "can_reach", "penalty", "prob_hand_hits"]
