"""Many visitors on one Voila server (issue 10): first-render times and memory, on loopback only.

1. Reference: a trivial one-cell notebook (``voila_trivial/trivial.ipynb``, one ipywidgets Button)
   on its own Voila server, loaded 3 times in Chromium; median first render.
2. ``voila notebooks/`` from the repository root (so ``voila.json`` applies, as ``changekit serve``):
   the gallery once, to warm the server up, then each game's notebook alone on the idle server in
   Chromium: first render (until an app button shows), and its ratio to the trivial one (skipped
   when fewer than LOAD_RESERVE_S seconds of the budget are left).
3. 20 concurrent visitors on that server, round-robin over the games, as the server sees them: 20
   HTTP requests at once; each is done when Voila has started a kernel, run the whole notebook and
   sent the last byte of the page (checked: the app's widgets in it, no error output). The
   browsers' share of a first render runs on each student's own machine, so it is measured alone
   in 2, not as 20 tabs on the server's two cores (that measures the test machine, and did not
   finish in 3 minutes here). RSS of every kernel and of the server once all pages are in, peaks.

Every browser request to a host other than 127.0.0.1 is aborted and counted (Voila asks a CDN for
Font Awesome). Bounded: 3 + 1 + games page loads and 20 requests, an overall deadline (6 minutes
unless CHANGEKIT_VOILA_LOAD_DEADLINE says otherwise), and the servers are stopped by PID in any
case (their kernels too).
"""
from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlparse

from summary import note

from changekit import all_games
from changekit.serving import CHROMIUM, CHROMIUM_ARGS, ERROR_MARKERS, NOTEBOOKS, ROOT, WIDGET_MIME, VoilaServer

HERE = Path(__file__).resolve().parent
TRIVIAL = HERE / "voila_trivial"
LOGS = ROOT / "tests" / "artifacts"
SESSIONS = 20
#: the whole benchmark, servers included; CHANGEKIT_VOILA_LOAD_DEADLINE (seconds) overrides it
DEADLINE_S = int(os.environ.get("CHANGEKIT_VOILA_LOAD_DEADLINE", "360"))
PAGE_TIMEOUT_S = 300      # one page load (the load test's pages get the rest of the budget)
LOAD_RESERVE_S = 150  # of the deadline, kept for the concurrent sessions
READY = "button.widget-button"  # every app and the trivial notebook show an ipywidgets Button


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


class Loopback:
    """Aborts every request that does not go to 127.0.0.1; counts them by host."""

    def __init__(self):
        self.blocked: dict[str, int] = {}

    async def route(self, route):
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", None):
            await route.continue_()
        else:
            self.blocked[host] = self.blocked.get(host, 0) + 1
            await route.abort()


async def first_render(browser, url: str, guard: Loopback, *, gallery: bool = False,
                       timeout_s: float = PAGE_TIMEOUT_S) -> dict:
    """Open ``url`` in a fresh context (a new visitor) and time it until an app button (for the gallery:
    its list of games) is visible."""
    context = await browser.new_context(viewport={"width": 1200, "height": 1400})
    await context.route("**/*", guard.route)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start = time.perf_counter()
    result = {"url": url, "ok": False, "seconds": None, "errors": errors}
    try:
        # Voila streams the page while the notebook runs: wait for the first bytes only, then for the app
        await page.goto(url, timeout=timeout_s * 1000, wait_until="commit")
        ready = page.get_by_role("navigation", name="games") if gallery else page.locator(READY).first
        left_ms = max(1000, (timeout_s - (time.perf_counter() - start)) * 1000)
        await ready.wait_for(state="visible", timeout=left_ms)
        result.update(ok=True, seconds=time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - a timeout is a measurement, not a crash
        result["failure"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
        result["seconds"] = time.perf_counter() - start
    await context.close()
    return result


def server_render(url: str, timeout_s: float) -> dict:
    """One visitor's page as the server delivers it: Voila starts a kernel, runs the whole notebook
    and streams the page; done when the last byte is in. Ok: HTTP 200, the app's widgets in the page,
    no error output (the markers of ``tests/voila``)."""
    start = time.perf_counter()
    result = {"url": url, "ok": False, "seconds": None, "errors": []}
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:
            page = response.read().decode("utf-8", "replace")
        result["errors"] = [m for m in ERROR_MARKERS if m in page]
        result["ok"] = response.status == 200 and WIDGET_MIME in page and not result["errors"]
        if not result["ok"]:
            result["failure"] = f"HTTP {response.status}, errors {result['errors']}, widgets {WIDGET_MIME in page}"
    except Exception as exc:  # noqa: BLE001 - a timeout is a measurement, not a crash
        result["failure"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
    result["seconds"] = time.perf_counter() - start
    return result


def log(msg: str) -> None:
    print(f"[voila_load {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


async def measure(out: dict) -> None:
    from playwright.async_api import async_playwright

    guard = Loopback()
    out["guard"] = guard
    LOGS.mkdir(parents=True, exist_ok=True)
    games = [(g.name, g.notebook_file()) for g in all_games()]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # 1. the trivial reference, on its own server (same voila.json: started in the repo root)
            with VoilaServer(TRIVIAL, LOGS / "voila-bench-trivial.log") as server:
                runs = [await first_render(browser, f"{server.url}/voila/render/trivial.ipynb", guard) for _ in range(3)]
            out["trivial"] = runs
            log(f"trivial: {[round(r['seconds'], 2) for r in runs]}")
            # 2. each notebook alone, then 3. 20 at once, on `voila notebooks/`
            server = VoilaServer(NOTEBOOKS, LOGS / "voila-bench-load.log")
            out["server"] = server
            out["server_rss_start"] = rss_mb(server.pid)
            gallery = await first_render(browser, f"{server.url}/voila/render/index.ipynb", guard, gallery=True)
            out["gallery"] = gallery
            # 3. each notebook alone on the idle server (skipped when the deadline is near: the load test comes first)
            alone = {}
            out["alone"] = alone
            for name, nb in games:
                if time.perf_counter() - out["t0"] > DEADLINE_S - LOAD_RESERVE_S:
                    log(f"skipping {name} alone: keeping the time left for the load test")
                    continue
                alone[name] = await first_render(browser, f"{server.url}/voila/render/{nb}", guard)
                log(f"alone {name}: {alone[name]['seconds']:.2f} s ok={alone[name]['ok']}")
            await asyncio.sleep(2)
            before = set(server.kernel_pids())  # the gallery's and the single visits'
            peak = {"server": 0.0, "kernels_total": 0.0}

            async def sample():
                while True:
                    s = rss_mb(server.pid) or 0.0
                    per_kernel = [m for m in (rss_mb(p) for p in server.kernel_pids() if p not in before) if m]
                    k = sum(per_kernel)
                    out["kernel_rss"] = per_kernel  # overwritten by the final snapshot below
                    peak["server"] = max(peak["server"], s)
                    peak["kernels_total"] = max(peak["kernels_total"], k)
                    await asyncio.sleep(1)

            out["peak"] = peak
            sampler = asyncio.create_task(sample())
            plan = [games[i % len(games)] for i in range(SESSIONS)]
            page_s = max(30.0, DEADLINE_S - (time.perf_counter() - out["t0"]) - 20)  # the rest of the budget
            out["page_timeout"] = page_s
            out["load"] = []  # filled as pages come up, so a deadline still leaves the finished ones
            loop = asyncio.get_running_loop()
            load_start = time.perf_counter()
            with ThreadPoolExecutor(SESSIONS) as visitors:

                async def visit(name: str, nb: str) -> None:
                    r = await loop.run_in_executor(visitors, server_render, f"{server.url}/voila/render/{nb}", page_s)
                    out["load"].append(dict(r, game=name))

                await asyncio.gather(*(visit(name, nb) for name, nb in plan))
            out["load_wall"] = time.perf_counter() - load_start
            log(f"{SESSIONS} concurrent: {sorted(round(r['seconds'], 1) for r in out['load'])}")
            for r in out["load"]:
                if not r["ok"]:
                    log(f"failed: {r['game']}: {r.get('failure')}")
            await asyncio.sleep(2)
            kernels = [p for p in server.kernel_pids() if p not in before]
            out["kernel_rss"] = [m for m in (rss_mb(p) for p in kernels) if m is not None]
            out["server_rss_loaded"] = rss_mb(server.pid)
            sampler.cancel()
        finally:
            await browser.close()


def run():
    if not Path(CHROMIUM).exists():
        return [("voila", "load test", f"skipped: no Chromium at {CHROMIUM}", "")]
    out: dict = {"t0": time.perf_counter()}
    load1 = os.getloadavg()[0]
    started = time.perf_counter()
    try:
        asyncio.run(asyncio.wait_for(measure(out), DEADLINE_S))
    except TimeoutError:  # asyncio.wait_for's, since Python 3.11
        log(f"overall deadline of {DEADLINE_S} s reached; reporting what was measured")
        out["deadline_hit"] = True
    finally:
        if "server" in out:
            out["server"].stop()
    return rows(out, load1, time.perf_counter() - started)


def fmt(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.1f} s"


def rows(out: dict, load1: float, wall: float) -> list[tuple[str, str, str, str]]:
    r: list[tuple[str, str, str, str]] = []
    r.append(("voila", "machine (cores, 1-min load average at start)", f"{os.cpu_count()} cores, load {load1:.1f}", ""))
    triv = [x["seconds"] for x in out.get("trivial", []) if x["ok"]]
    ref = statistics.median(triv) if triv else None
    r.append(("voila", "trivial notebook first render (median of 3)", fmt(ref), "reference"))
    if "gallery" in out:
        g = out["gallery"]
        r.append(("voila", "gallery (index) first render, idle server", fmt(g["seconds"]) if g["ok"] else "FAILED", ""))
    for name, x in out.get("alone", {}).items():
        ratio = f" ({x['seconds'] / ref:.1f}x trivial)" if ref and x["ok"] else ""
        r.append(("voila", f"{name} first render, idle server", (fmt(x["seconds"]) + ratio) if x["ok"] else "FAILED", ""))
        note(name, "Voila first render", (fmt(x["seconds"]) + ratio) if x["ok"] else "FAILED")
    load = out.get("load", [])
    if "load" in out:
        ok = [x["seconds"] for x in load if x["ok"]]
        pending = SESSIONS - len(load)
        r.append(("voila", f"{SESSIONS} concurrent sessions rendered by the server", f"{len(ok)}/{SESSIONS}"
                  + (f" ({pending} still loading at the deadline)" if pending else "")
                  + (f", {out['page_timeout']:.0f} s limit each" if "page_timeout" in out else ""), f"{SESSIONS}/{SESSIONS}"))
        if ok:
            r.append(("voila", f"{SESSIONS} concurrent: server render median / max (kernel start + notebook)",
                      f"{statistics.median(ok):.1f} s / {max(ok):.1f} s", ""))
        r.append(("voila", f"{SESSIONS} concurrent: load phase wall time", fmt(out.get("load_wall")), ""))
        for name in dict.fromkeys(x["game"] for x in load):
            times = [x["seconds"] for x in load if x["game"] == name and x["ok"]]
            fails = sum(1 for x in load if x["game"] == name and not x["ok"])
            text = ", ".join(filter(None, [" / ".join(f"{t:.1f}" for t in times) + " s" if times else "",
                                           f"{fails} not rendered" if fails else ""]))
            r.append(("voila", f"  {name} under load", text, ""))
        errors = sum(1 for x in load if x["errors"])
        r.append(("voila", f"{SESSIONS} concurrent: pages with error output", str(errors), "0"))
    k = out.get("kernel_rss", [])
    if k:
        r.append(("voila", f"kernel RSS median / max ({len(k)} kernels)",
                  f"{statistics.median(k):.0f} MB / {max(k):.0f} MB", ""))
        r.append(("voila", "kernels RSS total (peak while loading)",
                  f"{sum(k):.0f} MB ({out.get('peak', {}).get('kernels_total', 0):.0f} MB)", ""))
    if out.get("server_rss_start") is not None:
        loaded = out.get("server_rss_loaded")
        peak = out.get("peak", {}).get("server")
        r.append(("voila", "server RSS start / with all kernels / peak",
                  f"{out['server_rss_start']:.0f} / {f'{loaded:.0f}' if loaded else '-'} / {peak or 0:.0f} MB", ""))
    guard = out.get("guard")
    if guard is not None:
        blocked = ", ".join(f"{h} x{n}" for h, n in sorted(guard.blocked.items())) or "none"
        r.append(("voila", "requests to other hosts (aborted)", blocked, "none reached"))
    r.append(("voila", "load test wall time", f"{wall:.0f} s" + (" (deadline hit)" if out.get("deadline_hit") else ""),
              f"≤ {DEADLINE_S} s"))
    return r


if __name__ == "__main__":
    for row in run():
        print("  ".join(row))
