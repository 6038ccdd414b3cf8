"""A ninth game is one folder and one registry line (docs/game-shape.md, "Adding a game"): a small
toy game, written into a temporary package and registered with ``register_game``, passes the
conformance suite, plays a bot tournament, sits at a networked table of the class store, and its
app is played with its own buttons, as the kit's eight are."""
from __future__ import annotations

import random
import sys
import textwrap

import pytest

from changekit.classroom import connect
from changekit.classroom.tables import TableClient, app_class, bot_seat, networked_app, open_table, student_seat
from changekit.conformance import check_playout, check_seeds
from changekit.registry import game_keys, game_spec, register_game, unregister_game
from changekit.stats.tournaments import bot_tournament

from . import aio
from .button_driver import MoveRecorder, press_until_moved

#: the toy game's folder: a pile of tokens, take one or two in turn, whoever takes the last one wins
TOY = {
    "__init__.py": '''
        """Take the last: take one or two tokens in turn; whoever takes the last token wins."""
        from .rules import GAME, TakeLast
        from .spec import SPEC

        __all__ = ["GAME", "SPEC", "TakeLast"]
    ''',
    "spec.py": '''
        from changekit.core.spec import GameSpec, Ref

        from .bots import BOTS
        from .rules import TakeLast

        SPEC = GameSpec(game=TakeLast, bots=BOTS, default_bot="leave_three",
                        app=Ref(f"{__package__}.app", "TakeLastApp"), short_options={"pile": 7})
    ''',
    "rules.py": '''
        from __future__ import annotations

        from collections import Counter
        from dataclasses import dataclass
        from typing import Annotated, Any, Sequence, TypedDict

        from changekit.core import Between, Event, Game, IllegalAction, Options, State


        @dataclass(frozen=True)
        class TakeLastOptions(Options):
            players: Annotated[int, Between(2, 4)] = 2
            pile: Annotated[int, Between(1, 30)] = 10

            def max_steps(self) -> int:
                return self.pile


        class TakeLastView(TypedDict):
            you: int | None
            turn: int
            pile: int
            scores: tuple[float, ...]
            winners: tuple[int, ...]


        class TakeLastState(State):
            def _setup(self) -> None:
                self.pile = self.options.pile
                self.taken = [0] * self.options.players
                self.turn = self.rng.randrange(self.options.players)
                self.last: int | None = None
                self.log.append(Event("start", {"first": self.turn, "pile": self.pile}))

            def current_players(self) -> tuple[int, ...]:
                return () if self.pile == 0 else (self.turn,)

            def _legal_actions(self, player: int) -> list[Any]:
                return [n for n in (1, 2) if n <= self.pile]

            def _apply(self, player: int, action: Any) -> None:
                if action not in (1, 2) or isinstance(action, bool) or action > self.pile:
                    raise IllegalAction("take-one-or-two",
                                        f"take 1 or 2 tokens, at most the {self.pile} left: not {action!r}")
                self.pile -= action
                self.taken[player] += action
                self.last = player
                self.log.append(Event("take", {"player": player, "n": action}))
                self.turn = (self.turn + 1) % self.options.players

            def describe_action(self, action: Any) -> str:
                return f"Take {action}"

            def scores(self) -> tuple[float, ...]:
                return tuple(1.0 if p == self.last and self.pile == 0 else 0.0 for p in range(self.players))

            def winners(self) -> tuple[int, ...]:
                return (self.last,) if self.pile == 0 and self.last is not None else ()

            def _view(self, player: int | None) -> TakeLastView:
                return {"you": player, "turn": self.turn, "pile": self.pile, "scores": self.scores(),
                        "winners": self.winners()}

            def inventory(self) -> Counter:
                return Counter({"token": self.pile + sum(self.taken)})

            def determinize(self, player: int, rng: Any) -> "TakeLastState":
                twin = self.clone()
                twin.rng = type(self.rng)(rng.randrange(2**32))
                return twin

            def narrate(self, event: Event, names: Sequence[str]) -> str:
                if event.kind == "start":
                    return f"{event.data['pile']} tokens; {names[event.data['first']]} starts."
                return f"{names[event.data['player']]} takes {event.data['n']}."


        class TakeLast(Game):
            name = "take_last"
            title = "Take the Last"
            teaser = "Take one or two tokens; whoever takes the last one wins."
            teaches = "backward induction on a pile"
            min_players, max_players = 2, 4
            perfect_information = True
            Options = TakeLastOptions
            State = TakeLastState


        TakeLastState.game = TakeLast
        GAME = TakeLast
    ''',
    "bots.py": '''
        from __future__ import annotations

        from changekit.core import Bot, RandomBot


        class LeaveThreeBot(Bot):
            """Leaves a multiple of three when it can (the winning move with two players)."""

            name = "leave_three"

            def choose(self, view, legal, *, rng):
                good = [n for n in legal if (view["pile"] - n) % 3 == 0]
                return good[0] if good else rng.choice(list(legal))


        BOTS = {"random": RandomBot, "leave_three": LeaveThreeBot}
    ''',
    "app.py": '''
        from __future__ import annotations

        import ipywidgets as w

        from changekit.ui.app import GameApp, button

        from .bots import BOTS
        from .rules import TakeLast
        from .spec import SPEC


        class TakeLastApp(GameApp):
            game = TakeLast
            bots = BOTS
            default_bot = SPEC.default_bot
            default_players = 2
            face_up = True

            def build(self) -> None:
                self._pile = w.HTML()
                self._take = [button(f"Take {n}", lambda n=n: self.act(n)) for n in (1, 2)]

            def draw(self, view, viewer) -> None:
                self._pile.value = f"{view['pile']} tokens left"
                self.w_table.children = [self._pile]
                for n, take in zip((1, 2), self._take):
                    take.disabled = viewer not in view["to_act"] or n > view["pile"]
                self.w_controls.children = self._take

            def reset_input(self) -> None:
                pass
    ''',
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy game's package, in a temporary folder on the path, registered (and taken back)."""
    folder = tmp_path / "toy_games" / "take_last"
    folder.mkdir(parents=True)
    (folder.parent / "__init__.py").write_text("")
    for name, source in TOY.items():
        (folder / name).write_text(textwrap.dedent(source).lstrip())
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = register_game("toy_games.take_last")
    yield spec
    unregister_game("take_last")
    for name in [m for m in sys.modules if m.startswith("toy_games")]:
        del sys.modules[name]


def test_a_registered_game_is_a_game_of_the_kit(toy):
    assert game_keys()[-1] == "take_last" and game_spec("take_last") is toy
    assert app_class("take_last").__name__ == "TakeLastApp"


def test_the_toy_game_passes_conformance(toy):
    for players in (2, 3, 4):
        for seed in range(5):
            assert check_playout(toy.game(players=players), seed) == []
        assert check_seeds(toy.game(players=players, **toy.short_options), seed=11) == []


def test_the_toy_game_plays_a_bot_tournament_by_bot_names(toy):
    result = bot_tournament(toy.game(players=2), ["leave_three", "random"], games=60, seed=3)
    assert result.names == ["leave_three", "random"] and sum(result.wins) == 60
    assert result.wins[0] > result.wins[1]  # the winning strategy wins more often


def test_the_toy_game_at_a_networked_table_and_its_app_played_with_buttons(toy, tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/class.db"
    recorder = MoveRecorder(monkeypatch)
    rng = random.Random("toy")
    with connect(url) as teacher_store, connect(url) as store_a, connect(url) as store_b:
        opened = teacher_store.open_session("Period 3")
        ada, bo = teacher_store.join(opened.code, "Ada"), teacher_store.join(opened.code, "Bo")
        seats = [student_seat("Ada"), bot_seat(), student_seat("Bo")]
        table = open_table(teacher_store, opened.code, opened.teacher_key, "take_last", seats, seed=4,
                           options=dict(toy.short_options))
        assert table.settings["seats"][1] == {"bot": "leave_three"}  # the spec's default bot
        pages = [networked_app(TableClient(store_a, opened.code, ada.token, table.table_id), poll=False),
                 networked_app(TableClient(store_b, opened.code, bo.token, table.table_id), poll=False)]
        for _ in range(30):
            for page in pages:
                aio.run(page.poller.once())
            if pages[0].state.is_terminal():
                break
            for page in pages:
                if page.viewer in page.state.current_players():
                    recorder.clear()
                    press_until_moved(page, rng, history=lambda page=page: page.client.state.history)
                    assert recorder.by_apps([page.state, page.client.state]) == []
        for page in pages:
            aio.run(page.poller.once())
        fresh = TableClient(teacher_store, opened.code, opened.teacher_key, table.table_id)
        fresh.sync()
        assert fresh.state.is_terminal() and len(fresh.state.history) == fresh.made
        assert sum(n for _, n in fresh.state.history) == 7
        # the game is over: every page may see its whole history, and sees the referee's
        assert all(page.state.history == fresh.state.history and page.client.made == fresh.made for page in pages)

    app = app_class("take_last")(players=2, seed=2)  # the local app, against the default bot
    while not app.state.is_terminal():
        press_until_moved(app, rng, history=lambda: app.state.history)
    assert app.state.winners() and sum(n for _, n in app.state.history) == 10
