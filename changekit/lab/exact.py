"""Where the kit knows the exact answer, how a bot's moves compare with it.

Zombie: the expected points each payment gives away against the bill with the most expected
points now (exact over the Zombie's draws, counted from the player's view as the kit's greedy
bot counts them).

Boneyard: the bot's first-round bids as a mixed strategy (bid total -> share), set against the
first round's symmetric equilibrium: what the bot's mix earns against opponents who all play the
equilibrium, beside what the equilibrium itself earns there; and how much a best single bid would
beat the bot's mix if everybody played it (its exploitability; the equilibrium's is $0).

Diminishing Returns: at every move of the bot in a two-player position the solver can settle on
the spot, whether the position was won for the mover and whether the move kept it won; the first
move that threw a won position away, with the position.
"""
from __future__ import annotations

from typing import Any, Sequence

from changekit.core.state import Game


class ZombieGiveaway:
    def __init__(self) -> None:
        self.moves = 0
        self.best = 0
        self.given_away = 0.0

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        from changekit.games.zombie.bots import position  # one game's maths, loaded when that game is tested
        from changekit.games.zombie.model import expected_points  # (as above)

        zombie, pool = position(view)
        values = {bill: expected_points(bill, zombie, pool) for bill in set(legal)}
        top = max(values.values())
        self.moves += 1
        self.best += values[action] >= top - 1e-12
        self.given_away += top - values[action]

    def result(self) -> dict[str, Any]:
        mean = self.given_away / self.moves if self.moves else 0.0
        return {"moves": self.moves, "best_moves": self.best, "points_given_away": self.given_away,
                "per_move": mean,
                "summary": f"{self.best} of {self.moves} payments had the most expected points now; "
                           f"{self.given_away:.2f} expected points given away in all ({mean:.3f} a payment)"}


class BoneyardFirstRound:
    def __init__(self, players: int) -> None:
        self.players = players
        self.totals: dict[int, int] = {}

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        if view["round"] == 1 and view["phase"] == "bid" and isinstance(action, tuple):
            total = sum(action)
            self.totals[total] = self.totals.get(total, 0) + 1

    def result(self) -> dict[str, Any]:
        from changekit.games.boneyard.model import EQUILIBRIUM_TABLE, expected_payoffs  # (as above)

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


class DiminishingKeepsWins:
    def __init__(self) -> None:
        self.won = self.kept = self.lost_positions = self.unsolved = 0
        self.first_losing: dict[str, Any] | None = None

    def see(self, view: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        from changekit.games.diminishing.analysis import hints  # (as above)
        from changekit.games.diminishing.rules import describe_move

        wins = hints(view)
        if wins is None:
            self.unsolved += 1
            return
        if not any(wins.values()):
            self.lost_positions += 1
            return
        self.won += 1
        if wins.get(tuple(action)):
            self.kept += 1
        elif self.first_losing is None:
            winning = sorted(a for a, w in wins.items() if w)
            self.first_losing = {"hands": view["hands"], "pot": view["pot"], "you": view["you"],
                                 "played": describe_move(action), "winning": [describe_move(a) for a in winning]}

    def result(self) -> dict[str, Any]:
        share = self.kept / self.won if self.won else None
        text = (f"kept a won position won in {self.kept} of {self.won} moves" if self.won
                else "never had a won position the solver could settle")
        if self.first_losing:
            f = self.first_losing
            text += (f"; first losing move: {f['played']} (holding {f['hands'][f['you']]}, pot {f['pot']}), "
                     f"where {', '.join(f['winning'][:3])} won")
        return {"won_positions": self.won, "kept_won": self.kept, "share_kept": share,
                "lost_positions": self.lost_positions, "unsolved": self.unsolved,
                "first_losing_move": self.first_losing, "summary": text}


def comparison(game: Game) -> Any | None:
    """A fresh comparison for ``game``, or None where the lab has none."""
    name = type(game).name
    if name == "zombie":
        return ZombieGiveaway()
    if name == "boneyard" and game.options == type(game.options)(players=game.options.players):
        return BoneyardFirstRound(game.options.players)  # the equilibrium is for the standard buckets
    if name == "diminishing":
        return DiminishingKeepsWins()
    return None
