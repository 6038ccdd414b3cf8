"""The table between an app and its game (changekit.core.table, issue 24): a local table moves the
game here, a replay steps through a finished one and takes no moves, and the app is the same app
at either (and at a networked table: tests/classroom/test_app_buttons.py)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from changekit.classroom.tables import NetworkedTable
from changekit.core import ChangekitError, IllegalAction
from changekit.core.table import LocalTable, ReplayTable, Table
from changekit.registry import game_spec

NAMES = ["You", "Greedy bot 1", "Greedy bot 2"]


def zombie_table(seed: int = 4, **kwargs) -> LocalTable:
    spec = game_spec("zombie")
    bots = {1: spec.bots["greedy"](), 2: spec.bots["greedy"]()}
    return LocalTable(spec.game(players=3).new_state(seed=seed), names=NAMES, bots=bots, seed=seed, **kwargs)


def finished_game():
    table = zombie_table()
    while not table.state.is_terminal():
        table.play_programs()
        if not table.state.is_terminal():
            table.move(min(table.state.legal_actions(0)), 0)
    return table.state


def test_every_table_is_a_table():
    assert isinstance(zombie_table(), Table)
    assert isinstance(ReplayTable(finished_game(), names=NAMES), Table)
    client = SimpleNamespace(state=finished_game(), seat=0, made=0, names=lambda: NAMES)
    assert isinstance(NetworkedTable(client), Table)  # type: ignore[arg-type]


def test_a_refused_move_raises_and_changes_nothing():
    table = zombie_table()
    table.play_programs()
    before, version = table.state.to_json(), table.version
    held = set(table.state.legal_actions(0))
    missing = next(bill for bill in (1, 2, 3, 5, 10, 20) if bill not in held)
    with pytest.raises(IllegalAction):
        table.move(missing, 0)  # a bill seat 0 does not hold
    with pytest.raises(IllegalAction):
        table.move(table.state.legal_actions(0)[0], 1)  # not seat 1's turn
    assert table.state.to_json() == before and table.version == version


def test_the_bots_move_with_the_tables_seeded_generator_and_explain_themselves():
    """The same seed, the same game: two tables played alike end alike."""
    games = []
    for _ in range(2):
        table = zombie_table(seed=11)
        while not table.state.is_terminal():
            table.play_programs()
            if not table.state.is_terminal():
                table.move(max(table.state.legal_actions(0)), 0)
        games.append(table.state.history)
    assert games[0] == games[1] and len(games[0]) > 10
    assert all(p in (0, 1, 2) for p, _ in games[0])


def test_the_automatic_move_is_asked_for_the_pages_humans_only():
    asked = []

    def auto(state, seat):
        asked.append(seat)
        return None

    table = zombie_table()
    table.play_programs(auto)
    assert set(asked) == {0}  # the bots' seats are the bots' own
    hot = LocalTable(game_spec("zombie").game(players=3).new_state(seed=4), names=NAMES, humans=[0, 1, 2])
    assert hot.humans == frozenset({0, 1, 2}) and hot.play_programs() == 0  # nobody but humans: nothing moves


def test_rewind_replays_from_the_seed_or_from_a_checkpoint():
    table = zombie_table()
    table.play_programs()
    table.move(table.state.legal_actions(0)[0], 0)
    table.play_programs()
    checkpoint = (len(table.state.history), table.state.clone())
    table.move(table.state.legal_actions(0)[0], 0)
    table.play_programs()
    whole = list(table.state.history)
    table.rewind(checkpoint[0] + 1, checkpoint=checkpoint)
    assert table.state.history == whole[:checkpoint[0] + 1]
    table.rewind(2)
    assert table.state.history == whole[:2]
    with pytest.raises(ChangekitError, match="not an earlier position"):
        table.rewind(2, checkpoint=checkpoint)  # the checkpoint is past move 2
    with pytest.raises(ChangekitError, match="cannot go back to move 99"):
        table.rewind(99)
    assert table.state.history == whole[:2]


def test_a_replay_steps_through_the_game_and_takes_no_moves():
    game = finished_game()
    replay = ReplayTable(game, names=NAMES, at=3)
    assert replay.state.history == game.history[:3] and replay.length == len(game.history)
    version = replay.version
    replay.go_to(len(game.history) + 10)  # clamped to the end
    assert replay.at == len(game.history) and replay.state.is_terminal() and replay.version > version
    assert replay.state.to_json() == game.to_json()
    replay.go_to(-4)
    assert replay.at == 0
    with pytest.raises(IllegalAction, match="takes no moves"):
        replay.move(1, 0)
    assert replay.humans == frozenset() and replay.play_programs() == 0 and not replay.can_undo


def test_the_app_at_a_replay_shows_the_game_and_refuses_moves():
    app_class = game_spec("zombie").app_class()
    game = finished_game()
    app = app_class(table=ReplayTable(game, names=NAMES, at=4))
    assert app.state.history == game.history[:4]
    assert app.w_setup.layout.display == "none" and app.w_undo.layout.display == "none"
    app.act(app.state.legal_actions(app.state.current_players()[0])[0], player=app.state.current_players()[0])
    assert "takes no moves" in app.error and len(app.state.history) == 4
    app.undo()
    assert "cannot be taken back" in app.error
    app.new_game()
    assert "plays one game" in app.error and app.state.history == game.history[:4]


def test_the_app_makes_a_local_table_and_sends_every_move_to_it():
    app = game_spec("zombie").app_class()(players=3, seed=4)
    assert isinstance(app.table, LocalTable) and app.table.humans == frozenset({0})
    version = app.table.version
    app.act(app.state.legal_actions(0)[0])
    assert app.error == "" and app.table.version > version and app.state is app.table.state
    app.w_hot.value = True
    app.new_game()
    assert app.hot_seat and app.table.humans == frozenset({0, 1, 2}) and app.names()[1] == "Player 2"
