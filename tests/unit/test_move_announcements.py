"""The game table's moves region (an ARIA live region): what changed since the last redraw (your
move, the bots' answers, the end of a round), in the log's own words, each line read out once."""
from __future__ import annotations

import html
import re

from changekit.games.zombie.app import ZombieApp


def lines(value: str) -> list[str]:
    return [html.unescape(line) for line in re.findall(r"<p>(.*?)</p>", value)]


def log_lines(app) -> list[str]:
    """The log as the page shows it, oldest first (its ``<li>``s are newest first)."""
    log = app.w_log.value.split("<ol", 1)[1]
    return [html.unescape(re.sub(r"<[^>]+>", "", item)) for item in reversed(re.findall(r"<li>(.*?)</li>", log))]


def scripted_game():
    """A whole 3-player Zombie game, seat 0 paying its first legal bill each turn: (app, every value
    the moves region took, in order, and how many human moves were made)."""
    app = ZombieApp(players=3, bot="careful", seed=3)
    said: list[str] = [app.w_moves.value]  # the first redraw's: the deal, and any bot before you
    app.w_moves.observe(lambda change: said.append(change["new"]), names="value")
    moves = 0
    while not app.state.is_terminal():
        app.act(app.state.legal_actions(0)[0])
        moves += 1
    return app, said, moves


def test_each_move_of_a_scripted_game_is_announced_once_in_the_logs_words():
    app, said, moves = scripted_game()
    announced = [line for value in said for line in lines(value)]
    # every event of the game, as the game itself narrates it: each once, in order, to the end
    names = app.names()
    every_event = [app.state.narrate(e, names) for e in app.state.events_for(0)]
    assert len(every_event) > 60
    assert announced == every_event
    # the same words as the log (which shows the last 60 lines)
    shown = log_lines(app)
    assert announced[-len(shown):] == shown[-len(announced):]
    # one announcement per redraw at most: no storm while the bots play their turns
    assert len(said) <= moves + 1


def test_a_redraw_with_nothing_new_announces_nothing_and_undo_announces_nothing_again():
    app = ZombieApp(players=3, bot="careful", seed=3)
    app.act(app.state.legal_actions(0)[0])
    first = lines(app.w_moves.value)
    assert first and first[0].startswith("You paid $"), first
    app.w_hints.value = True  # a redraw: nothing moved
    assert lines(app.w_moves.value) == []
    app.undo()  # the moves taken back are not news, nor what is left
    assert lines(app.w_moves.value) == []
    app.act(app.state.legal_actions(0)[0])
    again = lines(app.w_moves.value)
    assert again and again[0].startswith("You paid $") and len(again) == len(first)
