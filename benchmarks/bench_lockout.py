"""Issue 23's lockout, measured: one visitor (one cookie jar, the class token) opens as many pages of a
``changekit serve --max-kernels 14`` server as it can, connects each page's websocket and closes it,
as a student reloading over and over would. Then another student and the teacher ask for a page,
every 5 s for up to 4 minutes.

Run alone with ``python benchmarks/bench_lockout.py``; with an older kit on ``PYTHONPATH`` it
measures that kit (how the "before" figure in the closing note was taken).
"""
from __future__ import annotations

import http.cookiejar
import json
import re
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from timing import benchmark, sized

from changekit.testing import VoilaServer

TOKEN = "t0k-0123456789abcdef"
CAP = 14
ATTEMPTS = 20
PATIENCE_S = 240


def share() -> int:
    """Pages one visitor may hold: the server's default (changekit.serving.PAGES_PER_VISITOR); a
    smoke run sets one with the server's own setting (ClassKernelManager.pages_per_visitor), so
    each phase renders 4 pages, not 8, and takes the same steps."""
    from changekit.serving import PAGES_PER_VISITOR

    return sized(PAGES_PER_VISITOR, 1)


def cap() -> int:
    """The server's --max-kernels. A smoke run: the smallest cap with room past one visitor's share
    of pages for another student and the teacher."""
    return sized(CAP, share() + 2)


def attempts() -> int:
    """Pages the greedy visitor asks for (a smoke run: one past its share)."""
    return sized(ATTEMPTS, share() + 1)


def _visitor() -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def _get(opener: urllib.request.OpenerDirector, url: str) -> tuple[int, str]:
    try:
        with opener.open(url, timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def _connect_and_close(base: str, kernel: str, jar: http.cookiejar.CookieJar) -> bool:
    """Open the page's kernel websocket as its page would, then close it (the tab goes away)."""
    import asyncio

    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    url = base.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels?token={TOKEN}"

    async def go() -> bool:
        try:
            socket_ = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookie, "Origin": base}))
        except Exception:
            return False
        await asyncio.sleep(0.5)
        socket_.close()
        return True

    return asyncio.run(go())


def measure(connect: bool = True) -> dict[str, object]:
    """``connect``: each page's websocket is opened and closed (a reload); else pages are only loaded."""
    folder = Path(tempfile.mkdtemp(prefix="lockout-"))
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": "import ipywidgets\nipywidgets.Button(description='hi')"}
    for name in ("small.ipynb", "class.ipynb"):
        (folder / name).write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    server = VoilaServer(folder, folder / "serve.log", host="0.0.0.0", start_timeout=90,
                         serve_args=("--token", TOKEN, "--max-kernels", str(cap())),
                         extra_args=sized((), (f"--ClassKernelManager.pages_per_visitor={share()}",)))
    base = server.url
    try:
        greedy, jar = _visitor()
        statuses = []
        for _ in range(attempts()):
            status, page = _get(greedy, f"{base}/voila/render/small.ipynb?token={TOKEN}")
            statuses.append(status)
            found = re.search(r'"kernelId": "([0-9a-f-]+)"', page)
            if found and connect:
                _connect_and_close(base, found.group(1), jar)
        served = statuses.count(200)
        result: dict[str, object] = {"greedy pages": served, "greedy refused": len(statuses) - served,
                                     "greedy statuses": sorted(set(statuses))}
        for who, notebook in (("another student", "small"), ("the teacher", "class")):
            start = time.monotonic()
            while True:
                status, _ = _get(_visitor()[0], f"{base}/voila/render/{notebook}.ipynb?token={TOKEN}")
                waited = time.monotonic() - start
                if status == 200 or waited > sized(PATIENCE_S, 30):
                    break
                time.sleep(5)
            result[who] = f"{status} after {waited:.1f} s"
        return result
    finally:
        server.stop()


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for connect, how in ((True, "reloads"), (False, "loads without connecting")):
        got = measure(connect)
        rows += [
            ("serve lockout", f"{how}: pages one visitor got of {attempts()} (cap {cap()})", str(got["greedy pages"]),
             ""),
            ("serve lockout", f"{how}: another student's page", str(got["another student"]), "200 at once"),
            ("serve lockout", f"{how}: the teacher's page", str(got["the teacher"]), "200 at once"),
        ]
    return rows


if __name__ == "__main__":
    print(json.dumps({"reloads": measure(True), "loads without connecting": measure(False)}, indent=1))
