"""Press an app's own buttons, as a student would, until it has made a move.

The driver finds what a page shows through the widget tree (tests/unit/widget_tree.py): the
enabled, visible buttons and the menus and number boxes beside them, outside the frame's set-up
row, Undo and the hints box. Each press is a random one of those (after, now and then, a random
value in a menu or box); a press that the game refuses shows an error and the driver presses
again. Zhao Pengyou's tricks are the one place where random clicks would almost never make a
legal play (follow suit with exactly the right cards): there the driver selects the cards of a
legal whole play, as a student does, and presses "Play selected cards".

It also records who moves a state: :class:`MoveRecorder` wraps ``State.apply`` and notes every
call on a page's live position whose nearest caller outside the engines is a game's ``app.py``
(an app moving its game itself instead of going through ``act``)."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets as w

from changekit.core.state import State
from tests.unit.widget_tree import visible_widgets

PACKAGE = Path(__file__).resolve().parents[2] / "changekit"
#: engine files: a call from one of them is the engine at work, not the app (the nearest caller
#: outside them is the one that asked for the move)
ENGINE_DIRS = (PACKAGE / "core",)
NOT_ENGINE = {"app.py", "analysis.py"}
#: buttons that end a game at once (Cambio's call): pressed seldom, so that a driven game lasts
#: long enough to reach the rest (powers, snaps)
SELDOM = re.compile(r"Cambio")


def controls(app: Any) -> tuple[list[w.Button], list[Any]]:
    """The enabled buttons and the menus/number boxes a visitor can use now (not the frame's
    set-up row, Undo or the hints box)."""
    shown = list(visible_widgets(app.widget, skip=(app.w_setup, app.w_undo, app.w_hints)))
    buttons = [x for x in shown if isinstance(x, w.Button) and not x.disabled and x.description]
    values = [x for x in shown if isinstance(x, (w.Dropdown, w.BoundedIntText)) and not x.disabled]
    return buttons, values


def _tweak(widget: Any, rng: random.Random) -> None:
    if isinstance(widget, w.Dropdown):
        if widget.options:
            widget.index = rng.randrange(len(widget.options))
    else:
        widget.value = rng.randint(widget.min, min(widget.max, widget.min + 60))


def _zhao_play(app: Any, rng: random.Random, truth: Any = None) -> bool:
    """In Zhao Pengyou's tricks, select the cards of a legal whole play and press Play; False
    if it is not that moment. ``truth``: the game's position, for a networked page (which holds
    only its view; the driver finds a legal play of several cards by trying it on the game)."""
    state, viewer = app.state, app.viewer
    if getattr(state, "phase", None) != "play" or viewer not in state.current_players() \
            or not hasattr(app, "picked") or app.w_screen.children:
        return False
    trial = (state if truth is None else truth()).clone()
    cards: list[str] = []
    if not trial.trick:  # a lead: one whole combination
        leads = [a for a in trial.legal_actions(viewer) if a[0] == "play"]
        cards = list(rng.choice(leads)[1:])
    else:  # a follow: one card at a time, as the engine takes it, until the play is complete
        while trial.current_players() == (viewer,) and trial.phase == "play" and (trial.selection or not cards):
            action = rng.choice(trial.legal_actions(viewer))
            cards.extend(action[1:])
            trial.apply(action, viewer)
    hand = list(state.view(viewer)["hand"])
    slots = [box.children[1] for box in app._hand.children]  # the hand's picture buttons, in hand order
    taken: set[int] = set()
    for card in cards:
        i = next(i for i, c in enumerate(hand) if c == card and i not in taken)
        taken.add(i)
        slots[i].click()
    (play,) = [b for b in controls(app)[0] if b.description == "Play selected cards"]
    play.click()
    return True


def press_until_moved(app: Any, rng: random.Random, *, history: Any, limit: int = 400, truth: Any = None) -> int:
    """Press the app's buttons until ``history()`` (the moves the app's game holds) grows; returns
    how many presses it took. ``truth()``: the game's position (see :func:`_zhao_play`)."""
    before = len(history())
    for presses in range(1, limit + 1):
        if not _zhao_play(app, rng, truth):
            buttons, values = controls(app)
            if values and rng.random() < 0.3:
                _tweak(rng.choice(values), rng)
                continue
            assert buttons, f"{type(app).__name__}: nothing to press, and no move made ({app.status(app.viewer)})"
            usual = [b for b in buttons if not SELDOM.search(b.description)]
            rng.choice(usual if usual and rng.random() < 0.97 else buttons).click()
        if len(history()) > before:
            return presses
    raise AssertionError(f"{type(app).__name__}: {limit} presses made no move; last error {app.error!r}")


class MoveRecorder:
    """Wraps ``State.apply`` (with pytest's monkeypatch) and keeps, for every call, the state and
    the nearest caller outside the engines' files; :meth:`by_apps` lists the calls on
    ``live`` states that a game's ``app.py`` made."""

    def __init__(self, monkeypatch: Any) -> None:
        self.calls: list[tuple[int, str, int]] = []
        original = State.apply
        recorder = self

        def apply(state: State, action: Any, player: Any = None) -> None:
            recorder.calls.append((id(state), *recorder._caller()))
            original(state, action, player)

        monkeypatch.setattr(State, "apply", apply)

    @staticmethod
    def _caller() -> tuple[str, int]:
        frame = sys._getframe(2)
        while frame is not None:
            path = Path(frame.f_code.co_filename)
            in_engine = (any(d in path.parents for d in ENGINE_DIRS)
                         or (PACKAGE / "games" in path.parents and path.name not in NOT_ENGINE))
            if not in_engine:
                return str(path), frame.f_lineno
            frame = frame.f_back
        return "?", 0

    def by_apps(self, live: list[State]) -> list[tuple[str, int]]:
        ids = {id(s) for s in live}
        return [(f, line) for sid, f, line in self.calls
                if sid in ids and Path(f).name == "app.py" and PACKAGE / "games" in Path(f).parents]

    def clear(self) -> None:
        self.calls.clear()
