"""The strategy lab's page: write a bot in a code box, test it against the kit's bots, step through
any game where it failed. The games run through :func:`changekit.lab.check_bot`, so a bot's code
runs in the sandbox whenever the page is served to others (a Voila page), and only in the
student's own kernel in their own JupyterLab.
"""
from __future__ import annotations

import asyncio
import os
from ..core.markup import escape
from typing import Any, Callable

import ipywidgets as w

from changekit.core.errors import ChangekitError
from changekit.core.table import ReplayTable
from changekit.lab import Report, check_bot
from changekit.lab.sandbox import MoveFailure
from changekit.lab.starters import examples_for, starter_source
from changekit.registry import game_keys, is_game, load_game, unknown_game
from changekit.stats.tournaments import bots_of

from .app import CSS, FocusKeeper, button, kernel_loop
from .live_region import LiveRegion

#: where the lab's focus waits while its buttons are disabled by a run (the status line)
LAB_FOCUS_FALLBACK = ".ck-lab-status"

MAX_GAMES = 300


def served_to_others() -> bool:
    """A page of a server that others use (Voila sets ``VOILA_*`` in its kernels): code typed in it
    is someone else's to the server, so it runs only in the sandbox."""
    return any(key.startswith("VOILA_") for key in os.environ)


def in_background(work: Callable[[], Any], done: Callable[[Any], None]) -> asyncio.Task | None:
    """Run ``work`` off the kernel's event loop (the page stays alive while bots play) and hand its
    result, or the error it raised, to ``done`` on the loop; without a running loop (a test,
    a script), run it here and now."""
    def attempt() -> Any:
        try:
            return work()
        except ChangekitError as err:
            return err

    loop = kernel_loop()
    if loop is None:
        done(attempt())
        return None

    async def run() -> None:
        done(await asyncio.to_thread(attempt))

    return loop.create_task(run())


class ReplayViewer:
    """Step through one game move by move, as one seat saw it: the log so far and the view."""

    def __init__(self) -> None:
        self.state: Any = None
        self.table: ReplayTable | None = None  # the game being stepped through
        self.seat = 0
        self.names: list[str] = []
        # a number box, not a slider: an ipywidgets slider's handle has no accessible name (axe found it
        # on the teacher's tournament); First, Back, Next and Last step through as a slider would
        self.w_position = w.BoundedIntText(min=0, max=0, description="Move", layout=w.Layout(width="12em"))
        self.w_position.observe(lambda _: self.draw(), "value")
        self.w_first = button("First", lambda: self.go(0))
        self.w_back = button("Back", lambda: self.go(self.w_position.value - 1))
        self.w_next = button("Next", lambda: self.go(self.w_position.value + 1))
        self.w_last = button("Last", lambda: self.go(self.w_position.max))
        self.w_html = w.HTML()
        self.box = w.VBox([w.HBox([self.w_first, self.w_back, self.w_next, self.w_last],
                                  layout=w.Layout(flex_flow="row wrap")), self.w_position, self.w_html],
                          layout=w.Layout(display="none"))

    def open(self, state: Any, seat: int, names: list[str], at: int) -> None:
        self.state, self.seat, self.names = state, seat, names
        self.w_position.max = len(state.history)
        self.box.layout.display = ""
        if self.w_position.value == at:
            self.draw()
        self.w_position.value = at

    def go(self, move: int) -> None:
        if self.state is not None:
            self.w_position.value = max(0, min(move, self.w_position.max))

    def draw(self) -> None:
        if self.state is None:
            return
        k = self.w_position.value
        if self.table is None or self.table.game is not self.state:
            self.table = ReplayTable(self.state, names=self.names)
        self.table.go_to(k)
        position = self.table.state
        lines = position.narration(self.seat, self.names)
        view = position.view(self.seat)
        shown = "".join(f"<li><code>{escape(key)}</code>: {escape(repr(value))[:200]}</li>"
                        for key, value in view.items() if key != "log")
        to_act = position.current_players() if not position.is_terminal() else ()
        status = "the game is over" if not to_act else f"to act: {', '.join(self.names[p] for p in to_act)}"
        self.w_html.value = (f"<p>After move {k} of {len(self.state.history)} ({escape(status)}), "
                             f"as {escape(self.names[self.seat])} saw it:</p>"
                             f"<ol class='ck-log'>{''.join(f'<li>{escape(line)}</li>' for line in lines[-12:])}</ol>"
                             f"<details><summary>The view</summary><ul>{shown}</ul></details>")


class BotLab:
    """Write a bot for ``game`` and test it: the game (picked on the page), the page's code box, the
    kit's bots it plays against, the number of deals and the seed; the report, and any failed move
    opened in a replay. Each deal is played once from every seat, so the games played are the deals
    times the seats (``games`` rounds up to whole deals), and the page says so beside the box."""

    def __init__(self, game: str = "zombie", *, source: str | None = None, games: int = 30, seed: int = 1) -> None:
        if not is_game(game):
            raise ChangekitError(unknown_game(game))
        self.report: Report | None = None
        self._running = False
        self._sources: dict[str, str] = {}  # the code written for each game picked on this page
        self.on_game: list[Callable[[str], object]] = []  # called with the game picked on the page
        self.w_game = w.Dropdown(options=[(load_game(g).title, g) for g in game_keys()], value=game,
                                 description="Game", layout=w.Layout(width="auto"))
        self.w_title = w.HTML()
        # sent once, when the student leaves the box: typed and followed at once by Test (by
        # keyboard, Tab and Enter), code sent key by key was still partly queued in the browser
        # when the click reached the kernel (see classroom.live's join fields)
        self.w_code = w.Textarea(continuous_update=False, layout=w.Layout(width="100%", height="22em"))
        self.w_code.add_class("ck-code")
        # "Start from": the starter bot or one of the game's worked examples; choosing one replaces the code
        self.w_start = w.Dropdown(options=[None], value=None, description="Start from",
                                  layout=w.Layout(width="auto"))
        self.w_start.observe(lambda change: self.start_from(change["new"]), "value")
        self.w_seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.w_against: list[w.Dropdown] = []
        self.w_deals = w.BoundedIntText(value=1, min=1, max=MAX_GAMES, description="Deals",
                                        layout=w.Layout(width="12em"))
        self.w_games = self.w_deals  # (its old name)
        self.w_played = w.HTML()  # "= 32 games": what the Deals box plays, said beside it
        self.w_deals.observe(lambda _: self._say_games(), "value")
        self.w_seed = w.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                       layout=w.Layout(width="12em"))
        self.w_test = button("Test my bot", self.test, style="primary")
        self.w_status = w.HTML()
        self.w_status.add_class("ck-lab-status")
        self.w_result = LiveRegion()  # the tests' verdicts, read out when they come
        self.w_failures = w.Dropdown(options=[], description="Failed move", layout=w.Layout(width="auto",
                                                                                            display="none"))
        self.w_failures.observe(lambda change: self.open_failure(change["new"]), "value")
        self.replay = ReplayViewer()
        # while Test (or Submit) is disabled by its run, the focus waits on the status line ("Playing
        # 12 games…"), then goes back to the button: never to the page's top
        keeper = FocusKeeper(root=".ck-lab", targets="", fallback=LAB_FOCUS_FALLBACK)
        self.box = w.VBox([
            w.HTML(CSS), keeper, self.w_title, self.w_game, self.w_start, self.w_code, self.w_seats,
            w.HBox([self.w_deals, self.w_played, self.w_seed, self.w_test],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.w_status, self.w_result, self.w_failures, self.replay.box,
        ])
        self.box.add_class("ck-lab")
        self.box.add_class("ck-class-page")  # the class pages' phone layout: 44 px targets, wrapping rows
        self._set_game(game, source)
        self.w_deals.value = -(-games // self.players)
        self._say_games()
        self.w_game.observe(lambda change: self.pick_game(change["new"]), "value")

    @property
    def games(self) -> int:
        """How many games Test plays: every deal once from each seat."""
        return self.w_deals.value * self.players

    def _say_games(self) -> None:
        deals = self.w_deals.value
        self.w_played.value = (f'<span class="ck-games-played">= <b>{deals * self.players} games</b> ({deals} '
                               f"deal{'s' if deals != 1 else ''}, each from all {self.players} seats)</span>")

    def pick_game(self, game: str) -> None:
        """The game picker: the lab for ``game`` (the code written for the game left is kept, and
        comes back when it is picked again)."""
        if game == self.game or not is_game(game):
            return
        self._sources[self.game] = self.w_code.value
        games = self.games
        self._set_game(game, self._sources.get(game))
        self.w_deals.max = max(1, MAX_GAMES // self.players)
        self.w_deals.value = max(1, min(self.w_deals.max, -(-games // self.players)))
        self._say_games()
        for hook in self.on_game:
            hook(game)

    def _set_game(self, game: str, source: str | None) -> None:
        self.game = game
        cls = load_game(game)
        self.cls = cls
        self.players = cls().options.players
        self.report = None
        if self.w_game.value != game:
            self.w_game.value = game
        self.w_title.value = f"<h3>Strategy lab: {escape(cls.title)}</h3>"
        self.w_code.value = source if source is not None else starter_source(game)
        self.starts = {"the starter bot (random moves)": starter_source(game), **examples_for(game)}
        self.w_start.value = None
        self.w_start.options = [None, *self.starts]
        kit = sorted(bots_of(cls()))
        usual = "greedy" if "greedy" in kit else kit[-1]
        self.w_against = [w.Dropdown(options=kit, value=usual, description=f"Seat {i + 1}",
                                     layout=w.Layout(width="auto")) for i in range(1, self.players)]
        self.w_seats.children = self.w_against
        self.w_deals.max = max(1, MAX_GAMES // self.players)
        self.w_status.value = (f"<p>Your bot sits in seat 1 against the kit's bots; each deal is played once "
                               f"from every seat. {escape(cls.title)}: {self.players} players.</p>")
        self.w_result.value = ""
        self.w_failures.options = []
        self.w_failures.layout.display = "none"
        self.replay.box.layout.display = "none"

    def start_from(self, title: str | None) -> None:
        """Put the starter bot or a worked example (by title) in the code box."""
        if title is not None:
            self.w_code.value = self.starts[title]

    def test(self) -> None:
        """The Test button: play the games (off the page's event loop) and show the report."""
        if self._running or self.w_test.disabled:  # a disabled button refuses here too, not only in the browser
            return
        self._running = True
        self.w_test.disabled = True
        source, against = self.w_code.value, [d.value for d in self.w_against]
        games, seed = self.games, self.w_seed.value
        self.w_status.value = f"<p>Playing {games} games…</p>"
        own_code = not served_to_others()
        self._task = in_background(
            lambda: check_bot(self.game, source, against=against, games=games, seed=seed, own_code=own_code),
            self._show)

    def _show(self, outcome: Any) -> None:
        self._running = False
        self.w_test.disabled = False
        if isinstance(outcome, ChangekitError):
            self.report = None
            self.w_status.value = f"<p role='alert' style='color:#a00'>{escape(str(outcome))}</p>"
            self.w_result.value = ""
            self.w_failures.layout.display = "none"
            return
        report: Report = outcome
        self.report = report
        self.w_status.value = "<p>Done.</p>"
        counts = report.failure_counts()
        lines = [f"<li>win rate <b>{report.win_rate.value:.1%}</b> (95 % interval {report.win_rate.low:.1%} "
                 f"to {report.win_rate.high:.1%}, {report.games} games; a fair share is "
                 f"{1 / self.players:.0%})</li>",
                 f"<li>mean score <b>{report.mean_score.value:.2f}</b> ({report.mean_score.low:.2f} to "
                 f"{report.mean_score.high:.2f}; {'lower' if report.lower_is_better else 'higher'} is better)</li>",
                 "<li>failed moves: " + (", ".join(f"{n} {kind}" for kind, n in counts.items() if n) or "none")
                 + (f" ({escape(report.stopped)}; the rest of its moves were the first legal move)"
                    if report.stopped else "") + "</li>"]
        if report.exact:
            lines.append(f"<li>against an exact yardstick: {escape(report.exact['summary'])}</li>")
        self.w_result.value = f"<ul>{''.join(lines)}</ul>"
        options = [(f"{f.kind} in game {f.game + 1}, move {f.move + 1}: {f.message}"[:120], i)
                   for i, f in enumerate(report.failures)]
        self.w_failures.options = options
        self.w_failures.layout.display = "" if options else "none"
        if options:
            self.w_failures.value = None
            self.w_failures.value = 0

    def open_failure(self, index: int | None) -> None:
        if self.report is None or index is None:
            return
        failure: MoveFailure = self.report.failures[index]
        whole = self.report.replay(failure.game)
        names = self.report.lineup
        seating = self.report.results.records[failure.game].seating
        self.replay.open(whole, failure.seat, [names[i] for i in seating], failure.move)

    def _ipython_display_(self) -> None:
        from IPython.display import display  # only when shown in a notebook

        display(self.box)


def lab_page(default: str = "zombie") -> BotLab:
    """The lab, starting on the game the page's address names (``lab.ipynb?game=boneyard``), else
    ``default``; the page's own Game picker changes it."""
    from urllib.parse import parse_qs  # only the page's own cell reads its address

    from .app import wait_for_visitor  # (as above)

    wait_for_visitor()
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("game", [default])[-1]
    return BotLab(asked if is_game(asked) else default)
