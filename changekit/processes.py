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


def _parents() -> dict[int, int]:
    """Every process's parent, read from /proc in one pass (empty where there is no /proc)."""
    parents = {}
    try:
        entries = [e for e in os.listdir("/proc") if e.isdigit()]
    except OSError:
        return {}
    for entry in entries:
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return parents


def parent_pid(pid: int) -> int | None:
    """The parent of ``pid``; None when it is gone (or there is no /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def child_pids(pid: int) -> list[int]:
    """Direct children of ``pid`` (Linux /proc; empty elsewhere)."""
    return [child for child, parent in _parents().items() if parent == pid]


def descendants(pid: int) -> list[int]:
    """Children of ``pid``, their children, and so on (one read of /proc)."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    todo = [pid]
    while todo:
        kids = children.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def is_running(pid: int) -> bool:
    """``pid`` is alive and not a zombie (one already dead, not yet reaped, is gone in all but name)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


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
