"""What the pages say matches what they do (issue 29): a page asks for the control it really has
(the pictures are not clickable: the button under each one is), a dollar amount in a notebook's
text is never typeset as mathematics, CHA-CHING offers "Go out" only when the hand makes the
target, and a seat named "You" is "your" in Cambio's move words."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from changekit.registry import game_keys
from changekit.serving import NOTEBOOKS
from tests.unit.test_app_summaries import app_class
from tests.unit.widget_tree import visible_widgets

APPS = sorted(Path(__file__).resolve().parents[2].glob("changekit/games/*/app.py"))
NOTEBOOK_FILES = sorted(Path(NOTEBOOKS).glob("*.ipynb"))

#: Asking the reader to click a picture: "click a bill", "Click cards", "click one of your cards",
#: "click another player's card", "clicking a card's button" (the pictures are plain images).
CLICK_A_PICTURE = re.compile(r"\bclick(?:ing)?\s+(?:on\s+)?(?:a|an|the|your|one of your|another player's)?\s*"
                             r"(?:face-down\s+)?(?:bills?|cards?)\b", re.IGNORECASE)


def notebook_text(path: Path, kind: str) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text())["cells"] if cell["cell_type"] == kind]


def test_the_click_pattern_catches_the_reported_words():
    for wrong in ["Click a bill to pay it.", "click bills to add them", "click one of your cards to swap it in",
                  "click another player's card", "Click cards to bury them", "discard by clicking a card's button"]:
        assert CLICK_A_PICTURE.search(wrong), wrong
    for right in ["Press Pay under a bill.", "click **Snap!** under a card", "Click **Draw from deck**"]:
        assert not CLICK_A_PICTURE.search(right), right


@pytest.mark.parametrize("path", [*APPS, *NOTEBOOK_FILES], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_page_asks_to_click_a_picture(path):
    text = path.read_text()
    found = [m.group(0) for m in CLICK_A_PICTURE.finditer(text)]
    assert not found, f"{path.name} asks to click a picture (the button under it is the control): {found}"


#: MathJax pairs the dollar signs of a text (not escaped as ``\\$``, not in a code span) and
#: typesets what lies between each pair: "bills of $1, $3" becomes the formula "1, ". A pair holds
#: money, not maths, when it opens with an amount followed by prose ("1, ", "5 and 3 bills, it").
_CODE_SPAN = re.compile(r"`[^`]*`")
_DISPLAY_MATHS = re.compile(r"\$\$.*?\$\$", re.DOTALL)
_AMOUNT_THEN_PROSE = re.compile(r"\d+(?:\.\d\d)?[,;:?!)]?\s")


def typeset_money(markdown: str) -> list[str]:
    """What MathJax would typeset of ``markdown`` that is money, not maths."""
    text = _DISPLAY_MATHS.sub("", _CODE_SPAN.sub("", markdown).replace("\\$", ""))
    parts = text.split("$")
    paired = parts[1:-1:2]  # between an opening and a closing dollar (an odd one out stays text)
    return [f"${inside}$" for inside in paired if _AMOUNT_THEN_PROSE.match(inside)]


def test_the_dollar_check_tells_money_from_maths():
    assert typeset_money("up to 8 bills of $1, $3, $5, $7, $10)") == ["$1, $", "$5, $"]
    assert typeset_money("a $5 and 3 bills, it gives; (no $10 in it)") == ["$5 and 3 bills, it gives; (no $"]
    assert not typeset_money(r"up to 8 bills of \$1, \$3, `$5`, \$7; a card $v$ pays $3.5\,v$ on $1..6$, "
                             r"then $1$ worker; $10(1-p)^2 - 1 = 10p^2$ and $$P(B = b \mid r)$$")


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.name)
def test_dollar_amounts_in_notebook_text_are_not_typeset(path):
    found = [hit for cell in notebook_text(path, "markdown") for hit in typeset_money(cell)]
    assert not found, f"{path.name}: dollar amounts MathJax would typeset (write \\$): {found}"


def test_cha_ching_offers_go_out_only_when_the_hand_makes_the_target():
    from changekit.games.cha_ching.rules import OUT, can_reach

    cls = app_class("cha_ching")
    offered = {True: 0, False: 0}
    for seed in range(1, 40):
        app = cls(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            state = app.state
            if state.is_terminal():
                break
            me = app.viewer
            shown = [b for b in visible_widgets(app.widget) if getattr(b, "description", "").startswith("Go out")]
            if state.phase == "end" and me in state.current_players():
                makes = can_reach(state.hands[me], state.target)
                assert bool(shown) == makes, (seed, state.hands[me], state.target, [b.description for b in shown])
                offered[makes] += 1
                app.act(OUT if makes else rng.choice(state.legal_actions(me)))
            else:
                assert not shown
                app.act(rng.choice(state.legal_actions(me)))
    assert offered[True] >= 1 and offered[False] >= 20, offered  # both cases were seen


def test_cambio_move_words_say_your_for_the_seat_called_you():
    from changekit.games.cambio.rules import blind, describe, look, spy

    names = ["You", "Ann", "Bo"]
    assert describe(spy(0, 2), you=1, names=names) == "Look at your place 3"
    assert "You's" not in describe(blind(1, 0, 0), you=1, names=names)
    assert "You's" not in describe(look(1, 0, 3), you=2, names=names)
    assert describe(spy(1, 2), you=0, names=names) == "Look at Ann's place 3"


@pytest.mark.parametrize("game", game_keys())
def test_every_move_word_reads_right_for_you_at_any_seat(game):
    """A networked page calls its own seat "You", whichever seat it is: no move's words say
    "You's place"."""
    from changekit.registry import game_spec

    spec = game_spec(game)
    state = spec.game(**spec.short_options).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(150):
        if state.is_terminal():
            break
        for me in range(state.players):
            names = [f"Seat {p + 1}" for p in range(state.players)]
            names[me] = "You"
            for p in state.current_players():
                for action in state.legal_actions(p):
                    try:
                        words = state.describe_action(action, names)
                    except TypeError:  # a game whose move words name no seat
                        words = state.describe_action(action)
                    assert "You's" not in words and "You has" not in words, (game, action, words)
        p = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
