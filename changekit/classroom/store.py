"""The class store: sessions, students, their answers and game tables, shared by every kernel.

Every method is one transaction, committed before it returns (nothing is lost when a kernel or the
server stops right after). Secrets (the teacher key, each student's token) leave the store once,
when made; it keeps only their SHA-256 hashes and compares with ``hmac.compare_digest``. A student
token is ``<student id>.<secret>``, so the store finds the student by id and compares one hash.
The projector's key (:meth:`Store.projector_key`) opens only reads that carry no name.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = connect(f"sqlite:///{folder}/class.db")
>>> session = store.open_session("Period 3")
>>> ada = store.join(session.code, "Ada")
>>> store.submit(session.code, ada.token, "zombie-q1", 0.25)
>>> store.submit(session.code, ada.token, "zombie-q1", 0.5)   # replaces her first answer
>>> store.answers(session.code, session.teacher_key, "zombie-q1")
{'Ada': 0.5}
>>> store.close()
"""
from __future__ import annotations

import inspect
import json
import os
import urllib.error
import urllib.request
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from ..core.errors import ClassroomError
from .backends import open_backend
from .names import name_key
from .referee import SeatView
from .report import ExperimentResult, LearningRow, ReportRow
from .store_api import Call, declared_calls
from .store_base import (CODE_ALPHABET, CODE_LENGTH, MAX_NAME_CHARS, MAX_VALUE_BYTES, check_name, check_value,
                         normal_code)
from .store_export import ExportStore
from .store_lab import LabStore
from .store_polls import PollStore, answer_cap
from .store_projector import ProjectorStore
from .store_records import (BotEntry, ClassSnapshot, GameTable, Poll, ProjectorPoll, ProjectorSnapshot, QuestionState,
                            Session, Student, TableMove, VariantAnswer)
from .store_reports import ReportStore
from .store_sessions import SessionStore
from .store_tables import TableStore
from .store_variants import VariantStore

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "MAX_NAME_CHARS", "MAX_VALUE_BYTES", "STORE_VARIABLE", "API",
           "METHODS", "LOCAL_METHODS", "BotEntry", "ClassSnapshot", "ClassroomError", "GameTable", "Poll",
           "ProjectorPoll", "ProjectorSnapshot", "QuestionState", "RemoteStore", "Session", "Store", "Student",
           "TableMove", "VariantAnswer", "answer_cap", "check_name", "check_store_setting", "check_value", "connect",
           "data_folder", "decode_result", "default_url", "encode_result", "name_key", "normal_code"]

#: environment variable naming the store for every kernel on a machine (a hub sets it)
STORE_VARIABLE = "CHANGEKIT_CLASS_STORE"


def default_url() -> str:
    """Where ``changekit serve`` keeps the class store: ``$CHANGEKIT_CLASS_STORE`` when set (a hub
    points every kernel at one PostgreSQL database that way), else the SQLite file
    ``changekit/class.db`` in the user's data folder (``$XDG_DATA_HOME``, or ``~/.local/share``).

    >>> default_url().split("://")[0] in ("sqlite", "postgresql", "postgres")
    True
    """
    if os.environ.get(STORE_VARIABLE):
        return os.environ[STORE_VARIABLE]
    return f"sqlite:///{data_folder() / 'class.db'}"


def data_folder() -> Path:
    """The kit's folder in the user's data folder (``$XDG_DATA_HOME``, or ``~/.local/share``): the
    class store's default file, the server's login-cookie key."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share").absolute() / "changekit"


def check_store_setting() -> str:
    """Open (creating or upgrading) the class store :func:`default_url` names, then close it; its
    URL without a password. ``changekit serve`` calls it before it starts, so a bad
    ``$CHANGEKIT_CLASS_STORE`` is said at once, not when the teacher opens a session: raises
    ClassroomError naming what is wrong (a relative path, an unknown scheme, an unreachable or
    damaged store)."""
    url = default_url()
    try:
        with connect(url) as store:
            return store.where
    except ClassroomError as err:
        where = f"${STORE_VARIABLE}" if os.environ.get(STORE_VARIABLE) else "the default class store"
        raise ClassroomError(err.reason, f"{where}: {err}") from None


def connect(url: str | None = None) -> Store:
    """Open the class store at ``url`` (default: :func:`default_url`), creating or upgrading its
    schema: ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` or
    ``postgresql://user:password@host:port/database``; on a hub, ``http(s)://`` names the class
    service that holds the store (:class:`RemoteStore`)."""
    url = url if url is not None else default_url()
    if isinstance(url, str) and url.startswith(("http://", "https://")):
        return RemoteStore(url)
    return Store(open_backend(url))


class Store(SessionStore, PollStore, VariantStore, ReportStore, TableStore, LabStore, ProjectorStore, ExportStore):
    """The class store on one database connection (thread-safe: one transaction at a time), each
    domain a module of its own (:mod:`.store_sessions`, :mod:`.store_polls`, ...). Open it with
    :func:`connect`; close it with :meth:`close` or a ``with`` block."""


# ---- the class store through a class service (a hub) --------------------------------------------
# On a hub every student has a Python prompt, so no student's server may hold the store's URL:
# ``$CHANGEKIT_CLASS_STORE`` is the class service's address (``http://...``) and
# :func:`~changekit.classroom.store.connect` returns a :class:`RemoteStore`. It has every call the
# store declares (:data:`API`: polls, tables, the auction call them unchanged); each is one HTTP
# request carrying the server's hub API token (``$JUPYTERHUB_API_TOKEN``), and the service calls
# the same method of the real store as that hub user. Its refusals come back as the same
# ``ClassroomError`` (same reason, same words).
#
# The wire format is JSON both ways: ``POST <service>/call/<method>`` with the method's keyword
# arguments; the answer is :func:`encode_result` of what the method returned, or ``{"error": reason,
# "message": ...}`` with status 400 (403 when the hub identity may not make the call).

#: the store's calls a page may make through the service, each with its parameters and who makes
#: it (:func:`~changekit.classroom.store_api.remote`): the service dispatches these, RemoteStore
#: has these, and the service checks each caller's secret by the call's kind
API: dict[str, Call] = declared_calls(Store)
#: Store methods that never go to the service: the page's own (where, close) and the service's own
#: check of whose a secret is (it asks it before every call a student makes)
LOCAL_METHODS = frozenset({"close", "seat_owner"})
#: the declared calls' parameter names in order, by name
METHODS: dict[str, tuple[str, ...]] = {name: call.parameters for name, call in API.items()}
_UNDECLARED = {name for name, _ in inspect.getmembers(Store, inspect.isfunction)
               if not name.startswith("_") and name not in API and name not in LOCAL_METHODS}
if _UNDECLARED:  # a public method is either a call (declared with @remote) or the page's own
    raise TypeError(f"Store methods neither declared calls (@remote) nor local: {sorted(_UNDECLARED)}")
RECORDS = {cls.__name__: cls for cls in (Session, Student, BotEntry, QuestionState, Poll, GameTable, TableMove,
                                         ReportRow, ProjectorPoll, SeatView, VariantAnswer, LearningRow,
                                         ExperimentResult, ClassSnapshot, ProjectorSnapshot)}
SERVICE_TIMEOUT_S = 10.0
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"


def encode_result(value: Any) -> dict[str, Any]:
    """A store method's result as JSON: a record (or a list of them) tagged with its class name."""
    if type(value).__name__ in RECORDS and isinstance(value, RECORDS[type(value).__name__]):
        return {"record": type(value).__name__, "value": asdict(value)}
    if isinstance(value, list) and value and all(type(v).__name__ in RECORDS for v in value):
        return {"records": type(value[0]).__name__, "value": [asdict(v) for v in value]}
    return {"value": value}


def decode_result(body: dict[str, Any]) -> Any:
    if "record" in body:
        return _record(body["record"], body["value"])
    if "records" in body:
        return [_record(body["records"], item) for item in body["value"]]
    return body.get("value")


def _record(name: str, value: dict[str, Any]) -> Any:
    cls = RECORDS.get(name)
    if cls is None or not isinstance(value, dict):
        raise ClassroomError("store-failed", f"the class service sent an unknown record {name!r}")
    nested: dict[str, type] = getattr(cls, "NESTED", {})  # fields holding records (a snapshot's questions)
    given: dict[str, Any] = {f.name: value[f.name] for f in fields(cls) if f.name in value}
    for name, inner in nested.items():
        if isinstance(given.get(name), list):
            given[name] = [inner(**item) if isinstance(item, dict) else item for item in given[name]]
    return cls(**given)


def _service_call(call: Call) -> Any:
    """The method of :class:`RemoteStore` for the declared ``call``: the store method's signature
    and words, its arguments bound as the store method binds them (a wrong one is the same
    TypeError, raised here) and sent by name."""
    local = getattr(Store, call.name)
    signature = inspect.signature(local)

    def through_the_service(self: RemoteStore, *args: Any, **kwargs: Any) -> Any:
        arguments = signature.bind(self, *args, **kwargs).arguments
        del arguments["self"]
        return self.call(call.name, **arguments)

    through_the_service.__name__ = call.name
    through_the_service.__qualname__ = f"RemoteStore.{call.name}"
    through_the_service.__doc__ = local.__doc__
    through_the_service.__signature__ = signature  # type: ignore[attr-defined]
    return through_the_service


def _made_of_the_api(cls: type[RemoteStore]) -> type[RemoteStore]:
    """RemoteStore with one method per declared call (:data:`API`), and no other of Store's."""
    for name in API:
        setattr(cls, name, _service_call(API[name]))
    return cls


@_made_of_the_api
class RemoteStore(Store):
    """The class store behind the class service at ``url`` (``http(s)://.../services/<name>/``),
    called as this server's hub user (``token``, default ``$JUPYTERHUB_API_TOKEN``): every call of
    :data:`API`, each one request."""

    def __init__(self, url: str, token: str | None = None):  # no database here: nothing of Store.__init__
        self.url = url if url.endswith("/") else url + "/"
        self._token = token if token is not None else os.environ.get(TOKEN_VARIABLE, "")
        if not self._token:
            raise ClassroomError("store-unreachable", f"the class store is the class service {self.url}, which needs "
                                                      f"this server's hub identity (${TOKEN_VARIABLE} is not set)")

    @property
    def where(self) -> str:
        return self.url

    def close(self) -> None:
        pass

    def call(self, method: str, **arguments: Any) -> Any:
        """POST one store call to the service; its result, or the ClassroomError it said."""
        request = urllib.request.Request(
            f"{self.url}call/{method}", data=json.dumps(arguments).encode(), method="POST",
            headers={"Authorization": f"token {self._token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=SERVICE_TIMEOUT_S) as response:
                return decode_result(json.loads(response.read()))
        except urllib.error.HTTPError as err:
            try:
                body = json.loads(err.read())
                reason, message = str(body["error"]), str(body["message"])
            except (ValueError, KeyError, TypeError):
                reason, message = "store-failed", f"the class service {self.url} answered {err.code} {err.reason}"
            raise ClassroomError(reason, message) from None
        except (OSError, ValueError) as err:
            raise ClassroomError("store-unreachable", f"cannot reach the class service {self.url}: {err}") from None

