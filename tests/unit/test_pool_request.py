"""A pre-started pool kernel learns its visitor's request over Voila's query websocket, with no
Voila import (issue 28: Voila's server stack cost every pool page 35 MB)."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from changekit.testing import free_port

# A stand-in for Voila's query route: one websocket, answered with the request once a visitor comes.
CHILD = textwrap.dedent("""
    import asyncio, json, os, sys, threading
    import tornado.web, tornado.websocket

    got = []

    class Query(tornado.websocket.WebSocketHandler):
        async def open(self, kernel_id):
            got.append((self.request.path, kernel_id))
            await asyncio.sleep(0.3)  # the visitor arrives a little later
            self.write_message(json.dumps({"QUERY_STRING": "code=AB12&seat=1.x", "SERVER_PORT": "8866"}))

    ready = threading.Event()

    def serve():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        tornado.web.Application([(r"/secret/voila/query/(.*)", Query)]).listen(int(sys.argv[1]), "127.0.0.1")
        loop.call_soon(ready.set)
        loop.run_forever()

    threading.Thread(target=serve, daemon=True).start()
    ready.wait(10)
    os.environ.update(VOILA_PREHEAT="True", VOILA_APP_PORT=sys.argv[1], VOILA_KERNEL_ID="k-1",
                      VOILA_WS_BASE_URL="/secret/")
    from changekit.ui import app
    app._wait_for_request()
    heavy = sorted(m for m in ("voila", "jupyter_server", "jsonschema", "websockets", "yaml") if m in sys.modules)
    print(json.dumps({"query": os.environ.get("QUERY_STRING"), "asked": got, "heavy": heavy}))
""")


def test_a_pool_kernel_gets_its_visitors_request_without_importing_voila():
    port = free_port()
    out = subprocess.run([sys.executable, "-c", CHILD, str(port)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    said = json.loads(out.stdout.strip().splitlines()[-1])
    assert said == {"query": "code=AB12&seat=1.x", "asked": [["/secret/voila/query/k-1", "k-1"]], "heavy": []}


def test_a_pool_kernel_that_cannot_reach_its_server_goes_on_without_a_request():
    port = free_port()  # nothing listens there
    child = ("import os, sys\n"
             "os.environ.update(VOILA_PREHEAT='True', VOILA_APP_PORT=sys.argv[1], VOILA_KERNEL_ID='k')\n"
             "os.environ.pop('QUERY_STRING', None)\nfrom changekit.ui import app\napp._wait_for_request()\n"
             "print(repr(os.environ.get('QUERY_STRING')))")
    out = subprocess.run([sys.executable, "-c", child, str(port)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "None", out.stderr
    assert "could not reach its server" in out.stderr and "voila/query" not in out.stderr
