"""``changekit hub`` stopped by SIGTERM with students' servers running (issue 44: the stop took
17.6 s, killed JupyterHub in the middle of its cleanup, and left empty memory cgroups behind): it
exits by itself, and leaves no process it started and, run as root, no memory cgroup."""
from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import pytest

from changekit.hub.memory import memory_control, memory_group_of
from changekit.processes import descendants, is_running, stop_process_tree
from changekit.serving import ROOT

from .cli_hub import TIMEOUT_S, log_in, start_hub

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"
STUDENTS = ("ada", "bo")


def test_sigterm_stops_the_hub_and_leaves_no_process_or_memory_cgroup():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="changekit-hub-stop-") as folder:
        runtime = Path(folder) / "hub"
        log = ARTIFACTS / "hub-stop.log"
        hub, url = start_hub(runtime, log)
        started: list[int] = []
        try:
            for user in STUDENTS:
                log_in(url, user)
            started = descendants(hub.pid)
            groups = {memory_group_of(pid).path for pid in started if memory_group_of(pid) is not None}
            hub_cgroups = memory_control(str(runtime / "homes" / "{username}")) if os.geteuid() == 0 else None
            if hub_cgroups is not None:  # as root where cgroups are writable: each student in one of their own
                students = {g for g in groups if g.parent == hub_cgroups.parent}
                assert sorted(g.name for g in students) == sorted(STUDENTS)
            begun = time.monotonic()
            os.kill(hub.pid, signal.SIGTERM)
            code = hub.wait(TIMEOUT_S)  # it ends by itself: nothing here kills it
            seconds = time.monotonic() - begun
        finally:
            if hub.poll() is None:
                stop_process_tree(hub, descendants(hub.pid), group=True, grace=5, settle=2)
        text = log.read_text()
        print(f"changekit hub stopped in {seconds:.1f} s after SIGTERM")
        assert code == 0, text[-3000:]
        assert "the hub stopped in" in text and "still in use" not in text
        still = [pid for pid in started if is_running(pid)]
        assert still == [], f"processes left: {still}"
        if hub_cgroups is not None:
            assert not hub_cgroups.parent.exists(), sorted(p.name for p in hub_cgroups.parent.iterdir())
