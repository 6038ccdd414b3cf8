"""Networked tables: students of a class session play one game of any of the kit's eight games
from their own devices, with bots in the empty seats.

A table is the store's append-only log of moves, and the store is its referee
(:mod:`changekit.classroom.referee`): a page sends a move, the store applies it to the table's
position in the transaction that appends it (or refuses it, naming the rule), plays the bots'
turns that follow, and answers each page with its seat's view. A page holds no game, only what
its seat sees (:class:`~changekit.core.table.SeatState`): never the seed, nor another seat's hidden
cards. A move carries the next move number: the store takes one move per number, so of two pages
acting at once only one gets it; the other reads the table again and sends its move once more
(refused with a clear error if the new position no longer allows it).

Seats are students (by name) or bots (by name from the game's ``BOTS``). A bot's move is made by
the referee, once: ``bot.choose(view, legal, rng)`` with the random generator seeded by the
table's seed and the move number.

>>> import tempfile
>>> from changekit.classroom import connect
>>> store = connect(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> session = store.open_session("Period 3")
>>> ada, bo = store.join(session.code, "Ada"), store.join(session.code, "Bo")
>>> table = open_table(store, session.code, session.teacher_key, "zombie",
...                    [student_seat("Ada"), student_seat("Bo")], seed=7)
>>> client = TableClient(store, session.code, ada.token, table.table_id)
>>> client.seat, client.names()
(0, ['Ada', 'Bo'])
>>> store.close()
"""
from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, cast

from ..core import Bot, ChangekitError, State, play_turns
from ..core.table import AutoMove, SeatState
from ..core.errors import ClassroomError
from ..core.words import count, winners_text
from ..registry import game_keys, game_spec, is_game, load_game, unknown_game
from ..core.markup import escape
from .poller import NewsPoller, off_loop
from .poller import Poller as BasePoller
from .referee import SeatView
from .store import GameTable, Store
from .table_rules import SETTINGS_FORMAT, decode_action, encode_action

if TYPE_CHECKING:
    from ..ui.app import GameApp

#: how often a page looks for other pages' moves (seconds): another page's move shows within 1 s
POLL_SECONDS = 0.25


# ---- seats and settings --------------------------------------------------------------------------
def student_seat(name: str) -> dict[str, str]:
    """A seat for the joined student called ``name``."""
    return {"student": name}


def bot_seat(bot: str | None = None) -> dict[str, str]:
    """A seat for a bot (default: the game's usual bot, filled in when the table opens)."""
    return {"bot": bot or ""}


def game_bots(game: str) -> Mapping[str, type[Bot]]:
    """The bots a game offers, by name (its spec's)."""
    return game_spec(game).bots


def app_class(game: str) -> type[GameApp]:
    """The game's app (the :class:`~changekit.ui.app.GameApp` subclass its spec names: imported
    now, and with it the widgets)."""
    return game_spec(game).app_class()


def open_table(store: Store, code: str, secret: str, game: str, seats: Sequence[dict[str, str]], *,
               seed: int = 1, options: dict[str, Any] | None = None) -> GameTable:
    """Open a table of ``game`` with these seats (in order; see :func:`student_seat`,
    :func:`bot_seat`). Students must have joined the session, each sits once; the seat count
    must suit the game (2-8 for some games, fewer for others); ``options`` are the game's own.
    ``secret`` is the teacher key, or a student's token: a student starting a table sits at it
    (``store.start_table``)."""
    if not is_game(game):
        raise ClassroomError("unknown-game", unknown_game(game))
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ClassroomError("bad-table", f"a table's seed is a whole number ≥ 0, not {seed!r}")
    options = dict(options or {})
    if "players" in options:
        raise ClassroomError("bad-table", "the number of players is the number of seats: do not pass it as an option")
    spec = game_spec(game)
    bots, default_bot = spec.bots, spec.default_bot  # from the spec: no widgets for a table's seats
    starter = _student_name(store, code, secret)
    names = store.students(code, secret) if starter is None else store.classmates(code, secret)
    joined = {name.casefold(): name for name in names}
    filled: list[dict[str, str]] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or len(seat) != 1 or not ({"student", "bot"} & set(seat)):
            raise ClassroomError("bad-table", f"seat {i + 1} is {{'student': name}} or {{'bot': name}}, not {seat!r}")
        if "student" in seat:
            name = seat["student"]
            if not isinstance(name, str) or name.casefold() not in joined:
                raise ClassroomError("bad-table", f"seat {i + 1}: no student called {name!r} has joined the session")
            if any(s.get("student") == joined[name.casefold()] for s in filled):
                raise ClassroomError("bad-table", f"{joined[name.casefold()]} already has a seat at this table")
            filled.append({"student": joined[name.casefold()]})
        else:
            bot = seat["bot"] or default_bot
            if bot not in bots:
                raise ClassroomError("bad-table",
                                     f"seat {i + 1}: {game} has no bot called {bot!r}; it has {sorted(bots)}")
            filled.append({"bot": bot})
    try:
        load_game(game)(players=len(filled), **options)
    except ChangekitError as err:
        raise ClassroomError("bad-table", f"cannot seat this table: {err}") from None
    settings = {"format": SETTINGS_FORMAT, "seed": seed, "options": options, "seats": filled}
    if starter is None:
        return store.open_table(code, secret, game, settings)
    return store.start_table(code, secret, game, settings)


def _student_name(store: Store, code: str, secret: str) -> str | None:
    """The name of the student whose token ``secret`` is; None for anything else (the teacher key)."""
    try:
        return store.rejoin(code, secret).name
    except ClassroomError as err:
        if err.reason != "unknown-student":
            raise
        return None


# ---- a table as one page sees it -----------------------------------------------------------------
class TableClient:
    """One page's handle on a networked table: the table as the store's referee shows this page
    (:class:`~changekit.classroom.referee.SeatView`: the seat's view, its legal moves, the log as
    it may read it), and moves made through it. ``secret`` is the student's token (their seat is
    the one with their name; they act only for it) or the teacher key (a watcher). The page holds
    no game: :attr:`state` is a :class:`~changekit.core.table.SeatState`, what the seat sees.
    Thread-safe: the page's polling task and its buttons may call it at once."""

    def __init__(self, store: Store, code: str, secret: str, table_id: int) -> None:
        self.store, self.code, self.secret, self.table_id = store, code, secret, table_id
        self._lock = threading.RLock()
        seen = store.table_view(code, secret, table_id)
        if seen is None:  # only when a known move count is given: never here
            raise ClassroomError("unknown-table", f"session {code} has no table {table_id!r}")
        self.game = load_game(seen.game)
        self.options: dict[str, Any] = {k: decode_action(v) for k, v in seen.options.items()}
        self._blank = self.game(players=len(seen.names), **self.options).new_state(seed=0)
        self.table = GameTable(table_id, seen.game, {"options": seen.options}, seen.closed, seen.started_by)
        self.seat: int | None = seen.seat
        self.student = _student_name(store, code, secret)  # None: the teacher key (the store accepted it)
        self._take(seen)

    def _take(self, seen: SeatView) -> None:
        """Hold what the referee sent (the latest)."""
        self.seen = seen
        self.table = replace(self.table, closed=seen.closed)
        self.state = SeatState(self._blank, seat=seen.seat, view=seen.view,
                               legal=[decode_action(a) for a in seen.legal], to_act=seen.to_act,
                               winners=seen.winners, scores=seen.scores,
                               history=[(p, decode_action(a)) for p, a in seen.history], described=seen.described)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def made(self) -> int:
        """How many moves the table's log holds (as far as this page has read)."""
        return self.seen.made

    @property
    def seed(self) -> int | None:
        """The table's seed: the teacher's page knows it; a student's only once the game is over."""
        return self.seen.seed

    def names(self) -> list[str]:
        # two bots of one kind are numbered ("Heuristic bot 1", "Heuristic bot 2") to be told apart
        return list(self.seen.names)

    def is_bot(self, seat: int) -> bool:
        return seat in self.seen.bots

    def view(self) -> dict[str, Any]:
        """What this page may see: its seat's view (a watcher's for the teacher)."""
        with self._lock:
            return self.state.view(self.seat)

    def sync(self) -> bool:
        """Read the table again (one store read, nothing sent when nothing changed); True if the
        position changed since the last read."""
        with self._lock:
            seen = self.store.table_view(self.code, self.secret, self.table_id, known=self.made)
            if seen is None:
                return False
            changed = seen.made != self.made
            self._take(seen)
            return changed

    def closed(self) -> bool:
        """True once the table is closed (no more moves can come); read from the store."""
        with self._lock:
            self.sync()
            return self.table.closed

    # -- moving -----------------------------------------------------------------------------------
    def move(self, action: Any, seat: int | None = None) -> None:
        """Send ``action`` for ``seat`` (default: this page's seat) to the referee, which applies
        it and the bots' replies, or refuses it naming the rule. When another page's move got in
        first, the page reads the table again and sends its move once more: the referee checks it
        against the position after that move (and refuses it if that no longer allows it)."""
        seat = self.seat if seat is None else seat
        if seat is None:
            raise ClassroomError("not-seated", "you have no seat at this table: you can only watch")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seen.names):
            raise ClassroomError("bad-seat", f"the table has seats 0 to {len(self.seen.names) - 1}, not {seat!r}")
        if seat != self.seat:
            raise ClassroomError("not-your-seat",
                                 f"seat {seat + 1} is {self.names()[seat]}'s: you act only for your own")
        data = {"seat": seat, "action": encode_action(action)}
        with self._lock:
            for _ in range(MOVE_TRIES):
                try:
                    self._take(self.store.play_move(self.code, self.secret, self.table_id, self.made, data))
                    return
                except ClassroomError as err:
                    if err.reason != "move-taken":
                        raise
                    self.sync()  # another page's move got this number: ours goes after it, if still allowed
            raise ClassroomError("move-taken", "other players kept moving first: try your move again")

    def play_bots(self, own: Callable[[State, int], Any] | None = None) -> int:
        """The page's own moves for its seat that need no click (an app's ``auto_move``: Cambio
        passes a snap window), sent like its other moves; how many. The bots' moves are the
        referee's (in the store), never a page's."""
        if own is None or self.seat is None:
            return 0

        def pick(state: Any, seat: int) -> Any:
            return own(state, seat) if seat == self.seat else None

        with self._lock:
            # a SeatState has what the programs' loop reads of a State (who acts, whether it is over)
            return play_turns(lambda: cast(State, self.state), pick, move=lambda action, seat: self.move(action, seat))

    def summary(self) -> str:
        """One line for the teacher's list: the game, who sits where, whose turn or who won."""
        with self._lock:
            names, state = self.names(), self.state
            if state.is_terminal():
                where = f"over: {winners_text(state.winners(), names)}"
            else:
                where = "to act: " + ", ".join(names[p] for p in state.current_players())
            moves = count(self.made, "move")
            return f"Table {self.table_id} · {self.game.title} · {', '.join(names)} · {moves} · {where}"


#: how often a page sends its move again when other pages' moves keep getting in first
MOVE_TRIES = 20


# ---- pages: the student's networked app, the teacher's tables panel --------------------------------
#: the one poller every class page uses (see changekit.classroom.poller). A table's page polls its
#: position's mark (moves read, closed) and redraws whenever the mark differs from the one drawn
#: last: a poll that read a move and then failed before drawing it is drawn by the next poll, even
#: when nothing new has come meanwhile (a page used to wait for a reload then).
Poller = BasePoller


class NetworkedTable:
    """A :class:`~changekit.core.table.Table` whose moves go to the class store through a
    :class:`TableClient`: the page's one human is the client's seat, the bots are the table's own
    (the referee moves them, in the store), and nothing is taken back."""

    can_undo = False
    can_restart = False

    def __init__(self, client: TableClient) -> None:
        self.client = client

    @property
    def state(self) -> State:
        # a SeatState: the reading methods of a State that the app frame uses (the seat's view)
        return cast(State, self.client.state)

    @property
    def humans(self) -> frozenset[int]:
        return frozenset() if self.client.seat is None else frozenset({self.client.seat})

    @property
    def version(self) -> int:
        return self.client.made

    def names(self) -> list[str]:
        return ["You" if p == self.client.seat else name for p, name in enumerate(self.client.names())]

    def move(self, action: Any, seat: int) -> None:
        self.client.move(action, seat)

    def play_programs(self, auto: AutoMove | None = None) -> int:
        return self.client.play_bots(own=auto)

    def take_notes(self) -> list[str]:
        return []  # the referee moves the bots; no page explains them

    def sync(self) -> bool:
        return self.client.sync()

    def rewind(self, actions: int) -> None:
        raise ClassroomError("shared-table", "moves at a shared table cannot be taken back")


def _networked_class(game: str) -> type:
    from ..ui.app import GameApp  # ui.app brings the widgets: open_table and TableClient run without them

    base = app_class(game)

    class TablePage(GameApp):
        """The game's own app at a :class:`NetworkedTable` (every move goes to the store), and
        the page's following of the table: the position from the log, polled every POLL_SECONDS."""

        def __init__(self, *, client: TableClient, **kwargs: Any) -> None:
            self.client = client
            super().__init__(table=NetworkedTable(client), **kwargs)
            self.poller = Poller(self._step, lambda mark: self.reload(),
                                 done=lambda: self.client.state.is_terminal() or self.client.table.closed)

        def reload(self) -> None:
            """Draw the latest position the client has read."""
            self.refresh()

        def _step(self) -> tuple[int, bool]:
            """Read the table and move due bots (blocking: the poller runs it in a thread); the
            position's mark, which the poller compares with the one it drew last."""
            if not self.table.sync() and self.client.table.closed:
                return self.table.version, True  # drawn once more, then the poller stops
            self.table.play_programs(self.auto_move)  # the frame's one path for bots' moves
            return self.table.version, False

    # TablePage first: its __init__ hands the frame the table; the game's app keeps its own build,
    # draw and reset_input, and the frame's act, undo and bots go through the table
    return type(f"Networked{base.__name__}", (TablePage, base), {})


def networked_app(client: TableClient, *, poll: bool = True) -> Any:
    """The game's own app for the client's seat at a networked table (a student's page): only
    their view, only their moves; other pages' moves appear within a second (``poll``)."""
    if client.seat is None:
        raise ClassroomError("not-seated", "only a seated student plays a table; the teacher watches it in TablesPanel")
    cls = _networked_class(client.table.game)
    app = cls(client=client, **client.options)
    if poll:
        app.poller.start()
    return app


class StudentTables:
    """A student's page: waits for a table with their seat, then shows it; when the teacher seats
    them at a newer table, that one replaces it, and a table closed meanwhile leaves the page
    (looked for every second)."""

    def __init__(self, store: Store, code: str, token: str, *, poll: bool = True) -> None:
        # widgets only for the pages: open_table and TableClient run without them (tests, benchmarks)
        import ipywidgets as w

        from ..ui.app import button

        self.store, self.code, self.token = store, code, token
        self.name = store.rejoin(code, token).name
        self.app: Any = None
        self.w_note = w.HTML(NO_TABLE_YET)
        self.w_problem = w.HTML()  # what following the tables could not do
        # a student may seat themselves, with classmates and bots (store.start_table)
        self.form = TableForm(store, code, token, me=self.name, on_open=lambda table: self.refresh())
        self.w_start = w.Accordion(children=[self.form.widget], titles=("Start a table yourself",), selected_index=None)
        self.w_start.add_class("ck-start-table")
        self.w_close = button("Close my table", self.close_table,
                              tooltip="No more moves at the table you started; then you can start another")
        self.w_close.layout.display = "none"
        self.widget = w.VBox([self.w_note, self.w_problem, self.w_start])
        self._poll = poll
        self._found: TableClient | None = None
        #: called after a table comes or goes (the student's page puts a table it is seated at on top)
        self.on_change: list[Callable[[], object]] = []
        self.poller = NewsPoller(self._find, self._show, period=1.0, on_problem=self._say)
        self.refresh()
        if poll:
            self.poller.start()

    def _say(self, problem: str | None) -> None:
        self.w_problem.value = "" if problem is None else (
            f'<span class="ck-error" role="alert" style="color:#b3261e">{escape(problem)}</span>')

    def refresh(self) -> bool:
        """Look once (blocking) and show what changed; True if the page changed."""
        try:
            changed = self._find()
        except ChangekitError as err:
            self._say(str(err))
            return False
        if changed:
            self._show()
        return changed

    def start(self) -> None:
        """Look for tables and follow the shown one again (after :meth:`stop`)."""
        self.poller.start()
        if self.app is not None:
            self.app.poller.start()

    def _find(self) -> bool:
        """True when the page must change: a table newer than the one shown has a seat for this
        student, or the shown one was closed (blocking: the poller runs it in a thread)."""
        shown = self.app.client.table_id if self.app is not None else None
        tables = self.store.tables(self.code, self.token)
        mine = [t for t in tables if not t.closed and any(s.get("student") == self.name
                                                            for s in t.settings.get("seats", []))]
        newest = mine[-1].table_id if mine else None
        if newest is not None and (shown is None or newest > shown):
            self._found = TableClient(self.store, self.code, self.token, newest)
            return True
        if shown is not None and not any(t.table_id == shown for t in mine):
            self._found = None  # closed (or no longer ours): the page drops it
            return True
        return False

    def _show(self) -> None:
        client = self._found
        if self.app is not None:
            self.app.poller.stop()
        if client is None:
            closed = self.app.client.table_id if self.app is not None else None
            self.app = None
            self.w_note.value = (f"<i>Table {closed} is closed.</i> " if closed is not None else "") + NO_TABLE_YET
            self.w_close.layout.display = "none"
            self.widget.children = [self.w_note, self.w_problem, self.w_start]
            self._changed()
            return
        self.app = networked_app(client, poll=False)
        self.app.poller.on_problem = self._say  # the table's own following says its problems here too
        if self._poll:
            self.app.poller.start()
        self.w_note.value = f"<b>Table {client.table_id}: {escape(client.game.title)}</b> with " + escape(
            ", ".join(n for p, n in enumerate(client.names()) if p != client.seat)) + "."
        mine = client.table.started_by == self.name  # a student closes a table they started
        self.w_close.layout.display = None if mine else "none"
        self.w_close.disabled = False
        self.widget.children = [self.w_note, self.app.widget, self.w_problem, self.w_close, self.w_start]
        self.w_start.selected_index = None
        self._changed()

    def _changed(self) -> None:
        for hook in self.on_change:
            hook()

    def close_table(self) -> None:
        """Close the table this student started (no more moves; they may start another)."""
        if self.app is None:
            self._say("there is no table on this page to close")
            return
        client = self.app.client
        try:
            self.store.close_table(self.code, self.token, client.table_id)
        except ChangekitError as err:
            self._say(str(err))
            return
        client.closed()
        self.app.reload()
        self.w_close.disabled = True
        self.w_note.value += " <i>You closed this table.</i>"

    def stop(self) -> None:
        """Stop looking for tables and moves (the page is closing)."""
        self.poller.stop()
        if self.app is not None:
            self.app.poller.stop()

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget)


NO_TABLE_YET = "<i>No table for you yet: your teacher will seat you (or start one yourself).</i>"


class TableForm:
    """Open a table: a game, its seats (joined students and the game's bots) and a seed. The
    teacher's panel uses it with the teacher key; a student's page with their token (their own
    seat first: a student opens only a table they sit at)."""

    def __init__(self, store: Store, code: str, secret: str, *, me: str | None = None,
                 on_open: Callable[[GameTable], object] | None = None) -> None:
        # widgets only for the pages: open_table and TableClient run without them (tests, benchmarks)
        import ipywidgets as w

        from ..ui.app import button

        self.store, self.code, self.secret, self.me = store, code, secret, me
        self.on_open = on_open
        games = [(load_game(g).title, g) for g in game_keys()]
        self.w_game = w.Dropdown(options=games, value="diminishing", description="Game",
                                 layout=w.Layout(width="340px"))
        self.w_count = w.BoundedIntText(value=2, min=2, max=8, description="Seats", layout=w.Layout(width="150px"))
        self.w_seed = w.BoundedIntText(value=1, min=0, max=2**31 - 1, description="Seed",
                                       layout=w.Layout(width="180px"))
        self.w_seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.w_open = button("Open the table" if me is None else "Start the table", self._open_clicked,
                             style="primary")
        self.w_message = w.HTML()
        self.w_game.observe(lambda _: self.seat_pickers(), names="value")
        self.w_count.observe(lambda _: self.seat_pickers(), names="value")
        self.widget = w.VBox([w.HBox([self.w_game, self.w_count, self.w_seed], layout=w.Layout(flex_flow="row wrap")),
                              self.w_seats, self.w_open, self.w_message])
        self.seat_pickers()

    def students(self) -> list[str]:
        """Who can be seated, as the pickers list them (blocking: a store read)."""
        if self.me is None:
            return self.store.students(self.code, self.secret)
        return [self.me] + [n for n in self.store.classmates(self.code, self.secret) if n != self.me]

    def choices(self, students: list[str] | None = None) -> list[tuple[str, dict[str, str]]]:
        bots = [(f"{name} bot", {"bot": name}) for name in game_bots(self.w_game.value)]
        names = self.students() if students is None else students
        return [(name, {"student": name}) for name in names] + bots

    def seat_pickers(self) -> None:
        # widgets only for the pages: open_table and TableClient run without them (tests, benchmarks)
        import ipywidgets as w

        game = load_game(self.w_game.value)
        self.w_count.min, self.w_count.max = game.min_players, game.max_players
        choices = self.choices()
        labels = [label for label, _ in choices]
        default = f"{game_spec(self.w_game.value).default_bot} bot"
        pickers = []
        for i in range(self.w_count.value):
            # the teacher's form seats the students in join order; a student's, themselves then bots
            student = i < len(labels) and not labels[i].endswith(" bot") and (self.me is None or i == 0)
            pickers.append(w.Dropdown(options=labels, value=labels[i] if student else default,
                                      description=f"Seat {i + 1}", layout=w.Layout(width="240px")))
        self._choices = dict(choices)
        self.w_seats.children = pickers

    def new_students(self, students: list[str] | None = None) -> None:
        """New students appear in the seat pickers (keeping what is picked)."""
        choices = self.choices(students)
        labels = [label for label, _ in choices]
        self._choices = dict(choices)
        for picker in self.w_seats.children:
            if list(picker.options) != labels:
                value = picker.value
                picker.options = labels
                picker.value = value if value in labels else labels[-1]

    def _work(self) -> Callable[[], GameTable]:
        seats = [self._choices[p.value] for p in self.w_seats.children]
        game, seed = self.w_game.value, self.w_seed.value
        return lambda: open_table(self.store, self.code, self.secret, game, seats, seed=seed)

    def _refused(self, reason: str) -> None:
        self.w_open.disabled = False
        self.w_message.value = f'<span role="alert" style="color:#b3261e">{escape(reason)}</span>'

    def _opened(self, table: GameTable) -> None:
        self.w_open.disabled = False
        self.w_message.value = f"Table {table.table_id} is open: its players see it on their pages."
        if self.on_open is not None:
            self.on_open(table)

    def _open_clicked(self) -> None:
        """The button: the store's half in a worker thread (a busy store never freezes the page)."""
        self.w_open.disabled = True  # one table per click
        off_loop(self._work(), self._opened, failed=self._refused)

    def open(self) -> GameTable | None:
        try:
            table = self._work()()
        except ChangekitError as err:
            self._refused(str(err))
            return None
        self._opened(table)
        return table


class TablesPanel:
    """The teacher's tables: open a table (a game, its seats from the joined students and bots, a
    seed) and follow every table of the session (who sits where, moves, whose turn, who won).
    The bots' moves are the referee's (in the store): the panel only watches."""

    def __init__(self, store: Store, code: str, teacher_key: str, *, poll: bool = True) -> None:
        # widgets only for the pages: open_table and TableClient run without them (tests, benchmarks)
        import ipywidgets as w

        from ..ui.app import button

        self.store, self.code, self.teacher_key = store, code, teacher_key
        self.clients: dict[int, TableClient] = {}
        self.students: list[str] = []
        self.form = TableForm(store, code, teacher_key, on_open=lambda table: self.refresh())
        self.w_game, self.w_count, self.w_seed, self.w_seats = (self.form.w_game, self.form.w_count,
                                                                self.form.w_seed, self.form.w_seats)
        self.w_message = self.form.w_message
        self.w_tables = w.HTML()
        self.w_which = w.Dropdown(options=[], description="Table", layout=w.Layout(width="200px"))
        self.w_end = button("Close this table", self.close_table,
                            tooltip="No more moves at it (a finished or abandoned game); its log stays")
        self.w_problem = w.HTML()  # what following the tables could not do
        self.w_end_note = w.HTML()  # beside its button: why a close did nothing
        self.widget = w.VBox([self.form.widget, button("Refresh", self.refresh), self.w_problem, self.w_tables,
                              w.HBox([self.w_which, self.w_end, self.w_end_note])])
        self.refresh()
        self.poller = Poller(self.update, lambda mark: self.draw(), every=1.0, on_problem=self._problem)
        if poll:
            self.poller.start()

    def open(self) -> GameTable | None:
        return self.form.open()

    def update(self) -> tuple:
        """Read every table's new moves (blocking: the poller runs it in a thread); the mark of
        what the panel shows (students, each table's moves and state), which the poller compares
        with the one drawn last (so a read that failed halfway is drawn later)."""
        self.students = self.form.students()
        for table in self.store.tables(self.code, self.teacher_key):
            client = self.clients.get(table.table_id)
            if client is None:
                client = self.clients[table.table_id] = TableClient(self.store, self.code, self.teacher_key,
                                                                    table.table_id)
            else:
                client.sync()
            client.table = table
        return tuple(self.students), tuple((tid, c.made, c.table.closed) for tid, c in self.clients.items())

    def draw(self) -> None:
        self.form.new_students(self.students)  # a student who just joined can be seated
        rows = "".join(f"<li>{escape(c.summary())}"
                       f"{escape(f' (started by {c.table.started_by})') if c.table.started_by else ''}"
                       f"{' (closed)' if c.table.closed else ''}</li>"
                       for c in self.clients.values())
        self.w_tables.value = f"<ol>{rows}</ol>" if rows else "<i>No tables yet.</i>"
        open_ids = [tid for tid, c in self.clients.items() if not c.table.closed]
        if list(self.w_which.options) != open_ids:
            chosen = self.w_which.value
            self.w_which.options = open_ids
            # a Dropdown given options leaves nothing chosen: the newest open table is, unless
            # the teacher had chosen one still open
            self.w_which.value = chosen if chosen in open_ids else (open_ids[-1] if open_ids else None)

    def close_table(self) -> None:
        table_id = self.w_which.value
        if table_id is None:
            text = "Choose the table to close first." if self.w_which.options else "No table is open."
            self.w_end_note.value = f'<span role="alert" style="color:#b3261e">{text}</span>'
            return
        try:
            self.store.close_table(self.code, self.teacher_key, table_id)
        except ChangekitError as err:
            self.w_end_note.value = f'<span role="alert" style="color:#b3261e">{escape(str(err))}</span>'
            return
        self.w_end_note.value = ""
        self.clients[table_id].closed()
        self.w_message.value = f"Table {table_id} is closed."
        self.draw()

    def _problem(self, problem: str | None) -> None:
        self.w_problem.value = "" if problem is None else (
            f'<span role="alert" style="color:#b3261e">{escape(problem)}</span>')

    def refresh(self) -> None:
        try:
            self.update()
        except ChangekitError as err:
            self.w_message.value = f'<span style="color:#b3261e">{escape(str(err))}</span>'
        self.draw()

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget)


__all__ = ["POLL_SECONDS", "Poller", "StudentTables", "TableClient", "TableForm", "TablesPanel",
           "app_class", "bot_seat", "decode_action", "encode_action", "game_bots", "networked_app", "open_table",
           "student_seat"]
