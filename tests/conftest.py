"""Shared fixtures: a Voila server on a free loopback port, and Playwright on Debian's Chromium."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from changekit.serving import NOTEBOOKS, ROOT
from changekit.testing import CHROMIUM, CHROMIUM_ARGS, VoilaServer

from .ninth_game import EXTRA_GAMES_VARIABLE

ARTIFACTS = ROOT / "tests" / "artifacts"


def pytest_configure(config):
    """Every server and kernel the tests start uses a class store of this test run, never the
    machine's own (``~/.local/share/changekit/class.db``, which another changekit may have
    upgraded: ``changekit serve`` opens the store before it starts). A test that needs a store of
    its own passes it; test_schema's default_url test clears this."""
    import tempfile

    if "CHANGEKIT_CLASS_STORE" not in os.environ:
        folder = tempfile.mkdtemp(prefix="changekit-test-store-")
        os.environ["CHANGEKIT_CLASS_STORE"] = f"sqlite:///{folder}/class.db"
    # games that live outside the kit, registered before any test module reads the registry:
    # the suite parametrised over the registry then runs them like the eight (issue 45's ninth game)
    from changekit.registry import is_game, register_game

    for package in filter(None, os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",")):
        if not is_game(package.rsplit(".", 1)[-1]):
            register_game(package)


@pytest.fixture(scope="session")
def voila_url():
    """Start `voila notebooks/` as `changekit serve` would, yield its base URL, then stop it by PID."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # each test process has a server (and log) of its own
    server = VoilaServer(NOTEBOOKS, ARTIFACTS / f"voila{'-' + worker if worker else ''}.log", cwd=ROOT)
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make test` installs it (apt) when run as root")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1200, "height": 1400}}


_PLAYWRIGHT_FIXTURES = {"page", "context", "browser", "playwright", "new_context", "launch_browser"}


#: Browser tests dealt first among the browser tests, the longest first (the lesson from the docs,
#: over two minutes; the static site's pages boot Pyodide and compute every answer), so that the
#: workers do not end on one long test while the others wait.
_LONG_BROWSER_TESTS = ("tests/browser/test_lesson_from_docs", "tests/site/", "tests/hub/", "tests/browser/test_class_",
                       "tests/browser/test_keyboard_")


def _order(item) -> tuple[bool, int]:
    browser = bool(_PLAYWRIGHT_FIXTURES & set(getattr(item, "fixturenames", ())))
    where = item.nodeid
    rank = next((i for i, prefix in enumerate(_LONG_BROWSER_TESTS) if where.startswith(prefix)),
                len(_LONG_BROWSER_TESTS))
    return browser, rank if browser else 0


def pytest_collection_modifyitems(items):
    """Browser tests run last. Playwright's sync API marks an asyncio loop as running in this
    thread from its first use to the end of the session, so a test that runs a loop of its own
    (a kernel's, in the class tests) cannot run after it. Among them the longest go first; the
    order within each group stays."""
    items.sort(key=_order)
