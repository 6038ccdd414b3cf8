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
from changekit.classroom.tables import TableClient, bot_seat, open_table, student_seat
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

            # a networked table between two students' servers: Ada's move reaches Bo's page
            table = open_table(lee, session.code, session.teacher_key, "zombie",
                               [student_seat("ada"), bot_seat(), student_seat("bo")], seed=5)
            ada_page = TableClient(ada, session.code, a.token, table.table_id)
            bo_page = TableClient(bo, session.code, b.token, table.table_id)
            ada_page.play_bots()
            while 0 not in ada_page.state.current_players():
                bo_page.sync()
                bo_page.move(bo_page.state.legal_actions(2)[0])
                ada_page.play_bots()
            bill = ada_page.state.legal_actions(0)[0]
            ada_page.move(bill)
            bo_page.sync()
            assert bo_page.state.history == ada_page.state.history and bo_page.state.history[-1] == (0, bill)
            with pytest.raises(ClassroomError) as refused:
                bo_page.move(bill, seat=0)  # Bo cannot move for Ada
            assert refused.value.reason == "not-your-seat"
        finally:
            hub.stop()


#: what a chart page may move over its kernel websocket (issue 26: as under ``changekit serve``)
WS_LIMIT_BYTES = 1.5e6
TRACES_JS = ("() => [...document.querySelectorAll('.js-plotly-plot')]"
             ".filter(e => e.querySelector('g.trace, g.hm, g.barlayer g.point')).length")


@pytest.mark.browser
def test_a_students_chart_page_on_the_hub_draws_with_one_plotly_and_moves_little(tmp_path, browser):
    """In Chromium, a student logs in through the hub's login page, lands on the gallery in their
    own server, and opens a game page: its explorer's chart draws with the plotly.js the kit serves
    under the user's prefix, and the page's kernel websocket moves at most 1.5 MB."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    hub = HubServer(tmp_path / "hub", ARTIFACTS / "hub-chart.log", teacher="ms-lee")
    try:
        context = browser.new_context()
        page = context.new_page()
        scripts: list[str] = []
        page.on("request", lambda r: scripts.append(r.url) if "plotly" in r.url else None)
        page.goto(hub.url + "/hub/login")
        page.fill("#username_input", "ada")
        page.fill("#password_input", hub.options.password or "")
        page.click("#login_submit")
        page.get_by_role("navigation", name="games").wait_for(state="visible", timeout=180_000)
        assert "/user/ada/voila/render/index.ipynb" in page.url
        received = [0]
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.webSocketFrameReceived",
               lambda e: received.__setitem__(0, received[0] + len(e["response"]["payloadData"])))
        page.goto(f"{hub.url}/user/ada/voila/render/zombie.ipynb")
        explore = page.locator(".ck-explorer").get_by_role("button", name="Explore").first
        explore.wait_for(state="visible", timeout=120_000)
        explore.click()  # an explorer draws its chart when asked
        try:
            page.wait_for_function(TRACES_JS, timeout=120_000, polling=250)
        except Exception as exc:  # noqa: BLE001 - say what the page shows instead
            page.screenshot(path=str(ARTIFACTS / "hub-zombie.png"))
            plots = page.locator(".js-plotly-plot").count()
            raise AssertionError(f"no chart drew on the hub: {plots} plot elements, plotly requests {scripts}, "
                                 f"page text: {page.locator('body').inner_text()[:600]!r}") from exc
        page.wait_for_timeout(1000)  # whatever else the page sends at its start
        page.screenshot(path=str(ARTIFACTS / "hub-zombie.png"))
        print(f"zombie page on the hub: {received[0] / 1e6:.2f} MB over the websocket; plotly from {scripts}")
        assert 0 < received[0] <= WS_LIMIT_BYTES, received[0]
        # plotly.js itself comes once, from the kit's assets under the user's prefix (the rest is
        # the widget's renderer extension)
        library = [url for url in scripts if url.rsplit("/", 1)[-1].startswith("plotly-")]
        assert len(library) == 1 and "/user/ada/changekit/assets/plotly-" in library[0], scripts
        context.close()
    finally:
        hub.stop()
