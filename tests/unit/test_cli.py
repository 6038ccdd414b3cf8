"""``changekit`` on the command line: help, version, ``notebooks`` (copy them out) and ``serve``
handing its options to the server."""
from __future__ import annotations

from pathlib import Path

import pytest

import changekit.serving as serving
from changekit import __version__, cli


def test_without_a_command_it_prints_help_and_succeeds(capsys):
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: changekit") and "serve" in out and "notebooks" in out


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"changekit {__version__}"


@pytest.mark.parametrize(("argv", "named"), [(["serve", "--port", "eighty"], "--port"),
                                             (["serve", "--class-size", "-3"], "--class-size")])
def test_a_bad_option_is_refused_with_its_name(argv, named, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 2 and named in capsys.readouterr().err


@pytest.fixture(autouse=True)
def class_store(tmp_path, monkeypatch):
    """`serve` opens the class store before it starts: a plain path in a temporary folder."""
    path = tmp_path / "store" / "class.db"
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", str(path))
    return path


def served(monkeypatch, argv) -> serving.ServeOptions:
    got = []
    monkeypatch.setattr(serving, "serve", got.append)
    assert cli.main(argv) == 0
    [options] = got
    return options


def test_serve_defaults_to_the_kits_gallery_on_loopback(monkeypatch):
    options = served(monkeypatch, ["serve"])
    assert options.folder == serving.NOTEBOOKS.resolve() and (options.folder / "index.ipynb").exists()
    assert (options.host, options.port, options.token, options.debug) == ("127.0.0.1", 8866, None, False)
    assert options.open_browser and options.class_size == 0 and options.lessons == ()


def test_serve_passes_every_option_on(monkeypatch, tmp_path):
    (tmp_path / "mine.ipynb").write_text("{}", encoding="utf-8")
    options = served(monkeypatch, ["serve", str(tmp_path), "--host", "0.0.0.0", "--port", "8123",
                                   "--token", "t0k", "--class-size", "30", "--lesson", "zombie",
                                   "--lesson", "cambio", "--max-kernels", "40", "--debug", "--no-browser"])
    assert options.folder == tmp_path.resolve()
    assert (options.host, options.port, options.token, options.debug) == ("0.0.0.0", 8123, "t0k", True)
    assert (options.class_size, options.lessons, options.max_kernels) == (30, ("zombie", "cambio"), 40)
    assert not options.open_browser


def test_serve_refuses_a_folder_without_notebooks(monkeypatch, tmp_path):
    monkeypatch.setattr(serving, "serve", lambda options: pytest.fail("served an empty folder"))
    with pytest.raises(SystemExit, match="no notebooks in"):
        cli.main(["serve", str(tmp_path)])


def test_notebooks_copies_every_notebook_and_never_overwrites(tmp_path, capsys):
    target = tmp_path / "lessons"
    assert cli.main(["notebooks", str(target)]) == 0
    names = sorted(p.name for p in target.glob("*.ipynb"))
    assert names == sorted(p.name for p in serving.NOTEBOOKS.glob("*.ipynb")) and "index.ipynb" in names
    assert (target / "zombie.ipynb").read_bytes() == (serving.NOTEBOOKS / "zombie.ipynb").read_bytes()
    assert f"copied {len(names)} notebooks" in capsys.readouterr().out
    (target / "zombie.ipynb").write_text("edited", encoding="utf-8")
    with pytest.raises(SystemExit, match="not overwriting"):
        cli.main(["notebooks", str(target)])
    assert Path(target / "zombie.ipynb").read_text(encoding="utf-8") == "edited"


@pytest.mark.parametrize(("argv", "said"), [
    (["serve", "--port", "0"], "a port is a whole number from 1 to 65535, got 0"),
    (["serve", "--port", "70000"], "a port is a whole number from 1 to 65535, got 70000"),
    (["serve", "--max-kernels", "0"], "expected a whole number >= 1, got 0"),
])
def test_impossible_numbers_are_refused_before_anything_starts(argv, said, monkeypatch, capsys):
    monkeypatch.setattr(serving, "serve", lambda options: pytest.fail("served"))
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 2 and said in capsys.readouterr().err


def test_a_bad_host_or_an_empty_token_off_loopback_is_a_message_not_a_traceback(tmp_path):
    import subprocess
    import sys

    for args, said in ((["--host", "999.1.1.1"], "--host '999.1.1.1' is not an address"),
                       (["--host", "0.0.0.0", "--token", ""], "would let anyone on the network in")):
        done = subprocess.run([sys.executable, "-m", "changekit.cli", "serve", "--no-browser", *args],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert done.returncode == 1 and said in done.stderr and "Traceback" not in done.stderr


def test_serve_opens_the_class_store_first_and_a_plain_path_works(monkeypatch, class_store, capsys):
    served(monkeypatch, ["serve"])
    assert class_store.exists() and f"class store sqlite:///{class_store}" in capsys.readouterr().out


@pytest.mark.parametrize(("setting", "said"), [
    ("relative/class.db", "is a relative path"),
    ("mysql://somewhere/class", "mysql"),
])
def test_a_bad_class_store_setting_stops_serve_before_it_starts(setting, said, monkeypatch):
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", setting)
    monkeypatch.setattr(serving, "serve", lambda options: pytest.fail("served with a bad class store"))
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve"])
    assert "CHANGEKIT_CLASS_STORE" in str(stopped.value) and said in str(stopped.value)
