"""``changekit hub`` itself (the command line, not changekit.testing.HubServer) on free loopback
ports, for tests of what the command does around JupyterHub: its stop, its roster."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

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


def start_hub(runtime: Path, log: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """``changekit hub`` in a process group of its own, once it answers; (its process, its URL)."""
    port = four_free_ports()
    url = f"http://127.0.0.1:{port}"
    with open(log, "w") as out:
        hub = subprocess.Popen(
            [sys.executable, "-m", "changekit.cli", "hub", "--runtime", str(runtime), "--port", str(port),
             "--password", PASSWORD, "--teacher", "ms-lee", *(["--allow-root"] if os.geteuid() == 0 else []), *extra],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        try:
            requests.get(url + "/hub/health", timeout=2).raise_for_status()
            return hub, url
        except requests.RequestException:
            if hub.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"changekit hub did not start: {log.read_text()[-3000:]}") from None
            time.sleep(0.3)


def log_in(url: str, user: str) -> requests.Session:
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
            return session
        time.sleep(0.3)
    raise AssertionError(f"{user}'s server did not start")


def user_servers(hub_pid: int, user: str) -> list[int]:
    """PIDs under the hub that run for ``user`` (the spawner marks them with $JUPYTERHUB_USER)."""
    from changekit.processes import descendants

    found = []
    for pid in descendants(hub_pid):
        try:
            raw = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if f"JUPYTERHUB_USER={user}".encode() in raw.split(b"\0"):
            found.append(pid)
    return sorted(found)
