"""A local Voila server for the tests and benchmarks: free loopback port, own session, stopped by PID.

Used by ``tests/conftest.py`` (the ``voila_url`` fixture) and ``benchmarks/bench_voila_load.py``.
Voila reads ``voila.json`` from its working directory, so servers start in the repository root.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Self

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: In a page Voila rendered: the app's widgets made it in; and signs of a cell that failed.
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
ERROR_MARKERS = ("Traceback (most recent call last)", "application/vnd.jupyter.stderr",
                 "jp-OutputArea-output jp-mod-error", "There was an error when executing cell")
#: Debian's Chromium, headless, without any background traffic (see STACK_NOTES, Browser tests).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_time(pid: int) -> str | None:
    """Field 22 of /proc/<pid>/stat: tells a process from a later one that reuses its PID."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def child_pids(pid: int) -> list[int]:
    """Direct children of ``pid`` (Linux /proc; empty elsewhere)."""
    children = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            children.append(int(entry.name))
    return children


class VoilaServer:
    """``voila <folder>`` on 127.0.0.1:<free port>, started in ``cwd`` (default: the repository root)."""

    def __init__(self, folder: Path, log_path: Path, *, cwd: Path = ROOT, start_timeout: float = 60,
                 extra_args: tuple[str, ...] = ()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self._log = open(log_path, "w")  # noqa: SIM115 - open for the server's lifetime, closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(folder), f"--port={self.port}", "--Voila.ip=127.0.0.1",
             "--no-browser", "--show_tracebacks=True", *extra_args],
            cwd=cwd, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.pid = self.proc.pid
        deadline = time.time() + start_timeout
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
                break
            except OSError:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.stop()
                    raise RuntimeError(f"voila did not start; see {log_path}") from None
                time.sleep(0.3)

    def kernel_pids(self) -> list[int]:
        """The kernels this server started (each runs in its own session, as jupyter_client does)."""
        out = []
        for pid in child_pids(self.pid):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"ipykernel" in cmdline:
                out.append(pid)
        return out

    def stop(self, grace: float = 5) -> None:
        """SIGTERM the server's process group, SIGKILL after ``grace`` seconds (with many kernels open
        SIGTERM can hang and keep the port bound), then SIGKILL any of its kernels still alive, by PID."""
        kernels = [(pid, _start_time(pid)) for pid in self.kernel_pids()] if self.proc.poll() is None else []
        if self.proc.poll() is None:
            os.killpg(self.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        # Kernels poll their parent and exit within about a second once it is gone; make sure.
        deadline = time.time() + 3
        while kernels and time.time() < deadline:
            kernels = [(pid, start) for pid, start in kernels if start is not None and _start_time(pid) == start]
            time.sleep(0.2)
        for pid, _ in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if not self._log.closed:
            self._log.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
