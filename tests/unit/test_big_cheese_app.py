"""The Big Cheese app without a browser: buttons fire, bids and payouts show (time per action:
`make bench`, apps rows)."""
from __future__ import annotations

from changekit.games.big_cheese.app import BigCheeseApp, card_picture, die_picture
from changekit.games.big_cheese.rules import CHEESE, VETO


def visible_buttons(app):
    return [b for b in app.w_buttons.children if not b.disabled and b.layout.display != "none"]


def press(app, text):
    matching = [b for b in visible_buttons(app) if b.description.startswith(text)]
    assert matching, (text, [b.description for b in visible_buttons(app)])
    matching[0].click()


def test_bid_buttons_match_the_legal_bids_and_a_bid_moves_the_game():
    app = BigCheeseApp(players=3, seed=1)
    state = app.state
    assert state.current_player == 0
    labels = [b.description for b in visible_buttons(app)]
    assert labels == ["Pass"] + [f"Bid {k}" for k in range(state.bid + 1, state.free[0] + 1)]
    before = len(state.history)
    press(app, f"Bid {state.free[0]}")       # everything: nobody can outbid 10
    assert len(app.state.history) > before
    assert any(e.kind == "take" and e.data["player"] == 0 for e in app.state.log)
    assert "You take the" in app.w_log.value


def rigged_app(**table):
    from tests.unit.test_big_cheese import rig  # noqa: PLC0415

    app = BigCheeseApp(players=3, seed=3)
    app.state = rig(players=3, leader=0, **table)
    app.refresh()
    return app


def test_the_veto_button_appears_only_with_a_veto_and_works():
    app = rigged_app(deck=[20, 2, 4])
    assert "Play Veto" not in [b.description for b in visible_buttons(app)]
    app = rigged_app(deck=[20, 2, 4], hands=[[VETO], [], []])
    press(app, "Play Veto")
    assert app.state.discards[:2] == [20, VETO] and app.state.hands[0] == []
    assert "Veto" in app.w_log.value


def test_a_payout_shows_its_die_and_moves_the_score():
    app = rigged_app(deck=[2, 4, 6, 8], projects=[(0, 12, 1), (1, 2, 5), (2, 2, 5)])
    before = app.w_score.value
    press(app, "Bid 9")
    s = app.state
    paid = next(e.data["value"] for e in s.log if e.kind == "score")
    assert s.points[0] == paid and paid in range(12, 73, 12)
    assert f"die for the 12: {paid}" in app.w_dice.value and f"+{paid}" in app.w_dice.value
    assert app.w_score.value != before and f"You score {paid} for the 12" in app.w_log.value


def test_the_big_cheese_prompt_rerolls_a_die_just_rolled():
    # the bots have 5 free workers: a bid of 9 wins; our 20 then matures with a Big Cheese in hand
    app = rigged_app(deck=[2, 4, 6, 8], projects=[(0, 20, 1), (1, 2, 5), (2, 2, 5)], hands=[[CHEESE], [], []])
    press(app, "Bid 9")
    s = app.state
    assert s.phase == "reroll" and s.current_player == 0
    labels = [b.description for b in visible_buttons(app)]
    rolled = s.rolls[0][2]
    assert labels == ["Keep the rolls", f"Big Cheese: re-roll my 20 (rolled {rolled})"]
    assert f"die for the 20: {rolled}" in app.w_dice.value
    press(app, "Big Cheese: re-roll my 20")
    event = next(e.data for e in s.log if e.kind == "reroll")
    assert event["old"] == rolled and s.points[0] == event["value"] and s.hands[0] == []
    assert "Big Cheese on the 20" in app.w_log.value


def test_hints_pictures_and_hot_seat():
    app = BigCheeseApp(players=4, seed=5)
    app.w_hints.value = True
    assert "worker-placements" in app.w_hint_box.value or "special card" in app.w_hint_box.value
    for card in (2, 20, VETO, CHEESE):
        assert "<svg" in card_picture(card) and "<svg" in card_picture(card, workers=3)
    assert "ignored" in die_picture(7, card=20, faded=True)
    hot = BigCheeseApp(players=3, seed=1, hot_seat=True)
    assert "Pass the device" in hot.w_screen.children[0].value
