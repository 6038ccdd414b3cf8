"""``changekit`` on the command line: help, version, and ``serve`` handing over to Voila."""
from __future__ import annotations

import sys

import pytest

from changekit import __version__, cli


def test_without_a_command_it_prints_help_and_succeeds(capsys):
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: changekit") and "serve" in out


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"changekit {__version__}"


def test_a_bad_option_is_refused_with_its_name(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["serve", "--port", "eighty"])
    assert done.value.code == 2 and "--port" in capsys.readouterr().err


def test_serve_replaces_itself_with_voila_on_the_gallery(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: calls.append((path, argv)))
    monkeypatch.setattr(cli.os, "chdir", lambda folder: calls.append(("chdir", folder)))
    assert cli.main(["serve", "--port", "8123", "--host", "0.0.0.0", "--no-browser"]) == 0
    folder = cli.notebooks_dir()
    assert ("chdir", folder.parent) in calls  # voila.json (timeouts, culling) is read from there
    [(path, argv)] = [c for c in calls if c[0] != "chdir"]
    assert path == sys.executable and argv[:4] == [sys.executable, "-m", "voila", str(folder)]
    assert {"--port=8123", "--Voila.ip=0.0.0.0", "--no-browser"} <= set(argv)
    assert "http://0.0.0.0:8123/voila/render/index.ipynb" in capsys.readouterr().out
    assert (folder / "index.ipynb").exists()


def test_serve_opens_a_browser_unless_told_not_to(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: calls.append(argv))
    monkeypatch.setattr(cli.os, "chdir", lambda folder: None)
    assert cli.main(["serve"]) == 0
    [argv] = calls
    assert "--no-browser" not in argv and "--port=8866" in argv and "--Voila.ip=127.0.0.1" in argv
