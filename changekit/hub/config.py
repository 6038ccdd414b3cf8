"""The kit's JupyterHub configuration: :func:`hub_settings` (every value, for tests and readers)
and :func:`config_text` (the ``jupyterhub_config.py`` they make).

>>> options = HubOptions(password="a class password", teacher="ms-lee", runtime=Path("/srv/hub"), allow_root=True)
>>> settings = hub_settings(options.resolved())
>>> settings["JupyterHub.authenticator_class"], settings["Authenticator.admin_users"]
('changekit.hub.auth.ClassAuthenticator', ['ms-lee'])
>>> settings["Spawner.default_url"]
'/voila/render/index.ipynb'
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core.errors import ChangekitError
from ..serving import KERNEL_CULLING_ARGS, NOTEBOOKS, ROOT, UNCONNECTED_TIMEOUT_S, anywidget_extension
from .pool import pool_args

#: the class service's name on the hub (its URL is /services/<name>/)
SERVICE_NAME = "changekit-class"
#: the hub service whose token ``changekit hub`` uses to start a roster's servers before the class
ADMIN_SERVICE = "changekit-admin"
#: hub users in this group are teachers of every class, as the hub's admins are
TEACHER_GROUP = "teachers"
#: SharedPasswordAuthenticator's own minimum lengths (it refuses shorter ones at start-up)
MIN_PASSWORD_CHARS = 8
MIN_TEACHER_PASSWORD_CHARS = 32
#: where the Makefile installs configurable-http-proxy (npm, a project folder)
PROJECT_PROXY = ROOT / ".node" / "node_modules" / ".bin" / "configurable-http-proxy"
PROXY_HELP = ("configurable-http-proxy (npm) is needed: run `make hub-proxy` in the changekit folder "
              "(npm install into .node/), or `npm install -g configurable-http-proxy@5`")
#: a hub user name that is also a class name (changekit.classroom.store.check_name) and a safe
#: home folder name
USER_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
#: the first start of a student's server imports Jupyter, Voila and the kit: 30 s was not enough once
SPAWN_TIMEOUT_S = 120
IDLE_TIMEOUT_S = 3600
#: a server's stop: SIGINT, then SIGTERM, then SIGKILL after these many seconds each (JupyterHub's
#: 10, 5 and 5 made a hub's stop take 17-59 s); ``changekit hub`` kills what is left after STOP_GRACE_S
STOP_INTERRUPT_S, STOP_TERM_S, STOP_KILL_S = 3, 2, 2
STOP_GRACE_S = 8


class HubError(ChangekitError):
    """A ``changekit hub`` option the kit refuses; the message says which and why."""


@dataclass(frozen=True)
class HubOptions:
    """What ``changekit hub`` takes; :meth:`resolved` checks it and fills in what is generated."""

    runtime: Path
    password: str | None = None  # the class password; generated when None
    teacher: str = "teacher"
    teacher_password: str | None = None  # generated when None (the hub's admin password)
    folder: Path = NOTEBOOKS
    host: str = "127.0.0.1"
    port: int = 8000
    store: str | None = None  # the class store the service holds; None: SQLite in the runtime folder
    mem_limit: str | None = "1G"
    idle_timeout: int = IDLE_TIMEOUT_S
    allow_root: bool = False
    #: each student's server in a sandbox under a user id of its own (changekit.hub.spawner);
    #: None: when running as root where bubblewrap works
    isolate: bool | None = None
    proxy: str | None = None  # configurable-http-proxy; found when None
    #: the hub's, the class service's and the proxy's API ports (loopback); default: port + 1, 2, 3
    internal_ports: tuple[int, int, int] | None = None
    #: students whose servers are started before the class arrives (changekit.hub.prespawn)
    roster: tuple[str, ...] = ()
    #: notebooks every server pre-renders a page of, beside the landing page (changekit.hub.pool)
    lessons: tuple[str, ...] = ()
    #: the kit's own token for the hub's API (the pre-spawn); generated when None
    api_token: str | None = None

    def resolved(self, *, find_proxy_now: bool = False) -> HubOptions:
        if self.password is not None and len(self.password) < MIN_PASSWORD_CHARS:
            raise HubError(f"--password: the class password needs at least {MIN_PASSWORD_CHARS} characters "
                           f"(JupyterHub's shared-password rule), got {len(self.password)}")
        if self.teacher_password is not None and len(self.teacher_password) < MIN_TEACHER_PASSWORD_CHARS:
            raise HubError(f"--teacher-password needs at least {MIN_TEACHER_PASSWORD_CHARS} characters "
                           f"(JupyterHub's rule for the admin password), got {len(self.teacher_password)}")
        if self.password is not None and self.password == self.teacher_password:
            raise HubError("--teacher-password must differ from the class password")
        if not USER_NAME.fullmatch(self.teacher):
            raise HubError(f"--teacher {self.teacher!r}: a hub user name is 1-40 lower-case letters, digits, "
                           "'.', '_' or '-', starting with a letter or digit")
        if not 1 <= self.port <= 65535:
            raise HubError(f"--port {self.port}: a port is a whole number from 1 to 65535")
        if self.idle_timeout < 60:
            raise HubError(f"--idle-timeout {self.idle_timeout}: at least 60 seconds (an idle server is stopped "
                           "after that long)")
        if self.mem_limit is not None and not re.fullmatch(r"[1-9][0-9]*[KMGT]?", self.mem_limit):
            raise HubError(f"--mem-limit {self.mem_limit!r}: a size such as 512M or 2G")
        folder = self.folder.expanduser().resolve()
        if not (folder / "index.ipynb").is_file():
            raise HubError(f"{folder} has no index.ipynb: the hub opens the gallery (index.ipynb) for every "
                           "student; copy the kit's notebooks with `changekit notebooks DIR`")
        lessons = tuple(dict.fromkeys(lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb"
                                      for lesson in self.lessons))
        for lesson in lessons:
            if "/" in lesson or "," in lesson or not (folder / lesson).is_file():
                names = ", ".join(sorted(p.stem for p in folder.glob("*.ipynb")))
                raise HubError(f"--lesson: no lesson {lesson!r} in {folder} (there are: {names})")
        if self.store is not None and not self.store.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise HubError(f"--store {self.store.split('://')[0]}://...: the class service holds a "
                           "sqlite:///path or postgresql://... store")
        root = os.geteuid() == 0
        isolate = self.isolate
        if isolate is None:
            isolate = root and isolation_works()
        elif isolate and not root:
            raise HubError("--isolate gives every student's server a user id of its own: only root can; "
                           "run changekit hub as root, or without --isolate")
        elif isolate and not isolation_works():
            raise HubError("--isolate needs bubblewrap (`apt-get install bubblewrap`; `make bubblewrap`) and "
                           "setpriv (Debian's util-linux)")
        if root and not isolate and not self.allow_root:
            raise HubError("running as root without bubblewrap: students' servers would run as root too. "
                           "Install bubblewrap (each student's server then runs in a sandbox under a user "
                           "id of its own), pass --allow-root to accept root servers (a test machine, a "
                           "container), or run changekit hub as a normal user")
        ports = self.internal_ports or (self.port + 1, self.port + 2, self.port + 3)
        if not all(1 <= p <= 65535 for p in ports) or len({self.port, *ports}) != 4:
            raise HubError(f"--port {self.port}: the hub also needs the three ports after it, free and below 65536")
        proxy = self.proxy
        if find_proxy_now and proxy is None:
            proxy = find_proxy()
        return replace(self, folder=folder, runtime=self.runtime.expanduser().resolve(), proxy=proxy,
                       internal_ports=ports, isolate=isolate, lessons=lessons,
                       password=self.password or secrets.token_urlsafe(9),
                       api_token=self.api_token or secrets.token_hex(32),
                       teacher_password=self.teacher_password or secrets.token_urlsafe(33))

    @property
    def store_url(self) -> str:
        return self.store or f"sqlite:///{self.runtime / 'service' / 'class.db'}"

    @property
    def home_template(self) -> str:
        """Each student's home folder (``{username}`` filled in by the spawner); it also names the
        hub's memory cgroups (changekit.hub.memory.memory_control)."""
        return str(self.runtime / "homes" / "{username}")

    @property
    def service_url(self) -> str:
        """Where students' servers reach the class service (straight, on this machine)."""
        assert self.internal_ports is not None, "resolved() first"
        return f"http://127.0.0.1:{self.internal_ports[1]}/services/{SERVICE_NAME}/"

    @property
    def public_url(self) -> str:
        shown = "127.0.0.1" if self.host in ("", "0.0.0.0") else self.host
        return f"http://{shown}:{self.port}/"


def find_proxy() -> str:
    """configurable-http-proxy: the project's (``make hub-proxy``), else on PATH, else a HubError
    that says how to get it."""
    if PROJECT_PROXY.exists():
        return str(PROJECT_PROXY)
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    raise HubError(PROXY_HELP)


#: the runtime folder's lab extensions, searched by the students' Voila before the environment's
LABEXTENSIONS = "labextensions"


def _bin(name: str) -> str:
    """A console script of this Python's environment (the hub's students run the same kit)."""
    return str(Path(sys.executable).parent / name)


def isolation_works() -> bool:
    """Whether students' servers can be isolated here: bubblewrap runs (the strategy lab's probe,
    cached per bubblewrap found) and ``setpriv`` is there to give up root in the sandbox
    (:func:`changekit.hub.spawner.become`); without it every spawn would fail, not the start."""
    from ..lab.sandbox import sandbox_available  # the lab's sandbox probe: bwrap is there and works

    return sandbox_available() and shutil.which("setpriv") is not None


def readable_folders(options: HubOptions) -> list[str]:
    """What a sandboxed student's server reads: the kit's package, the notebooks, the Python and
    environment it runs in, the runtime folder's lab extensions. Not the rest of the checkout (its
    test logs), not the runtime folder (the hub's database, the class store, the homes)."""
    folders = [Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), ROOT / "changekit", options.folder,
               options.runtime / LABEXTENSIONS]
    unique: list[str] = []
    for folder in folders:
        if str(folder) not in unique and not str(folder).startswith("/usr/"):
            unique.append(str(folder))
    return unique


#: where a student lands: the gallery, under Voila (relative to the server's notebook folder)
LANDING_PAGE = "index.ipynb"
DEFAULT_URL = f"/voila/render/{LANDING_PAGE}"
#: the idle culler's rounds and how many servers it asks about at once (the chart's defaults, set
#: on both hubs so that the culler runs alike: jupyterhub-idle-culler's own every is timeout / 2)
CULL_EVERY_S = 600
CULL_CONCURRENCY = 10
#: the idle culler's hub permissions (jupyterhub-idle-culler's README; the chart grants the same)
CULLER_SCOPES = ["list:users", "read:users:activity", "read:servers", "delete:servers"]


def server_args(labextensions: str, *, allow_root: bool = False, lessons: tuple[str, ...] = ()) -> list[str]:
    """A student's ``jupyterhub-singleuser`` arguments, on one machine and in the kit's image:
    the kit's chart assets, kernels over IPC, kernels culled by ``changekit serve``'s rules (a
    page never connected after ``UNCONNECTED_TIMEOUT_S``, a closed page after the idle timeout),
    and a pre-rendered page of the landing page and of each of ``lessons`` (:mod:`changekit.hub.pool`)."""
    args = ["--ServerApp.jpserver_extensions=changekit.hub.assets=True",
            # kernels over IPC sockets (see changekit.hub.spawner.kernel_runtime_dir)
            "--KernelManager.transport=ipc",
            # Voila under the server starts its kernels with the server's kernel manager: the kit's,
            # with Voila's pre-rendered pages (an empty pool unless lessons are named)
            "--ServerApp.kernel_manager_class=changekit.hub.pool.PagePoolKernelManager",
            *KERNEL_CULLING_ARGS,
            f"--ClassKernelManager.unconnected_timeout={UNCONNECTED_TIMEOUT_S}",
            # anywidget with the longer model timeout (written by write_config, or in the image)
            f"--VoilaConfiguration.extra_labextensions_path={labextensions}",
            *pool_args(tuple(dict.fromkeys((LANDING_PAGE, *lessons))))]
    return [*args, "--allow-root"] if allow_root else args


def server_token_scopes() -> list[str]:
    """What a student's server token may do: report activity, reach its own server, and call the
    class service (``$JUPYTERHUB_API_TOKEN`` of a server is how its kernels call it)."""
    return ["users:activity!user", "access:servers!server", f"access:services!service={SERVICE_NAME}"]


def access_roles() -> list[dict[str, Any]]:
    """The hub's roles for the class: every user may reach the class service; the service reads
    who is an admin or a teacher (the idle culler's role is :data:`CULLER_SCOPES`)."""
    return [{"name": "user", "scopes": ["self", f"access:services!service={SERVICE_NAME}"]},
            {"name": SERVICE_NAME, "services": [SERVICE_NAME], "scopes": ["read:users", "read:groups"]}]


def culler_args(idle_timeout: int) -> list[str]:
    """jupyterhub-idle-culler's arguments after ``-m jupyterhub_idle_culler`` (the hub's URL aside)."""
    return [f"--timeout={idle_timeout}", f"--cull-every={CULL_EVERY_S}", f"--concurrency={CULL_CONCURRENCY}"]


def student_environment(service_url: str) -> dict[str, str]:
    """A student's server's environment: the class service's address, never the store's URL."""
    return {"CHANGEKIT_CLASS_STORE": service_url}


def login_settings(options: HubOptions) -> dict[str, Any]:
    """Who logs in and who teaches: one class password; the teacher logs in with the admin
    password, is the hub's admin and in the teachers group."""
    return {
        # JupyterHub's shared-password login, names folded as the class store folds them
        "JupyterHub.authenticator_class": "changekit.hub.auth.ClassAuthenticator",
        "SharedPasswordAuthenticator.user_password": options.password,
        "SharedPasswordAuthenticator.admin_password": options.teacher_password,
        "Authenticator.admin_users": [options.teacher],
        "Authenticator.allow_all": True,
        "JupyterHub.load_groups": {TEACHER_GROUP: {"users": [options.teacher]}},
    }


def hub_settings(options: HubOptions) -> dict[str, Any]:
    """Every setting of the kit's hub, ``"Class.trait": value`` (``options`` resolved)."""
    runtime = options.runtime
    assert options.internal_ports is not None, "resolved() first"
    hub_port, service_port, proxy_api_port = options.internal_ports
    settings: dict[str, Any] = {
        "JupyterHub.ip": options.host,
        "JupyterHub.port": options.port,
        "JupyterHub.hub_ip": "127.0.0.1",
        "JupyterHub.hub_port": hub_port,
        "JupyterHub.db_url": f"sqlite:///{runtime / 'jupyterhub.sqlite'}",
        "JupyterHub.cookie_secret_file": str(runtime / "jupyterhub_cookie_secret"),
        "JupyterHub.pid_file": str(runtime / "jupyterhub.pid"),
        "ConfigurableHTTPProxy.command": [options.proxy or "configurable-http-proxy"],
        "ConfigurableHTTPProxy.pid_file": str(runtime / "proxy.pid"),
        "ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{proxy_api_port}",
        **login_settings(options),
        # local processes, each student in a home folder of their own
        "JupyterHub.spawner_class": "changekit.hub.spawner.ClassSpawner",
        "ClassSpawner.home_dir_template": options.home_template,
        # as root: each server in a sandbox of its own, seeing only the kit, its Python and the notebooks
        "ClassSpawner.isolate": bool(options.isolate),
        "ClassSpawner.readable": readable_folders(options),
        "Spawner.cmd": [_bin("jupyterhub-singleuser")],
        "Spawner.args": server_args(str(runtime / LABEXTENSIONS), lessons=options.lessons,
                                    allow_root=bool(options.allow_root and not options.isolate)),
        "Spawner.notebook_dir": str(options.folder),
        "Spawner.default_url": DEFAULT_URL,
        "Spawner.http_timeout": SPAWN_TIMEOUT_S,
        "Spawner.start_timeout": SPAWN_TIMEOUT_S,
        "Spawner.mem_limit": options.mem_limit,
        # a stop (the culler's, or the hub's own at its end: every server at once) within seconds
        "Spawner.interrupt_timeout": STOP_INTERRUPT_S,
        "Spawner.term_timeout": STOP_TERM_S,
        "Spawner.kill_timeout": STOP_KILL_S,
        "Spawner.environment": student_environment(options.service_url),
        "Spawner.server_token_scopes": server_token_scopes(),
        "JupyterHub.services": [
            {"name": "idle-culler",
             "command": [sys.executable, "-m", "jupyterhub_idle_culler", *culler_args(options.idle_timeout)]},
            {"name": SERVICE_NAME, "url": f"http://127.0.0.1:{service_port}", "display": False,
             "command": [sys.executable, "-m", "changekit.hub.service"],
             "environment": {"CHANGEKIT_SERVICE_STORE": options.store_url,
                             "CHANGEKIT_TEACHER_GROUP": TEACHER_GROUP}},
            # changekit hub's own token: it creates the roster's users and starts their servers
            {"name": ADMIN_SERVICE, "api_token": options.api_token},
        ],
        "JupyterHub.load_roles": [
            {"name": "idle-culler", "services": ["idle-culler"], "scopes": list(CULLER_SCOPES)},
            # and asks each server whether its pre-rendered pages are ready (changekit.hub.pool)
            {"name": ADMIN_SERVICE, "services": [ADMIN_SERVICE],
             "scopes": ["admin:users", "admin:servers", "access:servers"]},
            *access_roles(),
        ],
    }
    return settings


def config_text(options: HubOptions) -> str:
    """``jupyterhub_config.py`` for ``options`` (resolved): plain assignments an administrator can
    read and edit. It holds the passwords: keep it private (it is written mode 600)."""
    lines = ["# JupyterHub configuration written by `changekit hub` (docs/serving.md).",
             "# It holds the class and teacher passwords: keep it private.", "c = get_config()  # noqa"]
    for key, value in hub_settings(options).items():
        lines.append(f"c.{key} = {value!r}")
    return "\n".join(lines) + "\n"


def write_config(options: HubOptions, folder: Path) -> Path:
    """Write ``jupyterhub_config.py`` into ``folder`` (created, private); its path."""
    folder.mkdir(parents=True, exist_ok=True)
    for sub in ("homes", "service"):
        (options.runtime / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
    (options.runtime / LABEXTENSIONS).mkdir(parents=True, exist_ok=True)
    anywidget_extension(options.runtime / LABEXTENSIONS)
    target = folder / "jupyterhub_config.py"
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(config_text(options))
    os.chmod(target, 0o600)
    return target
