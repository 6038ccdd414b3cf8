"""Diminishing Returns bots. Money is face up, so a view shows the whole position.

* ``PerfectBot``: two players, exact (the solver's table); with more players it searches
  (``MaxNBot``).
* ``MaxNBot``: max-n search to a depth and a time limit, for any number of players.
* ``MaxTakeBot``: loses as little money as possible this turn (always takes back the most).
* ``KeepSmallBot``: plays its biggest bill and takes back as many bills as it can.
* ``RandomBot`` (from the core).
"""
from __future__ import annotations

import random
import time
from typing import Any, Mapping, Sequence

from changekit.core import Bot, RandomBot
from changekit.core.words import money

from .moves import Play, as_play
from .rules import describe_move, kept, legal_moves
from .table import solve_if_quick

__all__ = ["PerfectBot", "MaxNBot", "MaxTakeBot", "KeepSmallBot", "RandomBot", "BOTS", "kept"]


def _rivals(view: Mapping[str, Any]) -> list[int]:
    return [p for p in range(len(view["hands"])) if p != view["you"] and not view["out"][p]]


class MaxTakeBot(Bot):
    """Keeps the most money this turn: the play whose largest take-back loses least (ties:
    the bigger take-back, then fewer bills)."""

    name = "max take-back"
    description = "loses as little money as possible this turn (takes back the most)"

    def choose(self, view, legal, *, rng: random.Random):
        return max(legal, key=lambda move: (kept(move), sum(move.take), -len(move.take)))

    def explain(self, view, action) -> str:
        return f"{describe_move(action)}: loses only {money(-kept(action))} this turn, the least it can"


class KeepSmallBot(Bot):
    """Plays its biggest bill and takes back as many bills as it can (bills are turns)."""

    name = "keep small bills"
    description = "plays the biggest bill, takes back as many small bills as it can"

    def choose(self, view, legal, *, rng: random.Random):
        biggest = max(move.bill for move in legal)
        return max((move for move in legal if move.bill == biggest), key=lambda move: (len(move.take), kept(move)))

    def explain(self, view, action) -> str:
        move = as_play(action)  # (a plain tuple reads as its Play)
        return (f"{describe_move(move)}: spends its biggest bill and keeps {len(move.take)} small bill(s) "
                "for later turns")


class PerfectBot(Bot):
    """Two players: plays a winning move when there is one (exact, from the solver's table);
    in a lost position keeps as much money as it can, hoping for a mistake. More players (or
    two left of a bigger game, whose bills make a universe too big to solve on the spot):
    max-n search."""

    name = "perfect"
    description = "exact play for two players (backward induction); search for more"

    def __init__(self, search: "MaxNBot | None" = None) -> None:
        self.search = search or MaxNBot()

    def solution(self, view: Mapping[str, Any]):
        """The exact verdict, or ``None`` (more than two players in, or a position outside
        the solved tables: then the bot searches)."""
        rivals = _rivals(view)
        if len(rivals) != 1:
            return None
        return solve_if_quick(view["hands"][view["you"]], view["hands"][rivals[0]], view["pot"])

    def choose(self, view, legal, *, rng: random.Random):
        solved = self.solution(view)
        if solved is None:
            return self.search.choose(view, legal, rng=rng)
        if solved.winning_moves:
            return rng.choice(solved.winning_moves).action
        best = max(kept(a) for a in legal)
        return rng.choice([a for a in legal if kept(a) == best])

    def explain(self, view, action) -> str:
        solved = self.solution(view)
        if solved is None:
            return self.search.explain(view, action)
        if solved.winning_moves:
            return (f"{describe_move(action)}, a winning move: {len(solved.winning_moves)} of {len(solved.moves)} "
                    "moves win against any defence")
        return (f"{describe_move(action)}: every move loses against perfect play, so it keeps the most money and "
                "hopes for a mistake")


class MaxNBot(Bot):
    """Max-n search: every player maximises their own score at their turn.

    Leaves are scored per player: out = -100, otherwise money + 2 per bill (bills are turns);
    a finished game gives the winner +1000. ``depth`` plies, at most ``width`` candidate moves
    per node (those keeping the most money, and the ones keeping the most bills), stopping
    deeper search when ``seconds`` have passed (iterative deepening).
    """

    name = "max-n search"
    description = "looks a few turns ahead, each player maximising their own score"

    def __init__(self, depth: int = 3, width: int = 6, seconds: float = 0.01) -> None:
        self.depth, self.width, self.seconds = depth, width, seconds

    def choose(self, view, legal, *, rng: random.Random):
        purses = tuple(tuple(p) for p in view["hands"])
        out = tuple(view["out"])
        me = view["you"]
        first_knockout = view.get("end") == "first_knockout"
        deadline = time.perf_counter() + self.seconds
        pot = tuple(view["pot"])
        # one ply always completes (no deadline), deeper searches only while time is left
        _, best = self._search(purses, pot, out, me, 1, first_knockout, float("inf"), legal)
        for depth in range(2, self.depth + 1):
            try:
                _, best = self._search(purses, pot, out, me, depth, first_knockout, deadline, legal)
            except TimeoutError:
                break
        return best

    def explain(self, view, action) -> str:
        return (f"{describe_move(action)}: best for itself {self.depth} turns ahead, assuming each player looks "
                "after their own money")

    def _candidates(self, legal: Sequence[Play]) -> list[Play]:
        if len(legal) <= self.width:
            return list(legal)
        by_money = sorted(legal, key=lambda move: (-kept(move), move))
        by_bills = sorted(legal, key=lambda move: (-len(move.take), -kept(move), move))
        out: list[Play] = []
        for a, b in zip(by_money, by_bills, strict=True):
            for x in (a, b):
                if x not in out:
                    out.append(x)
            if len(out) >= self.width:
                break
        return out[: self.width]

    def _score(self, purses, out, over: bool) -> list[float]:
        score = [(-100.0 if dead else sum(p) + 2 * len(p)) for p, dead in zip(purses, out, strict=True)]
        if over:
            top = max(score)
            score = [s + 1000 if s == top else s for s in score]
        return score

    def _search(self, purses, pot, out, mover, depth, first_knockout, deadline, legal=None):
        if time.perf_counter() > deadline:
            raise TimeoutError
        alive = [p for p in range(len(purses)) if not out[p]]
        over = len(alive) <= 1 or (first_knockout and any(out))
        if over or depth == 0:
            return self._score(purses, out, over), None
        moves = self._candidates(list(legal) if legal is not None else legal_moves(purses[mover], pot))
        best_value, best_move = None, None
        for action in moves:
            purse = list(purses[mover])
            purse.remove(action.bill)
            new_pot = list(pot)
            new_pot.append(action.bill)
            for b in action.take:
                new_pot.remove(b)
                purse.append(b)
            new_purses = list(purses)
            new_purses[mover] = tuple(sorted(purse, reverse=True))
            new_out = list(out)
            if not purse:
                new_out[mover] = True
            nxt = (mover + 1) % len(purses)
            while new_out[nxt] and nxt != mover:
                nxt = (nxt + 1) % len(purses)
            value, _ = self._search(tuple(new_purses), tuple(sorted(new_pot, reverse=True)), tuple(new_out),
                                    nxt, depth - 1, first_knockout, deadline)
            if best_value is None or value[mover] > best_value[mover]:
                best_value, best_move = value, action
        return best_value, best_move


#: The bots a player can choose in the app and the analyses, by name.
BOTS: dict[str, type[Bot]] = {
    "perfect": PerfectBot, "max take-back": MaxTakeBot, "keep small bills": KeepSmallBot, "random": RandomBot,
}
