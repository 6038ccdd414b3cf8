"""The class service as a cluster runs it: its own process (``python -m changekit.hub.service``),
listening where ``$CHANGEKIT_SERVICE_BIND`` says, asking the hub at ``$JUPYTERHUB_API_URL`` with
``$JUPYTERHUB_API_TOKEN`` (a stand-in hub here: the two API calls the service makes), keeping
students' seats in the class store (PostgreSQL). Restarted in the middle of a class, every student
who joins again gets their own seat back (issue 44: the seats were in a SQLite file in the
service's working folder, and a rejoin was refused as "name-taken")."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.store import RemoteStore
from changekit.hub.service import bind_address
from changekit.processes import stop_process_tree
from changekit.testing import free_port
from changekit.testing.pgtemp import PostgresUnavailable, TemporaryPostgres

SERVICE = "changekit-class"
SERVICE_TOKEN = "the-services-own-token"
#: user tokens the stand-in hub knows: whose they are
USERS = {"tok-lee": "ms-lee", "tok-ada": "ada", "tok-bo": "bo", "tok-cy": "cy", "tok-di": "di"}
TEACHERS = {"ms-lee"}


class StandInHub(BaseHTTPRequestHandler):
    """JupyterHub's API as the class service uses it: ``GET /user`` (whose token is this, with the
    scopes that let it reach the service) and ``GET /users/<name>`` (admin? groups?, asked with the
    service's own token)."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        token = self.headers.get("Authorization", "").removeprefix("token ").strip()
        path = self.path.split("?")[0]
        if path == "/hub/api/user" and token in USERS:
            body = {"kind": "user", "name": USERS[token], "scopes": [f"access:services!service={SERVICE}"]}
        elif path.startswith("/hub/api/users/") and token == SERVICE_TOKEN:
            name = path.removeprefix("/hub/api/users/")
            body = {"kind": "user", "name": name, "admin": name in TEACHERS, "groups": []}
        else:
            self.send_response(403)
            self.end_headers()
            return
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def postgres():
    try:
        server = TemporaryPostgres(durable=False)
    except PostgresUnavailable as err:
        pytest.fail(f"this test needs a PostgreSQL server and could not start one: {err}")
    yield server
    server.stop()


@pytest.fixture
def hub_api():
    server = ThreadingHTTPServer(("127.0.0.1", 0), StandInHub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hub/api"
    server.shutdown()
    server.server_close()


def start_service(store_url: str, api_url: str, port: int, workdir: Path, log: Path) -> subprocess.Popen:
    env = {**os.environ, "CHANGEKIT_SERVICE_STORE": store_url, "CHANGEKIT_SERVICE_BIND": f"127.0.0.1:{port}",
           "JUPYTERHUB_API_URL": api_url, "JUPYTERHUB_API_TOKEN": SERVICE_TOKEN,
           "JUPYTERHUB_SERVICE_NAME": SERVICE, "JUPYTERHUB_SERVICE_PREFIX": f"/services/{SERVICE}/"}
    env.pop("JUPYTERHUB_SERVICE_URL", None)
    with open(log, "a") as out:
        proc = subprocess.Popen([sys.executable, "-m", "changekit.hub.service"], cwd=workdir, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/services/{SERVICE}/health", timeout=2)
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                stop_process_tree(proc, [], group=True, grace=2, settle=1)
                raise AssertionError(f"the class service did not start: {log.read_text()[-2000:]}") from None
            time.sleep(0.2)


def test_a_restart_in_the_middle_of_a_class_keeps_every_seat(postgres, hub_api, tmp_path):
    store_url = postgres.empty_store_url()
    port = free_port()
    workdir = tmp_path / "workdir"
    workdir.mkdir()
    url = f"http://127.0.0.1:{port}/services/{SERVICE}/"
    service = start_service(store_url, hub_api, port, workdir, tmp_path / "service.log")
    try:
        teacher = RemoteStore(url, token="tok-lee")
        session = teacher.open_session("Zombie, period 3")
        teacher.open_question(session.code, session.teacher_key, "q1", {"choices": ["a", "b"]})
        seats = {}
        for user in ("ada", "bo", "cy"):
            student = RemoteStore(url, token=f"tok-{user}").join(session.code, "whatever the page sends")
            assert student.name == user  # a student joins as their hub user
            seats[user] = student.token
        RemoteStore(url, token="tok-ada").submit(session.code, seats["ada"], "q1", "a")
        stop_process_tree(service, [], group=True, grace=5, settle=1)
        assert service.poll() is not None

        service = start_service(store_url, hub_api, port, workdir, tmp_path / "service.log")
        for user in ("ada", "bo", "cy"):  # each rejoins as before the restart: the same seat
            again = RemoteStore(url, token=f"tok-{user}").join(session.code, user)
            assert (again.name, again.token) == (user, seats[user])
        RemoteStore(url, token="tok-bo").submit(session.code, seats["bo"], "q1", "b")
        newcomer = RemoteStore(url, token="tok-di").join(session.code, "di")
        assert newcomer.name == "di" and newcomer.token not in seats.values()
        assert teacher.answers(session.code, session.teacher_key, "q1") == {"ada": "a", "bo": "b"}
        assert sorted(teacher.students(session.code, session.teacher_key)) == ["ada", "bo", "cy", "di"]
        with pytest.raises(ClassroomError):  # still: no one answers with another's seat
            RemoteStore(url, token="tok-cy").submit(session.code, seats["ada"], "q1", "b")
    finally:
        stop_process_tree(service, [], group=True, grace=5, settle=1)
    # the seats are in the class store's database, nothing in the service's working folder
    assert list(workdir.iterdir()) == []
    with connect(store_url) as store:
        assert store.where.startswith("postgresql://")
    import psycopg

    with psycopg.connect(store_url) as conn:
        rows = conn.execute("SELECT hub_user FROM hub_seats ORDER BY hub_user").fetchall()
    assert [r[0] for r in rows] == ["ada", "bo", "cy", "di"]


@pytest.mark.parametrize(("environ", "expected"), [
    ({"CHANGEKIT_SERVICE_BIND": "0.0.0.0:10101"}, ("0.0.0.0", 10101)),
    ({"CHANGEKIT_SERVICE_BIND": "[::]:9000", "JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:5"}, ("::", 9000)),
    ({"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:8123"}, ("127.0.0.1", 8123)),
    ({}, ("127.0.0.1", 10101)),
])
def test_the_bind_address_comes_from_the_documented_environment(environ, expected):
    assert bind_address(environ) == expected


@pytest.mark.parametrize("bad", ["10101", "host:", "host:port", "0.0.0.0:70000"])
def test_a_bad_bind_address_is_refused_with_its_value(bad):
    with pytest.raises(SystemExit, match="CHANGEKIT_SERVICE_BIND"):
        bind_address({"CHANGEKIT_SERVICE_BIND": bad})


def test_the_service_says_what_is_missing_from_its_environment(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CHANGEKIT_", "JUPYTERHUB_"))}
    done = subprocess.run([sys.executable, "-m", "changekit.hub.service"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "$CHANGEKIT_SERVICE_STORE is not set" in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
