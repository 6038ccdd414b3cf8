"""The Zhao Pengyou app without a browser: buttons drive the game, refusals are explained."""
from __future__ import annotations

import random
import re
from html import escape

import ipywidgets as w

from changekit.games.zhao_pengyou.app import ZhaoPengyouApp
from changekit.games.zhao_pengyou.tricks import show


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def buttons(app):
    return [b for b in _all(app.widget) if isinstance(b, w.Button) and not b.disabled]


def press(app, label):
    [btn] = [b for b in buttons(app) if b.description == label][:1]
    btn.click()


def labels(widget):
    html = " ".join(x.value for x in _all(widget) if isinstance(x, w.HTML))
    return re.findall(r'aria-label="([^"]*)"', html)


def to_play_phase(app, rng):
    """Click through declaring, burying and calling (whatever is offered) until seat 0 plays."""
    for _ in range(400):
        view = app.state.view(0)
        if view["phase"] == "play" and 0 in view["to_act"]:
            return view
        choices = [b for b in buttons(app) if b.description not in ("New game", "Undo my last move",
                                                                    "Play selected cards", "Clear selection")]
        rng.choice(choices).click()
    raise AssertionError("never reached seat 0's play")


def test_every_button_has_a_text_label_and_the_hand_is_drawn_as_pictures():
    app = ZhaoPengyouApp(seed=2)
    shown = [b for b in _all(app.widget) if isinstance(b, w.Button)]
    assert shown and all(b.description.strip() for b in shown)
    view = app.state.view(0)
    mine = [label for label in labels(app.w_controls) if label.startswith("your card:")]
    assert len(mine) == len(view["hand"]) and view["hand"]
    assert "Pass (do not declare)" in [b.description for b in buttons(app)]


def test_select_and_play_a_legal_card_and_see_a_refusal_explained():
    # seed 8: seat 0 first plays following a single-card lead while holding cards it may not play
    rng = random.Random(8)
    app = ZhaoPengyouApp(seed=8)
    view = to_play_phase(app, rng)
    hand = view["hand"]
    lead = view["trick"][0][1]
    assert len(lead) == 1
    legal_firsts = {a[1] for a in app.state.legal_actions(0)}
    bad = [i for i, c in enumerate(hand) if c not in legal_firsts]
    assert bad, "every card is playable: this seed no longer reaches the refusal"
    # an illegal single card (off the led suit while holding it) is refused, in words, changing nothing
    before = app.state.to_json()
    app.toggle(bad[0])
    press(app, "Play selected cards")
    assert "you must follow" in app.error, app.error
    assert escape(app.error) in app.w_status.value
    assert app.state.to_json() == before
    app.picked = []
    before = len(app.state.history)
    # play the first legal action (a lead, or a follow built card by card)
    probe = app.state.clone()
    cards = []
    while True:
        action = probe.legal_actions(0)[0]
        cards += list(action[1:])
        probe.apply(action, 0)
        if not probe.trick or probe.trick[-1][0] == 0 or probe.current_players() != (0,):
            break
    used = []
    for c in cards:
        used.append(next(i for i, x in enumerate(hand) if x == c and i not in used))
    for i in used:
        app.toggle(i)
    assert "selected" in " ".join(labels(app.w_controls))
    press(app, "Play selected cards")
    assert app.error == "" and len(app.state.history) > before
    assert any(line.startswith("You play") for line in app.state.narration(0, app.names()))


def test_empty_selection_is_refused_with_words():
    rng = random.Random(1)
    app = ZhaoPengyouApp(seed=1)
    to_play_phase(app, rng)
    press(app, "Play selected cards")
    assert "press Select under the cards" in app.error


def test_the_table_never_shows_another_players_hand():
    rng = random.Random(9)
    app = ZhaoPengyouApp(seed=9)
    app.w_hints.value = True
    for _ in range(120):
        if app.state.is_terminal():
            break
        view = app.state.view(0)
        shown = sorted(label.split(": ", 1)[1] for label in labels(app.w_controls) if label.startswith("your card:"))
        assert shown == sorted(show([c]) for c in view["hand"])
        if view["phase"] == "play" and 0 in view["to_act"]:
            legal = app.state.legal_actions(0)
            if not view["trick"]:
                cards = list(legal[-1][1:])
                used = []
                for c in cards:
                    used.append(next(i for i, x in enumerate(view["hand"]) if x == c and i not in used))
                for i in used:
                    app.toggle(i)
                press(app, "Play selected cards")
            else:
                app.act(legal[0])  # one card of the follow, as the engine takes it
            assert app.error == ""
        else:
            choices = [b for b in buttons(app) if b.description not in ("New game", "Undo my last move",
                                                                        "Play selected cards", "Clear selection")]
            rng.choice(choices).click()
    assert app.state.history  # the loop played (time per action: `make bench`, apps rows)


def test_hot_seat_hides_the_hand_until_the_player_says_who_they_are():
    app = ZhaoPengyouApp(seed=1, hot_seat=True)
    assert not [label for label in labels(app.w_controls) if label.startswith("your card:")]
    viewer = app.viewer
    press(app, f"I am Player {viewer + 1}: show my hand")
    assert [label for label in labels(app.w_controls) if label.startswith("your card:")]


def test_a_follow_that_breaks_the_pair_rule_is_refused_with_the_rule_in_words():
    from tests.unit.test_zhao_pengyou import play_position

    app = ZhaoPengyouApp(seed=1)
    state = play_position(["4D 4D 9D 3S", "KD KD 9S 8S", "3H 4H 5H 6H", "7H 8H 9H 10H"], leader=1, deals=None)
    state.apply(("play", "KD", "KD"), 1)
    state.apply(("play", "3H"), 2)
    state.apply(("play", "4H"), 2)
    state.apply(("play", "7H"), 3)
    state.apply(("play", "8H"), 3)
    assert state.current_players() == (0,)
    app.state, app.bot_players = state, {}
    app.refresh()
    hand = app.state.view(0)["hand"]
    app.toggle(hand.index("4D"))
    app.toggle(hand.index("9D"))
    press(app, "Play selected cards")
    assert "you hold a pair of ♦ (4♦ 4♦) and must play it" in app.error
    assert "you hold a pair" in app.w_status.value
    app.picked = []
    app.toggle(hand.index("4D"))
    app.toggle(hand.index("4D") + 1)
    press(app, "Play selected cards")
    assert app.error == "" and app.state.last_trick[0] == [1, ["KD", "KD"]]


def test_undo_from_a_deal_checkpoint_equals_the_full_replay():
    rng = random.Random(4)
    app = ZhaoPengyouApp(seed=4)
    view = to_play_phase(app, rng)
    for _ in range(3):
        legal = app.state.legal_actions(0)
        app.act(legal[-1])
        if app.state.is_terminal():
            break
    reference = app.state.clone()
    humans = [i for i, (p, _) in enumerate(reference.history) if p == 0]
    reference.undo(len(reference.history) - humans[-1])
    app.undo()
    assert app.state.to_json() == reference.to_json() and app.state.log == reference.log
    assert view["hand"]


def test_undo_in_the_second_deal_replays_from_that_deal():
    app = ZhaoPengyouApp(seed=6)
    for _ in range(400):
        if app.state.deal_no == 1 and len(app._checkpoints) == 2 and app.state.phase == "play":
            break
        app.act(app.state.legal_actions(0)[0])
    assert app.state.deal_no == 1 and app._checkpoints[-1][1].deal_no == 1
    app.act(app.state.legal_actions(0)[0])
    reference = app.state.clone()
    humans = [i for i, (p, _) in enumerate(reference.history) if p == 0]
    reference.undo(len(reference.history) - humans[-1])
    app.undo()
    assert app.state.to_json() == reference.to_json()  # its time: `make bench`, zhao_pengyou rows


def test_a_new_game_drops_the_old_games_checkpoints_and_undo_replays_the_new_one():
    app = ZhaoPengyouApp(seed=6)
    for _ in range(400):
        if app.state.deal_no == 1 and app.state.phase == "play":
            break
        app.act(app.state.legal_actions(0)[0])
    assert len(app._checkpoints) == 2
    app.picked = [0]
    app.w_seed.value = 7
    app.new_game()  # the frame's new game: the game's input is reset, old checkpoints are not this game's
    assert app.picked == [] and [saved.seed for _, saved in app._checkpoints] == [7]
    assert app._checkpoints[0][1].history == app.state.history[:app._checkpoints[0][0]]
    for _ in range(3):
        app.act(app.state.legal_actions(0)[0])
    reference = app.state.clone()
    humans = [i for i, (p, _) in enumerate(reference.history) if p == 0]
    reference.undo(len(reference.history) - humans[-1])
    app.undo()
    assert app.state.to_json() == reference.to_json()


def test_declare_and_bury_buttons_say_what_the_engine_calls_the_action():
    app = ZhaoPengyouApp(seed=1)
    for _ in range(200):
        view = app.state.view(0)
        if view["phase"] in ("deal", "last_call") and 0 in view["to_act"] and len(app.state.legal_actions(0)) > 1:
            break
        app.act(app.state.legal_actions(0)[-1] if 0 in view["to_act"] else app.state.legal_actions()[0])
    app.refresh()
    labels = [b.description for b in app._buttons.children]
    legal = app.state.legal_actions(0)
    assert labels == [app.state.describe_action(a) for a in legal]
    assert labels[0] == "Pass (do not declare)" and all(lab.startswith("Declare ") for lab in labels[1:])


def test_the_hint_names_every_card_of_a_several_card_follow():
    """Issue 25: with a pair or tractor to follow, the hint kept naming one card."""
    from html import unescape

    from changekit.games.zhao_pengyou.bots import HeuristicBot

    checked = 0
    for seed in range(1, 6):
        rng = random.Random(seed)
        app = ZhaoPengyouApp(seed=seed)
        app.w_hints.value = True
        to_play_phase(app, rng)
        for _ in range(200):
            state = app.state
            if state.is_terminal() or 0 not in state.current_players() or state.view(0)["phase"] != "play":
                break
            view = state.view(0)
            lead = view["trick"][0][1] if view["trick"] else []
            if len(lead) > 1 and not view["selection"]:
                sim, bot, planned = state.clone(), HeuristicBot(), []
                for _ in lead:
                    action = bot.choose(sim.view(0), sim.legal_actions(0), rng=random.Random(0))
                    planned.append(action[1])
                    sim.apply(action, 0)
                assert f"follow the {len(lead)}-card lead with {show(planned)}." in unescape(app.w_hint_box.value)
                checked += 1
            app.act(rng.choice(state.legal_actions(0)))
    assert checked >= 2


def test_the_play_menu_sets_how_many_deals_the_next_new_game_plays():
    """A whole match is over a thousand moves: the Play menu (under the table) gives the next New
    game one deal, or a few, or the whole match again; the game running is not changed by it."""
    app = ZhaoPengyouApp(players=4, seed=1)
    assert [label for label, _ in app.w_deals.options][:2] == ["the whole match", "1 deal"]
    assert app.w_deals.label == "the whole match" and app.state.options.deals is None
    app.w_deals.value = 1
    assert app.state.options.deals is None  # the game being played goes on as it was
    press(app, "New game")
    assert app.state.options.deals == 1
    app.w_deals.value = 0
    press(app, "New game")
    assert app.state.options.deals is None
    shown = ZhaoPengyouApp(players=4, seed=1, deals=4)  # an argument's length is in the menu, chosen
    assert shown.w_deals.label == "4 deals" and shown.state.options.deals == 4
