"""Zhao Pengyou's card logic as pure functions: trumps, play shapes, throws, follow rules, trick winner.

Cards are ASCII codes ("3C", "10D", "SJ" small joker, "BJ" big joker), the notation of
:class:`changekit.core.cards.Card`. Everything here depends only on the trump suit and the
trump rank, so the engine, the bots, the app and the tests share one definition.

A lead is one combination (single, pair, triple, tractor, wonky tractor) or, with throws
allowed, a *throw*: several combinations of one effective suit (all trumps count as one suit,
so trumps may be thrown too) led at once. *Ours:* a throw's cards are read one way only —
identical cards three at a time are a triple, runs of two or more consecutive pairs one
tractor each (as long as the run), other pairs pairs, the rest singles; wonky tractors are
not formed inside a throw (:func:`lead_parts`). A throw fails when another player holds a
combination of one part's shape in that suit that beats it (:func:`throw_failure`).

>>> trick_winner([["4D"], ["3C"], ["5S"]], "C", "2")   # the sheet's example: trump ♣, ♦ led
1
>>> shape_of(("5D", "5D", "6D", "6D"), context("C", "2"))
('tractor', 2)
>>> lead_parts(("AD", "KD", "KD", "5D", "5D", "5D"), context("C", "2"))   # a throw: triple, pair, single
[('5D', '5D', '5D'), ('KD', 'KD'), ('AD',)]
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Sequence, TypeVar

from changekit.core.cards import JOKERS, RANKS, SUIT_SYMBOLS, SUITS
from changekit.core.checks import MAX_HAND, collection, shown
from changekit.core.errors import ChangekitError, InvalidArgument

#: every card code once, in a fixed "deck order" (suits S, H, D, C; ranks 2..A; then jokers)
ALL_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
CARDS_PER_DECK = len(ALL_CODES)  # 52 and the two jokers
#: trumps in one deck, whatever the trump suit and rank: the two jokers, the trump suit's 13 cards
#: and the trump rank in the three other suits
TRUMPS_PER_DECK = 2 + 13 + 3
DECK_ORDER: dict[str, int] = {c: i for i, c in enumerate(ALL_CODES)}
RANK_OF: dict[str, str] = {c: (c if c in JOKERS else c[:-1]) for c in ALL_CODES}
SUIT_OF: dict[str, str | None] = {c: (None if c in JOKERS else c[-1]) for c in ALL_CODES}
CARD_POINTS: dict[str, int] = {c: {"5": 5, "10": 10, "K": 10}.get(RANK_OF[c], 0) for c in ALL_CODES}
TRUMP = "T"  # the effective suit of every trump

Play = tuple[str, ...]
T = TypeVar("T")
Shape = tuple[str, int]  # (kind, units): ("single", 1), ("pair", 1), ("triple", 1), ("tractor", k), ("wonky", 2)
PAIR: Shape = ("pair", 1)
TRIPLE: Shape = ("triple", 1)
SINGLE_LEAD: tuple[Shape, ...] = (("single", 1),)  # the shapes of a one-card lead
#: strongest kinds first: the order in which a follower owes a lead's parts, and a throw's key part
KIND_ORDER = {"tractor": 0, "wonky": 1, "triple": 2, "pair": 3, "single": 4}


class Context(NamedTuple):
    """Per-trump lookups: effective suit, position in its suit's sequence, trick power, next card up."""

    trump_suit: str | None
    trump_rank: str
    eff: dict[str, str]          # "T" for trumps, else the card's suit
    seq: dict[str, int | None]   # index within the suit, the trump rank skipped (None: jokers, trump-rank cards)
    power: dict[str, int]        # higher wins; trumps 60..100, plain suits 0..11
    up: dict[str, str | None]    # the card one up the same suit's sequence (None at the top and where seq is None)


@lru_cache(maxsize=64)
def context(trump_suit: str | None, trump_rank: str) -> Context:
    """The lookups for a trump suit (``None``: no trump suit) and trump rank."""
    if trump_suit is not None and trump_suit not in SUITS:
        raise ChangekitError(f"a trump suit is one of {SUITS} (or None), not {trump_suit!r}")
    if trump_rank not in RANKS:
        raise ChangekitError(f"a trump rank is one of {RANKS}, not {trump_rank!r}")
    order = [r for r in RANKS if r != trump_rank]
    eff: dict[str, str] = {}
    seq: dict[str, int | None] = {}
    power: dict[str, int] = {}
    for code in ALL_CODES:
        rank, suit = RANK_OF[code], SUIT_OF[code]
        if suit is None:
            eff[code], seq[code], power[code] = TRUMP, None, 100 if rank == "BJ" else 99
        elif rank == trump_rank:
            eff[code], seq[code], power[code] = TRUMP, None, 98 if suit == trump_suit else 97
        else:
            idx = order.index(rank)
            seq[code] = idx
            if suit == trump_suit:
                eff[code], power[code] = TRUMP, 60 + idx
            else:
                eff[code], power[code] = suit, idx
    up: dict[str, str | None] = {code: None for code in ALL_CODES}
    for suit in SUITS:
        for low, high in zip(order, order[1:], strict=False):  # each rank but the top, with the next one
            up[low + suit] = high + suit
    return Context(trump_suit, trump_rank, eff, seq, power, up)


def canonical(cards: Iterable[str]) -> Play:
    """Cards in deck order: the one spelling of a play the engine accepts."""
    return tuple(sorted(cards, key=DECK_ORDER.__getitem__))


def suit_name(suit: str) -> str:
    return "trumps" if suit == TRUMP else SUIT_SYMBOLS[suit]


def show(cards: Iterable[str]) -> str:
    """Cards in table notation: ``show(["10D", "BJ"]) == '10♦ BJ'``."""
    return " ".join(c if c in JOKERS else RANK_OF[c] + SUIT_SYMBOLS[SUIT_OF[c]] for c in cards)  # type: ignore[index]


def trump_sort_key(ctx: Context):
    """Sort key putting a hand in trump order: plain suits first (by suit), trumps last, low to high."""
    def key(code: str) -> tuple[int, int, int]:
        e = ctx.eff[code]
        return (4 if e == TRUMP else SUITS.index(e), ctx.power[code], DECK_ORDER[code])
    return key


# ---- shapes --------------------------------------------------------------------------------
def shape_of(cards: Sequence[str], ctx: Context, *, wonky: bool = True) -> Shape | None:
    """The shape of a play, or ``None`` when it is not one of the five legal shapes.

    All cards must be in one effective suit. Pairs and triples are identical cards (same rank
    and suit; jokers pair with their own kind); tractors and wonky tractors use suit cards
    only (no jokers, no trump-rank cards), consecutive once the trump rank is skipped.
    """
    if type(ctx) is not Context:
        raise InvalidArgument(f"ctx is a Context (context(trump_suit, trump_rank)), not {shown(ctx)}")
    if type(wonky) is not bool:
        raise InvalidArgument(f"wonky is True or False, not {shown(wonky)}")
    cards = collection(cards, "cards", limit=MAX_HAND, what="card codes")
    for code in cards:
        if type(code) is not str or code not in ctx.eff:
            raise InvalidArgument(f"cards: a card is a code like '10D' or 'SJ', not {shown(code)}")
    return _shape_of(cards, ctx, wonky=wonky)


def _shape_of(cards: Sequence[str], ctx: Context, *, wonky: bool = True) -> Shape | None:
    """:func:`shape_of` without the argument checks, for the engine's own (valid) plays."""
    n = len(cards)
    if n == 0:
        return None
    suit = ctx.eff[cards[0]]
    if any(ctx.eff[c] != suit for c in cards):
        return None
    if n == 1:
        return ("single", 1)
    counts = Counter(cards)
    if len(counts) == 1:
        return {2: ("pair", 1), 3: ("triple", 1)}.get(n)
    seqs = []
    for code in counts:
        s = ctx.seq[code]
        if s is None:
            return None
        seqs.append(s)
    if len({SUIT_OF[c] for c in counts}) != 1:
        return None
    seqs.sort()
    if seqs[-1] - seqs[0] != len(seqs) - 1:
        return None
    by_seq = {ctx.seq[c]: k for c, k in counts.items()}
    mults = [by_seq[s] for s in seqs]
    if all(m == 2 for m in mults):
        return ("tractor", len(mults))
    if wonky and sorted(mults) == [2, 3]:
        return ("wonky", 2)
    return None


PairRule = Callable[[int], bool]  # which numbers of copies of a card make a pair a player holds


def two_or_more(copies: int) -> bool:
    """The usual pair rule: any two copies of a card make a pair."""
    return copies >= 2


def _runs(suit_counts: dict[str, int], ctx: Context, minimum: int) -> dict[str | None, list[list[str]]]:
    """Maximal runs of consecutive codes (per real suit) held at least ``minimum`` times."""
    seq = ctx.seq
    by_suit: dict[str | None, dict[int, str]] = {}
    for code, k in suit_counts.items():
        s = seq[code]
        if s is not None and k >= minimum:
            by_suit.setdefault(SUIT_OF[code], {})[s] = code
    out: dict[str | None, list[list[str]]] = {}
    for suit, held in by_suit.items():
        runs: list[list[str]] = []
        last = -2
        for s in sorted(held):
            if s == last + 1:
                runs[-1].append(held[s])
            else:
                runs.append([held[s]])
            last = s
        out[suit] = runs
    return out


def tractors(counts: dict[str, int], ctx: Context, length: int | None = None,
             pair_ok: PairRule = two_or_more) -> list[Play]:
    """Every tractor (of ``length`` pairs, or any length ≥ 2) whose ranks pass ``pair_ok``."""
    if pair_ok is two_or_more:  # the usual rule, without a call per card (leads list tractors each time)
        usable = {c: k for c, k in counts.items() if k >= 2}
    else:
        usable = {c: k for c, k in counts.items() if pair_ok(k)}
    up = ctx.up
    if not any(up[c] in usable for c in usable):
        return []  # no two pairs on consecutive ranks (the usual case: no need to look for runs)
    found: list[Play] = []
    for runs in _runs(usable, ctx, 2).values():
        for run in runs:
            if len(run) < 2:
                continue
            for i in range(len(run)):
                for j in range(i + 2, len(run) + 1):
                    if length is None or j - i == length:
                        found.append(canonical(c for code in run[i:j] for c in (code, code)))
    return found


def wonkies(counts: dict[str, int], ctx: Context, pair_ok: PairRule = two_or_more) -> list[Play]:
    """Every wonky tractor (a triple and a pair on adjacent ranks, either way round)."""
    found: list[Play] = []
    up = ctx.up
    for low, k in counts.items():
        if k < 2:  # both ranks of a wonky tractor hold two copies at least
            continue
        high = up[low]
        if high is None or counts.get(high, 0) < 2:
            continue
        k_high = counts[high]
        if k >= 3 and pair_ok(k_high):
            found.append(canonical([low] * 3 + [high] * 2))
        if pair_ok(k) and k_high >= 3:
            found.append(canonical([low] * 2 + [high] * 3))
    return found


def _as_is(cards: Play) -> Play:
    return cards


@lru_cache(maxsize=8)
def _repeats(write: Callable[[Play], T]) -> list[tuple[T, T, T]]:
    """(card,), (card, card), (card, card, card) as ``write`` writes them, for every card by its
    place in deck order: the repeats a lead may be, made once."""
    return [(write((c,)), write((c, c)), write((c, c, c))) for c in ALL_CODES]


def lead_plays(hand: Iterable[str], ctx: Context, *, wonky: bool = True,
               write: Callable[[Play], T] = _as_is) -> list[T]:  # type: ignore[assignment]
    """Every legal lead from ``hand``: singles, pairs, triples (in deck order), then tractors and
    wonky tractors; each as ``write(cards)`` (the engine lists its ``Play`` moves, each made once).

    >>> lead_plays(["5D", "KS", "5D"], context("C", "2"))
    [('KS',), ('5D',), ('5D', '5D')]
    """
    cards = hand if isinstance(hand, (list, tuple)) else list(hand)
    repeats = _repeats(write)
    plays: list[T] = []
    paired: set[str] = set()  # cards held twice or more
    order = sorted(map(DECK_ORDER.__getitem__, cards))  # places in deck order: equal cards side by side
    order.append(-1)  # a sentinel, which closes the last run of equal cards
    last, copies = order[0], 0
    for i in order:
        if i == last:
            copies += 1
            continue
        plays += repeats[last][:copies]  # the single, and the pair and triple if held
        if copies >= 2:
            paired.add(ALL_CODES[last])
        last, copies = i, 1
    up = ctx.up
    if any(up[c] in paired for c in paired):  # tractors and wonky tractors need adjacent ranks held twice
        counts = Counter(cards)  # (in the hand's order: the order tractors are listed in)
        pairs = {c: k for c, k in counts.items() if k >= 2}
        runs = tractors(pairs, ctx) + (wonkies(pairs, ctx) if wonky else [])
        plays += [write(p) for p in runs]
    return plays


def combos_of(shape: Shape, counts: dict[str, int], ctx: Context, pair_ok: PairRule = two_or_more) -> list[Play]:
    """Every combination of ``shape`` that ``counts`` (cards of one effective suit → copies)
    holds; pairs, tractors and the pair of a wonky tractor only from ranks passing ``pair_ok``."""
    kind, units = shape
    if kind == "single":
        return [(c,) for c in counts]
    if kind == "pair":
        return [(c, c) for c, k in counts.items() if pair_ok(k)]
    if kind == "triple":
        return [(c, c, c) for c, k in counts.items() if k >= 3]
    if kind == "tractor":
        return tractors(counts, ctx, units, pair_ok)
    return wonkies(counts, ctx, pair_ok)


def top_power(cards: Iterable[str], ctx: Context) -> int:
    return max(ctx.power[c] for c in cards)


def by_strength(shape: Shape) -> tuple[int, int]:
    """Sort key: tractors (longest first), wonky tractors, triples, pairs, singles."""
    return (KIND_ORDER[shape[0]], -shape[1])


def part_shape(part: Sequence[str], ctx: Context) -> Shape:
    """The shape of one part of a lead (a combination by construction)."""
    shape = _shape_of(part, ctx)
    if shape is None:
        raise ChangekitError(f"{show(part)!r} is not a single, pair, triple, tractor or wonky tractor")
    return shape


Places = dict[Shape, list[dict[str, int]]]  # shape → every spot it can take (code → copies)


def places_of(shapes: Iterable[Shape], counts: dict[str, int], ctx: Context, pair_ok: PairRule = two_or_more) -> Places:
    """Every spot in ``counts`` where each of ``shapes`` can sit (see :func:`combos_of`)."""
    out: Places = {}
    for shape in shapes:
        if shape not in out:
            out[shape] = [tally(p) for p in combos_of(shape, counts, ctx, pair_ok)]
    return out


def tally(cards: Iterable[str]) -> dict[str, int]:
    """Copies of each card (a plain dict: cheaper than a ``Counter`` for a few cards)."""
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _one_kind(demand: Sequence[Shape]) -> bool:
    """Whether ``demand`` is one shape, or pairs only, or triples only: combinations that never
    overlap (pairs and triples on different ranks), so the cheapest spots fit side by side."""
    if not demand:
        return False
    first = demand[0]
    return demand.count(first) == len(demand) and (len(demand) == 1 or first in (PAIR, TRIPLE))


def _cost(spot: dict[str, int], chosen: dict[str, int]) -> int:
    """The cards to add to ``chosen`` for it to hold ``spot``."""
    cost = 0
    for c, k in spot.items():
        have = chosen.get(c, 0)
        if k > have:
            cost += k - have
    return cost


def fit_cost(demand: Sequence[Shape], places: Places, chosen: dict[str, int]) -> int | None:
    """The fewest cards to add to ``chosen`` so that it holds every combination of ``demand``
    side by side (no card in two of them), each at one of its ``places``; ``None`` if they
    cannot all fit. Equal shapes must be next to each other in ``demand``.

    >>> demand, ctx = [("tractor", 2), PAIR], context("C", "2")
    >>> fit_cost(demand, places_of(demand, {"5D": 2, "6D": 2, "9D": 3}, ctx), {"5D": 1})
    5
    >>> fit_cost([PAIR, PAIR], places_of([PAIR], {"5D": 2, "9D": 1}, ctx), {}) is None
    True
    """
    if _one_kind(demand):  # the cheapest spots
        spots = places[demand[0]]
        if len(spots) < len(demand):
            return None
        if len(demand) == 1:
            return min([_cost(spot, chosen) for spot in spots])
        costs = sorted([_cost(spot, chosen) for spot in spots])
        return sum(costs[:len(demand)])
    best: int | None = None

    def place(i: int, start: int, used: frozenset, cost: int) -> None:
        nonlocal best
        if best is not None and cost >= best:
            return
        if i == len(demand):
            best = cost
            return
        shape = demand[i]
        spots = places[shape]
        first = start if i and demand[i - 1] == shape else 0  # equal shapes: each set of spots once
        for j in range(first, len(spots)):
            spot = spots[j]
            if used.isdisjoint(spot):
                place(i + 1, j + 1, used | spot.keys(), cost + _cost(spot, chosen))

    place(0, 0, frozenset(), 0)
    return best


# ---- throws ----------------------------------------------------------------------------------
def throw_reading(cards: Sequence[str], ctx: Context) -> list[Play]:
    """The parts of a throw (cards of one effective suit, at most three copies of each): three
    identical cards are a triple, each run of two or more consecutive pairs one tractor, the
    other pairs pairs, the rest singles. Strongest first (tractors, triples, pairs, singles)."""
    counts = Counter(cards)
    pairs = {c: 2 for c, k in counts.items() if k == 2}
    parts: list[Play] = [(c, c, c) for c, k in counts.items() if k == 3]
    in_tractors: set[str] = set()
    for runs in _runs(pairs, ctx, 2).values():
        for run in runs:
            if len(run) >= 2:
                parts.append(canonical(c for code in run for c in (code, code)))
                in_tractors.update(run)
    parts += [(c, c) for c in pairs if c not in in_tractors]
    parts += [(c,) for c, k in counts.items() if k == 1]
    return sorted(parts, key=lambda p: (by_strength(part_shape(p, ctx)), -top_power(p, ctx), p))


def lead_parts(cards: Sequence[str], ctx: Context, *, wonky: bool = True, throws: bool = True) -> list[Play] | None:
    """The combinations a lead is made of: one for a single, pair, triple, tractor or wonky
    tractor; several for a throw (cards of one effective suit, read by :func:`throw_reading`;
    only when ``throws``); ``None`` when the cards are no lead at all."""
    if not cards or max(Counter(cards).values()) > 3:
        return None
    if _shape_of(cards, ctx, wonky=wonky) is not None:
        return [canonical(cards)]
    suit = ctx.eff[cards[0]]
    if not throws or any(ctx.eff[c] != suit for c in cards):
        return None
    return throw_reading(cards, ctx)


def lead_shapes(lead: Sequence[str], ctx: Context, *, wonky: bool = True) -> tuple[Shape, ...]:
    """The shapes of a lead's parts, strongest first (a legal lead or throw, else an error)."""
    return _lead_shapes(tuple(lead), ctx.trump_suit, ctx.trump_rank, wonky)


@lru_cache(maxsize=4096)  # every follower's every action asks again about the same lead
def _lead_shapes(lead: Play, trump_suit: str | None, trump_rank: str, wonky: bool) -> tuple[Shape, ...]:
    ctx = context(trump_suit, trump_rank)
    parts = lead_parts(lead, ctx, wonky=wonky)
    if parts is None:
        raise ChangekitError(f"{show(lead)!r} is not a legal lead")
    return tuple(sorted((part_shape(p, ctx) for p in parts), key=by_strength))


def beating_combo(part: Sequence[str], hand: Iterable[str], ctx: Context) -> Play | None:
    """The lowest combination of ``part``'s shape and effective suit in ``hand`` that beats it."""
    shape = part_shape(part, ctx)
    suit = ctx.eff[part[0]]
    counts = Counter(c for c in hand if ctx.eff[c] == suit)
    top = top_power(part, ctx)
    better = [p for p in combos_of(shape, counts, ctx) if top_power(p, ctx) > top]
    return min(better, key=lambda p: (top_power(p, ctx), p)) if better else None


def throw_failure(parts: Sequence[Play], hands: Sequence[tuple[int, Sequence[str]]],
                  ctx: Context) -> tuple[Play, int, Play] | None:
    """Why a throw fails, or ``None`` if every part is unbeatable: *ours*, the lowest part some
    other hand can beat (lowest top card, then fewest cards), the first seat of ``hands``
    (``(seat, cards)`` in play order) able to beat it, and the lowest combination that does.

    >>> ctx = context("C", "2")
    >>> throw_failure([("AD",), ("QD", "QD")], [(1, ["KD", "KD", "3S"]), (2, ["AD"])], ctx)
    (('QD', 'QD'), 1, ('KD', 'KD'))
    >>> throw_failure([("AD",), ("QD", "QD")], [(1, ["KD", "3S"]), (2, ["3C", "3C"])], ctx) is None
    True
    """
    for part in sorted(parts, key=lambda p: (top_power(p, ctx), len(p), p)):
        for seat, hand in hands:
            combo = beating_combo(part, hand, ctx)
            if combo is not None:
                return part, seat, combo
    return None


# ---- following -----------------------------------------------------------------------------
class Need(NamedTuple):
    """What a follower owes the lead, worked out from the hand before they play.

    ``short``: no more led-suit cards than the lead, so all of them must be played (and any
    others to make up the number). Otherwise the play is all led-suit cards holding, side by
    side, every combination of ``demand`` (strongest first): the lead's parts as far as the
    hand holds them, its tractors and wonky tractors standing in as their pairs and triples
    when the hand holds no such combination.
    """

    suit: str
    size: int
    short: bool
    suit_counts: dict[str, int]
    held: int
    demand: tuple[Shape, ...]
    places: Places  # where each owed shape can sit in the hand


def follow_need(hand: Iterable[str], lead: Sequence[str], ctx: Context, *,
                wonky: bool = True, split_triples: bool = False) -> Need:
    """The follow obligations of ``hand`` against ``lead`` (a legal lead or throw)."""
    shapes = SINGLE_LEAD if len(lead) == 1 else lead_shapes(lead, ctx, wonky=wonky)
    eff = ctx.eff
    suit = eff[lead[0]]
    n = len(lead)
    counts: dict[str, int] = {}
    for c in hand:
        if eff[c] == suit:
            counts[c] = counts.get(c, 0) + 1
    held = sum(counts.values())
    if held <= n or shapes is SINGLE_LEAD or all(kind == "single" for kind, _ in shapes):
        return Need(suit, n, held <= n, counts, held, (), {})

    def followable(k: int) -> bool:  # a pair the follower can be made to play
        return k >= 2 if split_triples else k == 2

    if shapes.count(PAIR) == len(shapes):
        # pairs only (pairs never overlap): as many as the lead has and the hand can be made to play
        owed = min(len(shapes), sum(1 for k in counts.values() if followable(k)))
        pair_spots = [{c: 2} for c, k in counts.items() if k >= 2]
        return Need(suit, n, False, counts, held, (PAIR,) * owed, {PAIR: pair_spots} if owed else {})
    demand: list[Shape] = []
    owed_places = places_of([*shapes, TRIPLE, PAIR], counts, ctx, followable)

    def owe(shape: Shape) -> bool:
        """Add ``shape`` to what is owed if the hand holds it beside what is owed already."""
        if fit_cost(demand + [shape], owed_places, {}) is None:
            return False
        demand.append(shape)
        return True

    triples = pairs = 0
    for kind, units in shapes:
        if kind == "tractor":
            pairs += 0 if owe((kind, units)) else units
        elif kind == "wonky":
            if not owe((kind, units)):
                triples, pairs = triples + 1, pairs + 1
        elif kind == "triple":
            triples += 1
        elif kind == "pair":
            pairs += 1
    for _ in range(triples):
        if not owe(TRIPLE):
            pairs += 1  # a triple the hand lacks is owed as a pair
    for _ in range(pairs):
        if not owe(PAIR):
            break
    return Need(suit, n, False, counts, held, tuple(demand), places_of(demand, counts, ctx))


def shortfall(need: Need, chosen: dict[str, int]) -> str | None:
    """The rule a (partial) choice of cards already breaks, or ``None`` if it can still be
    completed into a legal follow. ``chosen`` maps code → copies (all from the hand)."""
    size = sum(chosen.values())
    if size > need.size:
        return "size"
    in_suit = sum(k for c, k in chosen.items() if c in need.suit_counts)
    if need.short:
        return "follow-suit" if size - in_suit > need.size - need.held else None
    if in_suit != size:
        return "follow-suit"
    if not need.demand:
        return None
    room = need.size - size
    cost = fit_cost(need.demand, need.places, chosen)
    if cost is not None and cost <= room:
        return None
    for i in range(1, len(need.demand) + 1):  # name the first owed combination that no longer fits
        cost = fit_cost(need.demand[:i], need.places, chosen)
        if cost is None or cost > room:
            return "follow-" + need.demand[i - 1][0]
    raise AssertionError("unreachable: the whole demand did not fit")  # pragma: no cover


def next_cards(need: Need, chosen: dict[str, int], hand: Iterable[str]) -> list[str]:
    """The distinct cards of ``hand`` (what is left of it) that keep ``chosen`` completable
    into a legal follow: the follower's legal actions, one card at a time."""
    size = sum(chosen.values())
    if size >= need.size:
        return []
    codes = set(hand)
    suit = need.suit_counts
    if need.short:
        off_suit = size - sum(k for c, k in chosen.items() if c in suit)
        if off_suit < need.size - need.held:
            return list(codes)
        return list(codes.intersection(suit))
    if not need.demand:
        return list(codes.intersection(suit))
    if sum(k for c, k in chosen.items() if c in suit) != size:
        return []  # an off-suit card is down already: nothing completes it
    # what shortfall(need, chosen + c) checks, the sums done once: the owed combinations still fit
    room = need.size - size - 1
    demand, places = need.demand, need.places
    out = []
    if _one_kind(demand):
        # fit_cost's cheapest spots, worked out once: a card lowers by one the cost of the spots
        # that want it, which lowers the total only for a spot among the k cheapest
        spots, k = places[demand[0]], len(demand)
        if len(spots) < k:
            return []
        base = [_cost(spot, chosen) for spot in spots]
        cheapest = sorted(base)
        total, kth = sum(cheapest[:k]), cheapest[k - 1]
        if total <= room:
            return list(codes.intersection(suit))
        if total - 1 > room:
            return []
        wanted = {c for cost, spot in zip(base, spots, strict=True) if cost <= kth
                  for c, copies in spot.items() if copies > chosen.get(c, 0)}
        return list(codes.intersection(wanted))
    trial = dict(chosen)
    for c in codes:
        if c in suit:
            before = chosen.get(c, 0)
            trial[c] = before + 1
            cost = fit_cost(demand, places, trial)
            if cost is not None and cost <= room:
                out.append(c)
            trial[c] = before
    return out


def single_follows(hand: Iterable[str], lead: str, ctx: Context) -> list[str]:
    """The distinct cards of ``hand`` that may follow a one-card lead: those of its effective
    suit, or any card when the hand holds none (what :func:`next_cards` gives for a single,
    without working out a :class:`Need`: most follows are of singles)."""
    eff = ctx.eff
    suit = eff[lead]
    cards = {c for c in hand if eff[c] == suit}
    return list(cards or set(hand))


def follow_message(rule: str, need: Need, ctx: Context, cards: Sequence[str]) -> str:
    """Words for a follow refusal, naming what the hand holds."""
    suit = suit_name(need.suit)
    mine = sorted(need.suit_counts, key=trump_sort_key(ctx))
    if rule == "size":
        return f"a follow is exactly {need.size} card(s), the size of the lead; {show(cards)!r} is more"
    if rule == "follow-suit":
        if need.short:
            everything = [c for c in mine for _ in range(need.suit_counts[c])]
            return (f"you must follow {suit}: play all your {suit} ({show(everything)}) before any other card; "
                    f"{show(cards)!r} does not")
        off = next((c for c in cards if c not in need.suit_counts), cards[0] if cards else "")
        return f"you must follow {suit}: you hold {need.held} {suit} cards and {show([off])!r} is not one"
    if rule in ("follow-tractor", "follow-wonky"):
        shape = next(s for s in need.demand if s[0] == rule[len("follow-"):])
        example = combos_of(shape, need.suit_counts, ctx)[0]
        word = "a tractor" if rule == "follow-tractor" else "a wonky tractor"
        return f"you hold {word} in {suit} ({show(example)}) and must play {word}; {show(cards)!r} is not one"
    if rule == "follow-triple":
        triple = next(c for c in mine if need.suit_counts[c] >= 3)
        return f"you hold a triple of {suit} ({show([triple] * 3)}) and must play it; {show(cards)!r} has no triple"
    pairs = [c for c in mine if need.suit_counts[c] >= 2]
    owed = need.demand.count(PAIR)
    if owed == 1:
        return (f"you hold a pair of {suit} ({show(pairs[:1] * 2)}) and must play it; "
                f"{show(cards)!r} does not include a pair")
    return (f"you hold {owed} pairs of {suit} ({', '.join(show([p, p]) for p in pairs)}) and must play "
            f"{owed} pairs; {show(cards)!r} does not")


def follow_problem(hand: Sequence[str], lead: Sequence[str], play: Sequence[str], ctx: Context, *,
                   wonky: bool = True, split_triples: bool = False) -> tuple[str, str] | None:
    """``(rule, message)`` if ``play`` (all from ``hand``) is not a legal follow of ``lead``."""
    need = follow_need(hand, lead, ctx, wonky=wonky, split_triples=split_triples)
    if len(play) != need.size:
        return "size", f"a follow is exactly {need.size} card(s), the size of the lead, not {len(play)}"
    rule = shortfall(need, Counter(play))
    return None if rule is None else (rule, follow_message(rule, need, ctx, play))


def follow_plays(hand: Sequence[str], lead: Sequence[str], ctx: Context, *, wonky: bool = True,
                 split_triples: bool = False) -> list[Play]:
    """Every legal follow (as canonical plays) by depth-first search over the card-by-card
    choices; only for tests and small cases — the engine enumerates one card at a time."""
    need = follow_need(hand, lead, ctx, wonky=wonky, split_triples=split_triples)
    counts = Counter(hand)
    codes = sorted(counts, key=DECK_ORDER.__getitem__)
    out: list[Play] = []
    chosen: dict[str, int] = {}

    def rec(i: int, size: int) -> None:
        if shortfall(need, chosen) is not None:
            return
        if size == need.size:
            out.append(canonical(c for c, k in chosen.items() for _ in range(k)))
            return
        if i == len(codes):
            return
        code = codes[i]
        for k in range(min(counts[code], need.size - size), -1, -1):
            if k:
                chosen[code] = k
            else:
                chosen.pop(code, None)
            rec(i + 1, size + k)
        chosen.pop(code, None)

    rec(0, 0)
    return sorted(out)


# ---- whole plays: the checks an app makes before putting a play down card by card ----------------
def one_suit_message(cards: Sequence[str], ctx: Context) -> str:
    """Words for a throw that mixes suits."""
    suits = " and ".join(dict.fromkeys(suit_name(ctx.eff[c]) for c in cards))
    return f"a throw must be one suit (all trumps count as one suit); {show(cards)!r} mixes {suits}"


def _not_held(hand: Iterable[str], cards: Iterable[str]) -> tuple[str, str] | None:
    missing = Counter(cards) - Counter(hand)
    if missing:
        return "own-card", f"you can only play cards you hold: {show(sorted(missing.elements()))!r} not in your hand"
    return None


def lead_problem(hand: Iterable[str], cards: Sequence[str], ctx: Context, *, wonky: bool = True,
                 throws: bool = False, as_throw: bool = False) -> tuple[str, str] | None:
    """``(rule, message)`` if ``cards`` cannot be led from ``hand``: cards not held, or no single
    combination (with ``as_throw``: nor a throw, cards of one suit); ``throws`` says whether the
    game allows throws (a refusal then says how to throw). ``None`` if they can."""
    problem = _not_held(hand, cards)
    if problem or _shape_of(cards, ctx, wonky=wonky) is not None:
        return problem
    if as_throw:
        return None if len({ctx.eff[c] for c in cards}) == 1 else ("throw-one-suit", one_suit_message(cards, ctx))
    how = " (or, as a throw: ('throw', card) for each card, then ('throw',))" if throws else ""
    return "shape", (f"a lead is a single, pair, triple, tractor or wonky tractor in one suit{how}; "
                     f"{show(cards)!r} is none of these")


def play_problem(hand: Sequence[str], cards: Sequence[str], ctx: Context, *, lead: Sequence[str] | None = None,
                 down: Sequence[str] = (), wonky: bool = True, split_triples: bool = False,
                 throws: bool = False) -> tuple[str, str] | None:
    """``(rule, message)`` if ``cards`` from ``hand`` do not make a legal whole play together with
    the cards ``down`` this turn already (a throw under way, or the start of a follow): a lead
    when ``lead`` is ``None`` (a combination, or with ``throws`` a throw of one suit), else a
    follow of ``lead`` (:func:`follow_problem`). ``None`` if they do.

    >>> ctx = context("C", "2")
    >>> play_problem(["KD", "KD", "9S"], ["KD", "9S"], ctx)[0]
    'shape'
    >>> play_problem(["4D", "4D", "9D"], ["4D", "9D"], ctx, lead=["KD", "KD"])[0]
    'follow-pair'
    >>> play_problem(["4D", "9D"], ["4D"], ctx, lead=["KD", "KD"], down=["4D"]) is None
    True
    """
    if lead is None:
        problem = lead_problem(hand, cards, ctx, wonky=wonky, throws=throws, as_throw=throws)
        whole = [*down, *cards]
        if problem is None and down and len({ctx.eff[c] for c in whole}) > 1:
            return "throw-one-suit", one_suit_message(whole, ctx)
        return problem
    return _not_held(hand, cards) or follow_problem(
        [*hand, *down], lead, [*down, *cards], ctx, wonky=wonky, split_triples=split_triples)


# ---- winning a trick -----------------------------------------------------------------------
def _parse_play(play: object, i: int) -> Play:
    if isinstance(play, str) or not isinstance(play, (list, tuple)) or not play:
        raise ChangekitError(f"play {i} must be a non-empty list of card codes, not {play!r}")
    for c in play:
        if not isinstance(c, str) or c.upper() not in DECK_ORDER:
            raise ChangekitError(f"play {i}: cannot read a card from {c!r}; write it like '3C', '10D', 'SJ' or 'BJ'")
    return tuple(c.upper() for c in play)


def play_key(play: Sequence[str], shapes: Sequence[Shape], ctx: Context) -> int | None:
    """How strongly ``play`` copies a lead made of ``shapes`` (strongest first): the top card of
    its strongest part, the cards arranged as favourably as they allow; ``None`` when they cannot
    be arranged into those parts (the play cannot win). Any card can stand as a single."""
    counts = Counter(play)
    strongest, rest = shapes[0], [s for s in shapes[1:] if s[0] != "single"]
    for combo in sorted(combos_of(strongest, counts, ctx), key=lambda p: -top_power(p, ctx)):
        if not rest or fit_cost(rest, places_of(rest, dict(counts - Counter(combo)), ctx), {}) is not None:
            return top_power(combo, ctx)
    return None


def winning_index(plays: Sequence[Sequence[str]], ctx: Context, *, wonky: bool = True) -> int:
    """Index of the winning play (engine version: plays already checked)."""
    lead = plays[0]
    shapes = SINGLE_LEAD if len(lead) == 1 else lead_shapes(lead, ctx, wonky=wonky)
    led = ctx.eff[lead[0]]
    if len(shapes) == 1 and shapes[0][0] in ("single", "pair", "triple"):
        # one single, pair or triple led: what play_key says, directly (a copy is identical cards)
        power = ctx.power
        best, best_power = 0, power[lead[0]]
        for i in range(1, len(plays)):
            play = plays[i]
            first = play[0]
            if (ctx.eff[first] in (led, TRUMP) and power[first] > best_power
                    and (len(play) == 1 or all(c == first for c in play))):
                best, best_power = i, power[first]
        return best
    best, best_key = 0, play_key(lead, shapes, ctx) or 0
    for i in range(1, len(plays)):
        play = plays[i]
        suit = ctx.eff[play[0]]
        if (suit != led and suit != TRUMP) or any(ctx.eff[c] != suit for c in play):
            continue
        key = play_key(play, shapes, ctx)
        if key is not None and key > best_key:
            best, best_key = i, key
    return best


def trick_winner(plays: Sequence[Sequence[str]], trump_suit: str | None, trump_rank: str, *,
                 throws: bool = True) -> int:
    """Index of the winning play of a trick; ``plays`` in play order, the lead first.

    Only plays of the led shape, all in the led suit or all trumps, can win; among them the
    highest card decides (big joker, small joker, trump rank in the trump suit, trump rank in
    other suits — equal, the earlier play wins —, trump suit A..2, led suit A..2).

    A lead that is no single combination but cards of one suit is a *throw* (unless
    ``throws=False``), read into parts by :func:`throw_reading`. A play beats a throw only if
    it is all trumps (or all the led suit) and its cards can be arranged into the same parts;
    then the top cards of the strongest parts (tractors, then triples, pairs, singles)
    compare. Whether the throw was allowed (nobody could beat a part) is the engine's
    business, not this function's.

    >>> trick_winner([["4D"], ["3C"], ["5S"]], "C", "2")     # 3♣ is a trump
    1
    >>> trick_winner([["2H"], ["2S"], ["2C"]], "C", "2")     # 2♣ is the top trump-rank card
    2
    >>> trick_winner([["2H"], ["2S"]], "C", "2")             # equal: the earlier play wins
    0
    >>> trick_winner([["5D", "5D"], ["AD", "KD"], ["3C", "3C"]], "C", "2")  # only pairs win
    2
    >>> trick_winner([["AD", "KD", "KD"], ["3C", "4C", "4C"], ["5C", "5C", "SJ"]], "C", "2")  # a throw ruffed twice
    2
    """
    if isinstance(plays, str) or not isinstance(plays, (list, tuple)) or not plays:
        raise ChangekitError(f"plays must be a non-empty list of plays, not {plays!r}")
    parsed = [_parse_play(p, i) for i, p in enumerate(plays)]
    ctx = context(trump_suit, trump_rank)
    if lead_parts(parsed[0], ctx, throws=throws) is None:
        what = "a throw of one suit" if throws else "a throw (throws are off)"
        raise ChangekitError(f"the lead {show(parsed[0])!r} is not a single, pair, triple, tractor, wonky tractor "
                             f"or {what}")
    for i, p in enumerate(parsed):
        if len(p) != len(parsed[0]):
            raise ChangekitError(f"play {i} has {len(p)} cards but the lead has {len(parsed[0])}")
    return winning_index(parsed, ctx)


def points_in(cards: Iterable[str]) -> int:
    """Points in some cards: 5s are worth 5, 10s and kings 10."""
    return sum(CARD_POINTS[c] for c in cards)
