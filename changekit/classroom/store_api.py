"""The class store's declared API: which of its methods a page may call through the class service.

Each domain module of the store marks its public calls with :func:`remote`, naming whose secret
the call takes. The one list this makes (:func:`declared_calls`) is what the class service
dispatches (:mod:`changekit.hub.service`, which checks each call's secret by its kind) and what
:class:`~changekit.classroom.store.RemoteStore` is made of: a method added to the store is reachable
on a hub by declaring it once, and a method not declared is reachable nowhere but on one machine.

>>> class Example:
...     @remote("teacher")
...     def students(self, code, teacher_key): ...
>>> declared_calls(Example)["students"]
Call(name='students', parameters=('code', 'teacher_key'), caller='teacher')
"""
from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

#: who may make a call, and the parameter that carries their secret: the teacher (the teacher key;
#: ``open_session`` makes one, so it takes none), the projector (its read-only key), a student (their
#: own token), a member of the session (the teacher key or a student's token), or anyone (joining)
SECRETS: dict[str, str | None] = {"teacher": "teacher_key", "projector": "projector_key", "student": "token",
                                  "member": "secret", "anyone": None}
MARK = "_store_call"
Method = TypeVar("Method", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Call:
    """One declared call: the method's name, its parameters after ``self`` in order, and who makes it."""

    name: str
    parameters: tuple[str, ...]
    caller: str


def remote(caller: str) -> Callable[[Method], Method]:
    """Declare a store method a call of the class service, made by ``caller`` (a key of
    :data:`SECRETS`). Refused (TypeError, when the module loads) unless the method takes that
    caller's secret, and no other kind of secret, by its name."""
    if caller not in SECRETS:
        raise TypeError(f"a store call is made by one of {sorted(SECRETS)}, not {caller!r}")

    def declare(method: Method) -> Method:
        parameters = tuple(inspect.signature(method).parameters)[1:]
        secrets = {p for p in parameters if p in SECRETS.values()}
        wanted = SECRETS[caller]
        if secrets - {wanted} or (wanted is not None and wanted not in secrets and caller != "teacher"):
            raise TypeError(f"{method.__name__}: a {caller}'s call takes {wanted or 'no secret'}, "
                            f"not {', '.join(sorted(secrets)) or 'none'}")
        setattr(method, MARK, caller)
        return method

    return declare


def declared_calls(cls: type) -> dict[str, Call]:
    """The calls ``cls`` and its bases declare (:func:`remote`), by name."""
    calls = {}
    for name, method in inspect.getmembers(cls, inspect.isfunction):
        caller = getattr(method, MARK, None)
        if caller is not None:
            calls[name] = Call(name, tuple(inspect.signature(method).parameters)[1:], caller)
    return calls
