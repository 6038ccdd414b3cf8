"""A PostgreSQL server of the kit's own: a cluster in a folder, listening only on a Unix socket in
that folder (no port to collide with, nothing on the network), started and stopped by PID.

``changekit hub --postgres`` keeps one in the hub's runtime folder (:class:`LocalPostgres`: the
class store outlives a restart); the tests and the benchmark use a throwaway one
(:class:`changekit.testing.pgtemp.TemporaryPostgres`).

The server binaries come from PyPI's ``pgserver`` (it ships PostgreSQL 16) or else from Debian's
``postgresql`` package. PostgreSQL refuses to run as root, so as root the cluster belongs to an
unprivileged user (``postgres`` if it exists, else ``nobody``), who must be able to reach the folder.
"""
from __future__ import annotations

import importlib.util
import os
import pwd
import signal
import subprocess
import time
from pathlib import Path
from typing import TypedDict

#: where Debian's postgresql packages put each version's server binaries
DEBIAN_ROOT = Path("/usr/lib/postgresql")
READY_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries here, or the server would not start."""


class RunAs(TypedDict, total=False):
    """The ``subprocess`` arguments that run the server as another user (none: as this one)."""

    user: int
    group: int
    extra_groups: list[int]


def find_binaries(run_as: RunAs | None = None) -> Path:
    """The first folder holding ``initdb`` and ``postgres`` whose ``postgres`` runs (as the user
    ``run_as`` names, for ``subprocess``): pgserver's, then Debian's, newest version first."""
    candidates: list[Path] = []
    # found, not imported: importing pgserver sets up its own server machinery (and warns)
    spec = importlib.util.find_spec("pgserver")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidates.append(Path(location) / "pginstall" / "bin")
    candidates += sorted((p.parent for p in DEBIAN_ROOT.glob("*/bin/postgres")), key=lambda p: -int(p.parts[-2]))
    problems = []
    for folder in candidates:
        try:
            subprocess.run([folder / "postgres", "--version"], check=True, capture_output=True, timeout=30,
                           **(run_as or {}))
            return folder
        except (OSError, subprocess.SubprocessError) as err:
            problems.append(f"{folder}: {err}")
    raise PostgresUnavailable(
        "no PostgreSQL server binaries that run here: install PyPI's pgserver (`pip install pgserver`; the "
        "test extra has it) or Debian's postgresql package (`apt-get install postgresql`)"
        + "".join(f"\n  {problem}" for problem in problems)
        + ("\n  (as root the server runs as an unprivileged user, who must be able to read the binaries)"
           if problems and os.geteuid() == 0 else ""))


class LocalPostgres:
    """The cluster in ``folder`` (made on the first start), running until :meth:`stop`: its
    database is :meth:`url`. ``durable=False`` turns off fsync (a throwaway cluster's choice)."""

    def __init__(self, folder: Path, *, durable: bool = True, max_connections: int = 200):
        self.durable = durable
        self.user = _server_user()
        self._run_as: RunAs = {}
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            self._run_as = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        self.bin = find_binaries(self._run_as)
        self.folder = Path(folder).resolve()
        self.data = self.folder / "data"
        self.log = self.folder / "postgres.log"
        self.process: subprocess.Popen | None = None
        self._start(max_connections)

    def _start(self, max_connections: int) -> None:
        run_as = self._run_as
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if run_as:
            os.chown(self.folder, run_as["user"], run_as["group"])
            blocked = next((p for p in self.folder.parents if not _reachable(p, run_as)), None)
            if blocked is not None:
                raise PostgresUnavailable(
                    f"PostgreSQL runs as {self.user!r} here (it refuses root), who cannot reach {blocked}: "
                    f"put the cluster in a folder that user can reach (for the hub: --runtime /srv/changekit-hub)")
        if not (self.data / "PG_VERSION").exists():
            init = subprocess.run([self.bin / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
                                   "--encoding=UTF8", "--no-instructions", *([] if self.durable else ["--no-sync"])],
                                  capture_output=True, text=True, cwd=self.folder, **run_as)
            if init.returncode != 0:
                raise PostgresUnavailable(f"initdb failed ({self.bin}): {init.stderr.strip()}")
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [self.bin / "postgres", "-D", self.data, "-k", self.folder, "-c", "listen_addresses=",
                 "-c", f"max_connections={max_connections}",
                 *([] if self.durable else ["-c", "fsync=off", "-c", "full_page_writes=off"])],
                stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, start_new_session=True, **run_as)
        try:
            self._wait_ready(self.process)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, process: subprocess.Popen) -> None:
        """Until the server accepts a connection (it writes ``ready`` into postmaster.pid first)."""
        import psycopg  # psycopg (0.1 s to import) only once a server runs: finding the binaries needs none

        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            if process.poll() is not None:
                raise PostgresUnavailable(f"postgres exited with {process.returncode}: "
                                          f"{self.log.read_text()[-2000:]}")
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise PostgresUnavailable(f"postgres did not accept connections in {READY_TIMEOUT_S:.0f} s: "
                                              f"{self.log.read_text()[-2000:]}") from None
                time.sleep(0.05)

    def url(self, schema: str | None = None) -> str:
        """The server's database; in ``schema`` (its tables, sequences and names) when given."""
        path = f"postgresql://postgres@/postgres?host={self.folder}"
        return path + (f"&options=-csearch_path%3D{schema}" if schema else "")

    def stop(self) -> None:
        """Fast shutdown (clients disconnected, nothing half-written) by PID; SIGKILL if it hangs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self) -> LocalPostgres:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _reachable(folder: Path, run_as: RunAs) -> bool:
    """Whether the user ``run_as`` names may pass through ``folder`` (its x permission)."""
    try:
        st = folder.stat()
    except OSError:
        return False
    if st.st_uid == run_as["user"]:
        return bool(st.st_mode & 0o100)
    if st.st_gid == run_as["group"]:
        return bool(st.st_mode & 0o010)
    return bool(st.st_mode & 0o001)


def _server_user() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise PostgresUnavailable("running as root, and neither a 'postgres' nor a 'nobody' user exists to own "
                              "the test database server")
