"""Pre-rendered pages inside a hub user's server: the hub's ``changekit serve --class-size``.

A class logging in at once to servers started before the bell (``changekit hub --roster``) still
waited about 25 s a student on two cores: every student's first page started a kernel and ran its
cells at the same moment. Each hub server now renders its landing page (the gallery) as soon as it
starts, and one page of each ``--lesson NAME``, in kernels kept for their visitor (Voila's
pre-heated pool, one page each); the student's first visit to each is delivered from it. A page
handed out is not rendered again: later visits render as before.

Voila builds its pool only when it runs as its own application; inside a Jupyter Server (a hub
user's server) its kernel manager is the server's. :class:`PagePoolKernelManager` is the kit's
class kernel manager with Voila's pool: it renders with the same configuration and templates as
Voila's page handler in that server (read from the handler's own route), and the pre-rendered
kernel asks for its visitor's request on a route only kernels know, as under ``changekit serve``.
``<base_url>changekit/pool`` tells the server's user (and ``changekit hub``'s own token, which
waits for the class's pages) how many of the pages are ready.
"""
from __future__ import annotations

import asyncio
import json
import os
import secrets
from typing import Any

#: how many pre-rendered pages a server keeps of each page it names (one: its student's first visit)
PAGES_EACH = 1
#: how long a server waits for Voila's extension to load before rendering its pages
VOILA_WAIT_ROUNDS, VOILA_WAIT_S = 120, 0.25
#: the route that says whether the server's pages are ready (JSON)
POOL_ROUTE = "changekit/pool"


def pool_args(pages: tuple[str, ...]) -> list[str]:
    """A hub server's arguments for one pre-rendered page of each of ``pages`` (notebook paths
    under its notebook folder: the landing page, the lessons)."""
    return [f"--PagePoolKernelManager.pages={','.join(pages)}",
            # a page handed out is not rendered again: the student has it, later visits render as before
            "--PagePoolKernelManager.refill=False"]


def _pool_kernel_manager_class() -> type:
    # Jupyter's and Voila's machinery only inside a server that uses this class
    from traitlets import Bool, Unicode
    from voila.notebook_renderer import NotebookRenderer
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.utils import get_page_config
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from .. import serving

    base: type = serving.ClassKernelManager
    pooled: type = voila_kernel_manager_factory(base, True, 0)

    class PagePoolKernelManager(pooled):
        """The class kernel manager with Voila's pre-rendered pages, in a Jupyter Server."""

        refill = Bool(True, config=True, help="render another page when one is handed to a visitor")
        pages = Unicode("", config=True, help="notebooks to keep a pre-rendered page of, comma-separated")

        def __init__(self, **kwargs: Any) -> None:
            # Voila's own __init__ fills its pools from its application's notebook settings; in a
            # Jupyter Server there are none: the pools are filled by start_pools once Voila is loaded
            base.__init__(self, **kwargs)  # type: ignore[misc]
            self._wait_at_startup = True
            self.notebook_data: dict[str, dict[str, Any]] = {}
            self._pools: dict[str, list[Any]] = {}
            self.root_dir = self.parent.root_dir
            self.notebook_path = None
            self._voila_page: dict[str, Any] | None = None
            self._handed_out: dict[str, int] = {}
            self.kernel_pools_config = {"default": {"pool_size": 0}} | {
                page: {"pool_size": PAGES_EACH} for page in self.pages.split(",") if page}

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            self._handed_out[notebook_name] = self._handed_out.get(notebook_name, 0) + 1
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

        def kept_pages(self) -> list[str]:
            """The notebooks this server keeps a pre-rendered page of."""
            return [name for name, pool in self.kernel_pools_config.items()
                    if name != "default" and pool.get("pool_size", 0) > 0]

        async def start_pools(self) -> None:
            """Render each page once Voila's extension is loaded (its page handler's settings): a
            hub's server loads its extensions with its event loop already running."""
            for _ in range(VOILA_WAIT_ROUNDS):
                page = _voila_handler_kwargs(self.parent.web_app, TornadoVoilaHandler)
                if page is not None:
                    break
                await asyncio.sleep(VOILA_WAIT_S)
            else:
                self.log.error("changekit: Voila's extension is not loaded in this server: no page pre-rendered")
                return
            self._voila_page = page
            configuration = self._voila_page["voila_configuration"]
            for name in self.kept_pages():
                # known before its kernel has started: a visitor who comes meanwhile (the student
                # whose login started this server) waits for this page instead of rendering another
                self.notebook_data.setdefault(name, {
                    "notebook": None, "kernel_name": None, "kernel_ids": set(),
                    "template": configuration.template, "theme": configuration.theme})
                self.fill_if_needed(delay=0, notebook_name=name)

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                           **kwargs: Any) -> None:
            if notebook_name in self._pools and not self.refill:
                return  # the pool was filled once; a visitor took its page
            super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)

        def pool_state(self) -> dict[str, dict[str, int]]:
            """Per page: how many are kept, how many are ready (rendered, or waiting only for their
            visitor) and how many were handed to a visitor."""
            waiting = serving._WAITING_FOR_VISITOR
            state = {}
            for name in self.kept_pages():
                ready = 0
                for future in self._pools.get(name, []):
                    if future.done() and not future.cancelled() and future.exception() is None:
                        page = future.result()
                        ready += page["task"].done() or page["kernel_id"] in waiting
                state[name] = {"pages": PAGES_EACH, "ready": ready, "handed_out": self._handed_out.get(name, 0)}
            return state

        def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
            # as Voila's handler in this server renders a page (its configuration and templates)
            assert self._voila_page is not None, "start_pools first"
            server, page = self.parent, self._voila_page
            settings = server.web_app.settings
            voila_configuration = page["voila_configuration"]
            return NotebookRenderer(
                voila_configuration=voila_configuration, traitlet_config=page["config"],
                notebook_path=notebook_path, template_paths=page["template_paths"],
                config_manager=server.config_manager, contents_manager=server.contents_manager,
                base_url=server.base_url, kernel_spec_manager=server.kernel_spec_manager,
                page_config=get_page_config(base_url=server.base_url, settings=settings, log=self.log,
                                            voila_configuration=voila_configuration),
                mathjax_config=settings.get("mathjax_config"), mathjax_url=settings.get("mathjax_url"))

    return PagePoolKernelManager


def _voila_handler_kwargs(web_app: Any, handler_class: type) -> dict[str, Any] | None:
    """The keyword arguments Voila's extension gave its page handler in ``web_app`` (its routers
    searched through, however deep the server nests them)."""
    routers = [web_app.wildcard_router, web_app.default_router]
    while routers:
        for rule in getattr(routers.pop(), "rules", []):
            target = rule.target
            if isinstance(target, type) and issubclass(target, handler_class) and rule.target_kwargs:
                return dict(rule.target_kwargs)
            routers.append(target)
    return None


def load_pool(serverapp: Any) -> None:
    """In the kit's server extension: the kernels' request route, the pool's state route, and the
    pools filled once the server runs and Voila's extension is loaded (:meth:`start_pools` waits for it)."""
    # the server's machinery only inside a server
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.services.kernels.handlers import _kernel_id_regex
    from jupyter_server.utils import url_path_join
    from tornado import web
    from tornado.ioloop import IOLoop
    from voila.request_info_handler import RequestInfoSocketHandler

    from ..serving import KERNEL_ROUTE, _scrub_every_log, _visitor_socket

    manager = serverapp.kernel_manager
    if not hasattr(manager, "start_pools"):
        return
    base = serverapp.web_app.settings["base_url"]
    # Voila's pool marks its kernels with the server's address for their request (``server_url``
    # is Voila's application's name for the base URL); the kernel asks on a route only kernels know
    serverapp.server_url = base
    secret = secrets.token_urlsafe(24)
    _scrub_every_log(serverapp.log)  # the route's secret (and secret query values) never in the logs
    route = url_path_join(base, KERNEL_ROUTE, secret, "/")
    os.environ["VOILA_WS_BASE_URL"] = route

    class PoolState(JupyterHandler):
        @web.authenticated
        def get(self) -> None:
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(manager.pool_state()))

    serverapp.web_app.add_handlers(".*$", [
        (url_path_join(route, "voila/query", _kernel_id_regex), _visitor_socket(RequestInfoSocketHandler)),
        (url_path_join(base, POOL_ROUTE), PoolState)])
    IOLoop.current().add_callback(manager.start_pools)  # a coroutine: it waits for Voila's extension


def __getattr__(name: str) -> Any:
    # Jupyter Server imports the kernel manager by dotted name; build the class (and import
    # Voila) only then
    if name == "PagePoolKernelManager":
        cls = _pool_kernel_manager_class()
        globals()[name] = cls
        return cls
    raise AttributeError(name)
