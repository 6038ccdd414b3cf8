"""The kit's hub (issue 26), on loopback: JupyterHub, configurable-http-proxy, the local spawner and
the class service, from ``changekit hub``'s configuration (``changekit.testing.HubServer``).

1. Reference: ``zombie.ipynb`` fetched over HTTP from ``changekit serve`` (a new visitor each time:
   the server renders the page in a fresh kernel), median of 3.
2. The hub: seconds until it answers through its proxy with the class service up.
3. One student: HTTP login through the hub's login form, seconds until their server answers
   (the spawn), then the same page fetched from their server twice: the first visit takes the
   page the server rendered in advance, the second renders it (first render), against the
   reference (target ≤ 1.5 × plus the spawn); the memory of their server after the first visit
   (RSS of the server and its children: the gallery's kernel, kept for its visitor, and the game
   page's).
4. A class arriving: 30 students log in spread over 60 s, each then fetching the game page: how
   many were served, median and slowest from login to the page delivered.
5. A class arriving at once: 30 students within 10 s, without and then with the class ready in
   advance (``changekit hub --roster``: their servers started before anyone logs in,
   :mod:`changekit.hub.prespawn`, each with a page of the gallery and of the lesson rendered,
   :mod:`changekit.hub.pool`); how long the pre-spawn took; memory per student as their
   memory cgroup's usage (server, the gallery's and the game page's kernels), where the hub runs as root.
   Each crowd's servers are stopped before the next.

The hub runs as ``changekit hub --lesson zombie`` would. In 4 and 5 each student goes where the
login takes them (the gallery) and then to the game page, as a class does: login to the gallery
and login to the game page are both measured. When the student's server is already running the
login's own redirects end on the gallery, and that is the visit (a first version fetched the
gallery again, a second visit that rendered anew, thirty at once); otherwise the hub's "starting"
page sends the browser there once the server is up, and the gallery is fetched then.

HTTP visits, not browsers: each student's browser runs on the student's own machine (see
bench_voila_load for the Chromium side). Everything started is stopped by PID.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import requests
from timing import benchmark, sized

from changekit.hub.memory import memory_group_of
from changekit.hub.config import DEFAULT_URL
from changekit.hub.prespawn import HubAPI, prespawn
from changekit.serving import NOTEBOOKS, ROOT, rss_mb
from changekit.testing import ERROR_MARKERS, WIDGET_MIME, HubServer, VoilaServer

LOGS = ROOT / "tests" / "artifacts"
PAGE = "zombie.ipynb"
CLASS, WINDOW_S = 30, 60.0
AT_ONCE_S = 10.0
RATIO_TARGET = 1.5
TIMEOUT_S = 300


def fetch_page(session: requests.Session, url: str) -> tuple[float, bool]:
    """(seconds, delivered whole): a page as the server renders it for a new visitor."""
    seconds, failure = _fetch(session, url)
    return seconds, failure is None


def _fetch(session: requests.Session, url: str) -> tuple[float, str | None]:
    """(seconds, why the page was not delivered whole, or None): a failure names the status, the
    address it ended at and the redirects on the way, so that a lost visitor can be traced."""
    start = time.perf_counter()
    try:
        response = session.get(url, timeout=TIMEOUT_S)
    except requests.RequestException as exc:
        return time.perf_counter() - start, f"{type(exc).__name__}: {exc}"[:120]
    seconds = time.perf_counter() - start
    return seconds, _not_whole(response, seconds)


def _not_whole(response: requests.Response, seconds: float) -> str | None:
    """Why a response is not a page delivered whole (None when it is)."""
    if response.status_code == 200 and WIDGET_MIME in response.text and not any(
            marker in response.text for marker in ERROR_MARKERS):
        return None
    hops = " -> ".join(f"{r.status_code} {urlsplit(r.url).path}" for r in response.history)
    return (f"HTTP {response.status_code} at {urlsplit(response.url).path}"
            + (f" after {hops}" if hops else "") + f" ({seconds:.1f} s)")


def log_in(hub: HubServer, user: str) -> tuple[requests.Session, float, requests.Response]:
    """Through the hub's login form; (the logged-in session, seconds until the user's server
    answers, where the login's redirects led: the landing page when the server was already
    running, else the hub's page saying it is starting)."""
    session = requests.Session()
    session.get(hub.url + "/hub/login", timeout=TIMEOUT_S)
    start = time.perf_counter()
    response = session.post(hub.url + "/hub/login?next=", timeout=TIMEOUT_S, allow_redirects=False,
                            data={"username": user, "password": hub.options.password or "",
                                  "_xsrf": session.cookies.get("_xsrf")})
    if response.status_code != 302:
        raise RuntimeError(f"{user}'s login was refused: HTTP {response.status_code}")
    led = session.get(hub.url + response.headers["Location"], timeout=TIMEOUT_S)  # /hub/spawn starts a server
    # Jupyter Server's own /api answers its version to anyone; while the proxy has no route yet the
    # hub answers instead (a redirect, or 424). A 404 is not a sign: the hub says it too.
    api = f"{hub.url}/user/{user}/api"
    while time.perf_counter() - start < TIMEOUT_S:
        answer = session.get(api, timeout=30, allow_redirects=False)
        if answer.status_code == 200 and "version" in answer.text:
            return session, time.perf_counter() - start, led
        time.sleep(0.3)
    raise RuntimeError(f"{user}'s server did not start in {TIMEOUT_S} s")


def server_mb(hub: HubServer, user: str) -> float:
    """RSS of the user's single-user server and its children (its kernels), in MB."""
    hub.user_server(user)  # exactly one server
    return sum(rss_mb(pid) or 0.0 for pid in hub.user_processes(user))


def arrive(hub: HubServer, user: str, delay: float) -> dict:
    time.sleep(delay)
    start = time.perf_counter()
    try:
        session, spawn, led = log_in(hub, user)
        landing = f"/user/{user}{DEFAULT_URL}"
        if urlsplit(led.url).path == landing:  # the server was running: the login's redirects are the visit
            failure = _not_whole(led, time.perf_counter() - start)
        else:  # the hub's "starting" page takes the browser there once the server is up
            _, failure = _fetch(session, f"{hub.url}{landing}")
        landed = time.perf_counter() - start
        if failure is None:
            _, failure = _fetch(session, f"{hub.url}/user/{user}/voila/render/{PAGE}")
    except (RuntimeError, requests.RequestException) as exc:
        return {"user": user, "ok": False, "seconds": time.perf_counter() - start, "failure": str(exc)[:120]}
    visit = {"user": user, "ok": failure is None, "spawn": spawn, "landed": landed,
             "seconds": time.perf_counter() - start}
    return visit if failure is None else {**visit, "failure": f"{user}: {failure}"}


def students(prefix: str, class_size: int) -> list[str]:
    """``<prefix>00``, ``<prefix>01``... (a smoke run's class is the first student again: every
    step, no second spawn)."""
    return [sized(f"{prefix}{i:02d}", "first") for i in range(class_size)]


def crowd(hub: HubServer, prefix: str, class_size: int, window: float) -> tuple[str, list[dict]]:
    """``class_size`` students logging in spread over ``window`` s, a game page each; the row's
    text and the visits."""
    names = students(prefix, class_size)
    with ThreadPoolExecutor(class_size) as pool:
        visits = list(pool.map(lambda i: arrive(hub, names[i], i * window / class_size), range(class_size)))
    delivered = sorted(v["seconds"] for v in visits if v["ok"])
    landed = sorted(v["landed"] for v in visits if v["ok"])
    failures = sorted({v["failure"] for v in visits if not v["ok"]})
    text = (f"{len(delivered)} of {class_size} served; login to the gallery median {statistics.median(landed):.1f} s, "
            f"slowest {landed[-1]:.1f} s; to the game page median {statistics.median(delivered):.1f} s, "
            f"slowest {delivered[-1]:.1f} s" if delivered else f"0 of {class_size} served")
    if failures:
        text += f" ({len(visits) - len(delivered)} failed: {'; '.join(failures)[:300]})"
    return text, visits


def stop_servers(api: HubAPI, names: list[str]) -> None:
    """Stop these users' servers and wait until the hub has none of them running."""
    for name in names:
        api.call("DELETE", f"/users/{name}/server")
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        running = [n for n in names if (api.call("GET", f"/users/{n}")[1] or {}).get("servers")]
        if not running:
            return
        time.sleep(1)
    raise RuntimeError(f"servers still running after {TIMEOUT_S} s: {running}")


def cgroup_mb(hub: HubServer, user: str) -> float | None:
    """The user's memory cgroup usage in MB (their server and its kernels), None where the hub
    sets no cgroups (not root)."""
    group = memory_group_of(hub.user_server(user)[0])
    if group is None or not group.path.parent.name.startswith("changekit-hub-"):
        return None
    return group.usage / 2**20


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    LOGS.mkdir(parents=True, exist_ok=True)
    with VoilaServer(NOTEBOOKS, LOGS / "voila-bench-hub-reference.log", cwd=ROOT) as server:
        served = [fetch_page(requests.Session(), f"{server.url}/voila/render/{PAGE}") for _ in range(sized(3, 1))]
    if not all(ok for _, ok in served):
        raise RuntimeError(f"changekit serve did not deliver {PAGE}: see {LOGS / 'voila-bench-hub-reference.log'}")
    reference = statistics.median(seconds for seconds, _ in served)
    class_size, window = sized((CLASS, WINDOW_S), (1, 1.0))
    with tempfile.TemporaryDirectory(prefix="changekit-bench-hub-") as runtime:
        hub = HubServer(Path(runtime) / "hub", LOGS / "hub-bench.log", teacher="ms-lee", start_timeout=180,
                        lessons=(PAGE,))
        assert hub.options.internal_ports is not None and hub.options.api_token is not None
        api = HubAPI(f"http://127.0.0.1:{hub.options.internal_ports[0]}/hub/api", hub.options.api_token)
        try:
            session, spawn, _ = log_in(hub, "first")
            for visit in range(2):  # the first visit takes the page rendered in advance: the second renders
                render, ok = fetch_page(session, f"{hub.url}/user/first/voila/render/{PAGE}")
                if not ok:
                    raise RuntimeError(f"the hub did not deliver {PAGE}: see {LOGS / 'hub-bench.log'}")
                if visit == 0:
                    memory = server_mb(hub, "first")  # the server, the gallery's and the game page's kernels
            spread, _ = crowd(hub, "s", class_size, window)
            stop_servers(api, students("s", class_size))
            cold, _ = crowd(hub, "t", class_size, AT_ONCE_S)
            stop_servers(api, students("t", class_size))
            roster = students("r", class_size)
            begun = time.monotonic()
            ready = prespawn(api, roster, said=lambda line: None,
                             servers=HubAPI(hub.url, hub.options.api_token))  # pages rendered too
            prepared = time.monotonic() - begun
            warm, _ = crowd(hub, "r", class_size, AT_ONCE_S)
            usage = [mb for mb in (cgroup_mb(hub, name) for name in roster) if mb is not None]
        finally:
            hub.stop()
    ratio = render / reference
    return [
        ("hub", "hub start (answers through its proxy, class service up)", f"{hub.start_seconds:.1f} s", ""),
        ("hub", "a student's server: login to answering (spawn)", f"{spawn:.1f} s", ""),
        ("hub", f"{PAGE} first render under changekit serve (median)", f"{reference:.2f} s", ""),
        ("hub", f"{PAGE} rendered on the hub (a second visit), after the spawn", f"{render:.2f} s ({ratio:.2f}x)",
         f"<= {RATIO_TARGET}x plus the spawn"),
        ("hub", "memory per student (their server, the gallery's and one game page's kernels)", f"{memory:.0f} MB", ""),
        ("hub", f"{class_size} students logging in within {window:.0f} s, a game page each", spread,
         f"all {class_size} served"),
        ("hub", f"{class_size} students logging in within {AT_ONCE_S:.0f} s, a game page each", cold,
         "each page within 5 s"),
        ("hub", f"the class ready in advance (--roster {class_size}): servers started, pages rendered",
         f"{len(ready)} of {class_size} in {prepared:.0f} s", "before the bell"),
        ("hub", f"{class_size} students within {AT_ONCE_S:.0f} s, the class ready in advance", warm,
         "each page within 5 s"),
        ("hub", "memory per student as cgroup usage (server, the gallery's and the game page's kernels, median)",
         f"{statistics.median(usage):.0f} MB (of {len(usage)})" if usage else "no cgroups (not root)", ""),
    ]
