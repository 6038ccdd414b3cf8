"""Kernel culling inside a hub's servers (issue 44: a kernel from one HTTP GET still lived after 10
minutes; under ``changekit serve``, 2-3 minutes). A Jupyter Server started with the arguments the
hub gives every student's server (:func:`changekit.hub.config.server_args`, the same in the
Kubernetes values), Voila rendering the gallery inside it: a page that never opens its kernel's
websocket loses its kernel after the unconnected timeout (shortened here), a connected page keeps
its kernel. Everything started is stopped by PID."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from changekit.hub.config import server_args
from changekit.hub.spawner import kernel_runtime_dir
from changekit.processes import stop_process_tree
from changekit.serving import NOTEBOOKS, anywidget_extension
from changekit.testing import free_port

pytestmark = pytest.mark.slow
#: the test's unconnected timeout and cull interval (the hub's: UNCONNECTED_TIMEOUT_S and 60 s)
SHORT_TIMEOUT_S = 6
SHORT_INTERVAL_S = 2


def shortened(args: list[str]) -> list[str]:
    out = []
    for arg in args:
        if arg.startswith("--ClassKernelManager.unconnected_timeout="):
            arg = f"--ClassKernelManager.unconnected_timeout={SHORT_TIMEOUT_S}"
        elif arg.startswith("--MappingKernelManager.cull_interval="):
            arg = f"--MappingKernelManager.cull_interval={SHORT_INTERVAL_S}"
        out.append(arg)
    assert out != args, "the hub's arguments no longer set the unconnected timeout and the cull interval"
    return out


def kernels(base: str) -> list[str]:
    with urllib.request.urlopen(base + "api/kernels", timeout=10) as response:
        return [k["id"] for k in json.loads(response.read())]


def test_a_page_that_never_connects_loses_its_kernel_and_a_connected_one_keeps_it(tmp_path):
    from tornado.ioloop import IOLoop
    from tornado.websocket import websocket_connect

    labextensions = tmp_path / "labextensions"
    anywidget_extension(labextensions)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    args = shortened(server_args(str(labextensions), allow_root=os.geteuid() == 0))
    log = tmp_path / "server.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "jupyter"), "server", "--no-browser", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.port_retries=0",
             f"--ServerApp.root_dir={NOTEBOOKS}", *args],
            stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path, start_new_session=True,
            # the hub's short folder for kernels' IPC sockets (a socket's path is at most 107 bytes)
            env={**os.environ, "JUPYTER_RUNTIME_DIR": kernel_runtime_dir(str(tmp_path))})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                kernels(base)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.3)
        started = []
        for _ in range(2):
            with urllib.request.urlopen(base + "voila/render/index.ipynb", timeout=120) as page:
                assert b"application/vnd.jupyter.widget-view+json" in page.read()
            new = [k for k in kernels(base) if k not in started]
            assert len(new) == 1, new
            started += new
        never, connected = started

        async def watch() -> list[str]:
            socket = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{connected}/channels")
            try:
                limit = time.monotonic() + 120
                while never in kernels(base):
                    assert time.monotonic() < limit, f"the unconnected kernel was never culled: {log.read_text()}"
                    await asyncio.sleep(0.5)
                # a few more culling rounds: the connected page's kernel is not culled
                await asyncio.sleep(SHORT_TIMEOUT_S + 2 * SHORT_INTERVAL_S)
                return kernels(base)
            finally:
                socket.close()

        left = IOLoop.current().run_sync(watch, timeout=200)
        assert left == [connected]
        assert "its page never connected" in log.read_text()
    finally:
        stop_process_tree(server, [], group=True, grace=5, settle=2)
        shutil.rmtree(kernel_runtime_dir(str(tmp_path)), ignore_errors=True)
