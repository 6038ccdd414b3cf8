"""Odd One Out's rules. Each round every player picks 1, 2 or 3 in secret; when all have picked
the picks are shown, and each pick that nobody else made scores its number. Most points after the
last round wins (a tie shares the win)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Annotated, Any, Sequence, TypedDict

from changekit.core import Between, Event, Game, GameType, IllegalAction, Options, State
from changekit.core.words import verb

from .moves import MOVES, Pick

PICKS = (1, 2, 3)


@dataclass(frozen=True)
class OddOneOutOptions(Options):
    players: Annotated[int, Between(3, 6)] = 3
    rounds: Annotated[int, Between(1, 10)] = 5

    def max_steps(self) -> int:
        return self.players * self.rounds


class OddOneOutView(TypedDict):
    you: int | None
    round: int
    rounds: int
    scores: tuple[float, ...]
    picked: list[bool]
    mine: int | None
    last: list[int] | None
    winners: list[int]


def unique_picks(picks: Sequence[int]) -> list[bool]:
    """Which picks nobody else made."""
    counts = Counter(picks)
    return [counts[p] == 1 for p in picks]


class OddOneOutState(State):
    def _setup(self) -> None:
        self.round = 1
        self.picks: list[int | None] = [None] * self.options.players
        self.points = [0] * self.options.players
        self.last: list[int] | None = None

    def current_players(self) -> tuple[int, ...]:
        if self.round > self.options.rounds:
            return ()
        return tuple(p for p, pick in enumerate(self.picks) if pick is None)

    def _legal_actions(self, player: int) -> list[Any]:
        return [Pick(n) for n in PICKS]

    def _apply(self, player: int, action: Any) -> None:
        if isinstance(action, bool) or action not in PICKS:
            raise IllegalAction("pick-1-2-3", f"pick 1, 2 or 3, not {action!r}")
        self.picks[player] = int(action)
        self.log.append(Event("pick", {"player": player, "n": int(action)}, (player,)))
        self.log.append(Event("picked", {"player": player}))
        if all(pick is not None for pick in self.picks):
            picks = [int(p) for p in self.picks if p is not None]
            scored = [pick if unique else 0 for pick, unique in zip(picks, unique_picks(picks), strict=True)]
            self.points = [a + b for a, b in zip(self.points, scored, strict=True)]
            self.log.append(Event("reveal", {"round": self.round, "picks": picks, "scored": scored}))
            self.last = picks
            self.picks = [None] * self.options.players
            self.round += 1

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: int | None = None) -> str:
        return f"Pick {int(action)}"

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        most = max(self.points)
        return tuple(p for p, points in enumerate(self.points) if points == most)

    def _view(self, player: int | None) -> OddOneOutView:
        return {"you": player, "round": min(self.round, self.options.rounds), "rounds": self.options.rounds,
                "scores": self.scores(), "picked": [pick is not None for pick in self.picks],
                "mine": self.picks[player] if player is not None else None,
                "last": list(self.last) if self.last is not None else None, "winners": list(self.winners())}

    def inventory(self) -> Counter:
        return Counter({"seat": len(self.picks)})  # nothing changes hands

    def determinize(self, player: int, rng: Any) -> OddOneOutState:
        """The others' secret picks of this round picked again; nothing else is hidden."""
        twin = self.clone()
        twin.picks = [pick if pick is None or p == player else PICKS[rng.randrange(len(PICKS))]
                      for p, pick in enumerate(self.picks)]
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        if event.kind == "pick":
            return f"{names[event.data['player']]} picked {event.data['n']}."
        if event.kind == "picked":
            name = names[event.data["player"]]
            return f"{name} {verb(name, 'has', 'have')} picked."
        shown = ", ".join(f"{names[p]} {pick}" for p, pick in enumerate(event.data["picks"]))
        scorers = [f"{names[p]} +{s}" for p, s in enumerate(event.data["scored"]) if s]
        return (f"Round {event.data['round']}: {shown}. "
                + (f"Odd one out: {', '.join(scorers)}." if scorers else "Nobody was the odd one out."))


class OddOneOut(Game):
    name = "odd_one_out"
    title = "Odd One Out"
    teaser = "Pick 1, 2 or 3 in secret: a pick nobody else made scores."
    teaches = "mixed strategies when everyone moves at once"
    min_players, max_players = 3, 6
    #: no deal, no dice: the seed changes nothing; picks are secret only until all are in
    game_type = GameType(chance=False, simultaneous=True, perfect_information=False, hidden_lasts=False)
    moves = MOVES
    Options = OddOneOutOptions
    State = OddOneOutState


OddOneOutState.game = OddOneOut
GAME = OddOneOut
