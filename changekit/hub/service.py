"""The class service: a JupyterHub-managed service, the only process that holds the class store.

On a hub every student has a Python prompt, so the store's URL (a database password, a SQLite
file) must not reach their servers. The hub starts this service (``python -m
changekit.hub.service``) with the store in ``$CHANGEKIT_SERVICE_STORE``; students' servers get only
its address (``$CHANGEKIT_CLASS_STORE``) and call it with their hub API token
(:class:`changekit.classroom.store.RemoteStore`). Each call runs the same
:class:`~changekit.classroom.store.Store` method, so the store's rules hold as they do on one
machine (one answer per student, seats, teacher-only actions, limits), and on top of them:

* the caller is the hub user its token names (the hub checks the token, and that it may reach
  this service): a student joins under their hub name, whatever name the page sends, and one hub
  user is one student of a session (joining again returns their seat);
* a student token sent by a student must be that student's own: no acting as another user, even
  with their token (a teacher's pages, which hold the teacher key anyway, may use any seat);
* the teacher is a hub admin or a member of the ``teachers`` group: only the teacher opens a
  session or makes a teacher-key call, or a projector read (with the session's projector key).

It also runs the strategy lab's class tournaments (:mod:`changekit.classroom.class_tournament`),
one at a time, each student's moves in the lab's sandbox: a student's server on an isolated hub
is a sandbox, and sandboxes do not nest.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from ..core.errors import ChangekitError
from ..classroom.backends import open_backend
from ..classroom.store import (
    API,
    METHODS,
    ClassroomError,
    Store,
    Student,
    connect,
    encode_result,
    name_key,
    normal_code,
)

# The store's calls and who makes each are the store's declared API (changekit.classroom.store.API,
# each method marked @remote with its caller): the service dispatches exactly those.
#: teachers' calls (a teacher key, or none to open a session): a teacher's only. So are the
#: projector's reads (its key opens counts and results only): the projector is a teacher's page,
#: opened from the dashboard in the teacher's own hub session; a student's server has no use for them
TEACHER_CALLS = frozenset(name for name, call in API.items() if call.caller in ("teacher", "projector"))
#: calls whose secret is a student token: the caller's own
STUDENT_CALLS = frozenset(name for name, call in API.items() if call.caller == "student")
#: calls a teacher key or a student token may make: the caller's own token, or a teacher's call
MEMBER_CALLS = frozenset(name for name, call in API.items() if call.caller == "member")
#: the service's own calls (not the store's): a teacher's class tournament, run here
TOURNAMENT_CALLS: dict[str, tuple[str, ...]] = {
    "start_tournament": ("code", "teacher_key", "game", "kit", "games", "seed"),
    "tournament_progress": ("code", "teacher_key", "job"),
}
#: finished tournaments kept for their teacher to fetch (the oldest go first)
KEPT_TOURNAMENTS = 20
#: a hub user's admin flag and groups are asked of the hub at most this often
ROLE_CACHE_S = 30.0
MAX_BODY_BYTES = 512 * 1024
TOKEN_HEADER = re.compile(r"(?:token|bearer)\s+(\S+)", re.IGNORECASE)


class Refused(Exception):
    """The hub identity may not make this call (HTTP 403)."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


class Seats:
    """Which student of which session each hub user is, kept in the class store's own database
    (its ``hub_seats`` table): joining again from a new page, or after the service restarted,
    returns the same seat. ``where`` is the store's URL (or, for tests, a SQLite file's path)."""

    def __init__(self, where: str | Path):
        if isinstance(where, Path):
            where.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            where = f"sqlite:///{where}"
        self._db = open_backend(where)
        with self._db.transaction(write=True) as tx:
            tx.execute("CREATE TABLE IF NOT EXISTS hub_seats (code TEXT NOT NULL, hub_user TEXT NOT NULL, "
                       "token TEXT NOT NULL, PRIMARY KEY (code, hub_user))")

    def get(self, code: str, hub_user: str) -> str | None:
        with self._db.transaction(write=False) as tx:
            row = tx.one("SELECT token FROM hub_seats WHERE code = ? AND hub_user = ?", (code, hub_user))
        return row[0] if row else None

    def put(self, code: str, hub_user: str, token: str) -> None:
        with self._db.transaction(write=True) as tx:
            tx.execute("INSERT INTO hub_seats VALUES (?, ?, ?) ON CONFLICT (code, hub_user) "
                       "DO UPDATE SET token = excluded.token", (code, hub_user, token))

    def close(self) -> None:
        self._db.close()


class Tournaments:
    """Class tournaments run by the service, one at a time in a thread of their own (they are
    long: minutes for a class); a teacher starts one and then asks how far it is."""

    def __init__(self) -> None:
        self._runner = ThreadPoolExecutor(1, thread_name_prefix="class-tournament")
        self._lock = threading.Lock()
        self._jobs: dict[tuple[str, str], dict[str, Any]] = {}

    def start(self, code: str, run: Callable[[Callable[[float], None]], Any]) -> str:
        """Queue ``run(progress)`` (it returns the standings' JSON data) for session ``code``; its job id."""
        job = secrets.token_urlsafe(12)
        state: dict[str, Any] = {"fraction": 0.0, "done": False, "standings": None, "error": None}
        with self._lock:
            self._jobs[code, job] = state
            finished = [key for key, s in self._jobs.items() if s["done"]]
            for key in finished[:max(0, len(finished) - KEPT_TOURNAMENTS)]:
                del self._jobs[key]

        def work() -> None:
            try:
                standings = run(lambda fraction: state.update(fraction=fraction))
            except ChangekitError as err:  # said to the teacher: too few entries, a bad seed ...
                state.update(error=str(err), done=True)
            except Exception as err:  # noqa: BLE001 - a failed run ends its job, never the service
                state.update(error=f"the tournament failed: {type(err).__name__}: {err}", done=True)
            else:
                state.update(standings=standings, fraction=1.0, done=True)

        self._runner.submit(work)
        return job

    def progress(self, code: str, job: Any) -> dict[str, Any]:
        with self._lock:
            state = self._jobs.get((code, job)) if isinstance(job, str) else None
        if state is None:
            raise ClassroomError("unknown-tournament", f"session {code} has no tournament {str(job)[:40]!r} here")
        if state["error"] is not None:
            raise ClassroomError("tournament-failed", state["error"])
        return {"fraction": state["fraction"], "done": state["done"], "standings": state["standings"]}


class ClassService:
    """The rules between a hub user and the store; :meth:`call` is one request's work (blocking)."""

    def __init__(self, store: Store, seats: Seats):
        self.store = store
        self.seats = seats
        self.tournaments = Tournaments()

    def call(self, hub_user: str, is_teacher: bool, method: str, arguments: dict[str, Any]) -> Any:
        if method not in METHODS and method not in TOURNAMENT_CALLS:
            raise ClassroomError("unknown-call", f"the class service has no call {method!r}")
        unknown = set(arguments) - set(METHODS.get(method) or TOURNAMENT_CALLS[method])
        if unknown:
            raise ClassroomError("bad-call", f"{method} takes no {', '.join(sorted(unknown))}")
        if (method in TEACHER_CALLS or method in TOURNAMENT_CALLS) and not is_teacher:
            raise Refused("teacher-only", f"{hub_user} is not a teacher on this hub: only the hub's admins and "
                                          f"the teachers group open class sessions and make teacher calls")
        if method in TOURNAMENT_CALLS:
            return self._tournament(method, **arguments)
        if method == "join":
            return self._join(hub_user, arguments.get("code"))
        # a teacher already holds every power over their sessions (the teacher key): their pages
        # may check a student's seat (a table's seats) as on one machine
        if method in STUDENT_CALLS and not is_teacher:
            self._check_own(hub_user, arguments.get("code"), arguments.get("token"))
        elif method in MEMBER_CALLS and not is_teacher:
            self._check_own(hub_user, arguments.get("code"), arguments.get("secret"))
        return getattr(self.store, method)(**arguments)

    def _tournament(self, method: str, *, code: Any, teacher_key: Any, job: Any = None, game: Any = None,
                    kit: Any = None, games: Any = None, seed: Any = None) -> Any:
        from ..classroom.class_tournament import class_entries  # the lab only where tournaments run
        from ..lab import tournament

        code = normal_code(code)
        self.store.students(code, teacher_key)  # the session's teacher key, or refused as the store refuses it
        if method == "tournament_progress":
            return self.tournaments.progress(code, job)
        if not isinstance(kit, list):
            raise ClassroomError("bad-call", "kit: a list of the kit bots' names")
        entries = class_entries(self.store, code, teacher_key, game, kit)  # the bots submitted now
        return self.tournaments.start(code, lambda progress: tournament(
            game, entries, games=games, seed=seed, progress=progress).to_json())

    def _join(self, hub_user: str, code: Any) -> Student:
        """Join under the hub user's name; a hub user who joined before gets their seat back."""
        code = normal_code(code)
        token = self.seats.get(code, hub_user)
        if token is not None:
            return self.store.rejoin(code, token)
        student = self.store.join(code, hub_user)
        self.seats.put(student.code, hub_user, student.token)
        return student

    def _check_own(self, hub_user: str, code: Any, secret: Any) -> None:
        owner = self.store.seat_owner(code, secret)
        if owner is None or name_key(owner) != name_key(hub_user):
            raise Refused("not-your-seat", f"{hub_user}, that seat is not yours: a hub user answers and plays "
                                           "only as themselves")


Identify = Callable[[str], Awaitable["dict[str, Any] | None"]]
IsTeacher = Callable[[str], Awaitable[bool]]


def hub_identity() -> tuple[Identify, IsTeacher]:
    """The hub's answers: the user a token names (None unless it is a user's token that may reach
    this service), and whether a user is a teacher (a hub admin or in the teachers group; asked
    with the service's own token, cached ROLE_CACHE_S)."""
    # JupyterHub's client library and tornado load only in the service's own process
    from jupyterhub.services.auth import HubAuth
    from tornado import httpclient

    hub_auth = HubAuth(cache_max_age=60)
    teacher_group = os.environ.get("CHANGEKIT_TEACHER_GROUP", "teachers")
    roles: dict[str, tuple[float, bool]] = {}
    client = httpclient.AsyncHTTPClient()

    async def identify(token: str) -> dict[str, Any] | None:
        model = await hub_auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not hub_auth.check_scopes(
                hub_auth.access_scopes, model):
            return None
        return model

    async def is_teacher(name: str) -> bool:
        cached = roles.get(name)
        if cached and time.monotonic() - cached[0] < ROLE_CACHE_S:
            return cached[1]
        response = await client.fetch(f"{hub_auth.api_url}/users/{quote(name)}",
                                      headers={"Authorization": f"token {hub_auth.api_token}"})
        model = json.loads(response.body)
        teacher = bool(model.get("admin")) or teacher_group in (model.get("groups") or [])
        roles[name] = (time.monotonic(), teacher)
        return teacher

    return identify, is_teacher


def make_app(service: ClassService, prefix: str, identify: Identify, is_teacher: IsTeacher) -> Any:
    """The service's tornado application under ``prefix`` (``/services/<name>/``)."""
    from tornado import web  # tornado only in the service's own process

    class Health(web.RequestHandler):
        def get(self) -> None:
            self.write({"ok": True})

    class Call(web.RequestHandler):
        def check_xsrf_cookie(self) -> None:  # token-authenticated API: no cookies, no forms
            pass

        def _error(self, status: int, reason: str, message: str) -> None:
            self.set_status(status)
            self.finish({"error": reason, "message": message})

        async def post(self, method: str) -> None:
            match = TOKEN_HEADER.fullmatch(self.request.headers.get("Authorization", "").strip())
            model = await identify(match.group(1)) if match else None
            if model is None:
                return self._error(403, "not-on-hub", "the class service answers the hub's users only: "
                                                      "open this page from your hub server")
            if len(self.request.body) > MAX_BODY_BYTES:
                return self._error(413, "too-large", "that request is too large for the class service")
            try:
                arguments = json.loads(self.request.body or b"{}")
            except ValueError as err:  # a 5,000-digit number is JSON, but more digits than Python reads
                return self._error(400, "bad-call", f"the call's arguments are not JSON a store call takes ({err})")
            except RecursionError:  # under the size limit, yet nested deeper than the parser goes
                return self._error(400, "bad-call", "the call's arguments are nested too deeply")
            if not isinstance(arguments, dict):
                return self._error(400, "bad-call", "the call's arguments are a JSON object")
            name = model["name"]
            teacher = await is_teacher(name)
            try:
                result = await asyncio.to_thread(service.call, name, teacher, method, arguments)
            except Refused as err:
                return self._error(403, err.reason, str(err))
            except ClassroomError as err:
                return self._error(400, err.reason, str(err))
            except TypeError as err:  # a call missing an argument the method needs
                return self._error(400, "bad-call", f"{method}: {err}")
            self.finish(encode_result(result))

    return web.Application([(prefix + "health", Health), (prefix + r"call/(\w+)", Call)])


#: where the service listens when neither $CHANGEKIT_SERVICE_BIND nor $JUPYTERHUB_SERVICE_URL says
DEFAULT_BIND = "127.0.0.1:10101"


def bind_address(environ: Mapping[str, str]) -> tuple[str, int]:
    """Where the service listens: ``$CHANGEKIT_SERVICE_BIND`` (``host:port``; on a cluster
    ``0.0.0.0:10101``), else the host and port of ``$JUPYTERHUB_SERVICE_URL`` (the hub sets it for
    the services it starts), else 127.0.0.1:10101."""
    given = environ.get("CHANGEKIT_SERVICE_BIND")
    if given:
        host, _, port = given.rpartition(":")
        if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise SystemExit(f"changekit class service: CHANGEKIT_SERVICE_BIND={given!r}: host:port, "
                             "such as 0.0.0.0:10101")
        return host.strip("[]"), int(port)
    url = urlsplit(environ.get("JUPYTERHUB_SERVICE_URL") or f"http://{DEFAULT_BIND}")
    return url.hostname or "127.0.0.1", url.port or 80


def main() -> None:
    from tornado.ioloop import IOLoop  # tornado only in the service's own process

    environ = os.environ
    for needed in ("CHANGEKIT_SERVICE_STORE", "JUPYTERHUB_API_TOKEN"):
        if not environ.get(needed):
            raise SystemExit(f"changekit class service: ${needed} is not set (docs/serving.md: the class "
                             "service's environment)")
    store_url = environ["CHANGEKIT_SERVICE_STORE"]
    host, port = bind_address(environ)
    store = connect(store_url)
    seats = Seats(store_url)  # in the class store: a restart, or a second replica, keeps every seat
    service = ClassService(store, seats)
    prefix = environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/changekit-class/")
    app = make_app(service, prefix, *hub_identity())
    app.listen(port, host)
    print(f"changekit class service: {store.where} on {host}:{port}{prefix}, hub API "
          f"{environ.get('JUPYTERHUB_API_URL', 'http://127.0.0.1:8081/hub/api')}", file=sys.stderr, flush=True)
    try:
        IOLoop.current().start()
    except KeyboardInterrupt:  # the hub stops its services with SIGINT: a stop, not a failure
        print("changekit class service: stopped", file=sys.stderr, flush=True)
    finally:
        seats.close()
        store.close()


if __name__ == "__main__":
    main()
