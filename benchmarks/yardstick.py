"""OpenSpiel's pure-Python Kuhn poker, the steps/s yardstick measured in the same run."""
from __future__ import annotations

import importlib.util
from pathlib import Path

YARDSTICK = Path(__file__).resolve().parents[2] / "shared" / "yardstick" / "openspiel_steps.py"


def yardstick_steps(seconds: float = 3.0) -> float | None:
    """Random-playout steps/s of OpenSpiel's python_kuhn_poker, or None without open-spiel."""
    if not YARDSTICK.exists():
        return None
    spec = importlib.util.spec_from_file_location("openspiel_steps", YARDSTICK)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    try:
        return module.steps_per_second(seconds=seconds)
    except Exception:  # noqa: BLE001 - open-spiel missing: the yardstick is optional
        return None
