"""The kit's hub (issue 26), on loopback: JupyterHub, configurable-http-proxy, the local spawner and
the class service, from ``changekit hub``'s configuration (``changekit.testing.HubServer``).

1. Reference: ``zombie.ipynb`` fetched over HTTP from ``changekit serve`` (a new visitor each time:
   the server renders the page in a fresh kernel), median of 3.
2. The hub: seconds until it answers through its proxy with the class service up.
3. One student: HTTP login through the hub's login form, seconds until their server answers
   (the spawn), then the same page fetched from their server (first render), against the
   reference (target ≤ 1.5 × plus the spawn), and the memory of their server with that page's
   kernel (RSS of the server and its children).
4. A class arriving: 30 students log in spread over 60 s, each then fetching the game page: how
   many were served, median and slowest from login to the page delivered.

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

from changekit.serving import NOTEBOOKS, ROOT, rss_mb
from changekit.testing import ERROR_MARKERS, WIDGET_MIME, HubServer, VoilaServer

LOGS = ROOT / "tests" / "artifacts"
PAGE = "zombie.ipynb"
CLASS, WINDOW_S = 30, 60.0
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
    if response.status_code == 200 and WIDGET_MIME in response.text and not any(
            marker in response.text for marker in ERROR_MARKERS):
        return seconds, None
    hops = " -> ".join(f"{r.status_code} {urlsplit(r.url).path}" for r in response.history)
    return seconds, (f"HTTP {response.status_code} at {urlsplit(response.url).path}"
                     + (f" after {hops}" if hops else "") + f" ({seconds:.1f} s)")


def log_in(hub: HubServer, user: str) -> tuple[requests.Session, float]:
    """Through the hub's login form; (the logged-in session, seconds until the user's server answers)."""
    session = requests.Session()
    session.get(hub.url + "/hub/login", timeout=TIMEOUT_S)
    start = time.perf_counter()
    response = session.post(hub.url + "/hub/login?next=", timeout=TIMEOUT_S, allow_redirects=False,
                            data={"username": user, "password": hub.options.password or "",
                                  "_xsrf": session.cookies.get("_xsrf")})
    if response.status_code != 302:
        raise RuntimeError(f"{user}'s login was refused: HTTP {response.status_code}")
    session.get(hub.url + response.headers["Location"], timeout=TIMEOUT_S)  # /hub/spawn starts the server
    # Jupyter Server's own /api answers its version to anyone; while the proxy has no route yet the
    # hub answers instead (a redirect, or 424). A 404 is not a sign: the hub says it too.
    api = f"{hub.url}/user/{user}/api"
    while time.perf_counter() - start < TIMEOUT_S:
        answer = session.get(api, timeout=30, allow_redirects=False)
        if answer.status_code == 200 and "version" in answer.text:
            return session, time.perf_counter() - start
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
        session, spawn = log_in(hub, user)
        _, failure = _fetch(session, f"{hub.url}/user/{user}/voila/render/{PAGE}")
    except (RuntimeError, requests.RequestException) as exc:
        return {"user": user, "ok": False, "seconds": time.perf_counter() - start, "failure": str(exc)[:120]}
    visit = {"user": user, "ok": failure is None, "spawn": spawn, "seconds": time.perf_counter() - start}
    return visit if failure is None else {**visit, "failure": f"{user}: {failure}"}


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
        hub = HubServer(Path(runtime) / "hub", LOGS / "hub-bench.log", teacher="ms-lee", start_timeout=180)
        try:
            session, spawn = log_in(hub, "first")
            render, ok = fetch_page(session, f"{hub.url}/user/first/voila/render/{PAGE}")
            if not ok:
                raise RuntimeError(f"the hub did not deliver {PAGE}: see {LOGS / 'hub-bench.log'}")
            memory = server_mb(hub, "first")
            with ThreadPoolExecutor(class_size) as pool:
                # (a smoke run's class is the first student again: every step, no second spawn)
                visits = list(pool.map(lambda i: arrive(hub, sized(f"s{i:02d}", "first"), i * window / class_size),
                                       range(class_size)))
        finally:
            hub.stop()
    delivered = sorted(v["seconds"] for v in visits if v["ok"])
    failures = sorted({v["failure"] for v in visits if not v["ok"]})
    crowd = (f"{len(delivered)} of {class_size} served; login to page median {statistics.median(delivered):.1f} s, "
             f"slowest {delivered[-1]:.1f} s" if delivered else f"0 of {class_size} served")
    if failures:
        crowd += f" ({len(visits) - len(delivered)} failed: {'; '.join(failures)[:300]})"
    ratio = render / reference
    return [
        ("hub", "hub start (answers through its proxy, class service up)", f"{hub.start_seconds:.1f} s", ""),
        ("hub", "a student's server: login to answering (spawn)", f"{spawn:.1f} s", ""),
        ("hub", f"{PAGE} first render under changekit serve (median)", f"{reference:.2f} s", ""),
        ("hub", f"{PAGE} first render on the hub, after the spawn", f"{render:.2f} s ({ratio:.2f}x)",
         f"<= {RATIO_TARGET}x plus the spawn"),
        ("hub", "memory per student (their server and one game page's kernel)", f"{memory:.0f} MB", ""),
        ("hub", f"{class_size} students logging in within {window:.0f} s, a game page each", crowd,
         f"all {class_size} served"),
    ]
