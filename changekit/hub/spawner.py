"""The kit's local spawner: each student's server is a process on this machine, in a home folder
of its own (JupyterHub's ``SimpleLocalProcessSpawner``: the students need no system accounts).

Run as root with bubblewrap (``ClassSpawner.isolate``, what ``changekit hub`` sets there), every
student's server runs in a sandbox of its own under a user id of its own (``first_uid`` plus the
hub's id of the user): it sees the kit, Python and the notebooks read-only, its own home, a
``/tmp`` of its own and only its own processes. So no student's code can read the hub's files (its
database, the class service's store, the PostgreSQL socket), another student's home, or another
server's environment (where its hub token is): a student acts only as themselves. Without it,
every student's server runs as the hub's own account and can do all of that.

Run as root, every student's server also gets ``Spawner.mem_limit`` as a memory cgroup of its own
(:mod:`changekit.hub.memory`): a student's code that fills the memory ends in their own kernel.
"""
from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyterhub.spawner import SimpleLocalProcessSpawner
from traitlets import Bool, Integer, List, Unicode

from ..bubblewrap import open_dirs, system_folders
from .memory import MemoryGroup, memory_control

#: students' user ids start here (above the strategy lab's sandbox ids, 210000-242767)
STUDENT_FIRST_UID = 250_000
#: a sandbox's own /tmp (kernels' connection files and sockets; what a student's code writes there)
SANDBOX_TMP_BYTES = 64 * 1024 * 1024


class ClassSpawner(SimpleLocalProcessSpawner):
    isolate = Bool(False, config=True,
                   help="as root: each student's server in a bubblewrap sandbox, as a user id of its own")
    readable = List(Unicode(), config=True,
                    help="folders a sandboxed server sees read-only: the kit, its Python, the notebooks")
    first_uid = Integer(STUDENT_FIRST_UID, config=True, help="a student's user id is this plus their hub id")
    bwrap = Unicode("bwrap", config=True, help="bubblewrap's command")

    @property
    def student_uid(self) -> int:
        return self.first_uid + self.user.id

    def get_env(self) -> dict[str, str]:
        env = super().get_env()
        env["JUPYTER_RUNTIME_DIR"] = kernel_runtime_dir(self.home_dir)
        return env

    _memory_group: MemoryGroup | None = None  # made by start(), before the server's process

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        group = self._memory_group
        setup = self._own_home(self.home_dir, self.student_uid) if self.isolate else super().make_preexec_fn(name)

        def preexec() -> None:  # in the server's process, as root, between fork and exec
            if group is not None:  # the server, with every kernel it starts, in its memory cgroup
                group.join()
            setup()

        return preexec

    @staticmethod
    def _own_home(home: str, uid: int) -> Callable[[], None]:
        def setup() -> None:  # before bubblewrap: the student's home is theirs alone
            os.makedirs(home, 0o700, exist_ok=True)
            os.chown(home, uid, uid)
            os.chmod(home, 0o700)

        return setup

    async def start(self) -> Any:
        self._memory_group = self._limit_memory()
        if self.isolate:
            # the server's command is appended to this as one argument for `sh -c`
            self.shell_cmd = [*sandbox_command(self.bwrap, self.readable, self.home_dir),
                              *become(self.student_uid), "/bin/sh", "-c"]
        return await super().start()

    async def stop(self, now: bool = False) -> None:
        await super().stop(now=now)
        if self._memory_group is not None:
            self._memory_group.remove()

    def _limit_memory(self) -> MemoryGroup | None:
        """The student's memory cgroup with ``mem_limit`` (made now), or None: no limit set, or this
        machine takes none from the hub (said in the log)."""
        if not self.mem_limit:
            return None
        control = memory_control(self.home_dir_template) if os.geteuid() == 0 else None
        if control is None:
            self.log.warning("mem_limit %s for %s is not enforced: no writable memory cgroup here "
                             "(run the hub as root on a machine with cgroups)", self.mem_limit, self.user.name)
            return None
        group = control.create(self.user.name, int(self.mem_limit))
        self.log.info("%s's server and kernels: at most %s bytes of memory (%s)", self.user.name,
                      self.mem_limit, group.path)
        return group


def sandbox_command(bwrap: str, readable: list[str], home: str) -> list[str]:
    """bubblewrap with this machine's system folders and ``readable`` read-only, a fresh /tmp,
    ``home`` writable, and namespaces of its own for processes, IPC and the host name (not the
    network: the server answers the hub on loopback). Killed with the hub."""
    args = [shutil.which(bwrap) or bwrap, *system_folders(etc=True)]
    args += ["--dev", "/dev", "--proc", "/proc", "--perms", "1777", "--size", str(SANDBOX_TMP_BYTES), "--tmpfs", "/tmp"]
    for folder in readable:  # after /tmp: a folder under /tmp stays visible
        args += [*open_dirs(Path(folder)), "--ro-bind", folder, folder]
    args += [*open_dirs(Path(home)), "--bind", home, home, "--chdir", home]
    return args + ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--new-session"]


def become(uid: int) -> list[str]:
    """Give up root for ``uid`` (its own group, no others) before the server starts."""
    return [shutil.which("setpriv") or "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"]


def kernel_runtime_dir(home: str) -> str:
    """Where a student's kernels keep their connection files and IPC sockets: a short folder of
    their own under /tmp (a socket's path holds at most 107 bytes; under the home folder a
    kernel's ran past it). The kit's hub runs kernels over IPC, not TCP: thirty servers picking
    free TCP ports at once picked the same one, and that student's page never rendered."""
    return f"/tmp/changekit-kernels-{hashlib.sha256(home.encode()).hexdigest()[:12]}"
