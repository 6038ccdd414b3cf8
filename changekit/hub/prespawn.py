"""A class's servers ready before the bell (``changekit hub --roster FILE``): the hub's equivalent of
``changekit serve --class-size``. Before the class arrives, every student on the roster gets their
hub user and a running server, started a few at a time through the hub's API with the kit's own
service token (``changekit-admin``, in the private configuration). A student who then logs in with
their roster name finds their server up: the spawn (seconds each, tens of seconds when a class
arrives at once on a small machine) is paid before the bell.
"""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..classroom.store import name_key
from .config import USER_NAME, HubError
from .pool import POOL_ROUTE

#: servers starting at once (a spawn is mostly CPU: more at once only makes each slower)
SPAWNS_AT_ONCE = 4
#: how long a pre-spawn waits for one server to be ready
READY_TIMEOUT_S = 300.0


def read_roster(path: Path, teacher: str) -> tuple[str, ...]:
    """The hub user names in a roster file: one a line, blank lines and ``#`` comments skipped,
    lower-cased as the hub's login lower-cases them. Refused with the line: a name that is no hub
    user name, the teacher's, a repeat, or a look-alike of another (they would clash at the login)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise HubError(f"--roster {path}: cannot read it ({err})") from None
    names: list[str] = []
    keys: dict[str, str] = {name_key(teacher): teacher}
    for number, line in enumerate(lines, 1):
        name = line.split("#", 1)[0].strip().lower()
        if not name:
            continue
        if not USER_NAME.fullmatch(name):
            raise HubError(f"--roster {path}, line {number}: {name!r} is not a hub user name (1-40 lower-case "
                           "letters, digits, '.', '_' or '-', starting with a letter or digit)")
        clash = keys.get(name_key(name))
        if clash is not None:
            what = "the teacher's name" if clash == teacher else (
                "listed twice" if clash == name else f"a look-alike of {clash!r}")
            raise HubError(f"--roster {path}, line {number}: {name!r} is {what}")
        keys[name_key(name)] = name
        names.append(name)
    if not names:
        raise HubError(f"--roster {path}: no names in it")
    return tuple(names)


@dataclass
class HubAPI:
    """The hub's REST API at ``url`` (``http://host:port/hub/api``) with a token."""

    url: str
    token: str

    def call(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data, method=method,
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as err:
            text = err.read()
            try:
                return err.code, json.loads(text) if text else None
            except ValueError:
                return err.code, text.decode(errors="replace")


def prespawn(api: HubAPI, names: Iterable[str], *, at_once: int = SPAWNS_AT_ONCE,
             said: Callable[[str], None] = print, servers: HubAPI | None = None) -> dict[str, float]:
    """Create the users ``names`` (those missing) and start each one's server, ``at_once`` at a
    time; seconds until each was ready, with its pre-rendered pages (:mod:`changekit.hub.pool`)
    when ``servers`` (the hub's public address with the same token) is given. A server that
    fails is said and left out."""
    names = list(names)
    status, answer = api.call("POST", "/users", {"usernames": names})
    if status not in (201, 409):  # 409: every one of them exists already
        raise HubError(f"the hub refused to create the roster's users: HTTP {status} {answer}")
    started = time.monotonic()

    def ready(name: str) -> float | None:
        status, answer = api.call("POST", f"/users/{quote(name)}/server")
        if status not in (201, 202, 400):  # 400: already running (or starting)
            said(f"changekit: {name}'s server was not started: HTTP {status} {answer}")
            return None
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            status, model = api.call("GET", f"/users/{quote(name)}")
            server = (model.get("servers") or {}).get("") if isinstance(model, dict) else None
            if server and server.get("ready"):
                return pages_ready(name, deadline) if servers else time.monotonic() - started
            if status == 200 and not server:  # it stopped: the spawn failed (the hub's log says why)
                said(f"changekit: {name}'s server failed to start (see the hub's log)")
                return None
            time.sleep(0.5)
        said(f"changekit: {name}'s server was not ready in {READY_TIMEOUT_S:.0f} s")
        return None

    def pages_ready(name: str, deadline: float) -> float | None:
        assert servers is not None
        while time.monotonic() < deadline:
            status, state = servers.call("GET", f"/user/{quote(name)}/{POOL_ROUTE}")
            if status == 200 and isinstance(state, dict) and all(
                    page.get("ready", 0) + page.get("handed_out", 0) >= page.get("pages", 0)
                    for page in state.values()):
                return time.monotonic() - started
            time.sleep(0.5)
        said(f"changekit: {name}'s pages were not rendered in {READY_TIMEOUT_S:.0f} s")
        return None

    with ThreadPoolExecutor(max(1, at_once)) as pool:
        seconds = dict(zip(names, pool.map(ready, names), strict=True))
    return {name: s for name, s in seconds.items() if s is not None}
