"""Networked tables: two pages (two store connections) play every game to the end through the
store and get exactly the game played locally; a race for one move; a reloaded page."""
from __future__ import annotations

import json
import random
import threading

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.core import ChangekitError
from changekit.classroom.tables import (StudentTables, TableClient, TablesPanel, app_class, networked_app, bot_seat,
                                        decode_action, encode_action, game_bots, open_table, student_seat)
from changekit.registry import game_keys, game_spec, load_game

from . import aio

def short(game: str) -> dict:
    """Options that keep a whole game short enough for a test (the game's spec says them)."""
    return dict(game_spec(game).short_options)


@pytest.fixture
def session(store):
    opened = store.open_session("Period 3")
    ada = store.join(opened.code, "Ada")
    bo = store.join(opened.code, "Bo")
    return opened, ada, bo


def as_json(value):
    """``value`` as a page reads it from the store: through JSON (tuples come as lists)."""
    return json.loads(json.dumps(value))


def seats_for(game: str) -> list[dict[str, str]]:
    """Ada in seat 0, Bo in seat 2, bots elsewhere (3 seats, or the game's minimum)."""
    n = max(3, load_game(game).min_players)
    seats = [bot_seat() for _ in range(n)]
    seats[0], seats[2] = student_seat("Ada"), student_seat("Bo")
    return seats


def replayed(store, code: str, teacher_key: str, table_id: int):
    """The table's position replayed here from what the teacher may read (the seed, the whole
    log): every logged move must apply (the referee writes no void move)."""
    table = next(t for t in store.tables(code, teacher_key) if t.table_id == table_id)
    settings = table.settings
    state = load_game(table.game)(players=len(settings["seats"]), **settings["options"]).new_state(
        seed=settings["seed"])
    for move in store.moves(code, teacher_key, table_id):
        state.apply(decode_action(move.action["action"]), move.action["seat"])
    return state


def student_choice(state, seat, seed, made, game):
    """How the test's 'students' choose: the game's usual bot, seeded by the move number."""
    bot = game_bots(game)[game_spec(game).default_bot]()
    return bot.choose(state.view(seat), state.legal_actions(seat), rng=random.Random(f"student:{seed}:{made}"))


def play_locally(game: str, seed: int):
    """The same game without the store: bots in seats 1.., the students in turn (the order the
    networked test drives its two pages in), every choice seeded by the move number."""
    seats = seats_for(game)
    bots = game_bots(game)
    default = game_spec(game).default_bot
    state = load_game(game)(players=len(seats), **short(game)).new_state(seed=seed)
    made = 0
    while not state.is_terminal():
        for student in (0, 2):
            while not state.is_terminal():
                acting = [p for p in state.current_players() if "bot" in seats[p]]
                if not acting:
                    break
                p = acting[0]
                bot = bots[seats[p]["bot"] or default]()
                state.apply(bot.choose(state.view(p), state.legal_actions(p), rng=random.Random(f"{seed}:{made}")), p)
                made += 1
            if not state.is_terminal() and student in state.current_players():
                state.apply(student_choice(state, student, seed, made, game), student)
                made += 1
    return state, made


@pytest.mark.parametrize("game", game_keys())
def test_two_pages_play_every_game_as_it_plays_locally(store_url, game):
    seed = 11
    with connect(store_url) as teacher_store, connect(store_url) as store_a, connect(store_url) as store_b:
        opened = teacher_store.open_session("Period 3")
        ada, bo = teacher_store.join(opened.code, "Ada"), teacher_store.join(opened.code, "Bo")
        table = open_table(teacher_store, opened.code, opened.teacher_key, game, seats_for(game), seed=seed,
                           options=short(game))
        pages = [TableClient(store_a, opened.code, ada.token, table.table_id),
                 TableClient(store_b, opened.code, bo.token, table.table_id)]
        assert [p.seat for p in pages] == [0, 2]
        while not pages[0].state.is_terminal() or not pages[1].state.is_terminal():
            for page in pages:
                page.play_bots()
                page.sync()
                state = page.state
                if not state.is_terminal() and page.seat in state.current_players():
                    page.move(student_choice(state, page.seat, seed, page.made, game))
        for page in pages:
            page.sync()
        local, made = play_locally(game, seed)
        assert pages[0].made == pages[1].made == made
        # the referee's game (replayed from the teacher's seed and log) is the game played locally
        assert replayed(teacher_store, opened.code, opened.teacher_key, table.table_id).to_json() == local.to_json()
        assert pages[0].state.scores() == pages[1].state.scores() == local.scores()
        # each page sees its own seat's view of that final position
        assert pages[0].view() == as_json(local.view(0)) and pages[1].view() == as_json(local.view(2))
        # and every action there went through JSON and came back as it was
        for _, action in local.history:
            assert decode_action(json.loads(json.dumps(encode_action(action)))) == action


class Refusals:
    """A store that notes the reasons of the moves it refuses."""

    def __init__(self, store):
        self.store, self.refusals = store, []

    def play_move(self, *args):
        try:
            return self.store.play_move(*args)
        except ClassroomError as err:
            self.refusals.append(err.reason)
            raise

    def __getattr__(self, name):
        return getattr(self.store, name)


def test_simultaneous_moves_only_one_succeeds(store_url, session):
    """Ada's two pages (a phone and a laptop) move for her seat at the same moment: exactly one
    move is written; the other page is refused once it has seen the winner's move."""
    opened, ada, bo = session
    with connect(store_url) as store_a, connect(store_url) as store_b, connect(store_url) as teacher_store:
        table = open_table(teacher_store, opened.code, opened.teacher_key, "diminishing",
                           [student_seat("Ada"), student_seat("Bo"), bot_seat("random")], seed=2)
        pages = [TableClient(s, opened.code, ada.token, table.table_id) for s in (store_a, store_b)]
        assert pages[0].state.current_players() == (0,)
        legal = pages[0].state.legal_actions(0)
        barrier = threading.Barrier(2)
        results: list[object] = [None, None]

        def go(i):
            barrier.wait()
            try:
                results[i] = pages[i].move(legal[-i], 0)
            except ClassroomError as err:
                results[i] = err

        threads = [threading.Thread(target=go, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        refused = [r for r in results if isinstance(r, ClassroomError)]
        assert len(refused) == 1 and refused[0].reason == "not-your-turn"
        assert len(teacher_store.moves(opened.code, opened.teacher_key, table.table_id)) == 1
        for page in pages:
            page.sync()
        assert pages[0].made == pages[1].made == 1
        assert pages[0].view() == pages[1].view()


def test_race_for_one_move_number_rechecks_the_loser(store_url, session):
    """A page that chose its move in a position another page's move has since left: the store
    refuses its move number; it reads the new position and sends the move again, which the
    referee refuses there, with nothing written."""
    opened, ada, bo = session
    with connect(store_url) as store_a, connect(store_url) as store_b, connect(store_url) as teacher_store:
        table = open_table(teacher_store, opened.code, opened.teacher_key, "diminishing",
                           [student_seat("Ada"), student_seat("Bo"), bot_seat("random")], seed=2)
        noted = Refusals(store_a)
        a = TableClient(noted, opened.code, ada.token, table.table_id)  # Ada's phone, read before ...
        b = TableClient(store_b, opened.code, ada.token, table.table_id)  # ... her laptop moved
        legal = a.state.legal_actions(0)
        b.move(legal[0], 0)
        with pytest.raises(ClassroomError) as refused:
            a.move(legal[-1], 0)
        assert noted.refusals == ["move-taken", "not-your-turn"]  # the one-move-per-number guard spoke first
        assert refused.value.reason == "not-your-turn" and "another player may just have moved" in str(refused.value)
        assert [m.number for m in teacher_store.moves(opened.code, opened.teacher_key, table.table_id)] == [0]
        assert a.made == 1 and a.view() == b.view()


def test_loser_of_a_race_still_moves_when_the_new_position_allows_it(store_url, session):
    """In Boneyard's bidding everybody bids at once: a bid that lost the race for a move number
    is checked again after the winner's bid, still allowed, and written as the next move."""
    opened, ada, bo = session
    with connect(store_url) as store_a, connect(store_url) as store_b, connect(store_url) as teacher_store:
        table = open_table(teacher_store, opened.code, opened.teacher_key, "boneyard",
                           [student_seat("Ada"), student_seat("Bo")], seed=4)
        a = TableClient(store_a, opened.code, ada.token, table.table_id)
        noted = Refusals(store_b)
        b = TableClient(noted, opened.code, bo.token, table.table_id)  # read before Ada's bid
        assert set(a.state.current_players()) == {0, 1}
        a.move((10,))
        b.move((7,))
        assert noted.refusals == ["move-taken"]
        moves = teacher_store.moves(opened.code, opened.teacher_key, table.table_id)
        assert [(m.number, m.action, m.student) for m in moves] == [
            (0, {"seat": 0, "action": [10]}, "Ada"), (1, {"seat": 1, "action": [7]}, "Bo")]
        a.sync()
        assert a.made == b.made == 2
        # each knows its own bid; the other's stays hidden until the game is over
        assert a.state.history[:2] == [(0, (10,)), (1, None)] and b.state.history[:2] == [(0, None), (1, (7,))]


def test_pages_act_only_for_their_own_seat(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        table = open_table(store, opened.code, opened.teacher_key, "boneyard",
                           [student_seat("Ada"), student_seat("Bo"), bot_seat("random")], seed=4)
        # the bot bids with everyone: the referee made its bid when the table opened
        opening = store.moves(opened.code, opened.teacher_key, table.table_id)
        assert [(m.number, m.action["seat"], m.student) for m in opening] == [(0, 2, None)]
        a = TableClient(store, opened.code, ada.token, table.table_id)
        with pytest.raises(ClassroomError) as other:
            a.move((10,), 1)
        assert other.value.reason == "not-your-seat"
        with pytest.raises(ClassroomError) as illegal:
            a.move((2,))  # nobody holds a $2 bill
        assert illegal.value.reason == "illegal-move"
        teacher = TableClient(store, opened.code, opened.teacher_key, table.table_id)
        assert teacher.seat is None
        with pytest.raises(ClassroomError) as watching:
            teacher.move((10,))
        assert watching.value.reason == "not-seated"
        assert store.moves(opened.code, opened.teacher_key, table.table_id) == opening
        # the store itself refuses a move for someone else's seat (issue 23), and a bot's ...
        with pytest.raises(ClassroomError) as stored:
            store.append_move(opened.code, ada.token, table.table_id, 1, {"seat": 1, "action": [10]})
        assert stored.value.reason == "not-your-seat" and "Bo's" in str(stored.value)
        for secret in (ada.token, opened.teacher_key):
            with pytest.raises(ClassroomError) as bot:
                store.append_move(opened.code, secret, table.table_id, 1, {"seat": 2, "action": [10]})
            assert bot.value.reason == "not-your-seat" and "referee plays the bots" in str(bot.value)
        # ... and one written past the store (straight into the database) is void for the referee
        with store._db.transaction(write=True) as tx:
            (ada_id,) = tx.row("SELECT id FROM students WHERE name = 'Ada' AND session_id = "
                               "(SELECT id FROM sessions WHERE code = ?)", (opened.code,))
            tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) VALUES (?, 1, ?, ?, 0)",
                       (table.table_id, ada_id, json.dumps({"seat": 1, "action": [10]})))
        a.sync()
        assert a.made == 2 and [p for p, _ in a.state.history] == [2]
        a.move((10,))
        assert a.state.history == [(2, None), (0, (10,))]


def test_a_reloaded_page_rejoins_its_seat_and_sees_the_same_view(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        table = open_table(store, opened.code, opened.teacher_key, "cambio",
                           [student_seat("Ada"), student_seat("Bo")], seed=9)
        page = TableClient(store, opened.code, bo.token, table.table_id)
        mover = TableClient(store, opened.code, ada.token, table.table_id)
        for _ in range(6):
            for p in (mover, page):
                p.sync()
                if not p.state.is_terminal() and p.seat in p.state.current_players():
                    p.move(p.state.legal_actions(p.seat)[0])
        page.sync()
    with connect(store_url) as store:  # a new kernel: new connection, the token from the page address
        reloaded = TableClient(store, opened.code, bo.token, table.table_id)
        reloaded.sync()
        assert reloaded.seat == 1 and reloaded.student == "Bo"
        assert reloaded.view() == page.view() and reloaded.made == page.made > 0
        assert reloaded.view()["you"] == 1  # Bo's own view; Ada's is not on his page at all
        with pytest.raises(ChangekitError, match="sees seat 2's view only"):
            reloaded.state.view(0)


def test_opening_a_table_refuses_bad_seats(store, session):
    opened, ada, bo = session
    code, key = opened.code, opened.teacher_key
    cases = [
        ("zombie", [student_seat("Ada"), student_seat("Cy")], "no student called 'Cy'"),
        ("zombie", [student_seat("Ada"), student_seat("ada")], "Ada already has a seat"),
        ("zombie", [student_seat("Ada"), bot_seat("genius")], "no bot called 'genius'"),
        ("zombie", [student_seat("Ada")], "2 to 6 players"),
        ("zhao_pengyou", [student_seat("Ada"), student_seat("Bo")], "4 to 7 players"),
        ("chess", [student_seat("Ada"), student_seat("Bo")], "no game called 'chess'"),
    ]
    for game, seats, message in cases:
        with pytest.raises(ClassroomError, match=message):
            open_table(store, code, key, game, seats)
    with pytest.raises(ClassroomError, match="not the teacher key"):
        open_table(store, code, "1.forged", "zombie", [student_seat("Ada"), student_seat("Bo")])
    # a student may open a table only with a seat for themselves (test_students_seat_themselves)
    with pytest.raises(ClassroomError, match="a table you start seats you once"):
        open_table(store, code, ada.token, "zombie", [student_seat("Bo"), bot_seat()])
    assert store.tables(code, key) == []
    table = open_table(store, code, key, "zombie", [student_seat("ada"), bot_seat()], seed=3)
    assert table.settings["seats"] == [{"student": "Ada"}, {"bot": app_class("zombie").default_bot}]


def test_actions_survive_json():
    for action in (3, "deck", (10, 7), ("discard", "5H"), ("steal", 2, 3, 1), ("chaching", "trade", 1), ((1, 2), 3)):
        assert decode_action(json.loads(json.dumps(encode_action(action)))) == action
    with pytest.raises(Exception, match="does not survive JSON|cannot go"):
        encode_action([1, 2])  # a list would come back a tuple
    with pytest.raises(Exception, match="cannot go"):
        encode_action({"a": 1})


@pytest.mark.parametrize("game", game_keys())
def test_networked_app_shows_only_its_seat_and_follows_the_other_page(store_url, session, game):
    opened, ada, bo = session
    with connect(store_url) as store_a, connect(store_url) as store_b, connect(store_url) as teacher_store:
        table = open_table(teacher_store, opened.code, opened.teacher_key, game, seats_for(game), seed=3,
                           options=short(game))
        a = networked_app(TableClient(store_a, opened.code, ada.token, table.table_id), poll=False)
        b = networked_app(TableClient(store_b, opened.code, bo.token, table.table_id), poll=False)
        assert a.viewer == 0 and b.viewer == 2 and a.names()[0] == "You" and a.names()[2] == "Bo"
        for app, seat in ((a, 0), (b, 2)):
            assert app.state.view(app.viewer) == app.client.state.view(seat)
        # play until Bo has moved once from his page; Ada's page follows by polling
        for _ in range(40):
            for app in (a, b):
                aio.run(app.poller.once())
                state = app.state
                if not state.is_terminal() and app.viewer in state.current_players():
                    app.act(student_choice(state, app.viewer, 3, app.client.made, game))
                    assert app.error == ""
            if any(p == 2 for p, _ in b.state.history):
                break
        assert any(p == 2 for p, _ in b.state.history)
        aio.run(a.poller.once())
        b.client.sync()
        truth = replayed(teacher_store, opened.code, opened.teacher_key, table.table_id)
        assert a.state.view(0) == as_json(truth.view(0)) and b.state.view(2) == as_json(truth.view(2))
        assert a.client.made == b.client.made
        # a move for the wrong turn shows an error on the page and writes nothing
        made = b.client.made
        if not b.state.is_terminal() and 2 not in b.state.current_players():
            b.act(truth.legal_actions(b.state.current_players()[0])[0])  # another seat's move, on Bo's page
            assert "turn" in b.error and b.client.made == made


def test_pages_find_their_table_and_the_teacher_panel_lists_it(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        waiting = StudentTables(store, opened.code, ada.token, poll=False)
        assert waiting.app is None
        panel = TablesPanel(store, opened.code, opened.teacher_key, poll=False)
        panel.w_game.value = "boneyard"
        panel.w_count.value = 3
        labels = [p.value for p in panel.w_seats.children]
        assert labels == ["Ada", "Bo", "equilibrium bot"]
        table = panel.open()
        assert table is not None and table.settings["seats"][2] == {"bot": "equilibrium"}
        assert waiting._find()
        waiting._show()
        assert waiting.app.viewer == 0 and "Table" in waiting.w_note.value
        waiting.app.act((10,))
        bo_page = StudentTables(store, opened.code, bo.token, poll=False)
        bo_page.app.act((7,))
        panel.refresh()
        assert "Ada, Bo, Equilibrium bot" in panel.w_tables.value
        assert len(panel.clients[table.table_id].state.history) >= 3  # the bot bid too (from some page)
        # seated at a newer table, the page moves there; with none newer it stays
        assert not waiting._find()
        panel.w_game.value = "zombie"
        panel.w_count.value = 2
        newer = panel.open()
        assert waiting._find()
        waiting._show()
        assert waiting.app.client.table_id == newer.table_id and waiting.app.game.name == "zombie"
        # the teacher closes the first table: no more moves there
        assert list(panel.w_which.options) == [table.table_id, newer.table_id]
        panel.w_which.value = table.table_id
        panel.close_table()
        assert [t.closed for t in store.tables(opened.code, opened.teacher_key)] == [True, False]
        assert list(panel.w_which.options) == [newer.table_id] and "(closed)" in panel.w_tables.value
        with pytest.raises(ClassroomError, match="closed"):
            TableClient(store, opened.code, bo.token, table.table_id).move((5,))


def test_polling_stops_when_the_table_closes(store_url, session):
    import asyncio

    opened, ada, bo = session
    with connect(store_url) as store:
        table = open_table(store, opened.code, opened.teacher_key, "zombie",
                           [student_seat("Ada"), student_seat("Bo")], seed=3)
        first = TableClient(store, opened.code, ada.token, table.table_id).state.current_player
        app = networked_app(TableClient(store, opened.code, (ada, bo)[first].token, table.table_id), poll=False)
        app.poller.period = 0.01
        store.close_table(opened.code, opened.teacher_key, table.table_id)

        async def run():
            await asyncio.wait_for(app.poller.run(), timeout=60)  # returns by itself: no more moves can come

        aio.run(run())
        assert app.client.table.closed
        app.act(app.state.legal_actions(first)[0])
        assert "closed" in app.error and app.client.made == 0


def test_students_seat_themselves(store_url, session):
    """A joined student starts a table with classmates and bots; the store refuses a table without
    them, a stranger, a second open table of theirs; they (or the teacher) close it."""
    opened, ada, bo = session
    with connect(store_url) as store:
        code = opened.code
        cy = store.join(code, "Cy")
        assert store.classmates(code, ada.token) == store.classmates(code, opened.teacher_key) == ["Ada", "Bo", "Cy"]
        bo_page = StudentTables(store, code, bo.token, poll=False)
        table = open_table(store, code, ada.token, "diminishing", [student_seat("bo"), student_seat("Ada")], seed=2)
        assert table.started_by == "Ada" and table.settings["seats"] == [{"student": "Bo"}, {"student": "Ada"}]
        assert store.tables(code, cy.token) == [table]
        # Bo's page finds the table Ada started, and they play it
        assert bo_page.refresh() and bo_page.app.viewer == 0
        ada_client = TableClient(store, code, ada.token, table.table_id)
        bo_page.app.act(bo_page.app.state.legal_actions(0)[0])
        ada_client.sync()
        assert ada_client.made == 1 and store.moves(code, ada.token, table.table_id)[0].student == "Bo"
        refusals = [
            (lambda: store.start_table(code, ada.token, "zombie", {"seats": [{"student": "Bo"}, {"bot": "careful"}]}),
             "not-seated"),
            (lambda: store.start_table(code, ada.token, "zombie", {"seats": [{"student": "Ada"}, {"student": "Ada"}]}),
             "not-seated"),
            (lambda: store.start_table(code, cy.token, "zombie", {"seats": [{"student": "Cy"}, {"student": "Zed"}]}),
             "bad-table"),
            (lambda: store.start_table(code, cy.token, "zombie", {"seed": 1}), "bad-table"),
            (lambda: store.start_table(code, cy.token, "chess", {"seats": [{"student": "Cy"}]}), "unknown-game"),
            (lambda: store.start_table(code, opened.teacher_key, "zombie", {"seats": [{"student": "Cy"}]}),
             "unknown-student"),
            # one open table a student started at a time
            (lambda: open_table(store, code, ada.token, "zombie", [student_seat("Ada"), bot_seat()]),
             "too-many-tables"),
            # only the teacher or its starter closes a table
            (lambda: store.close_table(code, bo.token, table.table_id), "wrong-teacher-key"),
        ]
        for action, reason in refusals:
            with pytest.raises(ClassroomError) as refused:
                action()
            assert refused.value.reason == reason
        assert [t.table_id for t in store.tables(code, opened.teacher_key)] == [table.table_id]
        assert not store.tables(code, bo.token)[0].closed
        store.close_table(code, ada.token, table.table_id)
        assert store.tables(code, bo.token)[0].closed
        second = open_table(store, code, ada.token, "zombie", [student_seat("Ada"), bot_seat()])
        assert second.started_by == "Ada"
        # a teacher's table has no starter, and a student cannot close it
        teachers = open_table(store, code, opened.teacher_key, "zombie", [student_seat("Cy"), student_seat("Bo")])
        assert teachers.started_by is None
        with pytest.raises(ClassroomError, match="only the teacher"):
            store.close_table(code, cy.token, teachers.table_id)
        store.close_session(code, opened.teacher_key)
        with pytest.raises(ClassroomError, match="closed"):
            store.start_table(code, cy.token, "zombie", {"seats": [{"student": "Cy"}, {"bot": "careful"}]})


def test_a_student_starts_a_table_from_their_page(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        page = StudentTables(store, opened.code, ada.token, poll=False)
        form = page.form
        form.w_game.value = "zombie"
        assert [p.value for p in form.w_seats.children] == ["Ada", f"{app_class('zombie').default_bot} bot"]
        assert list(form.w_seats.children[1].options)[:2] == ["Ada", "Bo"]
        form.w_seats.children[1].value = "Bo"
        form.w_seed.value = 9
        form.w_open.click()
        (table,) = store.tables(opened.code, opened.teacher_key)
        assert (table.game, table.started_by, table.settings["seed"]) == ("zombie", "Ada", 9)
        assert table.settings["seats"] == [{"student": "Ada"}, {"student": "Bo"}]
        assert page.app is not None and page.app.client.table_id == table.table_id and page.app.viewer == 0
        assert page.widget.children[1] is page.app.widget
        bo_page = StudentTables(store, opened.code, bo.token, poll=False)
        assert bo_page.app.client.table_id == table.table_id and bo_page.app.viewer == 1
        # a second table of hers while the first is open: refused on the page, nothing written
        form.w_open.click()
        assert "already started a table" in form.w_message.value
        assert len(store.tables(opened.code, opened.teacher_key)) == 1
        panel = TablesPanel(store, opened.code, opened.teacher_key, poll=False)
        assert "(started by Ada)" in panel.w_tables.value
        # Ada closes her table from her page (Bo, who did not start it, has no such button)
        assert bo_page.w_close.layout.display == "none" and page.w_close.layout.display is None
        page.w_close.click()
        assert store.tables(opened.code, bo.token)[0].closed and page.app.client.table.closed
        assert page.w_close.disabled and "You closed this table" in page.w_note.value
        form.w_game.value = "diminishing"
        form.w_open.click()  # now she may start another
        assert [t.closed for t in store.tables(opened.code, ada.token)] == [True, False]
        assert page.app.client.table_id == store.tables(opened.code, ada.token)[1].table_id


def test_the_teacher_panel_lists_students_as_they_join(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        panel = TablesPanel(store, opened.code, opened.teacher_key, poll=False)
        assert list(panel.w_seats.children[0].options)[:3] == ["Ada", "Bo", "perfect bot"]
        aio.run(panel.poller.once())  # the poller's first read: drawn
        assert not aio.run(panel.poller.once())  # nothing new: not drawn again
        store.join(opened.code, "Cy")
        assert aio.run(panel.poller.once())  # the new student is news: drawn
        assert list(panel.w_seats.children[0].options)[:3] == ["Ada", "Bo", "Cy"]
        assert not aio.run(panel.poller.once())


def test_networked_app_keeps_the_frames_reset_input_promise(store_url, session, monkeypatch):
    """The game's app forgets a half-made choice on a new game and before every action
    (GameApp.reset_input), at a shared table too, where new_game and act go through the store."""
    opened, ada, bo = session
    resets = []
    monkeypatch.setattr(app_class("zombie"), "reset_input", lambda self: resets.append(self.client.made))
    with connect(store_url) as store, connect(store_url) as teacher_store:
        seats = [student_seat("Ada"), bot_seat(), bot_seat()]  # the bots move whenever it is not Ada's turn
        table = open_table(teacher_store, opened.code, opened.teacher_key, "zombie", seats, seed=3)
        app = networked_app(TableClient(store, opened.code, ada.token, table.table_id), poll=False)
        made = app.client.made  # the bots' opening moves, if they open: the referee's
        assert resets == [made]  # the first game, read from the store
        assert 0 in app.state.current_players()
        app.act(student_choice(app.state, 0, 3, made, "zombie"))
        assert app.error == "" and app.client.made > made
        assert resets == [made, made]  # before the action was written


def test_a_closed_table_leaves_the_student_s_page(store_url, session):
    """Issue 29: a closed table stayed on the students' pages as "Waiting for Ada"."""
    opened, ada, bo = session
    with connect(store_url) as store:
        page = StudentTables(store, opened.code, bo.token, poll=False)
        table = open_table(store, opened.code, opened.teacher_key, "zombie",
                           [student_seat("Ada"), student_seat("Bo")], seed=3)
        assert page.refresh() and page.app.client.table_id == table.table_id
        store.close_table(opened.code, opened.teacher_key, table.table_id)
        assert page.refresh()
        assert page.app is None and f"Table {table.table_id} is closed" in page.w_note.value
        assert len(page.widget.children) == 3 and "No table for you yet" in page.w_note.value


def test_close_this_table_with_no_table_chosen_says_why(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store:
        panel = TablesPanel(store, opened.code, opened.teacher_key, poll=False)
        panel.w_end.click()
        assert "No table is open" in panel.w_end_note.value
        first = open_table(store, opened.code, opened.teacher_key, "zombie", [student_seat("Ada"), student_seat("Bo")])
        panel.refresh()
        assert panel.w_which.value == first.table_id  # the one open table is chosen (it showed blank)
        open_table(store, opened.code, opened.teacher_key, "zombie", [student_seat("Ada"), student_seat("Bo")])
        panel.refresh()
        assert panel.w_which.value == first.table_id  # the teacher's choice stays while it is open
        panel.w_which.value = None
        panel.w_end.click()
        assert "Choose the table to close first" in panel.w_end_note.value


def test_the_tables_pollers_say_a_failure_and_keep_following(store_url, session):
    """Issue 23: the tables' poller stopped silently on any error but a ClassroomError."""
    opened, ada, bo = session
    with connect(store_url) as store:
        page = StudentTables(store, opened.code, ada.token, poll=False)
        real = store.tables
        calls = []

        def flaky(code, secret):
            calls.append(1)
            if len(calls) == 1:
                raise IndexError("list index out of range")
            return real(code, secret)

        store.tables = flaky
        page.poller.period = 0.01
        page.poller.done = lambda: len(calls) >= 3
        said = []
        page.poller.on_problem = lambda problem: (said.append(problem), page._say(problem))

        aio.run(page.poller.run())
        assert said == ["the class store did not answer (IndexError: list index out of range); trying again", None]
        assert len(calls) == 3 and page.w_problem.value == ""  # said, then cleared once a read worked
        store.tables = lambda code, secret: (_ for _ in ()).throw(OSError("disk full"))
        aio.run(page.poller.once())
        assert "OSError: disk full" in page.w_problem.value and page.poller.stopped_because == "done"


def test_two_bots_of_one_kind_at_a_table_are_numbered(store, session):
    """Issue 25: two bots at a networked table were both "Heuristic bot"."""
    opened, ada, bo = session
    table = open_table(store, opened.code, opened.teacher_key, "zhao_pengyou",
                       [student_seat("Ada"), bot_seat("heuristic"), student_seat("Bo"), bot_seat("heuristic")], seed=2)
    page = TableClient(store, opened.code, ada.token, table.table_id)
    assert page.names() == ["Ada", "Heuristic bot 1", "Bo", "Heuristic bot 2"]
    one_bot = open_table(store, opened.code, opened.teacher_key, "zombie", [student_seat("Ada"), bot_seat()], seed=3)
    assert TableClient(store, opened.code, ada.token, one_bot.table_id).names()[1].endswith(" bot")  # no number


class FailsOnce:
    """A store whose ``failing`` call fails once, on its ``nth`` use (a read that times out
    under load): the page's poll read the other page's move, then failed before drawing it."""

    def __init__(self, store, failing: str, nth: int):
        self.store, self.failing, self.left = store, failing, nth

    def __getattr__(self, name):
        real = getattr(self.store, name)
        if name != self.failing:
            return real

        def call(*args, **kwargs):
            self.left -= 1
            if self.left == 0:
                raise OSError("the store did not answer in time")
            return real(*args, **kwargs)

        return call


def test_a_page_whose_poll_failed_after_reading_a_move_still_draws_it(store_url, session):
    """Issue 29: a Cambio page kept "Waiting for Bo2" while the store said it was Cy's turn, until
    a reload: the poll read the move, failed before drawing, and the next polls had no news."""
    opened, ada, bo = session
    with connect(store_url) as store_a, connect(store_url) as store_b, connect(store_url) as teacher_store:
        table = open_table(teacher_store, opened.code, opened.teacher_key, "cambio",
                           [student_seat("Ada"), student_seat("Bo")], seed=5)
        a = networked_app(TableClient(store_a, opened.code, ada.token, table.table_id), poll=False)
        b = networked_app(TableClient(store_b, opened.code, bo.token, table.table_id), poll=False)
        a.w_auto.value = b.w_auto.value = False  # Ada decides her snap windows herself
        for _ in range(30):  # play until Bo moves and then it is Ada's turn alone
            for app in (a, b):
                aio.run(app.poller.once())
            mover = b if 1 in b.state.current_players() else a if 0 in a.state.current_players() else None
            assert mover is not None and mover.error == ""
            if mover is b and b.state.current_players() == (1,):
                state = b.state
                b.act(student_choice(state, 1, 5, b.client.made, "cambio"))
                if b.client.state.current_players() == (0,):
                    break
            else:
                mover.act(mover.state.legal_actions(mover.viewer)[0])
        assert b.client.state.current_players() == (0,)
        a.client.store = FailsOnce(store_a, "table_view", nth=1)  # the page's one read fails
        aio.run(a.poller.once())
        assert "did not answer" in (a.poller.problem or "")
        aio.run(a.poller.once())  # nothing new in the store now: the page must still catch up
        teacher = TableClient(teacher_store, opened.code, opened.teacher_key, table.table_id)
        truth = replayed(teacher_store, opened.code, opened.teacher_key, table.table_id)
        assert a.state.view(0) == as_json(truth.view(0)) and a.client.made == teacher.made
        assert ("You: your move" in a.w_status.value) == (0 in teacher.state.current_players())


def test_the_teacher_panel_draws_a_move_whose_poll_failed_halfway(store_url, session):
    opened, ada, bo = session
    with connect(store_url) as store, connect(store_url) as store_a:
        panel = TablesPanel(store, opened.code, opened.teacher_key, poll=False)
        table = open_table(store, opened.code, opened.teacher_key, "zombie", [student_seat("Ada"), student_seat("Bo")],
                           seed=3)
        aio.run(panel.poller.once())
        assert "· 0 moves ·" in panel.w_tables.value
        first = TableClient(store_a, opened.code, opened.teacher_key, table.table_id).state.current_players()[0]
        page = TableClient(store_a, opened.code, (ada, bo)[first].token, table.table_id)
        page.move(page.state.legal_actions(first)[0])
        panel.store = panel.clients[table.table_id].store = FailsOnce(store, "table_view", nth=1)
        aio.run(panel.poller.once())
        assert "did not answer" in panel.w_problem.value and "· 0 moves ·" in panel.w_tables.value
        aio.run(panel.poller.once())
        assert "· 1 move ·" in panel.w_tables.value and panel.w_problem.value == ""
