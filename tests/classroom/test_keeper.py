"""The page keeper's cookies (issue 42): under ``changekit serve`` the server keeps them
(HttpOnly), so the kernel asks the server for what the page came with and hands it what to keep;
the page's script never holds a seat it could leak. Elsewhere the page's script keeps them."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from changekit.classroom.keeper import COOKIE, SERVER_COOKIES_VARIABLE, PageKeeper


@pytest.fixture()
def cookie_server():
    """A stand-in for the class server's keeper route: what it was asked, and its answers."""
    asked: list[tuple[str, str, dict | None]] = []

    class Route(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            asked.append(("GET", self.path, None))
            self._answer({COOKIE: "AB12CD:7.seat-secret"})

        def do_POST(self):  # noqa: N802 - http.server's name
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            asked.append(("POST", self.path, body))
            self._answer({"ticket": "/changekit-cookie/one-time-ticket-0123"})

        def _answer(self, found: dict) -> None:
            data = json.dumps(found).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Route)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/changekit-kernel/route-secret/cookies/", asked
    server.shutdown()


def test_under_the_class_server_the_seat_never_reaches_the_page(cookie_server, monkeypatch):
    route, asked = cookie_server
    monkeypatch.setenv(SERVER_COOKIES_VARIABLE, route)
    monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-1")
    keeper = PageKeeper()
    assert keeper.by_server
    # the page is up: it says so, and sends nothing of the cookie (it cannot read it)
    keeper._opened(keeper, {"opened": True, "stored": "forged:by-script"}, [])
    assert keeper.stored_seat() == ("AB12CD", "7.seat-secret")  # the server's answer, not the page's
    keeper.keep_seat("AB12CD", "8.new-secret")
    assert asked[-1] == ("POST", "/changekit-kernel/route-secret/cookies/kernel-1",
                         {"name": COOKIE, "value": "AB12CD:8.new-secret", "days": 1})
    assert keeper.ticket == "/changekit-cookie/one-time-ticket-0123" and keeper.seat == ""
    synced = {name for name, trait in keeper.traits(sync=True).items()}
    assert "stored" not in synced  # what the cookie held never goes to the page
    keeper.forget_seat()
    assert asked[-1][2]["value"] == "-"


def test_elsewhere_the_page_keeps_the_cookie(monkeypatch):
    monkeypatch.delenv(SERVER_COOKIES_VARIABLE, raising=False)
    keeper = PageKeeper()
    assert not keeper.by_server
    keeper._opened(keeper, {"opened": True, "stored": "AB12CD:7.seat-secret"}, [])
    assert keeper.stored_seat() == ("AB12CD", "7.seat-secret")
    keeper.keep_seat("AB12CD", "8.new-secret")
    assert keeper.seat == "AB12CD:8.new-secret" and keeper.ticket == ""


def test_a_server_gone_away_leaves_the_page_as_it_was(monkeypatch):
    monkeypatch.setenv(SERVER_COOKIES_VARIABLE, "http://127.0.0.1:9/nothing-listens-here/")
    keeper = PageKeeper()
    keeper._opened(keeper, {"opened": True}, [])
    keeper.keep_seat("AB12CD", "8.new-secret")
    assert keeper.stored == "" and keeper.ticket == ""
