"""changekit serve as a class server: tokens off loopback, hidden tracebacks, the kernel cap, culling of
pages that never connect, pre-rendered class pools, and an install outside the repository."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from changekit.serving import NOTEBOOKS, ROOT
from changekit.testing import ERROR_MARKERS, WIDGET_MIME, VoilaServer, free_port

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"
TOKEN = "t0k-0123456789abcdef"  # off loopback a token has at least 16 characters


def fetch(url: str, timeout: float = 300) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {timeout} s")
        time.sleep(0.5)


def notebook(folder: Path, name: str, source: str) -> None:
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}]
    (folder / name).write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def test_off_loopback_pages_need_the_token(tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with VoilaServer(NOTEBOOKS, ARTIFACTS / "serve-token.log", host="0.0.0.0",
                     serve_args=("--token", "t0k-class-0123456789")) as server:
        for path in ("/voila/render/zombie.ipynb", "/voila/render/index.ipynb", "/voila/tree", "/"):
            status, page = fetch(server.url + path)
            assert status == 403, path
            assert WIDGET_MIME not in page and "needs its token" in page
        assert server.kernel_pids() == []  # a refused visitor costs no kernel
        # the tab's icon is answered without the token: browsers ask for it whatever a page declares
        # (its 404 was a console error on a student's page), and it holds nothing of the class
        with urllib.request.urlopen(server.url + "/favicon.ico", timeout=60) as response:
            assert response.status == 200 and response.headers["Content-Type"] == "image/svg+xml"
            icon = ElementTree.fromstring(response.read())
        assert icon.tag == "{http://www.w3.org/2000/svg}svg" and icon.get("viewBox") == "0 0 32 32"
        status, page = fetch(server.url + "/voila/render/zombie.ipynb?token=wrong")
        assert status == 403
        status, page = fetch(server.url + "/voila/render/zombie.ipynb?token=t0k-class-0123456789")
        assert status == 200 and WIDGET_MIME in page
        assert "?token=t0k-class-0123456789" in server.log_text()  # the link to share is printed


def test_tracebacks_are_shown_only_with_debug(tmp_path):
    notebook(tmp_path, "broken.ipynb", "raise ValueError('the secret detail 4471')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-quiet.log") as server:
        status, page = fetch(server.url + "/voila/render/broken.ipynb")
        assert "the secret detail 4471" not in page and "Traceback" not in page
        assert "There was an error when executing cell" in page
    with VoilaServer(tmp_path, ARTIFACTS / "serve-debug.log", serve_args=("--debug",)) as server:
        status, page = fetch(server.url + "/voila/render/broken.ipynb")
        assert "the secret detail 4471" in page


def test_past_the_kernel_cap_a_visitor_is_told_the_server_is_full(tmp_path):
    notebook(tmp_path, "small.ipynb", "import ipywidgets\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-cap.log", serve_args=("--max-kernels", "1")) as server:
        status, page = fetch(server.url + "/voila/render/small.ipynb")
        assert status == 200 and WIDGET_MIME in page
        status, page = fetch(server.url + "/voila/render/small.ipynb")
        assert status == 503 and "The class server is full: try again in a minute" in page
        assert WIDGET_MIME not in page
        assert len(server.kernel_pids()) == 1


def test_a_page_that_never_connects_frees_its_kernel(tmp_path):
    notebook(tmp_path, "small.ipynb", "import ipywidgets\nipywidgets.Button(description='hi')")
    short = ("--ClassKernelManager.unconnected_timeout=2", "--MappingKernelManager.cull_interval=1")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-cull.log", extra_args=short) as server:
        status, page = fetch(server.url + "/voila/render/small.ipynb")  # a GET, never a websocket
        assert status == 200 and len(server.kernel_pids()) == 1
        wait_for(lambda: server.kernel_pids() == [], 60, "the unconnected kernel to be shut down")
        assert "its page never connected" in server.log_text()


def test_a_class_pool_is_pre_rendered_and_reports_its_memory():
    with VoilaServer(NOTEBOOKS, ARTIFACTS / "serve-pool.log", start_timeout=240,
                     serve_args=("--class-size", "2", "--lesson", "zombie"), ready="the class is ready:") as server:
        report = next(line for line in server.log_text().splitlines() if "the class is ready:" in line)
        assert "2 pre-rendered pages" in report and " GB of memory" in report
        assert len(server.kernel_pids()) == 2  # only the lesson's pool: no kernel for other notebooks
        status, page = fetch(server.url + "/voila/render/zombie.ipynb")
        assert status == 200 and WIDGET_MIME in page and not [m for m in ERROR_MARKERS if m in page]
        assert "Using pre-heated kernel" in server.log_text()


def test_the_class_is_ready_only_once_every_page_has_rendered(tmp_path):
    """A pooled kernel that sits quiet mid-render (here asleep; under a class's load, waiting for the
    server to send its next cell) is not a pre-rendered page: the ready line waits for the render."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebook(tmp_path, "slow.ipynb",
             "import time\ntime.sleep(8)\nimport ipywidgets\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-slow-pool.log", start_timeout=120,
                     serve_args=("--class-size", "1", "--lesson", "slow"), ready="the class is ready:") as server:
        report = next(line for line in server.log_text().splitlines() if "the class is ready:" in line)
        ready_after = int(re.search(r"pre-rendered pages in (\d+) s", report).group(1))
        assert ready_after >= 8, report  # looking at the kernel's CPU alone said ready 3 s into its sleep
        start = time.monotonic()
        status, page = fetch(server.url + "/voila/render/slow.ipynb")
        assert status == 200 and WIDGET_MIME in page and "Using pre-heated kernel" in server.log_text()
        assert time.monotonic() - start < 2  # handed over rendered, not finished while the visitor waits


def test_installed_outside_the_repository_it_serves_every_app(tmp_path):
    """pip install into a fresh venv in another folder, then `changekit serve` from a third one."""
    source = tmp_path / "source"  # built from a copy: an in-tree build would leave build/ in the checkout
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "site", "build", "*.egg-info", "artifacts", "__pycache__", ".hypothesis"))
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(source)],
                   check=True, cwd=tmp_path)
    venv = tmp_path / "venv"
    uv = Path(sys.executable).parent / "uv"
    subprocess.run([str(uv), "venv", "--quiet", "--python", sys.executable, str(venv)], check=True, cwd=tmp_path)
    (wheel,) = wheels.glob("changekit-*.whl")
    subprocess.run([str(uv), "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(wheel)],
                   check=True, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    installed = subprocess.run([str(venv / "bin" / "python"), "-c",
                                "import changekit.serving as s; print(s.NOTEBOOKS)"],
                               check=True, capture_output=True, text=True, cwd=elsewhere).stdout.strip()
    assert str(venv) in installed and str(ROOT) not in installed
    env_path = f"{venv / 'bin'}:{os.environ['PATH']}"
    with _installed_server(venv, elsewhere, env_path) as url:
        from concurrent.futures import ThreadPoolExecutor

        names = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
        with ThreadPoolExecutor(3) as pool:  # three visitors at once: each page is mostly its kernel's start
            pages = dict(zip(names, pool.map(lambda name: fetch(f"{url}/voila/render/{name}"), names), strict=True))
        for name, (status, page) in pages.items():
            assert status == 200, name
            assert WIDGET_MIME in page and not [m for m in ERROR_MARKERS if m in page], name


class _installed_server:  # noqa: N801 - used as a context manager
    def __init__(self, venv: Path, cwd: Path, path: str):
        self.port = free_port()
        self.log = open(ARTIFACTS / "serve-installed.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen([str(venv / "bin" / "changekit"), "serve", f"--port={self.port}", "--no-browser"],
                                     cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
                                     env={"PATH": path, "HOME": str(cwd)})

    def __enter__(self) -> str:
        url = f"http://127.0.0.1:{self.port}"
        wait_for(lambda: _up(url + "/voila/static/voila.js") or self.proc.poll() is not None, 90,
                 "the installed server")
        assert self.proc.poll() is None, (ARTIFACTS / "serve-installed.log").read_text()
        return url

    def __exit__(self, *exc) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.log.close()


def _up(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
        return True
    except OSError:
        return False


def _visitor() -> urllib.request.OpenerDirector:
    import http.cookiejar

    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _open(opener, url: str, method: str = "GET", headers: dict | None = None) -> tuple[int, str]:
    try:
        with opener.open(urllib.request.Request(url, method=method, headers=headers or {}), timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def test_one_visitor_cannot_fill_the_server_and_closed_pages_free_their_kernels(tmp_path):
    import re

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name in ("small.ipynb", "class.ipynb"):
        notebook(tmp_path, name, "import ipywidgets\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-fair.log", host="0.0.0.0",
                     serve_args=("--token", TOKEN, "--max-kernels", "14")) as server:
        greedy = _visitor()
        statuses, kernels = [], []
        for _ in range(11):
            status, page = _open(greedy, server.url + f"/voila/render/small.ipynb?token={TOKEN}&seat=SEAT-SECRET")
            statuses.append(status)
            found = re.search(r'"kernelId": "([0-9a-f-]+)"', page)
            if found:
                kernels.append(found.group(1))
        assert statuses == [200] * 5 + [429] * 6 and len(server.kernel_pids()) == 5
        for status, _page in (_open(_visitor(), server.url + f"/voila/render/small.ipynb?token={TOKEN}"),
                              _open(_visitor(), server.url + f"/voila/render/class.ipynb?token={TOKEN}")):
            assert status == 200  # another student and the teacher still get pages
        # the page's own shutdown on unload (no _xsrf: voila#1458) frees its kernel; another site's cannot
        assert _open(greedy, f"{server.url}/voila/api/shutdown/{kernels[1]}", "POST",
                     {"Origin": "http://elsewhere.example"})[0] == 403
        assert _open(_visitor(), f"{server.url}/voila/api/shutdown/{kernels[1]}?token={TOKEN}", "POST",
                     {"Origin": server.url})[0] == 403  # not that visitor's page
        assert _open(greedy, f"{server.url}/voila/api/shutdown/{kernels[0]}", "POST", {"Origin": server.url})[0] == 204
        wait_for(lambda: len(server.kernel_pids()) == 6, 30, "the closed page's kernel to exit")
        assert _open(greedy, server.url + f"/voila/render/small.ipynb?token={TOKEN}")[0] == 200  # room again
        log = server.log_text().split("Ctrl-C stops the server", 1)[1]
        assert TOKEN not in log and "SEAT-SECRET" not in log and "?token=[secret]" in log


def test_the_query_socket_refuses_every_visitor_and_every_route_needs_the_token(tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebook(tmp_path, "small.ipynb", "import ipywidgets\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-query.log", host="0.0.0.0", start_timeout=120,
                     serve_args=("--token", TOKEN, "--class-size", "1", "--lesson", "small"),
                     ready="the class is ready:") as server:
        # the one page rendered: by a visitor who keeps its login cookie (a second bare render from
        # this address would wait in the page-start queue behind this one, whose websocket never opens)
        logged_in = _visitor()
        status, page = _open(logged_in, server.url + f"/voila/render/small.ipynb?token={TOKEN}&seat=SEAT-SECRET")
        assert status == 200 and WIDGET_MIME in page and "Using pre-heated kernel" in server.log_text()

        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        for query in ("", f"?token={TOKEN}"):
            assert _open(_visitor(), f"{server.url}/voila/query/{kernel}{query}", headers=upgrade)[0] == 403
        for path in ("/voila/render/small.ipynb", "/voila/tree", "/", "/voila/api/contents/",
                     f"/api/kernels/{kernel}", f"/api/kernels/{kernel}/channels", "/voila/files/small.ipynb"):
            assert fetch(server.url + path)[0] == 403, path
        # the keepers' cookies (issue 42): set by the server from a kernel's one-time ticket only;
        # the kernels' cookie route is not there for a visitor (its secret is not in any page)
        assert _open(_visitor(), server.url + "/changekit-cookie/" + "x" * 24, "POST")[0] == 403  # no login
        assert _open(logged_in, server.url + "/changekit-cookie/" + "x" * 24, "POST")[0] == 404  # no such ticket
        for guess in ("", "secret/"):
            status, _ = _open(logged_in, f"{server.url}/changekit-kernel/{guess}cookies/{kernel}")
            assert status in (403, 404), guess


def test_after_a_restart_with_the_same_token_a_reload_gets_back_in_and_a_new_token_locks_out(tmp_path):
    """Students' pages drop the token from their address once in (issue 41): their reload after a
    restart rides on the login cookie alone, so it must outlive the server that signed it."""
    token, port, env = "class-token-0123456789", free_port(), {"XDG_DATA_HOME": str(tmp_path)}
    notebook(tmp_path, "small.ipynb", "print('in')")
    phone = _visitor()
    with VoilaServer(tmp_path, ARTIFACTS / "serve-restart-1.log", host="0.0.0.0", port=port, env=env,
                     serve_args=("--token", token)) as server:
        opened = phone.open(f"{server.url}/voila/render/small.ipynb?token={token}", timeout=120)
        assert opened.status == 200
        policy = opened.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "connect-src 'self'" in policy
        assert _open(phone, f"{server.url}/voila/render/small.ipynb")[0] == 200  # the cookie, no token
    with VoilaServer(tmp_path, ARTIFACTS / "serve-restart-2.log", host="0.0.0.0", port=port, env=env,
                     serve_args=("--token", token)) as server:
        assert _open(phone, f"{server.url}/voila/render/small.ipynb")[0] == 200  # the reload after a restart
        assert _open(_visitor(), f"{server.url}/voila/render/small.ipynb")[0] == 403  # no cookie, no token
    with VoilaServer(tmp_path, ARTIFACTS / "serve-restart-3.log", host="0.0.0.0", port=port, env=env,
                     serve_args=("--token", "another-token-0123456789")) as server:
        assert _open(phone, f"{server.url}/voila/render/small.ipynb")[0] == 403  # a new token: the old cookie is out



def _get_from(source: str, url: str) -> tuple[int, str]:
    """A GET from another address of this machine (another device of the class, as the server sees it)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120, source_address=(source, 0))
    try:
        connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def test_one_script_renders_two_pages_at_a_time_and_a_classmate_goes_past_its_queue(tmp_path):
    """Issue 42: 40 concurrent cookie-less renders from one script made a classmate's join page wait
    24 s. Now the script's pages render two at a time, each told its place in the queue, and a page
    from another address starts at once. The order of completions shows it (no clock in the test)."""
    from concurrent.futures import ThreadPoolExecutor

    notebook(tmp_path, "slow.ipynb", "import time, ipywidgets\ntime.sleep(2)\nipywidgets.Button(description='hi')")
    done: list[str] = []
    with VoilaServer(tmp_path, ARTIFACTS / "serve-queue.log", extra_args=("--ClassKernelManager.renders=3",)) as server:
        def script(_: int) -> tuple[int, str]:
            answer = _open(_visitor(), server.url + "/voila/render/slow.ipynb")
            done.append("script")
            return answer

        with ThreadPoolExecutor(10) as pool:
            storm = [pool.submit(script, i) for i in range(10)]
            wait_for(lambda: "Kernel started" in server.log_text(), 60, "the script's first pages")
            status, page = _get_from("127.0.0.3", server.url + "/voila/render/slow.ipynb")
            done.append("classmate")
            answers = [f.result() for f in storm]
    assert status == 200 and WIDGET_MIME in page and "being prepared" not in page
    assert done.index("classmate") <= 4, done  # it did not wait behind the script's ten
    assert all(s == 200 and WIDGET_MIME in p for s, p in answers)
    queued = [p for _, p in answers if p.startswith('<!DOCTYPE html><p id="ck-queue"')]
    assert len(queued) >= 6, "the script's later pages waited, told so"
    assert any("Your page is being prepared: 5 ahead of you." in p for p in queued)


def test_the_teachers_reserve_belongs_to_a_browser_with_the_teacher_key_not_to_a_notebooks_name(tmp_path):
    """Issue 42: the reserve was keyed on the notebook's name, so anyone asking for class.ipynb took it."""
    from urllib.parse import quote

    from changekit.classroom.store import STORE_VARIABLE, connect

    store_url = f"sqlite:///{tmp_path / 'class.db'}"
    store = connect(store_url)
    session = store.open_session("P3")
    store.close()
    for name in ("small.ipynb", "class.ipynb"):
        notebook(tmp_path, name, "import ipywidgets\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-reserve.log", serve_args=("--max-kernels", "8"),
                     env={STORE_VARIABLE: store_url}) as server:
        for _ in range(6):  # the students' share: 8 less the reserve of 2
            assert _open(_visitor(), server.url + "/voila/render/small.ipynb")[0] == 200
        assert _open(_visitor(), server.url + "/voila/render/class.ipynb")[0] == 503  # its name is no key
        forged = {"Cookie": f"changekit_teacher_{server.port}={quote(session.code + ':not-the-key')}"}
        assert _open(_visitor(), server.url + "/voila/render/class.ipynb", headers=forged)[0] == 503
        teacher = {"Cookie": f"changekit_teacher_{server.port}={quote(session.code + ':' + session.teacher_key)}"}
        assert _open(_visitor(), server.url + "/voila/render/class.ipynb", headers=teacher)[0] == 200
        assert _open(_visitor(), server.url + "/voila/render/small.ipynb", headers=teacher)[0] == 200  # any page
        assert _open(_visitor(), server.url + "/voila/render/class.ipynb", headers=teacher)[0] == 503  # the cap
        assert len(server.kernel_pids()) == 8


def test_a_page_that_waited_in_the_queue_and_meets_a_full_server_says_so(tmp_path):
    """A waiting page's status went out with its queue line, so a 503 could no longer replace it:
    the page ended blank under "0 ahead of you". The line now says the server is full."""
    from concurrent.futures import ThreadPoolExecutor

    notebook(tmp_path, "slow.ipynb", "import time, ipywidgets\ntime.sleep(1)\nipywidgets.Button(description='hi')")
    with VoilaServer(tmp_path, ARTIFACTS / "serve-queue-full.log", serve_args=("--max-kernels", "4"),
                     extra_args=("--ClassKernelManager.renders=1",)) as server:
        with ThreadPoolExecutor(5) as pool:
            answers = list(pool.map(lambda _: _open(_visitor(), server.url + "/voila/render/slow.ipynb"), range(5)))
    pages = [p for _, p in answers if WIDGET_MIME in p]
    full = [p for _, p in answers if WIDGET_MIME not in p]
    assert len(pages) == 3 and len(full) == 2  # 4 less the teacher's reserve of 1
    assert all("The class server is full: try again in a minute" in p for p in full), full
