"""``changekit hub``: its command line (:class:`changekit.testing.HubServer` starts the same hub
for tests and benchmarks)."""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..processes import descendants, stop_process_tree
from ..serving import NOTEBOOKS
from .config import LANDING_PAGE, STOP_GRACE_S, HubError, HubOptions, find_proxy, write_config
from .memory import remove_hub_groups
from .kubernetes import write_cluster_files
from .postgres import LocalPostgres, PostgresUnavailable


def default_runtime() -> Path:
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "changekit" / "hub"


def add_parser(sub: Any) -> None:
    hub = sub.add_parser("hub", help="a JupyterHub for a class: logins, a server per student, one class store",
                         description="Write the kit's JupyterHub configuration and start the hub "
                                     "(see docs/serving.md).")
    hub.add_argument("folder", nargs="?", type=Path, help="notebooks to serve (default: the kit's own)")
    hub.add_argument("--write-config", type=Path, metavar="DIR",
                     help="write jupyterhub_config.py, Zero to JupyterHub's values (z2jh-values.yaml) and the "
                          "class service's Kubernetes manifest (changekit-class.yaml) into DIR, and exit")
    hub.add_argument("--runtime", type=Path, default=None, metavar="DIR",
                     help="the hub's state: its database, homes, the class store (default: "
                          "~/.local/share/changekit/hub)")
    hub.add_argument("--password", help="the class password every student logs in with (default: generated)")
    hub.add_argument("--teacher", default=HubOptions.teacher,
                     help="the teacher's user name, the hub's admin (default: %(default)s)")
    hub.add_argument("--teacher-password", help="the teacher's password, 32+ characters (default: generated)")
    hub.add_argument("--host", default=HubOptions.host, help="address of the hub's public port (default: %(default)s)")
    hub.add_argument("--port", type=int, default=HubOptions.port,
                     help="the hub's public port; the next three are used too (default: %(default)s)")
    hub.add_argument("--store", help="the class store the class service holds (sqlite:///... or postgresql://...; "
                                     "default: SQLite in the runtime folder)")
    hub.add_argument("--postgres", action="store_true",
                     help="keep the class store in a PostgreSQL of its own in the runtime folder, started and "
                          "stopped with the hub (a one-machine hub; its binaries: pgserver or Debian's postgresql)")
    hub.add_argument("--mem-limit", default=HubOptions.mem_limit,
                     help="memory per student, their server and kernels: a memory cgroup each when run as "
                          "root (default: %(default)s)")
    hub.add_argument("--idle-timeout", type=int, default=HubOptions.idle_timeout,
                     help="stop a student's server idle this long, in seconds (default: %(default)s)")
    hub.add_argument("--isolate", action=argparse.BooleanOptionalAction, default=None,
                     help="each student's server in a sandbox under a user id of its own (needs root and "
                          "bubblewrap; the default where both are)")
    hub.add_argument("--roster", type=Path, metavar="FILE",
                     help="the class's hub user names, one a line: their servers are started as soon as the hub "
                          "is up, ready before the class arrives (each then logs in with their name)")
    hub.add_argument("--lesson", action="append", default=[], metavar="NAME",
                     help="every server also pre-renders a page of this notebook (e.g. zombie), beside the "
                          "gallery it lands on; repeat for several")
    hub.add_argument("--allow-root", action="store_true",
                     help="as root without --isolate: run students' servers as root too")


def options_from(args: argparse.Namespace) -> HubOptions:
    return HubOptions(runtime=args.runtime or default_runtime(), password=args.password, teacher=args.teacher,
                      teacher_password=args.teacher_password, folder=args.folder or NOTEBOOKS, host=args.host,
                      port=args.port, store=args.store, mem_limit=args.mem_limit, idle_timeout=args.idle_timeout,
                      allow_root=args.allow_root, isolate=args.isolate, lessons=tuple(args.lesson))


def run(args: argparse.Namespace) -> int:
    """Write the configuration; unless ``--write-config``, start ``jupyterhub`` (and with
    ``--postgres`` the class store's PostgreSQL first) and wait for it. Every option is checked
    before anything starts, so a bad one leaves nothing behind."""
    if args.postgres and (args.store is not None or args.write_config is not None):
        raise SystemExit("changekit: --postgres starts the hub's own PostgreSQL: not with --store (a store "
                         "elsewhere) nor --write-config (nothing is started)")
    try:
        options = options_from(args)
        if args.roster is not None:
            # the class store's name folding (75 ms to import) only for a roster
            from .prespawn import read_roster

            options = replace(options, roster=read_roster(args.roster, options.teacher))
        if args.write_config is not None:  # the administrator's proxy where we know one, else by name
            try:
                options = replace(options, proxy=find_proxy())
            except HubError:
                pass
        options = options.resolved(find_proxy_now=args.write_config is None)
    except HubError as err:
        raise SystemExit(f"changekit: {err}") from None
    database = _start_postgres(options.runtime) if args.postgres else None
    try:
        if database is not None:
            options = replace(options, store=database.url())
        try:
            target = write_config(options, args.write_config or options.runtime)
        except HubError as err:
            raise SystemExit(f"changekit: {err}") from None
        print(f"changekit: wrote {target} (it holds the passwords: keep it private)", flush=True)
        if args.write_config is not None:
            values, manifest = write_cluster_files(options, args.write_config)
            print(f"changekit: wrote {values} (Zero to JupyterHub's values, the same settings; private too) "
                  f"and {manifest} (the class service's Deployment and Service)", flush=True)
        print(f"changekit: class password: {options.password}", flush=True)
        print(f"changekit: teacher {options.teacher}'s password: {options.teacher_password}", flush=True)
        if args.write_config is not None:
            print(f"changekit: start it with: jupyterhub -f {target}", flush=True)
            return 0
        signal.signal(signal.SIGTERM, _interrupt)  # a SIGTERM stops the hub as Ctrl-C does
        hub = start_jupyterhub(target, options.runtime)
        print(f"changekit: JupyterHub (pid {hub.pid}) at {options.public_url}", flush=True)
        try:
            if options.roster:
                _ready_before_the_bell(hub, options)
            return hub.wait()
        except KeyboardInterrupt:
            _stop(hub, options.home_template)
            return 0
    finally:
        if database is not None:
            database.stop()


def _ready_before_the_bell(hub: subprocess.Popen, options: HubOptions) -> None:
    """Once the hub answers, start the roster's servers (changekit.hub.prespawn) and say when
    the class is ready."""
    from .prespawn import HubAPI, prespawn  # with read_roster, only for a roster

    assert options.internal_ports is not None and options.api_token is not None
    api = HubAPI(f"http://127.0.0.1:{options.internal_ports[0]}/hub/api", options.api_token)
    while True:  # until the hub's API answers
        try:
            if api.call("GET", "/")[0] == 200:
                break
        except OSError:  # not listening yet
            pass
        if hub.poll() is not None:
            return
        time.sleep(0.5)
    print(f"changekit: starting the servers of {len(options.roster)} students on the roster", flush=True)
    servers = HubAPI(options.public_url.rstrip("/"), options.api_token)  # users' servers, through the proxy
    ready = prespawn(api, options.roster, servers=servers)
    last = max(ready.values(), default=0.0)
    pages = ", ".join(lesson.removesuffix(".ipynb") for lesson in (LANDING_PAGE, *options.lessons))
    print(f"changekit: the class is ready: {len(ready)} of {len(options.roster)} servers up, each with a page "
          f"of {pages} rendered, in {last:.0f} s", flush=True)


def _start_postgres(runtime: Path) -> LocalPostgres:
    """The class store's PostgreSQL in ``runtime/postgres``; from here on a SIGTERM stops the hub
    as Ctrl-C does, so that the database stops with it."""
    folder = runtime / "postgres"
    made = [f for f in (folder, *folder.parents) if not f.exists()]  # what a refused start must not leave
    try:
        database = LocalPostgres(folder)
    except PostgresUnavailable as err:
        for empty in made:  # deepest first; a folder with anything in it stays
            try:
                empty.rmdir()
            except OSError:
                break
        raise SystemExit(f"changekit: --postgres: {err}") from None
    print(f"changekit: the class store's PostgreSQL (pid {database.process.pid if database.process else '?'}) "
          f"in {database.folder}", flush=True)
    signal.signal(signal.SIGTERM, _interrupt)
    return database


def start_jupyterhub(config: Path, runtime: Path) -> subprocess.Popen:
    """``jupyterhub -f config`` in the runtime folder, in a process group of its own."""
    return subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(config)],
                            cwd=runtime, start_new_session=True)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _stop(proc: subprocess.Popen, hub: str, grace: float = STOP_GRACE_S) -> None:
    """SIGTERM the hub (it stops its services, the proxy and the students' servers, each within
    a few seconds: see STOP_INTERRUPT_S), SIGKILL its process group after ``grace`` s and then any
    server it left, by PID; then remove the students' memory cgroups of the hub ``hub`` (its
    spawners' home template) that are left."""
    started = time.monotonic()
    for stopping in (signal.SIGTERM, signal.SIGINT):  # a second signal must not cut the stop short
        signal.signal(stopping, signal.SIG_IGN)
    stop_process_tree(proc, descendants(proc.pid), group=False, grace=grace, settle=1)
    kept = remove_hub_groups(hub)
    print(f"changekit: the hub stopped in {time.monotonic() - started:.1f} s"
          + (f"; memory cgroups still in use: {', '.join(map(str, kept))}" if kept else ""), flush=True)
