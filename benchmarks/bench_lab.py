"""Strategy lab (issue 27): a class tournament of 30 student-style bots plus 3 kit bots.

Zombie, 4 players, duplicate format, enough games per entry for ±5 points (95 %) on any win rate.
The interval is over deals (the 4 games of a deal share it, so they are not independent), which
makes it wider than a binomial interval over games: 388 games (97 deals), enough for ±5.0 at 50 %
had the games been independent, gave ±5.6 for the entry nearest 50 % (seed 27: a noisy greedy bot
at 44 %). That is a design effect of about 1.3, so 528 games (132 deals, each played in all 4 seats)
are needed for about ±4.8. Each student entry runs in its own bubblewrap
sandbox, reused across its games. Beside it: the same tournament with the same entries run in
this process (trusted: the benchmark's own sources), so the difference is what the sandbox
costs; and the sandbox's start-up per worker and round trip per move, measured alone. Then a
rate for every game: moves per second of one sandboxed entry against the game's random bots.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from timing import benchmark, sized

from changekit.lab import check_bot, sandbox_available, tournament
from changekit.lab.sandbox import EntryBot, SandboxedBot
from changekit.lab.source import check_source
from changekit.registry import game_keys, game_spec, load_game

ENTRIES = 30
KIT_BOTS = ["random", "greedy", "careful"]
GAMES_PER_ENTRY = 528
TARGET_S = 60.0

_RANKED = "def choose(view, legal, rng):\n    ranked = sorted(set(legal), reverse=True)\n" \
          "    return ranked[min({k}, len(ranked) - 1)]\n"
_NOISY_GREEDY = """
from changekit.games.zombie.bots import position
from changekit.games.zombie.model import expected_points

def choose(view, legal, rng):
    if rng.random() < {p}:
        return rng.choice(legal)
    zombie, pool = position(view)
    return max(legal, key=lambda bill: expected_points(bill, zombie, pool))
"""
_THRESHOLD = """
def choose(view, legal, rng):
    # pay big while the Zombie's hand is small, small once it is big
    return max(legal) if sum(view['zombie']) < {t} else min(legal)
"""


def student_sources(count: int = ENTRIES) -> list[tuple[str, str]]:
    out = []
    for i in range(count):
        kind = i % 3
        if kind == 0:
            out.append((f"ranked {i // 3}", _RANKED.format(k=(i // 3) % 4)))
        elif kind == 1:
            out.append((f"noisy greedy {i // 3}", _NOISY_GREEDY.format(p=round(0.05 * (i // 3 + 1), 2))))
        else:
            out.append((f"threshold {i // 3}", _THRESHOLD.format(t=5 + 3 * (i // 3))))
    return out


class InProcessBot(EntryBot):
    """The benchmark's own trusted source, run in this process (the reference for the sandbox's cost),
    with the bot's random generator seeded as the worker seeds it."""

    def __init__(self, source: Any, name: str, sandboxed: bool, move_seconds: float) -> None:
        super().__init__(name)
        namespace: dict[str, Any] = {}
        exec(compile(source.text, "<bot>", "exec"), namespace)
        self._choose = namespace["choose"]
        self._rng = random.Random(0)

    def new_game(self, game, seed, seat, move_number) -> None:
        super().new_game(game, seed, seat, move_number)
        self._rng = random.Random(seed)

    def _ask(self, view, legal):
        return self._choose(view, legal, self._rng)


def _tournament(in_process: bool, entries: list, games: int) -> tuple[float, Any]:
    start = time.perf_counter()
    extra = {"_player": InProcessBot} if in_process else {}
    standings = tournament("zombie", entries, games=games, seed=27, players=4, **extra)
    return time.perf_counter() - start, standings


def _costs() -> tuple[float, float]:
    source = check_source("def choose(view, legal, rng):\n    return legal[0]\n")
    state = load_game("zombie")(players=3).new_state(seed=1)
    seat = state.current_players()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    starts = []
    for _ in range(sized(5, 1)):
        bot = SandboxedBot(source, "probe")
        bot.new_game(0, 1, seat, lambda: 0)
        t = time.perf_counter()
        bot.choose(view, legal, rng=random.Random(1))
        starts.append(time.perf_counter() - t)
        bot.close()
    bot = SandboxedBot(source, "probe")
    bot.new_game(0, 1, seat, lambda: 0)
    bot.choose(view, legal, rng=random.Random(1))
    moves = sized(2000, 10)
    t = time.perf_counter()
    for _ in range(moves):
        bot.choose(view, legal, rng=random.Random(1))
    per_move = (time.perf_counter() - t) / moves
    bot.close()
    return statistics.median(starts), per_move, len(starts), moves


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    area = "strategy lab"
    if not sandbox_available():
        return [(area, "sandbox", "not measured: no working bubblewrap here", "")]
    rows = []
    start_s, move_s, starts, moves = _costs()
    rows.append((area, f"sandbox start-up per worker (median of {starts})", f"{start_s * 1000:.0f} ms", ""))
    rows.append((area, f"sandbox round trip per move ({moves:,} moves)", f"{move_s * 1e6:.0f} µs", ""))
    entries = student_sources(sized(ENTRIES, 3))  # a smoke run: one of each kind of student bot
    lineup = [*entries, *KIT_BOTS]
    games = sized(GAMES_PER_ENTRY, 1)  # a smoke run: one round (each table's deal in its 4 seats)
    sandboxed_s, standings = _tournament(False, lineup, games)
    in_process_s, reference = _tournament(True, lineup, games)
    widest = max(row["high"] - row["low"] for row in standings.rows) / 2
    played = len(standings.results.records)
    rows.append((area, f"tournament: {len(entries)} student + {len(KIT_BOTS)} kit entries, zombie, "
                 f"{games}+ games each ({played} games), sandboxed", f"{sandboxed_s:.1f} s",
                 f"≤ {TARGET_S:.0f} s" if not smoke else ""))
    rows.append((area, "the same, entries in this process (reference)", f"{in_process_s:.1f} s "
                 f"(sandbox costs ×{sandboxed_s / in_process_s:.2f})", ""))
    rows.append((area, "widest win-rate interval (half width)", f"±{widest * 100:.1f} points", "≤ ±5 points"))
    same = [r.save for r in standings.results.records] == [r.save for r in reference.results.records]
    rows.append((area, "sandboxed and in-process games identical", "yes" if same else "NO", "yes"))
    for game in game_keys():
        cls = load_game(game)
        players = cls.min_players
        # a smoke run plays the short game where there is one (Zhao Pengyou: one deal, not a match
        # of about ten: 1,400 moves a game over the sandbox)
        short = game_spec(game).short_options
        t = time.perf_counter()
        report = check_bot(sized(game, cls(players=players, **short) if short else game),
                           "def choose(view, legal, rng):\n    return rng.choice(legal)\n",
                           against=["random"] * (players - 1), games=players * sized(4, 1), seed=1)
        elapsed = time.perf_counter() - t
        moves = sum(len(r.save) and len(cls().new_state(seed=0).from_json(r.save).history)
                    for r in report.results.records)
        rows.append((area, f"{game}: moves/s, one sandboxed entry against random bots",
                     f"{moves / elapsed:,.0f} ({report.games} games, {len(report.failures)} failed moves)", ""))
    return rows


if __name__ == "__main__":
    for row in run():
        print(" | ".join(row))
