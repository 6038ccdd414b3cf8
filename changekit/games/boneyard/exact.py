"""The strategy lab's exact comparison for Boneyard: the bot's first-round bids as a mixed strategy
(bid total -> share), set against the first round's symmetric equilibrium: what the bot's mix earns
against opponents who all play the equilibrium, beside what the equilibrium itself earns there; and
how much a best single bid would beat the bot's mix if everybody played it (its exploitability; the
equilibrium's is $0)."""
from __future__ import annotations

from typing import Any, Sequence

from .model import EQUILIBRIUM_TABLE, expected_payoffs
from .rules import Boneyard


class BoneyardFirstRound:
    def __init__(self, players: int) -> None:
        self.players = players
        self.totals: dict[int, int] = {}

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        if view["round"] == 1 and view["phase"] == "bid" and isinstance(action, tuple):
            total = sum(action)
            self.totals[total] = self.totals.get(total, 0) + 1

    def result(self) -> dict[str, Any]:
        bids = sum(self.totals.values())
        if not bids:
            return {"bids": 0, "summary": "no first-round bids to compare"}
        mix = {total: n / bids for total, n in sorted(self.totals.items())}
        equilibrium = EQUILIBRIUM_TABLE[self.players]
        against_equilibrium = expected_payoffs(equilibrium, self.players - 1)
        earned = sum(share * against_equilibrium[t] for t, share in mix.items())
        value = sum(share * against_equilibrium[t] for t, share in equilibrium.items() if share)
        against_itself = expected_payoffs(mix, self.players - 1)
        exploitability = max(against_itself.values()) - sum(share * against_itself[t] for t, share in mix.items())
        return {"bids": bids, "mix": mix, "earned_against_equilibrium": earned, "equilibrium_value": value,
                "shortfall": value - earned, "exploitability": exploitability,
                "summary": f"first-round bids ({bids}) against {self.players - 1} equilibrium bidders earn "
                           f"${earned:+.2f} a round where the equilibrium earns ${value:+.2f}; if everybody bid "
                           f"like this bot, the best single bid would earn ${exploitability:.2f} more than it "
                           "(the equilibrium: $0)"}


def comparison(game: Boneyard) -> BoneyardFirstRound | None:
    """A fresh comparison for a lab run of ``game``; None with other buckets than the standard ones
    (the stored equilibrium is for those)."""
    if game.options != type(game.options)(players=game.options.players):
        return None
    return BoneyardFirstRound(game.options.players)
