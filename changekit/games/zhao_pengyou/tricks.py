"""Zhao Pengyou's card logic as pure functions: trumps, play shapes, follow rules, trick winner.

Cards are ASCII codes ("3C", "10D", "SJ" small joker, "BJ" big joker), the notation of
:class:`changekit.core.cards.Card`. Everything here depends only on the trump suit and the
trump rank, so the engine, the bots, the app and the tests share one definition.

>>> trick_winner([["4D"], ["3C"], ["5S"]], "C", "2")   # the sheet's example: trump ♣, ♦ led
1
>>> shape_of(("5D", "5D", "6D", "6D"), context("C", "2"))
('tractor', 2)
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, NamedTuple, Sequence

from changekit.core.cards import JOKERS, RANKS, SUIT_SYMBOLS, SUITS
from changekit.core.errors import ChangekitError

#: every card code once, in a fixed "deck order" (suits S, H, D, C; ranks 2..A; then jokers)
ALL_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
DECK_ORDER: dict[str, int] = {c: i for i, c in enumerate(ALL_CODES)}
RANK_OF: dict[str, str] = {c: (c if c in JOKERS else c[:-1]) for c in ALL_CODES}
SUIT_OF: dict[str, str | None] = {c: (None if c in JOKERS else c[-1]) for c in ALL_CODES}
CARD_POINTS: dict[str, int] = {c: {"5": 5, "10": 10, "K": 10}.get(RANK_OF[c], 0) for c in ALL_CODES}
TRUMP = "T"  # the effective suit of every trump

Play = tuple[str, ...]
Shape = tuple[str, int]  # (kind, units): ("single", 1), ("pair", 1), ("triple", 1), ("tractor", k), ("wonky", 2)


class Context(NamedTuple):
    """Per-trump lookups: effective suit, position in its suit's sequence, trick power."""

    trump_suit: str | None
    trump_rank: str
    eff: dict[str, str]          # "T" for trumps, else the card's suit
    seq: dict[str, int | None]   # consecutive index within the suit (trump rank skipped); None for jokers and trump-rank cards
    power: dict[str, int]        # higher wins; trumps 60..100, plain suits 0..11


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
    return Context(trump_suit, trump_rank, eff, seq, power)


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


def _runs(suit_counts: dict[str, int], ctx: Context, minimum: int) -> dict[str | None, list[list[str]]]:
    """Maximal runs of consecutive codes (per real suit) held at least ``minimum`` times."""
    by_suit: dict[str | None, dict[int, str]] = {}
    for code, k in suit_counts.items():
        s = ctx.seq[code]
        if s is not None and k >= minimum:
            by_suit.setdefault(SUIT_OF[code], {})[s] = code
    out: dict[str | None, list[list[str]]] = {}
    for suit, held in by_suit.items():
        runs: list[list[str]] = []
        for s in sorted(held):
            if runs and ctx.seq[runs[-1][-1]] == s - 1:
                runs[-1].append(held[s])
            else:
                runs.append([held[s]])
        out[suit] = runs
    return out


def tractors(counts: dict[str, int], ctx: Context, length: int | None = None,
             pair_ok=lambda k: k >= 2) -> list[Play]:
    """Every tractor (of ``length`` pairs, or any length ≥ 2) whose ranks pass ``pair_ok``."""
    usable = {c: k for c, k in counts.items() if pair_ok(k)}
    found: list[Play] = []
    for runs in _runs(usable, ctx, 2).values():
        for run in runs:
            for i in range(len(run)):
                for j in range(i + 2, len(run) + 1):
                    if length is None or j - i == length:
                        found.append(canonical(c for code in run[i:j] for c in (code, code)))
    return found


def wonkies(counts: dict[str, int], ctx: Context, pair_ok=lambda k: k >= 2) -> list[Play]:
    """Every wonky tractor (a triple and a pair on adjacent ranks, either way round)."""
    found: list[Play] = []
    by_seq: dict[tuple[str | None, int], str] = {}
    for code in counts:
        s = ctx.seq[code]
        if s is not None:
            by_seq[(SUIT_OF[code], s)] = code
    for (suit, s), low in by_seq.items():
        high = by_seq.get((suit, s + 1))
        if high is None:
            continue
        if counts[low] >= 3 and pair_ok(counts[high]):
            found.append(canonical([low] * 3 + [high] * 2))
        if pair_ok(counts[low]) and counts[high] >= 3:
            found.append(canonical([low] * 2 + [high] * 3))
    return found


def lead_plays(hand: Iterable[str], ctx: Context, *, wonky: bool = True) -> list[Play]:
    """Every legal lead from ``hand``: singles, pairs, triples, tractors, wonky tractors."""
    counts = Counter(hand)
    plays: list[Play] = []
    for code in sorted(counts, key=DECK_ORDER.__getitem__):
        k = counts[code]
        plays.append((code,))
        if k >= 2:
            plays.append((code, code))
        if k >= 3:
            plays.append((code, code, code))
    plays += tractors(counts, ctx)
    if wonky:
        plays += wonkies(counts, ctx)
    return plays


# ---- following -----------------------------------------------------------------------------
class Need(NamedTuple):
    """What a follower owes the lead, worked out from the hand before they play.

    ``short``: fewer led-suit cards than the lead, so all of them must be played (and any
    others to make up the number). Otherwise the play is all led-suit cards and, when
    ``combos`` is set, one of those combinations (a tractor or wonky tractor of the lead's
    kind is held), else it must hold ``triples`` triples and ``pairs`` further pairs.
    """

    suit: str
    size: int
    short: bool
    suit_counts: dict[str, int]
    held: int
    kind: str
    combos: tuple[Play, ...] | None
    triples: int
    pairs: int


def follow_need(hand: Iterable[str], lead: Sequence[str], ctx: Context, *,
                wonky: bool = True, split_triples: bool = False) -> Need:
    """The follow obligations of ``hand`` against ``lead`` (a legal lead)."""
    shape = shape_of(lead, ctx, wonky=wonky)
    if shape is None:
        raise ChangekitError(f"{show(lead)!r} is not a legal lead")
    kind, units = shape
    suit = ctx.eff[lead[0]]
    n = len(lead)
    counts: dict[str, int] = {}
    for c in hand:
        if ctx.eff[c] == suit:
            counts[c] = counts.get(c, 0) + 1
    held = sum(counts.values())
    if held <= n:
        return Need(suit, n, True, counts, held, kind, None, 0, 0)

    def followable(k: int) -> bool:  # a pair the follower can be made to play
        return k >= 2 if split_triples else k == 2

    combos: tuple[Play, ...] | None = None
    if kind == "tractor" and tractors(counts, ctx, units, followable):
        combos = tuple(tractors(counts, ctx, units))
    elif kind == "wonky" and wonkies(counts, ctx, followable):
        combos = tuple(wonkies(counts, ctx))
    triples = pairs = 0
    if combos is None:
        lead_triples = 1 if kind in ("triple", "wonky") else 0
        lead_pairs = {"pair": 1, "tractor": units, "wonky": 1}.get(kind, 0)
        triples = min(lead_triples, sum(1 for k in counts.values() if k >= 3))
        pair_ranks = sum(1 for k in counts.values() if followable(k)) - (triples if split_triples else 0)
        pairs = min(lead_pairs + lead_triples - triples, pair_ranks)
    return Need(suit, n, False, counts, held, kind, combos, triples, pairs)


def _subset(small: dict[str, int], big: Counter) -> bool:
    return all(big[c] >= k for c, k in small.items())


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
    if need.combos is not None:
        return None if any(_subset(chosen, Counter(combo)) for combo in need.combos) else "follow-" + need.kind
    if not need.triples and not need.pairs:
        return None
    best_triple_cost = None
    best = None
    candidates = [c for c, k in need.suit_counts.items() if k >= 3] if need.triples else [None]
    for triple in candidates:
        cost = max(0, 3 - chosen.get(triple, 0)) if triple else 0
        if triple and (best_triple_cost is None or cost < best_triple_cost):
            best_triple_cost = cost
        extra = sorted(max(0, 2 - chosen.get(c, 0)) for c, k in need.suit_counts.items() if k >= 2 and c != triple)
        if len(extra) < need.pairs:
            continue
        cost += sum(extra[:need.pairs])
        best = cost if best is None else min(best, cost)
    if best is not None and size + best <= need.size:
        return None
    if need.triples and (best_triple_cost is None or size + best_triple_cost > need.size):
        return "follow-triple"
    return "follow-pair"


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
        return [c for c in codes if c in suit]
    if need.combos is None and not need.triples and not need.pairs:
        return [c for c in codes if c in suit]
    out = []
    trial = dict(chosen)
    for c in codes:
        if c in suit:
            trial[c] = chosen.get(c, 0) + 1
            if shortfall(need, trial) is None:
                out.append(c)
            trial[c] = chosen.get(c, 0)
    return out


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
        example = need.combos[0] if need.combos else ()
        word = "a tractor" if rule == "follow-tractor" else "a wonky tractor"
        return f"you hold {word} in {suit} ({show(example)}) and must play {word}; {show(cards)!r} is not one"
    if rule == "follow-triple":
        triple = next(c for c in mine if need.suit_counts[c] >= 3)
        return f"you hold a triple of {suit} ({show([triple] * 3)}) and must play it; {show(cards)!r} has no triple"
    pairs = [c for c in mine if need.suit_counts[c] >= 2]
    if need.pairs == 1:
        return (f"you hold a pair of {suit} ({show(pairs[:1] * 2)}) and must play it; "
                f"{show(cards)!r} does not include a pair")
    return (f"you hold {need.pairs} pairs of {suit} ({', '.join(show([p, p]) for p in pairs)}) and must play "
            f"{need.pairs} pairs; {show(cards)!r} does not")


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


# ---- winning a trick -----------------------------------------------------------------------
def _parse_play(play: object, i: int) -> Play:
    if isinstance(play, str) or not isinstance(play, (list, tuple)) or not play:
        raise ChangekitError(f"play {i} must be a non-empty list of card codes, not {play!r}")
    for c in play:
        if not isinstance(c, str) or c.upper() not in DECK_ORDER:
            raise ChangekitError(f"play {i}: cannot read a card from {c!r}; write it like '3C', '10D', 'SJ' or 'BJ'")
    return tuple(c.upper() for c in play)


def winning_index(plays: Sequence[Play], ctx: Context, *, wonky: bool = True) -> int:
    """Index of the winning play (engine version: plays already checked)."""
    lead = plays[0]
    shape = shape_of(lead, ctx, wonky=wonky)
    led = ctx.eff[lead[0]]
    power = ctx.power
    best, best_power = 0, max(power[c] for c in lead)
    for i in range(1, len(plays)):
        play = plays[i]
        suit = ctx.eff[play[0]]
        if suit != led and suit != TRUMP:
            continue
        if shape_of(play, ctx, wonky=wonky) != shape:  # also checks the play is in one suit
            continue
        top = max(power[c] for c in play)
        if top > best_power:
            best, best_power = i, top
    return best


def trick_winner(plays: Sequence[Sequence[str]], trump_suit: str | None, trump_rank: str) -> int:
    """Index of the winning play of a trick; ``plays`` in play order, the lead first.

    Only plays of the led shape, all in the led suit or all trumps, can win; among them the
    highest card decides (big joker, small joker, trump rank in the trump suit, trump rank in
    other suits — equal, the earlier play wins —, trump suit A..2, led suit A..2).

    >>> trick_winner([["4D"], ["3C"], ["5S"]], "C", "2")     # 3♣ is a trump
    1
    >>> trick_winner([["2H"], ["2S"], ["2C"]], "C", "2")     # 2♣ is the top trump-rank card
    2
    >>> trick_winner([["2H"], ["2S"]], "C", "2")             # equal: the earlier play wins
    0
    >>> trick_winner([["5D", "5D"], ["AD", "KD"], ["3C", "3C"]], "C", "2")  # only pairs win
    2
    """
    if isinstance(plays, str) or not isinstance(plays, (list, tuple)) or not plays:
        raise ChangekitError(f"plays must be a non-empty list of plays, not {plays!r}")
    parsed = [_parse_play(p, i) for i, p in enumerate(plays)]
    ctx = context(trump_suit, trump_rank)
    if shape_of(parsed[0], ctx) is None:
        raise ChangekitError(f"the lead {show(parsed[0])!r} is not a single, pair, triple, tractor or wonky tractor")
    for i, p in enumerate(parsed):
        if len(p) != len(parsed[0]):
            raise ChangekitError(f"play {i} has {len(p)} cards but the lead has {len(parsed[0])}")
    return winning_index(parsed, ctx)


def points_in(cards: Iterable[str]) -> int:
    """Points in some cards: 5s are worth 5, 10s and kings 10."""
    return sum(CARD_POINTS[c] for c in cards)
