"""The input fuzzer of issue 16, shared by tests/unit/test_fuzz.py and benchmarks/bench_fuzz.py.

Every public function of the games' rules, bots, analysis, solver and trick modules, of the
stats and of the core helpers is called with arguments drawn by hypothesis: plausible values
(hands, decks, views, beliefs...) mixed with junk (floats, NaN, huge numbers, text, bytes,
long lists, deep nesting). Every game's ``apply``/``legal_actions``/``view``/``undo`` and
``from_json`` get junk and mutated actions, seats and saves. The contract checked, case by
case: the call returns or raises a ``ChangekitError`` ("a clean refusal"); a refusal changes
no argument and no state; an accepted game always saves and reloads.

Each batch runs in a forked worker with an address-space cap (``RLIMIT_AS``) and a per-case
timer, so an input that would take gigabytes or minutes shows up as a failure, not a hung run.
"""
from __future__ import annotations

import copy
import importlib
import inspect
import json
import math
import multiprocessing
import pickle
import random
import resource
import signal
from collections import Counter
from fractions import Fraction
from typing import Any, Callable

import numpy as np
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from changekit.core import ChangekitError
from changekit.registry import game_keys, game_spec

GAME_NAMES = sorted(game_keys())
CORE_MODULES = ["changekit.core.money", "changekit.core.cards", "changekit.core.words",
                "changekit.stats.exact", "changekit.stats.intervals", "changekit.stats.montecarlo"]
#: Seconds one case may take (a safety net against hangs, generous so a loaded machine never
#: trips it: no helper inside the limits takes a tenth of it) and bytes a worker may add to its
#: address space.
CASE_SECONDS = 10.0
EXTRA_MEMORY = 1_500_000_000


def modules() -> list[str]:
    names = list(CORE_MODULES)
    for game in GAME_NAMES:
        for part in ("rules", "bots", "analysis", "solver", "table", "tricks"):
            name = f"changekit.games.{game}.{part}"
            try:
                importlib.import_module(name)
            except ImportError:
                continue
            names.append(name)
    return names


def is_figure_builder(name: str) -> bool:
    """Plotting at the bottom of each analysis module (the lead's part): data in, figure out."""
    return "figure" in name


def public_functions(module_name: str) -> list[str]:
    """The public functions of a module: for a game's rules, bots, solver and tricks the ones
    its package exports (``__all__``: the rest is plumbing between them); for analyses, stats
    and core helpers every function not named with ``_`` (notebooks call them directly)."""
    module = importlib.import_module(module_name)
    names = [n for n, f in vars(module).items()
             if inspect.isfunction(f) and f.__module__ == module_name and not n.startswith("_")
             and not is_figure_builder(n)]
    package, _, part = module_name.rpartition(".")
    if package.startswith("changekit.games.") and part != "analysis":
        exported = set(importlib.import_module(package).__all__)
        names = [n for n in names if n in exported]
    return names


# ---- values -----------------------------------------------------------------------------
JUNK_SCALARS = [None, True, False, 0, -1, 1, 2, 7, 1.5, -0.0, math.nan, math.inf, -math.inf, 10**9, -10**9,
                10**18, 2**64, 10**100, "", "x", "5", "15", "$5", "wild", "3H", b"", b"\x05\x01", 3j,
                np.int64(3), np.float64(2.5), np.int64(-1), Fraction(1, 3)]
BILLS = [1, 3, 5, 7, 10]
CHA_CARDS = ["1", "5", "10", "25", "50", "cent", "wild", "chaching", "$", "¢"]
CODES = ["2S", "3H", "10D", "AS", "KC", "QH", "JS", "SJ", "BJ", "2H", "5D", "AH"]


class Huge:
    """Big inputs built lazily (hypothesis would otherwise keep them all alive)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def build(self) -> Any:
        return {
            "million-wilds": lambda: ["wild"] * 1_000_000,
            "long-bills": lambda: [1] * 100_000,
            "long-cards": lambda: ["AS"] * 100_000,
            "deep": lambda: _nest(5000),
            "big-dict": lambda: {i: 1 for i in range(100_000)},
            "huge-text": lambda: "9" * 1_000_000,
        }[self.kind]()

    def __repr__(self) -> str:
        return f"Huge({self.kind!r})"


def _nest(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _small_rng() -> random.Random:
    return random.Random(0)


scalars = st.sampled_from(JUNK_SCALARS) | st.integers(-3, 60) | st.floats(allow_nan=True) | st.text(max_size=4)
bill_lists = st.lists(st.sampled_from(BILLS), max_size=12)
card_lists = st.lists(st.sampled_from(CHA_CARDS), max_size=10) | st.lists(st.sampled_from(CODES), max_size=10)
huge = st.sampled_from(["million-wilds", "long-bills", "long-cards", "deep", "big-dict", "huge-text"]).map(Huge)
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                    | st.dictionaries(st.sampled_from(["1", "wild", "a", 1, 5]), inner, max_size=3), max_leaves=8)


#: Parameters that count things (games, samples...): drawn small.
COUNTS = {"games", "samples", "deals", "n", "examples", "cap", "max_steps", "draws", "size", "width",
          "max_coins", "copies", "k", "length", "ordinal", "at_least", "buried", "host_copies", "dealt"}
#: Of those, the sizes of a simulation: their defaults are a full classroom run (hundreds of
#: games, seconds each), not a fuzz input, so the fuzzer always draws them small.
RUN_SIZES = {"games", "samples", "deals", "n", "draws"}


def plausible(name: str) -> st.SearchStrategy:
    """Values a caller would plausibly pass for a parameter called ``name``."""
    if name in COUNTS:
        return st.integers(0, 6)
    if name in ("hand", "purse", "mover", "other", "pot", "zombie", "bills", "removed", "start", "universe",
                "mine", "numbers", "values", "counts", "chosen"):
        return bill_lists | card_lists | st.lists(st.integers(0, 4), min_size=5, max_size=5)
    if name in ("cards", "play", "lead", "part", "hands", "plays", "parts", "code", "card"):
        return card_lists | st.lists(card_lists, max_size=4) | st.sampled_from(CODES + CHA_CARDS)
    if name == "deck":
        return st.none() | st.dictionaries(st.sampled_from(CHA_CARDS[:8]), st.integers(0, 30), max_size=8)
    if name in ("seed", "players", "n_players", "decks", "target", "bill", "total", "coins", "true_coins",
                "reading", "diamond_height", "opponents", "score", "population", "successes", "sides",
                "points", "threshold", "bag", "left_coins", "left_bags", "player", "steps", "max_bid"):
        return st.integers(-2, 120) | st.sampled_from(["A", "B"])
    if name in ("noise", "z", "unknown", "prior"):
        return st.floats(-1, 3) | st.sampled_from([0.15, 0.0, math.nan, -0.5])
    if name in ("rng",):
        return st.builds(_small_rng)
    if name in ("trump_suit", "suit"):
        return st.sampled_from(["S", "H", "D", "C", None, "X"])
    if name in ("trump_rank",):
        return st.sampled_from(["2", "10", "A", "Z"])
    if name in ("dice",):
        return st.sampled_from(["d6", "polyhedral", "black", "white", "both"])
    if name in ("policy", "tiebreak", "method", "claim"):
        return st.sampled_from(["even", "front", "back", "random", "high", "low", "auto", "python", "largest"])
    if name in ("dist", "a", "b", "pool", "payoffs"):
        return st.dictionaries(st.integers(0, 20), st.sampled_from([Fraction(1, 2), Fraction(1, 4), 1, 0]),
                               max_size=4)
    if name in ("outcomes", "totals", "scores", "thresholds", "targets", "readings", "bids", "buckets"):
        return st.lists(st.integers(-1, 40), max_size=6) | st.lists(bill_lists, max_size=5)
    return st.nothing()


def argument(name: str) -> st.SearchStrategy:
    return plausible(name) | junk | huge | st.builds(lambda: np.int64(2)) | st.sampled_from([object()])


def realize(value: Any) -> Any:
    return value.build() if isinstance(value, Huge) else value


# ---- the worker -------------------------------------------------------------------------
class CaseTimeout(BaseException):
    """A case ran past CASE_SECONDS (a BaseException, so no ``except Exception`` hides it)."""


def _on_alarm(signum, frame):
    raise CaseTimeout(f"more than {CASE_SECONDS} s")


class Tally:
    """Outcomes of the cases: clean refusals, accepted answers, and anything else (with examples)."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.problems: list[str] = []

    def other(self, where: str, what: str) -> None:
        self.counts["other"] += 1
        if len(self.problems) < 4:
            self.problems.append(f"{where}: {what}"[:600])


def run_case(tally: Tally, where: str, call: Callable[[], Any], watched: Any = None,
             on_accept: Callable[[Any], str | None] | None = None) -> None:
    """One call under the timer: count it, and check that a refusal left ``watched`` unchanged."""
    tally.counts["tried"] += 1
    before = _fingerprint(watched)
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    try:
        result = call()
    except ChangekitError as exc:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if _fingerprint(watched) != before:
            tally.other(where, f"refused ({exc}) but changed its input")
        else:
            tally.counts["refused"] += 1
        return
    except (Exception, CaseTimeout) as exc:  # noqa: BLE001 - the point is to catch anything
        signal.setitimer(signal.ITIMER_REAL, 0)
        tally.other(where, f"{type(exc).__name__}: {str(exc)[:200]}")
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    problem = on_accept(result) if on_accept else None
    if problem:
        tally.other(where, problem)
    else:
        tally.counts["accepted"] += 1


def _fingerprint(value: Any) -> bytes | None:
    if value is None:
        return None
    try:
        return pickle.dumps(value)
    except Exception:  # lambdas and generators: nothing to compare
        return None


def fuzz_function(tally: Tally, module_name: str, name: str, examples: int) -> None:
    function = getattr(importlib.import_module(module_name), name)
    params = [p for p in inspect.signature(function).parameters.values()
              if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]

    def params_strategy():
        fields = {}
        for p in params:
            values = argument(p.name).map(lambda v: ("value", v))
            if p.default is not p.empty and p.name not in RUN_SIZES:
                values = values | st.just(("default", None))
            fields[p.name] = values
        return st.fixed_dictionaries(fields)

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(params_strategy())
    def case(drawn):
        args, kwargs = [], {}
        for p in params:
            kind, value = drawn[p.name]
            if kind == "default":
                continue
            value = realize(value)
            if p.kind == p.KEYWORD_ONLY:
                kwargs[p.name] = value
            else:
                args.append(value) if not kwargs else kwargs.__setitem__(p.name, value)
        run_case(tally, f"{module_name}.{name}{_short(args, kwargs)}", lambda: function(*args, **kwargs),
                 watched=(args, kwargs))

    case()


def _short(args, kwargs) -> str:
    text = ", ".join([_brief(a) for a in args] + [f"{k}={_brief(v)}" for k, v in kwargs.items()])
    return f"({text})"


def _brief(value: Any) -> str:
    if isinstance(value, (list, str, bytes, dict)) and len(value) > 20:
        return f"<{type(value).__name__} of {len(value)}>"
    try:
        text = repr(value)
    except RecursionError:
        return f"<deeply nested {type(value).__name__}>"
    return text if len(text) < 80 else text[:70] + "…"


# ---- games: apply, legal_actions, view, undo, from_json ---------------------------------
def _mutate(action: Any, rng: random.Random) -> Any:
    """A near-miss of a legal action: one part swapped for junk, a list for a tuple, a float."""
    choice = rng.randrange(6)
    if choice == 0:
        return rng.choice(JUNK_SCALARS)
    if isinstance(action, tuple) and action:
        parts = list(action)
        i = rng.randrange(len(parts))
        if choice == 1:
            parts[i] = rng.choice(JUNK_SCALARS)
        elif choice == 2 and isinstance(parts[i], int) and not isinstance(parts[i], bool):
            parts[i] = float(parts[i]) if rng.random() < 0.5 else np.int64(parts[i])
        elif choice == 3:
            return parts  # a list, not a tuple
        elif choice == 4:
            parts.append(rng.choice(JUNK_SCALARS))
        else:
            return tuple(parts[:i])
        return tuple(parts)
    if isinstance(action, int) and not isinstance(action, bool):
        return [float(action), np.int64(action), action + 1000, -action, str(action)][choice % 5]
    if isinstance(action, str):
        return [action.upper(), action + " ", action[:1], (action,), action.encode()][choice % 5]
    return rng.choice(JUNK_SCALARS)


def _json_junk(rng: random.Random) -> Any:
    return rng.choice([None, True, 1.5, -1, 10**9, 10**30, "x", "", [], {}, [[[]]], [0, "a"], {"a": 1}, 2**63])


def _mutate_json(data: Any, rng: random.Random) -> Any:
    """A copy of parsed JSON with one sub-value replaced by junk (or an item dropped/added)."""
    data = copy.deepcopy(data)
    path_holder = [data]
    node, key = path_holder, 0
    for _ in range(rng.randrange(1, 6)):
        value = node[key]
        if isinstance(value, dict) and value:
            node, key = value, rng.choice(sorted(value))
        elif isinstance(value, list) and value:
            node, key = value, rng.randrange(len(value))
        else:
            break
    roll = rng.random()
    if roll < 0.7:
        node[key] = _json_junk(rng)
    elif isinstance(node, list):
        del node[key]
    else:
        node[key] = [node[key], node[key]]
    return path_holder[0]


def fuzz_game(tally: Tally, game_name: str, examples: int) -> None:
    game_cls = game_spec(game_name).game
    options = dict(game_spec(game_name).short_options)
    players = list(range(game_cls.min_players, game_cls.max_players + 1))
    seat_junk = [None, -1, 99, 1.0, True, "0", np.int64(0), np.int64(1), np.float64(0), [0], 2**70]

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(players), st.integers(0, 2**32), st.integers(0, 60), st.randoms(use_true_random=False))
    def case(n, seed, steps, rng):
        state = game_cls(players=n, **options).new_state(seed=seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            p = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(p)), p)
        where = f"{game_name}(players={n}) seed={seed} after {len(state.history)}"
        acting = state.current_players()
        legal = state.legal_actions(acting[0]) if acting else []
        action = _mutate(rng.choice(legal), rng) if legal and rng.random() < 0.8 else rng.choice(JUNK_SCALARS)
        seat = rng.choice(list(acting) * 2 + seat_junk) if acting else rng.choice(seat_junk)

        def saves_and_reloads(_result: Any) -> str | None:
            try:
                again = type(state).from_json(state.to_json())
            except Exception as exc:  # noqa: BLE001
                return f"accepted {action!r} for seat {seat!r}, then the save fails: {type(exc).__name__}: {exc}"
            return None if again == state else f"accepted {action!r}: the save reloads to a different state"

        run_case(tally, f"{where}: apply({action!r}, {seat!r})", lambda: state.apply(action, seat),
                 watched=_state_fingerprint(state), on_accept=saves_and_reloads)
        probe = rng.choice(seat_junk + list(range(n)))
        run_case(tally, f"{where}: view({probe!r})", lambda: state.view(probe), watched=_state_fingerprint(state))
        run_case(tally, f"{where}: legal_actions({probe!r})", lambda: state.legal_actions(probe),
                 watched=_state_fingerprint(state))
        steps_back = rng.choice([1.0, True, "1", -1, 10**6, np.int64(1), 0, 1, None, 2.5])
        run_case(tally, f"{where}: undo({steps_back!r})", lambda: state.undo(steps_back),
                 on_accept=saves_and_reloads)
        text = state.to_json()
        bad = json.dumps(_mutate_json(json.loads(text), rng)) if rng.random() < 0.85 else \
            rng.choice(["", "[" * 50_000, text[: len(text) // 2], text.encode("utf-16"), "null", "1e999999"])

        def reloads(loaded: Any) -> str | None:
            try:
                again = type(state).from_json(loaded.to_json())
            except Exception as exc:  # noqa: BLE001
                return f"loaded a mutated save that does not save again: {type(exc).__name__}: {exc}"
            return None if again == loaded else "a loaded save reloads to a different state"

        run_case(tally, f"{where}: from_json(mutated)", lambda: type(state).from_json(bad), on_accept=reloads)

    case()


def _state_fingerprint(state) -> tuple:
    return tuple(sorted((k, pickle.dumps(v.getstate() if k == "rng" else v)) for k, v in vars(state).items()))


class _Watched:
    """A state's fingerprint taken afresh each time (run_case pickles what it watches)."""


# ---- running batches in capped workers --------------------------------------------------
def _limit_memory() -> None:
    with open("/proc/self/status") as status:
        size_kb = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    cap = size_kb * 1024 + EXTRA_MEMORY
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _worker(jobs: list[tuple[str, str, str, int]], conn) -> None:
    _limit_memory()
    signal.signal(signal.SIGALRM, _on_alarm)
    for kind, a, b, examples in jobs:
        tally = Tally()
        try:
            if kind == "function":
                fuzz_function(tally, a, b, examples)
            else:
                fuzz_game(tally, a, examples)
        except BaseException as exc:  # noqa: BLE001 - report, never hang the parent
            signal.setitimer(signal.ITIMER_REAL, 0)
            tally.other(f"{a}.{b}", f"the fuzzer itself stopped: {type(exc).__name__}: {str(exc)[:200]}")
        conn.send((kind, a, b, dict(tally.counts), tally.problems))
    conn.send(None)
    conn.close()


def run_jobs(jobs: list[tuple[str, str, str, int]], *, timeout: float) -> tuple[Counter, list[str]]:
    """Run fuzz ``jobs`` in a forked, memory-capped worker; total counts and problem lines."""
    context = multiprocessing.get_context("fork")
    parent, child = context.Pipe(duplex=False)
    worker = context.Process(target=_worker, args=(jobs, child), daemon=True)
    worker.start()
    child.close()
    totals: Counter = Counter()
    problems: list[str] = []
    done = 0
    while True:
        if not parent.poll(timeout):
            problems.append(f"the worker was silent for {timeout} s after {done} of {len(jobs)} jobs "
                            f"(next: {jobs[done] if done < len(jobs) else '-'})")
            totals["other"] += 1
            break
        try:
            message = parent.recv()
        except EOFError:
            problems.append(f"the worker died after {done} of {len(jobs)} jobs (next: {jobs[done]})")
            totals["other"] += 1
            break
        if message is None:
            break
        done += 1
        _, _, _, counts, lines = message
        totals.update(counts)
        problems.extend(lines)
    worker.kill() if worker.is_alive() else None
    worker.join(5)
    return totals, problems


def all_jobs(function_examples: int, game_examples: int) -> list[tuple[str, str, str, int]]:
    jobs = [("function", m, f, function_examples) for m in modules() for f in public_functions(m)]
    jobs += [("game", g, "", game_examples) for g in GAME_NAMES]
    return jobs
