"""The hub's login folds names as the class store does (changekit.hub.auth): a name that looks
like another hub user's is refused with the reason, on the hub's own database and with the hub's
own shared-password check (issue 44: ``аda``, with a Cyrillic ``а``, was let in beside ``ada``)."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from jupyterhub import orm
from tornado import web

from changekit.hub.auth import ClassAuthenticator

CYRILLIC_A = "\u0430"


@pytest.fixture
def hub_db():
    db = orm.new_session_factory("sqlite:///:memory:")()
    for name in ("ada", "ms-lee"):
        db.add(orm.User(name=name))
    db.commit()
    yield db
    db.close()


def login(db, username, password="class-password"):
    authenticator = ClassAuthenticator(user_password="class-password", admin_password="t" * 40,
                                       admin_users={"ms-lee"}, allow_all=True)
    return asyncio.run(authenticator.get_authenticated_user(SimpleNamespace(db=db),
                                                            {"username": username, "password": password}))


def test_a_look_alike_of_a_hub_users_name_is_refused_with_the_reason(hub_db):
    spoof = CYRILLIC_A + "da"
    assert spoof != "ada"
    with pytest.raises(web.HTTPError) as refused:
        login(hub_db, spoof)
    assert refused.value.status_code == 403
    assert refused.value.get_message() == (f"The name {spoof!r} looks like 'ada', a name already on this hub: "
                                           "log in with your own name, spelled differently")
    for other in ("ADA", "Ａda", "ada\u200b"):  # case is JupyterHub's own folding; width and invisibles ours
        if other.lower() != "ada":
            with pytest.raises(web.HTTPError):
                login(hub_db, other)


def test_the_same_name_and_new_names_log_in(hub_db):
    assert login(hub_db, "ada")["name"] == "ada"  # a student coming back
    assert login(hub_db, "Ada")["name"] == "ada"  # JupyterHub lower-cases first
    assert login(hub_db, "bo")["name"] == "bo"
    assert login(hub_db, "bo", password="wrong password") is None  # the password is still checked


def test_a_name_with_percent_signs_is_data_not_a_format(hub_db):
    hub_db.add(orm.User(name="100%ada"))
    hub_db.commit()
    with pytest.raises(web.HTTPError) as refused:
        login(hub_db, "100%" + CYRILLIC_A + "da")
    assert "'100%ada'" in refused.value.get_message()
