"""Memory limits for students' servers on a one-machine hub: each server, with every kernel it
starts, runs in a memory cgroup of its own whose limit is ``Spawner.mem_limit``. A student whose
code fills the memory loses their own kernel (the kernel's out-of-memory killer picks in their
cgroup only), not the class's machine.

JupyterHub's local spawners only advertise ``mem_limit``; DockerSpawner and KubeSpawner enforce
it. Here root can enforce it on cgroup v2 (``memory.max``, the unified hierarchy of current
distributions) or v1 (``memory.limit_in_bytes``, with swap held to the same limit where the
kernel accounts it). Neither needs a service: the folders are made when a server starts and
removed when it stops.

>>> parse_size("512M"), parse_size("1G")
(536870912, 1073741824)
"""
from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ChangekitError

CGROUPS = Path("/sys/fs/cgroup")
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
#: the file that holds a cgroup's memory limit, by cgroup version
LIMIT_FILES = {2: "memory.max", 1: "memory.limit_in_bytes"}
#: how long a removal waits for a stopped server's last processes to leave its group
REMOVE_WAIT_S = 2.0


def parse_size(size: str) -> int:
    """Bytes in a size such as ``512M`` or ``2G`` (JupyterHub's ``mem_limit`` spelling)."""
    found = re.fullmatch(r"([1-9][0-9]*)([KMGT]?)", size.strip())
    if not found:
        raise ChangekitError(f"a memory size is a whole number with K, M, G or T after it, such as 512M: got {size!r}")
    return int(found.group(1)) * _UNITS[found.group(2)]


@dataclass(frozen=True)
class MemoryControl:
    """Where this machine's kernel takes memory limits: the folder the hub's cgroups go under,
    and the cgroup version (its files are named differently)."""

    parent: Path
    version: int

    @property
    def limit_file(self) -> str:
        return LIMIT_FILES[self.version]

    def create(self, name: str, limit: int) -> MemoryGroup:
        """A cgroup called ``name`` under the hub's, limited to ``limit`` bytes (swap included)."""
        if self.version == 2:
            self._enable_memory(self.parent.parent)  # the root's children may have memory limits
        self.parent.mkdir(exist_ok=True)
        if self.version == 2:
            self._enable_memory(self.parent)
        group = self.parent / name
        group.mkdir(exist_ok=True)
        swap = group / ("memory.swap.max" if self.version == 2 else "memory.memsw.limit_in_bytes")
        if self.version == 1 and swap.exists():  # v1 wants memory+swap >= memory at every moment:
            swap.write_text("-1")  # unlimited while the memory limit moves (up or down)
        (group / self.limit_file).write_text(str(limit))
        if swap.exists():  # v1's memory+swap limit: the same; v2's swap on top of the memory: none
            swap.write_text("0" if self.version == 2 else str(limit))
        return MemoryGroup(group, self.limit_file)

    @staticmethod
    def _enable_memory(folder: Path) -> None:
        control = folder / "cgroup.subtree_control"
        if "memory" not in control.read_text().split():
            control.write_text("+memory")


class MemoryGroup:
    """A student's memory cgroup: their server joins it before it starts (and so does all it
    starts); it is removed after the server stops."""

    def __init__(self, path: Path, limit_file: str) -> None:
        self.path, self.limit_file = path, limit_file

    @property
    def limit(self) -> int | None:
        """Its memory limit in bytes (None: no limit)."""
        value = (self.path / self.limit_file).read_text().strip()
        return None if value == "max" or int(value) >= 1 << 60 else int(value)  # v1's "none" is huge

    @property
    def usage(self) -> int:
        """The bytes its processes use now, page cache included (the kernel's own count)."""
        name = "memory.current" if self.limit_file == LIMIT_FILES[2] else "memory.usage_in_bytes"
        return int((self.path / name).read_text())

    def join(self, pid: int | None = None) -> None:
        """Move process ``pid`` (default: this one) into the group."""
        (self.path / "cgroup.procs").write_text(str(os.getpid() if pid is None else pid))

    def remove(self, wait: float = REMOVE_WAIT_S) -> bool:
        """Remove the group once its processes are gone (waiting up to ``wait`` s for the last ones
        to be reaped: a stopped server's kernels exit a moment after it); False if some still run
        in it (it is used again by the next start)."""
        deadline = time.monotonic() + wait
        while True:
            try:
                self.path.rmdir()
                return True
            except FileNotFoundError:
                return True
            except OSError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.05)


def memory_control(hub: str, cgroups: Path = CGROUPS) -> MemoryControl | None:
    """How this machine lets root limit a server's memory, for the hub ``hub`` (a name that keeps
    two hubs' cgroups apart, such as its runtime folder): cgroup v2 with a memory controller, else
    v1's memory hierarchy; None where neither can be written (not root, or a container that
    mounts cgroups read-only)."""
    name = "changekit-hub-" + hashlib.sha256(hub.encode()).hexdigest()[:12]
    unified = cgroups / "cgroup.controllers"
    if unified.exists() and "memory" in unified.read_text().split() and os.access(cgroups, os.W_OK):
        return MemoryControl(cgroups / name, 2)
    legacy = cgroups / "memory"
    if (legacy / "memory.limit_in_bytes").exists() and os.access(legacy, os.W_OK):
        return MemoryControl(legacy / name, 1)
    return None


def memory_group_of(pid: int, cgroups: Path = CGROUPS) -> MemoryGroup | None:
    """The memory cgroup process ``pid`` runs in, or None (gone, or no memory controller)."""
    try:
        lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "" and (cgroups / "cgroup.controllers").exists():  # v2 mounted at the root
            folder, limit_file = cgroups / path.lstrip("/"), LIMIT_FILES[2]
        elif "memory" in controllers.split(","):
            folder, limit_file = cgroups / "memory" / path.lstrip("/"), LIMIT_FILES[1]
        else:
            continue
        if (folder / limit_file).exists():
            return MemoryGroup(folder, limit_file)
    return None


def remove_hub_groups(hub: str, cgroups: Path = CGROUPS) -> list[Path]:
    """Remove every student's memory cgroup of the hub ``hub`` (see :func:`memory_control`) and
    the hub's own folder, once their processes are gone; the groups still in use (none after a
    clean stop)."""
    control = memory_control(hub, cgroups)
    if control is None or not control.parent.is_dir():
        return []
    kept = [group for group in sorted(p for p in control.parent.iterdir() if p.is_dir())
            if not MemoryGroup(group, control.limit_file).remove()]
    if not kept:
        MemoryGroup(control.parent, control.limit_file).remove()
    return kept
