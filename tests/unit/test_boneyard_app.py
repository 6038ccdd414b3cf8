"""The Boneyard app without a browser: build a bid from bill pictures, reveal, see the round."""
from __future__ import annotations

import ipywidgets as w

from changekit.games.boneyard.app import BoneyardApp, ClassExplorer, last_round

from .widget_tree import find_button, html_text, widgets


def test_build_a_bid_reveal_and_see_the_round():
    app = BoneyardApp(players=4, seed=3)
    assert app.state.current_players() == (0,)  # the bots have bid already, in secret
    assert "No bids revealed yet" in html_text(app)
    assert find_button(app, r"^Reveal").disabled
    find_button(app, r"^Add \$5$").click()
    find_button(app, r"^Add \$3$").click()
    find_button(app, r"^Take back \$3$").click()
    find_button(app, r"^Add \$1$").click()
    go = find_button(app, r"^Reveal \(bid \$6\)$")
    assert not go.disabled and app.picked() == [5, 1]
    before = app.state.scores()
    go.click()
    assert app.state.round == 2 and app.state.scores() != before
    text = html_text(app)
    assert "Round 1: the bids" in text and "Rebuilding the Boneyard, step by step" in text
    assert "$6" in text and ("took bucket" in text or "cancelled" in text)
    reveal = [d for k, d in app.state.view(0)["log"] if k == "reveal"][0]
    assert reveal["bids"][0] == [5, 1]
    assert sum(app.state.inventory().elements()) == 5 * 26


def test_hints_and_undo():
    app = BoneyardApp(players=5, seed=1)
    app.w_hints.value = True
    assert "first-round equilibrium" in app.w_hint_box.value and "Best now" in app.w_hint_box.value
    find_button(app, r"^Add \$1$").click()
    find_button(app, r"^Reveal").click()
    assert app.state.round == 2
    find_button(app, r"^Undo my last move$").click()
    assert app.state.round == 1 and app.state.current_players() == (0,)


def test_hot_seat_hides_each_bid_from_the_next_player():
    app = BoneyardApp(players=3, seed=2, hot_seat=True)
    find_button(app, r"^I am Player 1").click()
    find_button(app, r"^Add \$10$").click()
    find_button(app, r"^Place my bid \(bid \$10\)$").click()
    assert app.state.current_players() == (1, 2)
    assert "Pass the device to Player 2" in html_text(app)
    find_button(app, r"^I am Player 2").click()
    assert "$10" not in app.w_round.value and "Your bid" in html_text(app)
    assert not any("bids $10" in line for line in app.state.narration(1))
    find_button(app, r"^Add \$7$").click()
    find_button(app, r"^Place my bid").click()
    find_button(app, r"^I am Player 3").click()
    find_button(app, r"^Add \$7$").click()
    find_button(app, r"^Reveal \(bid \$7\)$").click()
    assert app.state.scores() == (26 - 10 + 10, 26 - 7, 26 - 7)


def test_choose_mode_offers_the_free_buckets():
    app = BoneyardApp(players=2, seed=4, hot_seat=True, claim="choose")
    find_button(app, r"^I am Player 1").click()
    find_button(app, r"^Add \$10$").click()
    find_button(app, r"^Place my bid").click()
    find_button(app, r"^I am Player 2").click()
    find_button(app, r"^Add \$1$").click()
    find_button(app, r"^Reveal").click()
    find_button(app, r"^I am Player 1").click()
    options = [b for b in widgets(app.widget) if isinstance(b, w.Button) and b.description.startswith("Take bucket")]
    assert len(options) == 5
    options[0].click()
    assert app.state.current_players() == (1,)


def test_a_whole_game_through_the_buttons():
    app = BoneyardApp(players=3, bot="outbid", seed=5)
    for _ in range(200):
        if app.state.is_terminal():
            break
        find_button(app, r"^Add \$").click()
        find_button(app, r"^Reveal").click()
    assert app.state.is_terminal() and "Game over" in app.w_status.value


def test_last_round_reads_the_log():
    app = BoneyardApp(players=4, seed=3)
    assert last_round(app.state.view(0)["log"]) is None
    find_button(app, r"^Add \$1$").click()
    find_button(app, r"^Reveal").click()
    info = last_round(app.state.view(0)["log"])
    assert info["done"] and info["round"] == 1 and len(info["bids"]) == 4
    assert info["steps"][0][0].startswith("Winning bids")


def test_class_explorer_updates_in_place():
    explorer = ClassExplorer("5 5 5 7", n_players=2)
    box, (figure,) = explorer.figure, explorer.figure.children  # the box, and the chart drawn in it
    assert "$1" in explorer.w_text.value
    explorer.w_bids.value = "1 1 1 1 3"
    explorer.w_go.click()
    assert explorer.figure is box and box.children == (figure,) and list(figure.data[0].x) == [1, 3]
    explorer.w_bids.value = "1 2"
    explorer.w_go.click()
    assert "not a total" in explorer.w_text.value
