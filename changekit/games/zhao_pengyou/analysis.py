"""Analyses of Zhao Pengyou: pure functions returning data, and small ``*_figure`` builders.

Exact ones use ``fractions.Fraction`` (hypergeometric counts); the bot-game ones use the
seeded Monte Carlo runner of :mod:`changekit.stats`.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Sequence

from changekit.core.bots import Bot, is_bots, play_out
from changekit.core.cards import JOKERS, RANKS, SUITS
from changekit.core.checks import MAX_RUNS, checked, is_items, is_one_of, is_runs, is_seed, is_whole, optional, shown
from changekit.core.errors import InvalidArgument
from changekit.stats.exact import draws_without_replacement, hypergeometric, mean  # noqa: F401 (doctest)
from changekit.stats.intervals import Estimate, wilson
from changekit.stats.montecarlo import simulate

from .bots import HeuristicBot
from .rules import (
    MAX_POINTS, PASS, SHEET_THRESHOLDS, STEP_PER_DECK, ZhaoPengyou, _thresholds, auto_kitty, hand_size, level_change,
)
from .tricks import CARDS_PER_DECK, TRUMPS_PER_DECK, tractors

# ---- argument checks ---------------------------------------------------------------------------
_is_players = is_whole(ZhaoPengyou.min_players, ZhaoPengyou.max_players)
_is_decks = is_one_of(2, 3)  # the game's own decks
_is_copies = is_whole(0, 3)


def _is_results(*fields: str):
    """Deal results (what bot_deals returns): dicts holding ``fields``, the points whole numbers."""
    def rule(value: Any, name: str) -> tuple:
        results = is_items(MAX_RUNS, "deal results")(value, name)
        for r in results:
            if not isinstance(r, dict) or any(f not in r for f in fields):
                raise InvalidArgument(f"{name}: a deal result is a dict with {fields} (from bot_deals), not {shown(r)}")
            is_whole(-MAX_POINTS, MAX_POINTS)(r["attackers_points"], f"{name}: attackers_points")
            if "steps" in fields:
                is_whole(0, 1000)(r["steps"], f"{name}: steps")
        return results
    return rule

__all__ = [
    "trump_count", "called_copies", "friend_seat", "declare_chance_exact",
    "declare_chance_simulated", "bot_deals", "points_histogram", "level_change_counts",
    "mean_points", "trump_count_figure", "level_change_figure", "friend_seat_figure", "points_figure",
    "tractor_free_hands", "tractor_chance", "tractor_spot_chance", "tractor_chance_simulated", "tractor_figure",
]


@checked(players=_is_players, decks=_is_decks)
def trump_count(*, players: int = 4, decks: int = 3) -> dict[int, Fraction]:
    """How many trumps a dealt hand holds, for a given trump suit and rank (the deal, before
    the kitty): jokers, the trump suit and the trump rank in the other suits are trumps.

    >>> dist = trump_count()
    >>> float(mean(dist))   # 54 trumps of 162 cards, 39 cards a hand
    13.0
    """
    total = decks * CARDS_PER_DECK
    trumps = decks * TRUMPS_PER_DECK
    hand = hand_size(players, decks)
    return hypergeometric(total, trumps, hand)


@checked(players=_is_players, decks=_is_decks, host_copies=_is_copies, buried=_is_copies)
def called_copies(*, players: int = 4, decks: int = 3, host_copies: int = 0,
                  buried: int = 0) -> dict[tuple[int, ...], Fraction]:
    """Seen by the host after burying: the joint distribution of how many copies of the called
    card each other seat holds (seats in turn order after the host).

    The unseen copies (``decks - host_copies - buried``) are spread among the other hands, all
    of the same size, every deal of the unseen cards equally likely.

    >>> called_copies(host_copies=2)[(1, 0, 0)]
    Fraction(1, 3)
    """
    unseen = decks - host_copies - buried
    if unseen < 0:
        raise InvalidArgument(f"{host_copies} + {buried} copies is more than {decks}")
    hand = hand_size(players, decks)
    pool = {seat: hand for seat in range(players - 1)}
    total_cards = hand * (players - 1)
    out: dict[tuple[int, ...], Fraction] = {}
    # choose which of the unseen cards are the copies: a multiset draw of `unseen` positions
    for split, p in draws_without_replacement(pool, unseen):
        key = tuple(split.get(s, 0) for s in range(players - 1))
        out[key] = out.get(key, Fraction(0)) + p
    assert sum(out.values()) == 1 and total_cards >= unseen
    return out


@checked(ordinal=is_whole(1, 3), players=_is_players, decks=_is_decks, host_copies=_is_copies, buried=_is_copies)
def friend_seat(*, ordinal: int = 1, players: int = 4, decks: int = 3, host_copies: int = 0,
                buried: int = 0) -> dict[str, Fraction]:
    """Who turns out to be the friend, seen by the host when the call is made, in a simple
    model: every copy in play is equally likely to be the ``ordinal``-th one played.

    Keys: ``"seat +1"`` … (seats after the host), ``"host"`` (the host plays it: no friend),
    ``"nobody"`` (fewer copies are in play than the ordinal).

    >>> friend_seat()["seat +1"]
    Fraction(1, 3)
    >>> friend_seat(ordinal=1, host_copies=1)["host"]
    Fraction(1, 3)
    """
    in_play = decks - buried
    out: dict[str, Fraction] = {f"seat +{s + 1}": Fraction(0) for s in range(players - 1)}
    out["host"] = Fraction(0)
    out["nobody"] = Fraction(0)
    if ordinal > in_play:
        out["nobody"] = Fraction(1)
        return out
    for split, p in called_copies(players=players, decks=decks, host_copies=host_copies, buried=buried).items():
        for s, k in enumerate(split):
            out[f"seat +{s + 1}"] += p * Fraction(k, in_play)
        out["host"] += p * Fraction(host_copies, in_play)
    return out


@checked(players=_is_players, decks=_is_decks, copies=_is_copies)
def declare_chance_exact(*, players: int = 4, decks: int = 3, copies: int = 1) -> Fraction:
    """Exact chance that a player ends the deal holding at least ``copies`` cards of their
    level in one suit (so could declare with that many, if nobody showed more first).

    >>> float(declare_chance_exact()) > 0.9
    True
    """
    hand = hand_size(players, decks)
    pool = {"S": decks, "H": decks, "D": decks, "C": decks, "other": decks * CARDS_PER_DECK - 4 * decks}
    good = Fraction(0)
    for drawn, p in draws_without_replacement(pool, hand):
        if max(drawn.get(s, 0) for s in "SHDC") >= copies:
            good += p
    return good


def _deal_trial(players: int, decks: int):
    def trial(rng: random.Random) -> tuple[bool, ...]:
        """One deal where everybody only passes: who was ever offered a declaration?"""
        state = ZhaoPengyou(players=players, decks=decks).new_state(seed=rng.getrandbits(32))
        offered = [False] * players
        while state.phase in ("deal", "last_call") and state.redeals == 0:
            offered[state.current_player] = True
            state.apply(PASS)
        return tuple(offered)
    return trial


@checked(players=_is_players, decks=_is_decks, deals=is_runs, seed=is_seed)
def declare_chance_simulated(*, players: int = 4, decks: int = 3, deals: int = 400, seed: int = 0) -> Estimate:
    """Simulated chance that seat 0 is offered a declaration at least once during a deal (or
    in the last call), when nobody declares: it should match ``declare_chance_exact``."""
    results = simulate(_deal_trial(players, decks), deals, seed=seed)
    return wilson(sum(r[0] for r in results), deals)


@checked(deals=is_runs, seed=is_seed, bots=is_bots(), players=_is_players)
def bot_deals(*, deals: int = 60, seed: int = 0, bots: Sequence[Bot] | None = None,
              players: int = 4) -> list[dict[str, Any]]:
    """Play ``deals`` single deals with ``bots`` (default: heuristic bots) and return each
    deal's result (attackers' points, the side that went up and by how much...)."""
    if bots is not None and not ZhaoPengyou.min_players <= len(bots) <= ZhaoPengyou.max_players:
        raise InvalidArgument(f"bots: Zhao Pengyou seats 4 to 7 bots, not {len(bots)}")
    seats = list(bots) if bots is not None else [HeuristicBot() for _ in range(players)]
    game = ZhaoPengyou(players=len(seats), deals=1)

    def trial(rng: random.Random) -> dict[str, Any]:
        state = game.new_state(seed=rng.getrandbits(32))
        play_out(state, seats, rng=rng)
        return state.results[-1]

    return simulate(trial, deals, seed=seed)


@checked(results=_is_results("attackers_points"), width=is_whole(1, MAX_POINTS))
def points_histogram(results: Sequence[dict[str, Any]], width: int = 20) -> dict[int, int]:
    """How many deals had attackers' points in each ``width``-point bin (bin → count)."""
    out: dict[int, int] = {}
    for r in results:
        b = r["attackers_points"] // width * width
        out[b] = out.get(b, 0) + 1
    return dict(sorted(out.items()))


@checked(results=_is_results("attackers_points", "side", "steps"), thresholds=optional(_thresholds),
         decks=is_whole(1, 1000))
def level_change_counts(results: Sequence[dict[str, Any]], thresholds: Sequence[int] | str | None = None,
                        *, decks: int = 3) -> dict[str, int]:
    """Counts of outcomes such as ``"host +2"`` or ``"attackers +1"``: as the deals were scored, or,
    given ``thresholds`` (four scores or ``"stepped"``), rescored from their attackers' points."""
    order = [f"host +{k}" for k in (3, 2, 1)] + [f"attackers +{k}" for k in (0, 1, 2, 3)]
    out = {k: 0 for k in order}
    for r in results:
        side, steps = ((r["side"], r["steps"]) if thresholds is None
                       else level_change(r["attackers_points"], thresholds, decks=decks))
        key = f"{side} +{steps}"
        out[key] = out.get(key, 0) + 1
    return out


# ---- answers shown by the notebook's questions -------------------------------------------------
@checked(players=_is_players, decks=_is_decks)
def trump_count_html(*, players: int = 4, decks: int = 3) -> str:
    dist = trump_count(players=players, decks=decks)
    rich = sum(p for k, p in dist.items() if k >= 18)
    likeliest = max(dist, key=dist.get)
    return (f"Expected trumps: <b>{mean(dist)}</b>; most likely count: {likeliest} "
            f"(probability {float(dist[likeliest]):.3f}); P(18 or more) = {float(rich):.3f}.")


@checked(deals=is_runs, seed=is_seed)
def declare_chances_html(*, deals: int = 400, seed: int = 0) -> str:
    rows = [f"at least {k} cop{'y' if k == 1 else 'ies'} in one suit: "
            f"<b>{float(declare_chance_exact(copies=k)):.3f}</b>"
            for k in (1, 2, 3)]
    sim = declare_chance_simulated(deals=deals, seed=seed)
    return "Exact: " + "; ".join(rows) + f"<br>Simulated deals (seat 1 offered a declaration at some point): {sim}"


def friend_calls_html() -> str:
    """Who plays the called copy for three calls, and how the three unseen copies lie."""
    calls = {
        "call the 1st A♠, holding none": friend_seat(ordinal=1, host_copies=0),
        "call the 2nd A♠, holding one": friend_seat(ordinal=2, host_copies=1),
        "call the 1st A♠, holding one": friend_seat(ordinal=1, host_copies=1),
    }
    joint = called_copies(host_copies=0)
    return ("<br>".join(f"{name}: " + ", ".join(f"{k} {v}" for k, v in d.items() if v) for name, d in calls.items())
            + f"<br>P(one player holds all three copies) = {float(sum(p for k, p in joint.items() if 3 in k)):.4f}; "
            f"P(one each) = {float(joint[(1, 1, 1)]):.4f}")


# ---- figures ---------------------------------------------------------------------------------
def trump_count_figure(*, players: int = 4, decks: int = 3):
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    dist = trump_count(players=players, decks=decks)
    xs = sorted(dist)
    fig = go.Figure(go.Bar(x=xs, y=[float(dist[k]) for k in xs], name="exact"))
    return style(fig, title=f"Trumps in a hand of {players}-player Zhao Pengyou (exact)",
                 x="trumps in the hand", y="probability")


def friend_seat_figure(*, ordinal: int = 1, host_copies: int = 0, buried: int = 0):
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    dist = friend_seat(ordinal=ordinal, host_copies=host_copies, buried=buried)
    keys = list(dist)
    fig = go.Figure(go.Bar(x=keys, y=[float(dist[k]) for k in keys]))
    return style(fig, title=f"Who plays the {ordinal}. copy? (host holds {host_copies}, buried {buried})",
                 x="", y="probability")


@lru_cache(maxsize=4)
def _cached_deals(deals: int, seed: int) -> tuple:
    return tuple(bot_deals(deals=deals, seed=seed))


def points_figure(*, deals: int = 60, seed: int = 0, thresholds: Sequence[int] = SHEET_THRESHOLDS):
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    results = _cached_deals(deals, seed)
    points = [r["attackers_points"] for r in results]
    fig = go.Figure(go.Histogram(x=points, xbins={"start": 0, "end": 320, "size": 10}, name="deals"))
    for t in (0, *thresholds):
        fig.add_vline(x=t if t else 0.5, line_dash="dash", line_color="#888")
    style(fig, title=f"Attackers' points in {deals} heuristic-bot deals (dashed: level thresholds)",
          x="attackers' points (kitty bonus included)", y="deals")
    return fig


def level_change_figure(*, deals: int = 60, seed: int = 0, decks: int = 3):
    """Who went up and by how much over the same bot deals as ``points_figure``, under the sheet's
    table (as played) and under the stepped table (the same points rescored)."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    results = _cached_deals(deals, seed)
    fig = go.Figure()
    tables = (("sheet table (55/110/165/220)", SHEET_THRESHOLDS),
              (f"stepped table (s = {STEP_PER_DECK * decks})", "stepped"))
    for name, thresholds in tables:
        counts = level_change_counts(results, thresholds, decks=decks)
        fig.add_bar(x=list(counts), y=list(counts.values()), name=name)
    return style(fig, title=f"Level changes in {deals} heuristic-bot deals, two scoring tables",
                 x="who goes up", y="deals")


@checked(results=_is_results("attackers_points"))
def mean_points(results: Sequence[dict[str, Any]]) -> Fraction:
    """Average attackers' points over the given deals (exact)."""
    return Fraction(sum(r["attackers_points"] for r in results), max(1, len(results)))


# ---- the explorer: players and decks ------------------------------------------------------------
@checked(players=_is_players, decks=_is_decks)
def deal_summary(*, players: int = 4, decks: int = 3) -> dict[str, Any]:
    """What a dealt hand holds for a table of ``players`` with ``decks`` decks (the game's own
    ranges: 4-7 players, 2 or 3 decks): hand and kitty size, the trumps' hypergeometric
    distribution, and the chance of holding a card of your level (to declare)."""
    kitty = auto_kitty(players, decks)
    hand = hand_size(players, decks, kitty)
    return {"players": players, "decks": decks, "cards": decks * CARDS_PER_DECK, "kitty": kitty, "hand": hand,
            "trumps": decks * TRUMPS_PER_DECK, "distribution": trump_count(players=players, decks=decks),
            "declare": declare_chance_exact(players=players, decks=decks)}


@checked(players=_is_players, decks=_is_decks)
def deal_readout(*, players: int = 4, decks: int = 3) -> str:
    s = deal_summary(players=players, decks=decks)
    m = mean(s["distribution"])
    half = sum((p for k, p in s["distribution"].items() if 2 * k >= s["hand"]), Fraction(0))
    return (f"{s['cards']} cards, kitty {s['kitty']}, hands of <b>{s['hand']}</b>; {s['trumps']} trumps. Expected "
            f"trumps in your hand: <b>{m} ≈ {float(m):.2f}</b>; half your hand or more: {float(half):.3f}. "
            f"Chance you hold a card of your level: <b>{float(s['declare']):.3f}</b>.")


# ---- a closed form: the hypergeometric mean ---------------------------------------------------------
@checked(players=_is_players, decks=_is_decks)
def trumps_closed_form(*, players: int = 4, decks: int = 3):
    """The expected number of trumps in a hand: sympy sums k times the hypergeometric probability
    over every k and simplifies the sum to n·K/N (hand size times the share of trumps)."""
    import sympy  # sympy is heavy: only this closed form needs it

    from changekit.ui.maths import ClosedForm

    s = deal_summary(players=players, decks=decks)
    N, K, n, k = sympy.symbols("N K n k", positive=True, integer=True)
    pmf = sympy.binomial(K, k) * sympy.binomial(N - K, n - k) / sympy.binomial(N, n)
    # the value is sympy's exact sum over every k; the test checks it equals n·K/N and the trump_count mean
    values = {N: s["cards"], K: s["trumps"], n: s["hand"]}
    total = sympy.summation(k * pmf.subs(values), (k, 0, s["hand"]))
    general = n * K / N
    return ClosedForm(f"Your {s['hand']} cards are drawn without replacement from {s['cards']} cards holding "
                      f"{s['trumps']} trumps. The chance of exactly k trumps, and the mean number:",
                      r"E[T] = \sum_k k\,P(T=k)", general,
                      sympy.Mul(s["hand"], sympy.Mul(s["trumps"], sympy.Pow(s["cards"], -1, evaluate=False),
                                                     evaluate=False), evaluate=False),
                      total, steps=(("the hypergeometric probability", sympy.Eq(sympy.Symbol("P(T=k)"), pmf)),))


# ---- Question 7: how often a dealt hand holds a tractor ------------------------------------------
#: ranks in a row in each suit once the trump rank is skipped: 3 to A at level 2, and 12 at every
#: level (A is not next to 2). Skipping the trump rank, and keeping its cards and the jokers out of
#: tractors, is the kit's reading (docs/rules.md: *ours*; the rule sheet does not say). Had the trump
#: rank broken the row instead, the level would matter (two runs of 6 at level 8: the tests'
#: ``tractor_chance_broken``)
RANKS_IN_A_ROW = len(RANKS) - 1
#: jokers and trump-rank cards in one deck: cards that never make a tractor
NON_TRACTOR_PER_DECK = len(JOKERS) + len(SUITS)


def _times(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The product of two polynomials given by their coefficients (index: cards taken)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _plus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(max(len(a), len(b)))]


@lru_cache(maxsize=32)
def _tractor_free(copies: int, ranks: int, suits: int, others: int) -> tuple[int, ...]:
    # one rank: the ways to hold fewer than two of its copies, and two or more (a pair), by cards held
    few = [comb(copies, k) for k in range(min(copies, 1) + 1)]
    pair = [0, 0] + [comb(copies, k) for k in range(2, copies + 1)]
    # walk up a suit rank by rank, keeping apart the ways whose last rank is held as a pair: a pair
    # may follow only a rank held fewer than twice (two pairs side by side are a tractor)
    ends_few, ends_pair = few, pair
    for _ in range(ranks - 1):
        ends_few, ends_pair = _times(_plus(ends_few, ends_pair), few), _times(ends_few, pair)
    suit = _plus(ends_few, ends_pair)
    total = [comb(others, k) for k in range(others + 1)]
    for _ in range(suits):
        total = _times(total, suit)
    cards = suits * ranks * copies + others
    return tuple(total[:cards + 1]) + (0,) * (cards + 1 - len(total))  # every hand size, to the whole deck


@checked(copies=is_whole(1, 3), ranks=is_whole(1, len(RANKS)), suits=is_whole(1, len(SUITS)),
         others=is_whole(0, 1000))
def tractor_free_hands(*, copies: int = 3, ranks: int = RANKS_IN_A_ROW, suits: int = len(SUITS),
                       others: int = 3 * NON_TRACTOR_PER_DECK) -> list[int]:
    """How many hands of each size (the list's index, 0 to the whole deck) hold no tractor, dealt
    from ``suits`` suits of ``ranks`` ranks in a row, ``copies`` of each card, and ``others`` cards that never make one.

    Copies are different cards (a hand of 39 is one of C(162, 39)). A dynamic programme over the
    ranks: each rank is held fewer than twice or as a pair, and a pair may not follow a pair;
    polynomials count the cards held (the suits and the other cards multiply).

    >>> tractor_free_hands(copies=2, ranks=2, suits=1, others=0)   # A A B B: only all four is a tractor
    [1, 4, 6, 4, 0]
    """
    return list(_tractor_free(copies, ranks, suits, others))


def _deck(players: int, decks: int, hand: int | None) -> tuple[int, int]:
    cards = decks * CARDS_PER_DECK
    size = hand_size(players, decks) if hand is None else hand
    if size > cards:
        raise InvalidArgument(f"hand: a hand of {size} cards is more than the {cards} cards of {decks} decks")
    return cards, size


@checked(players=_is_players, decks=_is_decks, hand=optional(is_whole(0, 3 * CARDS_PER_DECK)),
         suits=is_whole(1, len(SUITS)))
def tractor_chance(*, players: int = 4, decks: int = 3, hand: int | None = None, suits: int = len(SUITS)) -> Fraction:
    """Exact chance that a dealt hand (``hand`` cards, else the table's hand size) holds at least
    one tractor in ``suits`` named suits (all four: in any suit, trumps included). The same at
    every level in the kit's reading: skipping the trump rank leaves each suit
    :data:`RANKS_IN_A_ROW` ranks in a row.

    >>> tractor_chance(hand=3), tractor_chance(hand=4) == Fraction(4 * 11 * 3 * 3, comb(162, 4))
    (Fraction(0, 1), True)
    """
    cards, size = _deck(players, decks, hand)
    in_suits = suits * RANKS_IN_A_ROW * decks
    free = _tractor_free(decks, RANKS_IN_A_ROW, suits, cards - in_suits)
    return 1 - Fraction(free[size], comb(cards, size))


@checked(players=_is_players, decks=_is_decks)
def tractor_spot_chance(*, players: int = 4, decks: int = 3) -> Fraction:
    """Exact chance that a dealt hand holds one particular tractor: two given neighbouring ranks
    of one suit (7♠ and 8♠, say), each at least twice.

    >>> tractor_spot_chance(decks=2) == Fraction(comb(104, 21), comb(108, 25))
    True
    """
    cards, size = _deck(players, decks, None)
    ways = sum(comb(decks, a) * comb(decks, b) * comb(cards - 2 * decks, size - a - b)
               for a in range(2, decks + 1) for b in range(2, decks + 1))
    return Fraction(ways, comb(cards, size))


def tractor_spots() -> int:
    """Where a tractor can sit: each pair of neighbouring ranks in each suit (4 × 11), with 2 or 3 decks."""
    return len(SUITS) * (RANKS_IN_A_ROW - 1)


def _tractor_trial(players: int, decks: int):
    game = ZhaoPengyou(players=players, decks=decks)

    def trial(rng: random.Random) -> bool:
        """One deal by the rules engine, everybody passing: does seat 1's dealt hand hold a tractor?"""
        state = game.new_state(seed=rng.getrandbits(32))
        while state.phase == "deal":
            state.apply(PASS)
        # trumps are not chosen yet: the engine skips rank 2, the first deal's level (in the kit's reading,
        # the answer is the same at any level)
        return bool(tractors(Counter(state.view(0)["hand"]), state.ctx))
    return trial


@checked(players=_is_players, decks=_is_decks, deals=is_runs, seed=is_seed)
def tractor_chance_simulated(*, players: int = 4, decks: int = 3, deals: int = 1000, seed: int = 0) -> Estimate:
    """Simulated chance that seat 1's dealt hand holds a tractor (one hand a deal, so the deals are
    independent), with its Wilson 95 % interval: it should match :func:`tractor_chance`."""
    results = simulate(_tractor_trial(players, decks), deals, seed=seed)
    return wilson(sum(results), deals)


_is_some_deals = is_whole(1, MAX_RUNS)  # a share of no deals says nothing


@checked(deals=_is_some_deals, seed=is_seed)
def tractor_html(*, deals: int = 1000, seed: int = 0) -> str:
    """Question 7's answer: the exact chance, the places a tractor can sit, one named suit, and the
    rules engine's deals beside it."""
    exact, spot, spots = tractor_chance(), tractor_spot_chance(), tractor_spots()
    hand, sim = hand_size(4, 3), tractor_chance_simulated(deals=deals, seed=seed)
    return (f"<p>Exact: a hand of {hand} cards holds at least one tractor with probability "
            f"<b>{100 * float(exact):.1f} %</b> = {exact.numerator}/{exact.denominator}: one minus the share of "
            f"hands with none (counted along each suit: never two neighbouring ranks each held twice or more).</p>"
            f"<p>One particular tractor (say 7♠7♠8♠8♠: both ranks held twice or more): {100 * float(spot):.1f} %. "
            f"There are {spots} places for one ({RANKS_IN_A_ROW - 1} pairs of neighbouring ranks in each of "
            f"{len(SUITS)} suits), so a hand holds {float(spots * spot):.2f} of them on average. In one named suit "
            f"only: {100 * float(tractor_chance(suits=1)):.1f} %.</p>"
            f"<p>The rules engine dealt {deals:,} deals: seat 1's hand held a tractor in {round(sim.value * deals)} "
            f"({100 * sim.value:.1f} %, 95 % interval {100 * sim.low:.1f}-{100 * sim.high:.1f} %).</p>")


@checked(deals=_is_some_deals, seed=is_seed, decks=_is_decks)
def tractor_figure(*, deals: int = 1000, seed: int = 0, decks: int = 3):
    """The exact chance of a tractor against the hand's size (in any suit; in one named suit), the
    hands of 4 to 7 players marked, and the rules engine's deals at 4 players with their interval."""
    import plotly.graph_objects as go  # plotly is heavy: only the charts need it (and their style)

    from changekit.ui.theme import style

    sizes = list(range(0, 61))
    fig = go.Figure()
    for name, suits in (("in any suit", len(SUITS)), ("in one named suit", 1)):
        fig.add_scatter(x=sizes, y=[float(tractor_chance(decks=decks, hand=n, suits=suits)) for n in sizes],
                        mode="lines", name=name)
    tables = list(range(ZhaoPengyou.min_players, ZhaoPengyou.max_players + 1))
    hands = [hand_size(p, decks) for p in tables]
    fig.add_scatter(x=hands, y=[float(tractor_chance(players=p, decks=decks)) for p in tables], mode="markers+text",
                    text=[f"{p} players" for p in tables], textposition="top left", name="the tables' hands")
    sim = tractor_chance_simulated(decks=decks, deals=deals, seed=seed)
    fig.add_scatter(x=[hand_size(4, decks)], y=[sim.value], mode="markers", name=f"{deals:,} deals by the engine",
                    error_y={"type": "data", "symmetric": False, "array": [sim.high - sim.value],
                             "arrayminus": [sim.value - sim.low]})
    return style(fig, title=f"Chance of at least one tractor, {decks} decks (exact; the engine's deals: 95 % interval)",
                 x="cards in the hand", y="probability")
