"""``make bench``: run every ``bench_*.py`` here and print one table, then the speed report
(one row per game: random playouts, slowest app action, Voila first render).

``run.py NAME ...`` runs only those modules (``voila_pool``: the Voila class phase alone, a phase of
bench_voila_load). Each module defines ``run(smoke=False) -> list[Row]``; a row is (area, metric, value,
target) as text, target "" when the issue names none. ``run.py --smoke [NAME ...]``: each module once at its
smallest size (every step, nothing timed seriously: see timing.py), as tests/unit/test_benchmarks.py does.
"""
from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import summary  # noqa: E402 - the bench modules' shared summary, from this folder


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    only = set(argv) - {"--smoke"}
    rows: list[tuple[str, str, str, str]] = []
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if only and name not in only and not any(n.startswith(name.split("_")[0] + "_") for n in only):
            continue
        module = load_module(path)
        # a module may offer phases by name (bench_voila_load: voila_pool, its class phase alone)
        phases = [phase for key, phase in getattr(module, "PHASES", {}).items() if key in only]
        if only and name not in only and not phases:
            continue
        start = time.perf_counter()
        found = [row for phase in phases for row in phase(smoke)] if phases and name not in only else module.run(smoke)
        rows += found
        # each module's rows as it ends too: a run stopped half-way keeps what it measured
        for row in found:
            print(f"#   {' | '.join(row)}", file=sys.stderr, flush=True)
        print(f"# {name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    print_table(("area", "metric", "value", "target"), rows)
    if summary.SUMMARY:
        print("\nSpeed report, all games (one row each; details above)")
        print_table(("game", *summary.COLUMNS), summary.table())
    return 0


def load_module(path: Path) -> ModuleType:
    """A bench module from its file (this folder is on ``sys.path`` for its imports of timing, summary)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join("{:<%d}" % w for w in widths)
    print(line.format(*header))
    print(line.format(*("-" * w for w in widths)))
    for row in rows:
        print(line.format(*row))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
