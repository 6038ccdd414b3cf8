"""The Zombie app without a browser: clicks apply moves, bots answer, undo, hints, hot-seat."""
from __future__ import annotations

from changekit.games.zombie.app import ZombieApp


def pay_buttons(app):
    return [box.children[1] for box in app.w_controls.children[1].children]


def test_clicking_a_bill_pays_it_and_the_bots_answer():
    app = ZombieApp(players=3, bot="greedy", seed=5)
    assert app.state.current_player == 0
    hand_before = list(app.state.hands[0])
    button = pay_buttons(app)[0]
    value = int(button.description.split("$")[1].split()[0])
    button.click()
    assert len(app.state.hands[0]) == len(hand_before) - 1
    assert app.state.current_player == 0  # both bots have played
    assert [p for p, _ in app.state.history[-3:]] == [0, 1, 2]
    assert f"You paid ${value}" in app.w_log.value
    assert app.w_status.value.count("your move") == 1


def test_buttons_are_labelled_and_disabled_when_it_is_not_your_turn():
    app = ZombieApp(players=2, hot_seat=False, seed=1)
    assert app.state.current_player == 0
    for button in pay_buttons(app):
        assert button.description.startswith("Pay $") and not button.disabled
    # the same table drawn for the seat that is not to act: every bill shown, none payable
    waiting = 1
    app.draw(app.state.view(waiting), waiting)
    buttons = pay_buttons(app)
    assert [b.description for b in buttons] == [f"Pay ${v}" for v in app.state.view(waiting)["hand"]]
    assert buttons and all(b.disabled for b in buttons)
    assert "(wait for your turn)" in app.w_controls.children[0].value


def test_undo_takes_back_your_move_and_the_bots_replies():
    app = ZombieApp(players=4, seed=2)
    start = app.state.to_json()
    pay_buttons(app)[0].click()
    app.undo()
    assert app.state.to_json() == start


def test_hints_show_exact_expected_points_for_each_bill():
    app = ZombieApp(players=2, seed=3)
    app.w_hints.value = True
    assert "Exact expected points" in app.w_hint_box.value
    assert all("pts" in b.description for b in pay_buttons(app))


def test_hot_seat_hides_the_hand_until_the_player_asks():
    app = ZombieApp(players=2, hot_seat=True, seed=4)
    app.new_game()
    assert app.w_table.children == () or list(app.w_table.children) == []
    reveal = app.w_screen.children[1]
    first = app.state.current_player
    assert f"Player {first + 1}" in reveal.description
    reveal.click()
    pay_buttons(app)[0].click()
    # the next human must ask again before seeing their hand
    assert app.w_screen.children and f"Player {app.state.current_player + 1}" in app.w_screen.children[1].description


def test_a_whole_game_can_be_played_through_the_buttons():
    app = ZombieApp(players=2, bot="random", seed=6)
    clicks = 0
    while not app.state.is_terminal():
        pay_buttons(app)[0].click()
        clicks += 1
    assert clicks == 2 * 6
    assert "Game over" in app.w_status.value


def test_widgets_are_built_once_and_buttons_say_the_payment_in_words():
    app = ZombieApp(players=2, seed=1)
    row, heading = app._hand_row, app._heading
    app.new_game()
    assert app._hand_row is row and app._heading is heading
    hand = app.state.view(0)["hand"]
    assert [b.description for b in pay_buttons(app)] == [app.state.describe_action(v) for v in hand]


def test_the_hint_names_no_best_bill_when_every_bill_is_worth_zero():
    """Issue 25: the hint said "Most now: $3" when every bill in hand was worth 0 points."""
    from changekit.games.zombie.analysis import hand_hints

    zero_seen = best_seen = False
    for seed in range(1, 8):
        app = ZombieApp(seed=seed)
        app.w_hints.value = True
        while not app.state.is_terminal() and 0 in app.state.current_players():
            hints = hand_hints(app.state.view(0))
            text = app.w_hint_box.value
            most = max(hints.values())
            if most == 0:
                zero_seen = True
                assert "Most now" not in text and "No bill can score now" in text, text
            elif len(set(hints.values())) > 1:
                best_seen = True
                best = " or ".join(f"${b}" for b, h in hints.items() if h == most)
                assert f"Most now: {best}." in text, text
            pay_buttons(app)[0].click()
    assert zero_seen and best_seen
