"""What the kit's two bubblewrap sandboxes share (the strategy lab's bot workers,
:mod:`changekit.lab.sandbox`; students' servers on a hub, :mod:`changekit.hub.spawner`): the
system folders a Python needs, read-only, and mount points a non-root user can pass through."""
from __future__ import annotations

import os
from pathlib import Path


def system_folders(*, etc: bool = False) -> list[str]:
    """/usr and the top-level folders that Debian links into it (or binds them), read-only; with
    ``etc``, /etc too (host names, users, certificates: a server needs them, a bot does not)."""
    args = ["--ro-bind", "/usr", "/usr"]
    if etc:
        args += ["--ro-bind", "/etc", "/etc"]
    for top in ("bin", "lib", "lib32", "lib64", "sbin"):
        path = Path("/") / top
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    return args


def open_dirs(path: Path) -> list[str]:
    """Make ``path``'s parents in the sandbox readable by all: bubblewrap makes a mount point's
    missing parents readable by root only, and what runs inside gives up root."""
    args: list[str] = []
    for parent in reversed(path.parents[:-1]):
        args += ["--perms", "0755", "--dir", str(parent)]
    return args
