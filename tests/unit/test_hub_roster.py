"""``changekit hub --roster FILE``: the names it reads (as the hub's login would take them) and
the ones it refuses, with the line, before anything starts."""
from __future__ import annotations

import pytest

from changekit import cli
from changekit.hub import kubernetes as k8s
from changekit.hub.config import ADMIN_SERVICE, HubError, HubOptions, hub_settings
from changekit.hub.prespawn import read_roster


def test_a_roster_is_read_as_the_hub_takes_names(tmp_path):
    roster = tmp_path / "period3.txt"
    roster.write_text("# period 3\nAda\n\nbo   # back row\ncy.z\n", encoding="utf-8")
    assert read_roster(roster, "ms-lee") == ("ada", "bo", "cy.z")


@pytest.mark.parametrize(("text", "words"), [
    ("ada\nAda\n", "line 2: 'ada' is listed twice"),
    ("ada\n\u0430da\n", "line 2: '\u0430da' is not a hub user name"),
    ("bo\nms-lee\n", "line 2: 'ms-lee' is the teacher's name"),
    ("ada\nrnia\nmia\n", "line 3: 'mia' is a look-alike of 'rnia'"),
    ("Ms Lee\n", "line 1: 'ms lee' is not a hub user name"),
    ("# nobody\n\n", "no names in it"),
])
def test_a_bad_roster_is_refused_with_the_line(tmp_path, text, words):
    roster = tmp_path / "roster.txt"
    roster.write_text(text, encoding="utf-8")
    with pytest.raises(HubError) as refused:
        read_roster(roster, "ms-lee")
    assert words in str(refused.value)


def test_a_refused_roster_starts_nothing(tmp_path):
    roster = tmp_path / "roster.txt"
    roster.write_text("ada\nada\n")
    with pytest.raises(SystemExit) as refused:
        cli.main(["hub", "--roster", str(roster), "--runtime", str(tmp_path / "rt"), "--allow-root"])
    assert str(refused.value.code).startswith("changekit: --roster") and "listed twice" in str(refused.value.code)
    assert not (tmp_path / "rt").exists()


def test_the_kits_api_token_may_start_servers_and_nothing_more(tmp_path):
    options = HubOptions(runtime=tmp_path, password="class-pass", allow_root=True, isolate=False, proxy="chp",
                         roster=("ada", "bo")).resolved()
    s = hub_settings(options)
    service = next(x for x in s["JupyterHub.services"] if x["name"] == ADMIN_SERVICE)
    assert service == {"name": ADMIN_SERVICE, "api_token": options.api_token} and len(options.api_token or "") == 64
    role = next(r for r in s["JupyterHub.load_roles"] if r["name"] == ADMIN_SERVICE)
    # users and their servers, and a look at whether each server's pages are ready (no user's data)
    assert role == {"name": ADMIN_SERVICE, "services": [ADMIN_SERVICE],
                    "scopes": ["admin:users", "admin:servers", "access:servers"]}
    # on a cluster: the chart's placeholder pods keep room for the roster's servers
    values = k8s.kubernetes_values(options)
    assert values["scheduling"]["userPlaceholder"] == {"enabled": True, "replicas": 2}
    assert "scheduling" not in k8s.kubernetes_values(HubOptions(
        runtime=tmp_path, password="class-pass", allow_root=True, isolate=False, proxy="chp").resolved())
