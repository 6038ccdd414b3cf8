"""``changekit`` command: ``serve`` the gallery with Voila, copy the ``notebooks`` out to edit them.

    changekit serve                       # the gallery on http://127.0.0.1:8866
    changekit serve --host 0.0.0.0        # for a classroom: a token is generated and printed
    changekit serve --class-size 30 --lesson zombie   # 30 pre-rendered Zombie pages, ready before the bell
    changekit notebooks my-lessons        # copy the notebooks to edit them...
    changekit serve my-lessons            # ...and serve the edited copy
    changekit hub --teacher ms-lee        # a JupyterHub for the class (docs/serving.md)
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from . import __version__, serving
from .hub import run as hub_run


def _positive(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text}")
    return value


def _at_least_one(text: str) -> int:
    value = _positive(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text}")
    return value


def _port(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, got {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="changekit", description="Teaching games of chance and strategy.")
    parser.add_argument("--version", action="version", version=f"changekit {__version__}")
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the gallery of game apps with Voila",
                           description="Serve the gallery (or a folder of edited notebooks) with Voila.")
    serve.add_argument("folder", nargs="?", type=Path, help="notebooks to serve (default: the kit's own)")
    serve.add_argument("--port", type=_port, default=8866, help="the port to listen on (1-65535)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on; any but loopback (e.g. 0.0.0.0) requires a token")
    serve.add_argument("--token", help="the token visitors need (default: none on loopback, generated otherwise)")
    serve.add_argument("--class-size", type=_positive, default=0, metavar="N",
                       help="pre-start and pre-render N pages of each --lesson, ready before the class arrives")
    serve.add_argument("--lesson", action="append", default=[], metavar="NAME",
                       help="the notebook the class will open (e.g. zombie); repeat for several")
    serve.add_argument("--max-kernels", type=_at_least_one, default=None, metavar="K",
                       help="at most K pages at once (default: what 80%% of free memory holds)")
    serve.add_argument("--debug", action="store_true", help="show Python tracebacks to visitors")
    serve.add_argument("--no-browser", action="store_true")
    serve.add_argument("--voila-arg", action="append", default=[], help=argparse.SUPPRESS)  # tests
    notebooks = sub.add_parser("notebooks", help="copy the kit's notebooks into a folder, to edit them")
    notebooks.add_argument("folder", type=Path)
    hub_run.add_parser(sub)
    return parser


def copy_notebooks(target: Path) -> list[Path]:
    """Copy the kit's notebooks into ``target`` (created if missing); never overwrites a file."""
    sources = sorted(serving.NOTEBOOKS.glob("*.ipynb"))
    clashes = [target / src.name for src in sources if (target / src.name).exists()]
    if clashes:
        raise SystemExit("changekit: not overwriting " + ", ".join(str(p) for p in clashes))
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for src in sources:
        shutil.copyfile(src, target / src.name)
        copied.append(target / src.name)
    return copied


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "notebooks":
        copied = copy_notebooks(args.folder)
        print(f"changekit: copied {len(copied)} notebooks to {args.folder}; serve them with "
              f"'changekit serve {args.folder}'")
        return 0
    if args.command == "hub":
        return hub_run.run(args)
    if args.command != "serve":
        build_parser().print_help()
        return 0
    folder = (args.folder or serving.NOTEBOOKS).resolve()
    if not any(folder.glob("*.ipynb")):
        raise SystemExit(f"changekit: no notebooks in {folder}")
    from changekit.classroom.store import ClassroomError, check_store_setting  # only serve opens a store
    try:  # a bad $CHANGEKIT_CLASS_STORE is said now, not when the teacher opens a session
        print(f"changekit: class store {check_store_setting()}")
    except ClassroomError as err:
        raise SystemExit(f"changekit: {err}") from None
    serving.serve(serving.ServeOptions(
        folder=folder, host=args.host, port=args.port, token=args.token, debug=args.debug,
        class_size=args.class_size, lessons=tuple(args.lesson), max_kernels=args.max_kernels,
        open_browser=not args.no_browser, extra=tuple(args.voila_arg)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
