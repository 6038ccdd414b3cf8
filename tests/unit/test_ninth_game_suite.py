"""A ninth game is one folder (issue 45): Odd One Out (tests/ninth_game/odd_one_out: no chance,
moves made at once, secrets only until all have moved), registered from outside the kit, passes
every test of the suite that is parametrised over the registry, with no test file edited for it:
conformance (what its GameType promises), moves, options, views, its app played by its buttons
and its screen-reader summary, a networked table of the class store driven by its buttons, hostile
names at its table, tournaments, and the strategy lab (its starter bot and its folder's examples
in the real sandbox)."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from changekit.serving import ROOT

from ..ninth_game import EXTRA_GAMES_VARIABLE

NINTH = "tests.ninth_game.odd_one_out"
#: the suites parametrised over the registry; each must run the ninth game at least this often
SUITES = {"tests/conformance": 20, "tests/unit": 40, "tests/classroom": 6, "tests/lab": 4}


@pytest.mark.slow
def test_the_ninth_game_passes_the_suites_parametrised_over_the_registry():
    env = {**os.environ, EXTRA_GAMES_VARIABLE: NINTH}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-k", "odd_one_out", "-rA", *SUITES], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    outcomes = re.findall(r"^(PASSED|FAILED|ERROR) (tests/\S+?)::", done.stdout, re.M)
    failed = [f"{kind} {where}" for kind, where in outcomes if kind != "PASSED"]
    assert done.returncode == 0 and not failed, (failed, done.stdout[-3000:])
    for suite, least in SUITES.items():
        ran = sum(1 for kind, where in outcomes if where.startswith(suite))
        assert ran >= least, f"{suite}: the ninth game ran in {ran} tests, fewer than {least}"
