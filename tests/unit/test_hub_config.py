"""``changekit hub``: the JupyterHub configuration it writes (values asserted, and the written file
read back by JupyterHub's own config loader) and its refusals (a clear message, no traceback)."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from changekit import cli
from changekit.hub import config as hub_config
from changekit.hub.config import SERVICE_NAME, HubError, HubOptions, hub_settings
from changekit.serving import ServeOptions


@pytest.fixture
def options(tmp_path):
    return HubOptions(runtime=tmp_path / "rt", password="class-pass", teacher="ms-lee",
                      teacher_password="t" * 40, port=9100, allow_root=True, isolate=False,
                      proxy="/opt/chp").resolved()


def test_the_settings_of_a_class_hub(options, tmp_path):
    s = hub_settings(options)
    rt = (tmp_path / "rt").resolve()
    assert s["JupyterHub.ip"] == "127.0.0.1" and s["JupyterHub.port"] == 9100
    assert (s["JupyterHub.hub_ip"], s["JupyterHub.hub_port"]) == ("127.0.0.1", 9101)
    assert s["ConfigurableHTTPProxy.api_url"] == "http://127.0.0.1:9103"
    assert s["ConfigurableHTTPProxy.command"] == ["/opt/chp"]
    # one class password; the teacher is the admin, with a password of their own
    assert s["JupyterHub.authenticator_class"] == "changekit.hub.auth.ClassAuthenticator"
    assert s["SharedPasswordAuthenticator.user_password"] == "class-pass"
    assert s["SharedPasswordAuthenticator.admin_password"] == "t" * 40
    assert s["Authenticator.admin_users"] == ["ms-lee"]
    assert s["JupyterHub.load_groups"] == {"teachers": {"users": ["ms-lee"]}}
    # local processes, each in a home of its own, on the gallery under Voila
    assert s["JupyterHub.spawner_class"] == "changekit.hub.spawner.ClassSpawner"
    assert s["ClassSpawner.home_dir_template"] == f"{rt}/homes/{{username}}"
    assert s["Spawner.cmd"] == [str(Path(sys.executable).parent / "jupyterhub-singleuser")]
    # kernels culled by changekit serve's own rules (its kernel manager, its settings from one place)
    serve = ServeOptions(token="x" * 16, max_kernels=4).voila_argv(tmp_path)
    culling = [a for a in serve if a.startswith("--MappingKernelManager.cull_")
               or a.startswith("--ClassKernelManager.unconnected_timeout=")]
    assert len(culling) == 4 and "--MappingKernelManager.cull_connected=False" in culling
    assert s["Spawner.args"] == ["--ServerApp.jpserver_extensions=changekit.hub.assets=True",
                                 "--KernelManager.transport=ipc",
                                 "--ServerApp.kernel_manager_class=changekit.hub.pool.PagePoolKernelManager", *culling,
                                 f"--VoilaConfiguration.extra_labextensions_path={rt}/labextensions",
                                 # the landing page rendered once, before its student comes
                                 "--PagePoolKernelManager.pages=index.ipynb", "--PagePoolKernelManager.refill=False",
                                 "--allow-root"]
    assert s["Spawner.default_url"] == "/voila/render/index.ipynb"
    assert (Path(s["Spawner.notebook_dir"]) / "index.ipynb").is_file()
    assert s["Spawner.mem_limit"] == "1G" and s["Spawner.http_timeout"] == 120
    # students' servers get the class service's address and may call it; never the store's URL
    assert s["Spawner.environment"] == {"CHANGEKIT_CLASS_STORE":
                                        f"http://127.0.0.1:9102/services/{SERVICE_NAME}/"}
    assert f"access:services!service={SERVICE_NAME}" in s["Spawner.server_token_scopes"]
    services = {service["name"]: service for service in s["JupyterHub.services"]}
    assert services["idle-culler"]["command"] == [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600",
                                                 "--cull-every=600", "--concurrency=10"]
    class_service = services[SERVICE_NAME]
    assert class_service["url"] == "http://127.0.0.1:9102"
    assert class_service["command"] == [sys.executable, "-m", "changekit.hub.service"]
    assert class_service["environment"]["CHANGEKIT_SERVICE_STORE"] == f"sqlite:///{rt}/service/class.db"
    roles = {role["name"]: role for role in s["JupyterHub.load_roles"]}
    assert roles["idle-culler"]["scopes"] == ["list:users", "read:users:activity", "read:servers", "delete:servers"]
    assert roles["user"] == {"name": "user", "scopes": ["self", f"access:services!service={SERVICE_NAME}"]}
    assert roles["changekit-class"] == {"name": "changekit-class", "services": [SERVICE_NAME],
                                        "scopes": ["read:users", "read:groups"]}
    assert "CHANGEKIT_SERVICE_STORE" not in str(s["Spawner.environment"])


def test_generated_passwords_meet_jupyterhubs_rules(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # a normal user: no --allow-root
    a = HubOptions(runtime=tmp_path).resolved()
    b = HubOptions(runtime=tmp_path).resolved()
    assert a.password and len(a.password) >= 8 and a.teacher_password and len(a.teacher_password) >= 32
    assert a.password != b.password and a.teacher_password != b.teacher_password
    assert "--allow-root" not in hub_settings(a)["Spawner.args"]


def test_the_written_file_is_private_and_jupyterhub_reads_the_same_values(options, tmp_path):
    from traitlets.config.loader import PyFileConfigLoader

    target = hub_config.write_config(options, tmp_path / "cfg")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    loaded = PyFileConfigLoader(target.name, path=str(target.parent)).load_config()
    for key, value in hub_settings(options).items():
        section, trait = key.split(".")
        assert loaded[section][trait] == value, key
    # the students' Voila searches the runtime's anywidget (the 60 s model timeout) first
    extra = next(a for a in hub_settings(options)["Spawner.args"] if "extra_labextensions_path" in a)
    folder = Path(extra.split("=", 1)[1])
    assert folder.parent == options.runtime and (folder / "anywidget" / "package.json").is_file()
    assert any("AbortSignal.timeout(60000)" in js.read_text() for js in (folder / "anywidget").rglob("*.js"))


def test_write_config_from_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(hub_config, "PROJECT_PROXY", tmp_path / "missing")
    monkeypatch.setenv("PATH", str(tmp_path))  # no proxy anywhere: written by name for the administrator
    assert cli.main(["hub", "--write-config", str(tmp_path / "cfg"), "--runtime", str(tmp_path / "rt"),
                     "--password", "a-class-pw", "--teacher", "mr-ode", "--allow-root"]) == 0
    out = capsys.readouterr().out
    text = (tmp_path / "cfg" / "jupyterhub_config.py").read_text()
    assert "class password: a-class-pw" in out and "jupyterhub -f" in out
    assert "c.Authenticator.admin_users = ['mr-ode']" in text
    assert "c.ConfigurableHTTPProxy.command = ['configurable-http-proxy']" in text


@pytest.mark.parametrize(("argv", "words"), [
    (["--password", "short"], "at least 8 characters"),
    (["--teacher-password", "too-short"], "at least 32 characters"),
    (["--password", "x" * 40, "--teacher-password", "x" * 40], "must differ"),
    (["--teacher", "Ms Lee!"], "a hub user name is"),
    (["--port", "70000"], "--port 70000"),
    (["--port", "65534"], "three ports after it"),
    (["--mem-limit", "lots"], "--mem-limit 'lots'"),
    (["--idle-timeout", "5"], "at least 60 seconds"),
    (["--store", "mysql://db/class"], "sqlite:///path or postgresql://"),
    (["--lesson", "zombi"], "no lesson 'zombi.ipynb' in"),
    (["--lesson", "../zombie"], "no lesson '../zombie.ipynb' in"),
])
def test_bad_options_are_refused_with_the_reason(argv, words, tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["hub", "--write-config", str(tmp_path / "cfg"), "--runtime", str(tmp_path / "rt"),
                  "--allow-root", *argv])
    message = str(done.value.code)
    assert message.startswith("changekit: ") and words in message
    assert not (tmp_path / "cfg").exists()  # nothing written


def test_lessons_are_rendered_in_advance_by_every_server_on_both_hubs(tmp_path):
    """--lesson NAME: every student's server keeps a rendered page of the gallery it lands on and
    of each lesson (changekit.hub.pool), with the same arguments in the Kubernetes values."""
    from changekit.hub import kubernetes as k8s

    options = HubOptions(runtime=tmp_path, password="class-pass", allow_root=True, isolate=False, proxy="chp",
                         lessons=("zombie", "boneyard.ipynb", "zombie")).resolved()
    assert options.lessons == ("zombie.ipynb", "boneyard.ipynb")
    args = hub_settings(options)["Spawner.args"]
    assert "--PagePoolKernelManager.pages=index.ipynb,zombie.ipynb,boneyard.ipynb" in args
    assert "--PagePoolKernelManager.refill=False" in args
    cluster = k8s.kubernetes_values(options)["hub"]["config"]["KubeSpawner"]["args"]
    assert [a for a in cluster if a.startswith("--PagePoolKernelManager.")] == [
        a for a in args if a.startswith("--PagePoolKernelManager.")]
    assert "--ServerApp.kernel_manager_class=changekit.hub.pool.PagePoolKernelManager" in cluster


def test_a_folder_without_the_gallery_is_refused(tmp_path):
    (tmp_path / "lessons").mkdir()
    with pytest.raises(SystemExit, match="has no index.ipynb"):
        cli.main(["hub", str(tmp_path / "lessons"), "--write-config", str(tmp_path / "cfg"), "--allow-root"])


def test_root_without_bubblewrap_needs_allow_root(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(hub_config, "isolation_works", lambda: False)
    with pytest.raises(HubError, match="pass --allow-root"):
        HubOptions(runtime=tmp_path).resolved()
    with pytest.raises(HubError, match="--isolate needs bubblewrap"):
        HubOptions(runtime=tmp_path, isolate=True).resolved()


def test_as_root_with_bubblewrap_every_student_is_isolated(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(hub_config, "isolation_works", lambda: True)
    options = HubOptions(runtime=tmp_path / "rt").resolved()
    s = hub_settings(options)
    assert options.isolate and s["ClassSpawner.isolate"] is True
    assert "--allow-root" not in s["Spawner.args"]  # the servers do not run as root
    rt = (tmp_path / "rt").resolve()
    # read-only in the sandbox: Python, the environment, the kit's package, the notebooks, the lab
    # extensions; not the checkout's other files, not the runtime folder's database, store or homes
    assert s["ClassSpawner.readable"] == [
        str(Path(sys.base_prefix).resolve()), str(Path(sys.prefix).resolve()), str(hub_config.ROOT / "changekit"),
        str(options.folder), f"{rt}/labextensions"]
    # a normal user cannot give students user ids of their own
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert HubOptions(runtime=tmp_path).resolved().isolate is False
    with pytest.raises(HubError, match="only root can"):
        HubOptions(runtime=tmp_path, isolate=True).resolved()


def test_starting_without_a_proxy_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setattr(hub_config, "PROJECT_PROXY", tmp_path / "missing")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SystemExit) as done:
        cli.main(["hub", "--runtime", str(tmp_path / "rt"), "--allow-root"])
    assert "make hub-proxy" in str(done.value.code) and "npm install -g configurable-http-proxy" in str(done.value.code)


def test_the_proxy_is_found_in_the_project_then_on_path(tmp_path, monkeypatch):
    project = tmp_path / "chp"
    project.write_text("")
    monkeypatch.setattr(hub_config, "PROJECT_PROXY", project)
    assert hub_config.find_proxy() == str(project)
    monkeypatch.setattr(hub_config, "PROJECT_PROXY", tmp_path / "missing")
    on_path = tmp_path / "bin" / "configurable-http-proxy"
    on_path.parent.mkdir()
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(0o755)
    monkeypatch.setenv("PATH", str(on_path.parent))
    assert hub_config.find_proxy() == str(on_path)
