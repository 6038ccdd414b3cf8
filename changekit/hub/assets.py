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
from pathlib import Path
from typing import Any

from ..ui.charts import PLOTLY_JS_ENV

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
    # kernels this server starts inherit it: changekit.ui.charts then draws Chart widgets
    os.environ[PLOTLY_JS_ENV] = url_path_join(base, ROUTE, name)
    serverapp.log.info("changekit: plotly.js for the kit's charts at %s", os.environ[PLOTLY_JS_ENV])
