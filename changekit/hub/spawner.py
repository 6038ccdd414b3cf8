"""The kit's local spawner: each student's server is a process on this machine, in a home folder
of its own (JupyterHub's ``SimpleLocalProcessSpawner``: no system user per student).

Run as root, it can start every student's server as one unprivileged account
(``ClassSpawner.student_account``, e.g. ``nobody``): then no student's code can read the class
service's files or processes (the class store), which run as root. That account must be able to
run this Python (a venv under /root is not: build the hub's venv from /usr/bin/python3).
"""
from __future__ import annotations

import hashlib
import os
import pwd
from collections.abc import Callable

from jupyterhub.spawner import SimpleLocalProcessSpawner
from traitlets import Unicode


class ClassSpawner(SimpleLocalProcessSpawner):
    student_account = Unicode("", config=True,
                              help="as root: run every student's server as this system account ('' : as the hub)")

    def get_env(self) -> dict[str, str]:
        env = super().get_env()
        env["JUPYTER_RUNTIME_DIR"] = kernel_runtime_dir(self.home_dir)
        return env

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        if not self.student_account:
            return super().make_preexec_fn(name)
        return student_preexec(self.student_account, self.home_dir)


def student_preexec(account: str, home: str) -> Callable[[], None]:
    """For ``Popen(preexec_fn=...)``: make ``home`` (the account's, mode 700), then become ``account``."""
    entry = pwd.getpwnam(account)

    def preexec() -> None:
        os.makedirs(home, 0o700, exist_ok=True)
        os.chown(home, entry.pw_uid, entry.pw_gid)
        os.setgroups([])
        os.setgid(entry.pw_gid)
        os.setuid(entry.pw_uid)
        os.chdir(home)

    return preexec


def kernel_runtime_dir(home: str) -> str:
    """Where a student's kernels keep their connection files and IPC sockets: a short folder of
    their own under /tmp (a socket's path holds at most 107 bytes; under the home folder a
    kernel's ran past it). The kit's hub runs kernels over IPC, not TCP: thirty servers picking
    free TCP ports at once picked the same one, and that student's page never rendered."""
    return f"/tmp/changekit-kernels-{hashlib.sha256(home.encode()).hexdigest()[:12]}"
