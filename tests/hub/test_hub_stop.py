"""``changekit hub`` stopped by SIGTERM with students' servers running (issue 44: the stop took
17.6 s, killed JupyterHub in the middle of its cleanup, and left empty memory cgroups behind): it
exits by itself, and leaves no process it started and, run as root, no memory cgroup."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

from changekit.hub.memory import memory_control, memory_group_of
from changekit.processes import descendants, is_running, stop_process_tree
from changekit.serving import ROOT

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"
STUDENTS = ("ada", "bo")
PASSWORD = "class-password"
TIMEOUT_S = 180


def four_free_ports() -> int:
    """A port whose next three are free too (the hub's public port and its three internal ones)."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port + 3 > 65535:
            continue
        try:
            for offset in range(1, 4):
                with socket.socket() as other:
                    other.bind(("127.0.0.1", port + offset))
        except OSError:
            continue
        return port
    raise RuntimeError("no four free ports in a row")


def log_in(url: str, user: str) -> None:
    """Through the hub's login form, until the student's server answers."""
    session = requests.Session()
    session.get(url + "/hub/login", timeout=60)
    response = session.post(url + "/hub/login?next=", allow_redirects=False, timeout=60,
                            data={"username": user, "password": PASSWORD, "_xsrf": session.cookies.get("_xsrf")})
    assert response.status_code == 302, f"{user}'s login: HTTP {response.status_code}"
    session.get(url + response.headers["Location"], timeout=TIMEOUT_S)
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        answer = session.get(f"{url}/user/{user}/api", timeout=30, allow_redirects=False)
        if answer.status_code == 200 and "version" in answer.text:
            return
        time.sleep(0.3)
    raise AssertionError(f"{user}'s server did not start")


def test_sigterm_stops_the_hub_and_leaves_no_process_or_memory_cgroup():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = four_free_ports()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="changekit-hub-stop-") as folder:
        runtime = Path(folder) / "hub"
        log = ARTIFACTS / "hub-stop.log"
        with open(log, "w") as out:
            hub = subprocess.Popen(
                [sys.executable, "-m", "changekit.cli", "hub", "--runtime", str(runtime), "--port", str(port),
                 "--password", PASSWORD, "--teacher", "ms-lee", *(["--allow-root"] if os.geteuid() == 0 else [])],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        started: list[int] = []
        try:
            deadline = time.monotonic() + TIMEOUT_S
            while True:
                try:
                    requests.get(url + "/hub/health", timeout=2).raise_for_status()
                    break
                except requests.RequestException:
                    assert hub.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                    time.sleep(0.3)
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
