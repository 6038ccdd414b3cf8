"""What a game tells the rest of the kit about itself: one :class:`GameSpec` per game package
(its ``SPEC``), listed by :mod:`changekit.registry`.

A spec holds the engine and the bots (pure Python), and only *names* the parts that bring widgets
(the app, the explorers): a :class:`Ref` imports its module when asked, so reading a spec, or
opening a networked table with the game's default bot, never imports ipywidgets.

>>> from changekit.registry import game_spec
>>> spec = game_spec("zombie")
>>> spec.game.title, spec.default_bot, spec.notebook
('Make Your Own Change Night', 'careful', 'zombie.ipynb')
>>> spec.app
Ref('changekit.games.zombie.app', 'ZombieApp')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .bots import Bot
from .errors import ChangekitError
from .questions import LessonQuestion
from .state import Game


@dataclass(frozen=True, slots=True)
class Ref:
    """An object named by its module and attribute, imported only by :meth:`load`."""

    module: str
    name: str

    def load(self) -> Any:
        try:
            return getattr(import_module(self.module), self.name)
        except (ImportError, AttributeError) as err:
            raise ChangekitError(f"cannot load {self.name!r} from {self.module!r}: {err}") from None

    def __repr__(self) -> str:
        return f"Ref({self.module!r}, {self.name!r})"


@dataclass(frozen=True)
class GameFacts:
    """What the kit's tests expect of a game where they cannot work it out from the game itself,
    written in the game's folder (its ``facts.py``) from the rule sheet and the view, never from
    the app's code: ``summary_says(view, me)``, phrases the app's screen-reader summary for player
    ``me`` must hold; ``first_control``, the accessible name (a regular expression) of a control on
    the app's opening screen that changes the page (the static site's check); ``lesson_charts``,
    how many charts its lesson page shows once every answer is shown (None: no lesson page)."""

    summary_says: Callable[[Any, int], list[str]]
    first_control: str = ""
    lesson_charts: int | None = None


@dataclass(frozen=True)
class GameSpec:
    """A game as the kit sees it.

    ``game``: the :class:`~changekit.core.state.Game` class; ``bots``: its bots by name, and
    ``default_bot`` the one that fills an empty seat; ``app``: its
    :class:`~changekit.ui.app.GameApp` subclass (a :class:`Ref`); ``explorers``: the notebook's
    explorers (each a :class:`Ref` to a function or class that builds one); ``short_options``:
    options that make a short game for tests and quick checks (Zhao Pengyou's one deal instead of a
    match); ``notebook``: its notebook file, the lesson's page (None: no lesson page of the kit's, as a
    game registered from outside the kit may have); ``questions``: its lesson's
    questions (a :class:`Ref` to a ``{qid: LessonQuestion}`` mapping in page order, see
    :mod:`changekit.core.questions`; None for a game without a lesson); ``lab_comparison``: where
    the kit knows the exact answer, how the strategy lab compares a bot's moves with it (a
    :class:`Ref` to a function of the game, see :mod:`changekit.lab.exact`; None: no comparison);
    ``facts``: what the kit's tests expect of the game where they cannot work it out from the game
    itself (a :class:`Ref` to its :class:`GameFacts`); ``rule_variants``:
    options that change the rules, which the conformance suite plays besides the short options
    (Zhao Pengyou's throws allowed).
    """

    game: type[Game]
    bots: Mapping[str, type[Bot]]
    default_bot: str
    app: Ref
    explorers: tuple[Ref, ...] = ()
    short_options: Mapping[str, Any] = field(default_factory=dict)
    notebook: str | None = ""
    questions: Ref | None = None
    lab_comparison: Ref | None = None
    facts: Ref | None = None
    rule_variants: tuple[Mapping[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if not (isinstance(self.game, type) and issubclass(self.game, Game)):
            raise ChangekitError(f"a game spec's game is a Game class, not {self.game!r}")
        title = getattr(self.game, "title", self.game.__name__)
        if not self.bots or not all(isinstance(b, type) and issubclass(b, Bot) for b in self.bots.values()):
            raise ChangekitError(f"{title}: a spec's bots are Bot classes by name, not {self.bots!r}")
        if self.default_bot not in self.bots:
            raise ChangekitError(f"{title}: the default bot {self.default_bot!r} is not one of its bots "
                                 f"{sorted(self.bots)}")
        if not isinstance(self.app, Ref) or not all(isinstance(e, Ref) for e in self.explorers):
            raise ChangekitError(f"{title}: a spec names its app and explorers with Ref(module, name)")
        if self.questions is not None and not isinstance(self.questions, Ref):
            raise ChangekitError(f"{title}: a spec names its questions with Ref(module, name), not {self.questions!r}")
        if self.facts is not None and not isinstance(self.facts, Ref):
            raise ChangekitError(f"{title}: a spec names its facts with Ref(module, name), not {self.facts!r}")
        if self.lab_comparison is not None and not isinstance(self.lab_comparison, Ref):
            raise ChangekitError(f"{title}: a spec names its lab comparison with Ref(module, name), "
                                 f"not {self.lab_comparison!r}")
        self.game(**self.short_options)  # a clear error now for a short option the game refuses
        for variant in self.rule_variants:
            self.game(**{**self.short_options, **variant})
        # read-only copies: a spec is shared by everyone who reads the registry
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        object.__setattr__(self, "short_options", MappingProxyType(dict(self.short_options)))
        object.__setattr__(self, "explorers", tuple(self.explorers))
        object.__setattr__(self, "rule_variants", tuple(MappingProxyType(dict(v)) for v in self.rule_variants))
        if self.notebook is not None:
            object.__setattr__(self, "notebook", self.notebook or self.game.notebook_file())

    @property
    def key(self) -> str:
        """The name the registry lists the game under (the game's ``name``)."""
        return self.game.name

    def app_class(self) -> Any:
        """The game's app class (imports its module, and so ipywidgets)."""
        return self.app.load()

    def lesson_questions(self) -> list[LessonQuestion]:
        """The lesson's questions in page order (imports its questions module, and so its analysis;
        no widgets). Empty for a game without a lesson."""
        if self.questions is None:
            return []
        questions = self.questions.load()
        if not isinstance(questions, Mapping) or not all(isinstance(q, LessonQuestion) for q in questions.values()):
            raise ChangekitError(f"{self.game.title}: {self.questions!r} is not a mapping of LessonQuestions")
        return list(questions.values())

    def explorer(self, name: str) -> Any:
        """The explorer called ``name`` (its function or class), imported now."""
        for ref in self.explorers:
            if ref.name == name:
                return ref.load()
        raise ChangekitError(f"{self.game.title} has no explorer called {name!r}; it has "
                             f"{[ref.name for ref in self.explorers]}")
