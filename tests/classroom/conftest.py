"""Every class-store test runs twice: on a SQLite file and on a real PostgreSQL server that this
test session starts in a temporary folder (on a Unix socket there) and stops by PID."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.testing.pgtemp import PostgresUnavailable, TemporaryPostgres


@pytest.fixture(scope="session")
def postgres():
    try:
        server = TemporaryPostgres(durable=False)
    except PostgresUnavailable as err:
        pytest.fail(f"the class-store tests need a PostgreSQL server and could not start one: {err}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty store of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/class.db"
    return request.getfixturevalue("postgres").empty_store_url()


@pytest.fixture
def store(store_url):
    with connect(store_url) as opened:
        yield opened
