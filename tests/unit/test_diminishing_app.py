"""The Diminishing Returns app without a browser: buttons fire their callbacks in plain Python."""
from __future__ import annotations

from changekit.games.diminishing import solve_position
from changekit.games.diminishing.app import DiminishingApp


def bill_buttons(app):
    return [box.children[1] for box in app.w_controls.children[1].children]


def take_buttons(app):
    return list(app.w_controls.children[1].children)


def test_a_move_is_a_bill_then_a_legal_take_back_and_the_bot_answers():
    app = DiminishingApp(seed=3)
    assert app.state.current_player == 0 and len(app.state.history) in (0, 1)  # the bot may have opened
    played = len(app.state.history)
    labels = [b.description for b in bill_buttons(app)]
    assert labels == ["Play $1", "Play $3", "Play $5", "Play $7", "Play $10"]
    bill_buttons(app)[2].click()  # $5
    assert app.chosen == 5
    takes = take_buttons(app)
    assert all(b.description.startswith("Take back") for b in takes)
    assert len(takes) == len([a for a in app.state.legal_actions() if a[0] == 5])
    takes[-1].click()
    assert app.chosen is None
    assert len(app.state.history) == played + 2  # our move and the bot's answer
    assert app.state.history[played][1][0] == 5 and app.state.history[played][0] == 0
    assert "played $5" in app.w_log.value
    assert any("Perfect bot" in n for n in app.notes)  # the explain line


def test_take_back_buttons_name_the_bills_and_add_up_only_several():
    app = DiminishingApp(hot_seat=True, seed=1)
    app.act((3,))  # whoever starts feeds a $3, the next player a $1
    app.act((1,))
    assert not app.w_screen.children  # face up: hot-seat needs no "look away" screen
    bill_buttons(app)[2].click()  # $5: up to $4 back from the pot's $3 and $1
    labels = [b.description for b in take_buttons(app)]
    assert labels == ["Take back nothing", "Take back $1", "Take back $3", "Take back $3 $1 ($4)"]


def test_hints_mark_exactly_the_winning_moves():
    app = DiminishingApp(seed=5)
    app.w_hints.value = True
    state = app.state
    view = state.view(0)
    solved = solve_position(view["hands"][0], view["hands"][1], view["pot"])
    marked = [b.description for b in bill_buttons(app)]
    assert all(("(can win)" in m) or ("(loses)" in m) for m in marked)
    assert ("can win" in " ".join(marked)) == solved.mover_wins
    assert "perfect play" in app.w_hint_box.value
    bill_buttons(app)[-1].click()
    for btn in take_buttons(app):
        assert btn.description.endswith(" — wins") or btn.description.endswith(" — loses")
    wins = {b.description for b in take_buttons(app) if b.description.endswith("wins")}
    assert len(wins) == sum(m.play == app.chosen for m in solved.winning_moves)


def test_cancel_undo_and_new_game():
    app = DiminishingApp(seed=2, bot="max take-back")
    bill_buttons(app)[0].click()
    app._cancel.click()
    assert app.chosen is None and app.w_controls.children[0] is app._step1
    bill_buttons(app)[0].click()
    take_buttons(app)[0].click()
    before = len(app.state.history)
    app.w_undo.click()
    assert len(app.state.history) < before
    app.w_new.click()
    assert app.state.turns == len(app.state.history)


def test_a_whole_game_against_the_random_bot_with_hints_on():
    app = DiminishingApp(seed=4, bot="random")
    app.w_hints.value = True
    while not app.state.is_terminal():
        bill_buttons(app)[0].click()
        take_buttons(app)[-1].click()
    assert "Game over" in app.w_status.value  # ms per click: `make bench`, apps rows (≤ 50 ms)


def test_four_players_with_search_bots():
    app = DiminishingApp(players=4, seed=1)
    bill_buttons(app)[0].click()
    take_buttons(app)[0].click()
    assert app.state.players == 4 and len(app.state.history) >= 4
    app.w_hints.value = True
    assert "two players" in app.w_hint_box.value or app.state.is_terminal()


def test_the_play_path_needs_no_numpy():
    """Pyodide has no numpy: a game against the perfect bot, with hints, must run without it."""
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['numpy'] = None\n"
        "import random\n"
        "from changekit.core import play_out\n"
        "from changekit.games.diminishing import GAME\n"
        "from changekit.games.diminishing.bots import PerfectBot, KeepSmallBot\n"
        "from changekit.games.diminishing.app import DiminishingApp\n"
        "s = GAME().new_state(seed=1)\n"
        "play_out(s, [PerfectBot(), KeepSmallBot()], rng=random.Random(1))\n"
        "app = DiminishingApp(seed=2); app.w_hints.value = True\n"
        "assert 'perfect play' in app.w_hint_box.value\n"
        "print(s.winners())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in {"(0,)", "(1,)"}


def test_the_app_uses_the_frame_s_hooks_instead_of_overriding_it():
    overridden = {"__init__", "act", "new_game", "undo"} & set(vars(DiminishingApp))
    assert overridden == set()
    app = DiminishingApp(seed=2, bot="max take-back")
    bill_buttons(app)[0].click()
    assert app.chosen is not None
    app.new_game()  # the frame's reset_input forgets the half-made move
    assert app.chosen is None


def test_take_back_tooltips_give_the_whole_move_in_words():
    app = DiminishingApp(hot_seat=True, seed=1)
    app.act((3,))
    app.act((1,))
    bill_buttons(app)[2].click()  # $5
    tips = [b.tooltip for b in take_buttons(app)]
    assert tips == ["Play $5", "Play $5, take back $1", "Play $5, take back $3", "Play $5, take back $3 $1 ($4)"]
