"""Counting in CHA-CHING!: exact chances that a fresh hand hits a target, and simulations.

Exact results enumerate every *card-count vector* of an 8-card hand (how many 1s, 5s, ...,
$s, zero cards) with its hypergeometric weight: the number of ways to pick those cards from
the deck, over C(deck size, 8). A hand with fixed cards summing to ``s`` and ``w`` wilds hits
``t`` when ``t - s`` is a total of ``w`` values from {1, 5, 10, 25, 50}: the coefficient of
``x^(t-s)`` in ``(x + x^5 + x^10 + x^25 + x^50)^w`` is non-zero (a generating function).

The default deck (15 of each kind) is an ASSUMPTION: the rule sheet gives no counts.
:data:`COMPOSITIONS` holds it and two other plausible 120-card decks.

Pure functions return data (``Fraction`` for exact values); the ``*_figure`` functions build
plotly figures and import plotly inside.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any, Callable, Iterable, Iterator, Mapping

from changekit.core import ChangekitError, play_out
from changekit.core.checks import (
    MAX_DOLLARS, MAX_HAND, checked, is_callable, is_items, is_one_of, is_rng, is_runs, is_seed, is_whole, one_of,
    optional,
)
from changekit.core.errors import InvalidArgument
from changekit.core.state import Event
from changekit.stats.exact import draw_ways
from changekit.stats.intervals import Estimate, mean_interval
from changekit.stats.stored import stored_run
from changekit.stats.tournaments import TournamentResult, bot_tournament, tournament_figure

from .bots import BOTS, GreedyBot, NoPowersBot, reach_after_changes
from .rules import (
    CARDS, DECK, DEFAULT_DECK, HAND_SIZE, NUMBERS, PILE, ChaChing, _card, can_reach, discard, normal_deck, penalty,
    wild_sums,
)

TARGETS: tuple[int, ...] = tuple(range(10, 100))

#: Three plausible 120-card decks; the first is the default (all are assumptions).
COMPOSITIONS: dict[str, dict[str, int]] = {
    "15 of each (default)": dict(DEFAULT_DECK),
    "more small cards": {"1": 25, "5": 20, "10": 20, "25": 15, "50": 10, "cent": 10, "wild": 10, "chaching": 10},
    "fewer wilds": {"1": 18, "5": 18, "10": 18, "25": 18, "50": 18, "cent": 12, "wild": 6, "chaching": 12},
}

Deck = Mapping[str, int] | None


# ---- argument checks ---------------------------------------------------------------------------
#: Cards in a deck given to the sympy generating functions (their expansion grows steeply: 20 cards
#: take over a second).
MAX_GF_CARDS = 16


def _is_deck(value: Any, name: str) -> dict[str, int] | None:
    """None (the default deck) or a deck dict card → count, checked by the rules."""
    if value is None:
        return None
    pairs = normal_deck(value)
    if sum(n for _, n in pairs) < HAND_SIZE:
        raise InvalidArgument(f"{name}: a deck needs at least {HAND_SIZE} cards to deal a hand, "
                              f"not {sum(n for _, n in pairs)}")
    return dict(pairs)


def _is_gf_deck(value: Any, name: str) -> dict[str, int]:
    if value is None:
        raise InvalidArgument(f"{name} is a dict card → count, not None")
    deck = dict(normal_deck(value))
    if sum(deck.values()) > MAX_GF_CARDS:
        raise InvalidArgument(f"{name}: the generating function expands up to {MAX_GF_CARDS} cards, "
                              f"not {sum(deck.values())}")
    return deck


def _is_hand_card(value: Any, name: str) -> str:
    return _card(value)


def _is_bot_name(value: Any, name: str) -> str:
    return one_of(value, name, sorted(BOTS))


_is_hand = is_items(MAX_HAND, "cards", each=_is_hand_card)
_is_target = is_whole(0, MAX_DOLLARS)
_is_targets = is_items(len(TARGETS), "targets", each=_is_target)


@checked(deck=_is_deck)
def deck_counts(deck: Deck = None) -> tuple[tuple[str, int], ...]:
    """A deck (dict card → count; None: the default) in canonical form, with at least 8 cards."""
    pairs = DEFAULT_DECK if deck is None else normal_deck(deck)
    if sum(n for _, n in pairs) < HAND_SIZE:
        raise ChangekitError(f"a deck needs at least {HAND_SIZE} cards to deal a hand, not {sum(n for _, n in pairs)}")
    return pairs


def _vectors(counts: tuple[int, ...], k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to hold ``k`` cards of kinds with ``counts`` copies: (vector, number of ways)."""
    for hand, ways in draw_ways(dict(enumerate(counts)), k):
        yield tuple(hand.get(i, 0) for i in range(len(counts))), ways


def _sum_kinds(pairs: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """Counts of (1, 5, 10, 25, 50, wild, zero) in a deck."""
    d = dict(pairs)
    return (d["1"], d["5"], d["10"], d["25"], d["50"], d["wild"], d["cent"] + d["chaching"])


def _fixed_total(vec: tuple[int, ...]) -> int:
    """What the number cards of a kind-count vector (see :func:`_sum_kinds`) add up to."""
    return sum(k * v for k, v in zip(vec[:len(NUMBERS)], NUMBERS, strict=True))


@lru_cache(maxsize=64)
def _hit_ways(pairs: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], int]:
    """Number of 8-card hands hitting each total 0..99 (indexed by total), and C(N, 8)."""
    counts = _sum_kinds(pairs)
    ways_by_total = [0] * 100
    for vec, ways in _vectors(counts, HAND_SIZE):
        fixed = _fixed_total(vec)
        mask = (wild_sums(vec[5]) << fixed) & ((1 << 100) - 1)
        while mask:
            low = mask & -mask
            ways_by_total[low.bit_length() - 1] += ways
            mask ^= low
    return tuple(ways_by_total), comb(sum(counts), HAND_SIZE)


@checked(target=_is_target, deck=_is_deck)
def prob_hand_hits(target: int, deck: Deck = None) -> Fraction:
    """Exact chance that 8 cards dealt from ``deck`` (default: 15 of each kind) reach ``target``.

    >>> prob_hand_hits(96) > prob_hand_hits(10)   # big targets are easier: most cards are big
    True
    >>> prob_hand_hits(400, {"50": 8}), prob_hand_hits(400, {"wild": 8})
    (Fraction(1, 1), Fraction(1, 1))
    """
    if isinstance(target, bool) or not isinstance(target, int):
        raise ChangekitError(f"a target is a whole number, not {target!r}")
    pairs = deck_counts(deck)
    if 0 <= target < 100:
        ways, total = _hit_ways(pairs)
        return Fraction(ways[target], total)
    counts = _sum_kinds(pairs)  # rare targets outside 0..99: count them directly
    hits = sum(ways for vec, ways in _vectors(counts, HAND_SIZE)
               if target - _fixed_total(vec) >= 0
               and wild_sums(vec[5]) >> (target - _fixed_total(vec)) & 1)
    return Fraction(hits, comb(sum(counts), HAND_SIZE))


@checked(deck=_is_deck)
def hit_probabilities(deck: Deck = None) -> dict[int, Fraction]:
    """``prob_hand_hits`` for every target 10..99 at once."""
    ways, total = _hit_ways(deck_counts(deck))
    return {t: Fraction(ways[t], total) for t in TARGETS}


def target_distribution() -> dict[int, Fraction]:
    """Exact distribution of the target: black die tens (a 0 rolled again), white die units.

    Conditioning two fair d10 on "black is not 0" leaves 90 equally likely pairs, one per
    target 10..99, so every target has chance 1/90.

    >>> dist = target_distribution()
    >>> len(dist), dist[10], sum(dist.values())
    (90, Fraction(1, 90), Fraction(1, 1))
    """
    pairs = [(b, w) for b in range(10) for w in range(10)]
    kept = [(b, w) for b, w in pairs if b != 0]
    dist: dict[int, Fraction] = {}
    for b, w in kept:
        dist[10 * b + w] = dist.get(10 * b + w, Fraction(0)) + Fraction(1, len(kept))
    return dist


@checked(deck=_is_deck)
def fresh_hit_chance(deck: Deck = None) -> Fraction:
    """The chance a fresh hand already reaches a freshly rolled target (one exact number)."""
    probs = hit_probabilities(deck)
    return sum((p * probs[t] for t, p in target_distribution().items()), Fraction(0))


@checked(deck=_is_deck)
def expected_penalty(deck: Deck = None) -> Fraction:
    """Exact expected penalty of a fresh 8-card hand.

    >>> expected_penalty({"25": 10})
    Fraction(200, 1)
    """
    pairs = deck_counts(deck)
    cards = [c for c, _ in pairs]
    total_ways = comb(sum(n for _, n in pairs), HAND_SIZE)
    acc = 0
    for vec, ways in _vectors(tuple(n for _, n in pairs), HAND_SIZE):
        hand = [c for c, k in zip(cards, vec, strict=True) for _ in range(k)]
        acc += ways * penalty(hand)
    return Fraction(acc, total_ways)


@checked(target=_is_target, deck=_is_deck)
def false_out_odds(target: int = 42, deck: Deck = None) -> dict[str, Fraction]:
    """The false go-out as a choice (the rule sheet's misplay: the caller alone scores the target,
    everyone else nothing). Two players, the opponent sure to go out next: claiming a false
    go-out now costs ``target``, waiting costs your hand's penalty. Over fresh 8-card hands that
    cannot make ``target``: the chance the penalty is larger (the false go-out is cheaper), and the
    penalty's mean.

    >>> odds = false_out_odds(42)
    >>> round(float(odds["cheaper"]), 3), round(float(odds["mean_penalty"]), 1)
    (0.99, 182.4)
    """
    pairs = deck_counts(deck)
    cards = [c for c, _ in pairs]
    missing = cheaper = penalties = 0
    for vec, ways in _vectors(tuple(n for _, n in pairs), HAND_SIZE):
        hand = [c for c, k in zip(cards, vec, strict=True) for _ in range(k)]
        if can_reach(hand, target):
            continue
        missing += ways
        cost = penalty(hand)
        penalties += ways * cost
        cheaper += ways * (cost > target)
    return {"cheaper": Fraction(cheaper, missing), "mean_penalty": Fraction(penalties, missing),
            "miss": Fraction(missing, comb(sum(n for _, n in pairs), HAND_SIZE))}


@checked(target=_is_target)
def false_out_html(target: int = 42) -> str:
    """Question 9's answer: how often a false go-out is the cheaper choice, exactly."""
    odds = false_out_odds(target)
    cheaper, mean_cost = odds["cheaper"], odds["mean_penalty"]
    return (f"Of the fresh hands that cannot make {target}, the penalty is larger than {target} with chance "
            f"<b>{float(cheaper):.1%}</b> (exactly {cheaper.numerator:,}/{cheaper.denominator:,}); such a hand's "
            f"penalty averages <b>{float(mean_cost):.1f}</b> points, against the {target} a false go-out costs.")


@checked(deck=_is_deck)
def wild_value(deck: Deck = None) -> dict[int, dict[str, Fraction]]:
    """For each number of $ cards w in a fresh hand: its chance, and the chance such a hand hits
    a fresh target (exact). Shows what a wild is worth."""
    pairs = deck_counts(deck)
    counts = _sum_kinds(pairs)
    targets = target_distribution()
    by_w: dict[int, list[int]] = {}
    for vec, ways in _vectors(counts, HAND_SIZE):
        fixed = _fixed_total(vec)
        mask = wild_sums(vec[5]) << fixed
        hits = sum(1 for t in targets if mask >> t & 1)  # each target has weight 1/90
        entry = by_w.setdefault(vec[5], [0, 0])
        entry[0] += ways
        entry[1] += ways * hits
    total = comb(sum(counts), HAND_SIZE)
    return {w: {"chance": Fraction(n, total), "hits_fresh_target": Fraction(h, n * len(targets))}
            for w, (n, h) in sorted(by_w.items())}


@lru_cache(maxsize=8)
def _changes_table(pairs: tuple[tuple[str, int], ...]) -> dict[int, tuple[Fraction, ...]]:
    counts = _sum_kinds(pairs)
    total = comb(sum(counts), HAND_SIZE)
    table = {t: [0] * (HAND_SIZE + 1) for t in TARGETS}
    for vec, ways in _vectors(counts, HAND_SIZE):
        masks = reach_after_changes(vec)
        for t in TARGETS:
            r = next(r for r, m in enumerate(masks) if m >> t & 1)
            table[t][r] += ways
    return {t: tuple(Fraction(w, total) for w in row) for t, row in table.items()}


@checked(target=is_one_of(*TARGETS), deck=_is_deck)
def changes_distribution(target: int, deck: Deck = None) -> dict[int, Fraction]:
    """Exact distribution of :func:`~.bots.changes_needed` for a fresh hand and ``target``."""
    row = _changes_table(deck_counts(deck))[target]
    return {r: p for r, p in enumerate(row) if p}


@checked(deck=_is_deck)
def mean_changes(deck: Deck = None) -> dict[int, Fraction]:
    """Expected number of changes a fresh hand needs, by target (the greedy bot's trade value)."""
    table = _changes_table(deck_counts(deck))
    return {t: sum((r * p for r, p in enumerate(row)), Fraction(0)) for t, row in table.items()}


@checked(hand=_is_hand, target=_is_target)
def wild_assignment(hand: Iterable[str], target: int) -> tuple[int, ...] | None:
    """Values for the hand's $ cards (highest first) that make ``target``, or None.

    >>> wild_assignment(["1", "1", "1", "5", "10", "wild", "25", "25"], 93)
    (25,)
    """
    cards = list(hand)
    if not can_reach(cards, target):
        return None
    fixed = sum(int(c) for c in cards if c not in ("cent", "wild", "chaching"))
    for values in combinations_with_replacement((50, 25, 10, 5, 1), cards.count("wild")):
        if fixed + sum(values) == target:
            return values
    raise AssertionError("unreachable: can_reach said yes")


@checked(hand=_is_hand, target=_is_target)
def explain_hand(hand: Iterable[str], target: int) -> str:
    """In words: how the hand makes ``target``, or what it can make instead (nearest totals).

    >>> explain_hand(["1", "1", "1", "5", "10", "wild", "25", "25"], 93)
    '1 + 1 + 1 + 5 + 10 + 25 + 25 = 68, and the $ counts 25: 93 exactly.'
    >>> explain_hand(["50"] * 8, 42)
    '50 + 50 + 50 + 50 + 50 + 50 + 50 + 50 = 400 cannot make 42.'
    """
    cards = list(hand)
    numbers = [c for c in cards if c not in ("cent", "wild", "chaching")]
    fixed = sum(int(c) for c in numbers)
    zeros = len(cards) - len(numbers) - cards.count("wild")
    head = " + ".join(numbers) if numbers else "no number cards"
    head += f" = {fixed}" if len(numbers) > 1 else ""
    if zeros:
        head += f" (and {zeros} card{'s' if zeros > 1 else ''} worth 0)"
    values = wild_assignment(cards, target)
    if values is not None:
        if not values:
            return f"{head}: {target} exactly."
        count = "counts" if len(values) == 1 else "count"
        return f"{head}, and the $ {count} {' + '.join(map(str, values))}: {target} exactly."
    wilds = cards.count("wild")
    if not wilds:
        return f"{head} cannot make {target}."
    mask = wild_sums(wilds) << fixed
    made = [t for t in range(max(0, target - 60), target + 61) if mask >> t & 1]
    near = sorted(made, key=lambda t: (abs(t - target), t))[:2]
    return (f"{head} with {wilds} $ card{'s' if wilds > 1 else ''} cannot make {target}"
            + (f"; the nearest totals it can make are {' and '.join(map(str, sorted(near)))}." if near else "."))


# ---- generating functions (sympy, for the notebook) ------------------------------------------
@checked(deck=_is_gf_deck, size=is_whole(0, 2 * HAND_SIZE))
def hand_generating_function(deck: Mapping[str, int], size: int) -> Any:
    """The sympy polynomial whose coefficient of ``z^w x^s`` counts the ``size``-card hands
    with ``w`` wilds and fixed cards summing to ``s``:
    ``[y^size] prod over kinds of (1 + y x^value)^count``, a $ contributing ``y z``.

    >>> import sympy
    >>> x, z = sympy.symbols("x z")
    >>> hand_generating_function({"1": 2, "wild": 1}, 2)
    x**2 + 2*x*z
    """
    import sympy  # sympy takes about a second to import: only the generating functions need it

    x, y, z = sympy.symbols("x y z")
    pairs = dict(normal_deck(deck))
    poly = sympy.Integer(1)
    for card, n in pairs.items():
        if not n:
            continue
        term = y * z if card == "wild" else (y if card in ("cent", "chaching") else y * x ** int(card))
        poly *= (1 + term) ** n
    return sympy.expand(sympy.expand(poly).coeff(y, size))


@checked(wilds=is_whole(0, 2 * HAND_SIZE))
def wild_generating_function(wilds: int) -> Any:
    """``(x + x^5 + x^10 + x^25 + x^50)^wilds``: its non-zero coefficients are the totals
    ``wilds`` $ cards can make."""
    import sympy  # sympy takes about a second to import: only the generating functions need it

    x = sympy.symbols("x")
    return sympy.expand((x + x**5 + x**10 + x**25 + x**50) ** wilds)


@checked(deck=_is_gf_deck, size=is_whole(0, 2 * HAND_SIZE), target=_is_target)
def hits_from_generating_function(deck: Mapping[str, int], size: int, target: int) -> Fraction:
    """The hit chance for ``size``-card hands, read off :func:`hand_generating_function`."""
    if size > sum(deck.values()):
        raise InvalidArgument(f"size: a deck of {sum(deck.values())} cards deals no hand of {size}")
    import sympy  # sympy takes about a second to import: only the generating functions need it

    x, z = sympy.symbols("x z")
    poly = sympy.Poly(hand_generating_function(deck, size), x, z)
    hits = 0
    for (s, w), coefficient in poly.terms():
        if target - s >= 0 and wild_sums(w) >> (target - s) & 1:
            hits += int(coefficient)
    return Fraction(hits, comb(sum(dict(normal_deck(deck)).values()), size))


# ---- simulations ---------------------------------------------------------------------------
@checked(target=_is_target, deck=_is_deck, rng=is_rng, cap=is_whole(0, 10_000))
def solo_turns(target: int, *, deck: Deck = None, rng: random.Random, cap: int = 200) -> int:
    """Turns one greedy player needs to reach ``target`` alone (no CHA-CHING powers), from a
    fresh deal; 0 if the dealt hand already hits. Capped at ``cap``."""
    pairs = deck_counts(deck)
    if sum(n for _, n in pairs) <= HAND_SIZE:
        raise InvalidArgument(f"deck: a solo game deals {HAND_SIZE} cards and turns one up: it needs {HAND_SIZE + 1}")
    cards = [c for c, n in pairs for _ in range(n)]
    rng.shuffle(cards)
    hand, pile, stock = cards[:HAND_SIZE], [cards[HAND_SIZE]], cards[HAND_SIZE + 1:]
    bot = GreedyBot()
    turns = 0
    while not can_reach(hand, target) and turns < cap:
        turns += 1
        view = {"hand": hand, "target": target, "black": target // 10, "white": target % 10, "phase": "draw",
                "discards": pile}
        if bot.choose(view, [DECK, PILE], rng=rng) == PILE:
            hand = [*hand, pile.pop()]
        else:
            if not stock:
                stock, pile = pile[:-1], pile[-1:]
                rng.shuffle(stock)
            hand = [*hand, stock.pop()]
        legal = [discard(c) for c in CARDS if c in hand]
        view.update(hand=hand, phase="discard")
        card = bot.choose(view, legal, rng=rng).card  # a Discard: the only moves offered
        hand.remove(card)
        pile.append(card)
    return turns


@checked(targets=_is_targets, games=is_runs, seed=is_seed, deck=_is_deck)
def turns_to_go_out(targets: Iterable[int] = (10, 25, 40, 55, 70, 85, 99), *, games: int = 200,
                    seed: int = 0, deck: Deck = None) -> dict[int, Estimate]:
    """Mean turns a solo greedy player needs, per target, with 95 % intervals (simulation)."""
    master = random.Random(seed)
    out = {}
    for t in targets:
        values = [float(solo_turns(t, deck=deck, rng=random.Random(master.getrandbits(64)))) for _ in range(games)]
        out[t] = mean_interval(values)
    return out


@checked(players=is_whole(ChaChing.min_players, ChaChing.max_players), games=is_runs, seed=is_seed, deck=_is_deck,
         bots=is_items(8, "bot names", each=_is_bot_name))
def round_statistics(*, players: int = 4, games: int = 20, seed: int = 0, deck: Deck = None,
                     bots: tuple[str, ...] = ("greedy",)) -> dict[str, Estimate]:
    """Greedy bots play whole games: turns per round and penalty per losing hand (simulation).

    Each round is a fresh deal, but the losing hands of one round share its target and its length,
    so they are not independent: the penalty's interval is taken over rounds (each round's mean
    losing hand), not over hands. Its mean is the mean over hands all the same, since every round
    that ends with a player going out has ``players - 1`` losing hands."""
    master = random.Random(seed)
    options: dict[str, Any] = {"players": players}
    if deck is not None:
        options["deck"] = deck
    game = ChaChing(**options)
    turns: list[float] = []
    penalties: list[float] = []
    for _ in range(games):
        state = game.new_state(seed=master.getrandbits(32))
        seats = [BOTS[bots[i % len(bots)]]() for i in range(players)]
        play_out(state, seats, rng=random.Random(master.getrandbits(64)))
        count = 0
        for event in state.log:
            count += _is_turn(event)
            if event.kind == "round":
                count = 0
            elif event.kind in ("out", "false_out"):
                turns.append(float(count))
                if event.kind == "out":
                    losers = [float(s) for p, s in enumerate(event.data["scored"]) if p != event.data["player"]]
                    penalties.append(sum(losers) / len(losers))
    return {"turns_per_round": mean_interval(turns), "penalty_per_losing_hand": mean_interval(penalties)}


def _is_turn(event: Event) -> int:
    return int(event.kind == "draw")


# ---- answers shown by the notebook's questions -----------------------------------------------
@checked(targets=_is_targets, deck=_is_deck)
def hit_chances_html(targets: Iterable[int] = (10, 55, 96), deck: Deck = None) -> str:
    """A table of the exact chance that a fresh hand already makes each of ``targets``."""
    rows = "".join(f"<tr><td>{t}</td><td>{p} ≈ {float(p):.4f}</td></tr>"
                   for t in targets for p in [prob_hand_hits(t, deck)])
    return f"<table><tr><th>target</th><th>exact chance</th></tr>{rows}</table>"


def fresh_hit_html() -> str:
    dist = target_distribution()
    p = fresh_hit_chance()
    return (f"Each of the {len(dist)} targets has chance <b>{dist[10]}</b> (re-rolling a black 0 leaves 90 equally "
            f"likely pairs). A fresh hand makes a fresh target with chance <b>{p.numerator:,}/{p.denominator:,} ≈ "
            f"{float(p):.4f}</b>, about 1 in {round(1 / float(p))}.")


@checked(most=is_whole(0, HAND_SIZE))
def wild_value_html(most: int = 4) -> str:
    """By number of `$` cards: share of fresh hands and chance to make a fresh target; and the
    exact expected penalty of a fresh hand."""
    rows = "".join(f"<tr><td>{k}</td><td>{float(d['chance']):.2%}</td><td>{float(d['hits_fresh_target']):.2%}</td></tr>"
                   for k, d in wild_value().items() if k <= most)
    e = expected_penalty()
    return ("<table><tr><th>$ cards</th><th>share of hands</th><th>makes a fresh target</th></tr>" + rows + "</table>"
            f"Expected penalty of a fresh 8-card hand: <b>{float(e):.2f}</b> points "
            f"(exact: {e.numerator:,}/{e.denominator:,}).")


# ---- the CHA-CHING card's re-roll -------------------------------------------------------------
#: Question 7's position: your 8 cards once the CHA-CHING card is discarded, and the target.
REROLL_HAND = ("1", "1", "5", "10", "cent", "cent", "wild", "wild")
REROLL_TARGET = 42


@checked(hand=_is_hand, target=is_whole(10, 99))
def reroll_chances(hand: Iterable[str] = REROLL_HAND, target: int = REROLL_TARGET) -> dict[str, Fraction]:
    """The exact chance that ``hand`` (8 cards) makes the new target at once, for each re-roll a
    discarded CHA-CHING card allows: ``"black"`` (the tens, 1-9: a black 0 is rolled again),
    ``"white"`` (the units, 0-9) or ``"both"`` (each of the 90 targets alike).

    >>> reroll_chances()["black"]
    Fraction(4, 9)
    """
    cards = list(hand)
    if len(cards) != HAND_SIZE:
        raise InvalidArgument(f"a hand holds {HAND_SIZE} cards, not {len(cards)}")
    tens, units = divmod(target, 10)
    outcomes = {"black": [10 * black + units for black in range(1, 10)],
                "white": [10 * tens + white for white in range(10)],
                "both": list(target_distribution())}
    return {dice: Fraction(sum(can_reach(cards, t) for t in targets), len(targets))
            for dice, targets in outcomes.items()}


@checked(hand=_is_hand)
def reachable_targets(hand: Iterable[str] = REROLL_HAND) -> list[int]:
    """The targets (10-99) that ``hand`` makes, its `$` cards valued freely."""
    cards = list(hand)
    return [t for t in target_distribution() if can_reach(cards, t)]


def reroll_html(hand: Iterable[str] = REROLL_HAND, target: int = REROLL_TARGET) -> str:
    """Question 7's answer: each re-roll's exact chance, and the targets the hand can make."""
    chances = reroll_chances(hand, target)
    best = max(chances.values())
    words = {"black": "the black die (tens)", "white": "the white die (units)", "both": "both dice"}
    rows = "".join(
        f"<tr><td>{words[dice]}</td><td>{'<b>' if p == best else ''}{p} ≈ {float(p):.3f}"
        f"{'</b>' if p == best else ''}</td></tr>" for dice, p in chances.items())
    made = ", ".join(map(str, reachable_targets(hand)))
    return (f'<table aria-label="each re-roll\'s chance"><tr><th>re-roll</th><th>chance the hand makes the new '
            f"target</th></tr>{rows}</table><p>The targets this hand can make: {made}.</p>")


# ---- what the CHA-CHING card's powers are worth --------------------------------------------------
@checked(players=is_whole(ChaChing.min_players, ChaChing.max_players), games=is_runs, seed=is_seed,
         progress=optional(is_callable))
def powers_tournament(*, players: int = 4, games: int = 400, seed: int = 2026,
                      progress: Callable[[float], None] | None = None) -> TournamentResult:
    """One greedy bot that uses the CHA-CHING card's powers against ``players - 1`` greedy bots that
    never do (:class:`~.bots.NoPowersBot`), whole games to 1000, seats rotated (simulation)."""
    lineup = [GreedyBot(), *(NoPowersBot() for _ in range(players - 1))]
    return bot_tournament(ChaChing(players=players), lineup, games=games, seed=seed, progress=progress)


#: Question 8's games (about ten seconds): stored, shown at once (``replay=True`` plays them again).
question8_powers = stored_run(__name__, "q8", powers_tournament, games=400)


def powers_figure(result: TournamentResult) -> Any:
    """Question 8's chart: each seat's win rate with its 95 % interval, and the fair share."""
    return tournament_figure(result, title=f"The CHA-CHING powers against none: {result.games} games, "
                                           "95 % intervals")


def round_statistics_html(**where: Any) -> str:
    stats = round_statistics(**where)
    return "<ul>" + "".join(f"<li>{name.replace('_', ' ')}: {est}</li>" for name, est in stats.items()) + "</ul>"


def compositions_html() -> str:
    """The plausible decks side by side: counts and the chance a fresh hand hits a fresh target."""
    rows = "".join(f"<tr><td>{name}</td><td>{', '.join(f'{k}: {v}' for k, v in deck.items())}</td>"
                   f"<td>{float(fresh_hit_chance(deck)):.2%}</td></tr>" for name, deck in COMPOSITIONS.items())
    return "<table><tr><th>deck</th><th>counts</th><th>fresh hand hits fresh target</th></tr>" + rows + "</table>"


# ---- figures ------------------------------------------------------------------------------
def hit_probability_figure(decks: Mapping[str, Deck] | None = None) -> Any:
    """Bar chart: chance a fresh hand hits each target 10..99, one trace per deck."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it

    decks = decks if decks is not None else {"15 of each (default)": None}
    fig = go.Figure()
    for name, deck in decks.items():
        probs = hit_probabilities(deck)
        fig.add_bar(x=list(probs), y=[float(p) for p in probs.values()], name=name)
    fig.update_layout(title="Chance that a fresh hand already hits the target", xaxis_title="target",
                      yaxis_title="probability", barmode="group", height=380)
    return fig


def turns_figure(estimates: Mapping[int, Estimate] | None = None) -> Any:
    """Mean turns to go out (solo greedy) against the target, with 95 % error bars; empty until
    :func:`update_turns_figure` fills it when ``estimates`` is None."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it

    fig = go.Figure(go.Scatter(x=[], y=[], mode="markers+lines", name="mean turns"))
    fig.update_layout(title="Turns a greedy player needs to go out", xaxis_title="target",
                      yaxis_title="turns (mean, 95 % interval)", height=340)
    if estimates:
        update_turns_figure(fig, estimates)
    return fig


def update_turns_figure(fig: Any, estimates: Mapping[int, Estimate]) -> None:
    """Put ``estimates`` into a chart made by :func:`turns_figure`, in place."""
    ts = list(estimates)
    with fig.batch_update():
        fig.data[0].x = ts
        fig.data[0].y = [estimates[t].value for t in ts]
        fig.data[0].error_y = {"type": "data", "symmetric": False,
                               "array": [estimates[t].high - estimates[t].value for t in ts],
                               "arrayminus": [estimates[t].value - estimates[t].low for t in ts]}


def wild_value_figure(deck: Deck = None) -> Any:
    """Chance of hitting a fresh target against the number of $ cards in the hand."""
    import plotly.graph_objects as go  # plotly is heavy to import: only the figures need it

    from changekit.ui.theme import PALETTE  # the ui's chart look: only the figure half draws

    data = wild_value(deck)
    # the kit's dark blue: white words on plotly's own lighter blue were 4.1:1, under 4.5
    fig = go.Figure(go.Bar(x=[f"{w} × $" for w in data], y=[float(d["hits_fresh_target"]) for d in data.values()],
                           text=[f"{float(d['chance']):.1%} of hands" for d in data.values()],
                           marker_color=PALETTE[0]))
    fig.update_layout(title="What a wild is worth: hit chance by number of $ cards", yaxis_title="probability",
                      height=340)
    return fig


__all__ = [
    "COMPOSITIONS", "TARGETS", "changes_distribution", "expected_penalty", "explain_hand", "wild_assignment",
    "fresh_hit_chance",
    "hand_generating_function", "hit_probabilities", "hit_probability_figure", "hits_from_generating_function",
    "mean_changes", "powers_figure", "powers_tournament", "prob_hand_hits", "question8_powers", "round_statistics",
    "solo_turns", "target_distribution", "turns_figure",
    "turns_to_go_out", "update_turns_figure", "wild_generating_function", "wild_value", "wild_value_figure",
]
