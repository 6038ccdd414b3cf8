"""A Jupyter Server started with the arguments the hub gives every student's server
(:func:`changekit.hub.config.server_args`), on a free loopback port, without a token; stopped by
PID with everything it started. For tests of what happens inside a student's server."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from changekit.hub.config import server_args
from changekit.hub.spawner import kernel_runtime_dir
from changekit.processes import stop_process_tree
from changekit.serving import NOTEBOOKS, anywidget_extension
from changekit.testing import free_port


def kernels(base: str) -> list[str]:
    with urllib.request.urlopen(base + "api/kernels", timeout=10) as response:
        return [k["id"] for k in json.loads(response.read())]


@contextmanager
def student_server(folder: Path, edit=lambda args: args) -> Iterator[tuple[str, Path]]:
    """(its base URL, its log) for a server with the hub's arguments (``edit`` may change them)."""
    labextensions = folder / "labextensions"
    anywidget_extension(labextensions)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    log = folder / "server.log"
    runtime = kernel_runtime_dir(str(folder))  # the hub's short folder for kernels' IPC sockets
    with open(log, "w") as out:
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "jupyter"), "server", "--no-browser", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.port_retries=0",
             f"--ServerApp.root_dir={NOTEBOOKS}",
             *edit(server_args(str(labextensions), allow_root=os.geteuid() == 0))],
            stdout=out, stderr=subprocess.STDOUT, cwd=folder, start_new_session=True,
            env={**os.environ, "JUPYTER_RUNTIME_DIR": runtime})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                kernels(base)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.3)
        yield base, log
    finally:
        stop_process_tree(server, [], group=True, grace=5, settle=2)
        shutil.rmtree(runtime, ignore_errors=True)
