"""The strategy lab in a class, driven through its pages' own buttons: students submit bots, the
teacher runs the tournament in the sandbox and shows the standings, students see them."""
from __future__ import annotations

import base64
import re

import pytest

from changekit.classroom import connect
from changekit.classroom.botclass import ClassBotLab, TournamentPanel, standings_table
from changekit.classroom.live import ClassLink
from changekit.lab import tournament
from changekit.ui.botlab import BotLab

MAX_BILL = "def choose(view, legal, rng):\n    return max(legal)\n"
MIN_BILL = "def choose(view, legal, rng):\n    return min(legal)\n"
BROKEN = "def choose(view, legal, rng):\n    return None\n"


@pytest.fixture
def klass(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        session = store.open_session("Period 3")
        yield store, session


def student_lab(store, session, name, source):
    link = ClassLink.join(store, session.code, name)
    lab = BotLab("zombie", source=source, games=4)
    return ClassBotLab(lab, link, poll=False)


def test_students_submit_the_teacher_runs_and_shows_everyone_sees(klass):
    store, session = klass
    ada = student_lab(store, session, "Ada", MAX_BILL)
    bo = student_lab(store, session, "Bo", MIN_BILL)
    cy = student_lab(store, session, "Cy", BROKEN)
    for page in (ada, bo, cy):
        page.w_submit.click()
        assert "Submitted at" in page.w_said.value
    bo.lab.w_code.value = MAX_BILL.replace("max", "min")  # Bo changes his mind: the new one replaces the old
    bo.w_submit.click()
    assert [b.student for b in store.bots(session.code, session.teacher_key, "zombie")] == ["Ada", "Bo", "Cy"]

    panel = TournamentPanel(store, session.code, session.teacher_key, poll=False)
    assert "3 submitted" in panel.w_entries.value and "Ada, Bo, Cy" in panel.w_entries.value
    panel.w_kit.value = ("greedy",)
    panel.w_games.value, panel.w_seed.value = 8, 42
    panel.w_run.click()
    standings = panel.standings
    assert standings is not None and standings.seed == 42
    expected = tournament("zombie", [("Ada", MAX_BILL), ("Bo", MIN_BILL), ("Cy", BROKEN), "greedy"], games=8, seed=42)
    assert standings.rows == expected.rows  # the seed reproduces it
    assert "seed 42" in panel.w_message.value and panel.w_table.value.count("<tr>") == 5
    cy_row = next(r for r in standings.rows if r["entry"] == "Cy")
    assert cy_row["illegal"] == 10 and "stopped after 10" in cy_row["stopped"]
    bars, heat = panel.figures  # the win rates and the payoff matrix
    assert list(bars.data[0].x) == [r["entry"] for r in standings.rows]
    assert list(heat.data[0].y) == ["Ada", "Bo", "Cy", "greedy bot"] and heat.data[0].z[0][0] is None
    # both on the page, as chart widgets (drawn into an Output from the run's callback, they never showed)
    import plotly.graph_objects as go

    shown = [go.Figure(chart) for chart in panel.w_chart.children]
    assert [list(f.data[0].x) for f in shown] == [list(bars.data[0].x), list(heat.data[0].x)]
    csv = base64.b64decode(re.search(r"base64,([^\"]+)", panel.w_export.value).group(1)).decode()
    assert csv.splitlines()[0].startswith("rank,entry") and len(csv.splitlines()) == 5

    # a failed move opens its game in the replay
    label, (entry, k) = panel.w_failures.options[0]
    assert label.startswith("Cy: illegal in game")
    assert panel.replay.box.layout.display == "" and "After move" in panel.replay.w_html.value

    panel.w_anonymous.click()
    for page, name in ((ada, "Ada"), (bo, "Bo")):
        page.poller.tick()
        assert "Class tournament (seed 42" in page.w_standings.value
        assert "class='ck-you'" in page.w_standings.value and page.w_standings.value.count("ck-you") == 1
        others = {"Ada", "Bo", "Cy"} - {name}
        assert not any(f"<td>{o}</td>" in page.w_standings.value for o in others)
    panel.w_named.click()
    ada.poller.tick()
    assert "<td>Bo</td>" in ada.w_standings.value and "Ada (you)" in ada.w_standings.value


def test_a_bad_bot_is_refused_on_the_students_page_and_nothing_is_stored(klass):
    store, session = klass
    page = student_lab(store, session, "Ada", "def choose(view, legal, rng)\n    return 1\n")
    page.w_submit.click()
    assert "role='alert'" in page.w_said.value and "line 1:" in page.w_said.value
    assert store.bots(session.code, session.teacher_key, "zombie") == []


def test_the_teacher_is_told_why_a_tournament_cannot_run_or_show(klass):
    store, session = klass
    panel = TournamentPanel(store, session.code, session.teacher_key, poll=False)
    panel.w_publish = None
    panel.w_named.click()
    assert "Run the tournament first" in panel.w_message.value
    panel.w_run.click()  # nobody submitted and no kit bot chosen
    assert "role='alert'" in panel.w_message.value and "entries" in panel.w_message.value
    assert not panel.w_run.disabled


def test_hostile_names_in_standings_are_text():
    rows = [{"rank": 1, "entry": "<img src onerror=alert(1)>", "games": 3, "win_rate": 0.5, "low": 0.1,
             "high": 0.9, "mean_score": 2.0, "you": True}]
    table = standings_table(rows)
    assert "<img" not in table and "&lt;img src onerror=alert(1)&gt;" in table
