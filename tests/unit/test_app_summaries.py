"""Every app's screen-reader summary: it is what the page reads out (an aria-live region), and
it states the position from the player's own view, nothing from another player's hand."""
from __future__ import annotations

import importlib
import random
import re
from html import escape

import pytest

from changekit.games.zombie.app import ZombieApp
from changekit.registry import game_keys
from changekit.ui.app import GameApp
from changekit.ui.live_region import LiveRegion


def app_class(game: str) -> type[GameApp]:
    module = importlib.import_module(f"changekit.games.{game}.app")
    [cls] = [c for c in vars(module).values()
             if isinstance(c, type) and issubclass(c, GameApp) and c.__module__ == module.__name__]
    return cls


def dollars(bills) -> str:
    return ", ".join(f"${b}" for b in bills)


def trick_points(trick) -> int:
    """Points on the table: 5s are worth 5, 10s and kings 10 (the Zhao Pengyou sheet)."""
    return sum({"5": 5, "10": 10, "K": 10}.get(card[:-1], 0) for _, cards in trick for card in cards)


#: What each game's summary must say, from the viewer's own view (independently of the app's code).
SAYS = {
    "zombie": lambda v, me: [f"Your hand: {dollars(v['hand']) or 'no bills'}.",
                             f"The Zombie holds {dollars(v['zombie']) or 'nothing'}.", f"Scores: {v['scores']}."],
    "boneyard": lambda v, me: [f"Your hand: {dollars(v['hands'][me]) or 'no bills'}.", f"Money: {v['scores']}.",
                               "Buckets: " + ", ".join(f"${sum(b)}" for b in v["buckets"]) + "."],
    "diminishing": lambda v, me: [f"You: ${sum(v['hands'][me])} in {len(v['hands'][me])} bills",
                                  f"Pot: ${sum(v['pot'])}."],
    "big_cheese": lambda v, me: [f"current bid {v['bid']}.", f"You have {v['free'][me]} free workers.",
                                 f"Scores: {v['scores']} (target {v['goal']})."],
    "cha_ching": lambda v, me: [f"Target {v['target']}.", f"Penalty points: {v['scores']}."],
    "moneybags": lambda v, me: [f"Round {v['round']}.", f"Points: {v['scores']}."],
    "cambio": lambda v, me: [f"Deck: {v['deck_size']} cards.", "Your cards: "],
    "zhao_pengyou": lambda v, me: [f"({trick_points(v['trick'])} points).", "Your hand: "],
}


@pytest.mark.parametrize("game", game_keys())
def test_the_summary_reads_the_position_from_the_players_view(game):
    cls = app_class(game)
    assert cls.summary is not GameApp.summary, f"{game} has no summary of its own"
    app = cls(seed=1)
    rng = random.Random(1)
    for _ in range(8):
        me = app.viewer
        view = app.state.view(me)
        summary = app.summary(view, me)
        assert summary.startswith(app.status(me)), summary
        for fragment in SAYS[game](view, me):
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
    assert "Your hand: " + dollars(app.state.view(first)["hand"]) in app.w_summary.value
    assert re.search(r"Scores: \[\d+, \d+\]", app.w_summary.value)
