"""``check_bot`` and ``tournament``: the lab's two public functions, and what they return."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

from changekit.core.checks import MAX_SEED
from changekit.core.errors import ChangekitError
from changekit.core.options import tuples
from changekit.core.state import Game
from changekit.registry import load_game
from changekit.stats.intervals import Estimate

from .exact import comparison as exact_comparison
from .referee import (MAX_ENTRIES, MAX_GAMES, Entry, GameRecord, PlayerMaker, Results, as_entry, csv_text,
                      kit_entry, play_groups, rank_bands, round_robin_groups, sandboxed_player)
from .sandbox import MOVE_SECONDS, MOVE_SECONDS_BOUNDS, MoveFailure, sandbox_available
from .source import check_source


def _game(game: Game | str, players: int | None) -> Game:
    if isinstance(game, Game):
        if players is not None and players != game.options.players:
            raise ChangekitError(f"players: the game given is for {game.options.players} players, not {players}")
        return game
    if not isinstance(game, str):
        raise ChangekitError(f"game: a game's name (say 'zombie') or a Game, not {type(game).__name__}")
    cls = load_game(game)
    return cls() if players is None else cls(players=players)


def _count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ChangekitError(f"{name}: a whole number from {low} to {high}, not {value!r}")
    return value


def _seconds(value: Any) -> float:
    low, high = MOVE_SECONDS_BOUNDS
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ChangekitError(f"move_seconds: a time from {low} to {high} seconds, not {value!r}")
    return float(value)


@dataclass
class Report:
    """How one bot did: win rate and mean score (95 % intervals over deals, the unit of independence
    in the duplicate format), every failed move with the view that caused it, and, where the kit
    knows an exact yardstick, a comparison with it."""

    game: str
    name: str
    lineup: list[str]
    games: int
    seed: int
    win_rate: Estimate
    mean_score: Estimate
    lower_is_better: bool
    failures: list[MoveFailure]
    stopped: str
    exact: dict[str, Any] | None
    results: Results = field(repr=False)

    def failure_counts(self) -> dict[str, int]:
        return self.results.failure_counts(0)

    def replay(self, failure: MoveFailure | int = 0) -> Any:
        """The game of a failure (or game number), replayed to just before the failed move."""
        if isinstance(failure, MoveFailure):
            return self.results.replay(failure.game, failure.move)
        return self.results.replay(failure)

    def summary(self) -> str:
        counts = ", ".join(f"{n} {kind}" for kind, n in self.failure_counts().items() if n) or "no failed moves"
        direction = "lower is better" if self.lower_is_better else "higher is better"
        lines = [f"{self.name} in {self.games} games of {self.game} against {', '.join(self.lineup[1:])} "
                 f"(seed {self.seed}):",
                 f"  win rate {self.win_rate.value:.1%} "
                 f"(95 % interval {self.win_rate.low:.1%} to {self.win_rate.high:.1%})",
                 f"  mean score {self.mean_score.value:.2f} ({self.mean_score.low:.2f} to {self.mean_score.high:.2f}; "
                 f"{direction})",
                 f"  {counts}" + (f"; {self.stopped}" if self.stopped else "")]
        if self.exact:
            lines.append(f"  exact yardstick: {self.exact['summary']}")
        return "\n".join(lines)


def check_bot(game: Game | str, source: str | bytes, *, against: Sequence[str], games: int, seed: int,
              players: int | None = None, move_seconds: float = MOVE_SECONDS, own_code: bool = False,
              name: str = "your bot") -> Report:
    """Play ``games`` seeded games of the student's bot against ``against`` (the kit's bots by name,
    one per other seat), every deal once from each seat, and report.

    ``games`` is rounded up to a whole number of deals (one game per seat each). ``own_code=True``:
    the source is the caller's own, so where no sandbox is available it runs in a plain child process
    of this kernel (never use it for someone else's code)."""
    g = _game(game, players if players is not None else (len(against) + 1 if not isinstance(game, Game) else None))
    if len(against) + 1 != g.options.players:
        raise ChangekitError(f"against: a {g.options.players}-player game needs {g.options.players - 1} kit bots, "
                             f"not {len(against)}")
    games = _count(games, "games", 1, MAX_GAMES)
    seed = _count(seed, "seed", 0, MAX_SEED)
    seconds = _seconds(move_seconds)
    entries = [Entry(name, source=check_source(source))] + [kit_entry(g, b) for b in against]
    sandboxed = sandbox_available() or not own_code
    comparison = exact_comparison(g)
    players_n = g.options.players
    deals = -(-games // players_n)
    results = play_groups(g, entries, lambda rng: [list(range(players_n))], rounds=deals, seed=seed,
                          sandboxed=sandboxed, move_seconds=seconds,
                          on_move=(lambda i, view, legal, action: comparison.see(view, legal, action))
                          if comparison else None)
    return Report(type(g).name, name, [e.name for e in entries], len(results.games_of(0)), seed,
                  results.win_rate(0), results.mean_score(0), type(g).lower_is_better, results.failures[0],
                  results.stopped[0], comparison.result() if comparison else None, results)


@dataclass
class Standings:
    """A tournament's result: one row per entry (games, win rate and mean score with 95 % intervals
    over deals, a rank band: neighbours share one unless the paired test of their difference over
    the deals they shared is significant, see :func:`~changekit.lab.referee.rank_bands`; failures),
    the seed that reproduces it,
    and every game (``replay``)."""

    game: str
    seed: int
    rows: list[dict[str, Any]]
    results: Results = field(repr=False)

    def replay(self, game_index: int, moves: int | None = None) -> Any:
        return self.results.replay(game_index, moves)

    def payoff_matrix(self) -> list[list[float | None]]:
        """Row entry's mean score in the games it shared a table with the column entry."""
        n = len(self.results.entries)
        sums = [[0.0] * n for _ in range(n)]
        counts = [[0] * n for _ in range(n)]
        for record in self.results.records:
            for seat, a in enumerate(record.seating):
                for b in set(record.seating):
                    if b != a:
                        sums[a][b] += record.scores[seat]
                        counts[a][b] += 1
        return [[sums[a][b] / counts[a][b] if counts[a][b] else None for b in range(n)] for a in range(n)]

    def to_csv(self, *, anonymous: bool = False) -> str:
        rows = self.rows if not anonymous else [{**row, "entry": f"entry {row['rank']}.{i}"}
                                               for i, row in enumerate(self.rows, 1)]
        return csv_text(rows)

    def to_json(self) -> dict[str, Any]:
        """The standings as JSON-ready data, every game's save and failure with them (not the
        entries' sources): what the class service sends a teacher's page on a hub, where the
        tournament runs (:func:`standings_from_json` reads it back)."""
        results = self.results
        return {"format": STANDINGS_FORMAT, "game": self.game, "seed": self.seed, "rows": self.rows,
                "options": results.game.options.to_json(),
                "entries": [{"name": e.name, "bot_name": e.bot_name} for e in results.entries],
                "records": [asdict(r) for r in results.records],
                "failures": [[asdict(f) for f in failures] for failures in results.failures],
                "stopped": results.stopped}


#: the version of :meth:`Standings.to_json`'s data
STANDINGS_FORMAT = 1


def standings_from_json(data: Any) -> Standings:
    """:class:`Standings` from :meth:`Standings.to_json`'s data (a ChangekitError if it is not that)."""
    try:
        if data["format"] != STANDINGS_FORMAT:
            raise ChangekitError(f"standings of format {data['format']!r}, not {STANDINGS_FORMAT}")
        game = load_game(data["game"])(**{k: tuples(v) for k, v in data["options"].items()})
        results = Results(game, [Entry(e["name"], bot_name=e["bot_name"]) for e in data["entries"]], data["seed"],
                          [GameRecord(**r) for r in data["records"]],
                          [[MoveFailure(**f) for f in failures] for failures in data["failures"]],
                          list(data["stopped"]))
        return Standings(data["game"], data["seed"], list(data["rows"]), results)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ChangekitError(f"these are not a tournament's standings: {exc!r}") from None


def tournament(game: Game | str, entries: Sequence[Any], *, games: int, seed: int, players: int | None = None,
               move_seconds: float = MOVE_SECONDS, progress: Callable[[float], None] | None = None,
               _player: PlayerMaker = sandboxed_player) -> Standings:
    """Every entry (bot source, ``(name, source)`` or a kit bot's name) plays at least ``games`` games:
    each round the entries are seated at tables of the game's size in a seeded random order, and
    every table plays one deal once in each rotation of its seats (duplicate format). Entries'
    code runs only in the sandbox (``_player`` is for the benchmark's reference run of its own
    sources in this process)."""
    g = _game(game, players)
    if not isinstance(entries, (list, tuple)):
        raise ChangekitError(f"entries: a list of entries, not {type(entries).__name__}")
    _count(len(entries), "entries (how many)", g.options.players, MAX_ENTRIES)
    games = _count(games, "games", 1, MAX_GAMES)
    seed = _count(seed, "seed", 0, MAX_SEED)
    seconds = _seconds(move_seconds)
    # seated in the order of their names, so the standings depend on the seed and the entries,
    # never on the order they were listed in
    lineup = sorted((as_entry(g, e, i) for i, e in enumerate(entries, 1)), key=lambda e: e.name)
    names = [e.name for e in lineup]
    if len(set(names)) != len(names):
        twice = sorted(n for n in set(names) if names.count(n) > 1)
        raise ChangekitError(f"entries: two entries share a name: {twice}")
    players_n = g.options.players
    rounds = -(-games // players_n)
    results = play_groups(g, lineup, round_robin_groups(len(lineup), players_n), rounds=rounds, seed=seed,
                          sandboxed=True, move_seconds=seconds, progress=progress, player=_player)
    rates = [results.win_rate(i) for i in range(len(lineup))]
    bands = rank_bands(rates, results.difference_z)
    rows = []
    for i in sorted(range(len(lineup)), key=lambda i: (bands[i], -rates[i].value, names[i])):
        score = results.mean_score(i)
        rows.append({"rank": bands[i], "entry": names[i], "kind": "kit bot" if lineup[i].is_kit else "student",
                     "games": rates[i].n, "win_rate": rates[i].value, "low": rates[i].low, "high": rates[i].high,
                     "mean_score": score.value, "score_low": score.low, "score_high": score.high,
                     **results.failure_counts(i), "stopped": results.stopped[i]})
    return Standings(type(g).name, seed, rows, results)
