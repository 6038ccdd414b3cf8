"""The Cambio app without a browser: buttons drive the game, nothing secret is drawn."""
from __future__ import annotations

import random
import re

import ipywidgets as w

from changekit.games.cambio.app import CambioApp, _show


def buttons(widget):
    out = []

    def rec(x):
        if isinstance(x, w.Button) and x.layout.visibility != "hidden" and not x.disabled:
            out.append(x)
        for child in getattr(x, "children", ()):
            rec(child)

    rec(widget)
    return out


def pictures(app):
    """Every aria-label of a card picture currently in the table."""
    html = " ".join(x.value for x in _all(app.w_table) if isinstance(x, w.HTML))
    return re.findall(r'aria-label="([^"]*)"', html)


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def press(app, label):
    [btn] = [b for b in buttons(app.widget) if b.description == label][:1]
    btn.click()


def test_draw_and_swap_by_clicking():
    app = CambioApp(players=2, seed=4)
    assert app.state.current_players() == (0,)
    press(app, "Draw from deck")
    drawn = app.state.drawn
    swap = [b for b in buttons(app.widget) if b.description == "Swap in here"]
    assert len(swap) == 4
    swap[0].click()
    assert app.state.history[1] == (0, ("swap", 0))
    if app.state.grids[0][0] == drawn:  # (unless a bot snapped it away meanwhile)
        assert f"your place 1: {_show(drawn)}" in pictures(app)


def test_the_table_never_shows_a_card_you_do_not_know():
    rng = random.Random(3)
    for seed in range(3):
        app = CambioApp(players=3, seed=seed)
        app.w_hints.value = True
        for _ in range(60):
            if app.state.is_terminal():
                break
            shown = sorted(label.rsplit(": ", 1)[1] for label in pictures(app) if " place " in label
                           and not label.endswith(("face down", "empty")))
            view = app.state.view(0)
            known = sorted(_show(c) for g in view["grids"] for c in g if c not in (None, "?"))
            assert shown == known  # each known card drawn face up once, nothing more
            choices = [b for b in buttons(app.widget) if b.description not in ("New game", "Undo my last move")]
            rng.choice(choices).click()
        assert app.error == ""


def test_hot_seat_hides_the_grids_until_the_player_says_who_they_are():
    app = CambioApp(players=2, seed=1, hot_seat=True)
    assert app.w_table.children == () or list(app.w_table.children) == []
    press(app, "I am Player 1: show my hand")
    assert pictures(app)
    press(app, "Draw from deck")
    press(app, "Discard the drawn card")
    for _ in range(3):  # a power to skip, then Player 1's own snap decision
        if app.viewer == 1:
            break
        [b for b in buttons(app.widget) if b.description in ("Skip the power", "Pass (no snap)")][0].click()
    assert app.viewer == 1 and list(app.w_table.children) == []


def test_a_power_prompt_and_the_cambio_button():
    app = CambioApp(players=2, seed=1)
    state = app.state
    state.deck[-1] = "KS"  # the next draw is a King
    app.refresh()
    press(app, "Draw from deck")
    press(app, "Discard the drawn card")
    assert "King" in app._prompt.value or "K)" in app._prompt.value
    press(app, "Choose this one")
    look = [b for b in buttons(app.widget) if b.description == "Look at both"]
    assert len(look) == 4
    look[0].click()
    press(app, "Exchange the two cards")
    assert any(e.kind == "king" and e.data["exchanged"] and e.data["player"] == 0 for e in state.log)


def test_auto_pass_and_undo():
    app = CambioApp(players=2, seed=4)
    press(app, "Draw from deck")
    [b for b in buttons(app.widget) if b.description == "Swap in here"][0].click()
    history = app.state.history
    # with auto-pass on, the human is only ever stopped at a snap window when they know a match
    if app.state.phase == "snap" and app.state.current_players() == (0,):
        assert not app._nothing_to_snap(app.state, 0)
    assert app._auto and all(history[i] == (0, "pass") for i in app._auto)
    press(app, "Undo my last move")
    assert app.state.history == [(0, "draw")] and app.state.phase == "drawn"
    manual = CambioApp(players=2, seed=4, auto_pass=False)
    press(manual, "Draw from deck")
    [b for b in buttons(manual.widget) if b.description == "Swap in here"][0].click()
    assert manual.state.current_players() == (0,) and manual.state.phase == "snap"  # asked every time
    assert any(b.description == "Pass (no snap)" for b in buttons(manual.widget))


def test_the_auto_pass_box_sits_in_the_extra_slot_and_widgets_are_built_once():
    app = CambioApp(players=2, seed=4)
    assert app.w_extra in app.widget.children
    assert [box.children for box in app.w_extra.children] == [(app.w_auto,)]
    cell = app._cells[(0, 0)]
    app.new_game()
    assert app._cells[(0, 0)] is cell and len(app.widget.children) == len(set(map(id, app.widget.children)))


def test_undo_forgets_automatic_passes_it_took_back():
    app = CambioApp(players=2, seed=4)
    press(app, "Draw from deck")
    [b for b in buttons(app.widget) if b.description == "Swap in here"][0].click()
    assert app._auto
    press(app, "Undo my last move")
    assert app.state.history == [(0, "draw")] and app._auto == set()
    [b for b in buttons(app.widget) if b.description == "Swap in here"][1].click()  # the same indices again
    assert app._auto and all(app.state.history[i] == (0, "pass") for i in app._auto)
    assert app.own_moves() == [0, 1]


def _king_chosen():
    """An app where the human has drawn a King, discarded it and picked their own first card."""
    app = CambioApp(players=2, seed=1)
    app.state.deck[-1] = "KS"  # the next draw is a King
    app.refresh()
    press(app, "Draw from deck")
    press(app, "Discard the drawn card")
    press(app, "Choose this one")
    assert app.chosen == 0
    return app


def test_a_half_made_power_choice_is_forgotten_on_undo_and_new_game():
    app = _king_chosen()
    press(app, "Undo my last move")
    assert app.chosen is None and app.state.history == [(0, "draw")]
    app = _king_chosen()
    app.new_game()
    assert app.chosen is None


def test_card_buttons_say_their_action_in_words():
    app = CambioApp(players=2, seed=4)
    press(app, "Draw from deck")
    swap = [b for b in buttons(app.widget) if b.description == "Swap in here"]
    assert [b.tooltip for b in swap] == [f"Swap the drawn card into your place {j}" for j in (1, 2, 3, 4)]


def test_the_hint_says_the_bots_advice_in_words_not_as_a_tuple():
    """Issue 29: the hint printed the memory bot's advice as a raw tuple, ('blind', 1, 1, 0)."""
    from html import unescape

    from changekit.games.cambio.bots import MemoryBot

    app = CambioApp(seed=3)
    app.w_hints.value = True
    rng = random.Random(3)
    advised = 0
    for _ in range(60):
        if app.state.is_terminal():
            break
        if 0 in app.state.current_players():
            view = app.state.view(0)
            advice = MemoryBot()._choose(view, app.state.legal_actions(0))
            text = unescape(app.w_hint_box.value)
            assert "('" not in text and "(\"" not in text, text
            assert f"The memory bot would: {app.state.describe_action(advice, app.names())}." in text
            advised += 1
        btns = buttons(app.w_controls)
        if not btns:
            break
        rng.choice(btns).click()
    assert advised >= 5
