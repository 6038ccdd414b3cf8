"""The strategy lab in a class session: students submit their bots, the teacher runs a seeded
tournament of them all (plus kit bots) and shows the standings to the class.

Students' code never runs in the teacher's kernel: :func:`changekit.lab.tournament` runs each entry
in its own sandboxed worker process, on a hub in the class service
(:mod:`changekit.classroom.class_tournament`). The store keeps the sources (checked, never run)
and the published standings (:meth:`~changekit.classroom.store.Store.submit_bot`, ``publish_standings``).
"""
from __future__ import annotations

import base64
import random
import time
from typing import Any

import ipywidgets as w

from ..core.errors import ChangekitError
from ..lab.figures import payoff_figure, standings_figure
from ..lab.lab import Standings
from ..registry import game_keys, load_game
from ..ui.app import button, kernel_loop
from ..ui.charts import LiveChart
from ..ui.botlab import BotLab, ReplayViewer, in_background, lab_page
from ..core.markup import escape, html
from .class_tournament import class_entries, kit_bots, planned_kit, run_class_tournament, sentence
from .live import ClassLink, join_from_address
from .store import Store

def standings_table(rows: list[dict[str, Any]], *, lower_is_better: bool = False) -> str:
    """The standings as an HTML table: entries sharing a rank band (no significant difference
    between neighbours, :func:`~changekit.lab.referee.rank_bands`) share a rank; a student's own
    row (``"you"``) is marked."""
    head = ("<tr><th>rank</th><th>entry</th><th>games</th><th>win rate (95 % interval)</th>"
            f"<th>mean score ({'lower' if lower_is_better else 'higher'} is better)</th><th>failed moves</th></tr>")
    body = []
    for row in rows:
        failed = ", ".join(f"{row[k]} {k}" for k in ("timeout", "error", "illegal") if row.get(k)) or "none"
        if row.get("stopped"):
            failed += f" ({row['stopped']})"
        body.append(html("<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{:.1%} ({:.1%} to {:.1%})</td>"
                         "<td>{:.2f}</td><td>{}</td></tr>",
                         html(" class='ck-you' style='font-weight:bold;background:#fff3cd'") if row.get("you") else "",
                         row["rank"], row["entry"] + (" (you)" if row.get("you") and row["entry"] != "you" else ""),
                         row["games"], row["win_rate"], row["low"], row["high"], row["mean_score"], failed))
    return f"<table class='ck-standings ck-score'>{head}{''.join(body)}</table>"


def _result(standings: Standings) -> dict[str, Any]:
    return {"seed": standings.seed, "game": standings.game, "rows": standings.rows}


class ClassBotLab:
    """A student's lab page in a class: the lab, a Submit to class button, and the standings of the
    class tournament once the teacher shows them."""

    def __init__(self, lab: BotLab, link: ClassLink, *, poll: bool = True) -> None:
        from .poller import Poller  # the one poller of the class pages

        self.lab, self.link = lab, link
        self.w_submit = button("Submit to class", self.submit, style="success",
                               tooltip="Send this bot to your teacher's class tournament (it replaces your last one)")
        self.w_said = w.HTML()
        self.w_standings = w.HTML()
        lab.box.children = (*lab.box.children, w.HBox([self.w_submit, self.w_said],
                                                      layout=w.Layout(flex_flow="row wrap", align_items="center")),
                            self.w_standings)
        # as often as the class page: "Show to class" reaches the lab within the 2 s of every other
        # teacher action (every 3 s, a lab saw it 2.9 s after the click)
        self.poller = Poller(self.fetch, self.show)
        self.poller.tick()
        if poll:
            self.poller.start()

    def _ipython_display_(self) -> None:  # the notebook's cell shows it: the lab with its class row
        self.lab._ipython_display_()

    def submit(self) -> None:
        if self.w_submit.disabled:  # refused here too, not only in the browser
            return
        self.w_submit.disabled = True
        self.w_said.value = "Sending…"
        source, store, link = self.lab.w_code.value, self.link.store, self.link
        in_background(lambda: store.submit_bot(link.code, link.token, self.lab.game, source), self._submitted)

    def _submitted(self, outcome: Any) -> None:
        self.w_submit.disabled = False
        if isinstance(outcome, ChangekitError):
            self.w_said.value = html("<span role='alert' style='color:#a00'>{}</span>", str(outcome))
            return
        at = time.strftime("%H:%M", time.localtime(outcome.submitted_at))
        self.w_said.value = html("<span role='status'>Submitted at {} (fingerprint {}). A new submission "
                                 "replaces it.</span>", at, outcome.digest[:8])

    def fetch(self) -> Any:
        return self.link.store.standings(self.link.code, self.link.token, self.lab.game)

    def show(self, result: Any) -> None:
        if not result:
            self.w_standings.value = ""
            return
        self.w_standings.value = (html("<h4>Class tournament (seed {}: anyone can replay it)</h4>", result["seed"])
                                  + standings_table(result["rows"], lower_is_better=self.lab.cls.lower_is_better))


#: what the lab says where it is not a class student's (no Submit to class): how to get it
NOT_FROM_CLASS = ("<p class='ck-lab-alone'><i>To send your bot to your class, open this lab from your class "
                  "page: its <b>Open the strategy lab</b> link brings your seat here, and <b>Submit to class</b> "
                  "appears.</i></p>")


def class_lab_page(default: str = "zombie") -> BotLab | ClassBotLab:
    """The lab notebook's cell: the lab (its game picked on the page), with Submit to class when
    the page belongs to a student of a class (``?code=...&seat=...``: the link on the student's
    class page); otherwise a line saying how to get it."""
    lab = lab_page(default)
    link = join_from_address()
    if link is not None:
        return ClassBotLab(lab, link)
    lab.box.children = (*lab.box.children, w.HTML(NOT_FROM_CLASS))
    return lab


class TournamentPanel:
    """The teacher's class tournament: the bots students submitted for a game, the kit bots to add,
    games per entry and the seed; Run plays them all in the sandbox (progress shown), then the
    standings with rank bands, the payoff matrix, each entry's failed moves, any game replayed,
    a CSV download, and Show to class (with names, or anonymised)."""

    def __init__(self, store: Store, code: str, teacher_key: str, *, poll: bool = True) -> None:
        self.store, self.code, self.teacher_key = store, code, teacher_key
        self.standings: Standings | None = None
        self.figures: list[Any] = []
        self._running = False
        self.w_game = w.Dropdown(options=[(load_game(g).title, g) for g in game_keys()], value="zombie",
                                 description="Game", layout=w.Layout(width="auto"))
        self.w_kit = w.SelectMultiple(description="Kit bots", layout=w.Layout(width="auto", height="6em"))
        # a tournament needs a full table: by default the kit's bots take the places students left empty
        self.w_fill = w.Checkbox(value=True, description="Fill empty places with the kit's bots", indent=False,
                                 layout=w.Layout(width="auto"))
        self.w_plan = w.HTML()  # who will play, said before Run (or why it cannot run yet)
        self.w_plan.add_class("ck-tournament-plan")
        self._students: list[str] = []
        # the labels at their own width: "Games each" was cut to "Games ea…"
        self.w_games = w.BoundedIntText(value=100, min=1, max=2000, description="Games each",
                                        layout=w.Layout(width="14em"), style={"description_width": "initial"})
        self.w_seed = w.BoundedIntText(value=random.SystemRandom().randrange(10**6), min=0, max=10**9,
                                       description="Seed", layout=w.Layout(width="14em"),
                                       style={"description_width": "initial"})
        self.w_entries = w.HTML()
        self.w_refresh = button("Refresh the entries", self.refresh)
        self.w_run = button("Run the tournament", self.run, style="primary")
        self.w_progress = w.FloatProgress(min=0, max=1, value=0, description="Played",
                                          layout=w.Layout(display="none"))
        self.w_message = w.HTML()
        self.w_table = w.HTML()
        # the tournament's charts, set as widgets: an Output captures nothing written from the run's
        # callback (it comes back on the kernel's loop with no message to answer), so they never showed
        self.w_chart = w.VBox()
        self.w_failures = w.Dropdown(options=[], description="Replay", layout=w.Layout(width="auto", display="none"))
        self.w_failures.observe(lambda change: self.open_game(change["new"]), "value")
        self.replay = ReplayViewer()
        self.w_named = button("Show to class with names", lambda: self.publish(named=True))
        self.w_anonymous = button("Show to class anonymised", lambda: self.publish(named=False))
        self.w_export = w.HTML()
        self.w_game.observe(lambda _: self.refresh(), "value")
        self.w_kit.observe(lambda _: self._show_plan(), "value")
        self.w_fill.observe(lambda _: self._show_plan(), "value")
        self.widget = w.VBox([
            w.HTML("<h3>Strategy lab: class tournament</h3>"),
            w.HBox([self.w_game, self.w_kit, w.VBox([self.w_fill, w.HTML(
                "<small>Tick more kit bots to add them (Ctrl- or ⌘-click to tick several).</small>")])],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.w_games, self.w_seed, self.w_refresh, self.w_run], layout=w.Layout(flex_flow="row wrap")),
            self.w_entries, self.w_plan, self.w_progress, self.w_message, self.w_table, self.w_chart,
            w.HBox([self.w_named, self.w_anonymous, self.w_export], layout=w.Layout(flex_flow="row wrap")),
            self.w_failures, self.replay.box])
        self.widget.add_class("ck-class-tournament")
        self.refresh()

    def refresh(self) -> None:
        game = self.w_game.value
        kit = kit_bots(game)
        chosen = tuple(k for k in self.w_kit.value if k in kit)
        self.w_kit.options = kit
        self.w_kit.value = chosen
        bots = self.store.bots(self.code, self.teacher_key, game)
        self._students = [b.student for b in bots]
        names = ", ".join(escape(b.student) for b in bots) or "none yet"
        self.w_entries.value = html("<p>{} submitted for {}: ", len(bots), load_game(game).title) + names + "</p>"
        self._show_plan()

    def kit(self) -> list[str]:
        """The kit bots the tournament enters now (ticked, then filling); a refusal in a sentence."""
        return planned_kit(self.w_game.value, len(self._students), self.w_kit.value, fill=self.w_fill.value)

    def _show_plan(self) -> None:
        try:
            kit = self.kit()
        except ChangekitError as err:
            self.w_plan.value = html("<p class='ck-plan-refused' style='color:#92400e'><b>Not ready to run.</b> {}</p>",
                                     sentence(str(err)))
            return
        students = len(self._students)
        bots = ", ".join(kit)
        self.w_plan.value = html("<p>The tournament will have {} players: {} and {}.</p>", students + len(kit),
                                 f"{students} student{'s' if students != 1 else ''}" if students else "no student",
                                 f"the kit's {bots}" if kit else "no kit bot")

    def entries(self) -> list[Any]:
        self.refresh()  # the bots submitted until now
        return class_entries(self.store, self.code, self.teacher_key, self.w_game.value, self.kit())

    def run(self) -> None:
        if self._running or self.w_run.disabled:
            return
        try:
            entries = self.entries()
            kit = self.kit()
        except ChangekitError as err:
            self.w_message.value = html("<p role='alert' style='color:#a00'>{}</p>", sentence(str(err)))
            return
        self._running = True
        self.w_run.disabled = True
        self.w_progress.value = 0
        self.w_progress.layout.display = ""
        self.w_message.value = html("<p>Playing: {} players, seed {}… (Run the tournament is greyed out until "
                                    "it is done.)</p>", len(entries), self.w_seed.value)
        game, games, seed = self.w_game.value, self.w_games.value, self.w_seed.value
        loop = kernel_loop()

        def progress(fraction: float) -> None:
            if loop is None:
                self.w_progress.value = fraction
            else:  # widget values are set on the kernel's loop, never from the worker thread
                loop.call_soon_threadsafe(setattr, self.w_progress, "value", fraction)

        self._task = in_background(lambda: run_class_tournament(self.store, self.code, self.teacher_key, game, kit,
                                                                games=games, seed=seed, progress=progress),
                                   self._show)

    def _show(self, outcome: Any) -> None:
        self._running = False
        self.w_run.disabled = False
        self.w_progress.layout.display = "none"
        if isinstance(outcome, ChangekitError):
            self.w_message.value = html("<p role='alert' style='color:#a00'>The tournament could not run: {}</p>",
                                        sentence(str(outcome)))
            return
        standings: Standings = outcome
        self.standings = standings
        cls = load_game(standings.game)
        played = len(standings.results.records)
        self.w_message.value = html("<p>{} games of {}, seed {} (anyone with the entries and the seed gets these "
                                    "standings). Neighbours share a rank unless the test of their difference says they "
                                    "differ (a cautious test: the 5 % is shared among the comparisons).</p>",
                                    played, cls.title, standings.seed)
        self.w_table.value = standings_table(standings.rows, lower_is_better=cls.lower_is_better)
        names = [e.name for e in standings.results.entries]
        self.figures = [standings_figure(standings.rows, title=f"{cls.title}: win rates, 95 % intervals"),
                        payoff_figure(standings.payoff_matrix(), names,
                                      title="Mean score, by who else was at the table")]
        self.w_chart.children = [LiveChart(figure).widget for figure in self.figures]
        encoded = base64.b64encode(standings.to_csv().encode()).decode()
        self.w_export.value = (f'<a class="ck-export" download="tournament-{escape(standings.game)}-{standings.seed}'
                               f'.csv" href="data:text/csv;charset=utf-8;base64,{encoded}">Download the standings'
                               " (CSV)</a>")
        failed = [(f"{names[i]}: {f.kind} in game {f.game + 1}, move {f.move + 1}: {f.message}"[:120], (i, k))
                  for i, failures in enumerate(standings.results.failures) for k, f in enumerate(failures)]
        games = [(f"game {g + 1}: " + ", ".join(names[i] for i in record.seating), (-1, g))
                 for g, record in enumerate(standings.results.records[:200])]
        self.w_failures.options = failed + games
        self.w_failures.layout.display = ""
        self.w_failures.value = None
        self.w_failures.value = (failed + games)[0][1]  # the first failed move (or game 1) opens at once

    def open_game(self, choice: tuple[int, int] | None) -> None:
        if self.standings is None or choice is None:
            return
        entry, k = choice
        results = self.standings.results
        names = [e.name for e in results.entries]
        if entry >= 0:
            failure = results.failures[entry][k]
            game, seat, at = failure.game, failure.seat, failure.move
        else:
            game, seat, at = k, 0, 0
        seating = results.records[game].seating
        self.replay.open(results.replay(game), seat, [names[i] for i in seating], at)

    def publish(self, *, named: bool) -> None:
        if self.standings is None:
            self.w_message.value = "<p role='alert'>Run the tournament first: there are no standings to show.</p>"
            return
        self.store.publish_standings(self.code, self.teacher_key, self.standings.game, _result(self.standings),
                                     named=named)
        self.w_message.value = html("<p role='status'>The class sees the standings {}.</p>",
                                    "with names" if named else "anonymised (each student finds their own row)")
