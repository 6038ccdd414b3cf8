"""Every game, played with its app's own buttons (not ``act``): at a networked table with two
pages on one SQLite store, and locally (against bots, and hot-seat). After every move both
pages, a fresh replay of the store's log and the store itself agree; a page reloads on the way;
no app moves its game itself (issue 24: Zhao Pengyou's "Play selected cards" once did, and the
store lost those moves)."""
from __future__ import annotations

import json
import random

import pytest

from changekit.classroom import connect
from changekit.classroom.table_rules import decode_action
from changekit.classroom.tables import TableClient, app_class, bot_seat, networked_app, open_table, student_seat
from changekit.registry import game_keys, game_spec, load_game

from . import aio
from .button_driver import MoveRecorder, press_until_moved


def short(game: str) -> dict:
    """Options that keep a whole game short enough for a test (the game's spec says them)."""
    return dict(game_spec(game).short_options)


MOVES = 40  # button moves per game (or the end of the game, if sooner)
RELOAD_AT = 3  # the second page reloads after this many button moves (or at the end, if sooner)


def replayed(store, code: str, teacher_key: str, table_id: int, log):
    """The table's position, replayed here from the teacher's settings (seed) and the whole log:
    every move of the log applies (the referee wrote no void one)."""
    table = next(t for t in store.tables(code, teacher_key) if t.table_id == table_id)
    settings = table.settings
    state = load_game(table.game)(players=len(settings["seats"]), **settings["options"]).new_state(
        seed=settings["seed"])
    for move in log:
        state.apply(decode_action(move.action["action"]), move.action["seat"])
    return state


def as_json(value):
    """``value`` as a page reads it from the store: through JSON (tuples come as lists)."""
    return json.loads(json.dumps(value))


def seats_for(game: str) -> list[dict[str, str]]:
    """Ada in seat 0, Bo in seat 2, bots elsewhere (3 seats, or the game's minimum)."""
    n = max(3, load_game(game).min_players)
    seats = [bot_seat() for _ in range(n)]
    seats[0], seats[2] = student_seat("Ada"), student_seat("Bo")
    return seats


def poll(app) -> bool:
    """What a page's poller does once: read other pages' moves, move due bots (and the page's
    automatic moves), redraw; True if there was news."""
    return aio.run(app.poller.once())


def settle(pages) -> None:
    """Poll every page until none has news (a page's automatic move can set the bots going)."""
    for _ in range(100):
        if not any([poll(page) for page in pages]):
            return
    raise AssertionError("the pages never settled")


@pytest.mark.parametrize("game", game_keys())
def test_two_pages_play_with_their_buttons_and_agree_with_the_store(tmp_path, monkeypatch, game):
    url = f"sqlite:///{tmp_path}/class.db"
    rng = random.Random(f"buttons:{game}")
    recorder = MoveRecorder(monkeypatch)
    with connect(url) as teacher_store, connect(url) as store_a, connect(url) as store_b, \
            connect(url) as store_reloaded:
        opened = teacher_store.open_session("Period 3")
        ada, bo = teacher_store.join(opened.code, "Ada"), teacher_store.join(opened.code, "Bo")
        table = open_table(teacher_store, opened.code, opened.teacher_key, game, seats_for(game), seed=5,
                           options=short(game))
        code, table_id = opened.code, table.table_id
        pages = [networked_app(TableClient(store_a, code, ada.token, table_id), poll=False),
                 networked_app(TableClient(store_b, code, bo.token, table_id), poll=False)]

        def agree() -> None:
            settle(pages)
            log = teacher_store.moves(code, opened.teacher_key, table_id)
            truth = replayed(teacher_store, code, opened.teacher_key, table_id, log)
            for page, seat in zip(pages, (0, 2), strict=True):
                assert page.client.made == len(log)
                assert page.state.view(seat) == as_json(truth.view(seat))
                assert page.state.legal_actions(seat) == truth.legal_actions(seat)
                assert page.state.current_players() == truth.current_players()
                assert [p for p, _ in page.state.history] == [p for p, _ in truth.history]

        agree()
        made, reloaded = 0, False
        while made < MOVES and not pages[0].state.is_terminal():
            moved = False
            for page in pages:
                if page.state.is_terminal() or page.viewer not in page.state.current_players():
                    continue
                live = [page.state, page.client.state]
                recorder.clear()
                press_until_moved(page, rng, history=lambda page=page: page.client.state.history,
                                  truth=lambda: replayed(teacher_store, code, opened.teacher_key, table_id,
                                                         teacher_store.moves(code, opened.teacher_key, table_id)))
                assert recorder.by_apps(live) == [], "the app moved its game itself, not through act"
                made, moved = made + 1, True
                agree()
            if (made >= RELOAD_AT or pages[0].state.is_terminal()) and not reloaded:
                # Bo reloads his page: a new kernel, whose page knows only the store
                old = pages[1]
                client = TableClient(store_reloaded, code, bo.token, table_id)
                pages[1] = networked_app(client, poll=False)
                assert pages[1].state.view(2) == old.state.view(2)
                assert pages[1].state.legal_actions(2) == old.state.legal_actions(2)
                reloaded = True
                agree()
            assert moved or pages[0].state.is_terminal(), "nobody at the table can move: it stalled"
        assert reloaded and (made >= MOVES or pages[0].state.is_terminal())


@pytest.mark.parametrize("hot_seat", [False, True], ids=["bots", "hot-seat"])
@pytest.mark.parametrize("game", game_keys())
def test_the_local_app_plays_with_its_buttons(monkeypatch, game, hot_seat):
    """The same driver against the local app: against bots (seat 0 is the human) or hot-seat
    (everyone is, behind the privacy screen); a fresh replay of the app's history is its game."""
    rng = random.Random(f"local:{game}:{hot_seat}")
    recorder = MoveRecorder(monkeypatch)
    cls = app_class(game)
    app = cls(players=len(seats_for(game)), seed=5, hot_seat=hot_seat, **short(game))
    made = 0
    while made < MOVES and not app.state.is_terminal():
        live = [app.state]
        recorder.clear()
        press_until_moved(app, rng, history=lambda: app.state.history)
        assert recorder.by_apps(live) == [], "the app moved its game itself, not through act"
        made += 1
        state = app.state
        replayed = type(state).replay(state.options, state.seed, state.history)
        assert replayed.to_json() == state.to_json()
        assert app.error == ""


def test_the_recorder_catches_an_app_that_moves_its_game(monkeypatch):
    """The check above can fail: an app that plays through the engine itself is caught."""
    recorder = MoveRecorder(monkeypatch)
    app = app_class("zombie")(players=2, seed=5)
    live = [app.state]
    from changekit.games.zombie import app as zombie_app

    code = compile("def sneak(app):\n    app.state.apply(app.state.legal_actions(0)[0], 0)\n",
                   zombie_app.__file__, "exec")
    namespace: dict = {}
    exec(code, namespace)  # a function that says it lives in the game's app.py
    namespace["sneak"](app)
    assert recorder.by_apps(live) and recorder.by_apps(live)[0][0] == zombie_app.__file__
