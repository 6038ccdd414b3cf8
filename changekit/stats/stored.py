"""Seeded simulations a lesson shows, played once and kept with the package.

A question whose answer is a 200-game tournament takes 5-15 s of a class server's CPU for every
student who presses Check (thirty at once on a small box: minutes), and about three times that in
the browser's Python of the static site. Its games are seeded, so their result is fixed: the kit
plays them once, keeps the result in the game's ``stored.json`` and shows it at once.

>>> from changekit.stats.intervals import Estimate
>>> decode(encode({3: [Estimate(0.5, 0.25, 0.75, 12)], "x": (1, Fraction(1, 3))}))
{3: [Estimate(value=0.5, low=0.25, high=0.75, n=12)], 'x': (1, Fraction(1, 3))}

The stored numbers are only a cache: ``tests/unit/test_stored_runs.py`` plays every run again and
requires the same result exactly, so a change to the rules or the bots that changes one fails
there. Store the new results with ``python tools/store_runs.py`` (or name the runs to play).
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import json
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from typing import Any, Callable

from changekit.core.errors import ChangekitError

STORED_FILE = "stored.json"
#: every run declared so far, by key ("moneybags.q4"): a game's analysis declares its own on import
RUNS: dict[str, StoredRun] = {}


@dataclass(frozen=True)
class StoredRun:
    """One seeded call (``compute`` with ``kwargs``), stored under ``key`` in the ``stored.json`` of
    the package ``package``. Calling it gives the stored result at once, or with ``replay`` plays
    the games again (``progress`` is passed on where the call takes it)."""

    key: str
    package: str
    compute: Callable[..., Any]
    kwargs: dict[str, Any] = field(default_factory=dict)

    def __call__(self, *, replay: bool = False, progress: Callable[[float], None] | None = None) -> Any:
        if not isinstance(replay, bool) or not (progress is None or callable(progress)):
            raise ChangekitError(f"{self.key}: replay is True or False and progress a function or None, "
                                 f"not {replay!r} and {progress!r}")
        if not replay:
            stored = _stored(self.package).get(self.key)
            if stored is not None:
                return decode(stored)
        return self.play(progress=progress)

    def play(self, progress: Callable[[float], None] | None = None) -> Any:
        """Play the games again (what the stored result must equal)."""
        kwargs = dict(self.kwargs)
        if progress is not None and "progress" in inspect.signature(self.compute).parameters:
            kwargs["progress"] = progress
        return self.compute(**kwargs)


def stored_run(module: str, name: str, compute: Callable[..., Any], **kwargs: Any) -> StoredRun:
    """Declare the run ``name`` of the analysis module ``module`` (its ``__name__``): the call
    ``compute(**kwargs)``, kept in its package's ``stored.json`` under ``<game>.<name>``."""
    if not (isinstance(module, str) and module.count(".") >= 2 and isinstance(name, str) and name.isidentifier()):
        raise ChangekitError(f"a stored run is declared by an analysis module's __name__ and a name, "
                             f"not {module!r} and {name!r}")
    if not callable(compute):
        raise ChangekitError(f"a stored run's compute is a function, not {compute!r}")
    package = module.rpartition(".")[0]
    key = f"{package.rpartition('.')[2]}.{name}"
    run = StoredRun(key, package, compute, dict(kwargs))
    if key in RUNS and RUNS[key].package != package:
        raise ChangekitError(f"two stored runs are named {key!r}")
    RUNS[key] = run
    return run


@functools.cache
def _stored(package: str) -> dict[str, Any]:
    try:
        text = resources.files(package).joinpath(STORED_FILE).read_text()
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return json.loads(text)


# ---- a JSON form that keeps what the analyses return: int keys, tuples, fractions, dataclasses ----
def encode(value: Any) -> Any:
    """``value`` as JSON data that :func:`decode` turns back into an equal value."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Fraction):
        return {"$fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        return {"$class": f"{cls.__module__}:{cls.__qualname__}",
                "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    raise ChangekitError(f"a stored run cannot keep a {type(value).__name__}: {value!r}")


def decode(data: Any) -> Any:
    """The value :func:`encode` made ``data`` from."""
    try:
        return _decode(data)
    except ChangekitError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, ImportError, ZeroDivisionError) as err:
        raise ChangekitError(f"not a stored value: {data!r} ({err})") from None


def _decode(data: Any) -> Any:
    if isinstance(data, list):
        return [_decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "$fraction" in data:
        return Fraction(*data["$fraction"])
    if "$tuple" in data:
        return tuple(_decode(v) for v in data["$tuple"])
    if "$dict" in data:
        return {_decode(k): _decode(v) for k, v in data["$dict"]}
    if "$class" in data:
        module, _, name = data["$class"].partition(":")
        if not module.startswith("changekit."):  # only the kit's own result types are made
            raise ChangekitError(f"a stored run names a class outside the kit: {data['$class']!r}")
        cls = getattr(importlib.import_module(module), name)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise ChangekitError(f"a stored run names a class that keeps no fields: {data['$class']!r}")
        return cls(**{k: _decode(v) for k, v in data["fields"].items()})
    raise ChangekitError(f"not a stored value: {data!r}")
