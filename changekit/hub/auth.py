"""The kit's hub login: JupyterHub's shared-password login, with students' names folded as the
class store folds them (:func:`changekit.classroom.store.name_key`: letter case, width, accents,
invisible characters, look-alike letters). A name that folds to the same key as another hub
user's (``аda`` with a Cyrillic ``а`` beside ``ada``) is refused at the login page, saying so: on
the hub a student's hub name is their name in every class, and two look-alike students could not
be told apart on the teacher's dashboard or the projector.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from tornado import web

from ..classroom.store import name_key


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` (hub users' names) that folds to ``name``'s key but is another
    name, or None.

    >>> look_alike("\u0430da", ["bo", "ada"]), look_alike("ada", ["ada"]), look_alike("cy", ["ada"])
    ('ada', None, None)
    """
    key = name_key(name)
    return next((other for other in others if other != name and name_key(other) == key), None)


class ClassAuthenticator(SharedPasswordAuthenticator):
    """Shared-password logins; a new name that looks like an existing user's is refused (403)."""

    async def authenticate(self, handler: Any, data: dict[str, Any]) -> Any:
        name = self.normalize_username(str(data.get("username") or ""))
        if name:
            from jupyterhub import orm  # the hub's own models: only inside a running hub

            others = [row[0] for row in handler.db.query(orm.User.name)]
            clash = look_alike(name, others)
            if clash is not None:
                self.log.warning("Refused login %r: it looks like the hub user %r", name, clash)
                # the name is what a person typed: passed as an argument, never a format string
                raise web.HTTPError(403, "%s", f"The name {name!r} looks like {clash!r}, a name already on this "
                                               "hub: log in with your own name, spelled differently")
        return await super().authenticate(handler, data)
