"""The package's imports, read from the source (nothing is imported): no import cycles anywhere
in ``changekit``, counting the imports inside functions too, and every late import (one inside a
function) says why it is late.

Imports under ``if TYPE_CHECKING:`` never run, and those under ``if __name__ == "__main__":`` run
only when the module is the program (``python -m``), never on import: neither is an edge of the
graph. Imports made by name at run time (the registry's ``import_module`` of a game's package, a
spec's ``Ref`` to its app) cannot be read from the source and are not counted either. At the end:
the layer rules, a table of which parts may import which, with the known crossings and why.
"""
from __future__ import annotations

import ast
import functools
import gc
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import changekit

PACKAGE = Path(changekit.__file__).parent
ROOT_NAME = "changekit"
#: comments that are instructions to a tool, not reasons: removed before looking for words
TOOL_DIRECTIVE = re.compile(r"(noqa(:\s*[A-Z0-9, ]+)?|type:\s*ignore(\[[\w, -]+\])?|pragma:\s*no\s*cover)", re.I)


@dataclass(frozen=True)
class Import:
    """One import statement: in ``module`` at ``line``, of the changekit modules ``targets``."""

    module: str
    line: int
    targets: tuple[str, ...]
    late: bool  # inside a function
    explained: bool  # a reason comment on its own lines or the line before (see late_imports)


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``'s name)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _comments(source: str) -> dict[int, str]:
    """The comment on each line (by line number) that has one, tool directives removed."""
    comments = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = TOOL_DIRECTIVE.sub("", token.string.lstrip("#")).strip(" -:")
    return comments


def _is_reason(comment: str | None) -> bool:
    return comment is not None and len(re.findall(r"[A-Za-z]+", comment)) >= 2


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_main(test: ast.expr) -> bool:
    """``__name__ == "__main__"``: the block runs when the module is the program, never on import."""
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.comparators) == 1 and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _resolve(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: set[str]) -> tuple[str, ...]:
    """The changekit modules an import statement runs: the module named, and for ``from m import
    name`` also ``m.name`` when that is a module."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = module.split(".")
            if not is_package:
                base.pop()
            base = base[: len(base) - (node.level - 1)]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module or ""
        names = [origin] + [f"{origin}.{alias.name}" for alias in node.names if f"{origin}.{alias.name}" in modules]
    found = []
    for name in names:
        # ``import a.b.c`` runs a.b.c; a name that is not a module (a function) stands for its module
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name.split(".")[0] == ROOT_NAME and name not in found:
            found.append(name)
    return tuple(found)


def imports() -> Iterator[Import]:
    """Every import statement of the package that runs (TYPE_CHECKING blocks left out)."""
    modules = module_files()
    for module, path in modules.items():
        source = _Source(module, path.name == "__init__.py", path.read_text(encoding="utf-8"), set(modules))
        yield from _visit(source, parsed(path).body, late=False)


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of one module, read once for the graph and the third-party scan. The
    cyclic collector is paused while it is built: a tree has no cycles, and the collector would
    only rescan the session's live objects again and again (the parse took twice as long)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    finally:
        if collecting:
            gc.enable()


@dataclass
class _Source:
    """One module being read: its name, its text and the comments in it."""

    module: str
    is_package: bool
    text: str
    modules: set[str]  # every module of the package

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()
        self.comments = _comments(self.text)

    def comment_only(self, line: int) -> bool:
        """Line ``line`` (1-based) holds nothing but a comment."""
        return 1 <= line <= len(self.lines) and self.lines[line - 1].lstrip().startswith("#")


def _visit(source: _Source, body: list[ast.stmt], late: bool) -> Iterator[Import]:
    previous_explained = False  # a run of import statements shares the first one's reason
    for statement in body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            first, last = statement.lineno, statement.end_lineno or statement.lineno
            before = source.comments.get(first - 1) if source.comment_only(first - 1) else None
            explained = (previous_explained or _is_reason(before)
                         or any(_is_reason(source.comments.get(n)) for n in range(first, last + 1)))
            previous_explained = explained
            yield Import(source.module, first, _resolve(source.module, source.is_package, statement, source.modules),
                         late, explained)
            continue
        previous_explained = False
        if isinstance(statement, ast.If) and (_is_type_checking(statement.test) or _is_main(statement.test)):
            yield from _visit(source, statement.orelse, late)
            continue
        nested_late = late or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list):  # (a lambda's or an if-expression's body is one expression)
                yield from _visit(source, inner, nested_late)
        for part in [*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())]:
            yield from _visit(source, part.body, nested_late)


@functools.cache
def all_imports() -> tuple[Import, ...]:
    """:func:`imports`, read once for all the tests."""
    return tuple(imports())


def import_graph() -> dict[str, set[str]]:
    """module -> the changekit modules its import statements run (late ones included)."""
    graph: dict[str, set[str]] = {module: set() for module in module_files()}
    for statement in all_imports():
        graph[statement.module].update(t for t in statement.targets if t != statement.module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other (a shortest way back round
    inside the group), each as ``[a, b, ..., a]``."""
    return [_loop(graph, group) for group in tangles(graph)]


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of two or more modules each reachable from every other (Tarjan's strongly
    connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:  # recursion depth: the package's import depth (small)
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle from the group's first module back to itself, staying inside the group."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no way round {sorted(group)}")  # a strongly connected group always has one


def part_of(module: str) -> str:
    """The part of the package a module belongs to: ``games/<game>``, a subpackage (``core``,
    ``ui``, ``classroom``, ``stats``), or ``changekit`` for the top-level modules."""
    parts = module.split(".")
    if len(parts) < 2 or not (PACKAGE / parts[1]).is_dir():
        return ROOT_NAME
    if parts[1] == "games" and len(parts) > 2:
        return f"games/{parts[2]}"
    return parts[1]


def _cycle_part(loop: list[str]) -> str:
    found = {part_of(module) for module in loop}
    return found.pop() if len(found) == 1 else ACROSS


ACROSS = "across parts"
PARTS = sorted({part_of(module) for module in module_files()})
SAMPLE = """\
from __future__ import annotations
import json
from . import rules
from .rules import deal
from ...core.errors import ChangekitError
if TYPE_CHECKING:
    from ...ui.app import GameApp


def chart():
    # plotly is heavy: only the chart needs it
    import plotly.graph_objects as go

    from ...ui.theme import style
    return go, style


def bare():
    import numpy  # noqa: F401
    try:
        from ...ui.pictures import bill_svg
    except ImportError:
        pass


def said():
    import sympy  # sympy only for the formula


if __name__ == "__main__":
    from ...cli import main
"""


# ---- the checks of the helpers above (they must be able to find what they look for) -----------------
def test_cycles_finds_a_loop_and_names_its_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": set()}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert sorted(cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}})) == [["a", "b", "a"], ["c", "d", "c"]]


def test_reading_a_module_finds_its_imports_late_ones_and_their_reasons():
    modules = {"changekit.games.x", "changekit.games.x.rules", "changekit.games.x.bots", "changekit.core",
               "changekit.core.errors", "changekit.ui.app", "changekit.ui.theme", "changekit.ui.pictures",
               "changekit.cli"}
    source = _Source("changekit.games.x.bots", False, SAMPLE, modules)
    found = [(i.line, i.targets, i.late, i.explained) for i in _visit(source, ast.parse(SAMPLE).body, late=False)]
    assert found == [
        (1, (), False, False),
        (2, (), False, False),
        (3, ("changekit.games.x", "changekit.games.x.rules"), False, False),
        (4, ("changekit.games.x.rules",), False, False),
        (5, ("changekit.core.errors",), False, False),
        (12, (), True, True),  # the comment on the line before
        (14, ("changekit.ui.theme",), True, True),  # the run of imports shares it
        (19, (), True, False),  # a tool's directive is no reason
        (21, ("changekit.ui.pictures",), True, False),  # inside a try, inside a function
        (27, (), True, True),  # the reason on its own line
    ]


def test_parts_of_the_package():
    assert part_of("changekit.games.zombie.bots") == "games/zombie"
    assert part_of("changekit.core.state") == part_of("changekit.core") == "core"
    assert part_of("changekit.cli") == part_of("changekit") == "changekit"
    assert part_of("changekit.classroom.live") == "classroom"
    assert {"core", "ui", "classroom", "stats", "changekit", "games/zombie"} <= set(PARTS)


# ---- the package --------------------------------------------------------------------------------------
@pytest.mark.parametrize("part", [*PARTS, ACROSS])
def test_no_import_cycles_counting_imports_inside_functions(part):
    graph = import_graph()
    found = [(loop, group) for loop, group in zip(cycles(graph), tangles(graph), strict=True)
             if _cycle_part(loop) == part]
    assert not found, f"import cycles in {part}:\n" + "\n".join(
        " -> ".join(loop) + (f" (and more: {', '.join(sorted(group))} all reach each other)"
                             if len(group) > len(loop) - 1 else "")
        for loop, group in found)


@pytest.mark.parametrize("part", PARTS)
def test_every_late_import_says_why(part):
    """A late import (inside a function) has a reason: a comment of its own on its lines or on the
    line before. Consecutive import statements share the first one's reason (one comment above
    ``import plotly.graph_objects as go`` and ``from ..ui.theme import style``)."""
    bare = [f"{i.module}:{i.line}" for i in all_imports() if i.late and not i.explained and part_of(i.module) == part]
    assert not bare, f"late imports without a reason in {part}:\n" + "\n".join(bare)


# ---- the layers: which parts may import which ---------------------------------------------------------
@dataclass(frozen=True)
class Layer:
    """No module matching ``importer`` imports one matching ``forbidden`` (both regular expressions
    on dotted names); ``top_level_only``: only imports at the top of the module count (a late one,
    inside a figure function, belongs to the drawing half)."""

    importer: str
    forbidden: str
    why: str
    top_level_only: bool = False


_ENGINE = r"changekit\.games\.\w+\.(rules|model|bots|spec|solver|table|_standard_table|tricks)"
#: the classroom's store layer: what a store needs (the store is store.py and its domain modules,
#: store_*.py), and nothing that draws or polls
_CLASS_STORE = r"backends|schema|store(_\w+)?|report|table_rules|referee|kinds|names"
#: The layer rules (docs/game-shape.md): core <- rules <- bots <- analysis <- app <- classroom.
LAYERS = [
    Layer(r"changekit\.core(\..*)?", r"changekit\.(?!core(\.|$)).*", "core imports nothing above it"),
    Layer(_ENGINE, r"changekit\.(ui|classroom|lab|serving|cli)(\..*)?|ipywidgets(\..*)?|plotly(\..*)?",
          "rules, model and bots are pure Python (Pyodide, the sandbox): no ui, widgets or plotly"),
    Layer(r"changekit\.games\.\w+\.(analysis|class_auction|exact)",
          r"changekit\.(ui|classroom)(\..*)?|ipywidgets(\..*)?",
          "the exact half of an analysis (its module's top) imports no ui", top_level_only=True),
    Layer(r"changekit\.games(\..*)?", r"changekit\.lab(\..*)?",
          "the games sit under the strategy lab: the lab finds a game's comparison and examples through its spec"),
    Layer(r"changekit\.lab(\..*)?", r"changekit\.(ui|classroom|serving|hub|cli)(\..*)?|ipywidgets(\..*)?",
          "the lab runs bots (its sandbox's worker, the tournaments): no pages, no class store "
          "(a figure's function may draw with the theme)", top_level_only=True),
    Layer(r"changekit\.(stats|registry)(\..*)?", r"changekit\.(games|classroom|lab)(\..*)?",
          "stats and the registry sit under the games: they reach a game through its spec"),
    Layer(r"changekit\.(stats|registry)(\..*)?", r"changekit\.ui(\..*)?|ipywidgets(\..*)?",
          "stats computes without ui (a chart's function may draw with the theme)", top_level_only=True),
    Layer(r"changekit\.ui(\..*)?", r"changekit\.(classroom|serving|cli)(\..*)?", "ui imports no classroom"),
    Layer(r"changekit\.classroom(\..*)?", r"changekit\.games\.\w+\.\w+(\..*)?|changekit\.(serving|cli)",
          "the classroom reaches games only through specs (the registry) and a package's public names"),
    # the classroom's own layers: the store (data) <- the sync layer (polling) <- the domain and the pages
    Layer(rf"changekit\.classroom\.({_CLASS_STORE})", rf"changekit\.classroom\.(?!({_CLASS_STORE})$)\w+",
          "the class store (backends, schema, the store, its checks) is data: no polling, no tables, no pages"),
    Layer(rf"changekit\.classroom\.({_CLASS_STORE})", r"changekit\.ui(\..*)?|ipywidgets(\..*)?|plotly(\..*)?",
          "the class store computes without widgets (a report's chart function may draw)", top_level_only=True),
    Layer(r"changekit\.classroom\.(poller|keeper)", rf"changekit\.classroom\.(?!(poller|keeper|{_CLASS_STORE})$)\w+",
          "the sync layer (one poller, the page keeper) knows the store, not the tables, auction or pages"),
    Layer(r"changekit(?!\.testing(\.|$))(\..*)?", r"changekit\.testing(\..*)?",
          "the test harness (servers on free ports, a throwaway PostgreSQL) is for tests and benchmarks: "
          "nothing the kit serves imports it"),
    Layer(r"changekit\.processes", r"changekit(\..*)?", "stopping processes by PID needs nothing of the kit"),
]
#: Known crossings, each with the reason it stays for now: (importer, imported) -> why.
KNOWN_CROSSINGS: dict[tuple[str, str], str] = {}


def _third_party_imports() -> Iterator[tuple[str, int, str, bool]]:
    """(module, line, imported top-level name, late) for the imports of ipywidgets and plotly."""
    for module, path in module_files().items():
        tree = parsed(path)
        late_lines = {n.lineno for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                      for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))}
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for name in names:
                if name.split(".")[0] in ("ipywidgets", "plotly"):
                    yield module, node.lineno, name, node.lineno in late_lines


def layer_crossings() -> list[tuple[str, str, str, bool]]:
    """(importer, imported, the rule's reason, late) for every import that breaks a layer rule."""
    edges = [(i.module, t, i.late) for i in all_imports() for t in i.targets]
    edges += [(m, name, late) for m, _, name, late in _third_party_imports()]
    found = []
    for importer, target, late in edges:
        for layer in LAYERS:
            if (re.fullmatch(layer.importer, importer) and re.fullmatch(layer.forbidden, target)
                    and not (late and layer.top_level_only)):
                found.append((importer, target, layer.why, late))
    return found


def test_the_layer_rules_find_what_they_forbid():
    def breaks(importer: str, target: str, late: bool = False) -> bool:
        return any(re.fullmatch(la.importer, importer) and re.fullmatch(la.forbidden, target)
                   and not (late and la.top_level_only) for la in LAYERS)

    assert breaks("changekit.core.state", "changekit.ui.app")
    assert not breaks("changekit.core.state", "changekit.core.errors")
    assert breaks("changekit.games.zombie.bots", "ipywidgets") and breaks("changekit.games.cambio.rules", "plotly.io")
    assert breaks("changekit.games.zombie.analysis", "changekit.ui.theme")
    assert not breaks("changekit.games.zombie.analysis", "changekit.ui.theme", late=True)
    assert breaks("changekit.ui.gallery", "changekit.classroom.store")
    assert breaks("changekit.classroom.tables", "changekit.games.zombie.bots")
    assert not breaks("changekit.classroom.tables", "changekit.games.zombie")
    assert not breaks("changekit.classroom.tables", "changekit.registry")
    assert breaks("changekit.classroom.store", "changekit.classroom.poller")
    assert breaks("changekit.classroom.schema", "ipywidgets")
    assert breaks("changekit.classroom.store", "changekit.ui.app")
    assert not breaks("changekit.classroom.report", "plotly.graph_objects", late=True)
    assert breaks("changekit.classroom.store", "changekit.classroom.live", late=True)
    assert not breaks("changekit.classroom.store", "changekit.classroom.backends")
    assert not breaks("changekit.classroom.store", "changekit.classroom.store_polls")
    assert breaks("changekit.classroom.store_tables", "changekit.classroom.tables")
    assert breaks("changekit.classroom.poller", "changekit.classroom.tables")
    assert not breaks("changekit.classroom.keeper", "changekit.classroom.poller")
    assert not breaks("changekit.classroom.tables", "changekit.classroom.poller")
    assert breaks("changekit.serving", "changekit.testing.servers") and breaks("changekit.hub.run", "changekit.testing")
    assert not breaks("changekit.testing.servers", "changekit.serving")
    assert not breaks("changekit.testing", "changekit.testing.pgtemp")


def test_every_part_imports_only_what_its_layer_allows():
    """The table above, over the whole package; each known crossing is listed with its reason, and
    a crossing that is gone must leave the list (so it cannot hide a new one)."""
    found = {(importer, target) for importer, target, _, _ in layer_crossings()}
    new = sorted(found - set(KNOWN_CROSSINGS))
    assert not new, "imports across the layers:\n" + "\n".join(
        f"{i} -> {t}: {why}" for i, t, why, _ in layer_crossings() if (i, t) in new)
    assert sorted(set(KNOWN_CROSSINGS) - found) == [], "known crossings that are gone: remove them from the list"
