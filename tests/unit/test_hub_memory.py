"""The hub's memory limits (changekit.hub.memory) on cgroup trees made in a folder: which version
is found, what a student's group is given, and how a process's group is read. The real kernel's
limit and its out-of-memory kill are tested on a real hub (tests/hub/test_hub.py)."""
from __future__ import annotations

import os

import pytest

from changekit.core.errors import ChangekitError
from changekit.hub.memory import MemoryGroup, memory_control, memory_group_of, parse_size


@pytest.mark.parametrize("size, expected", [("1", 1), ("512K", 512 * 1024), ("512M", 512 * 1024 ** 2),
                                            ("2G", 2 * 1024 ** 3), ("1T", 1024 ** 4)])
def test_sizes_read_as_jupyterhub_writes_them(size, expected):
    assert parse_size(size) == expected


@pytest.mark.parametrize("size", ["", "0", "1.5G", "-1G", "1g", "1GB", "G", "1 G 2"])
def test_a_size_that_is_not_one_is_refused_by_name(size):
    with pytest.raises(ChangekitError, match="memory size"):
        parse_size(size)


def v2_tree(root, controllers="cpu io memory pids"):
    (root / "cgroup.controllers").write_text(controllers + "\n")
    (root / "cgroup.subtree_control").write_text("cpu\n")
    return root


def v1_tree(root):
    (root / "memory").mkdir()
    (root / "memory" / "memory.limit_in_bytes").write_text(str(2 ** 63 - 4096))
    return root


def test_cgroup_v2_with_a_memory_controller_is_used_and_gives_a_student_memory_max_and_no_swap(tmp_path):
    control = memory_control("/srv/hub/homes/{username}", v2_tree(tmp_path))
    assert control is not None and control.version == 2 and control.parent.parent == tmp_path
    assert control.parent.name.startswith("changekit-hub-")
    group_dir = control.parent / "bo"

    # the kernel makes a cgroup's files when its folder is made; here the test stands in for it
    def mkdir_like_the_kernel(folder, **_):
        os.mkdir(folder)
        (folder / "cgroup.subtree_control").write_text("")
        (folder / "memory.max").write_text("max\n")
        (folder / "memory.swap.max").write_text("max\n")

    mkdir_like_the_kernel(control.parent)
    mkdir_like_the_kernel(group_dir)
    group = control.create("bo", 512 * 1024 ** 2)
    assert group.path == group_dir
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+memory"  # the root's children get memory
    assert (control.parent / "cgroup.subtree_control").read_text() == "+memory"
    assert (group_dir / "memory.max").read_text() == str(512 * 1024 ** 2)
    assert (group_dir / "memory.swap.max").read_text() == "0"
    assert group.limit == 512 * 1024 ** 2


def test_cgroup_v1_memory_is_used_where_v2_has_no_memory_controller(tmp_path):
    v2_tree(tmp_path, controllers="")  # a hybrid machine: the unified tree without memory
    control = memory_control("/srv/hub/homes/{username}", v1_tree(tmp_path))
    assert control is not None and control.version == 1 and control.parent.parent == tmp_path / "memory"
    control.parent.mkdir()
    (control.parent / "ada").mkdir()
    (control.parent / "ada" / "memory.memsw.limit_in_bytes").write_text(str(2 ** 63 - 4096))
    group = control.create("ada", 2 * 1024 ** 3)
    assert (control.parent / "ada" / "memory.limit_in_bytes").read_text() == str(2 * 1024 ** 3)
    # memory and swap together held to the same limit: swap does not stretch it
    assert (control.parent / "ada" / "memory.memsw.limit_in_bytes").read_text() == str(2 * 1024 ** 3)
    assert group.limit == 2 * 1024 ** 3


def test_two_hubs_get_groups_of_their_own_and_a_machine_without_cgroups_none(tmp_path):
    v1_tree(tmp_path)
    one, two = (memory_control(f"/srv/{hub}/homes/{{username}}", tmp_path) for hub in ("a", "b"))
    assert one is not None and two is not None and one.parent != two.parent
    assert memory_control("/srv/a/homes/{username}", tmp_path / "nowhere") is None
    (tmp_path / "empty").mkdir()
    assert memory_control("/srv/a/homes/{username}", v2_tree(tmp_path / "empty", controllers="cpu pids")) is None


def test_joining_writes_the_pid_and_a_group_still_in_use_stays(tmp_path):
    group = MemoryGroup(tmp_path / "bo", "memory.max")
    group.path.mkdir()
    (group.path / "memory.max").write_text("max\n")
    assert group.limit is None
    group.join(4242)
    assert (group.path / "cgroup.procs").read_text() == "4242"
    group.join()
    assert (group.path / "cgroup.procs").read_text() == str(os.getpid())
    assert group.remove() is False  # not empty (as a cgroup with a process in it cannot be removed)
    (group.path / "cgroup.procs").unlink()
    (group.path / "memory.max").unlink()
    assert group.remove() is True and not group.path.exists()
    assert group.remove() is True  # already gone


def test_a_process_s_group_is_read_from_proc(tmp_path):
    # this process's own memory cgroup, found in a tree like the machine's
    lines = open("/proc/self/cgroup").read().splitlines()
    memory_line = next((line for line in lines if "memory" in line.split(":")[1].split(",")), None)
    if memory_line is None:  # a machine with the unified tree only
        path = next(line for line in lines if line.startswith("0::")).split(":", 2)[2]
        folder = tmp_path / path.lstrip("/")
        folder.mkdir(parents=True, exist_ok=True)
        (tmp_path / "cgroup.controllers").write_text("memory\n")
        (folder / "memory.max").write_text("1048576\n")
    else:
        folder = tmp_path / "memory" / memory_line.split(":", 2)[2].lstrip("/")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "memory.limit_in_bytes").write_text("1048576\n")
    group = memory_group_of(os.getpid(), tmp_path)
    assert group is not None and group.path == folder and group.limit == 1048576
    assert memory_group_of(2 ** 22 + 12345, tmp_path) is None  # no such process
