"""Every app's screen-reader summary: it is what the page reads out (an aria-live region), and
it states the position from the player's own view, nothing from another player's hand."""
from __future__ import annotations

import random
import re
from html import escape

import pytest

from changekit.games.zombie.app import ZombieApp
from changekit.registry import game_keys, game_spec
from changekit.ui.app import GameApp
from changekit.ui.live_region import LiveRegion


def app_class(game: str) -> type[GameApp]:
    """The game's app, as its spec names it (a game outside the kit has its app elsewhere)."""
    cls = game_spec(game).app_class()
    assert isinstance(cls, type) and issubclass(cls, GameApp), cls
    return cls


@pytest.mark.parametrize("game", game_keys())
def test_the_summary_reads_the_position_from_the_players_view(game):
    cls = app_class(game)
    assert cls.summary is not GameApp.summary, f"{game} has no summary of its own"
    facts = game_spec(game).facts
    assert facts is not None, f"{game}: declare what its summary must say (its spec's facts: summary_says)"
    says = facts.load().summary_says
    app = cls(seed=1)
    rng = random.Random(1)
    for _ in range(8):
        me = app.viewer
        view = app.state.view(me)
        summary = app.summary(view, me)
        assert summary.startswith(app.status(me)), summary
        for fragment in says(view, me):
            assert fragment in summary, (fragment, summary)
        if game == "cambio":  # each unseen card of one's own grid is read as "face down"
            assert summary.count("face down") == sum(c == "?" for c in view["grids"][me]), summary
        # the page reads it out: a polite live region (made with the app), off screen
        assert isinstance(app.w_summary, LiveRegion) and app.w_summary.role == "status"
        assert app.w_summary.value == f'<div class="ck-sr">{escape(summary)}</div>'
        if app.state.is_terminal() or me not in app.state.current_players():
            break
        app.act(rng.choice(app.state.legal_actions(me)))


def test_behind_the_hot_seat_screen_the_summary_names_the_next_player_only():
    app = ZombieApp(players=2, hot_seat=True, seed=4)
    first = app.viewer
    assert app.w_summary.value == (f'<div class="ck-sr">{escape(app.status(first))} '
                                   f'Pass the device to Player {first + 1}.</div>')
    assert "hand" not in app.w_summary.value and "$" not in app.w_summary.value
    app.reveal(first)
    assert "Your hand: " + ", ".join(f"${b}" for b in app.state.view(first)["hand"]) in app.w_summary.value
    assert re.search(r"Scores: \[\d+, \d+\]", app.w_summary.value)
