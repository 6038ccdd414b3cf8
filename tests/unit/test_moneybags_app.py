"""The Moneybags app without a browser: buttons fire, the game moves, nothing leaks (time per
action: `make bench`, apps rows)."""
from __future__ import annotations

import re
from html import unescape

import ipywidgets as w
import pytest

from changekit.games.moneybags.app import MoneybagsApp, bag_svg, stacks_svg

from .widget_tree import find_button, html_text, widgets


def test_robbed_then_challenge_shows_both_stacks():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    assert app.state.phase == "challenge" and app.state.current_players() == (0,)
    assert "reached into your bag" in html_text(app)
    find_button(app, r"^Jiggle my bag$").click()
    assert app.state.view(0)["readings"][0]
    find_button(app, r"^Challenge$").click()
    text = html_text(app)
    assert "Challenge!" in text and "Out: " in text and "<svg" in text
    assert any("challenged" in line for line in app.state.narration(0))
    assert len(app.timings) == 3  # new game, jiggle, challenge: the benchmark reports their cost


def test_steal_stand_and_close_buttons_play_a_whole_game():
    app = MoneybagsApp(players=3, bot="cautious", seed=3)
    moves = 0
    while not app.state.is_terminal() and moves < 200:
        state = app.state
        if state.phase == "challenge":
            find_button(app, r"^Let it go$").click()
        elif moves % 3 == 0 and not find_button(app, r"^Steal$").disabled:
            app.w_coins.value = 2
            find_button(app, r"^Steal$").click()
            assert any(e.kind == "loot" and e.to == (0,) for e in app.state.log)
        elif moves % 3 == 1:
            find_button(app, r"^Stand by$").click()
        else:
            find_button(app, r"^Close my bag$").click()
        moves += 1
    assert app.state.is_terminal()
    assert "Game over" in app.w_status.value


def test_the_human_boss_pours_and_drops_the_diamond():
    app = MoneybagsApp(players=3, bot="bold", seed=2, pour="boss")
    assert app.state.phase == "fill"
    app.w_pour.value = 30
    find_button(app, r"^Pour$").click()
    app.w_pour.value = 20
    find_button(app, r"^Pour$").click()
    app.w_gem_bag.value = 2
    find_button(app, r"^Drop the diamond$").click()
    assert app.state.round_results == [] and app.state.phase != "fill"
    assert sorted(app.state.view(0)["poured"]) == [17, 20, 30]


def test_the_table_never_shows_what_a_bag_holds():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    assert app.state.view(0)["readings"] == [[], [], [], []]
    html = unescape(" ".join(x.value for x in widgets(app.w_bags) if isinstance(x, w.HTML)))
    words = " ".join(re.findall(r'aria-label="([^"]*)"', html)) + re.sub(r"<[^>]+>", " ", html)
    for name in app.names():
        words = words.replace(name, "")
    assert "not jiggled yet" in words and not re.search(r"\d", words)  # no number on an unjiggled bag
    assert "?" in bag_svg("Bo") and "feels ≈ 9" in bag_svg("Bo", reading=9)


def test_hints_give_the_bayesian_numbers_when_robbed():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    app.w_hints.value = True
    assert "P(the thief's stack is taller)" in unescape(app.w_hint_box.value)  # the text a browser shows


def test_stacks_picture_labels_heights():
    svg = stacks_svg([("Ann", 3, False), ("Bo", 2, True)], 10)
    assert "Ann: 3 coins = 3" in svg and "Bo: 2 coins + diamond = 12" in svg


def test_hot_seat_shows_each_player_only_their_own_readings():
    app = MoneybagsApp(players=3, seed=4, hot_seat=True)
    seat = app.viewer
    find_button(app, r"^I am ").click()
    find_button(app, r"^Jiggle my bag$").click()
    assert app.state.view(seat)["readings"][seat]
    find_button(app, r"^Stand by$").click()
    nxt = app.viewer
    assert nxt != seat
    find_button(app, r"^I am ").click()
    assert app.state.view(nxt)["readings"][seat] == []
    assert "feels ≈" not in " ".join(x.value for x in widgets(app.w_table) if isinstance(x, w.HTML))


def test_no_countdown_runs_before_the_student_acts():
    # seed 7: a bot robs you before your first turn, as the page opens: nobody may be looking yet
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    assert app.state.phase == "challenge" and not app.w_clock.running and app.w_clock.left == 5
    assert app.w_clock.idle == "starts when you press Start"
    app.w_clock.tick(now=100.0)  # a tick of no count changes nothing
    assert app.w_clock.left == 5 and app.state.phase == "challenge"
    find_button(app, r"^Jiggle my bag$").click()  # the student acts: the count starts
    assert app.w_clock.running and app.w_clock.left == 5
    assert find_button(app, r"^Stop the countdown$")


def test_the_countdown_starts_on_its_button_and_running_out_lets_the_thief_go():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    start = find_button(app, r"^Start the countdown$")
    assert start.tooltip == "Give yourself 5 seconds to decide"
    start.click()
    assert app.w_clock.running and app.w_clock.left == 5
    find_button(app, r"^Jiggle my bag$").click()  # jiggling does not restart or stop the count
    assert app.state.phase == "challenge" and app.w_clock.running
    robbed_at = len(app.state.history)
    for second in range(4):
        app.w_clock.tick(now=float(second))
        app.w_clock.tick(now=second + 0.3)  # a second view's tick of the same second: not counted
    assert app.w_clock.left == 1 and app.state.phase == "challenge"
    app.w_clock.tick(now=4.0)  # the fifth second seen
    assert app.state.history[robbed_at] == (0, "accept")
    assert any("let it go" in line for line in app.state.narration(0))
    assert "Time ran out" in app.w_log.value  # said on the page, not only in the history


def test_a_robbery_after_the_students_move_starts_its_count():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    find_button(app, r"^Let it go$").click()
    for _ in range(40):  # play on (standing by, letting thieves go) until robbed again
        if app.state.is_terminal() or (app.state.phase == "challenge" and 0 in app.state.current_players()):
            break
        find_button(app, r"^Stand by$").click()
    assert app.state.phase == "challenge" and app.state.current_players() == (0,)
    assert app.w_clock.running and app.w_clock.left == 5  # the student's move led to it: no Start needed


def test_stopping_the_countdown_lifts_the_time_limit():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    find_button(app, r"^Start the countdown$").click()
    find_button(app, r"^Stop the countdown$").click()
    assert not app.w_clock.running and app.w_clock.idle == "no time limit"
    assert find_button(app, r"^Countdown stopped").disabled
    app.w_clock.tick(now=50.0)  # a tick already on its way from the browser changes nothing
    app.w_clock.left = 0
    assert app.state.phase == "challenge" and app.state.current_players() == (0,)
    find_button(app, r"^Jiggle my bag$").click()  # jiggling does not start it again
    assert not app.w_clock.running


@pytest.mark.parametrize("query, seconds", [("countdown=12", 12), ("countdown=0", 0), ("", 5),
                                            ("countdown=ten", 5), ("countdown=-3", 5), ("seed=2&countdown=9", 9)])
def test_the_page_address_sets_the_countdown(monkeypatch, query, seconds):
    monkeypatch.setenv("QUERY_STRING", query)  # what Voila hands the kernel
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    assert app.countdown == seconds
    assert (app.w_clock in widgets(app.widget)) == bool(seconds)  # seed 7: robbed at once
    assert (f"before the count of {seconds}?" in html_text(app)) == bool(seconds)
    assert MoneybagsApp(players=4, bot="bayesian", seed=7, countdown=3).countdown == 3  # an argument wins


def test_action_buttons_say_the_words_of_their_action():
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)  # robbed at once
    thief = app.state.pending["thief"]
    buttons = (app.b_challenge, app.b_accept, app.b_feel_mine, app.b_feel_thief)
    labels = ("Challenge", "Let it go", "Jiggle my bag", f"Jiggle {app.names()[thief]}'s bag")
    for btn, label in zip(buttons, labels, strict=True):
        assert (btn.description, btn.tooltip) == (label, label)
        assert find_button(app, f"^{re.escape(label)}$")  # on the page
    seat_buttons = [app._seats[p][2] for p in range(4)]
    assert [b.description for b in seat_buttons] == ["Jiggle my bag"] + [f"Jiggle {n}'s bag" for n in app.names()[1:]]
    app = MoneybagsApp(players=3, bot="cautious", seed=3)
    while app.state.phase == "challenge":
        find_button(app, r"^Let it go$").click()
    assert app.state.phase == "turn" and app.state.current_players() == (0,)
    assert find_button(app, r"^Stand by$").tooltip == "Stand by"
    assert find_button(app, r"^Close my bag$").tooltip == "No more turns for you; nobody can rob you"


def test_the_summary_speaks_of_bags_and_reads_right_for_you():
    # issue 41: "You feels about 15" (a third-person template with the human's name, "You")
    app = MoneybagsApp(players=4, bot="bayesian", seed=7)
    find_button(app, r"^Jiggle my bag$").click()
    mine = app.state.view(0)["readings"][0][-1]
    summary = unescape(app.w_summary.value)
    assert f"Your bag feels about {mine}." in summary and "You feels" not in summary
    assert "Your bag, open, feels ≈ 9" in bag_svg("You", reading=9)
