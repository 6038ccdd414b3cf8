"""The Zero to JupyterHub values ``changekit hub --write-config`` writes, read key by key as the
chart reads them (its ``jupyterhub/files/hub/jupyterhub_config.py``, 4.x), against the tested
one-machine hub's settings (:func:`changekit.hub.config.hub_settings`): students and the teacher get
the same access, the same class service, landing page, culler and memory; every address is one the
chart's network policies let through from where it is used; the images are built from the
repository's recipe with the tag the values pin."""
from __future__ import annotations

import re
import stat
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from changekit import __version__, cli
from changekit.hub import kubernetes as k8s
from changekit.hub.config import SERVICE_NAME, HubOptions, hub_settings
from changekit.serving import ROOT

DOCKERFILE = ROOT / "deploy" / "Dockerfile"
#: the chart's own names: its hub Service and port, its Secret, the label its hub policy admits
CHART_HUB_HOST, CHART_HUB_PORT = "hub", 8081
CHART_SECRET = "hub"
CHART_HUB_ACCESS = ("hub.jupyter.org/network-access-hub", "true")
#: the chart's hub.config sections it drops (it sets them from its own Secret)
CHART_POPPED = {"JupyterHub": {"proxy_auth_token", "cookie_secret", "services"}}


@pytest.fixture
def options(tmp_path):
    return HubOptions(runtime=tmp_path / "rt", password="class-pass", teacher="ms-lee", teacher_password="t" * 40,
                      port=9100, allow_root=True, isolate=False, proxy="/opt/chp", mem_limit="768M",
                      idle_timeout=1200).resolved()


@pytest.fixture
def written(options, tmp_path):
    values, manifest = k8s.write_cluster_files(options, tmp_path / "cfg")
    return yaml.safe_load(values.read_text()), list(yaml.safe_load_all(manifest.read_text())), values


def chart_reads(values: dict[str, Any]) -> dict[str, Any]:
    """What the chart's jupyterhub_config.py makes of ``values``, as ``"Class.trait": value``."""
    single, hub, cull = values.get("singleuser", {}), values.get("hub", {}), values.get("cull", {})
    got: dict[str, Any] = {}
    # set_config_if_not_none(c.KubeSpawner, trait, "singleuser." + key)
    for trait, key in (("mem_limit", ("memory", "limit")), ("mem_guarantee", ("memory", "guarantee")),
                       ("environment", ("extraEnv",)), ("start_timeout", ("startTimeout",))):
        found: Any = single
        for part in key:
            found = found.get(part) if isinstance(found, dict) else None
        if found is not None:
            got[f"KubeSpawner.{trait}"] = found
    image = single.get("image", {})
    got["KubeSpawner.image"] = f"{image['name']}:{image['tag']}" if image.get("tag") else image.get("name")
    if "cmd" in single:
        got["Spawner.cmd"] = single["cmd"]
    if single.get("defaultUrl") is not None:
        got["Spawner.default_url"] = single["defaultUrl"]
    services, roles = [], []
    if cull.get("enabled", True):
        command = ["python3", "-m", "jupyterhub_idle_culler", "--url=http://localhost:8081/hub/api"]
        command += [f"--timeout={cull['timeout']}"] if cull.get("timeout") else []
        command += [f"--cull-every={cull['every']}"] if cull.get("every") else []
        command += [f"--concurrency={cull['concurrency']}"] if cull.get("concurrency") else []
        scopes = ["list:users", "read:users:activity", "read:servers", "delete:servers"]
        if cull.get("users"):
            command.append("--cull-users")
            scopes.append("admin:users")
        if not cull.get("adminUsers", True):
            command.append("--cull-admin-users=false")
        if cull.get("removeNamedServers"):
            command.append("--remove-named-servers")
        if cull.get("maxAge"):
            command.append(f"--max-age={cull['maxAge']}")
        services.append({"name": "jupyterhub-idle-culler", "command": command})
        roles.append({"name": "jupyterhub-idle-culler", "scopes": scopes, "services": ["jupyterhub-idle-culler"]})
    for key, service in hub.get("services", {}).items():
        services.append({"name": key, **service, "api_token": f"<the chart's Secret: hub.services.{key}.apiToken>"})
    for key, role in hub.get("loadRoles", {}).items():
        roles.append({"name": key, **role})
    got["JupyterHub.services"], got["JupyterHub.load_roles"] = services, roles
    for section, traits in hub.get("config", {}).items():
        assert section[:1].isupper(), f"hub.config.{section}: the chart refuses a section that is no class"
        for trait, value in traits.items():
            if trait not in CHART_POPPED.get(section, set()):
                got[f"{section}.{trait}"] = value
    return got


def spawner(got: dict[str, Any], trait: str) -> Any:
    """A spawner setting as KubeSpawner sees it: its own class's value first, then Spawner's."""
    return got.get(f"KubeSpawner.{trait}", got.get(f"Spawner.{trait}"))


def by_name(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["name"]: item for item in items}


def test_students_and_the_teacher_get_the_local_hubs_access(options, written):
    local, (values, _, _) = hub_settings(options), written
    got = chart_reads(values)
    # who logs in, who is the admin, who teaches: as on one machine
    for key in ("JupyterHub.authenticator_class", "SharedPasswordAuthenticator.user_password",
                "SharedPasswordAuthenticator.admin_password", "Authenticator.admin_users", "Authenticator.allow_all",
                "JupyterHub.load_groups"):
        assert got[key] == local[key], key
    # the roles: every user reaches the class service (issue 44: the values had dropped it), the
    # service reads users and groups; the culler's as the local culler's
    local_roles, roles = by_name(local["JupyterHub.load_roles"]), by_name(got["JupyterHub.load_roles"])
    assert roles["user"] == local_roles["user"]
    assert f"access:services!service={SERVICE_NAME}" in roles["user"]["scopes"]
    assert roles[SERVICE_NAME] == local_roles[SERVICE_NAME]
    assert roles["jupyterhub-idle-culler"]["scopes"] == local_roles["idle-culler"]["scopes"]
    # a server's token may do exactly what it may locally
    assert spawner(got, "server_token_scopes") == local["Spawner.server_token_scopes"]


def test_the_servers_land_cull_and_hold_memory_as_on_one_machine(options, written, tmp_path):
    local, (values, _, _) = hub_settings(options), written
    got = chart_reads(values)
    assert spawner(got, "default_url") == local["Spawner.default_url"]
    assert spawner(got, "mem_limit") == local["Spawner.mem_limit"] == "768M"
    assert spawner(got, "http_timeout") == local["Spawner.http_timeout"]
    assert spawner(got, "start_timeout") == local["Spawner.start_timeout"]
    # the same server arguments (kernels culled alike), the image's lab extensions for the runtime's;
    # in the image the server runs as the chart's uid 1000, never as root (this test's hub may)
    local_args = [a.replace(str(options.runtime / "labextensions"), k8s.IMAGE_LABEXTENSIONS)
                  for a in local["Spawner.args"] if a != "--allow-root"]
    assert spawner(got, "args") == local_args
    assert any(a.startswith("--ClassKernelManager.unconnected_timeout=") for a in local_args)
    # the idle culler: the same arguments, the hub's URL aside
    local_culler = by_name(local["JupyterHub.services"])["idle-culler"]["command"]
    culler = by_name(got["JupyterHub.services"])["jupyterhub-idle-culler"]["command"]
    assert [a for a in culler[3:] if not a.startswith("--url=")] == local_culler[3:]
    assert "--timeout=1200" in culler
    # the landing page resolves in the image: the servers' notebook folder holds the gallery
    notebook_dir = spawner(got, "notebook_dir")
    home = tmp_path / "image"
    k8s.prepare_image(home)
    inside = home / Path(notebook_dir).relative_to(k8s.IMAGE_HOME)
    page = urlsplit(spawner(got, "default_url")).path.removeprefix("/voila/render/")
    assert (inside / page).is_file()
    assert sorted(p.name for p in inside.glob("*.ipynb")) == sorted(
        p.name for p in Path(local["Spawner.notebook_dir"]).glob("*.ipynb"))
    assert (home / Path(k8s.IMAGE_LABEXTENSIONS).name / "anywidget" / "package.json").is_file()


def test_the_class_service_is_reached_where_the_chart_lets_it(options, written):
    local, (values, manifest, _) = hub_settings(options), written
    got = chart_reads(values)
    kinds = {item["kind"]: item for item in manifest}
    deployment, service = kinds["Deployment"], kinds["Service"]
    pod = deployment["spec"]["template"]
    container = pod["spec"]["containers"][0]
    env = {item["name"]: item for item in container["env"]}
    # the students' address is the service's URL under its prefix, as locally
    local_url = by_name(local["JupyterHub.services"])[SERVICE_NAME]["url"]
    assert local["Spawner.environment"]["CHANGEKIT_CLASS_STORE"] == f"{local_url}/services/{SERVICE_NAME}/"
    url = by_name(got["JupyterHub.services"])[SERVICE_NAME]["url"]
    address = spawner(got, "environment")["CHANGEKIT_CLASS_STORE"]
    assert address == f"{url}/services/{SERVICE_NAME}/"
    assert set(spawner(got, "environment")) == set(local["Spawner.environment"])
    # ... at the kit's own Service, by plain http: not proxy-public, which the chart's HTTPS redirects
    parts = urlsplit(address)
    assert parts.scheme == "http" and parts.hostname == service["metadata"]["name"] != "proxy-public"
    port = next(p for p in service["spec"]["ports"] if p["port"] == parts.port)
    container_port = next(p for p in container["ports"] if p["name"] == port["targetPort"])
    assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    # the chart's singleuser policy admits no private address: the values open the service's pods
    rules = values["singleuser"]["networkPolicy"]["egress"]
    assert any(any(to["podSelector"]["matchLabels"].items() <= pod["metadata"]["labels"].items() for to in rule["to"])
               and container_port["containerPort"] in [p["port"] for p in rule["ports"]] for rule in rules)
    # the service binds on every address of its pod, at that port, under its hub prefix
    bind = env["CHANGEKIT_SERVICE_BIND"]["value"]
    assert bind == f"0.0.0.0:{container_port['containerPort']}"
    assert env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == f"/services/{SERVICE_NAME}/"
    assert env["JUPYTERHUB_SERVICE_NAME"]["value"] == SERVICE_NAME
    # it reaches the hub's API at the chart's hub Service, with the label the hub's policy admits
    api = urlsplit(env["JUPYTERHUB_API_URL"]["value"])
    assert (api.scheme, api.hostname, api.port, api.path) == ("http", CHART_HUB_HOST, CHART_HUB_PORT, "/hub/api")
    assert pod["metadata"]["labels"][CHART_HUB_ACCESS[0]] == CHART_HUB_ACCESS[1]
    # its token is the one the chart generated for hub.services.changekit-class; the store's URL is
    # a Secret of its own; neither is in a file the kit writes, nor in the students' environment
    assert env["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"] == {
        "name": CHART_SECRET, "key": f"hub.services.{SERVICE_NAME}.apiToken"}
    assert "apiToken" not in values["hub"]["services"][SERVICE_NAME]
    assert env["CHANGEKIT_SERVICE_STORE"]["valueFrom"]["secretKeyRef"]["name"] == k8s.STORE_SECRET
    assert local["JupyterHub.services"][1]["environment"]["CHANGEKIT_TEACHER_GROUP"] == \
        env["CHANGEKIT_TEACHER_GROUP"]["value"]
    assert container["command"][-1] == by_name(local["JupyterHub.services"])[SERVICE_NAME]["command"][-1]


def test_the_images_are_built_from_the_repository_with_the_pinned_tag(written):
    values, manifest, _ = written
    text = DOCKERFILE.read_text()
    assert re.findall(r"^FROM \S+ AS (\S+)$", text, re.M) == ["student", "hub"]
    assert values["singleuser"]["image"] == {"name": k8s.IMAGE_NAME, "tag": __version__}
    assert values["hub"]["image"] == {"name": k8s.HUB_IMAGE_NAME, "tag": __version__}
    container = manifest[0]["spec"]["template"]["spec"]["containers"][0]
    assert container["image"] == f"{k8s.IMAGE_NAME}:{__version__}"
    # the build commands in the recipe (and the docs) tag what the values pin
    for target, name in (("student", k8s.IMAGE_NAME), ("hub", k8s.HUB_IMAGE_NAME)):
        command = f"docker build -f deploy/Dockerfile --target {target} -t {name}:{__version__} ."
        assert command in re.sub(r" +", " ", text)
        assert command in re.sub(r" +", " ", (ROOT / "docs" / "serving.md").read_text())
    # the student image installs the kit with its hub extra and prepares its notebooks where the values look
    assert '"/tmp/changekit[hub]"' in text and "prepare_image()" in text
    assert k8s.IMAGE_HOME == str(Path(k8s.IMAGE_NOTEBOOKS).parent) == str(Path(k8s.IMAGE_LABEXTENSIONS).parent)
    assert re.search(r"^USER 1000$", text, re.M)  # the chart's singleuser.uid
    assert k8s.CHART_HUB_IMAGE in text


def test_write_config_writes_the_three_files_from_one_set_of_options(tmp_path, capsys):
    assert cli.main(["hub", "--write-config", str(tmp_path / "cfg"), "--runtime", str(tmp_path / "rt"),
                     "--password", "a-class-pw", "--teacher", "mr-ode", "--allow-root", "--mem-limit", "2G"]) == 0
    out = capsys.readouterr().out
    values_path = tmp_path / "cfg" / k8s.VALUES_FILE
    assert str(values_path) in out and k8s.MANIFEST_FILE in out
    assert stat.S_IMODE(values_path.stat().st_mode) == 0o600  # it holds the passwords
    values = yaml.safe_load(values_path.read_text())
    config = (tmp_path / "cfg" / "jupyterhub_config.py").read_text()
    assert values["hub"]["config"]["SharedPasswordAuthenticator"]["user_password"] == "a-class-pw"
    assert "c.SharedPasswordAuthenticator.user_password = 'a-class-pw'" in config
    assert values["hub"]["config"]["Authenticator"]["admin_users"] == ["mr-ode"]
    assert values["singleuser"]["memory"]["limit"] == "2G" and "c.Spawner.mem_limit = '2G'" in config
    assert sys.executable not in values_path.read_text()  # nothing of this machine's paths
    assert str(tmp_path) not in values_path.read_text()
