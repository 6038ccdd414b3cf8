"""What the tests and benchmarks start the kit with: :class:`VoilaServer` (``changekit serve`` on a
free loopback port), :class:`HubServer` (``changekit hub`` the same way), the headless Chromium
settings, and what a rendered page shows when a cell failed. Each server is stopped by PID, with
everything it started (:func:`changekit.processes.stop_process_tree`).

Not used by ``changekit serve`` or ``changekit hub`` themselves.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO, Any, Self

from ..hub.config import HubOptions, write_config
from ..hub.memory import memory_group_of
from ..processes import child_pids, descendants, parent_pid, stop_process_tree
from ..serving import NOTEBOOKS

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


class _Server:
    """A server process writing to a log file, used in a ``with`` block: :meth:`stop` ends it and
    everything it started (each server says how), then closes the log."""

    proc: subprocess.Popen
    log_path: Path
    _log: IO[str]

    def _open_log(self, log_path: Path) -> None:
        self.log_path = log_path
        self._log = open(log_path, "w")  # noqa: SIM115 - open for the server's lifetime, closed in stop()

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _stopped(self, leftovers: list[int], *, group: bool, grace: float, settle: float) -> None:
        stop_process_tree(self.proc, leftovers, group=group, grace=grace, settle=settle)
        if not self._log.closed:
            self._log.close()

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


class VoilaServer(_Server):
    """``changekit serve <folder>`` on 127.0.0.1:<free port> (or ``host``), stopped by PID.

    ``ready`` names a line of the server's output to wait for (``"the class is ready:"`` for a
    class pool); ``env`` adds to the server's (and so its kernels') environment."""

    def __init__(self, folder: Path, log_path: Path, *, cwd: Path | None = None, start_timeout: float = 60,
                 serve_args: tuple[str, ...] = (), extra_args: tuple[str, ...] = (), host: str = "127.0.0.1",
                 ready: str | None = None, env: dict[str, str] | None = None, port: int | None = None,
                 command: tuple[str, ...] | None = None):
        self.port = port or free_port()  # a port again: a restart, as a teacher's would be
        self.host = host
        # a classroom address of this machine (127.0.0.2) is served there only; 0.0.0.0 on loopback too
        self.url = f"http://{host if host.startswith('127.') else '127.0.0.1'}:{self.port}"
        self._open_log(log_path)
        extra = [f"--voila-arg={arg}" for arg in extra_args]
        # ``command``: the words a person types (docs/teaching.md), instead of this folder's server
        serve = list(command) if command else [sys.executable, "-m", "changekit.cli", "serve", str(folder)]
        self.proc = subprocess.Popen(
            [*serve, f"--port={self.port}", f"--host={host}", "--no-browser", *serve_args, *extra],
            cwd=cwd or log_path.parent, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
        self.pid = self.proc.pid
        deadline = time.time() + start_timeout
        while True:
            try:
                urllib.request.urlopen(self.url + "/voila/static/voila.js", timeout=2)
                if ready is None or ready in self.log_text():
                    break
            except OSError:
                pass
            if self.proc.poll() is not None or time.time() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not start; see {log_path}")
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
        # Kernels poll their parent and exit within about a second once it is gone; make sure.
        kernels = self.kernel_pids() if self.proc.poll() is None else []
        self._stopped(kernels, group=True, grace=grace, settle=3)


class HubServer(_Server):
    """The kit's hub on loopback free ports, for tests and benchmarks; stopped by PID.

    ``url`` is its public address; ``options`` what it was started with (passwords included)."""

    def __init__(self, runtime: Path, log_path: Path, *, store: str | None = None, teacher: str = "teacher",
                 folder: Path = NOTEBOOKS, start_timeout: float = 90, env: dict[str, str] | None = None,
                 lessons: tuple[str, ...] = ()):
        ports: list[int] = []
        while len(ports) < 4:
            port = free_port()
            if port not in ports:
                ports.append(port)
        self.options = HubOptions(runtime=runtime, teacher=teacher, folder=folder, store=store, port=ports[0],
                                  internal_ports=(ports[1], ports[2], ports[3]), lessons=lessons,
                                  allow_root=os.geteuid() == 0).resolved(find_proxy_now=True)
        self.config = write_config(self.options, runtime)
        self.url = self.options.public_url.rstrip("/")
        self._open_log(log_path)
        self.started = time.monotonic()
        self.proc = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(self.config)],
                                     cwd=runtime, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        self.pid = self.proc.pid
        deadline = time.time() + start_timeout
        while not self._ready():
            if self.proc.poll() is not None or time.time() > deadline:
                self.stop()
                raise RuntimeError(f"the hub did not start; see {log_path}")
            time.sleep(0.3)
        self.start_seconds = time.monotonic() - self.started

    def _ready(self) -> bool:
        """The hub answers through the proxy and the class service answers too."""
        try:
            urllib.request.urlopen(self.url + "/hub/health", timeout=2)
            urllib.request.urlopen(self.options.service_url + "health", timeout=2)
            return True
        except OSError:
            return False

    def user_processes(self, user: str) -> dict[int, dict[str, str]]:
        """The hub's processes that run for ``user`` (their server and its kernels), each with its
        environment, which is how the spawner marks them."""
        found = {}
        for pid in descendants(self.pid):
            try:
                raw = Path(f"/proc/{pid}/environ").read_bytes()
            except OSError:
                continue
            env = dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
            if env.get("JUPYTERHUB_USER") == user:
                found[pid] = env
        return found

    def user_server(self, user: str) -> tuple[int, dict[str, str]]:
        """The PID and environment of ``user``'s single-user server: the one of their processes whose
        parent is not theirs."""
        mine = self.user_processes(user)
        servers = [pid for pid in mine if parent_pid(pid) not in mine]
        if len(servers) != 1:
            raise RuntimeError(f"{len(servers)} servers of {user} among the hub's processes")
        return servers[0], mine[servers[0]]

    def user_sandbox(self, user: str) -> tuple[int, int]:
        """On an isolated hub: a PID of ``user``'s server's processes inside its sandbox (they see
        its files under ``/proc/<pid>/root``), and the user id they run as."""
        for pid in sorted(self.user_processes(user)):
            uid = _real_uid(pid)
            if uid not in (None, 0):
                return pid, uid
        raise RuntimeError(f"no process of {user}'s server runs as a user of its own (is the hub isolated?)")

    def run_in_sandbox(self, user: str, code: str) -> str:
        """Run Python ``code`` as ``user``'s server would: in their sandbox, as their user id, in
        their memory cgroup (what a student's own code in a notebook can do); its standard output."""
        done = self.sandbox_process(user, code)
        if done.returncode:
            raise RuntimeError(f"code in {user}'s sandbox failed ({done.returncode}): {done.stderr[-2000:]}")
        return done.stdout

    def sandbox_process(self, user: str, code: str) -> subprocess.CompletedProcess:
        """:meth:`run_in_sandbox`'s process, ended however it ended (killed for its memory, say)."""
        pid, uid = self.user_sandbox(user)
        home = str(self.options.runtime / "homes" / user)
        group = memory_group_of(self.user_server(user)[0])
        return subprocess.run(["nsenter", "-t", str(pid), "-m", "-p", "-S", str(uid), "-G", str(uid), "--wd=" + home,
                               sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60,
                              env={"HOME": home, "PATH": "/usr/bin:/bin"},
                              preexec_fn=None if group is None else group.join)

    def stop(self) -> None:
        self._stopped(descendants(self.proc.pid), group=False, grace=10, settle=5)


def _real_uid(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("Uid:"))
