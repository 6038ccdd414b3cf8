"""Stopping a server and everything it started, by PID (Linux ``/proc``): one way for
``changekit hub`` (Ctrl-C) and for the test servers of :mod:`changekit.testing`.

A PID is remembered with its start time, so a later process that reuses the number is never killed.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


def start_time(pid: int) -> str | None:
    """Field 22 of /proc/<pid>/stat: tells a process from a later one that reuses its PID."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def child_pids(pid: int) -> list[int]:
    """Direct children of ``pid`` (Linux /proc; empty elsewhere)."""
    children = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            children.append(int(entry.name))
    return children


def descendants(pid: int) -> list[int]:
    """Children of ``pid``, their children, and so on."""
    out, todo = [], [pid]
    while todo:
        for child in child_pids(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def stop_process_tree(proc: subprocess.Popen, leftovers: list[int], *, group: bool, grace: float,
                      settle: float) -> None:
    """SIGTERM ``proc`` (its whole process group when ``group``), SIGKILL its process group after
    ``grace`` seconds; then give ``leftovers`` (PIDs it started, read while it ran) ``settle``
    seconds to exit on their own, and SIGKILL those still alive. ``proc`` was started with
    ``start_new_session=True``, so its process group is its PID."""
    left = [(pid, start_time(pid)) for pid in leftovers]
    if proc.poll() is None:
        if group:
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
    deadline = time.time() + settle
    while left and time.time() < deadline:
        left = [(pid, start) for pid, start in left if start is not None and start_time(pid) == start]
        time.sleep(0.2)
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
