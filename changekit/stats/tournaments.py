"""Bot tournaments, for every game: one runner, one result, one chart.

A game's analysis module names its usual line-up and calls :func:`bot_tournament`; the chart is
:func:`tournament_figure`, which imports plotly only when called.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from changekit.core.bots import Bot, play_out
from changekit.core.checks import checked, collection, is_callable, is_instance, is_runs, is_seed, optional, shown
from changekit.core.errors import InvalidArgument
from changekit.core.state import Game
from changekit.core.words import numbered
from changekit.registry import spec_of

from .intervals import Z95, Estimate, wilson


@dataclass
class TournamentResult:
    """Wins per bot (a shared win counts as a fraction), with 95 % intervals, and the points each
    bot finished with in all (read them with ``lower_is_better``: CHA-CHING's penalties and Cambio's
    grid totals count against the player)."""

    names: list[str]
    games: int
    wins: list[float]
    points: list[float] = field(default_factory=list)
    lower_is_better: bool = False

    def win_rates(self) -> list[Estimate]:
        return [wilson(w, self.games) for w in self.wins]

    def mean_points(self) -> list[float] | None:
        return [p / self.games for p in self.points] if self.points else None

    def labels(self) -> list[str]:
        """One label per seat: the bot's name, numbered where two seats hold bots of one name."""
        return numbered(self.names)

    def ranking(self) -> list[int]:
        """Bot indices, best first: the most wins, then the best mean points (the lowest where
        lower is better)."""
        sign = 1 if self.lower_is_better else -1
        means = self.mean_points() or [0.0] * len(self.names)
        return sorted(range(len(self.names)), key=lambda i: (-self.wins[i], sign * means[i], i))

    def share(self, name: str) -> float:
        """The share of the games won by bot ``name`` (a name seated twice: its seats' wins added up)."""
        if name not in self.names:
            raise InvalidArgument(f"no bot called {name!r} played: the bots were {sorted(set(self.names))}")
        return sum(w for n, w in zip(self.names, self.wins, strict=True) if n == name) / self.games

    def difference_z(self, first: str, second: str) -> float:
        """The z of the difference of two bots' shares of these games (``first`` less ``second``).
        At one table a game one bot wins is a game the other did not, so the two counts are one
        multinomial draw: Var(p1 - p2) = (p1 + p2 - (p1 - p2)²) / n, smaller than the sum of two
        independent variances, and comparing their intervals for overlap would be the wrong test."""
        p1, p2 = self.share(first), self.share(second)
        spread = p1 + p2 - (p1 - p2) ** 2
        if spread <= 0:
            return 0.0  # neither won a game: no difference to test
        return (p1 - p2) / math.sqrt(spread / self.games)

    def leaders(self, z: float = Z95) -> list[str]:
        """The bot that won the most games and every bot the test of the difference
        (:meth:`difference_z`, two-sided at 5 % by default) cannot tell from it, in seating order:
        what these games say about who wins most often. Every bot named means they cannot be ranked."""
        names = list(dict.fromkeys(self.names))
        top = max(names, key=self.share)
        return [n for n in names if n == top or self.difference_z(top, n) < z]

    def rows(self) -> list[dict[str, object]]:
        means: Sequence[float | None] = self.mean_points() or [None] * len(self.names)
        return [
            {"bot": name, "wins": w, "games": self.games, "win_rate": e.value, "low": e.low, "high": e.high,
             "mean_points": m, "lower_is_better": self.lower_is_better}
            for name, w, e, m in zip(self.names, self.wins, self.win_rates(), means, strict=True)
        ]


def bots_of(game: Game) -> Mapping[str, type[Bot]]:
    """The bots a game offers by name (its spec's, from the registry)."""
    return spec_of(game).bots


def _lineup(game: Game, bots: Any, name: str) -> list[Bot]:
    table = None
    out = []
    for bot in collection(bots, name, limit=16, what="bots"):
        if isinstance(bot, Bot):
            out.append(bot)
        elif isinstance(bot, str):
            table = table or bots_of(game)
            if bot not in table:
                raise InvalidArgument(f"{name}: {game.title} has no bot called {shown(bot)}; it has {sorted(table)}")
            out.append(table[bot]())
        else:
            raise InvalidArgument(f"{name}: each is a Bot or a bot's name, not {shown(bot)}")
    return out


@checked(game=is_instance(Game, "a Game (say ChaChing(players=4))"), games=is_runs, seed=is_seed,
         progress=optional(is_callable))
def bot_tournament(game: Game, bots: Sequence[Bot | str], *, games: int, seed: int,
                   progress: Callable[[float], None] | None = None) -> TournamentResult:
    """Play ``games`` games of ``game`` with ``bots`` (one per seat: Bot objects or the names of
    the game's bots), rotating seats so no bot keeps the first-player advantage. A win shared by
    k players counts 1/k to each. ``progress`` (if given) is called with the fraction of games
    played after each game (a progress bar)."""
    lineup = _lineup(game, bots, "bots")
    n = len(lineup)
    if n != game.options.players:
        raise InvalidArgument(f"bots: {n} bots for a {game.options.players}-player game")
    master = random.Random(seed)
    wins = [0.0] * n
    points = [0.0] * n
    for g in range(games):
        shift = g % n
        seating = [(i + shift) % n for i in range(n)]  # seat s holds bot seating[s]
        state = game.new_state(seed=master.getrandbits(32))
        play_out(state, [lineup[b] for b in seating], rng=random.Random(master.getrandbits(64)))
        winners = state.winners()
        scores = state.scores()
        for seat, b in enumerate(seating):
            if seat in winners:
                wins[b] += 1 / len(winners)
            points[b] += scores[seat]
        if progress is not None:
            progress((g + 1) / games)
    return TournamentResult([b.name or type(b).__name__ for b in lineup], games, wins, points,
                            lower_is_better=type(game).lower_is_better)


def tournament_figure(result: TournamentResult, *, title: str | None = None) -> Any:
    """Win rates with 95 % Wilson intervals, the fair share dotted, each bar labelled with the
    bot's mean points and which way points count."""
    rows = [{**row, "bot": label} for row, label in zip(result.rows(), result.labels(), strict=True)]
    return win_rate_figure(rows, title=title or f"Bot tournament: {result.games} games, 95 % intervals")


def win_rate_figure(rows: Sequence[Mapping[str, Any]], *, title: str) -> Any:
    """The tournament chart from result rows (``TournamentResult.rows()``, relabelled as a
    head-to-head needs): one bar per row."""
    import plotly.graph_objects as go  # plotly only for the chart

    from changekit.ui.theme import style

    labels = [r["bot"] for r in rows]
    means = [r.get("mean_points") for r in rows]
    known = all(m is not None for m in means)
    direction = "lower is better" if rows and rows[0].get("lower_is_better") else "higher is better"
    fig = go.Figure()
    fig.add_bar(x=labels, y=[r["win_rate"] for r in rows], name="win rate",
                error_y={"type": "data", "symmetric": False, "array": [r["high"] - r["win_rate"] for r in rows],
                         "arrayminus": [r["win_rate"] - r["low"] for r in rows]},
                text=[f"mean points {m:.1f}" for m in means] if known else None,
                # the mean points under each bot's name, not on its bar: there the interval's whisker
                # and the fair-share line ran through the words
                textposition="none",
                hovertemplate="%{x}: win rate %{y:.1%}" + ("<br>%{text}" if known else "") + "<extra></extra>")
    fig.add_scatter(x=labels, y=[1 / len(labels)] * len(labels), mode="lines", name="fair share",
                    line={"dash": "dot"})
    style(fig, title=title, x=f"bot (mean points: {direction})" if known else "bot", y="win rate")
    fig.update_yaxes(range=[0, 1])
    if known:
        fig.update_xaxes(tickmode="array", tickvals=labels,
                         ticktext=[f"{label}<br>mean {m:.1f}" for label, m in zip(labels, means, strict=True)])
    return fig
