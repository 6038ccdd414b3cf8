"""Issue 42's storm, measured: one script sends N concurrent cookie-less requests for a game page
(``zombie.ipynb``) to ``changekit serve --max-kernels 40`` and holds them open. One second in, a
classmate on another address of this machine asks for the join page, and the teacher (a browser
whose dashboard keeps the session's teacher key) for the dashboard. Measured: the time until each
of their pages has been served in full (the notebook run on the server; the browser's drawing comes
after, see bench_voila_load), and the most kernels alive at once (sampled every 0.2 s) against the cap.

Run alone with ``python benchmarks/bench_storm.py``; with an older kit on ``PYTHONPATH`` it
measures that kit (how the "before" figures in the closing note were taken).
"""
from __future__ import annotations

import http.client
import json
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

from timing import benchmark, sized

from changekit.testing import VoilaServer

CAP = 40
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"  # in a page whose app made it in
STORMS = (40, 60)
CLASSMATE_ADDRESS, TEACHER_ADDRESS = "127.0.0.3", "127.0.0.4"


def _get(port: int, path: str, *, source: str = "127.0.0.1", cookie: str = "") -> tuple[str, float]:
    """One GET read to its end: what it gave ("page", "full", or the status) and how long it took (s).
    A page that waited in the queue has its status already: "full" is read from its words."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600, source_address=(source, 0))
    try:
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        gave = ("full" if "server is full" in body else "page" if WIDGET_MIME in body or path.endswith(".js")
                else str(response.status))
        return gave, time.monotonic() - start
    except OSError:
        return "no answer", time.monotonic() - start
    finally:
        connection.close()


def measure(storm: int, cap: int = CAP) -> dict[str, object]:
    from changekit.classroom.store import connect
    from changekit.serving import NOTEBOOKS

    folder = Path(tempfile.mkdtemp(prefix="storm-"))
    store_url = f"sqlite:///{folder / 'class.db'}"
    store = connect(store_url)
    session = store.open_session("Storm")
    store.close()
    server = VoilaServer(NOTEBOOKS, folder / "serve.log", serve_args=("--max-kernels", str(cap)), start_timeout=120,
                         env={"CHANGEKIT_CLASS_STORE": store_url, "XDG_DATA_HOME": str(folder)})
    port = server.port
    most, sampling = [0], [True]

    def sample() -> None:
        while sampling[0]:
            most[0] = max(most[0], len(server.kernel_pids()))
            time.sleep(0.2)

    try:
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        teacher_cookie = f"changekit_teacher_{port}={quote(session.code + ':' + session.teacher_key)}"
        with ThreadPoolExecutor(storm + 2) as pool:
            script = [pool.submit(_get, port, "/voila/render/zombie.ipynb") for _ in range(storm)]
            time.sleep(1)
            classmate = pool.submit(_get, port, "/voila/render/join.ipynb", source=CLASSMATE_ADDRESS)
            teacher = pool.submit(_get, port, "/voila/render/class.ipynb", source=TEACHER_ADDRESS,
                                  cookie=teacher_cookie)
            classmate_status, classmate_s = classmate.result()
            teacher_status, teacher_s = teacher.result()
            storm_statuses = [f.result()[0] for f in script]
        sampling[0] = False
        sampler.join()
        return {"classmate": f"{classmate_status} in {classmate_s:.1f} s",
                "teacher": f"{teacher_status} in {teacher_s:.1f} s",
                "most kernels": most[0], "cap": cap,
                "script": {str(s): storm_statuses.count(s) for s in sorted(set(storm_statuses))}}
    finally:
        sampling[0] = False
        server.stop()


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    for storm in sized(STORMS, (3,)):
        got = measure(storm, sized(CAP, 4))
        what = f"{storm} concurrent cookie-less loads"
        rows += [
            ("serve storm", f"{what}: a classmate's join page served", str(got["classmate"]), "page in ≤ 5 s"),
            ("serve storm", f"{what}: the teacher's dashboard served", str(got["teacher"]), "page in ≤ 5 s"),
            ("serve storm", f"{what}: most kernels alive (cap {got['cap']})", str(got["most kernels"]),
             f"≤ {got['cap']}"),
            ("serve storm", f"{what}: the script's answers", json.dumps(got["script"]), ""),
        ]
    return rows


if __name__ == "__main__":
    print(json.dumps({storm: measure(storm) for storm in STORMS}, indent=1))
