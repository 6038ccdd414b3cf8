"""Diminishing Returns analyses: the exact solution, why bills are turns, game lengths, bots.

Pure functions returning data; the ``*_figure`` functions turn that data into plotly
figures (plotly is imported inside them). No numpy: every analysis runs in the browser too
(Pyodide).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import compress
from typing import Any, Callable, Sequence

from changekit.core.words import dollars, money
from changekit.core import Bot, RandomBot, play_out
from changekit.stats.intervals import Z95, Estimate, wilson
from changekit.stats.tournaments import bot_tournament

from .bots import KeepSmallBot, MaxTakeBot, PerfectBot
from .moves import Play
from .rules import GAME, STANDARD_PURSE, DiminishingState, legal_moves
from changekit.core.checks import (
    checked, is_callable, is_flag, is_instance, is_items, is_mapping, is_runs, is_seed,
    is_text, is_view, is_whole, optional, shown,
)
from changekit.core.bots import is_bots
from changekit.core.money import is_change_bills
from changekit.core.errors import InvalidArgument
from .solver import (
    DENOMS, MAX_BILLS, START_COUNTS, Turn, Solution, backward_induction, bills_of, counts_of, money_in, universe_size,
)
from .table import _walk, check_solvable, count_games, game_size, solve_if_quick, solve_position, table_for

#: The tiny start of the notebook's hand-drawn tree: each player holds a $3 and a $1.
TINY_PURSE: tuple[int, ...] = (3, 1)

# ---- argument checks ---------------------------------------------------------------------------
#: game_tree lists every position as a Python object: purses whose universe (counts of both
#: purses) has up to this many positions (about 10,000 nodes, well under a second).
MAX_TREE_UNIVERSE = 20_000


def _is_purse(value: Any, name: str) -> tuple[int, ...]:
    """A purse of Change! bills, at least one, whose game the solver may solve on the spot."""
    purse = is_change_bills(MAX_BILLS)(value, name)
    if not purse:
        raise InvalidArgument(f"{name} holds at least one bill")
    check_solvable(tuple(2 * c for c in counts_of(purse, name)))
    return purse


def _is_small_purse(value: Any, name: str) -> tuple[int, ...]:
    purse = _is_purse(value, name)
    if universe_size(tuple(2 * c for c in counts_of(purse, name))) > MAX_TREE_UNIVERSE:
        raise InvalidArgument(f"{name}: game_tree draws small games, up to {MAX_TREE_UNIVERSE:,} positions "
                              f"(about five bills), not {shown(value)}")
    return purse


def _is_two_bots(value: Any, name: str) -> tuple:
    bots = is_items(2, "bots", each=is_instance(Bot, "a Bot (say RandomBot())"))(value, name)
    if len(bots) != 2:
        raise InvalidArgument(f"{name} is two bots (the game has two seats), not {len(bots)}")
    return bots


def _is_lengths(value: Any, name: str) -> dict:
    lengths = is_mapping(10_000, key=is_whole(0, 10**9), value=is_whole(0, 10**9), what="a Counter turns → games")(
        value, name)
    if not sum(lengths.values()):
        raise InvalidArgument(f"{name} counts at least one game")
    return lengths


_is_progress = optional(is_callable)
_is_diminishing_view = is_view(hands=is_items(8, "hands", each=is_change_bills(MAX_BILLS)),
                              out=is_items(8, "out", each=is_flag), you=optional(is_whole(0, 7)),
                              pot=is_change_bills(MAX_BILLS))



# ---- the solution from the start ------------------------------------------------------------
@dataclass(frozen=True)
class Opening:
    """A first move, and the second player's answers to it."""

    move: Turn
    wins_for_first: bool
    winning_replies: list[Turn]
    replies: int


@dataclass(frozen=True)
class StartSolution:
    purse: tuple[int, ...]
    first_player_wins: bool
    openings: list[Opening]
    positions: int
    mover_wins: int
    finished: int
    solve_seconds: float
    method: str

    @property
    def mover_win_share(self) -> float:
        return self.mover_wins / self.positions


@checked(purse=_is_purse)
def solve_start(purse: Sequence[int] = STANDARD_PURSE) -> StartSolution:
    """Who wins from two equal purses and an empty pot, every opening and its winning replies.

    >>> tiny = solve_start((3, 1))
    >>> tiny.first_player_wins, tiny.positions, tiny.mover_wins
    (False, 8, 4)
    >>> [(str(o.move), [str(r) for r in o.winning_replies]) for o in tiny.openings]
    [('play $1', ['play $3, take back $1']), ('play $3', ['play $1', 'play $3'])]
    """
    purse = tuple(sorted(purse, reverse=True))
    start = solve_position(purse, purse, ())
    openings = []
    for move in start.moves:
        left = list(purse)
        left.remove(move.play)
        if not left:
            openings.append(Opening(move, False, [], 0))
            continue
        answer = solve_position(purse, left, (move.play,))
        openings.append(Opening(move, not answer.mover_wins, answer.winning_moves, len(answer.moves)))
    size = game_size(counts_of(purse))
    table = table_for(tuple(2 * c for c in counts_of(purse)))
    return StartSolution(purse, start.mover_wins, openings, size.positions, size.mover_wins, size.terminal,
                         table.seconds, table.method)


# ---- the tiny tree ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TreeNode:
    mover: tuple[int, ...]
    other: tuple[int, ...]
    pot: tuple[int, ...]
    mover_wins: bool
    finished: bool  # the player who just moved is out: nobody moves here

    @property
    def label(self) -> str:
        def show(bills: tuple[int, ...]) -> str:
            return dollars(bills, sep=" ", empty="–")
        return f"to move: {show(self.mover)} | other: {show(self.other)} | pot: {show(self.pot)}"


@dataclass(frozen=True)
class GameTree:
    nodes: list[TreeNode]
    edges: list[tuple[int, int, str, bool]]  # (from, to, move, winning move)


@checked(purse=_is_small_purse)
def game_tree(purse: Sequence[int] = TINY_PURSE) -> GameTree:
    """Every position reachable from two ``purse``s (small ones!), solved, with its moves.

    A position and its copies reached by different paths are one node (a game *graph*, as a
    class would draw it). ``finished`` nodes are the ones where the player who just moved
    has nothing left.

    >>> tree = game_tree((3, 1))
    >>> len(tree.nodes), sum(n.finished for n in tree.nodes), len(tree.edges)
    (11, 3, 15)
    """
    purse = tuple(sorted(purse, reverse=True))
    # the labels of the readable backward induction, the one the notebook teaches (a small universe)
    labels = backward_induction(tuple(2 * c for c in counts_of(purse)))
    index: dict[tuple, int] = {}
    nodes: list[TreeNode] = []
    edges: list[tuple[int, int, str, bool]] = []

    def node(mover, other, pot) -> int:
        key = (mover, other, pot)
        if key in index:
            return index[key]
        finished = not other
        wins = labels[counts_of(mover), counts_of(other)]  # won when finished: the other player is out
        index[key] = len(nodes)
        nodes.append(TreeNode(mover, other, pot, wins, finished))
        if not finished:
            me = index[key]
            for move in (Turn(m.bill, m.take) for m in legal_moves(mover, pot)):
                after = list(mover)
                after.remove(move.play)
                after += move.take
                new_pot = list(pot) + [move.play]
                for b in move.take:
                    new_pot.remove(b)
                child = node(tuple(other), tuple(sorted(after, reverse=True)), tuple(sorted(new_pot, reverse=True)))
                edges.append((me, child, str(move), not nodes[child].mover_wins))
        return index[key]

    node(purse, purse, ())
    return GameTree(nodes, edges)


# ---- "is taking back the most always best?" --------------------------------------------------------
@dataclass(frozen=True)
class TakeLessExample:
    mover: tuple[int, ...]
    other: tuple[int, ...]
    pot: tuple[int, ...]
    winning_move: Turn
    greedy_move: Turn  # the same bill with the largest take-back

    def __str__(self) -> str:
        return (f"you {_show(self.mover)}, opponent {_show(self.other)}, pot {_show(self.pot)}: "
                f"only '{self.winning_move}' wins; '{self.greedy_move}' loses")


@dataclass(frozen=True)
class TakeLessSummary:
    positions: int            # reachable positions (mover to play)
    winning_positions: int    # ... won by the mover
    only_move_takes_less: int  # the single winning move takes back less than its bill allows
    no_full_take_wins: int    # some move wins, but none of the moves taking the most does
    more_bills: int           # of the first kind: the winning take-back brings back more bills
    examples: list[TakeLessExample]


def _show(bills: Sequence[int]) -> str:
    return dollars(bills, sep=" ")


@checked(purse=_is_purse, examples=is_whole(0, 1000))
def take_less_positions(purse: Sequence[int] = STANDARD_PURSE, *, examples: int = 6) -> TakeLessSummary:
    """Scan every position reachable from two ``purse``s for winning moves that take back less
    than the most the played bill allows. Examples: the smallest such positions (least money
    on the table), the easiest to follow by hand. Pure Python (the standard game: about a
    second, in the browser too).

    >>> s = take_less_positions((10, 5, 3, 1, 1), examples=1)
    >>> s.only_move_takes_less, s.more_bills
    (3, 3)
    >>> print(s.examples[0])  # doctest: +ELLIPSIS
    you ...: only 'play ...' wins; 'play ...' loses
    """
    scan = _take_less_scan(counts_of(purse))
    return replace(scan, examples=scan.examples[:examples])  # a fresh list: the cached one stays whole


@lru_cache(maxsize=8)
def _take_less_scan(counts: tuple[int, ...]) -> TakeLessSummary:
    # The scan is exact and depends on the purse only: done once per purse (the page, its
    # explorer and the guide's readouts ask for the standard game's several times).
    table = table_for(tuple(2 * c for c in counts))
    loses = table._loses or table._flip()  # loses[j] = 1: the move to position j wins
    take_money = [money_in(t) for _, t in table.moves]
    full_takes: dict[tuple[int, ...], tuple[bool, ...]] = {}  # per set of legal moves
    live = n_winning = none_full_total = 0
    picked: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    for mover, other, swapped, legal in _walk(counts, table, bytearray(table.size)):
        live += 1
        winning = legal.reorder(legal.read(loses, swapped + legal.lowest))  # per legal move
        if True not in winning:
            continue
        n_winning += 1
        full = full_takes.get(legal.numbers)
        if full is None:  # which legal moves take back the most their bill could from this pot
            most: dict[int, int] = {}
            for k in legal.numbers:
                b = table.moves[k][0]
                most[b] = max(most.get(b, -1), take_money[k])
            full = full_takes[legal.numbers] = tuple(take_money[k] == most[table.moves[k][0]] for k in legal.numbers)
        if any(compress(full, winning)):
            continue
        none_full_total += 1
        if winning.count(True) == 1:
            picked.append((mover, other, legal.numbers[winning.index(True)]))
    # the easiest to follow first: least money left in the purses, then fewest bills
    pot_of = {}
    for m, o, _ in picked:
        pot_of[m, o] = tuple(c - a - b for c, a, b in zip(table.universe, m, o, strict=True))
    picked.sort(key=lambda x: (money_in(x[0]) + money_in(x[1]), sum(x[0]) + sum(x[1]),
                               (x[0], x[1], pot_of[x[0], x[1]])))
    found = []
    for m, o, k in picked:
        b, t = table.moves[k]
        mover, other, pot = bills_of(m), bills_of(o), bills_of(pot_of[m, o])
        solved = solve_position(mover, other, pot)
        greedy = max((mv for mv in solved.moves if mv.play == b), key=lambda mv: (sum(mv.take), -len(mv.take)))
        found.append(TakeLessExample(mover, other, pot, Turn(b, bills_of(t)), greedy))
    more_bills = sum(len(e.winning_move.take) > len(e.greedy_move.take) for e in found)
    return TakeLessSummary(live, n_winning, len(found), none_full_total, more_bills, found)


# ---- game lengths and bots ----------------------------------------------------------------------
@checked(bots=_is_two_bots, games=is_runs, seed=is_seed, purse=_is_purse, progress=_is_progress)
def game_lengths(bots: Sequence[Bot], *, games: int, seed: int, purse: Sequence[int] = STANDARD_PURSE,
                 progress: Callable[[float], None] | None = None) -> Counter:
    """How many turns two-player games last with these ``bots`` (they swap seats every game; who
    moves first is drawn at random, as the rules say). ``progress`` (if given) is called with the
    fraction of games played (a progress bar)."""
    game = GAME(players=2, purse=tuple(purse))
    master = random.Random(seed)
    lengths: Counter = Counter()
    for g in range(games):
        seats = [bots[g % 2], bots[(g + 1) % 2]]
        state = DiminishingState(game.options, seed=master.getrandbits(32))
        play_out(state, seats, rng=random.Random(master.getrandbits(64)))
        lengths[state.turns] += 1
        if progress is not None:
            progress((g + 1) / games)
    return lengths


@checked(lengths=_is_lengths)
def length_summary(lengths: Counter) -> dict[str, float]:
    n = sum(lengths.values())
    mean = sum(k * v for k, v in lengths.items()) / n
    return {"games": n, "mean": mean, "shortest": min(lengths), "longest": max(lengths)}


@dataclass(frozen=True)
class Matchup:
    bot: str
    games: int
    wins: float
    rate: Estimate  # the heuristic bot's win rate against the perfect bot, 95 % Wilson interval


@checked(games=is_runs, seed=is_seed, bots=is_bots())
def against_perfect(*, games: int = 200, seed: int = 1, bots: Sequence[Bot] | None = None) -> list[Matchup]:
    """Each heuristic bot against the perfect bot over ``games`` two-player games. Seats swap every
    game, but the first player is drawn at random (the rules), so each side starts *about* half the
    games, not exactly half (58, 52 and 55 of 100 for the three bots of seed 1)."""

    bots = list(bots) if bots is not None else [MaxTakeBot(), KeepSmallBot(), RandomBot()]
    out = []
    for i, bot in enumerate(bots):
        result = bot_tournament(GAME(players=2), [bot, PerfectBot()], games=games, seed=seed + i)
        out.append(Matchup(bot.name, games, result.wins[0], wilson(result.wins[0], games)))
    return out


@checked(view=_is_diminishing_view)
def hints(view: dict[str, Any]) -> dict[Play, bool] | None:
    """For a two-player view: each legal action → does it win against perfect play?
    ``None`` when more than two players are still in, or the position is outside the tables
    that can be solved on the spot (two survivors of a bigger game)."""
    if len(view["out"]) != len(view["hands"]):
        raise InvalidArgument(
            "view: 'out' and 'hands' name the same players (pass the dict state.view(player) returns)")
    alive = [p for p in range(len(view["hands"])) if not view["out"][p]]
    me = view["you"]
    if len(alive) != 2 or me not in alive:
        return None
    other = alive[0] if alive[1] == me else alive[1]
    solved: Solution | None = solve_if_quick(view["hands"][me], view["hands"][other], view["pot"])
    if solved is None:
        return None
    winning = {m.action for m in solved.winning_moves}
    return {m.action: m.action in winning for m in solved.moves}


# ---- answers shown by the notebook's questions ----------------------------------------------------
@checked(purse=_is_small_purse)
def tiny_game_html(purse: Sequence[int] = TINY_PURSE) -> str:
    """Every position of a small game with its verdict, and who wins from the start."""
    tree = game_tree(purse)
    rows = "".join(
        f"<tr><td>{_show(n.mover)}</td><td>{_show(n.other)}</td><td>{_show(n.pot)}</td>"
        f"<td><b>{'out: the mover has won' if n.finished else ('W' if n.mover_wins else 'L')}</b></td></tr>"
        for n in tree.nodes)
    start = solve_start(purse)
    verdict = ("First player " + ("wins" if start.first_player_wins else "<b>loses</b>") + " this game. "
               + " ".join(f"If they open with <i>{o.move}</i>, the answer <i>{'; '.join(map(str, o.winning_replies))}"
                          "</i> wins." for o in start.openings))
    return ("<table><tr><th>player to move</th><th>opponent</th><th>pot</th><th>verdict</th></tr>" + rows
            + f"</table><p>{verdict}</p>")


@checked(purse=_is_purse)
def start_html(purse: Sequence[int] = STANDARD_PURSE) -> str:
    """Who wins the game from the start, how many positions are wins, and each opening's answers."""
    full = solve_start(purse)
    first = "the first player wins" if full.first_player_wins else "the second player wins"
    openings = "".join(f"<tr><td>{o.move}</td><td>{len(o.winning_replies)} of {o.replies}</td>"
                       f"<td>{'; '.join(map(str, o.winning_replies))}</td></tr>" for o in full.openings)
    return (f"<p>With perfect play <b>{first}</b>. From the start, <b>{full.positions:,}</b> positions can be reached "
            f"(with both players still holding money); the player to move wins <b>{full.mover_wins:,}</b> of them "
            f"({full.mover_win_share:.1%}), and {full.finished:,} finished positions end a game.</p>"
            "<table><tr><th>opening</th><th>winning replies</th><th>which</th></tr>" + openings + "</table>")


def games_count_html() -> str:
    return (f"About <b>{count_games(START_COUNTS):.2e}</b> different games (sequences of moves): the same positions "
            "come back again and again in different orders, which is why solving position by position is possible "
            "and listing games is not.")


@checked(purse=_is_purse, examples=is_whole(0, 1000))
def take_less_html(purse: Sequence[int] = STANDARD_PURSE, *, examples: int = 5) -> str:
    """How often the only winning move takes back less than it could, with examples."""
    s = take_less_positions(purse, examples=examples)
    return (f"<p>Purses {_show(purse)}: {s.only_move_takes_less} of {s.positions:,} reachable positions have a single "
            f"winning move that takes back less money than it could ({s.no_full_take_wins} where no largest take-back "
            f"wins); in {s.more_bills} of those the winning move brings back <b>more bills</b>.</p><ul>"
            + "".join(f"<li>{e}</li>" for e in s.examples) + "</ul>")


# ---- figures ------------------------------------------------------------------------------------
def lengths_figure(series: dict[str, Counter]):
    """Bars: how many turns games last, one series per pairing."""
    import plotly.graph_objects as go  # plotly is heavy: only the figures need it

    fig = go.Figure()
    for name, lengths in series.items():
        n = sum(lengths.values())
        xs = sorted(lengths)
        fig.add_bar(x=xs, y=[lengths[x] / n for x in xs], name=name, opacity=0.75)
    fig.update_layout(barmode="overlay", title="How long games last", xaxis_title="turns in the game",
                      yaxis_title="share of games", height=360, margin=dict(l=60, r=20, t=50, b=50))
    return fig


def matchups_figure(matchups: Sequence[Matchup]):
    """Win rate of each heuristic bot against the perfect bot, with 95 % intervals."""
    import plotly.graph_objects as go  # plotly is heavy: only the figures need it

    fig = go.Figure()
    # each win rate under its bot's name: written above the bar, a rate near 0 sat on its own
    # interval's whisker, drawn in the same colour (1:1)
    fig.add_bar(
        x=[f"{m.bot}<br>won {m.rate.value:.0%}" for m in matchups], y=[m.rate.value for m in matchups],
        error_y=dict(type="data", symmetric=False,
                     array=[m.rate.high - m.rate.value for m in matchups],
                     arrayminus=[m.rate.value - m.rate.low for m in matchups]),
    )
    fig.update_layout(title="Heuristic bots against the perfect bot (95 % intervals)",
                      yaxis=dict(title="win rate", range=[0, 1]), height=340,
                      margin=dict(l=60, r=20, t=50, b=50))
    return fig


def tree_figure(tree: GameTree):
    """The solved tiny game: columns by money left in the purses, green = the player to move
    wins, red = loses, grey = finished; thick lines are winning moves."""
    import plotly.graph_objects as go  # plotly is heavy: only the figures need it

    column: dict[int, list[int]] = {}
    for i, n in enumerate(tree.nodes):
        column.setdefault(-(money_in(counts_of(n.mover)) + money_in(counts_of(n.other))), []).append(i)
    xs, ys = {}, {}
    for c, (_key, members) in enumerate(sorted(column.items())):
        for r, i in enumerate(members):
            xs[i], ys[i] = c, r - (len(members) - 1) / 2
    fig = go.Figure()
    for a, b, label, good in tree.edges:
        fig.add_scatter(x=[xs[a], xs[b]], y=[ys[a], ys[b]], mode="lines", hoverinfo="text", text=label,
                        line=dict(width=4 if good else 1, color="#2a9d8f" if good else "#bbbbbb"), showlegend=False)
    colour = ["#999999" if n.finished else ("#2a9d8f" if n.mover_wins else "#e76f51") for n in tree.nodes]
    fig.add_scatter(
        x=[xs[i] for i in range(len(tree.nodes))], y=[ys[i] for i in range(len(tree.nodes))],
        mode="markers+text", marker=dict(size=22, color=colour), showlegend=False,
        text=[("out" if n.finished else ("W" if n.mover_wins else "L")) for n in tree.nodes],
        # dark letters: white ones on these colours fell under 4.5:1 (2.9-3.3)
        textfont=dict(color="#1a1a1a"), hovertext=[n.label for n in tree.nodes], hoverinfo="text",
    )
    fig.update_layout(title="Backward induction on the tiny game (W/L: for the player to move)",
                      xaxis=dict(visible=False), yaxis=dict(visible=False), height=360,
                      margin=dict(l=20, r=20, t=50, b=20))
    return fig


# ---- the explorer: small purses ---------------------------------------------------------------
#: The largest purse the explorer solves: 8 bills solve in tens of milliseconds.
EXPLORER_MAX_BILLS = 8


@checked(text=is_text(1_000))
def parse_purse(text: str) -> tuple[int, ...]:
    """A purse typed like ``"7 5 3 1"`` (spaces or commas), largest first; bills are $1, $3, $5, $7, $10."""
    try:
        bills = [int(t) for t in text.replace(",", " ").replace("$", " ").split()]
    except ValueError as exc:
        raise InvalidArgument(f"a purse is bills separated by spaces, like 7 5 3 1: cannot read {text!r}") from exc
    if not 1 <= len(bills) <= EXPLORER_MAX_BILLS:
        raise InvalidArgument(f"a purse here holds 1 to {EXPLORER_MAX_BILLS} bills, not {len(bills)}")
    counts_of(bills)  # the solver's own check of the denominations
    return tuple(sorted(bills, reverse=True))


def purse_figure(purse: Sequence[int] = (7, 5, 3, 1)):
    """Each opening of the game from two ``purse``s: how many answers the second player has, and
    how many of them win (an opening with no winning answer wins for the first player)."""
    import plotly.graph_objects as go  # plotly is heavy: only the figures need it
    from changekit.ui.theme import style  # the ui's chart look: only the figure half draws

    start = solve_start(purse)
    names = [str(o.move) for o in start.openings]
    fig = go.Figure()
    fig.add_bar(x=names, y=[o.replies for o in start.openings], name="answers")
    fig.add_bar(x=names, y=[len(o.winning_replies) for o in start.openings], name="winning answers")
    return style(fig, title=f"Openings from two purses of {_show(start.purse)}", x="first move",
                 y="second player's answers")


@checked(purse=_is_purse)
def purse_readout(purse: Sequence[int] = (7, 5, 3, 1)) -> str:
    start = solve_start(purse)
    first = "the first player" if start.first_player_wins else "the second player"
    return (f"Two purses of {_show(start.purse)}: with perfect play <b>{first} wins</b>. "
            f"{start.positions:,} positions can be reached; the player to move wins {start.mover_wins:,} of them "
            f"({start.mover_win_share:.1%}).")


# ---- a closed form: how many positions ----------------------------------------------------------------
@checked(purse=_is_purse)
def positions_closed_form(purse: Sequence[int] = STANDARD_PURSE):
    """How many ways the bills of two ``purse``s can lie between the two players and the pot: for
    a denomination with m bills in play, the number of ways to split m identical bills into three
    piles is a sum that sympy solves in closed form, (m+1)(m+2)/2; the splits of different
    denominations multiply."""
    import sympy  # sympy is heavy: only this derivation needs it
    from changekit.ui.maths import ClosedForm  # the ui's formula display: only the closed form shows it

    m, k = sympy.symbols("m k", nonnegative=True, integer=True)
    # the first pile takes k bills, the other two split the m - k left in m - k + 1 ways
    splits = sympy.factor(sympy.summation(m - k + 1, (k, 0, m)))
    kinds = [(d, 2 * c) for d, c in zip(DENOMS, counts_of(purse), strict=True) if c]
    counts = [n for _, n in kinds]
    value = sympy.Mul(*[splits.subs(m, n) for n in counts])
    substituted = sympy.Mul(*[sympy.Integer(splits.subs(m, n)) for n in counts], evaluate=False)
    return ClosedForm(
        f"Both purses {_show(sorted(purse, reverse=True))}: "
        f"{', '.join(f'{n} bills of {money(d)}' for d, n in kinds)} are in play. m identical bills split into three "
        "piles (mover, opponent, pot) in a sum of "
        "ways that sympy solves; the denominations multiply:",
        r"\text{splits}", sympy.Product(splits.subs(m, sympy.Symbol("m_i")), (sympy.Symbol("i"), 1, len(counts))),
        substituted, value, steps=(("ways to split m bills into three piles",
                                    sympy.Eq(sympy.Sum(m - k + 1, (k, 0, m)), splits)),))


@checked(games=is_runs, progress=_is_progress)
def lengths_runs(*, games: int = 150, progress: Callable[[float], None] | None = None) -> dict[str, Counter]:
    """Question 5's seeded runs: game lengths of perfect against perfect (seed 1) and random
    against random (seed 2), ``games`` each; ``progress`` moves a progress bar."""
    def half(start: float):
        return None if progress is None else (lambda f: progress(start + f / 2))

    return {
        "perfect vs perfect": game_lengths([PerfectBot(), PerfectBot()], games=games, seed=1, progress=half(0)),
        "random vs random": game_lengths([RandomBot(), RandomBot()], games=games, seed=2, progress=half(0.5))}


@checked(games=is_runs, progress=_is_progress)
def lengths_answer(*, games: int = 150, progress: Callable[[float], None] | None = None):
    """Question 5's answer: :func:`lengths_runs` as a figure."""
    return lengths_figure(lengths_runs(games=games, progress=progress))


@checked(longer=_is_lengths, shorter=_is_lengths)
def length_difference(longer: Counter, shorter: Counter) -> Estimate:
    """The difference of two runs' mean game lengths, with its 95 % interval: the runs are
    separate, so their standard errors add in squares."""
    def mean_and_square_error(lengths: Counter) -> tuple[float, float]:
        n = sum(lengths.values())
        mean = sum(k * v for k, v in lengths.items()) / n
        variance = sum(v * (k - mean) ** 2 for k, v in lengths.items()) / (n - 1) if n > 1 else 0.0
        return mean, variance / n

    (m1, e1), (m2, e2) = mean_and_square_error(longer), mean_and_square_error(shorter)
    half = Z95 * math.sqrt(e1 + e2)
    return Estimate(m1 - m2, m1 - m2 - half, m1 - m2 + half, sum(longer.values()) + sum(shorter.values()))
