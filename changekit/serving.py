"""Serving the kit with Voila: one configuration for ``changekit serve``, the tests and the benchmarks.

``changekit serve`` runs :class:`ClassVoila` (Voila with the kit's settings, see docs/serving.md):

* plotly.js is served once from the kit's own server (:func:`plotly_asset`) and every chart on a
  page shares it (``changekit.ui.charts``);
* on any address but loopback a token is required, generated unless given, and a request without
  it gets 403, never a page; tracebacks are shown only with ``debug``;
* live kernels are capped (``max_kernels``): past the cap a visitor gets a short "the class server
  is full" page (503); a kernel whose page never opened its websocket is shut down after
  ``UNCONNECTED_TIMEOUT_S``;
* ``class_size`` pre-starts and pre-renders that many kernels of each lesson notebook (Voila's
  ``preheat_kernel`` pool) and prints what they cost in memory once they are ready.

:class:`changekit.testing.VoilaServer` starts the same server on a free loopback port for tests
and benchmarks, and stops it (and its kernels) by PID.
"""
from __future__ import annotations

import contextvars
import errno
import fcntl
import json
import logging
import os
import re
import secrets
import shutil
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.markup import escape
from .registry import NOTEBOOKS

if TYPE_CHECKING:
    from voila.app import Voila

ROOT = Path(__file__).resolve().parent.parent
#: The kit's Voila page template (changekit/voila_template/index.html.j2), found before Voila's own.
PAGE_TEMPLATE = Path(__file__).resolve().parent / "voila_template"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: What one app kernel holds once its notebook has run (measured: 110-140 MB), with headroom.
KERNEL_MB = 160
#: A page that never opens its kernel's websocket (a plain GET, a crawler) frees its kernel after this.
UNCONNECTED_TIMEOUT_S = 120
#: the server's CPU seconds per second below which it counts as quiet, for the pool's ready line
#: (idle beside a pool of 30 it used 0-0.04; driving their pre-renders, 0.6-1)
SERVER_QUIET_S = 0.1
FULL_MESSAGE = "The class server is full: try again in a minute"
TOKEN_MESSAGE = "This class server needs its token: open the link your teacher shared"
VISITOR_FULL_MESSAGE = "You have too many pages of this class open: close one to open another"
#: Fair shares (see docs/serving.md): pages one browser may hold open; pages only the teacher's
#: dashboard may take; a closed page keeps its kernel this long for a reconnect before a new page
#: may take its place, and this long while the server is near its cap.
PAGES_PER_VISITOR = 5
TEACHER_RESERVE = 2
#: Fair CPU: pages rendering at once, on the whole server (per core) and for one client (one
#: address, or one browser's cookie); the rest wait their turn, the teacher and seated students first.
RENDERS_PER_CORE = 2
RENDERS_PER_CLIENT = 2
QUEUE_MESSAGE = "Your page is being prepared: {ahead} ahead of you."
#: a token that guards a class on the room's network: long enough not to be guessed or read off a
#: shoulder, and one word (a space or a line break pasted by mistake is refused, not served)
TOKEN_MIN_CHARS = 16
RECONNECT_GRACE_S = 60
CLOSED_PAGE_TIMEOUT_S = 180
#: kernel culling, the same under ``changekit serve`` and in a hub's servers (changekit.hub.config):
#: a page still connected is never culled; one lost for 30 minutes is
KERNEL_CULLING_ARGS = ("--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_interval=60",
                       "--MappingKernelManager.cull_connected=False")


# ---- settings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ServeOptions:
    """What ``changekit serve`` takes; :meth:`voila_argv` turns it into Voila's settings."""

    folder: Path = NOTEBOOKS
    host: str = "127.0.0.1"
    port: int = 8866
    token: str | None = None  # None: none on loopback, generated on any other address
    debug: bool = False
    class_size: int = 0
    lessons: tuple[str, ...] = ()  # notebooks (relative to folder) that get class_size kernels
    max_kernels: int | None = None  # None: derived from the machine's memory
    open_browser: bool = False
    extra: tuple[str, ...] = field(default=())  # more Voila flags (tests)

    @property
    def on_loopback(self) -> bool:
        return self.host in LOOPBACK

    def resolved(self) -> ServeOptions:
        """Fill in the token and the kernel cap; check the address, the cap and the lessons."""
        check_address(self)
        token = self.token
        if token is None and not self.on_loopback:
            # 128 bits in hex: a URL-safe one starts with '-' one time in 64, and `--token -x…`, the
            # restart the docs describe, then reads as an unknown option
            token = secrets.token_hex(16)
        cap = self.max_kernels if self.max_kernels is not None else default_max_kernels()
        lessons = tuple(lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb" for lesson in self.lessons)
        for lesson in lessons:
            if not (self.folder / lesson).is_file():
                names = ", ".join(sorted(p.stem for p in self.folder.glob("*.ipynb")))
                raise SystemExit(f"changekit: no lesson {lesson!r} in {self.folder} (there are: {names})")
        if self.class_size and not lessons:
            raise SystemExit("changekit: --class-size needs --lesson NAME: the page the class will open "
                             "(for example --lesson zombie)")
        pooled = self.class_size * len(lessons)
        if pooled and cap < pooled + 2:
            raise SystemExit(f"changekit: --class-size {self.class_size} for {len(lessons)} lesson(s) needs "
                             f"{pooled} kernels, more than --max-kernels {cap} allows")
        return ServeOptions(folder=self.folder, host=self.host, port=self.port, token=token, debug=self.debug,
                            class_size=self.class_size, lessons=lessons, max_kernels=cap,
                            open_browser=self.open_browser, extra=self.extra)

    def voila_argv(self, plotly_root: Path) -> list[str]:
        """Voila's command line (after ``resolved()``); no voila.json is read from anywhere."""
        argv = [
            str(self.folder), f"--port={self.port}", f"--Voila.ip={self.host}",
            f"--show_tracebacks={self.debug}",
            f"--Voila.token={self.token or ''}",
            f"--Voila.config_file_paths={_empty_config_dir()}",  # no voila.json from the working folder
            "--Voila.port_retries=0",  # a busy port is an error, never a silent move to the next one
            "--VoilaConfiguration.multi_kernel_manager_class=changekit.serving.ClassKernelManager",
            f"--VoilaConfiguration.extra_labextensions_path={plotly_root}",
            # one cell while the page first renders; a kernel start when many start at once; a
            # cell's last outputs under load (the 4 s default lost outputs in a 20-visit run)
            "--VoilaExecutor.timeout=120", "--VoilaExecutor.startup_timeout=120",
            "--VoilaExecutor.iopub_timeout=30",
            *KERNEL_CULLING_ARGS,
            # kernels talk to the server over Unix sockets: with TCP, kernels started together race
            # for the same free port ("Address already in use"), the loser dies, and its visitor's
            # page never finishes loading; sockets also keep other local users off the kernels
            "--KernelManager.transport=ipc",
            f"--ClassKernelManager.max_kernels={self.max_kernels or 0}",
            f"--ClassKernelManager.unconnected_timeout={UNCONNECTED_TIMEOUT_S}",
        ]
        if self.class_size:
            pools = {"default": {"pool_size": 0}} | {lesson: {"pool_size": self.class_size} for lesson in self.lessons}
            argv += ["--preheat_kernel=True", f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
                     # refill after the class has arrived, not while its pages are being delivered
                     "--VoilaKernelManager.fill_delay=60"]
        if not self.open_browser:
            argv.append("--no-browser")
        # an extra flag replaces the default of the same name (traitlets refuses a setting twice)
        replaced = {flag.split("=", 1)[0] for flag in self.extra}
        return [flag for flag in argv if flag.split("=", 1)[0] not in replaced] + list(self.extra)


def check_address(options: ServeOptions) -> None:
    """Refuse, with the reason, what would serve somewhere else than asked or serve a class unprotected."""
    if options.token == "" and not options.on_loopback:
        raise SystemExit(f"changekit: --token \"\" on {options.host} would let anyone on the network in: "
                         "give a token, or leave --token out and one is generated")
    token = options.token
    if token and not options.on_loopback and (len(token) < TOKEN_MIN_CHARS or re.search(r"\s", token)):
        raise SystemExit(f"changekit: --token on {options.host} must be at least {TOKEN_MIN_CHARS} characters "
                         "with no spaces, so that nobody guesses it: give a longer one, or leave --token out "
                         "and one is generated")
    if not 1 <= options.port <= 65535:
        raise SystemExit(f"changekit: --port {options.port}: a port is a whole number from 1 to 65535")
    if options.max_kernels is not None and options.max_kernels < 1:
        raise SystemExit(f"changekit: --max-kernels {options.max_kernels}: at least one page must fit")
    try:
        socket.getaddrinfo(options.host, options.port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICSERV)
    except (OSError, UnicodeError) as error:
        raise SystemExit(f"changekit: --host {options.host!r} is not an address of this machine ({error})") from None


def check_port_free(host: str, port: int) -> None:
    """Bind and release the address before Voila starts: a busy port is a clear error (Voila is
    told never to move to another port, so the address printed is the address served)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado binds
            probe.bind((host, port))
    except OSError as error:
        busy = error.errno == errno.EADDRINUSE
        reason = "is already in use (another server?)" if busy else f"cannot be used ({error})"
        raise SystemExit(f"changekit: port {port} on {host} {reason}: choose another with --port") from None


def default_max_kernels() -> int:
    """How many app kernels fit in 80 % of the memory available now (at least 4)."""
    available_kb = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                available_kb = int(line.split()[1])
    except OSError:
        pass
    if available_kb is None:
        return 40
    return max(4, int(available_kb / 1024 * 0.8 / KERNEL_MB))


def _empty_config_dir() -> Path:
    folder = cache_dir() / "voila-config"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "changekit"


def plotly_asset() -> tuple[Path, str]:
    """plotly.min.js in a folder Voila serves as a lab-extension path; returns (folder, URL path).

    The file is plotly.py's own copy of plotly.js, named with its version so a browser that has
    it cached never uses a stale one. A folder without a package.json is not loaded as an
    extension, only served."""
    import plotly  # for its copy of plotly.js, only when serving: the CLI starts without it

    source = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
    root = cache_dir() / "voila-assets"
    name = f"plotly-{plotly.__version__}.min.js"
    target = root / "changekit-assets" / name
    if not target.exists() or target.stat().st_size != source.stat().st_size:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(f".{os.getpid()}.part")
        shutil.copyfile(source, partial)
        os.replace(partial, target)  # atomic: two servers starting at once both see a whole file
    return root, f"voila/labextensions/changekit-assets/{name}"


#: anywidget gives a widget model 2 s to load its front-end module, then shows nothing ("[anywidget]
#: Failed to initialize model."). A page's first chart loads plotly.js (4.7 MB) in that window; on a
#: busy server or a slow Chromebook it misses and the chart stays blank. The kit's copies wait 60 s.
ANYWIDGET_TIMEOUT = ("AbortSignal.timeout(2000)", "AbortSignal.timeout(60000)")


def raise_anywidget_timeout(folder: Path) -> int:
    """Give anywidget's front-end files under ``folder`` the longer model timeout, in place; safe to
    run twice. Returns how many files carry it (0: this anywidget names its timeout differently)."""
    patched = 0
    for js in folder.rglob("*.js"):
        text = js.read_text()
        if ANYWIDGET_TIMEOUT[0] in text or ANYWIDGET_TIMEOUT[1] in text:
            js.write_text(text.replace(*ANYWIDGET_TIMEOUT))
            patched += 1
    return patched


def anywidget_extension(root: Path) -> Path | None:
    """A copy of anywidget's lab extension in ``root`` (a lab-extension path Voila searches before the
    environment's) with the longer model timeout; None when anywidget's extension is not installed.
    The copy is remade when the installed extension's package.json changes."""
    from jupyter_core.paths import jupyter_path  # Jupyter's machinery only when serving

    source = next((Path(p) / "anywidget" for p in jupyter_path("labextensions")
                   if (Path(p) / "anywidget" / "package.json").is_file()), None)
    if source is None:
        return None
    target = root / "anywidget"
    stamp = (source / "package.json").read_bytes()

    def current() -> bool:
        return (target / "package.json").is_file() and (target / "package.json").read_bytes() == stamp

    if current():
        return target
    root.mkdir(parents=True, exist_ok=True)
    # Servers starting at the same moment take turns: one removing an old copy while another
    # checks the copy just put in place saw it half-deleted.
    with open(root / "anywidget.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if current():
            return target
        partial = Path(tempfile.mkdtemp(prefix="anywidget.", suffix=".part", dir=root))
        shutil.copytree(source, partial, dirs_exist_ok=True)
        if not raise_anywidget_timeout(partial):
            logging.getLogger("changekit").warning("anywidget's 2 s model timeout not found: check ANYWIDGET_TIMEOUT")
        shutil.rmtree(target, ignore_errors=True)
        os.replace(partial, target)
    return target


def teacher_addresses(options: ServeOptions) -> str:
    """What ``changekit serve`` tells the teacher: the two addresses, each with what it is for."""
    lines = ["", "  Your class dashboard: open it on this computer; it shows the class the join code and QR.",
             *(f"      {link}" for link in share_links(options, "class.ipynb")),
             "  The gallery: every game and its lesson.",
             *(f"      {link}" for link in share_links(options, "index.ipynb"))]
    if options.token:
        lines.append("  Pages opened without the token in these links are refused. Ctrl-C stops the server.")
    else:
        lines.append("  Only this computer can open them (--host 0.0.0.0 serves the room's network). "
                     "Ctrl-C stops the server.")
    return "\n".join([*lines, ""])


def share_links(options: ServeOptions, page: str = "index.ipynb") -> list[str]:
    """The addresses to give the class, with the token."""
    query = f"?token={options.token}" if options.token else ""
    hosts = [options.host]
    if options.host in ("0.0.0.0", "::", ""):
        hosts = sorted({ip for ip in _local_addresses() if not ip.startswith("127.")}) or ["127.0.0.1"]
    return [f"http://{host}:{options.port}/voila/render/{page}{query}" for host in hosts]


def _local_addresses() -> list[str]:
    try:
        # an AF_INET address is (host, port): the host is a str
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


# ---- the server -------------------------------------------------------------------------------
def _kernel_manager_class() -> type:
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    import asyncio

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from jupyter_server.utils import ensure_async
    from tornado import web
    from traitlets import Float, Int

    class ClassKernelManager(AsyncMappingKernelManager):
        """Kernels for a class: a cap on how many live at once, and no kernel kept for a page
        that never connected (Voila starts a kernel for every GET of a notebook); fair shares of
        the cap (see :meth:`make_room_for`)."""

        max_kernels = Int(0, config=True, help="refuse new kernels past this many (0: no cap)")
        unconnected_timeout = Float(UNCONNECTED_TIMEOUT_S, config=True,
                                    help="shut down a never-connected kernel idle this long (s)")
        pages_per_visitor = Int(PAGES_PER_VISITOR, config=True, help="pages one browser (cookie) may hold")
        teacher_reserve = Int(TEACHER_RESERVE, config=True,
                              help="kernels under the cap kept for the teacher's pages (at most a quarter)")
        renders = Int(RENDERS_PER_CORE * (os.cpu_count() or 1), config=True, help="pages rendering at once")
        renders_per_client = Int(RENDERS_PER_CLIENT, config=True,
                                 help="pages rendering at once for one address or one browser")
        reconnect_grace = Float(RECONNECT_GRACE_S, config=True,
                                help="a closed page's kernel is kept this long for a reconnect (s)")
        closed_page_timeout = Float(CLOSED_PAGE_TIMEOUT_S, config=True,
                                    help="near the cap, free a closed page's kernel after this long (s)")

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._connected_once: set[str] = set()
            self._first_seen: dict[str, float] = {}
            self._visitor_of: dict[str, str] = {}  # kernel id -> the visitor cookie of its page
            self._closed_since: dict[str, float] = {}  # kernel id -> when its last websocket closed
            self.page_cookies: dict[str, dict[str, str]] = {}  # kernel id -> its page's keeper cookies
            self._starting = 0  # kernels asked for and not started yet: they count against the cap
            self.render_queue = RenderQueue(self.renders, self.renders_per_client)

        @property
        def live_and_starting(self) -> int:
            return len(self._kernels) + self._starting

        # jupyter_client types these as its synchronous manager's (run_sync wrappers); this
        # manager's, like AsyncMappingKernelManager's, are coroutines
        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
            pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"  # a pool's, for no visitor yet
            page = None if pooled else PAGE_REQUEST.get()
            limit = self.kernel_limit(teacher=page is not None and page.teacher)
            if limit and self.live_and_starting >= limit:
                await self.free_closed_pages(self.live_and_starting - limit + 1, older_than=self.reconnect_grace)
            # counted from the moment it is asked for: a start takes seconds, and every request
            # checked against finished kernels alone passed meanwhile (60 started under a cap of 40)
            if limit and self.live_and_starting >= limit:
                self.log.warning("Refusing a kernel: %d live or starting, the cap is %d", self.live_and_starting, limit)
                raise web.HTTPError(503, reason=FULL_MESSAGE)
            self._starting += 1
            try:
                kernel_id = await super().start_kernel(*args, **kwargs)
            finally:
                self._starting -= 1
            if page is not None:
                self._visitor_of[kernel_id] = page.visitor
            return kernel_id

        def kernel_limit(self, *, teacher: bool) -> int:
            """The cap for a page: the teacher's (a browser holding a session's teacher key) may
            use the reserve; a notebook's name gives no right to it (anyone can ask for class.ipynb)."""
            if not self.max_kernels or teacher:
                return self.max_kernels
            return self.max_kernels - min(self.teacher_reserve, self.max_kernels // 4)

        def pages_of(self, visitor: str) -> list[str]:
            return [kid for kid, owner in self._visitor_of.items() if owner == visitor and kid in self._kernels]

        def claim(self, kernel_id: str, visitor: str | None) -> None:
            """A page's websocket names its visitor (pre-rendered kernels have none until then)."""
            if visitor and kernel_id in self._kernels:
                self._visitor_of.setdefault(kernel_id, visitor)

        async def make_room_for(self, visitor: str) -> None:
            """Before a page starts for ``visitor``: past their share, their own closed pages are
            freed first (a reload closes one a moment before it asks for the next), then 429."""
            for _ in range(10):
                excess = len(self.pages_of(visitor)) - self.pages_per_visitor + 1
                if excess <= 0:
                    return
                await self.free_closed_pages(excess, older_than=0, visitor=visitor)
                if len(self.pages_of(visitor)) < self.pages_per_visitor:
                    return
                await asyncio.sleep(0.3)  # a reloading page's socket may close just after this request
            self.log.warning("Refusing a page: its visitor holds %d (at most %d)",
                             len(self.pages_of(visitor)), self.pages_per_visitor)
            raise web.HTTPError(429, reason=VISITOR_FULL_MESSAGE)

        async def free_closed_pages(self, count: int, *, older_than: float, visitor: str | None = None) -> int:
            """Shut down up to ``count`` kernels whose pages closed at least ``older_than`` s ago,
            the longest closed first; returns how many."""
            now = time.monotonic()
            closed = sorted((since, kid) for kid, since in self._closed_since.items()
                            if now - since >= older_than and kid in self._kernels
                            and not self._kernel_connections.get(kid, 0)
                            and (visitor is None or self._visitor_of.get(kid) == visitor))
            for since, kid in closed[:max(0, count)]:
                self.log.warning("Freeing kernel %s: its page closed %d s ago", kid, now - since)
                await self.shutdown_kernel(kid)
            return min(len(closed), max(0, count))

        def notify_connect(self, kernel_id: str) -> None:
            self._connected_once.add(kernel_id)
            self._closed_since.pop(kernel_id, None)
            super().notify_connect(kernel_id)

        def notify_disconnect(self, kernel_id: str) -> None:
            super().notify_disconnect(kernel_id)
            if kernel_id in self._kernels and not self._kernel_connections.get(kernel_id, 0):
                self._closed_since[kernel_id] = time.monotonic()

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            # Voila's pool subclass returns before this for kernels still in a pool
            closed = self._closed_since.get(kernel_id)
            near_cap = self.max_kernels and len(self._kernels) >= 0.75 * self.max_kernels
            if near_cap and closed is not None and time.monotonic() - closed > self.closed_page_timeout:
                self.log.warning("Freeing kernel %s: its page closed %d s ago and the server is near its cap",
                                 kernel_id, time.monotonic() - closed)
                await self.shutdown_kernel(kernel_id)
                return
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and kernel_id not in self._connected_once:
                now = time.monotonic()
                seen = self._first_seen.setdefault(kernel_id, now)
                try:
                    last = kernel.last_activity
                except Exception:  # a kernel still starting has none yet (a TraitError, not None)
                    last = None
                idle_since_activity = (
                    (_utcnow() - last).total_seconds() if last is not None else float("inf"))
                idle = min(idle_since_activity, now - seen)
                if idle > self.unconnected_timeout and getattr(kernel, "execution_state", "") != "busy":
                    self.log.warning("Culling kernel %s: its page never connected (%d s)", kernel_id, idle)
                    await self.shutdown_kernel(kernel_id)
                    return
            await super().cull_kernel_if_idle(kernel_id)

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
            self._connected_once.discard(kernel_id)
            self._first_seen.pop(kernel_id, None)
            self._visitor_of.pop(kernel_id, None)
            self._closed_since.pop(kernel_id, None)
            self.page_cookies.pop(kernel_id, None)
            await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))

    return ClassKernelManager


def _utcnow() -> datetime:
    # late, as the server's machinery: what jupyter_server stamps last_activity with
    from jupyter_server._tz import utcnow

    return utcnow()


def __getattr__(name: str) -> Any:
    # Voila imports the kernel manager by dotted name; build the class (and import
    # jupyter_server) only then, so tests and the CLI import this module cheaply.
    if name == "ClassKernelManager":
        cls = _kernel_manager_class()
        globals()[name] = cls
        return cls
    raise AttributeError(name)


# ---- the class server's edges: visitors, closed tabs, the kernels' own route, logs, CSP ---------
@dataclass(frozen=True)
class PageRequest:
    visitor: str  # the visitor cookie
    notebook: str  # relative to the served folder
    teacher: bool = False  # the browser holds a session's teacher key (checked with the store)


class RenderQueue:
    """Pages rendering at once: at most ``total``, and ``per_client`` for one client (an address, or
    a browser's cookie); the others wait in order of arrival, those that go ``first`` (the teacher,
    students holding a seat) ahead of the rest. One script with many connections then renders
    two pages at a time while a classmate's page starts at once (issue 42: 40 concurrent renders
    from one script had a join page take 24 s and the dashboard 43 s)."""

    @dataclass(eq=False)
    class Ticket:
        clients: tuple[str, ...]
        first: bool
        order: int

    def __init__(self, total: int, per_client: int) -> None:
        import asyncio  # as the server's machinery: only a running server needs it

        self.total, self.per_client = max(1, total), max(1, per_client)
        self.rendering: dict[str, int] = {}  # client -> its pages rendering now
        self.in_flight = 0
        self.waiting: list[RenderQueue.Ticket] = []
        self._moved = asyncio.Event()
        self._arrivals = 0

    def _may_start(self, ticket: Ticket) -> bool:
        if self.in_flight >= self.total:
            return False
        under_share = [t for t in self._ordered() if all(self.rendering.get(c, 0) < self.per_client for c in t.clients)]
        return bool(under_share) and under_share[0] is ticket

    def _ordered(self) -> list[Ticket]:
        return sorted(self.waiting, key=lambda t: (not t.first, t.order))

    def ahead_of(self, ticket: Ticket) -> int:
        return self._ordered().index(ticket)

    async def enter(self, clients: tuple[str, ...], *, first: bool, tell: Any = None, gone: Any = None) -> bool:
        """Wait for this page's turn; ``tell(ahead)`` is awaited whenever the number ahead changes
        while it waits. False when ``gone()`` says the visitor left meanwhile (nothing to release)."""
        import asyncio  # as the server's machinery: only a running server needs it

        self._arrivals += 1
        ticket = RenderQueue.Ticket(clients, first, self._arrivals)
        self.waiting.append(ticket)
        told = None
        try:
            while not self._may_start(ticket):
                if gone is not None and gone():
                    return False
                ahead = self.ahead_of(ticket)
                if tell is not None and ahead != told:
                    told = ahead
                    await tell(ahead)
                    continue  # the queue may have moved while this page was being told
                self._moved.clear()
                try:
                    await asyncio.wait_for(self._moved.wait(), 1)
                except asyncio.TimeoutError:
                    pass
        finally:
            self.waiting.remove(ticket)
            self._moved.set()  # the order behind this ticket changed
        self.in_flight += 1
        for client in clients:
            self.rendering[client] = self.rendering.get(client, 0) + 1
        return True

    def leave(self, clients: tuple[str, ...]) -> None:
        self.in_flight -= 1
        for client in clients:
            self.rendering[client] -= 1
            if not self.rendering[client]:
                del self.rendering[client]
        self._moved.set()


#: The page request being served: set by the render handler, read where it starts the page's kernel.
PAGE_REQUEST: contextvars.ContextVar[PageRequest | None] = contextvars.ContextVar("changekit_page", default=None)
VISITOR_COOKIE = "changekit_visitor"
_VISITOR_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Query parameters whose values are secrets (the server token, a seat's): never logged.
SECRET_PARAMS = ("token", "seat", "rejoin", "key", "secret", "xsrf")
_SECRET_QUERY_RE = re.compile(r"(?i)([?&;][\w.-]*(?:" + "|".join(SECRET_PARAMS) + r")[\w.-]*=)[^&\s\"'#]*")
KERNEL_ROUTE = "changekit-kernel"  # /changekit-kernel/<secret>/voila/query/<kernel id>: kernels only
COOKIE_TICKET_ROUTE = "changekit-cookie"  # /changekit-cookie/<ticket>: a page has its seat's cookie set
_KERNEL_ROUTE_RE = re.compile(KERNEL_ROUTE + r"/[^/\s]+/")
#: Voila's templates link Font Awesome from a CDN; voila.js already bundles it (fonts included).
_CDN_LINK_RE = re.compile(r'<link[^>]*href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*>\s*')
#: Only the server's own scripts, styles, fonts and sockets: an injected `import('//elsewhere')` or
#: an image to another host is refused. Voila's templates need inline scripts and JupyterLab's
#: bundles eval; anywidget imports each widget's module from a blob: URL.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "font-src 'self' data:",
    "connect-src 'self'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'self'",
])


def scrub_secrets(text: str) -> str:
    """A log line without the values of secret query parameters or the kernels' route secret."""
    return _KERNEL_ROUTE_RE.sub(KERNEL_ROUTE + "/[secret]/", _SECRET_QUERY_RE.sub(r"\1[secret]", text))


#: how Voila's own start-up line begins: its file tree's address, which no teacher needs
VOILA_OWN_ADDRESS = "Voilà is running at"


class ScrubSecrets(logging.Filter):
    """On a log handler: every line it writes goes through :func:`scrub_secrets`."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message.startswith(VOILA_OWN_ADDRESS):
            return False  # not a page for a class: changekit serve prints the teacher's addresses
        scrubbed = scrub_secrets(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, None
        return True


def _log_request(handler: Any) -> None:
    """tornado's request log line (status, method, address, time), its address scrubbed."""
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from tornado.log import access_log

    status = handler.get_status()
    level = logging.DEBUG if status < 300 or status == 304 else logging.INFO if status < 400 else (
        logging.WARNING if status < 500 else logging.ERROR)
    request = handler.request
    access_log.log(level, "%d %s %s (%s) %.2fms", status, request.method, scrub_secrets(request.uri),
                   request.remote_ip, 1000.0 * request.request_time())


def _scrub_every_log(app_log: logging.Logger) -> None:
    for logger in (logging.getLogger(), app_log, *(logging.getLogger(f"tornado.{n}") for n in
                                                   ("access", "application", "general"))):
        if not any(isinstance(f, ScrubSecrets) for f in logger.filters):
            logger.addFilter(ScrubSecrets())  # records logged on this logger itself
        for log_handler in logger.handlers:
            if not any(isinstance(f, ScrubSecrets) for f in log_handler.filters):
                log_handler.addFilter(ScrubSecrets())


def _visitor(handler: Any) -> str:
    """The visitor cookie of this request; a new one is set when it has none."""
    visitor = handler.get_cookie(VISITOR_COOKIE)
    if visitor is None or not _VISITOR_RE.fullmatch(visitor):
        visitor = secrets.token_urlsafe(18)
        handler.set_cookie(VISITOR_COOKIE, visitor, path="/", httponly=True, samesite="Lax")
    return visitor


def _page_handler(base: type) -> type:
    """Voila's render handler: the visitor's share checked and its turn awaited before a kernel
    starts, no CDN links."""
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from tornado import web

    class PageHandler(base):
        rendering: tuple[str, ...] = ()

        async def prepare(self) -> None:
            await super().prepare()
            visitor = _visitor(self)
            teacher = await _holds_a_teacher_key(self)
            PAGE_REQUEST.set(PageRequest(visitor, self.path_args[0] if self.path_args else "", teacher))
            if self.current_user is not None and self.request.method == "GET":
                manager = self.kernel_manager
                await manager.make_room_for(visitor)
                seated = bool(self.get_cookie(f"changekit_seat_{_port_of(self)}"))
                clients: tuple[str, ...] = (f"address:{self.request.remote_ip}", f"visitor:{visitor}")
                if teacher:  # the teacher's pages never wait behind a script on the same address
                    clients = clients[1:]
                admitted = await manager.render_queue.enter(
                    clients, first=teacher or seated, tell=self._tell_the_queue,
                    gone=lambda: self.request.connection.stream.closed())
                if not admitted:
                    raise web.Finish()
                self.rendering = clients
                if self._headers_written:  # it waited: the page follows the queue's line
                    self.write('<script>document.getElementById("ck-queue")?.remove()</script>')

        async def _tell_the_queue(self, ahead: int) -> None:
            """Say where this page is in the queue, in the response Voila's page will follow."""
            said = QUEUE_MESSAGE.format(ahead=ahead)
            if not self._headers_written:
                for header, value in (("Content-Type", "text/html; charset=UTF-8"),
                                      ("Cache-Control", "no-cache, no-store, must-revalidate")):
                    self.set_header(header, value)
                self.write('<!DOCTYPE html><p id="ck-queue" role="status" style="font:1.2em sans-serif;'
                           f'margin:2em">{escape(said)}</p>')
            else:
                self.write(f'<script>document.getElementById("ck-queue").textContent = {json.dumps(said)}</script>')
            try:
                await self.flush()
            except Exception:  # the visitor left: the queue's next check sees the closed stream
                pass

        def send_error(self, status_code: int = 500, **kwargs: Any) -> None:
            if not self._headers_written:
                super().send_error(status_code, **kwargs)
                return
            # it waited in the queue, so its status went out with the queue's line: the line says
            # why instead (the cap reached meanwhile), where tornado would end the page blank
            exception = kwargs.get("exc_info", (None, None, None))[1]
            reason = getattr(exception, "reason", None) or "This page could not be made: try again in a minute"
            if not self._finished:
                self.write("<script>(() => { let line = document.getElementById('ck-queue');"
                           " if (!line) { line = document.createElement('p'); line.setAttribute('role', 'alert');"
                           " document.body.prepend(line); }"
                           f" line.textContent = {json.dumps(reason)}; }})()</script>")
                self.finish()

        def on_finish(self) -> None:
            if self.rendering:
                self.kernel_manager.render_queue.leave(self.rendering)
                self.rendering = ()
            super().on_finish()

        def write(self, chunk: Any) -> None:
            super().write(_CDN_LINK_RE.sub("", chunk) if isinstance(chunk, str) else chunk)

    PageHandler.__name__ = base.__name__
    return PageHandler


def _port_of(handler: Any) -> str:
    """The port as the page's own script sees it (``location.port``, "0" when the default)."""
    host = handler.request.host or ""
    return host.rsplit(":", 1)[1] if ":" in host and not host.endswith("]") else "0"


#: teacher cookies checked against the store: (cookie value) -> (when, accepted). The check is a
#: store read in a thread: a script sending made-up cookies gets its refusal from here, not a read
#: each; at most TEACHER_CHECKS_KEPT are kept, the oldest dropped first.
_TEACHERS_SEEN: dict[str, tuple[float, bool]] = {}
TEACHER_CHECK_S = 300
REFUSED_CHECK_S = 30
TEACHER_CHECKS_KEPT = 512
_TEACHER_COOKIE_RE = re.compile(r"[A-Za-z0-9]{1,16}:[A-Za-z0-9_-]{16,200}")


async def _holds_a_teacher_key(handler: Any) -> bool:
    """Whether this browser keeps a session's code and teacher key (the dashboard's cookie, see
    changekit.classroom.keeper) that the class store accepts."""
    import asyncio  # as the server's machinery: only a running server needs it
    from urllib.parse import unquote  # likewise

    kept = unquote(handler.get_cookie(f"changekit_teacher_{_port_of(handler)}") or "")
    if not _TEACHER_COOKIE_RE.fullmatch(kept):
        return False
    now = time.monotonic()
    when, accepted = _TEACHERS_SEEN.get(kept, (-TEACHER_CHECK_S, False))
    if now - when < (TEACHER_CHECK_S if accepted else REFUSED_CHECK_S):
        return accepted
    code, _, key = kept.partition(":")

    def check() -> bool:
        from .classroom.store import ClassroomError, connect  # the store only for a browser that has a key

        with connect() as store:
            try:
                store.resume_session(code, key)
                return True
            except ClassroomError:
                return False

    try:
        accepted = await asyncio.to_thread(check)
    except Exception:  # no store here (a folder served without one): no reserve, the page still opens
        accepted = False
    _TEACHERS_SEEN.pop(kept, None)
    _TEACHERS_SEEN[kept] = (now, accepted)
    while len(_TEACHERS_SEEN) > TEACHER_CHECKS_KEPT:
        del _TEACHERS_SEEN[next(iter(_TEACHERS_SEEN))]
    return accepted


def _tree_handler(base: type) -> type:
    class TreeHandler(base):
        def write(self, chunk: Any) -> None:
            super().write(_CDN_LINK_RE.sub("", chunk) if isinstance(chunk, str) else chunk)

    TreeHandler.__name__ = base.__name__
    return TreeHandler


def _shutdown_handler(base: type) -> type:
    """Voila's page posts its shutdown on unload without an ``_xsrf`` argument, so jupyter_server
    refused it and every closed tab kept its kernel (voila#1458). Accepted here from the server's
    own pages (the Origin check stops another site's form) for a kernel of the same visitor."""
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from tornado import web

    class ShutdownHandler(base):
        def check_xsrf_cookie(self) -> None:
            if not self.check_origin():
                raise web.HTTPError(403, "shutdown from another site")

        async def post(self, kernel_id: str) -> None:
            manager = self.kernel_manager
            if kernel_id not in manager:
                raise web.HTTPError(404, "no such kernel")
            owner = manager._visitor_of.get(kernel_id)
            if owner is not None and owner != self.get_cookie(VISITOR_COOKIE):
                raise web.HTTPError(403, "not this visitor's page")
            await super().post(kernel_id)

    ShutdownHandler.__name__ = base.__name__
    return ShutdownHandler


def _socket_handler(base: type) -> type:
    """The page's kernel websocket names the kernel's visitor (a pre-rendered one has none before)."""

    class SocketHandler(base):
        async def pre_get(self) -> None:
            await super().pre_get()
            self.kernel_manager.claim(self.kernel_id, self.get_cookie(VISITOR_COOKIE))
            if self.kernel_id in self.kernel_manager:  # what its page's keeper asks for (see _cookie_route)
                self.kernel_manager.page_cookies[self.kernel_id] = _keeper_cookies(self)

    SocketHandler.__name__ = base.__name__
    return SocketHandler


#: the pooled kernels connected for their visitor's request: a page that waits there (its address
#: decides the rest) counts as pre-rendered once it and the server are quiet
_WAITING_FOR_VISITOR: set[str] = set()


def _visitor_socket(base: type) -> type:
    """Voila's request-info socket, on the kernels' own route, noting which kernels wait on it."""

    class VisitorSocket(base):
        def open(self, kernel_id: str) -> None:
            self.waiting_kernel = kernel_id
            _WAITING_FOR_VISITOR.add(kernel_id)
            super().open(kernel_id)

        def on_close(self) -> None:
            _WAITING_FOR_VISITOR.discard(getattr(self, "waiting_kernel", ""))
            super().on_close()

    VisitorSocket.__name__ = base.__name__
    return VisitorSocket


#: cookie tickets a kernel asked for and its page has not posted yet: ticket -> (kernel id, name,
#: value, days, when); a ticket is good once, for TICKET_SECONDS
_COOKIE_TICKETS: dict[str, tuple[str, str, str, int, float]] = {}
TICKET_SECONDS = 60
#: what a keeper's cookie may hold: "code:secret" (the kit's codes and tokens), or "-" to delete it
_KEEPER_VALUE_RE = re.compile(r"-|[A-Za-z0-9]{1,16}:[A-Za-z0-9_.=-]{1,200}")


def _keeper_cookies(handler: Any) -> dict[str, str]:
    """The keepers' cookies (changekit.classroom.keeper) this request carries, by their name
    without the port (a page's script names them by ``location.port``, as :func:`_port_of` does)."""
    from urllib.parse import unquote  # as the server's machinery: only a running server needs it

    from .classroom.keeper import KEEPER_COOKIES  # likewise (the classroom pulls in widgets)

    port = _port_of(handler)
    found = {name: unquote(handler.get_cookie(f"{name}_{port}") or "") for name in KEEPER_COOKIES}
    return {name: value for name, value in found.items() if value}


def _cookie_route() -> type:
    """Kernels only (the kernels' own route): GET, the keeper cookies the kernel's page came with;
    POST ``{name, value, days}``, a one-time ticket its page posts to :func:`_cookie_ticket_handler`
    for the server to set that cookie, HttpOnly, so no page script can read a seat."""
    from tornado import web  # the server's machinery loads only when serving

    from .classroom.keeper import KEEPER_COOKIES  # likewise

    class KernelCookies(web.RequestHandler):
        def check_xsrf_cookie(self) -> None:
            pass  # the route's secret is the proof: only the server's kernels know it

        def get(self, kernel_id: str) -> None:
            self.finish(self.settings["kernel_manager"].page_cookies.get(kernel_id, {}))

        def post(self, kernel_id: str) -> None:
            try:
                asked = json.loads(self.request.body)
                name, value, days = asked["name"], asked["value"], int(asked["days"])
            except (ValueError, KeyError, TypeError):
                raise web.HTTPError(400, reason="a cookie ticket is asked for with {name, value, days}") from None
            if name not in KEEPER_COOKIES or not isinstance(value, str) or not _KEEPER_VALUE_RE.fullmatch(value):
                raise web.HTTPError(400, reason=f"not a keeper's cookie: {name!r}")
            now = time.monotonic()
            for old in [t for t, (*_, when) in _COOKIE_TICKETS.items() if now - when > TICKET_SECONDS]:
                del _COOKIE_TICKETS[old]
            ticket = secrets.token_urlsafe(18)
            _COOKIE_TICKETS[ticket] = (kernel_id, name, value, max(0, min(days, 30)), now)
            base = self.settings.get("base_url", "/")
            self.finish({"ticket": f"{base.rstrip('/')}/{COOKIE_TICKET_ROUTE}/{ticket}"})

    return KernelCookies


def _cookie_ticket_handler() -> type:
    """A page posts its kernel's one-time ticket here; the server sets the cookie the ticket names
    (HttpOnly, SameSite=Strict, Secure over https) for this server's port."""
    from jupyter_server.base.handlers import JupyterHandler  # the server's machinery loads only when serving
    from tornado import web  # likewise

    class CookieTicket(JupyterHandler):
        def check_xsrf_cookie(self) -> None:
            pass  # the ticket is the proof: one-time, unguessable, given only to its page

        @web.authenticated
        def post(self, ticket: str) -> None:
            held = _COOKIE_TICKETS.pop(ticket, None)
            if held is None or time.monotonic() - held[4] > TICKET_SECONDS:
                raise web.HTTPError(404, reason="this cookie ticket was used already or is too old")
            kernel_id, name, value, days, _ = held
            cookie = f"{name}_{_port_of(self)}"
            kept: dict[str, dict[str, str]] = self.kernel_manager.page_cookies  # type: ignore[attr-defined]
            if value == "-":
                self.clear_cookie(cookie, path="/")
                kept.get(kernel_id, {}).pop(name, None)
            else:
                self.set_cookie(cookie, value, path="/", expires_days=days, httponly=True, samesite="Strict",
                                secure=self.request.protocol == "https")
                kept.setdefault(kernel_id, {})[name] = value
            self.set_status(204)
            self.finish()

    return CookieTicket


def _refused_socket() -> type:
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from tornado import web

    class RefusedQuerySocket(web.RequestHandler):
        """Voila's /voila/query/<kernel id> hands any caller the page's address (seat, token):
        the kernels use a route only they know, and this one refuses everyone."""

        def get(self, *args: Any, **kwargs: Any) -> None:
            raise web.HTTPError(403, reason=TOKEN_MESSAGE)

    return RefusedQuerySocket


#: The tab's icon, answered at /favicon.ico: browsers ask for it whatever the page declares, and a
#: 404 there is an error in the console of every page that asked.
ICON = PAGE_TEMPLATE / "icon.svg"


def _icon_handler() -> type:
    from tornado import web  # the server's machinery loads only when serving

    class Icon(web.RequestHandler):
        """The kit's icon, to anyone: it holds nothing of the class (no token asked)."""

        def get(self) -> None:
            self.set_header("Content-Type", "image/svg+xml")
            self.set_header("Cache-Control", "public, max-age=86400")
            self.finish(ICON.read_bytes())

    return Icon


def _with_edges(handlers: list, server_url: str, kernel_route_secret: str) -> list:
    """Voila's routes with the class server's edges (see the functions above)."""
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from jupyter_server.services.kernels.handlers import _kernel_id_regex
    from jupyter_server.utils import url_path_join
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    wrap = [(TornadoVoilaHandler, _page_handler), (TornadoVoilaTreeHandler, _tree_handler),
            (VoilaShutdownKernelHandler, _shutdown_handler), (VoilaKernelWebsocketHandler, _socket_handler)]
    out = []
    for pattern, handler, *rest in handlers:
        if isinstance(handler, type) and issubclass(handler, RequestInfoSocketHandler):
            kernels_only = url_path_join(server_url, KERNEL_ROUTE, kernel_route_secret, "voila/query", _kernel_id_regex)
            out.append((kernels_only, _visitor_socket(handler), *rest))
            handler = _refused_socket()
        for base, edge in wrap:
            if isinstance(handler, type) and issubclass(handler, base):
                handler = edge(handler)
                break
        out.append((pattern, handler, *rest))
    out.append((url_path_join(server_url, KERNEL_ROUTE, kernel_route_secret, "cookies", _kernel_id_regex),
                _cookie_route()))
    out.append((url_path_join(server_url, COOKIE_TICKET_ROUTE, r"([A-Za-z0-9_-]{16,64})"), _cookie_ticket_handler()))
    out.append((url_path_join(server_url, "favicon.ico"), _icon_handler()))
    return out


def _forbidden_without_token(self: Any) -> str:
    from tornado import web  # the server's machinery loads only when serving

    raise web.HTTPError(403, reason=TOKEN_MESSAGE)


def _voila_class() -> type[Voila]:
    # the server's machinery loads only when serving: tests and the CLI import this module cheaply
    from jupyter_server.base.handlers import JupyterHandler
    from traitlets import default
    from voila.app import Voila

    class ClassVoila(Voila):
        """Voila with the kit's rules: refusals instead of a login page, a login cookie that
        survives a restart with the same token, a report when the class pool is ready."""

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            # the kit's page frame (landmarks, a game's skip link) extends Voila's lab template
            self.template_paths.insert(0, str(PAGE_TEMPLATE))

        @default("cookie_secret")
        def _cookie_secret_of_the_token(self) -> bytes:
            return login_cookie_secret(self.token) if self.token else os.urandom(32)

        def launch_browser(self) -> None:
            import webbrowser  # only when the server opens a browser

            dashboard = share_links(ServeOptions(host=self.ip, port=self.port, token=self.token), "class.ipynb")[0]
            try:  # the teacher's dashboard: what the person who typed the command came for
                webbrowser.get(self.browser or None).open(dashboard)
            except webbrowser.Error:
                pass  # no browser here (a server): the printed address is the way in

        def init_handlers(self) -> list:
            handlers = []
            for spec in super().init_handlers():
                pattern, handler, *rest = spec
                if isinstance(handler, type) and issubclass(handler, JupyterHandler):
                    # Jupyter's handlers redirect to a login page; a class server refuses instead
                    handler = type(handler.__name__, (handler,), {"get_login_url": _forbidden_without_token})
                handlers.append((pattern, handler, *rest))
            return _with_edges(handlers, self.server_url, self._kernel_route_secret)

        def start(self) -> None:
            from tornado.ioloop import IOLoop  # the server's machinery loads only when serving

            from .classroom.keeper import SERVER_COOKIES_VARIABLE  # likewise (the classroom pulls in widgets)

            if self.voila_configuration.preheat_kernel:
                IOLoop.current().add_callback(self._report_pool)
            # pre-rendered kernels ask for their visitor's request on a route only they know
            # (they inherit this environment; voila.utils.wait_for_request reads it)
            self._kernel_route_secret = secrets.token_urlsafe(24)
            route = f"{(self.server_url or self.base_url).rstrip('/')}/{KERNEL_ROUTE}/{self._kernel_route_secret}/"
            os.environ["VOILA_WS_BASE_URL"] = route
            # the keepers' cookies are the server's to keep (HttpOnly); kernels reach it on loopback
            # when it listens everywhere, else on the address it listens on
            here = "127.0.0.1" if self.ip in ("", "0.0.0.0", "*") else "[::1]" if self.ip == "::" else (
                f"[{self.ip}]" if ":" in self.ip else self.ip)
            os.environ[SERVER_COOKIES_VARIABLE] = f"http://{here}:{self.port}{route}cookies/"
            self.tornado_settings = {
                "headers": {"Content-Security-Policy": CONTENT_SECURITY_POLICY},
                **dict(self.tornado_settings), "log_function": _log_request}  # type: ignore[has-type]
            _scrub_every_log(self.log)
            super().start()

        async def _report_pool(self) -> None:
            import asyncio  # as the server's machinery: only a running server needs it

            started = time.monotonic()
            pools = getattr(self.kernel_manager, "_pools", {})
            futures = [f for pool in pools.values() for f in list(pool)]
            results = await asyncio.gather(*futures, return_exceptions=True)
            ids = [r["kernel_id"] for r in results if isinstance(r, dict)]
            failed = len(results) - len(ids)
            pages = [(r["task"], r["kernel_id"], _kernel_pid(self.kernel_manager, r["kernel_id"]))
                     for r in results if isinstance(r, dict)]
            pids = [pid for _, _, pid in pages if pid]
            # pre-rendered = every page has rendered to its end, or waits for its visitor's address
            # (connected for it, the rest depends on it) with its kernel and this server quiet for
            # 3 s. Quiet kernels alone are not enough: the server drives every pre-render a cell
            # at a time, so while it is the bottleneck the kernels sit idle between cells with
            # pages half done, and a class told "ready" then waited for them (up to 18 s a visit)
            last, last_here, steady = None, cpu_seconds(os.getpid()), 0
            while steady < 3 and time.monotonic() - started < 900:
                await asyncio.sleep(1)
                unrendered = [(kid, pid) for render, kid, pid in pages if not render.done()]
                if not unrendered:
                    break
                now = {pid: cpu_seconds(pid) for _, pid in unrendered if pid}
                here = cpu_seconds(os.getpid())
                quiet = (now == last and here - last_here < SERVER_QUIET_S
                         and all(kid in _WAITING_FOR_VISITOR for kid, _ in unrendered))
                steady = steady + 1 if quiet else 0
                last, last_here = now, here
            sizes = [rss_mb(pid) or 0.0 for pid in pids]
            total = sum(sizes)
            print(f"changekit: the class is ready: {len(pids)} pre-rendered pages in "
                  f"{time.monotonic() - started:.0f} s, holding {total / 1024:.2f} GB of memory "
                  f"({total / max(1, len(sizes)):.0f} MB each)" + (f"; {failed} failed to start" if failed else ""),
                  flush=True)

    return ClassVoila


def login_cookie_secret(token: str, folder: Path | None = None) -> bytes:
    """The key that signs the server's login cookie: the same after a restart with the same token,
    so a student's reload gets back in without the shared link (Jupyter draws a new key at every
    start, and every phone then got 403), and a new one with a new token, which locks out whoever
    had the old one. It is keyed by a secret kept in the kit's data folder (readable by its owner
    only), not by the token alone, which every student holds."""
    import hashlib  # only a server with a token signs its cookies
    import hmac  # likewise

    from .classroom.store import data_folder  # the class store's folder (the classroom pulls in widgets)

    if folder is None:
        folder = data_folder()
    kept = folder / "login-cookie-key"
    if not kept.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f".login-cookie-key.{os.getpid()}"
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(secrets.token_bytes(32))
        try:
            os.link(partial, kept)  # the first server to get here wins; the others read its key
        except FileExistsError:
            pass
        finally:
            partial.unlink()
    return hmac.new(kept.read_bytes(), b"changekit login cookie\0" + token.encode(), hashlib.sha256).digest()


def _kernel_pid(kernel_manager: Any, kernel_id: str) -> int | None:
    try:
        provisioner = kernel_manager.get_kernel(kernel_id).provisioner
        return provisioner.process.pid if provisioner and provisioner.process else None
    except Exception:  # a kernel gone meanwhile
        return None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0 when gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float | None:
    """Resident memory of a process in MB (Linux /proc), or None."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def serve(options: ServeOptions) -> None:
    """Run the class server in this process until it is stopped (Ctrl-C)."""
    options = options.resolved()
    check_port_free(options.host, options.port)
    root, url_path = plotly_asset()
    anywidget_extension(root)
    os.environ["CHANGEKIT_PLOTLY_JS"] = "/" + url_path  # kernels inherit it: see changekit.ui.charts
    if options.token:  # the join QR and every address given to a phone carry it (classroom.live)
        os.environ["CHANGEKIT_SERVER_TOKEN"] = options.token
    print(f"changekit: serving {options.folder}", flush=True)
    print(f"changekit: at most {options.max_kernels} pages at once (--max-kernels)", flush=True)
    print(teacher_addresses(options), flush=True)
    if options.class_size:
        print(f"changekit: preparing {options.class_size} pre-rendered pages of {', '.join(options.lessons)}: "
              f"about {options.class_size * len(options.lessons) * KERNEL_MB / 1024:.1f} GB; "
              "a line says when they are ready", flush=True)
    _voila_class().launch_instance(argv=options.voila_argv(root))


if __name__ == "__main__":  # ``python -m changekit.serving`` takes the same arguments as ``changekit serve``
    from changekit.cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
