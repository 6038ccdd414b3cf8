"""``make bench``: run every ``bench_*.py`` here and print one table.

Each module defines ``run() -> list[Row]``; a row is (area, metric, value, target) as text,
target "" when the issue names none.
"""
from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent


def main(argv: list[str]) -> int:
    only = set(argv)
    rows: list[tuple[str, str, str, str]] = []
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if only and name not in only:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.path.insert(0, str(HERE))
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        start = time.perf_counter()
        rows += module.run()
        print(f"# {name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    widths = [max(len(r[i]) for r in rows + [("area", "metric", "value", "target")]) for i in range(4)]
    line = "  ".join("{:<%d}" % w for w in widths)
    print(line.format("area", "metric", "value", "target"))
    print(line.format(*("-" * w for w in widths)))
    for row in rows:
        print(line.format(*row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
