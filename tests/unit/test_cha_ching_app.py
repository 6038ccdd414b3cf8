"""The CHA-CHING! app without a browser: buttons fire, the game moves (time per action:
`make bench`, apps rows)."""
from __future__ import annotations

from changekit.games.cha_ching.app import ChaChingApp, card_picture, composition_explorer
from changekit.games.cha_ching.rules import CARDS, OUT


def buttons(box):
    found = []
    for child in getattr(box, "children", ()):
        if hasattr(child, "on_click") and hasattr(child, "description"):
            found.append(child)
        found += buttons(child)
    return found


def press(app, text):
    matching = [b for b in buttons(app.w_controls) if b.description.startswith(text) and not b.disabled]
    assert matching, (text, [b.description for b in buttons(app.w_controls)])
    matching[0].click()


def test_draw_discard_and_end_a_turn_by_clicking():
    app = ChaChingApp(players=3, seed=4)
    assert app.state.current_players() == (0,) and app.state.phase == "draw"  # seat 0 opens
    assert "Draw a card" in app.w_status.value
    press(app, "Draw from the deck")
    assert len(app.state.hands[0]) == 9 and "Discard a card" in app.w_status.value
    discards = [b for b in buttons(app.w_controls) if b.description.startswith("Discard ")]
    assert len(discards) == 9 and all(b.description for b in discards)
    press(app, "Discard ")
    assert len(app.state.hands[0]) == 8
    press(app, "End my turn")
    assert app.state.current_players() == (0,) and app.state.phase == "draw"  # the bots played
    assert "discarded" in app.w_log.value


def test_go_out_is_offered_only_when_true_and_a_false_claim_is_explained_and_charged():
    app = ChaChingApp(players=2, seed=3)
    press(app, "Take the top discard")
    press(app, "Discard ")
    app.state.hands[0] = ["50"] * 8
    target = app.state.target
    app.refresh()
    # the hand cannot make the target: no button says it does (issue 29), only ending the turn
    shown = [b.description for b in buttons(app.w_controls) if b in app._end_row.children]
    assert shown == ["End my turn"] and "End your turn." in app.w_status.value
    assert "Go out" not in app.w_status.value
    app.act(OUT)  # the rules still take a false claim (a bot's, a lab's): it is explained and scored
    assert "False go-out" in app.verdict and f"cannot make {target}" in app.verdict
    assert app.state.points[0] == target


def test_a_right_go_out_is_explained_until_the_next_own_move_and_undo_takes_it_back():
    app = ChaChingApp(players=2, seed=3)
    press(app, "Draw from the deck")
    press(app, "Discard ")
    app.state.hands[0] = ["1", "5", "10", "cent", "cent", "cent", "cent", "cent"]
    app.state.black, app.state.white = 1, 6
    app.refresh()
    assert app.verdict == ""
    press(app, "Go out (claim: my 8 cards make 16)")
    assert app.verdict == "Out! 1 + 5 + 10 = 16 (and 5 cards worth 0): 16 exactly."
    assert "Out! 1 + 5 + 10 = 16" in app.w_controls.children[-1].value
    assert app.state.points[0] == 0 and app.state.points[1] > 0
    app.undo()  # back to before the claim: nothing to explain
    assert app.verdict == "" and app.state.phase == "end"
    press(app, "End my turn")
    assert app.verdict == ""


def test_cha_ching_buttons_appear_with_the_card():
    app = ChaChingApp(players=3, seed=2)
    press(app, "Draw from the deck")
    app.state.hands[0] = ["1", "1", "5", "10", "25", "25", "cent", "wild", "chaching"]
    app.refresh()
    labels = [b.description for b in buttons(app.w_controls)]
    assert "CHA-CHING: re-roll both dice" in labels
    assert any(lab.startswith("CHA-CHING: trade hands with") for lab in labels)
    press(app, "CHA-CHING: re-roll white")
    assert any(e.kind == "reroll" for e in app.state.log)


def test_hints_and_pictures():
    app = ChaChingApp(players=2, seed=1)
    app.w_hints.value = True
    assert "change(s) to make" in app.w_hint_box.value
    for card in CARDS:
        assert "<svg" in card_picture(card)


def test_the_composition_sliders_redraw_the_chart():
    explorer = composition_explorer()
    before = list(explorer.figure.data[0].y)
    explorer.inputs["wild"].value = 3  # fewer wilds
    assert list(explorer.figure.data[0].y) != before and "%" in explorer.readout.value
    for box in explorer.inputs.values():
        drawn = list(explorer.figure.data[0].y)
        box.value = 0
        if "at least 8" in explorer.readout.value:  # a refused deck leaves the chart as it was
            assert list(explorer.figure.data[0].y) == drawn
    assert "at least 8" in explorer.readout.value
