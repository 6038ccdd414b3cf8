"""The kit's hub on Kubernetes, from the same settings as the one-machine hub
(:mod:`changekit.hub.config`): a values file for the Zero to JupyterHub chart and the class
service's Deployment and Service, both written by ``changekit hub --write-config DIR``.

What each value becomes is the chart's doing (its ``files/hub/jupyterhub_config.py``):
``singleuser.*`` are KubeSpawner's settings, ``hub.config.<Class>.<trait>`` go to the hub as they
are, ``hub.loadRoles``/``hub.services`` are JupyterHub's roles and services keyed by name, ``cull``
is the chart's own jupyterhub-idle-culler. ``tests/unit/test_hub_kubernetes.py`` reads the values
that way and checks they give students and the teacher what the one-machine hub gives.

The addresses, as the chart's network policies let them through:

* students' servers call the class service at its own Service (``http://changekit-class:10101``),
  never through ``proxy-public``, which redirects plain http once the chart's HTTPS is on; the
  chart's singleuser policy allows no private address, so the values add an egress rule to the
  service's pods on its port;
* the class service calls the hub's API at the chart's ``hub`` Service (``http://hub:8081``):
  its pods carry ``hub.jupyter.org/network-access-hub: "true"``, the label the chart's hub policy
  admits; its API token is the one the chart keeps for ``hub.services.changekit-class`` in its
  ``hub`` Secret;
* the class store's URL (PostgreSQL) is in a Secret of its own, read by the service only.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from .. import __version__
from ..serving import NOTEBOOKS, anywidget_extension
from .config import (
    CULL_CONCURRENCY,
    CULL_EVERY_S,
    DEFAULT_URL,
    LABEXTENSIONS,
    SERVICE_NAME,
    SPAWN_TIMEOUT_S,
    TEACHER_GROUP,
    HubOptions,
    access_roles,
    login_settings,
    server_args,
    server_token_scopes,
    student_environment,
)

#: the kit's images (deploy/Dockerfile): students' servers and the class service; the hub
IMAGE_NAME = "changekit-student"
HUB_IMAGE_NAME = "changekit-hub"
IMAGE_TAG = __version__
#: the chart's hub image the kit's hub image is built on (its JupyterHub runs the kit's login)
CHART_HUB_IMAGE = "quay.io/jupyterhub/k8s-hub:4.4.0"
#: where the student image keeps the notebooks (the servers' notebook folder) and the lab extensions
IMAGE_HOME = "/srv/changekit"
IMAGE_NOTEBOOKS = f"{IMAGE_HOME}/notebooks"
IMAGE_LABEXTENSIONS = f"{IMAGE_HOME}/{LABEXTENSIONS}"
#: the class service in the cluster: its Service's name and port, where it binds in its pod
SERVICE_PORT = 10101
SERVICE_ADDRESS = f"http://{SERVICE_NAME}:{SERVICE_PORT}"
SERVICE_BIND = f"0.0.0.0:{SERVICE_PORT}"
SERVICE_PREFIX = f"/services/{SERVICE_NAME}/"
#: the chart's hub Service (its API) and the Secret where it keeps each service's API token
CHART_HUB_API = "http://hub:8081/hub/api"
CHART_HUB_SECRET = "hub"
#: the label the chart's hub NetworkPolicy admits to the hub's API
HUB_ACCESS_LABEL = "hub.jupyter.org/network-access-hub"
SERVICE_SELECTOR = {"app.kubernetes.io/name": SERVICE_NAME}
#: the Secret (key ``url``) with the class store's PostgreSQL URL
STORE_SECRET = "changekit-class-store"
#: what the chart reserves for each student's pod (the limit is --mem-limit): a server and one
#: game page use about 206 MB (docs/serving.md), two pages about 400
MEMORY_GUARANTEE = "512M"


def kubernetes_values(options: HubOptions) -> dict[str, Any]:
    """The Zero to JupyterHub values of the kit's hub (``options`` resolved): logins, roles, the
    students' servers and the culler as :func:`changekit.hub.config.hub_settings` has them, with
    the image's paths and the cluster's addresses in place of this machine's."""
    login = login_settings(options)
    hub_config: dict[str, dict[str, Any]] = {}
    for key, value in login.items():
        section, trait = key.split(".")
        hub_config.setdefault(section, {})[trait] = value
    hub_config["KubeSpawner"] = {
        "args": server_args(IMAGE_LABEXTENSIONS, lessons=options.lessons),
        "notebook_dir": IMAGE_NOTEBOOKS,
        "http_timeout": SPAWN_TIMEOUT_S,
        "server_token_scopes": server_token_scopes(),
    }
    roles = {role["name"]: {k: v for k, v in role.items() if k != "name"} for role in access_roles()}
    # a class arriving at once: the chart's placeholder pods keep room for the roster's servers on
    # the cluster's nodes (no node to start when they log in)
    placeholders = {"scheduling": {"userPlaceholder": {"enabled": True, "replicas": len(options.roster)}}
                    } if options.roster else {}
    return {**placeholders,
        "hub": {
            # the kit's hub image: the chart's, with the kit installed for its login (names folded)
            "image": {"name": HUB_IMAGE_NAME, "tag": IMAGE_TAG},
            "config": hub_config,
            # the chart generates the token and keeps it in its `hub` Secret (the service reads it there)
            "services": {SERVICE_NAME: {"url": SERVICE_ADDRESS, "display": False}},
            "loadRoles": roles,
        },
        "singleuser": {
            "image": {"name": IMAGE_NAME, "tag": IMAGE_TAG},
            "cmd": "jupyterhub-singleuser",
            "defaultUrl": DEFAULT_URL,
            "startTimeout": SPAWN_TIMEOUT_S,
            "memory": {"limit": options.mem_limit, "guarantee": MEMORY_GUARANTEE},
            "extraEnv": student_environment(SERVICE_ADDRESS + SERVICE_PREFIX),
            "networkPolicy": {"egress": [{"to": [{"podSelector": {"matchLabels": dict(SERVICE_SELECTOR)}}],
                                          "ports": [{"port": SERVICE_PORT, "protocol": "TCP"}]}]},
        },
        "cull": {"enabled": True, "users": False, "adminUsers": True, "removeNamedServers": False,
                 "timeout": options.idle_timeout, "every": CULL_EVERY_S, "concurrency": CULL_CONCURRENCY,
                 "maxAge": 0},
    }


def class_service_environment() -> dict[str, Any]:
    """The class service's environment in its pod: plain values, or ``(secret, key)``."""
    return {
        "JUPYTERHUB_SERVICE_NAME": SERVICE_NAME,
        "JUPYTERHUB_SERVICE_PREFIX": SERVICE_PREFIX,
        "JUPYTERHUB_API_URL": CHART_HUB_API,
        "JUPYTERHUB_API_TOKEN": (CHART_HUB_SECRET, f"hub.services.{SERVICE_NAME}.apiToken"),
        "CHANGEKIT_SERVICE_BIND": SERVICE_BIND,
        "CHANGEKIT_SERVICE_STORE": (STORE_SECRET, "url"),
        "CHANGEKIT_TEACHER_GROUP": TEACHER_GROUP,
    }


def class_service_manifest() -> list[dict[str, Any]]:
    """The class service's Deployment and Service (``kubectl apply -f``, in the hub's namespace)."""
    env = []
    for name, value in class_service_environment().items():
        if isinstance(value, tuple):
            env.append({"name": name, "valueFrom": {"secretKeyRef": {"name": value[0], "key": value[1]}}})
        else:
            env.append({"name": name, "value": value})
    labels = {**SERVICE_SELECTOR, HUB_ACCESS_LABEL: "true"}
    deployment = {
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": SERVICE_NAME, "labels": dict(SERVICE_SELECTOR)},
        "spec": {
            # one: the class tournaments it runs live in its memory (the seats are in the store)
            "replicas": 1,
            "selector": {"matchLabels": dict(SERVICE_SELECTOR)},
            "template": {
                "metadata": {"labels": labels},
                "spec": {"containers": [{
                    "name": SERVICE_NAME, "image": f"{IMAGE_NAME}:{IMAGE_TAG}",
                    "command": ["python", "-m", "changekit.hub.service"],
                    "ports": [{"name": "http", "containerPort": SERVICE_PORT}],
                    "env": env,
                    "readinessProbe": {"httpGet": {"path": SERVICE_PREFIX + "health", "port": "http"}},
                }]},
            },
        },
    }
    service = {
        "apiVersion": "v1", "kind": "Service",
        "metadata": {"name": SERVICE_NAME, "labels": dict(SERVICE_SELECTOR)},
        "spec": {"selector": dict(SERVICE_SELECTOR),
                 "ports": [{"name": "http", "port": SERVICE_PORT, "targetPort": "http"}]},
    }
    return [deployment, service]


def _yaml(data: Any) -> str:
    import yaml  # PyYAML (JupyterHub's own dependency) only when writing the cluster's files

    return yaml.safe_dump(data, sort_keys=False, default_flow_style=False, width=110)


def values_text(options: HubOptions) -> str:
    return ("# Zero to JupyterHub values written by `changekit hub --write-config` (docs/serving.md).\n"
            "# It holds the class and teacher passwords: keep it private.\n" + _yaml(kubernetes_values(options)))


def manifest_text() -> str:
    return ("# The class service, written by `changekit hub --write-config` (docs/serving.md):\n"
            "# kubectl apply -n <the hub's namespace> -f changekit-class.yaml\n"
            + "---\n".join(_yaml(item) for item in class_service_manifest()))


def prepare_image(home: Path = Path(IMAGE_HOME)) -> Path:
    """What the student image holds besides the installed kit (deploy/Dockerfile runs this): the
    kit's notebooks under ``home/notebooks`` (the servers' notebook folder, where the landing page
    is) and the anywidget lab extension with the longer model timeout under ``home/labextensions``."""
    notebooks = home / Path(IMAGE_NOTEBOOKS).name
    notebooks.mkdir(parents=True, exist_ok=True)
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        shutil.copyfile(source, notebooks / source.name)
    anywidget_extension(home / LABEXTENSIONS)
    return home



#: the files ``changekit hub --write-config DIR`` writes beside ``jupyterhub_config.py``
VALUES_FILE = "z2jh-values.yaml"
MANIFEST_FILE = "changekit-class.yaml"


def write_cluster_files(options: HubOptions, folder: Path) -> tuple[Path, Path]:
    """Write the chart's values (private: they hold the passwords) and the class service's
    manifest into ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    values = folder / VALUES_FILE
    fd = os.open(values, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(values_text(options))
    os.chmod(values, 0o600)
    manifest = folder / MANIFEST_FILE
    manifest.write_text(manifest_text())
    return values, manifest
