"""Kernel culling inside a hub's servers (issue 44: a kernel from one HTTP GET still lived after 10
minutes; under ``changekit serve``, 2-3 minutes). A Jupyter Server with the arguments the hub gives
every student's server (the same in the Kubernetes values), Voila rendering the gallery inside it:
a page that never opens its kernel's websocket loses its kernel after the unconnected timeout
(shortened here), a connected page keeps its kernel."""
from __future__ import annotations

import asyncio
import time
import urllib.request

import pytest

from .single_user import kernels, student_server

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


def test_a_page_that_never_connects_loses_its_kernel_and_a_connected_one_keeps_it(tmp_path):
    from tornado.ioloop import IOLoop
    from tornado.websocket import websocket_connect

    with student_server(tmp_path, shortened) as (base, log):
        started: list[str] = []
        for _ in range(2):
            with urllib.request.urlopen(base + "voila/render/index.ipynb", timeout=120) as page:
                assert b"application/vnd.jupyter.widget-view+json" in page.read()
            new = [k for k in kernels(base) if k not in started]
            assert len(new) == 1, new
            started += new
        never, connected = started

        async def watch() -> list[str]:
            socket = await websocket_connect(base.replace("http", "ws") + f"api/kernels/{connected}/channels")
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
