"""A real hub on loopback with the kit's configuration (JupyterHub, configurable-http-proxy, the
local spawner, the class service) and a real PostgreSQL, in Chromium: a teacher and three students
log in through the hub's login page, each gets their own server, and the servers meet in one class
through the class service, never the database (issue 26). Everything started is stopped by PID."""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from changekit.classroom import ClassroomError
from changekit.testing.pgtemp import TemporaryPostgres
from changekit.classroom.store import RemoteStore
from changekit.classroom.tables import TableClient, encode_action
from changekit.testing import HubServer
from changekit.hub.memory import memory_group_of, parse_size
from changekit.serving import ROOT

from ..browser.helpers import decode_qr
from ..browser.locking import lock_in

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"


#: what a chart page may move over its kernel websocket (issue 26: as under ``changekit serve``)
WS_LIMIT_BYTES = 1.5e6
TRACES_JS = ("() => [...document.querySelectorAll('.js-plotly-plot')]"
             ".filter(e => e.querySelector('g.trace, g.hm, g.barlayer g.point')).length")
#: a hub spawns a server, which renders the page in a fresh kernel: slow on a loaded 2-core box
HUB_MS = 180_000
LIVE_MS = 30_000
STUDENTS = ("ada", "bo", "cy")
GUESSES = {"ada": "$1", "bo": "$3", "cy": "$1"}
#: the revealed chart's counts per choice ($1, $3, $5, $7, $10) of GUESSES
REVEALED_COUNTS = [2, 1, 0, 0, 0]
CHART_COUNTS_JS = ("sel => { const c = document.querySelector(sel);"
                   " return c && c.data ? c.data.map(t => Array.from(t.y)) : null; }")


#: run in Bo's sandbox as Bo: what it can read of the hub, the class store, Ada
REACH = """
import json, os, pathlib
def attempt(how):
    try:
        how()
        return "done"
    except OSError as err:
        return type(err).__name__
def environ(pid):
    try:
        items = pathlib.Path(f"/proc/{{pid}}/environ").read_text().split("\\0")
        return dict(x.split("=", 1) for x in items if "=" in x)
    except OSError:
        return {{}}
home = pathlib.Path(os.environ["HOME"])
pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
reach = {{
    "uid": os.getuid(),
    "own_home": "written" if (home / "mine.txt").write_text("x") else "?",
    "hub_database": attempt(lambda: pathlib.Path("{runtime}/jupyterhub.sqlite").read_bytes()),
    "cookie_secret": attempt(lambda: pathlib.Path("{runtime}/jupyterhub_cookie_secret").read_bytes()),
    "class_store_folder": attempt(lambda: os.listdir("{runtime}/service")),
    "postgres": attempt(lambda: os.listdir("{postgres}")),
    "ada_home": attempt(lambda: os.listdir("{runtime}/homes/ada")),
    "ada_server_environ": attempt(lambda: pathlib.Path("/proc/{ada_pid}/environ").read_bytes()),
    "processes": len(pids),
    # besides the sandbox's first process (bubblewrap's own, as root: it only waits for the others)
    "foreign_processes": sum(1 for p in pids if p != 1 and pathlib.Path(f"/proc/{{p}}").stat().st_uid != os.getuid()),
    "tokens_seen": sorted({{environ(p).get("JUPYTERHUB_API_TOKEN") for p in pids}} - {{None}}),
}}
print(json.dumps(reach))
"""


#: the class tournament's student bots: the first or the last legal move
LAB_BOT = "def choose(view, legal, rng):\n    return legal[{}]\n"
#: run in Bo's sandbox and cgroup: take (and touch) memory 64 MB at a time, saying how far it got
FILL_MEMORY = """
held = []
for got in range(64, {megabytes} + 64, 64):
    held.append(b"x" * (64 << 20))
    print(got, flush=True)
print("filled", flush=True)
"""


def hub_log_in(browser, hub: HubServer, user: str, password: str):
    """A Chromium page that logged in through the hub's login page (its server starts meanwhile)."""
    page = browser.new_context(viewport={"width": 1200, "height": 1400}).new_page()
    page.goto(hub.url + "/hub/login", timeout=HUB_MS)
    page.fill("#username_input", user)
    page.fill("#password_input", password)
    page.click("#login_submit")
    return page


def log_count(page) -> int:
    return int(page.locator(".ck-log ol").first.get_attribute("start"))


def wait_for(page, condition, what: str, timeout_s: float = LIVE_MS / 1000) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            page.screenshot(path=str(ARTIFACTS / "hub-class-failed.png"))
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(200)


@pytest.mark.browser
def test_a_class_runs_in_chromium_on_a_real_hub_and_a_chart_page_moves_little(tmp_path, browser):
    """In Chromium, a teacher and three students log in through the hub's login page, each lands on
    the gallery of their own server; the teacher opens a class, the students join (under their hub
    names), answer a poll, the teacher reveals and every page draws the class's votes; two students
    play a networked table move with the page's buttons; a student's chart page draws with the
    plotly.js the kit serves under the user's prefix and moves at most 1.5 MB over its websocket.
    The class store is a real PostgreSQL that only the class service reaches."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with TemporaryPostgres(durable=False) as pg:
        hub = HubServer(tmp_path / "hub", ARTIFACTS / "hub-class.log", store=pg.empty_store_url(), teacher="ms-lee")
        try:
            # all four log in at once: their servers spawn side by side
            pages = {"ms-lee": hub_log_in(browser, hub, "ms-lee", hub.options.teacher_password or "")}
            pages.update((user, hub_log_in(browser, hub, user, hub.options.password or "")) for user in STUDENTS)
            for user, page in pages.items():
                page.on("pageerror", lambda exc, u=user: errors.append(f"{u}: {exc}"))
                page.get_by_role("navigation", name="games").wait_for(state="visible", timeout=HUB_MS)
                assert f"/user/{user}/voila/render/index.ipynb" in page.url
            for user in pages:  # each server has the class service's address, never the database's
                env = hub.user_server(user)[1]
                assert env["CHANGEKIT_CLASS_STORE"] == hub.options.service_url
                assert not any("postgresql" in value or pg.folder.name in value for value in env.values())

            teacher = pages["ms-lee"]  # from the gallery the hub landed on, by its link
            with teacher.expect_navigation(timeout=HUB_MS):
                teacher.get_by_role("link", name="Open a class session").click(timeout=HUB_MS)
            teacher.get_by_role("button", name="Open a new session").click(timeout=HUB_MS)
            code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
            # the join address as a phone reads it from the QR: each student's own server, never
            # the teacher's (which refused every student with 403)
            join_address = decode_qr(teacher.locator(".ck-qr svg").screenshot())
            assert join_address == f"{hub.url}/hub/user-redirect/voila/render/join.ipynb?code={code}", join_address
            students = {user: pages[user] for user in STUDENTS}
            for user, page in students.items():
                opened = page.goto(join_address, timeout=HUB_MS)
                assert opened is not None and opened.status == 200
                assert page.url.startswith(f"{hub.url}/user/{user}/voila/render/join.ipynb?code={code}"), page.url
                # a name typed on the page is not who joins: the hub user is
                page.get_by_role("textbox", name="Your name:").fill("Ms Lee", timeout=HUB_MS)
                page.get_by_role("button", name="Join the class").click()
                page.locator(".ck-rejoin").wait_for(timeout=LIVE_MS)
                page.get_by_text(f"You are {user}").first.wait_for(timeout=LIVE_MS)
            teacher.locator(".ck-student-count", has_text="3").wait_for(timeout=LIVE_MS)

            # -- a poll: vote, reveal, every page draws the votes --
            row = teacher.locator(".ck-poll-zombie-q1")
            row.get_by_role("button", name="Open", exact=True).click()
            for user, page in students.items():
                box = page.locator(".ck-question-box:not(.ck-revote)")
                box.get_by_role("button", name=GUESSES[user], exact=True).click(timeout=LIVE_MS)
                box.get_by_role("button", name="Lock in my prediction").click()
                box.get_by_text("Waiting for your teacher").wait_for(timeout=LIVE_MS)
            row.locator(".ck-poll-count", has_text="3 answers").wait_for(timeout=LIVE_MS)
            row.get_by_role("button", name="Reveal").click()
            wait_for(teacher, lambda: teacher.evaluate(CHART_COUNTS_JS, ".ck-reveal .js-plotly-plot")
                     == [REVEALED_COUNTS], "the teacher's chart of the three votes")
            for user, page in students.items():
                wait_for(page, lambda p=page: p.evaluate(CHART_COUNTS_JS, ".ck-question-box .js-plotly-plot")
                         == [REVEALED_COUNTS], f"the class's votes drawn on {user}'s page")

            # the service, not the page, decides who a caller is (each server's own hub token)
            tokens = {user: hub.user_server(user)[1]["JUPYTERHUB_API_TOKEN"] for user in STUDENTS}
            ada_api, bo_api = (RemoteStore(hub.options.service_url, tokens[u]) for u in ("ada", "bo"))
            assert ada_api.join(code, "Bo").name == "ada"  # whatever name the page sends
            for call, reason in ((lambda: ada_api.open_session("mine"), "teacher-only"),
                                 (lambda: bo_api.polls(code, ada_api.join(code, "").token), "not-your-seat")):
                with pytest.raises(ClassroomError) as refused:
                    call()
                assert refused.value.reason == reason

            # -- a networked Diminishing Returns table for Ada and Bo, moved with the page's buttons --
            tables = teacher.locator(".ck-class-games")
            for seat, user in (("Seat 1", "ada"), ("Seat 2", "bo")):
                picker = tables.get_by_label(seat, exact=True)
                wait_for(teacher, lambda p=picker, u=user: u in p.locator("option").all_inner_texts(),
                         f"{user} offered for {seat}")
                picker.select_option(user)
            tables.get_by_role("button", name="Open the table").click()
            tables.get_by_text("Table 1 is open").wait_for(timeout=LIVE_MS)
            ada, bo = students["ada"], students["bo"]
            for page in (ada, bo):
                page.get_by_text("Table 1: Diminishing Returns").wait_for(timeout=LIVE_MS)
            ada.locator(".ck-status", has_text="You: your move.").wait_for(timeout=LIVE_MS)
            # Bo's server, with Bo's own hub token and seat, cannot move for Ada
            bo_seat = bo_api.join(code, "")  # joining again returns his seat
            (table,) = bo_api.tables(code, bo_seat.token)
            bo_client = TableClient(bo_api, code, bo_seat.token, table.table_id)
            # a move Ada may make (her own view of the table), sent to the store by Bo's server for
            # seat 0: the store's referee refuses it (Bo's own page would not even send it)
            ada_client = TableClient(ada_api, code, ada_api.join(code, "").token, table.table_id)
            adas_move = {"seat": 0, "action": encode_action(ada_client.state.legal_actions(0)[0])}
            with pytest.raises(ClassroomError) as refused:
                bo_api.play_move(code, bo_seat.token, table.table_id, bo_client.made, adas_move)
            assert refused.value.reason == "not-your-seat"
            before = log_count(bo)
            ada.get_by_role("button", name=re.compile(r"^Play \$\d+")).first.click()
            ada.get_by_role("button", name=re.compile(r"^Take back")).first.click(timeout=LIVE_MS)
            wait_for(bo, lambda: log_count(bo) > before, "Ada's move on Bo's page")
            assert log_count(ada) == log_count(bo)
            bo.locator(".ck-status", has_text="You: your move.").wait_for(timeout=LIVE_MS)
            teacher.screenshot(path=str(ARTIFACTS / "hub-class-teacher.png"))
            bo.screenshot(path=str(ARTIFACTS / "hub-class-bo.png"))

            # -- the strategy lab's class tournament: classmates' bots run by the class service, in the
            # lab's sandbox (a student's server here is a sandbox, which cannot nest another) --
            for api, pick in ((ada_api, 0), (bo_api, -1)):
                api.submit_bot(code, api.join(code, "").token, "zombie", LAB_BOT.format(pick))
            lab = teacher.locator(".ck-class-games")
            lab.get_by_role("button", name="Refresh the entries").click()
            lab.get_by_text("2 submitted for Make Your Own Change Night: ada, bo").wait_for(timeout=LIVE_MS)
            lab.get_by_role("listbox", name="Kit bots").select_option(["careful", "greedy"])
            lab.get_by_role("spinbutton", name="Games each").fill("4")
            lab.get_by_role("spinbutton", name="Games each").press("Tab")
            lab.get_by_role("button", name="Run the tournament").click()
            standings = lab.locator("table.ck-standings")
            standings.wait_for(timeout=HUB_MS)
            rows = standings.locator("tr").all_inner_texts()[1:]
            assert sorted(r.split("\t")[1] for r in rows) == ["ada", "bo", "careful bot", "greedy bot"], rows
            assert all(r.split("\t")[-1] == "none" for r in rows), rows  # every move made, none failed

            # -- a chart page on the hub: one plotly.js from the kit's assets, a light websocket --
            cy = students["cy"]
            scripts: list[str] = []
            cy.on("request", lambda r: scripts.append(r.url) if "plotly" in r.url else None)
            received = [0]
            cdp = cy.context.new_cdp_session(cy)
            cdp.send("Network.enable")
            cdp.on("Network.webSocketFrameReceived",
                   lambda e: received.__setitem__(0, received[0] + len(e["response"]["payloadData"])))
            cy.goto(f"{hub.url}/user/cy/voila/render/zombie.ipynb", timeout=HUB_MS)
            for qid in ("zombie.q1", "zombie.q2"):  # the explorer waits for the questions it answers
                lock_in(cy, qid, timeout_ms=HUB_MS)
            explore = cy.locator(".ck-explorer").get_by_role("button", name="Explore").first
            explore.wait_for(state="visible", timeout=HUB_MS)
            explore.click()  # an explorer draws its chart when asked
            try:
                cy.wait_for_function(TRACES_JS, timeout=HUB_MS, polling=250)
            except Exception as exc:  # noqa: BLE001 - say what the page shows instead
                cy.screenshot(path=str(ARTIFACTS / "hub-zombie.png"))
                raise AssertionError(f"no chart drew on the hub: {cy.locator('.js-plotly-plot').count()} plot "
                                     f"elements, plotly requests {scripts}, page text: "
                                     f"{cy.locator('body').inner_text()[:600]!r}") from exc
            cy.wait_for_timeout(1000)  # whatever else the page sends at its start
            cy.screenshot(path=str(ARTIFACTS / "hub-zombie.png"))
            print(f"zombie page on the hub: {received[0] / 1e6:.2f} MB over the websocket; plotly from {scripts}")
            assert 0 < received[0] <= WS_LIMIT_BYTES, received[0]
            # plotly.js itself comes once, from the kit's assets under the user's prefix (the rest is
            # the widget's renderer extension)
            library = [url for url in scripts if url.rsplit("/", 1)[-1].startswith("plotly-")]
            assert len(library) == 1 and "/user/cy/changekit/assets/plotly-" in library[0], scripts
            # Cy's kernels talk over IPC sockets in a short folder of Cy's (over TCP, servers that
            # start kernels at once picked the same free port)
            runtime = hub.user_server("cy")[1]["JUPYTER_RUNTIME_DIR"]
            seen_from = Path(f"/proc/{hub.user_sandbox('cy')[0]}/root") if hub.options.isolate else Path("/")
            connections = [json.loads(f.read_text()) for f in (seen_from / runtime.lstrip("/")).glob("kernel-*.json")]
            assert connections and all(c["transport"] == "ipc" and c["ip"].startswith(runtime)
                                       for c in connections), connections

            # -- what a student's own code can reach on a hub run as root: only their own --
            assert hub.options.isolate == (os.geteuid() == 0)  # root here: make test installs bubblewrap
            if hub.options.isolate:
                reach = json.loads(hub.run_in_sandbox("bo", REACH.format(
                    runtime=str(hub.options.runtime), postgres=str(pg.folder), ada_pid=hub.user_server("ada")[0])))
                assert reach["uid"] == hub.user_sandbox("bo")[1] and reach["uid"] != hub.user_sandbox("ada")[1]
                assert reach["own_home"] == "written"
                for what in ("hub_database", "cookie_secret", "class_store_folder", "postgres", "ada_home",
                             "ada_server_environ"):
                    assert reach[what] in ("FileNotFoundError", "PermissionError"), (what, reach[what])
                # Bo sees his own processes only: no classmate's hub token is within reach
                assert reach["processes"] and reach["foreign_processes"] == 0, reach
                assert reach["tokens_seen"] == [tokens["bo"]], reach["tokens_seen"]

            # -- each student's server and kernels live within the hub's memory limit --
            if os.geteuid() == 0:  # root on this kind of machine: cgroups take the limit
                limit = parse_size(hub.options.mem_limit or "")
                for user in pages:
                    server, _ = hub.user_server(user)
                    group = memory_group_of(server)
                    assert group is not None and group.limit == limit and group.path.name == user, (user, group)
                    # the kernels the server started are in it too
                    for pid in hub.user_processes(user):
                        assert memory_group_of(pid).path == group.path, (user, pid)
                # Bo's code that fills the memory is killed, in Bo's cgroup alone: every server lives on
                filled = hub.sandbox_process("bo", FILL_MEMORY.format(megabytes=limit // 2**20 + 256))
                assert filled.returncode == -9 and "filled" not in filled.stdout, (filled.returncode, filled.stdout)
                # killed near the limit (Bo's server and kernels hold the rest), not before
                assert int(filled.stdout.split()[-1]) >= limit // 2**20 // 2, filled.stdout
                for user in pages:
                    assert Path(f"/proc/{hub.user_server(user)[0]}").exists(), user
                ada.reload(timeout=HUB_MS)  # Ada's page still renders on her server
                ada.get_by_text("Table 1: Diminishing Returns").wait_for(timeout=HUB_MS)
            assert errors == []
        except BaseException:
            for user, page in locals().get("pages", {}).items():  # what each page showed
                page.screenshot(path=str(ARTIFACTS / f"hub-class-failed-{user}.png"), full_page=True)
            raise
        finally:
            for page in locals().get("pages", {}).values():
                page.context.close()
            hub.stop()
    # the hub stops its services and servers with signals: each says so, none with a traceback
    assert [t for t in tracebacks(hub.log_text()) if not _hub_shutdown_race(t)] == [], hub.log_path
    assert "changekit class service: stopped" in hub.log_text()


def tracebacks(log: str) -> list[str]:
    """Each traceback in a log, with the lines indented under it and the line that ends it."""
    found, current = [], None
    for line in log.splitlines():
        if "Traceback (most recent call last)" in line:
            current = [line]
            found.append(current)
        elif current is not None:
            current.append(line)
            if line and not line.startswith("    ") and not line.lstrip().startswith("File"):
                current = None
    return ["\n".join(t) for t in found]


def _hub_shutdown_race(traceback: str) -> bool:
    """JupyterHub's own periodic health check of its services, when it fires while the hub is
    stopping them (``check_services_health`` reads a service's server that cleanup has just removed:
    AttributeError 'NoneType' ... 'proto'). JupyterHub's, not the kit's; seen once under load."""
    return "check_services_health" in traceback and "'proto'" in traceback
