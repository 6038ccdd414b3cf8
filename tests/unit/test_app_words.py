"""The apps call the human "You": every sentence the page shows about a seat (the log, the
status line, the winners, the bots' reasons, the hints) must read right for "You" too: no
"You has bid", "You bids", "You wins", "You's place 3"."""
from __future__ import annotations

import random
import re
from html import unescape

import ipywidgets as w
import pytest

from changekit.registry import game_keys
from tests.unit.test_app_summaries import app_class

from .widget_tree import widgets as widget_tree


def widgets(root) -> list:
    return list(widget_tree(root))

#: "You" followed by a third-person verb (a word ending in a single s: bids, has, is, wins), or
#: "You's"; "You pass" (a double s) is the plain form.
WRONG_FOR_YOU = re.compile(r"\b(?:You|you)(?:'s\b| (?!\w*ss\b)[a-z]+s\b)")


def shown_text(app) -> list[str]:
    """Every sentence the page shows about seats, as plain text."""
    me = app.viewer
    lines = app.state.narration(me, app.names())
    lines += [app.status(me), *app.notes, app.w_summary.value]  # the screen reader's summary too
    # and every prompt and caption the table and controls show (Moneybags' "You feels about 15"
    # was in its summary, which this test did not read)
    html = app.log_html(me) + app.w_status.value + app.w_hint_box.value + " ".join(
        x.value for x in widgets(app.w_table) + widgets(app.w_controls) if isinstance(x, w.HTML))
    lines.append(unescape(re.sub(r"<[^>]+>", " ", html)))
    return lines


def test_the_pattern_catches_the_reported_sentences():
    for wrong in ["You has bid.", "You bids $3 ($3) in secret.", "Game over: You wins with the lowest score.",
                  "Ann saw 9♠ at You's place 3."]:
        assert WRONG_FOR_YOU.search(wrong), wrong
    for right in ["You have bid.", "You bid $3.", "You win", "your place 3", "You pass.", "You and Ann share the win"]:
        assert not WRONG_FOR_YOU.search(right), right


@pytest.mark.parametrize("game", game_keys())
def test_every_sentence_reads_right_for_you(game):
    cls = app_class(game)
    seen = ended = 0
    for seed in range(1, 4):
        app = cls(seed=seed)
        app.w_hints.value = True
        rng = random.Random(seed)
        for _ in range(400):
            if app.state.is_terminal():
                break
            for line in shown_text(app):
                assert not WRONG_FOR_YOU.search(line), f"{game}, seed {seed}: {line!r}"
            seen += 1
            me = app.viewer
            legal = app.state.legal_actions(me)
            if not legal:
                break
            app.act(rng.choice(legal))
        for line in shown_text(app):
            assert not WRONG_FOR_YOU.search(line), f"{game}, seed {seed}, at the end: {line!r}"
        ended += app.state.is_terminal()
    assert seen > 10 and ended >= 1, (seen, ended)  # the winners' text was read too


def test_cambio_speaks_of_your_own_card_as_yours():
    from changekit.core.state import Event
    from changekit.games.cambio.rules import GAME

    state = GAME(players=3).new_state(seed=1)
    names = ["You", "Memory bot 1", "Memory bot 2"]
    own = Event("snap", {"player": 0, "owner": 0, "place": 0, "card": "9S", "top": "9H", "right": True})
    other = Event("snap", {"player": 1, "owner": 0, "place": 0, "card": "9S", "top": "9H", "right": True})
    assert state.narrate(own, names).startswith("You snapped your own 9")
    assert state.narrate(other, names).startswith("Memory bot 1 snapped your 9")
    bot_own = Event("snap", {"player": 1, "owner": 1, "place": 0, "card": "9S", "top": "9H", "right": True})
    assert state.narrate(bot_own, names).startswith("Memory bot 1 snapped their own 9")


def test_numbering_names_takes_one_flag_per_name_and_refuses_anything_else():
    """Found by `make bench`'s fuzzer: ``only=0`` was a TypeError."""
    from changekit.core import InvalidArgument
    from changekit.core.words import numbered

    assert numbered(["Bot", "Ada", "Bot"], only=[True, False, True]) == ["Bot 1", "Ada", "Bot 2"]
    assert numbered(["Bot", "Bot"], only=(1, 0)) == ["Bot", "Bot"]
    for bad in (0, "yes", None.__class__):
        with pytest.raises(InvalidArgument, match="one flag per name"):
            numbered(["Bot"], only=bad)
    with pytest.raises(InvalidArgument, match="2 flags for 1 names"):
        numbered(["Bot"], only=[True, True])
