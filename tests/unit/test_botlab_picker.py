"""Issue 41: the strategy lab picks its game on the page (no address to edit), and its games box
says what it plays (every deal once from each seat: "Games 30" played 32 in a 4-player game)."""
from __future__ import annotations

from changekit.classroom.botclass import NOT_FROM_CLASS, class_lab_page
from changekit.lab.starters import starter_source
from changekit.ui.botlab import BotLab


def test_the_game_is_picked_on_the_page_and_each_game_keeps_its_code():
    lab = BotLab("zombie", games=8)
    assert lab.w_game.value == "zombie" and lab.w_game in lab.box.children
    assert ("Boneyard", "boneyard") in [tuple(o) for o in lab.w_game.options]
    picked: list[str] = []
    lab.on_game.append(picked.append)
    lab.w_code.value = "# my zombie bot\n" + lab.w_code.value
    lab.w_game.value = "boneyard"
    assert picked == ["boneyard"] and lab.game == "boneyard" and lab.cls.title == "Boneyard"
    assert lab.w_code.value == starter_source("boneyard") and "Boneyard" in lab.w_title.value
    assert len(lab.w_against) == lab.players - 1 and lab.w_seats.children == tuple(lab.w_against)
    assert set(lab.w_start.options) - {None} >= {"the starter bot (random moves)"}
    lab.w_game.value = "zombie"
    assert lab.w_code.value.startswith("# my zombie bot")  # the code written for a game comes back
    lab.w_test.click()
    assert lab.report is not None and lab.report.game == "zombie"


def test_the_games_box_says_what_it_plays():
    lab = BotLab("zombie", games=30)  # four players: 30 games are 8 deals, 32 games
    assert lab.players == 4 and lab.w_deals.description == "Deals" and lab.w_deals.value == 8
    assert lab.games == 32 and "= <b>32 games</b> (8 deals, each from all 4 seats)" in lab.w_played.value
    lab.w_deals.value = 1
    assert "= <b>4 games</b> (1 deal, each from all 4 seats)" in lab.w_played.value
    lab.w_test.click()
    assert lab.report is not None and lab.report.games == 4 and "4 games" in lab.w_result.value


def test_the_lab_alone_says_how_to_reach_submit_to_class(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=cambio")
    lab = class_lab_page()
    assert lab.game == "cambio" and lab.w_game.value == "cambio"
    text = " ".join(str(child.value) for child in lab.box.children if isinstance(getattr(child, "value", None), str))
    assert NOT_FROM_CLASS in text and "address" not in text
