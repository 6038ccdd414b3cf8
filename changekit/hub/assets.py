"""A Jupyter Server extension: the kit's one copy of plotly.js, served by the user's own server.

Under ``changekit serve`` charts fetch plotly.js from the kit's Voila server
(:func:`changekit.serving.plotly_asset`). Inside a Jupyter Server (a hub user's server at
``/user/<name>/``, plain JupyterLab, Binder) this extension serves the same file at
``<base_url>changekit/assets/plotly-<version>.min.js`` and sets ``CHANGEKIT_PLOTLY_JS`` to that
path for the kernels the server starts, so a chart page carries a few KB of figure JSON over its
websocket instead of plotly's 5 MB widget bundle per chart. The file name carries plotly's
version, so browsers may keep it for a year.

Enabled in every Jupyter Server of the environment by ``jupyter_server_config.d/changekit.json``
(installed with the package); the hub's servers enable it on their command line too.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..ui.charts import PLOTLY_JS_ENV
from .pool import load_pool

ROUTE = "changekit/assets"
#: a year: the file's name changes with plotly's version
CACHE_SECONDS = 365 * 24 * 3600


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "changekit.hub.assets"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    # Jupyter's machinery and plotly load only inside a server that enables the extension
    from jupyter_server.utils import url_path_join
    from tornado import web

    from ..serving import plotly_asset

    root, url_path = plotly_asset()
    folder, name = root / Path(url_path).parent.name, Path(url_path).name

    class AssetHandler(web.StaticFileHandler):
        def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
            return CACHE_SECONDS

    base = serverapp.web_app.settings["base_url"]
    serverapp.web_app.add_handlers(".*$", [(url_path_join(base, ROUTE, "(.*)"), AssetHandler,
                                            {"path": str(folder)})])
    # Voila's pages load nothing from other hosts, as under changekit serve: no MathJax 2 from a CDN
    # (with neither setting, voila.js typesets with the MathJax 3 it bundles, as standalone Voila
    # does), no Font Awesome links
    for setting in ("mathjax_url", "mathjax_config"):
        serverapp.web_app.settings.setdefault(setting, None)
    serverapp.web_app.transforms.insert(0, _without_cdn_links(url_path_join(base, "voila/")))
    # kernels this server starts inherit it: changekit.ui.charts then draws Chart widgets
    os.environ[PLOTLY_JS_ENV] = url_path_join(base, ROUTE, name)
    serverapp.log.info("changekit: plotly.js for the kit's charts at %s", os.environ[PLOTLY_JS_ENV])
    load_pool(serverapp)  # a hub server's pre-rendered pages (nothing elsewhere)


def _without_cdn_links(prefix: str) -> type:
    """A tornado output transform that removes Voila's Font Awesome CDN links from its HTML pages
    under ``prefix`` (voila.js bundles the font); first in line, before any compression."""
    # tornado and the kit's serving module only inside a server that enables the extension
    from tornado.web import OutputTransform

    from ..serving import _CDN_LINK_RE

    links = re.compile(_CDN_LINK_RE.pattern.encode())  # the same links changekit serve removes

    class WithoutCdnLinks(OutputTransform):
        def __init__(self, request: Any) -> None:
            self._page = request.path.startswith(prefix)

        def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes,
                                  finishing: bool) -> tuple[int, Any, bytes]:
            self._page = self._page and str(headers.get("Content-Type", "")).startswith("text/html")
            if self._page:
                chunk = links.sub(b"", chunk)
                if "Content-Length" in headers:  # as tornado's gzip transform does
                    if finishing:
                        headers["Content-Length"] = str(len(chunk))
                    else:
                        del headers["Content-Length"]
            return status_code, headers, chunk

        def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
            return links.sub(b"", chunk) if self._page else chunk

    return WithoutCdnLinks
