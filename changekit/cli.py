"""``changekit`` command: ``changekit serve`` runs the Voila gallery; ``--version``."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import __version__


def notebooks_dir() -> Path:
    """The notebooks folder next to the package (a clone or an editable install)."""
    here = Path(__file__).resolve().parent.parent / "notebooks"
    if not (here / "index.ipynb").exists():
        raise SystemExit(f"changekit: no notebooks folder at {here}; run from a clone of the repository")
    return here


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="changekit", description="Teaching games of chance and strategy.")
    parser.add_argument("--version", action="version", version=f"changekit {__version__}")
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the gallery of game apps with Voila")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    if args.command != "serve":
        parser.print_help()
        return 0
    folder = notebooks_dir()
    command = [
        sys.executable, "-m", "voila", str(folder), f"--port={args.port}", f"--Voila.ip={args.host}",
        "--show_tracebacks=True",
    ]
    if args.no_browser:
        command.append("--no-browser")
    print(f"changekit: the gallery is at http://{args.host}:{args.port}/voila/render/index.ipynb", flush=True)
    os.chdir(folder.parent)  # voila.json there holds the timeouts and kernel culling
    os.execv(sys.executable, command)
    return 0  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
