"""``changekit hub --postgres``: the hub's own PostgreSQL in its runtime folder (changekit.hub.postgres),
a real server: made on the first start, the class store outlives a restart, stopped by PID, and
the hub's configuration names it; the options it cannot go with are refused."""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from changekit import cli
from changekit.classroom import connect
from changekit.hub import run as hub_run
from changekit.hub.postgres import LocalPostgres, PostgresUnavailable

pytestmark = pytest.mark.slow


@pytest.fixture
def runtime():
    """A folder PostgreSQL's own user may reach (as root it runs as another user; pytest's tmp_path
    sits in a folder only root may enter)."""
    folder = Path(tempfile.mkdtemp(prefix="changekit-hub-pg-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def test_the_class_store_outlives_a_restart_of_its_postgres(runtime):
    with LocalPostgres(runtime / "postgres", durable=False) as database:
        pid = database.process.pid
        store = connect(database.url())
        session = store.open_session("Period 3")
        store.join(session.code, "Ada")
        store.close()
    assert not running(pid) and (runtime / "postgres" / "data" / "PG_VERSION").exists()
    with LocalPostgres(runtime / "postgres", durable=False) as database:
        store = connect(database.url())
        assert store.students(session.code, session.teacher_key) == ["Ada"]
        store.close()


def test_a_folder_its_user_cannot_reach_is_said(tmp_path):
    if os.geteuid() != 0:  # as another user PostgreSQL runs as that user, who owns tmp_path
        with LocalPostgres(tmp_path / "postgres", durable=False) as database:
            assert database.user is None
        return
    with pytest.raises(PostgresUnavailable) as refused:  # pytest's tmp_path is in a folder only root enters
        LocalPostgres(tmp_path / "postgres", durable=False)
    assert "cannot reach" in str(refused.value) and "--runtime" in str(refused.value)


def test_the_hub_starts_with_its_postgres_and_stops_it(runtime, monkeypatch, capsys):
    started = {}

    class Hub:  # the jupyterhub process, as far as `changekit hub` sees it
        pid = 4242

        def __init__(self, config, runtime):
            started["config"] = Path(config).read_text()
            started["database"] = [p for p in _postgres_pids(runtime) if running(p)]

        def wait(self):
            return 0

    monkeypatch.setattr(hub_run, "start_jupyterhub", Hub)
    monkeypatch.setattr(hub_run, "find_proxy", lambda: "/opt/chp")
    monkeypatch.setattr(hub_run.HubOptions, "resolved",
                        lambda self, find_proxy_now=False: _resolved(self))
    try:
        assert cli.main(["hub", "--postgres", "--runtime", str(runtime), "--allow-root"]) == 0
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    out = capsys.readouterr().out
    assert "the class store's PostgreSQL" in out
    # the service holds the local server's URL (a socket in the runtime folder); students never see it
    assert f"postgresql://postgres@/postgres?host={(runtime / 'postgres').resolve()}" in started["config"]
    assert started["database"] and not any(running(p) for p in started["database"])  # stopped with the hub


def _postgres_pids(runtime: Path) -> list[int]:
    """The postgres processes of the cluster in ``runtime`` (other tests run servers of their own)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                if argv[0].endswith(b"/postgres") and any(str(runtime).encode() in arg for arg in argv):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


_REAL_RESOLVED = hub_run.HubOptions.resolved


def _resolved(options):
    from dataclasses import replace

    return _REAL_RESOLVED(replace(options, proxy="/opt/chp"))


@pytest.mark.parametrize("extra", [["--store", "sqlite:////tmp/x.db"], ["--write-config", "/tmp/nowhere-cfg"]])
def test_postgres_goes_with_neither_a_store_nor_write_config(extra, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["hub", "--postgres", "--allow-root", *extra])
    assert "--postgres starts the hub's own PostgreSQL" in str(done.value.code)
    assert not Path("/tmp/nowhere-cfg").exists()


def test_a_bad_option_with_postgres_starts_nothing(tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["hub", "--postgres", "--runtime", str(tmp_path / "hub"), "--allow-root", "--password", "short"])
    assert "--password: the class password needs at least" in str(done.value.code)
    assert not (tmp_path / "hub" / "postgres").exists() and not _postgres_pids(tmp_path)
