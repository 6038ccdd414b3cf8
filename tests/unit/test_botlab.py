"""The strategy lab's page, driven through its own widgets."""
from __future__ import annotations

import pytest

from changekit.core.errors import ChangekitError
from changekit.lab import check_bot
from changekit.registry import game_keys
from changekit.ui import botlab
from changekit.ui.botlab import BotLab, lab_page


def test_the_starter_bot_runs_as_it_is_and_its_report_matches_check_bot():
    lab = BotLab("zombie", games=8, seed=3)
    assert "def choose(view, legal, rng):" in lab.w_code.value and "view['hand']" in lab.w_code.value
    lab.w_test.click()
    report = check_bot("zombie", lab.w_code.value, against=[d.value for d in lab.w_against], games=8, seed=3)
    assert lab.report is not None and lab.report.win_rate == report.win_rate
    assert f"{report.mean_score.value:.2f}" in lab.w_result.value
    assert "failed moves: none" in lab.w_result.value and lab.w_failures.layout.display == "none"
    assert not lab.w_test.disabled


def test_a_failed_move_opens_its_game_in_the_replay_and_the_buttons_step_through_it():
    lab = BotLab("zombie", source="def choose(view, legal, rng):\n    return 99\n", games=4)
    lab.w_test.click()
    assert "10 illegal" in lab.w_result.value and "stopped after 10" in lab.w_result.value
    first = lab.report.failures[0]
    assert lab.w_failures.options[0][0].startswith(f"illegal in game 1, move {first.move + 1}: choose returned 99")
    assert lab.replay.w_position.value == first.move and lab.replay.box.layout.display == ""
    assert f"After move {first.move} of" in lab.replay.w_html.value and "(to act: your bot)" in lab.replay.w_html.value
    lab.replay.w_next.click()
    assert lab.replay.w_position.value == first.move + 1
    lab.replay.w_first.click()
    assert "After move 0 of" in lab.replay.w_html.value
    lab.replay.w_back.click()
    assert lab.replay.w_position.value == 0
    lab.replay.w_last.click()
    assert "the game is over" in lab.replay.w_html.value


def test_bad_source_says_what_is_wrong_escaped_and_runs_nothing():
    lab = BotLab("boneyard", source="def choose(view, legal, rng)\n    return '<img src onerror=alert(1)>'\n")
    lab.w_test.click()
    assert "line 1:" in lab.w_status.value and "role='alert'" in lab.w_status.value
    assert lab.report is None and lab.w_result.value == ""
    lab.w_code.value = "x = '<b>' + 1\n"
    lab.w_test.click()
    assert "defines no choose" in lab.w_status.value and "<b>" not in lab.w_status.value


def test_a_disabled_test_button_refuses_on_the_kernel_side_too():
    lab = BotLab("zombie", games=4)
    lab.w_test.disabled = True
    lab.w_test.click()
    assert lab.report is None and lab.w_status.value.startswith("<p>Your bot sits in seat 1")


def test_every_game_has_a_lab_with_a_working_starter():
    for game in game_keys():
        lab = BotLab(game, games=1)
        assert len(lab.w_against) == lab.players - 1
        lab.w_test.click()
        assert lab.report is not None and lab.report.failures == [], game


def test_the_page_address_names_the_game(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=cambio")
    assert lab_page().game == "cambio"
    monkeypatch.setenv("QUERY_STRING", "game=<script>")
    assert lab_page().game == "zombie"
    with pytest.raises(ChangekitError, match="no game called 'chess'"):
        BotLab("chess")


def test_a_page_served_to_others_never_runs_code_outside_the_sandbox(monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    assert botlab.served_to_others()
    monkeypatch.setattr("changekit.lab.sandbox.BWRAP", "no-such-bwrap")  # no bubblewrap here
    lab = BotLab("zombie", games=4)
    lab.w_test.click()
    assert "runs no code that another person wrote" in lab.w_status.value and lab.report is None
    monkeypatch.delenv("VOILA_KERNEL_ID")
    lab.w_test.click()  # the student's own JupyterLab: their own code in their own kernel's child
    assert lab.report is not None


def test_start_from_puts_an_example_or_the_starter_in_the_code_box():
    from changekit.lab.starters import examples_for, starter_source
    from changekit.ui.botlab import BotLab

    lab = BotLab("boneyard")
    titles = list(examples_for("boneyard"))
    assert set(titles) <= set(lab.w_start.options)
    lab.w_start.value = titles[0]
    assert lab.w_code.value == examples_for("boneyard")[titles[0]]
    lab.w_start.value = "the starter bot (random moves)"
    assert lab.w_code.value == starter_source("boneyard")
