"""The referee: seeded games between entries (a student's source or a kit bot), duplicate format.

Every deal is played once with each rotation of the seats, so each entry at the table plays it
from every seat: that reduces the luck of the deal (every entry meets each deal from each seat) but
does not remove it (the bots' own random choices, and the deals' effects on who meets whom, still
vary; hence the intervals and the rank bands). One seed fixes everything: the deals, the
groups, each bot's own random generator, so anyone with the seed and the entries gets the same
standings, whatever order the machine runs things in.
"""
from __future__ import annotations

import csv
import io
import math
import random
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from functools import partial
from statistics import NormalDist
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from changekit.core.bots import Bot, bot_move, play_turns
from changekit.core.errors import ChangekitError
from changekit.core.state import Game, State
from changekit.stats.intervals import Z95, Estimate, mean_interval, wilson
from changekit.stats.tournaments import bots_of

from .sandbox import FAILURE_KINDS, EntryBot, MoveFailure, SandboxedBot
from .source import BotSource, check_name, check_source

#: Most entries one tournament takes, and most games per entry.
MAX_ENTRIES = 200
MAX_GAMES = 2_000


@dataclass
class Entry:
    """One player of a lab run: a kit bot (by name) or a student's checked source."""

    name: str
    bot_name: str | None = None
    source: BotSource | None = None

    @property
    def is_kit(self) -> bool:
        return self.bot_name is not None


def kit_entry(game: Game, name: str) -> Entry:
    bots = bots_of(game)
    if name not in bots:
        raise ChangekitError(f"{game.title} has no bot called {name!r}; it has {sorted(bots)}")
    return Entry(f"{name} bot", bot_name=name)


def as_entry(game: Game, entry: Any, number: int) -> Entry:
    """An entry from what a caller gives: a kit bot's name, bot source text, ``(name, source)`` or an
    :class:`Entry`."""
    if isinstance(entry, Entry):
        return entry
    if isinstance(entry, tuple) and len(entry) == 2:
        name, source = entry
        return Entry(check_name(name), source=check_source(source))
    if isinstance(entry, str) and entry in bots_of(game):
        return kit_entry(game, entry)
    if isinstance(entry, (str, bytes)):
        return Entry(f"entry {number}", source=check_source(entry))
    raise ChangekitError(f"an entry is a kit bot's name, bot source text or (name, source), not {type(entry).__name__}")


@dataclass
class GameRecord:
    """One game played: who sat where (entry indices by seat), the scores, the winners, its save."""

    deal: int
    seating: list[int]
    scores: list[float]
    winners: list[int]
    save: str


@dataclass
class Results:
    """Every game of a run, and each entry's failures."""

    game: Game
    entries: list[Entry]
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    failures: list[list[MoveFailure]] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)

    def games_of(self, i: int) -> list[tuple[GameRecord, int]]:
        return [(r, seat) for r in self.records for seat, e in enumerate(r.seating) if e == i]

    def deals_of(self, i: int) -> dict[int, list[tuple[GameRecord, int]]]:
        """Entry ``i``'s games grouped by deal (a table's deal played in every rotation of its seats,
        ``players`` records in a row): the deal, not the game, is the unit of independence."""
        players = self.game.options.players
        deals: dict[int, list[tuple[GameRecord, int]]] = {}
        for index, record in enumerate(self.records):
            for seat, e in enumerate(record.seating):
                if e == i:
                    deals.setdefault(index // players, []).append((record, seat))
        return deals

    def deal_shares(self, i: int) -> dict[int, float]:
        """Entry ``i``'s share of the wins in each of its deals (a tie shared among its winners)."""
        return {deal: sum(1 / len(r.winners) for r, seat in games if seat in r.winners) / len(games)
                for deal, games in self.deals_of(i).items()}

    def win_rate(self, i: int) -> Estimate:
        """The share of its games entry ``i`` won, with a 95 % interval over deals
        (:func:`deal_wilson`): the games of one deal share it, so they are not independent."""
        shares = list(self.deal_shares(i).values())
        return deal_wilson(shares, len(self.games_of(i)))

    def mean_score(self, i: int) -> Estimate:
        """Entry ``i``'s mean score, with a 95 % interval over deals (:func:`deal_mean`)."""
        return deal_mean([[r.scores[seat] for r, seat in games] for games in self.deals_of(i).values()])

    def difference_z(self, a: int, b: int) -> float:
        """The test of the difference between entries ``a`` and ``b``'s win rates, deal by deal
        (:func:`paired_difference_z` on their shares of each deal): entries that met share those deals."""
        return paired_difference_z(self.deal_shares(a), self.deal_shares(b))

    def failure_counts(self, i: int) -> dict[str, int]:
        return {kind: sum(f.kind == kind for f in self.failures[i]) for kind in FAILURE_KINDS}

    def replay(self, game_index: int, moves: int | None = None) -> State:
        """Game ``game_index`` of this run, replayed (to its ``moves``-th move if given): open it in
        an app or step through it."""
        record = self.records[game_index]
        state = type(self.game.new_state(seed=0)).from_json(record.save)
        if moves is not None:
            state.undo(len(state.history) - moves)
        return state


#: Makes the bot that plays an entry's source: (source, name, sandboxed, move_seconds) -> EntryBot.
PlayerMaker = Callable[[BotSource, str, bool, float], EntryBot]


def sandboxed_player(source: BotSource, name: str, sandboxed: bool, move_seconds: float) -> EntryBot:
    return SandboxedBot(source, name, sandboxed=sandboxed, move_seconds=move_seconds)


def _make_bots(entries: Sequence[Entry], game: Game, *, sandboxed: bool, move_seconds: float,
               player: PlayerMaker) -> list[Bot]:
    bots: list[Bot] = []
    table = bots_of(game)
    try:
        for entry in entries:
            if entry.bot_name is not None:
                bots.append(table[entry.bot_name]())
            else:
                assert entry.source is not None
                bots.append(player(entry.source, entry.name, sandboxed, move_seconds))
    except BaseException:
        _close(bots)
        raise
    return bots


def _kit_move(bot: Bot, rng: random.Random, state: State, seat: int) -> Any:
    return bot_move(state, seat, bot, rng)


def _close(bots: Sequence[Bot]) -> None:
    for bot in bots:
        if isinstance(bot, EntryBot):
            bot.close()


@dataclass
class _Planned:
    """One game, fixed before any game is played: its number, deal, seats and every seed."""

    index: int
    deal: int
    seating: list[int]
    bot_seeds: list[int]
    play_seed: int


#: Most tables played at once: each is a thread that mostly waits on its entries' workers, so more
#: tables than cores keep the machine busy while a worker waits for its turn on a core.
MAX_TABLES_AT_ONCE = 16


def _in_entry_order(tables: list[list[_Planned]], play_table: Callable[[list[_Planned]], list[GameRecord]],
                    pool: ThreadPoolExecutor, done: Callable[[int, list[GameRecord]], None]) -> None:
    """Play every table, each as soon as every entry at it has played all its tables before it
    (in the list's order): each entry plays its games in the order of one table after another, so
    the results are the same, and tables that share no entry play at once."""
    queues: dict[int, deque[int]] = {}
    for t, table in enumerate(tables):
        for entry in set(table[0].seating):
            queues.setdefault(entry, deque()).append(t)

    def ready(t: int) -> bool:
        return all(queues[entry][0] == t for entry in set(tables[t][0].seating))

    running = {pool.submit(play_table, tables[t]): t for t in range(len(tables)) if ready(t)}
    while running:
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            t = running.pop(future)
            done(t, future.result())
            heads = []
            for entry in set(tables[t][0].seating):
                queues[entry].popleft()
                if queues[entry]:
                    heads.append(queues[entry][0])
            for head in sorted(set(heads)):
                if ready(head):
                    running[pool.submit(play_table, tables[head])] = head


def play_groups(game: Game, entries: Sequence[Entry], groups: Callable[[random.Random], list[list[int]]], *,
                rounds: int, seed: int, sandboxed: bool, move_seconds: float,
                progress: Callable[[float], None] | None = None,
                on_move: Callable[[int, dict, Sequence, Any], None] | None = None,
                player: PlayerMaker = sandboxed_player, threads: int | None = None) -> Results:
    """Play ``rounds`` rounds; each round, ``groups(rng)`` seats the entries in groups of the game's
    size and every group plays one deal in every rotation of its seats.

    Every seed is drawn before any game starts, in one order, and each entry plays its games in
    the order of one table after another, so tables that share no entry may play at once
    (``threads`` of them, default ``MAX_TABLES_AT_ONCE``: the workers think in their own processes)
    and the results are the same as one after another."""
    players = game.options.players
    master = random.Random(seed)
    results = Results(game, list(entries), seed)
    bots = _make_bots(entries, game, sandboxed=sandboxed, move_seconds=move_seconds, player=player)
    if on_move is not None:
        for i, bot in enumerate(bots):
            if isinstance(bot, EntryBot):
                bot.on_move = lambda view, legal, action, i=i: on_move(i, view, legal, action)
    max_steps = type(game).max_steps(game.options)

    def play(planned: _Planned) -> GameRecord:
        state = game.new_state(seed=planned.deal)
        for seat, i in enumerate(planned.seating):
            bot = bots[i]
            if isinstance(bot, EntryBot):
                bot.new_game(planned.index, planned.bot_seeds[seat], seat, partial(len, state.history))
        seated = [bots[i] for i in planned.seating]
        rng = random.Random(planned.play_seed)
        # an entry's bot is given the state to build the view from (a sandboxed one sends only the
        # log lines its worker has not had); a kit bot is played as play_out plays it
        movers = [bot.move if isinstance(bot, EntryBot) else partial(_kit_move, bot, rng) for bot in seated]
        play_turns(lambda: state, lambda now, seat: movers[seat](now, seat), max_steps=max_steps)
        return GameRecord(planned.deal, planned.seating, list(state.scores()), sorted(state.winners()),
                          state.to_json())

    def play_table(table: list[_Planned]) -> list[GameRecord]:
        return [play(planned) for planned in table]

    tables: list[list[_Planned]] = []
    for _ in range(rounds):
        for group in groups(master):
            deal = master.getrandbits(32)
            first = len(tables) * players
            tables.append([_Planned(first + shift, deal, [group[(s + shift) % players] for s in range(players)],
                                    [master.getrandbits(32) for _ in range(players)], master.getrandbits(64))
                           for shift in range(players)])
    played: list[list[GameRecord] | None] = [None] * len(tables)
    tables_done = 0

    def table_done(t: int, records: list[GameRecord]) -> None:
        nonlocal tables_done
        played[t] = records
        tables_done += 1
        if progress is not None:
            progress(tables_done / len(tables))

    pool = ThreadPoolExecutor(max_workers=threads or MAX_TABLES_AT_ONCE)
    try:
        _in_entry_order(tables, play_table, pool, table_done)
        results.records = [record for records in played for record in records or ()]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _close(bots)
    results.failures = [sorted(bot.failures, key=lambda f: (f.game, f.move)) if isinstance(bot, EntryBot) else []
                        for bot in bots]
    results.stopped = [bot.stopped if isinstance(bot, EntryBot) else "" for bot in bots]
    return results


def round_robin_groups(count: int, players: int) -> Callable[[random.Random], list[list[int]]]:
    """Each round, the entries in a fresh random order, cut into tables of ``players``; where they
    do not divide evenly, the last table is filled with entries from the front of the order (who
    then play one more deal that round)."""
    def groups(rng: random.Random) -> list[list[int]]:
        order = list(range(count))
        rng.shuffle(order)
        tables = math.ceil(count / players)
        padded = order + order[: tables * players - count]
        return [padded[t * players:(t + 1) * players] for t in range(tables)]
    return groups


def _variance(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0


def deal_wilson(shares: Sequence[float], games: int) -> Estimate:
    """A win rate's 95 % interval with the deal as the unit: ``shares`` is the entry's share of the
    wins in each deal, ``games`` its games in all. A Wilson interval on the effective number of games,
    p(1 - p) ÷ (variance of the deal shares ÷ deals): when deals suit or spoil the entry (its games
    of one deal go together) that is fewer than the games, and the interval widens as it should.
    It is kept between the deals (each deal one game: the most its games can go together) and the
    games (as if independent: never narrower than that, which is cautious when the deal decides
    *which seat* wins and the entry's share barely moves from deal to deal). With one deal, or a
    rate of 0 or 1, the spread between deals is unknown and the deals are the count."""
    deals = len(shares)
    if deals == 0:
        return wilson(0, 0)
    p = sum(shares) / deals
    spread = _variance(shares) / deals
    if deals < 2 or not 0 < p < 1:
        effective = float(deals)
    elif spread <= 0:
        effective = float(games)
    else:
        effective = min(float(games), max(float(deals), p * (1 - p) / spread))
    return _wilson_of(p, effective, games)


def _wilson_of(p: float, n: float, games: int) -> Estimate:
    """Wilson's interval for a share ``p`` of ``n`` (not necessarily whole) independent trials."""
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return Estimate(p, low, high, games)


def deal_mean(scores_by_deal: Sequence[Sequence[float]]) -> Estimate:
    """A mean score's 95 % interval with the deal as the unit: the standard error from the spread of
    the deals' mean scores, kept (as :func:`deal_wilson` keeps its count) between that of the games
    as if independent and that of one game per deal. Every deal holds the same number of the
    entry's games (one per seat), so the mean of the deals' means is the mean of the games."""
    games = [score for scores in scores_by_deal for score in scores]
    if not games:
        return mean_interval([])
    deals = len(scores_by_deal)
    mean = sum(games) / len(games)
    spread_games = _variance(games)
    independent, one_per_deal = spread_games / len(games), spread_games / deals
    by_deals = _variance([sum(s) / len(s) for s in scores_by_deal]) / deals if deals > 1 else one_per_deal
    half = Z95 * math.sqrt(min(one_per_deal, max(independent, by_deals)))
    return Estimate(mean, mean - half, mean + half, len(games))


def paired_difference_z(a: dict[int, float], b: dict[int, float]) -> float:
    """z of the difference between two entries' mean results over their deals (``{deal: result}``),
    with the standard error that counts the deals they shared: each deal contributes its deviation
    for ``a`` minus its deviation for ``b`` (the paired difference where they met, one side alone
    where they did not), summed over deals, which are independent. Where the two played exactly the
    same deals this is the paired test, mean of the per-deal differences over its standard error;
    where they never met it is √(se_a² + se_b²). 0 where either has fewer than two deals."""
    if len(a) < 2 or len(b) < 2:
        return 0.0
    mean_a, mean_b = sum(a.values()) / len(a), sum(b.values()) / len(b)
    # n/(n - 1) so that a side alone gives its usual se², the sample variance over n
    scale_a, scale_b = math.sqrt(len(a) / (len(a) - 1)) / len(a), math.sqrt(len(b) / (len(b) - 1)) / len(b)
    variance = 0.0
    for deal in set(a) | set(b):
        u = (scale_a * (a[deal] - mean_a) if deal in a else 0.0) - (scale_b * (b[deal] - mean_b) if deal in b else 0.0)
        variance += u * u
    if variance <= 0:
        return 0.0 if mean_a == mean_b else math.copysign(math.inf, mean_a - mean_b)
    return (mean_a - mean_b) / math.sqrt(variance)


#: The level of the rank bands' tests: two-sided 5 %, shared among the adjacent comparisons.
BAND_LEVEL = 0.05


def difference_z(a: Estimate, b: Estimate) -> float:
    """The test of a difference: ``(a - b) / sqrt(se_a² + se_b²)``, each standard error read off its
    95 % interval (half its width over 1.96), as for two independent estimates. Not whether the two
    intervals overlap: equal intervals can overlap while the difference is significant (a gap of
    2.77 to 3.92 standard errors). 0 where either estimate has no value or no width."""
    se2 = sum(((e.high - e.low) / (2 * Z95)) ** 2 for e in (a, b))
    if not (math.isfinite(a.value) and math.isfinite(b.value) and se2 > 0):
        return 0.0
    return (a.value - b.value) / math.sqrt(se2)


def band_z(entries: int, level: float = BAND_LEVEL) -> float:
    """The |z| a difference between neighbours must pass to start a new band: the two-sided
    ``level`` divided among the ``entries - 1`` adjacent comparisons (Bonferroni), since with many
    entries some neighbours differ "significantly" by chance alone."""
    return NormalDist().inv_cdf(1 - level / (2 * max(1, entries - 1)))


def rank_bands(values: Sequence[Estimate], z_of: Callable[[int, int], float] | None = None) -> list[int]:
    """A band number per entry (1 = top): entries sorted by value, and a new band starts below an
    entry only where its difference from the next one is significant (``z_of(above, below)``, by
    default :func:`difference_z` for independent estimates; a tournament gives
    :meth:`Results.difference_z`, the paired test over the deals the entries shared, beyond
    :func:`band_z`). Within a band, say "we cannot tell these apart"; a band is a chain of close
    neighbours, so its top and bottom entries may still differ. A cautious test: with the 5 % shared
    among the neighbours, truly equal entries are split far less than 5 % of the time (the more
    entries, the less)."""
    order = sorted(range(len(values)), key=lambda i: (not math.isfinite(values[i].value), -values[i].value))
    bands = [0] * len(values)
    band, above = 0, None
    threshold = band_z(len(values))
    for i in order:
        if above is not None and math.isfinite(values[i].value):
            z = z_of(above, i) if z_of is not None else difference_z(values[above], values[i])
        else:
            z = 0.0
        if above is None or z > threshold:
            band += 1
        bands[i] = band
        above = i
    return bands


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """Rows as CSV; a cell that a spreadsheet would read as a formula is quoted as text."""
    out = io.StringIO()
    if not rows:
        return ""
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (f"'{v}" if isinstance(v, str) and v[:1] in "=+-@\t\r" else v) for k, v in row.items()})
    return out.getvalue()
