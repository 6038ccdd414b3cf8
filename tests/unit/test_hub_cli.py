"""``changekit hub``'s command line: its help shows the defaults (from HubOptions, the one place
they are set), and a refused ``--postgres`` start leaves no folder behind."""
from __future__ import annotations

import pytest

from changekit import cli
from changekit.hub import run as hub_run
from changekit.hub.config import HubOptions
from changekit.hub.postgres import PostgresUnavailable


def test_help_shows_the_defaults(capsys):
    with pytest.raises(SystemExit):
        cli.main(["hub", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for flag, default in (("--teacher", HubOptions.teacher), ("--host", HubOptions.host),
                          ("--port", HubOptions.port), ("--mem-limit", HubOptions.mem_limit),
                          ("--idle-timeout", HubOptions.idle_timeout)):
        after = text.split(f"{flag} {flag.strip('-').upper().replace('-', '_')} ", 1)[1]
        help_text = after.split(" --", 1)[0]
        assert f"(default: {default})" in help_text, flag
    assert "(default: generated)" in text and "(default: ~/.local/share/changekit/hub)" in text


def test_a_refused_postgres_start_leaves_no_empty_folder(tmp_path, monkeypatch):
    made = []

    class Refusing:
        """As LocalPostgres when PostgreSQL's user cannot reach the folder: made first, then refused."""

        def __init__(self, folder):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            made.append(folder)
            raise PostgresUnavailable(f"PostgreSQL runs as 'postgres' here, who cannot reach {folder.parent}")

    monkeypatch.setattr(hub_run, "LocalPostgres", Refusing)
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "a-file").write_text("x")
    runtime = tmp_path / "kept" / "new" / "runtime"
    with pytest.raises(SystemExit) as refused:
        cli.main(["hub", "--postgres", "--runtime", str(runtime), "--allow-root", "--password", "class-pass"])
    assert str(refused.value.code).startswith("changekit: --postgres: PostgreSQL runs as 'postgres'")
    assert made == [runtime.resolve() / "postgres"]
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["a-file"]  # what was there stays
