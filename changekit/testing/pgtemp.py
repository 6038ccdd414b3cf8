"""A throwaway PostgreSQL server for the tests and the benchmark: a fresh cluster in a temporary
folder (changekit.hub.postgres's server, in a folder that goes when it stops)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..hub.postgres import LocalPostgres, PostgresUnavailable, find_binaries

__all__ = ["PostgresUnavailable", "TemporaryPostgres", "find_binaries"]


class TemporaryPostgres(LocalPostgres):
    """``with TemporaryPostgres() as pg: connect(pg.empty_store_url())``: each call gives a store
    of its own (an empty schema, much cheaper than a database).

    ``durable=False`` (the tests) turns off the server's fsync: a commit is then safe from a
    killed client or kernel, which is what the tests check, but not from a power cut, which a
    throwaway cluster need not survive; it makes setting up and stopping the server take a second
    instead of a minute on a busy disk. The benchmark keeps PostgreSQL's durable defaults.
    """

    def __init__(self, *, durable: bool = True, max_connections: int = 200):
        self._schemas = 0
        folder = Path(tempfile.mkdtemp(prefix="changekit-pg-"))
        try:
            super().__init__(folder, durable=durable, max_connections=max_connections)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def empty_store_url(self) -> str:
        """The URL of a new, empty schema on this server: a store of its own."""
        import psycopg  # psycopg (0.1 s to import) only once a server runs: finding the binaries needs none

        self._schemas += 1
        name = f"store_{self._schemas}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (by PID), then the folder goes."""
        super().stop()
        shutil.rmtree(self.folder, ignore_errors=True)
