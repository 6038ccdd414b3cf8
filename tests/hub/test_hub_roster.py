"""``changekit hub --roster FILE`` (issue 44: a class logging in at once waited about 45 s for its
servers): the roster's servers are started once the hub is up, before anyone logs in, and a
student who logs in with their roster name is taken to that same server (no spawn of their own)."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest

from changekit.processes import descendants, stop_process_tree
from changekit.serving import ROOT

from .cli_hub import log_in, start_hub, user_servers

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"
ROSTER = ("ada", "bo")


def test_the_rosters_servers_are_up_before_the_class_logs_in():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="changekit-hub-roster-") as folder:
        roster = Path(folder) / "roster.txt"
        roster.write_text("# period 3\n" + "\n".join(name.title() for name in ROSTER) + "\n")
        log = ARTIFACTS / "hub-roster.log"
        hub, url = start_hub(Path(folder) / "hub", log, "--roster", str(roster))
        try:
            deadline = time.monotonic() + 300
            while "the class is ready" not in log.read_text():
                assert hub.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.5)
            assert f"the class is ready: {len(ROSTER)} of {len(ROSTER)} servers up" in log.read_text()
            before = {user: user_servers(hub.pid, user) for user in ROSTER}
            assert all(before.values()), before  # running before anyone logged in
            for user in ROSTER:
                session = log_in(url, user)
                page = session.get(f"{url}/user/{user}/voila/render/index.ipynb", timeout=180)
                assert page.status_code == 200 and "application/vnd.jupyter.widget-view+json" in page.text
                # the server that was waiting, not a new one (its kernel for the page is new)
                assert set(before[user]) <= set(user_servers(hub.pid, user))
        finally:
            stop_process_tree(hub, descendants(hub.pid), group=True, grace=15, settle=2)
