"""A lesson from the docs alone (issue 41), as a new teacher runs it.

The server is started with the command ``docs/teaching.md`` gives, on a classroom address of this
machine (127.0.0.2: off loopback, so the server wants its token as on a room's network). From
there the test uses only what the program prints and what the pages show: the printed gallery
link, its "Open a class session" link, the dashboard's buttons, the join QR code read from its
picture by a real decoder (zxing-cpp), the dashboard's projector link. Never an address made
here. Five phones (390x844, touch) and two laptops, each a fresh browser (no cookie, no token),
join through the QR, arriving together; the class runs a poll (first vote, talk, revote, reveal);
a phone reloads;
each student answers their own variant of the question, sent in one click (neighbours' numbers
differ; the projector counts who knew, learned and copied, never a name);
the class auction (every device bids, the projector sets the result beside the equilibrium and the
best response); a networked Zombie table of three students and the game's bot, played with the
pages' own buttons (whose move it is read off the pages), a phone reloading mid-game; a student
opens the strategy lab from the link on their page, tests and submits the starter bot; the
teacher runs the class tournament and shows it: the projector has the standings and the lesson
so far (first vote, revote, gain); the server is restarted with the same token and a reload gets
a student back in.

On every page: no 403, no JavaScript or console error the kit does not expect, no sideways
overflow on a phone, every phone tap target at least 44 px. Each teacher action's time to every
page is written to ``tests/artifacts/lesson-from-docs-times.json``; screenshots of every page at
every step are kept beside it. Each time is read in the page itself: the moment its document first
shows the action, against the moment before the click (one clock: the same machine), so the test's
own visits to nine pages in turn add nothing to it.
"""
from __future__ import annotations

import json
import re
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from changekit.classroom.store import STORE_VARIABLE
from changekit.serving import ROOT
from changekit.testing import VoilaServer, free_port

from ..contrast import too_faint
from .helpers import ARTIFACTS, RENDER_TIMEOUT_MS, bid_from_pages, decode_qr, log_count, wait_until, watch
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CLASSROOM_HOST = "127.0.0.2"  # an address of this machine that is not 127.0.0.1: the room's network here
LIVE_MS = 30_000
LAB_MS = 120_000  # a sandboxed test run and tournament on a loaded 2-core box
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONES = ("Ada", "Bo", "Cy", "Dee", "Eli")
LAPTOPS = ("Fay", "Gus")
MIN_TAP_PX = 44
ZOMBIE = "Make Your Own Change Night"  # Zombie's name on the pages (docs/rules.md)

#: what a phone page's tap targets are (visible and not inside a chart's own toolbar)
TARGETS_JS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=hidden]), textarea, a[href], [role=button], label.widget-label-basic')]
  .filter(e => e.offsetParent !== null && !e.closest('.modebar, .ck-keeper'))
  .map(e => { const r = e.getBoundingClientRect();
              return {what: (e.innerText || e.value || e.getAttribute('aria-label') || e.tagName).slice(0, 40),
                      height: Math.round(r.height), width: Math.round(r.width)}; })
  .filter(t => t.height > 0 && t.width > 0)"""
OVERFLOW_JS = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth"


@dataclass(frozen=True)
class Shows:
    """What a page shows once a teacher's action reached it: a visible element matching
    ``selector`` (whose text contains ``text``, or is it if ``exact``; enabled if ``enabled``), or a
    game log counting more than ``log_past`` events."""
    selector: str = ""
    text: str = ""
    exact: bool = False
    enabled: bool = False
    log_past: int | None = None


#: notes in the page the moment (its clock, ms since the epoch) its document first shows a probe;
#: returns whether it already did (then the action cannot be what showed it)
PROBE_JS = """([key, probe]) => {
  const seen = (window.ckSeen ??= {});
  delete seen[key];
  const matches = e => e.checkVisibility() && !(probe.enabled && e.disabled)
    && (!probe.text || (probe.exact ? e.innerText.trim() === probe.text : e.innerText.includes(probe.text)));
  const shows = () => probe.log_past !== null
    ? Number(document.querySelector('.ck-log ol')?.getAttribute('start')) > probe.log_past
    : [...document.querySelectorAll(probe.selector)].some(matches);
  const already = shows();
  const look = () => { if (!(key in seen) && shows()) { seen[key] = Date.now(); observer.disconnect(); } };
  const observer = new MutationObserver(look);
  observer.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  look();
  return already;
}"""


def docs_command() -> list[str]:
    """The command docs/teaching.md tells a teacher to start the class server with."""
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    found = re.search(r"Start the server on the room's network: `(changekit serve [^`]*)`", guide)
    assert found, "docs/teaching.md no longer says how to start the server on the room's network"
    return shlex.split(found.group(1))


def printed_links(log: str) -> dict[str, str]:
    """The addresses ``changekit serve`` printed, by what the line above each says it is for."""
    lines = [line.strip() for line in log.splitlines()]
    links = {}
    for i, line in enumerate(lines[1:], 1):
        if line.startswith("http://"):
            said = lines[i - 1].lower()
            links["dashboard" if "dashboard" in said else "gallery" if "gallery" in said else line] = line
    return links


class Room:
    """The devices of the lesson: each a fresh browser context, watched from its first request."""

    def __init__(self, browser, name: str) -> None:
        self.browser, self.name = browser, name
        self.pages: dict[str, object] = {}
        self.watches: dict[str, object] = {}
        self.shots = ARTIFACTS / name
        self.shots.mkdir(parents=True, exist_ok=True)
        self.times: dict[str, dict[str, float]] = {}
        self.expected: dict[str, list[str]] = {}

    def device(self, who: str, kind: dict):
        page = self.browser.new_context(**kind).new_page()
        self.watches[who] = watch(page, f"{self.name}-{who}")
        self.pages[who] = page
        return page

    def snap(self, step: str) -> None:
        for who, page in self.pages.items():
            if not page.is_closed():
                page.screenshot(path=str(self.shots / f"{step}-{who}.png"))

    def expect(self, action: str, probes: dict[str, Shows]) -> None:
        """Before a teacher's click: each page in ``probes`` notes when it first shows the action."""
        already = [who for who, probe in probes.items()
                   if self.pages[who].evaluate(PROBE_JS, [action, probe.__dict__])]
        assert already == [], f"{action}: shown on {already} before the click"
        self.expected[action] = list(probes)

    def seen(self, action: str, *, clicked: float) -> None:
        """Wait until every expected page shows ``action`` and keep each page's time from the click
        (``clicked``: ``time.time()`` just before it)."""
        pending, times = list(self.expected.pop(action)), {}
        deadline = time.monotonic() + LIVE_MS / 1000
        while pending:
            for who in list(pending):
                at = self.pages[who].evaluate("key => window.ckSeen?.[key] ?? null", action)
                if at is not None:
                    times[who] = round(at / 1000 - clicked, 2)
                    pending.remove(who)
            if pending and time.monotonic() > deadline:
                self.snap(f"timeout-{action}")
                raise AssertionError(f"{action}: not seen within {LIVE_MS // 1000} s on {sorted(pending)}")
            time.sleep(0.05)
        self.times[action] = dict(sorted(times.items(), key=lambda item: item[1]))

    def act(self, action: str, probes: dict[str, Shows], button) -> None:
        """A teacher's (or a player's) click on ``button`` and its time to every page in ``probes``.
        The clicked page comes to the front first, as a window does when a person clicks in it: a
        background tab (the dashboard once the projector opened from it) draws about once a second
        and took 1-2 s to take the click."""
        button.page.bring_to_front()
        self.expect(action, probes)
        clicked = time.time()
        button.click()
        self.seen(action, clicked=clicked)

    def check_phone(self, who: str) -> None:
        page = self.pages[who]
        small = [t for t in page.evaluate(TARGETS_JS) if t["height"] < MIN_TAP_PX]
        assert small == [], f"{who}'s phone: tap targets under {MIN_TAP_PX} px: {small[:8]}"
        assert page.evaluate(OVERFLOW_JS) <= 1, f"{who}'s phone page scrolls sideways"

    def check_errors(self, *, restarted: tuple[str, ...] = ()) -> None:
        """No error the kit does not expect. After a restart, only the pages reloaded since
        (``restarted``) are held to it, and even they may show the restart's own traces: sockets
        refused or cut while the server was down, and the old page asking the new server about a
        kernel only the old one had (404). A page left open says "Connection lost" until reloaded."""
        of_the_restart = ("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET", "/voila/api/shutdown/", "/api/kernels/")
        problems = {who: [e for e in w.unexpected if not (restarted and any(m in e for m in of_the_restart))]
                    for who, w in self.watches.items() if not restarted or who in restarted}
        assert {who: e for who, e in problems.items() if e} == {}, problems

    def close(self) -> None:
        (ARTIFACTS / f"{self.name}-times.json").write_text(json.dumps(self.times, indent=1))
        for page in self.pages.values():
            page.context.close()


def open_ok(page, url: str) -> None:
    response = page.goto(url, timeout=RENDER_TIMEOUT_MS)
    assert response is not None and response.status == 200, f"{url} answered {response and response.status}"


def serve(typed: list[str], log: Path, port: int, env: dict[str, str], token: str | None = None) -> VoilaServer:
    """The typed command on this machine's room address (VoilaServer adds ``--host`` and a free
    ``--port``); ``token``: the one the first start printed, given again after a restart."""
    at = typed.index("--host")
    return VoilaServer(ROOT, log, command=tuple(typed[:at] + typed[at + 2:]), host=CLASSROOM_HOST, port=port,
                       env=env, serve_args=("--token", token) if token else (), ready="Ctrl-C stops the server")


def test_a_lesson_run_from_the_docs_alone(browser, tmp_path):
    command = docs_command()
    assert command[:3] == ["changekit", "serve", "--host"], command
    executable = str(Path(sys.executable).parent / "changekit")  # what `make app` installed
    env = {STORE_VARIABLE: f"sqlite:///{tmp_path / 'class.db'}", "XDG_DATA_HOME": str(tmp_path)}
    port = free_port()
    room = Room(browser, "lesson-from-docs")
    server = serve([executable, *command[1:]], ARTIFACTS / "lesson-from-docs-serve.log", port, env)
    try:
        links = printed_links(server.log_text())
        assert set(links) == {"dashboard", "gallery"}, server.log_text()
        assert "Voilà is running at" not in server.log_text() and "DeprecationWarning" not in server.log_text()
        token = parse_qs(urlsplit(links["gallery"]).query)["token"][0]

        # -- the teacher: the printed gallery link, then only what the pages show --
        teacher = room.device("teacher", LAPTOP)
        open_ok(teacher, links["gallery"])
        with teacher.expect_navigation(timeout=RENDER_TIMEOUT_MS) as opened:
            teacher.get_by_role("link", name="Open a class session").click(timeout=RENDER_TIMEOUT_MS)
        assert opened.value is not None and opened.value.status == 200
        teacher.get_by_role("textbox", name="Session title:").fill("Period 3", timeout=RENDER_TIMEOUT_MS)
        teacher.get_by_role("button", name="Open a new session").click()
        code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
        join_address = decode_qr(teacher.locator(".ck-qr svg").screenshot())
        assert urlsplit(join_address).netloc == f"{CLASSROOM_HOST}:{port}", join_address
        assert parse_qs(urlsplit(join_address).query) == {"code": [code], "token": [token]}
        room.snap("1-session-open")
        # the projector: the dashboard's own link, in a second window of the teacher's browser
        with teacher.context.expect_page(timeout=RENDER_TIMEOUT_MS) as opened_projector:
            teacher.get_by_role("link", name="Open the projector view").click()
        projector = opened_projector.value
        room.pages["projector"] = projector
        room.watches["projector"] = watch(projector, "lesson-from-docs-projector")
        projector.get_by_text(code).first.wait_for(timeout=RENDER_TIMEOUT_MS)
        assert decode_qr(projector.locator("svg[aria-label^='QR code']").first.screenshot()) == join_address

        # -- every student's device: a fresh browser that follows the QR, the class arriving together --
        arriving = {}
        for who in PHONES + LAPTOPS:
            page = room.device(who, PHONE if who in PHONES else LAPTOP)
            arriving[who] = page.goto(join_address, wait_until="commit", timeout=RENDER_TIMEOUT_MS)
        for who, response in arriving.items():
            status = response and response.status
            assert status == 200, f"{who}: the join page answered {status}"
            page = room.pages[who]
            page.get_by_role("textbox", name="Your name:").fill(who, timeout=RENDER_TIMEOUT_MS)
            page.get_by_role("button", name="Join the class").click()
        for who in arriving:
            room.pages[who].get_by_text(f"You are {who}").wait_for(timeout=LIVE_MS)
        count = teacher.locator(".ck-student-count", has_text=str(len(PHONES + LAPTOPS)))
        count.wait_for(timeout=LIVE_MS)
        room.snap("2-joined")
        for who in PHONES:
            room.check_phone(who)
        students = {who: room.pages[who] for who in PHONES + LAPTOPS}

        # -- a poll: open, first vote, talk, revote, reveal --
        row = teacher.locator(".ck-poll-zombie-q1")
        room.act("open a question", {who: Shows("button", "Lock in my prediction") for who in students},
                 row.get_by_role("button", name="Open", exact=True))
        room.snap("3-question-open")
        for who in PHONES:
            room.check_phone(who)
        first = {who: "$1" if i % 3 else "$3" for i, who in enumerate(students)}
        for who, page in students.items():
            box = page.locator(".ck-question-box:not(.ck-revote)")
            box.get_by_role("button", name=first[who], exact=True).click(timeout=LIVE_MS)
            box.get_by_role("button", name="Lock in my prediction").click()
        row.locator(".ck-poll-count", has_text=f"{len(students)} answers").wait_for(timeout=LIVE_MS)

        room.act("talk, then revote", {who: Shows(".ck-revote button", "$1", exact=True) for who in students},
                 row.get_by_role("button", name="Talk to your neighbour"))
        room.snap("4-talk")
        for who in PHONES:  # the revote is the task at hand: on the first screen of a phone
            box = room.pages[who].locator(".ck-revote").first.bounding_box()
            assert box is not None and box["y"] < PHONE["viewport"]["height"], f"{who}'s revote is below the fold"
        for page in students.values():
            revote = page.locator(".ck-revote")
            revote.get_by_role("button", name="$1", exact=True).click(timeout=LIVE_MS)
            revote.get_by_role("button", name="Lock in my revote").click()

        # a phone reloads mid-lesson: back at its seat with no link to reopen
        bo = room.pages["Bo"]
        bo.reload(timeout=RENDER_TIMEOUT_MS)
        bo.get_by_text("You are Bo").wait_for(timeout=RENDER_TIMEOUT_MS)

        # the kit marked the right answer when the question opened (the guide: the teacher may change it);
        # $1 is zombie.q1's answer, computed in test_zombie_kit_answers
        assert row.get_by_label("Right answer:").input_value() == "$1"
        room.act("reveal", {"projector": Shows(".ck-projector-answer", "$1"),
                            **{who: Shows("button", "Check", exact=True, enabled=True) for who in students}},
                 row.get_by_role("button", name="Reveal"))
        for page in students.values():
            check = page.get_by_role("button", name="Check").first
            page.wait_for_function("b => !b.disabled", arg=check.element_handle(), timeout=LIVE_MS)
            check.click()
            page.get_by_text("1.6086").first.wait_for(timeout=LIVE_MS)  # the exact value (test_dashboard)
            page.get_by_text("Right.").or_(page.get_by_text("Not right.")).first.wait_for(timeout=LIVE_MS)
        room.snap("5-revealed")
        # the class's chart, on the board and under each student's question: its words readable
        assert {who: too_faint(page) for who, page in room.pages.items()} == {who: [] for who in room.pages}

        # -- each student's own variant (issue 46): one click, new numbers, answered alone --
        room.act("own variants", {who: Shows(".ck-own-variant .ck-question") for who in students},
                 row.get_by_role("button", name="Send each their own variant"))
        texts, own_right = {}, {}
        for i, (who, page) in enumerate(students.items()):
            mine = page.locator(".ck-own-variant")
            texts[who] = mine.locator(".ck-question").inner_text()
            bills = mine.get_by_role("button", name=re.compile(r"^\$\d+$"))
            bills.nth(i % bills.count()).click()  # a bill each: the verdict says whether it was right
            if i % 2:  # how sure is asked, never forced
                mine.locator(".ck-confidence").get_by_role("button", name="sure", exact=True).click()
            mine.get_by_role("button", name="Lock in my answer").click()
            said = mine.locator(".ck-variant-verdict").inner_text(timeout=LIVE_MS)
            assert said.startswith(("Right", "Not this time")), (who, said)
            own_right[who] = said.startswith("Right")
        order = list(students)  # the class list, in the order they joined: neighbours differ
        assert all(texts[a] != texts[b] for a, b in zip(order, order[1:], strict=False)), texts
        # every revote was the right $1, so a wrong own answer is copied, a right one knew or learned
        knew = sum(own_right[who] and first[who] == "$1" for who in students)
        learned = sum(own_right[who] and first[who] != "$1" for who in students)
        copied = sum(not own_right[who] for who in students)
        counts = f"knew {knew}, learned {learned}, copied {copied}, still wrong 0"
        projector.locator(".ck-projector-learning", has_text=counts).wait_for(timeout=LIVE_MS)
        shown = projector.locator("body").inner_text()
        assert not [who for who in students if re.search(rf"\b{who}\b", shown)], "a name on the projector"
        teacher.get_by_role("button", name="Lesson report").click()
        learning = teacher.locator("table.ck-learning")
        learning.wait_for(timeout=LIVE_MS)
        assert all(column in learning.inner_text() for column in ("Knew", "Learned", "Copied", "Still wrong"))
        room.snap("5b-own-variants")

        # -- the class auction: every device bids, the teacher settles, the projector compares --
        room.act("auction open", {who: Shows(".ck-auction-bidder") for who in students},
                 teacher.get_by_role("button", name="Start a class auction"))
        bids = {who: ("$10", "$7", "$5", "$3", "$1")[i % 5] for i, who in enumerate(students)}
        bid_from_pages(students, bids, timeout_ms=LIVE_MS)
        teacher.get_by_text(f"{len(students)} of {len(students)} students have bid").wait_for(timeout=LIVE_MS)
        settled = Shows(".ck-projector-answer-label", "Best response to the class's bids")
        room.act("auction settled", {"projector": settled, **{who: Shows(".ck-auction-result") for who in students}},
                 teacher.get_by_role("button", name="Close bidding and settle"))
        results = teacher.locator("table.ck-auction")
        assert sorted(r.split("\t")[:2] for r in results.locator("tr").all_inner_texts()[1:]) == sorted(
            [who, bid] for who, bid in bids.items())
        for who, page in students.items():  # each page its own result: a bucket taken, or its bid cancelled
            said = page.locator(".ck-auction-result").inner_text()
            assert said.startswith(f"Bidding is closed ({len(students)} bids).") and (
                "You took the" in said or f"Your {bids[who]} was matched" in said), (who, said)
        room.snap("6-auction")
        assert too_faint(teacher) == [] and too_faint(projector) == []  # the auction's charts
        # the settled auction on the dashboard, a phone and a laptop: axe, and what axe cannot judge
        for who in ("teacher", "Ada", "Fay"):
            assert_axe_finds_nothing(room.pages[who], f"lesson-auction-settled-{who}")

        # -- a networked Zombie table: three students and the game's bot, one reload --
        sitting = ("Ada", "Bo", "Fay")
        tables = teacher.locator(".ck-class-games")
        tables.get_by_role("combobox", name="Game").first.select_option(label=ZOMBIE)
        seats = tables.get_by_role("spinbutton", name="Seats")
        wait_until(teacher, lambda: seats.is_enabled(), what="the table form ready for Zombie", timeout_ms=LIVE_MS)
        seats.fill(str(len(sitting) + 1))
        seats.press("Tab")
        wait_until(teacher, lambda: tables.get_by_label(f"Seat {len(sitting) + 1}", exact=True).count() == 1,
                   what="a picker for every seat", timeout_ms=LIVE_MS)
        for number, who in enumerate(sitting, 1):
            picker = tables.get_by_label(f"Seat {number}", exact=True)
            wait_until(teacher, lambda p=picker, n=who: n in p.locator("option").all_inner_texts(),
                       what=f"{who} offered for seat {number}", timeout_ms=LIVE_MS)
            picker.select_option(who)
        bot_seat = tables.get_by_label(f"Seat {len(sitting) + 1}", exact=True)
        bots = [o for o in bot_seat.locator("option").all_inner_texts() if o.replace("\xa0", " ").endswith(" bot")]
        assert bots, bot_seat.locator("option").all_inner_texts()
        bot_seat.select_option(label=bots[0])  # the game's own bot in the last seat
        room.act("table open", {who: Shows("b", f"Table 1: {ZOMBIE}") for who in sitting},
                 tables.get_by_role("button", name="Open the table"))
        pay = re.compile(r"^Pay \$\d+$")
        played = 0
        while played < 8:
            # whose move it is, as the pages say it (between a move and the bot's, none of them)
            deadline = time.monotonic() + LIVE_MS / 1000
            while (mover := next((who for who in sitting if room.pages[who].locator(".ck-status").first.inner_text()
                                  .strip() == "You: your move."), None)) is None:
                assert time.monotonic() < deadline, "no student's page says it is their move"
                time.sleep(0.1)
            page = room.pages[mover]
            button = page.get_by_role("button", name=pay)
            wait_until(page, lambda b=button: b.count() > 0 and b.first.is_enabled(),
                       what=f"{mover}'s page offering a bill to pay", timeout_ms=LIVE_MS)
            room.act(f"table move {played + 1} by {mover}",
                     {who: Shows(log_past=log_count(room.pages[who])) for who in sitting if who != mover},
                     button.first)
            played += 1
            if played == 4:  # Bo reloads mid-game: back at the table
                bo.reload(timeout=RENDER_TIMEOUT_MS)
                bo.get_by_text(f"Table 1: {ZOMBIE}").wait_for(timeout=RENDER_TIMEOUT_MS)
        room.snap("7-table")
        room.act("table closed", {who: Shows("i", "Table 1 is closed") for who in sitting},
                 tables.get_by_role("button", name="Close this table"))

        # -- the strategy lab from a student's page, then the class tournament on the projector --
        gus = room.pages["Gus"]
        with gus.context.expect_page(timeout=RENDER_TIMEOUT_MS) as opened_lab:
            gus.get_by_role("link", name="Open the strategy lab").click()
        lab = opened_lab.value
        room.pages["Gus-lab"] = lab
        room.watches["Gus-lab"] = watch(lab, "lesson-from-docs-Gus-lab")
        lab.get_by_role("button", name="Test my bot").click(timeout=RENDER_TIMEOUT_MS)
        lab.locator(".ck-live[aria-live='polite']", has_text="win rate").wait_for(timeout=LAB_MS)
        lab.get_by_role("button", name="Submit to class").click()
        lab.get_by_text("Submitted at").wait_for(timeout=LAB_MS)
        teacher.get_by_role("button", name="Refresh the entries").click()
        teacher.get_by_text("1 submitted for", exact=False).first.wait_for(timeout=LAB_MS)
        teacher.get_by_role("button", name="Run the tournament").click()
        teacher.locator(".ck-standings").get_by_text("Gus").first.wait_for(timeout=LAB_MS)
        room.act("standings shown", {"projector": Shows(".ck-projector-standings", "Gus"),
                                     "Gus-lab": Shows(".ck-standings", "Gus")},
                 teacher.get_by_role("button", name="Show to class with names"))
        # the lesson so far under the standings: the poll's first vote and revote, its gain
        report = projector.locator(".ck-projector-report").inner_text(timeout=LIVE_MS)
        right = sum(bid == "$1" for bid in first.values())
        assert f"first vote {round(100 * right / len(students))}% right → revote 100% right" in report, report
        room.snap("8-tournament")

        # -- the server restarts with the same token: a reload gets every student back in --
        room.check_errors()
        server.stop()
        server = serve([executable, *command[1:]], ARTIFACTS / "lesson-from-docs-serve-2.log", port, env, token)
        for who in ("Ada", "Fay"):
            page = room.pages[who]
            response = page.reload(timeout=RENDER_TIMEOUT_MS)
            assert response is not None and response.status == 200, f"{who}'s reload after the restart"
            page.get_by_text(f"You are {who}").wait_for(timeout=RENDER_TIMEOUT_MS)
        room.snap("6-after-restart")
        room.check_errors(restarted=("Ada", "Fay"))
    finally:
        room.close()
        server.stop()
