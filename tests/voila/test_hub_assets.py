"""The kit's assets extension (changekit.hub.assets) inside a real Jupyter Server under a hub
user's prefix: plotly.js served once at /user/<name>/changekit/assets/, and the server's kernels
told where, so the kit's charts are Chart widgets (a few KB) and not FigureWidgets (5 MB each)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from changekit.serving import plotly_asset
from changekit.testing import free_port

pytestmark = pytest.mark.slow


def test_a_hub_users_server_serves_plotly_once_and_its_kernels_draw_light_charts(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os, changekit.ui.charts as charts, plotly.graph_objects as go\n"
        "live = charts.LiveChart(go.Figure(go.Bar(x=[1, 2], y=[3, 4])))\n"
        "print('src', os.environ.get('CHANGEKIT_PLOTLY_JS'), 'widget', type(live.widget).__name__)")])
    nbformat.write(notebook, tmp_path / "chart.ipynb")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "CHANGEKIT_PLOTLY_JS"}
    log = open(tmp_path / "server.log", "w")  # noqa: SIM115 - closed below
    # plain Jupyter Server, as a hub's singleuser server or JupyterLab runs: the extension comes in
    # from the environment's jupyter_server_config.d (installed with the kit), not the command line
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", f"--port={port}", "--ip=127.0.0.1", "--ServerApp.token=",
         "--ServerApp.base_url=/user/ada/", f"--ServerApp.root_dir={tmp_path}", "--no-browser", "--allow-root"],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    base = f"http://127.0.0.1:{port}/user/ada/"
    try:
        root, url_path = plotly_asset()
        name = Path(url_path).name
        deadline = time.time() + 60
        while True:
            try:
                asset = urllib.request.urlopen(base + f"changekit/assets/{name}", timeout=5)
                break
            except OSError:
                if time.time() > deadline or server.poll() is not None:
                    raise AssertionError((tmp_path / "server.log").read_text()[-3000:]) from None
                time.sleep(0.3)
        body = asset.read()
        assert body == (root / "changekit-assets" / name).read_bytes() and len(body) > 3_000_000
        assert asset.headers["Cache-Control"] == "max-age=31536000"
        page = urllib.request.urlopen(base + "voila/render/chart.ipynb", timeout=120).read().decode()
        assert f"src /user/ada/changekit/assets/{name} widget Chart" in page
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
        log.close()
    assert json.loads((Path(sys.prefix) / "etc/jupyter/jupyter_server_config.d/changekit.json").read_text()) == {
        "ServerApp": {"jpserver_extensions": {"changekit.hub.assets": True}}}
