"""A real hub on loopback with the kit's configuration (JupyterHub, configurable-http-proxy, the
local spawner, the class service) and a real PostgreSQL: the teacher and two students log in
through the hub's login page, each gets their own server, and the servers meet in one class
through the class service, never the database. Everything started is stopped by PID."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
import requests

from changekit.classroom import ClassroomError
from changekit.testing.pgtemp import TemporaryPostgres
from changekit.classroom.store import RemoteStore
from changekit.testing import HubServer
from changekit.processes import descendants
from changekit.serving import ROOT

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"


def log_in(hub: HubServer, user: str, password: str) -> float:
    """Through the login page; returns the seconds until the user's server answers."""
    session = requests.Session()
    session.get(hub.url + "/hub/login", timeout=10)
    started = time.monotonic()
    response = session.post(hub.url + "/hub/login?next=", timeout=30, allow_redirects=False,
                            data={"username": user, "password": password, "_xsrf": session.cookies.get("_xsrf")})
    assert response.status_code == 302, response.text[:500]
    session.get(hub.url + response.headers["Location"], timeout=30)  # /hub/spawn starts the server
    asset = f"{hub.url}/user/{user}/changekit/assets/"
    while time.monotonic() - started < 120:
        if session.get(asset, timeout=10, allow_redirects=False).status_code in (403, 404):  # the server's own
            return time.monotonic() - started
        time.sleep(0.3)
    raise AssertionError(f"{user}'s server did not start; see {hub.log_path}")


def server_environment(hub: HubServer, user: str) -> dict[str, str]:
    """The environment of the user's single-user server (found among the hub's processes)."""
    for pid in descendants(hub.pid):
        try:
            raw = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        env = dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
        if env.get("JUPYTERHUB_USER") == user and "JUPYTERHUB_API_TOKEN" in env:
            return env
    raise AssertionError(f"no server of {user} among the hub's processes")


def test_a_class_meets_on_a_real_hub_through_the_class_service(tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with TemporaryPostgres(durable=False) as pg:
        store_url = pg.empty_store_url()
        hub = HubServer(tmp_path / "hub", ARTIFACTS / "hub.log", store=store_url, teacher="ms-lee")
        try:
            print(f"hub ready in {hub.start_seconds:.1f} s")
            spawns = {"ms-lee": log_in(hub, "ms-lee", hub.options.teacher_password or ""),
                      "ada": log_in(hub, "ada", hub.options.password or ""),
                      "bo": log_in(hub, "bo", hub.options.password or "")}
            print("spawn s:", {k: round(v, 1) for k, v in spawns.items()})
            envs = {user: server_environment(hub, user) for user in spawns}
            for env in envs.values():
                # the class service's address, never the database's
                assert env["CHANGEKIT_CLASS_STORE"] == hub.options.service_url
                assert not any("postgresql" in value or pg.folder.name in value for value in env.values())
            lee, ada, bo = (RemoteStore(envs[u]["CHANGEKIT_CLASS_STORE"], envs[u]["JUPYTERHUB_API_TOKEN"])
                            for u in ("ms-lee", "ada", "bo"))
            session = lee.open_session("Period 3")
            a, b = ada.join(session.code, "Ms Lee"), bo.join(session.code, "")
            assert (a.name, b.name) == ("ada", "bo")
            lee.open_question(session.code, session.teacher_key, "q1", {"text": "Heads?"})
            ada.submit(session.code, a.token, "q1", 0.5)
            bo.submit(session.code, b.token, "q1", 0.25)
            lee.reveal_question(session.code, session.teacher_key, "q1", {"text": "one half"})
            assert lee.answers(session.code, session.teacher_key, "q1") == {"ada": 0.5, "bo": 0.25}
            assert ada.polls(session.code, a.token)[0].answer == {"text": "one half"}
            for call in (lambda: ada.open_session("mine"), lambda: bo.polls(session.code, a.token)):
                with pytest.raises(ClassroomError) as refused:
                    call()
                assert refused.value.reason in ("teacher-only", "not-your-seat")
        finally:
            hub.stop()
