"""``changekit hub --roster FILE`` (issue 44: a class logging in at once waited about 45 s for its
servers, and still about 25 s once they were started in advance, every first page rendering at
the same moment): the roster's servers are started once the hub is up, before anyone logs in, each
with a page of the gallery it lands on and of every ``--lesson`` already rendered
(:mod:`changekit.hub.pool`); a student who logs in with their roster name is taken to that same
server, the gallery and the lesson come from those pages and work in Chromium."""
from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path

import pytest

from changekit.processes import descendants, stop_process_tree
from changekit.registry import load_game
from changekit.serving import ROOT

from ..browser.locking import lock_in
from .cli_hub import PASSWORD, log_in, start_hub, user_servers

pytestmark = pytest.mark.slow
ARTIFACTS = ROOT / "tests" / "artifacts"
ROSTER = ("ada", "bo")
HUB_MS = 180_000
PRE_HEATED = re.compile(r"Using pre-heated kernel: (\S+) for (\S+)")
TRACES_JS = ("() => [...document.querySelectorAll('.js-plotly-plot')]"
             ".some(p => p.querySelectorAll('g.trace, g.hm').length > 0)")


def pre_heated(log: Path) -> list[tuple[str, str]]:
    """(kernel id, page) of every page a server handed out from its pre-rendered ones."""
    return PRE_HEATED.findall(log.read_text())


@pytest.mark.browser
def test_the_rosters_servers_and_pages_are_ready_before_the_class_logs_in(browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="changekit-hub-roster-") as folder:
        roster = Path(folder) / "roster.txt"
        roster.write_text("# period 3\n" + "\n".join(name.title() for name in ROSTER) + "\n")
        log = ARTIFACTS / "hub-roster.log"
        hub, url = start_hub(Path(folder) / "hub", log, "--roster", str(roster), "--lesson", "zombie")
        try:
            deadline = time.monotonic() + 300
            while "the class is ready" not in log.read_text():
                assert hub.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.5)
            assert (f"the class is ready: {len(ROSTER)} of {len(ROSTER)} servers up, each with a page of "
                    "index, zombie rendered") in log.read_text()
            before = {user: user_servers(hub.pid, user) for user in ROSTER}
            assert all(before.values()), before  # running before anyone logged in
            assert pre_heated(log) == []  # nothing handed out before anyone came

            # Ada in Chromium: the login lands on the gallery, its Zombie link opens the lesson;
            # both pages are the ones her server rendered before she came, and they work
            errors: list[str] = []
            ada = browser.new_context().new_page()
            ada.on("pageerror", lambda exc: errors.append(str(exc)))
            ada.goto(url + "/hub/login", timeout=HUB_MS)
            ada.fill("#username_input", "Ada")
            ada.fill("#password_input", PASSWORD)
            ada.click("#login_submit")
            ada.get_by_role("navigation", name="games").wait_for(state="visible", timeout=HUB_MS)
            assert "/user/ada/voila/render/index.ipynb" in ada.url
            with ada.expect_navigation(timeout=HUB_MS):
                ada.get_by_role("link", name=f"Play {load_game('zombie').title}").click()
            assert "/user/ada/voila/render/zombie.ipynb" in ada.url
            for qid in ("zombie.q1", "zombie.q2"):  # the explorer waits for the questions it answers
                lock_in(ada, qid, timeout_ms=HUB_MS)
            ada.locator(".ck-explorer").get_by_role("button", name="Explore").first.click(timeout=HUB_MS)
            ada.wait_for_function(TRACES_JS, timeout=HUB_MS, polling=250)  # the kernel answered the click
            ada.screenshot(path=str(ARTIFACTS / "hub-roster-zombie.png"))
            handed = pre_heated(log)
            assert sorted(page for _, page in handed) == ["index.ipynb", "zombie.ipynb"], handed
            assert errors == []
            # the server that was waiting (its first process; the gallery's kernel closed with its page)
            assert min(before["ada"]) in user_servers(hub.pid, "ada")

            # Bo over HTTP: his server too hands him the page it kept for him
            session = log_in(url, "bo")
            page = session.get(f"{url}/user/bo/voila/render/index.ipynb", timeout=180)
            assert page.status_code == 200 and "application/vnd.jupyter.widget-view+json" in page.text
            assert len(pre_heated(log)) == 3
            # the kernels asked for their visitor on their own route, whose secret no log line shows
            text = log.read_text()
            assert "changekit-kernel/[secret]/voila/query/" in text
            assert not re.search(r"changekit-kernel/(?!\[secret\])", text)
            assert min(before["bo"]) in user_servers(hub.pid, "bo")
        finally:
            stop_process_tree(hub, descendants(hub.pid), group=True, grace=15, settle=2)
