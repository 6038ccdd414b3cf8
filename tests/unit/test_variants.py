"""Variants (issue 46): every lesson question of every registered game either makes a fresh
instance of itself or says why it has none; each variant is seeded, varied, accepted by
``make_variant``, and — the point — its right answer agrees with an INDEPENDENT computation
written here from the rule sheets (/work/shared/rules/, docs/rules.md): a brute-force enumeration
or a closed form, reading the instance's numbers from the text the student sees, never calling the
function that made the instance.

Where the independent computation would be a full solver or a long enumeration, it is a small
brute force and the check is limited to small parameters (each such checker says so)."""
from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from math import comb

import pytest

from changekit.core.questions import LessonQuestion, QuestionInstance
from changekit.registry import all_specs

QUESTIONS: list[LessonQuestion] = [q for spec in all_specs() for q in spec.lesson_questions()]
WITH_VARIANTS = [q for q in QUESTIONS if q.variant is not None]
SEEDS = range(40)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.qid)
def test_every_question_has_a_variant_or_says_why_not(question):
    assert question.variant is not None or question.no_variant.strip(), question.qid
    assert not (question.variant is not None and question.no_variant), f"{question.qid}: both a variant and a reason"


@lru_cache(maxsize=None)
def _instances(qid: str) -> tuple[QuestionInstance, ...]:
    """Each seed's instance, made once for the tests that read them."""
    question = next(q for q in WITH_VARIANTS if q.qid == qid)
    return tuple(question.make_variant(seed) for seed in SEEDS)


def _right_answer(instance: QuestionInstance):
    """The right answer as the checkers compare it: the set of right choices, or the range."""
    if "choices" in instance.correct:
        return set(instance.correct["choices"])
    low, high = instance.correct["range"]
    return (low, high)


@pytest.mark.parametrize("question", WITH_VARIANTS, ids=lambda q: q.qid)
def test_a_variant_is_seeded_varied_and_well_formed(question):
    made = _instances(question.qid)
    again = [question.make_variant(seed) for seed in SEEDS[:10]]
    assert list(made[:10]) == again, "the same seed must give the same instance"
    assert len({(m.text, str(m.correct)) for m in made}) >= 5, "different seeds give too few different instances"
    for instance in made:
        assert instance.qid == question.qid and instance.text.strip() and instance.exact.strip()
        if "choices" in instance.correct:
            assert set(instance.correct["choices"]) <= set(instance.how["choices"])
            assert len(set(instance.how["choices"])) == len(instance.how["choices"]) >= 2
        else:
            low, high = instance.correct["range"]
            kind = instance.kind
            assert instance.how[kind][0] <= low <= high <= instance.how[kind][1], (instance.how, instance.correct)
        assert instance.prompt()["seed"] == instance.seed


def test_a_bad_seed_and_a_question_without_variant_are_refused():
    from changekit.core.errors import ChangekitError

    with_one, without = WITH_VARIANTS[0], next(q for q in QUESTIONS if q.variant is None)
    for bad in (-1, 2**31, 1.5, True, "3"):
        with pytest.raises(ChangekitError, match="seed"):
            with_one.make_variant(bad)  # type: ignore[arg-type]  # a bad seed on purpose
    with pytest.raises(ChangekitError, match=re.escape(without.no_variant[:30])):
        without.make_variant(0)


# ---- independent computations, one per question with a variant -------------------------------
def _in_range(instance: QuestionInstance, value: Fraction | float, *, percent: bool = False, width: float = 4.1):
    low, high = instance.correct["range"]
    shown = 100 * value if percent else value
    assert low <= shown <= high, (instance.text, instance.correct, float(shown))
    assert high - low <= width, "a range that wide would accept guesses"


def _search(pattern: str, text: str) -> re.Match[str]:
    """The pattern's match in a variant's text (the text must state the numbers it asks about)."""
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return found


def _ints(pattern: str, text: str) -> tuple[int, ...]:
    return tuple(int(g) for g in _search(pattern, text).groups())


# Zhao Pengyou: 54 cards a deck (52 and two jokers), 18 trumps a deck for a given suit and rank
# (jokers, the 13 of the suit, the rank in the 3 other suits); 4 cards of your level a deck.
def check_zhao_pengyou_q1(instance):
    players, decks, cards, trumps, hand = _ints(
        r"(\d+) players with (\d+) decks \((\d+) cards, (\d+) of them trumps\): you are dealt (\d+)", instance.text)
    assert (cards, trumps) == (54 * decks, 18 * decks)
    assert 6 <= cards - players * hand < 6 + players  # the kitty: at least 6 cards, equal hands
    _in_range(instance, Fraction(hand * trumps, cards), width=1.02)


def check_zhao_pengyou_q2(instance):
    players, decks, hand = _ints(r"(\d+) players with (\d+) decks: you are dealt (\d+) cards", instance.text)
    cards, level = 54 * decks, 4 * decks
    _in_range(instance, 1 - Fraction(comb(cards - level, hand), comb(cards, hand)), percent=True)


def check_zhao_pengyou_q3(instance):
    players, decks, held = _ints(r"(\d+) players, (\d+) decks .*? You hold (\d+) of them", instance.text)
    # every copy in play (all `decks` of them) equally likely to be the one: yours with chance
    # held/decks, and each other player holds (decks-held)/(players-1) of the rest on average
    mine, other = Fraction(held, decks), Fraction(decks - held, (players - 1) * decks)
    expected = 0 if mine > other else 1 if other > mine else 2
    assert _right_answer(instance) == {instance.how["choices"][expected]}


def check_zhao_pengyou_q6(instance):
    """The attackers' score: points from tricks, plus the kitty's points doubled when they win the last
    trick (docs/rules.md), read on the sheet's table (tests/unit/zhao_pengyou_checks.py)."""
    from tests.unit import zhao_pengyou_checks as zp

    kitty, taken, who = _search(r"The host buried (.+?) in the kitty\. The attackers took (\d+) points in tricks, "
                                r"and (the attackers win|the host's team wins) the last trick", instance.text).groups()
    codes = [card[:-1] + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[card[-1]] for card in kitty.split()]
    assert len(codes) == 6 and int(taken) + zp.points(codes) <= 300
    side, steps = zp.sheet_levels(zp.attackers_score(int(taken), codes, who == "the attackers win"))
    team = "the attackers" if side == "attackers" else "the host's team"
    assert _right_answer(instance) == {f"{team}, {steps} level{'s' if steps > 1 else ''}"}


def check_zhao_pengyou_q7(instance):
    """A tractor in a dealt hand, at level 2: 12 ranks in a row in each suit (3 to A), ``decks`` copies of
    each card; jokers and the 2s never in one. The test's closed form (tests/unit/zhao_pengyou_checks.py)."""
    from tests.unit import zhao_pengyou_checks as zp

    players, decks, cards, copies, hand = _ints(
        r"(\d+) players with (\d+) decks \((\d+) cards, (\d+) copies of each card\): you are dealt (\d+) cards",
        instance.text)
    assert (cards, copies) == (54 * decks, decks) and "level 2" in instance.text
    # the tractor is the kit's reading (no jokers or trump-rank cards), and the hand is a random one as dealt
    flagged = "the 2s and the jokers are never in a tractor (the rule sheet does not say: the kit's reading)"
    assert flagged in instance.text
    assert "a random hand after a thorough shuffle, looked at before any kitty exchange" in instance.text
    assert 6 <= cards - players * hand < 6 + players  # the kitty: at least 6 cards, equal hands
    _in_range(instance, zp.tractor_chance(hand, decks), percent=True)


# Cambio: A=1, 2-10 as printed, J=11, Q=12, black K=13, red K=-1, jokers 0 (rule sheet; jokers
# are the kit's option).
def _cambio_value(shown: str) -> int:
    if shown == "a joker":
        return 0
    rank, suit = shown[:-1], shown[-1]
    if rank == "K":
        return -1 if suit in "♥♦" else 13
    return {"A": 1, "J": 11, "Q": 12}.get(rank) or int(rank)


def _cambio_deck(jokers: bool) -> tuple[int, int]:
    """(the deck's total value, its number of cards)."""
    total = 4 * sum(range(1, 13)) + 2 * 13 - 2
    return total, 52 + (2 if jokers else 0)


def check_cambio_q1(instance):
    jokers = "two jokers" in instance.text
    seen = _search(r"already seen (.*?)\. What", instance.text).group(1).split(", ")
    total, count = _cambio_deck(jokers)
    _in_range(instance, Fraction(total - sum(map(_cambio_value, seen)), count - len(seen)), width=0.22)


def check_cambio_q2(instance):
    jokers = "two jokers" in instance.text
    known = _search(r"two cards are (.+?) and (.+?) \(red kings", instance.text).groups()
    total, count = _cambio_deck(jokers)
    fresh = 4 * Fraction(total, count)
    rest = Fraction(total - sum(map(_cambio_value, known)), count - 2)
    _in_range(instance, fresh - (sum(map(_cambio_value, known)) + 2 * rest), width=1.02)


def check_cambio_q7(instance):
    """A discarded black K (worth 13, out of the deck): look at one of your cards and one of theirs,
    swap them if theirs is lower. Looked at your known higher card, the gain is what a random unseen
    card of theirs is below it; looked at one of your unseen cards, what theirs is below it (two
    different unseen cards). Used at its best: the better of the two."""
    known = [_cambio_value(c) for c in _search(r"first two cards: (.+?) and (.+?) \(red kings", instance.text).groups()]
    values = Counter({v: 4 for v in range(1, 13)}) + Counter({13: 2, -1: 2})
    values.subtract([*known, 13])
    pool = list(values.elements())
    at_known = Fraction(sum(max(0, max(known) - y) for y in pool), len(pool))
    at_unseen = Fraction(sum(max(0, x - y) for i, x in enumerate(pool) for j, y in enumerate(pool) if i != j),
                         len(pool) * (len(pool) - 1))
    _in_range(instance, max(at_known, at_unseen), width=0.52)


# CHA-CHING!: 8 cards; 1, 5, 10, 25, 50 at face value, ¢ and CHA-CHING 0, each $ any of 1, 5, 10,
# 25, 50; the target is 10-99, each alike (black die 1-9, white 0-9). Default deck: 15 of each
# of the 8 cards (the kit's assumption).
NUMBERS = (1, 5, 10, 25, 50)


@lru_cache(maxsize=None)
def _wild_totals(wilds: int) -> frozenset[int]:
    totals = {0}
    for _ in range(wilds):
        totals = {t + v for t in totals for v in NUMBERS}
    return frozenset(totals)


@lru_cache(maxsize=None)
def _hit_ways(wilds_in_deck: int, wilds_in_hand: int | None = None) -> tuple[dict[int, int], int]:
    """Brute force over every 8-card hand (by how many of each kind): the ways each target
    10..99 is made, and all ways. ``wilds_in_hand``: only hands holding exactly that many $ cards
    (the other cards dealt from the 105 that are not $)."""
    limits = (15, 15, 15, 15, 15, 30)  # 1, 5, 10, 25, 50, and ¢ with CHA-CHING (both count 0)
    made: Counter[int] = Counter()
    every = 0
    spreads = ([(*ks, wilds_in_hand) for ks in _compositions(8 - wilds_in_hand, 6)] if wilds_in_hand is not None
               else list(_compositions(8, 7)))
    for *ks, wilds in spreads:
        ways = math.prod(comb(n, k) for n, k in zip(limits, ks, strict=True))
        if wilds_in_hand is None:
            ways *= comb(wilds_in_deck, wilds)
        if not ways:
            continue
        every += ways
        fixed = sum(v * k for v, k in zip(NUMBERS, ks[:5], strict=True))
        for total in _wild_totals(wilds):
            if 10 <= fixed + total <= 99:
                made[fixed + total] += ways
    return dict(made), every


def _compositions(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def check_cha_ching_q1(instance):
    made, every = _hit_ways(15)
    targets = [int(t) for t in instance.how["choices"]]
    best = max(made.get(t, 0) for t in targets)
    assert _right_answer(instance) == {str(t) for t in targets if made.get(t, 0) == best}


def check_cha_ching_q2(instance):
    (wilds,) = _ints(r"except the `\$`: (\d+) of those", instance.text)
    made, every = _hit_ways(wilds)
    _in_range(instance, Fraction(sum(made.values()), 90 * every), percent=True, width=2.02)


def check_cha_ching_q3(instance):
    (in_hand,) = _ints(r"holds exactly \*\*(\d+)\*\*", instance.text)
    made, every = _hit_ways(15, in_hand)  # the deck's own $ count does not matter once yours is fixed
    _in_range(instance, Fraction(sum(made.values()), 90 * every), percent=True)


_CARD_WORDS = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50, "¢": 0}


def check_cha_ching_q7(instance):
    hand = [c.strip("`") for c in _search(r"Your eight cards are (.*?) \(each", instance.text).group(1).split(", ")]
    (target,) = _ints(r"the target is (\d+),", instance.text)
    wilds = hand.count("$")
    fixed = sum(_CARD_WORDS[c] for c in hand if c != "$")
    reach = {fixed + t for t in _wild_totals(wilds)}
    tens, units = divmod(target, 10)
    outcomes = {0: [10 * b + units for b in range(1, 10)], 1: [10 * tens + w for w in range(10)],
                2: list(range(10, 100))}
    chances = {k: Fraction(sum(t in reach for t in ts), len(ts)) for k, ts in outcomes.items()}
    best = max(chances.values())
    assert target not in reach and len(hand) == 8
    assert _right_answer(instance) == {instance.how["choices"][k] for k, p in chances.items() if p == best}


@lru_cache(maxsize=1)
def _penalised_hands() -> list[tuple[int, frozenset[int], int]]:
    """Every default-deck hand: (ways, totals it makes, penalty). Penalty from the sheet: cards at
    face value, ¢ 0, CHA-CHING 50, each $ the highest card in the hand (50 with no number card:
    the kit's reading where the sheet is silent)."""
    hands = []
    for ones, fives, tens, quarters, fifties, cents, wilds, chachings in _compositions(8, 8):
        ks = (ones, fives, tens, quarters, fifties)
        fixed = sum(v * k for v, k in zip(NUMBERS, ks, strict=True))
        highest = max((v for v, k in zip(NUMBERS, ks, strict=True) if k), default=50)
        ways = math.prod(comb(15, k) for k in (*ks, cents, wilds, chachings))
        hands.append((ways, frozenset(fixed + t for t in _wild_totals(wilds)),
                      fixed + 50 * chachings + highest * wilds))
    return hands


def check_cha_ching_q9(instance):
    (target,) = _ints(r"cannot make the target (\d+)\.", instance.text)
    missing = cheaper = 0
    for ways, reach, cost in _penalised_hands():
        if target not in reach:
            missing += ways
            cheaper += ways * (cost > target)
    _in_range(instance, Fraction(cheaper, missing), percent=True)


# Moneybags: 67 coins poured at random, at least one a bag, every pour equally likely; the
# diamond in a random bag, stacking as tall as 10 coins (the kit's reading); a challenger as tall
# as the thief or taller is out, else the thief is.
def _bag_pairs(players: int, coins: int = 67):
    """(your coins, the thief's coins, number of pours) for every pour."""
    for a in range(1, coins - players + 2):
        for b in range(1, coins - a - players + 3):
            ways = comb(coins - a - b - 1, players - 3)  # the others' bags, each at least one coin
            if ways:
                yield a, b, ways


def check_moneybags_q1(instance):
    players, held, taken = _ints(r"(\d+) players;.*?Your bag held (\d+) coins, and a thief has just taken (\d+)",
                                 instance.text)
    win = total = Fraction(0)
    for a, b, ways in _bag_pairs(players):
        if a != held:
            continue
        for where, chance in (("you", Fraction(1, players)), ("thief", Fraction(1, players)),
                              ("other", Fraction(players - 2, players))):
            mine = held - taken + (10 if where == "you" else 0)
            theirs = b + taken + (10 if where == "thief" else 0)
            total += ways * chance
            win += ways * chance * (theirs > mine)
    _in_range(instance, win / total, percent=True)


@lru_cache(maxsize=None)
def _best_grab(players: int, threshold: int, most: int) -> tuple[int, float]:
    """The grab 0..most with the highest expected thief's stack, and its margin over the next."""
    pours = list(_bag_pairs(players))
    every = sum(w for _, _, w in pours)
    values = []
    for k in range(most + 1):
        total = 0.0
        for a, b, ways in pours:
            t = min(k, a)
            for where, chance in (("victim", 1 / players), ("thief", 1 / players), ("other", (players - 2) / players)):
                victim = a - t + (10 if where == "victim" else 0)
                thief = b + t + (10 if where == "thief" else 0)
                if t >= threshold:  # challenged
                    height = victim + thief if victim >= thief else 0
                else:
                    height = thief
                total += ways * chance * height
        values.append(total / every)
    order = sorted(range(most + 1), key=lambda k: -values[k])
    return order[0], values[order[0]] - values[order[1]]


def check_moneybags_q3(instance):
    players, threshold, most = _ints(r"(\d+) players, .*?\*\*(\d+) or more\*\*.*?\(0 to (\d+),", instance.text)
    best, margin = _best_grab(players, threshold, most)
    assert margin > 1e-6
    expected = next(c for c in instance.how["choices"] if c.startswith("as many")) if best == most else str(best)
    assert _right_answer(instance) == {expected}


# Big Cheese: a number card c pays c × d6 (d6 scheme) or a roll of a c-sided die (polyhedral, the
# 2 being 1 or 2); a bid of k ties up k + (k-1) + ... + 1 worker-placements.
def _faces(card: int, dice: str) -> list[int]:
    return [card * f for f in range(1, 7)] if dice == "d6" else list(range(1, card + 1))


def _mean_var(faces: list[int]) -> tuple[Fraction, Fraction]:
    m = Fraction(sum(faces), len(faces))
    return m, Fraction(sum(f * f for f in faces), len(faces)) - m * m


def check_big_cheese_q1(instance):
    (card,) = _ints(r"\*\*(\d+)\*\* card", instance.text)
    rel = {dice: (lambda mv: mv[1] / mv[0] ** 2)(_mean_var(_faces(card, dice))) for dice in ("d6", "polyhedral")}
    expected = 0 if rel["d6"] > rel["polyhedral"] else 1 if rel["polyhedral"] > rel["d6"] else 2
    assert _right_answer(instance) == {instance.how["choices"][expected]}


def check_big_cheese_q2(instance):
    dice = "d6" if "d6 × card" in instance.text else "polyhedral"
    (card,) = _ints(r"\*\*(\d+)\*\* is your last project", instance.text)
    faces = _faces(card, dice)
    mean, _ = _mean_var(faces)
    # one re-roll: keep a roll worth at least a fresh roll's mean, re-roll anything below it
    low, high = instance.correct["range"]
    assert low - 1 == max(f for f in faces if f < mean) and high == min(f for f in faces if f >= mean)


def check_big_cheese_q3(instance):
    dice = "d6" if "d6 × card" in instance.text else "polyhedral"
    bid_a, card_a, bid_b, card_b = _ints(r"(\d+) workers? on an? (\d+) or (\d+) workers? on an? (\d+)\?",
                                         instance.text)
    rate_a = _mean_var(_faces(card_a, dice))[0] / (bid_a * (bid_a + 1) // 2)
    rate_b = _mean_var(_faces(card_b, dice))[0] / (bid_b * (bid_b + 1) // 2)
    expected = 0 if rate_a > rate_b else 1 if rate_b > rate_a else 2
    assert _right_answer(instance) == {instance.how["choices"][expected]}


CHEESE_CARDS = (2, 4, 6, 8, 10, 12, 20)


def check_big_cheese_q5(instance):
    (target,) = _ints(r"reach exactly (\d+);", instance.text)
    score, projects = _ints(r"At (\d+) points .*? within (\d+) project", instance.text)
    # the chance of each score after each project: a card at random, its die 1..card, a roll
    # passing the target ignored
    where: dict[int, Fraction] = {score: Fraction(1)}
    for _ in range(projects):
        after: dict[int, Fraction] = {}
        for at, p in where.items():
            for card in CHEESE_CARDS:
                for roll in range(1, card + 1):
                    to = at + roll if at + roll <= target else at
                    after[to] = after.get(to, Fraction(0)) + p * Fraction(1, 7 * card)
        where = after
    _in_range(instance, where.get(target, Fraction(0)), percent=True)


def check_big_cheese_q7(instance):
    card, paid = _ints(r"your \*\*(\d+)\*\* has just matured and paid (\d+)\.", instance.text)
    now = _mean_var(_faces(card, "d6"))[0] - paid
    # a held Big Cheese with n projects still due: after each, re-roll when the roll's shortfall
    # from its mean beats keeping the cheese for the rest; nothing with none left
    keep = [Fraction(0)]
    while len(keep) <= 20:
        later = keep[-1]
        keep.append(sum((max(later, _mean_var(_faces(c, "d6"))[0] - f) for c in CHEESE_CARDS
                         for f in _faces(c, "d6")), Fraction(0)) / (7 * 6))
    needed = next(n for n, v in enumerate(keep) if v > now)
    assert instance.correct["range"] == [needed, needed]


# Diminishing Returns: play one bill into the pot, then take back bills from the pot worth at
# most one dollar less; a player left with no money is out, the last with money wins. A brute
# force: only the small purses of these variants (the checker restricts itself to them).
def _bills(text: str) -> tuple[int, ...]:
    return tuple(sorted((int(b) for b in re.findall(r"\$(\d+)", text)), reverse=True))


def _takes(pot: tuple[int, ...], most: int) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = {()}
    for size in range(1, len(pot) + 1):
        for pick in _sub_multisets(pot, size):
            if sum(pick) <= most:
                out.add(pick)
    return out


def _sub_multisets(pot: tuple[int, ...], size: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c, reverse=True)) for c in combinations(pot, size)}


def _moves(mover, pot):
    for bill in sorted(set(mover), reverse=True):
        left = list(mover)
        left.remove(bill)
        for take in _takes(pot, bill - 1):
            new_pot = list(pot) + [bill]
            for t in take:
                new_pot.remove(t)
            yield tuple(sorted(left + list(take), reverse=True)), tuple(sorted(new_pot, reverse=True))


@lru_cache(maxsize=None)
def _mover_wins(mover, other, pot) -> bool:
    return any(hand and not _mover_wins(other, hand, new_pot) for hand, new_pot in _moves(mover, pot))


@lru_cache(maxsize=None)
def _games(mover, other, pot) -> int:
    return sum(1 if not hand else _games(other, hand, new_pot) for hand, new_pot in _moves(mover, pot))


def test_the_brute_force_diminishing_returns_agrees_with_the_lesson():
    """The lesson's tiny game ($3 and $1 each): the first player loses; 9 different games."""
    assert not _mover_wins((3, 1), (3, 1), ())
    assert _games((3, 1), (3, 1), ()) == 9


def check_diminishing_q1(instance):
    found = _search(r"you hold (.*?) and your opponent (.*?); the pot", instance.text)
    yours, theirs = _bills(found.group(1)), _bills(found.group(2))
    assert len(yours) <= 3 and len(theirs) <= 3
    first, second = _mover_wins(yours, theirs, ()), not _mover_wins(theirs, yours, ())
    expected = 2 if first == second else 0 if first else 1
    assert _right_answer(instance) == {instance.how["choices"][expected]}


def check_diminishing_q2(instance):
    found = _search(r"starts with (.*?), the second with (.*?), and the pot", instance.text)
    first, second = _bills(found.group(1)), _bills(found.group(2))
    assert len(first) == len(second) == 3
    assert _right_answer(instance) == {instance.how["choices"][0 if _mover_wins(first, second, ()) else 1]}


def check_diminishing_q3(instance):
    purse = _bills(_search(r"start with (.*?)\. How many", instance.text).group(1))
    games = _games(purse, purse, ())
    right = instance.correct["choices"][0]
    power = int(right.removeprefix("about 10").translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")))
    assert power == round(math.log10(games)), (games, right)


def check_diminishing_q7(instance):
    """Three equal purses: the seat that can make sure of winning against the other two as a team, by
    the test's own search from the rule sheet (tests/unit/diminishing_three_checks.py)."""
    from tests.unit.diminishing_three_checks import forcing

    purse = _bills(_search(r"each start with (.*?); the pot is empty", instance.text).group(1))
    assert len(purse) == 3 and purse != (5, 3, 1)  # another purse than the lesson's
    seats = forcing(purse)
    assert _right_answer(instance) == {instance.how["choices"][seats[0] if seats else 3]}


# Boneyard's first round: everyone holds 1, 3, 5, 7, 10 and bids a total; equal totals cancel (the
# bid is lost), unmatched totals take the buckets 10, 7, 5, 3, 1 richest first by bid, a bid with
# no bucket left comes back.
BUCKETS = (10, 7, 5, 3, 1)
BIDS = tuple(sorted({sum(c) for n in range(1, 6) for c in combinations((1, 3, 5, 7, 10), n)}))


def _net(mine: int, others: tuple[int, ...]) -> int:
    totals = Counter((mine, *others))
    if totals[mine] > 1:
        return -mine
    rank = sorted((t for t in totals if totals[t] == 1), reverse=True).index(mine)
    return BUCKETS[rank] - mine if rank < len(BUCKETS) else 0


def _payoffs(mix: dict[int, float], opponents: int) -> dict[int, float]:
    support = [(t, p) for t, p in mix.items() if p > 0]
    pay = {}
    for bid in BIDS:
        total = 0.0
        for profile in product(support, repeat=opponents):
            total += math.prod(p for _, p in profile) * _net(bid, tuple(t for t, _ in profile))
        pay[bid] = total
    return pay


@lru_cache(maxsize=None)
def _equilibrium_payoffs(players: int) -> dict[int, float]:
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    return _payoffs(EQUILIBRIUM_TABLE[players], players - 1)


def check_boneyard_q1(instance):
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    (players,) = _ints(r"(\d+) players, first round", instance.text)
    mix = EQUILIBRIUM_TABLE[players]
    _in_range(instance, mix[1], percent=True, width=6.02)
    if players > 5:
        return  # the brute force over every opponents' profile is checked for 3 to 5 players only
    # the stored mix is an equilibrium: no bid earns more against it than the bids it uses
    pay = _equilibrium_payoffs(players)
    used = [pay[t] for t, p in mix.items() if p > 0]
    assert max(used) - min(used) < 1e-6 and max(pay.values()) <= max(used) + 1e-6


def check_boneyard_q4(instance):
    bids = [int(b) for b in _search(r"totals: ([\d ]+)\. At", instance.text).group(1).split()]
    (players,) = _ints(r"At a (\d+)-player table", instance.text)
    if players > 4:
        return  # a brute force over every opponents' profile: checked for 3 and 4 players only
    counts = Counter(bids)
    pay = {}
    for bid in BIDS:
        pay[bid] = Fraction(sum(math.prod(counts[t] for t in profile) * _net(bid, profile)
                                for profile in product(counts, repeat=players - 1)), len(bids) ** (players - 1))
    best = max(pay.values())
    assert _right_answer(instance) == {f"${t}" for t, v in pay.items() if v == best}


def _rebuilt_richest(bids: tuple[int, ...]) -> int:
    """The richest bucket after the first round's rebuild (the rule sheet): each unmatched bid takes
    a bucket (richest first, by bid) and becomes it; the cancelled bids, a pile per total, go onto
    the poorest bucket, the pile of the largest total first, then onto the now poorest, and so on."""
    counts = Counter(bids)
    buckets = list(BUCKETS)
    unmatched = sorted((t for t in counts if counts[t] == 1), reverse=True)
    for rank, bid in enumerate(unmatched[:len(buckets)]):
        buckets[rank] = bid
    for total in sorted((t for t in counts if counts[t] > 1), reverse=True):
        poorest = buckets.index(min(buckets))
        buckets[poorest] += total * counts[total]
    return max(buckets)


@lru_cache(maxsize=None)
def _second_round_below(players: int) -> float:
    """The chance the rebuilt richest bucket is under $10 when everyone bids the stored mix."""
    from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

    support = [(t, p) for t, p in EQUILIBRIUM_TABLE[players].items() if p > 0]
    return sum(math.prod(p for _, p in profile) for profile in product(support, repeat=players)
               if _rebuilt_richest(tuple(t for t, _ in profile)) < 10)


def check_boneyard_q8(instance):
    (players,) = _ints(r"(\d+) players all bid", instance.text)
    if players > 5:
        return  # a brute force over every profile of bids: checked for 3 to 5 players only
    _in_range(instance, _second_round_below(players), percent=True, width=10.1)


# Zombie: a 50-bill deck, ten each of 1, 3, 5, 7, 10. You pay a bill; the Zombie (face-up hand)
# gives the least amount he can make that is at least the bill (exact change when he can), drawing
# one bill at a time from the register while his hand is worth less than the bill. Points: what he
# gives beyond the bill. A fresh game: his bills dealt at random, your 6 at random and holding the
# bill; the register is the rest of the deck.
DENOMS = (1, 3, 5, 7, 10)


def _points(zombie: tuple[int, ...], bill: int) -> int:
    sums = {0}
    for b in zombie:
        sums |= {s + b for s in sums}
    return min(s for s in sums if s >= bill) - bill


@lru_cache(maxsize=None)
def _expected_points_after_draws(zombie: tuple[int, ...], bill: int, pool: tuple[int, ...]) -> Fraction:
    """Expected points when the Zombie holds ``zombie`` and draws from ``pool`` (counts by kind)."""
    if sum(zombie) >= bill:
        return Fraction(_points(zombie, bill))
    left = sum(pool)
    total = Fraction(0)
    for i, n in enumerate(pool):
        if n:
            rest = tuple(c - (j == i) for j, c in enumerate(pool))
            total += Fraction(n, left) * _expected_points_after_draws(tuple(sorted((*zombie, DENOMS[i]))), bill, rest)
    return total


@lru_cache(maxsize=None)
def _chance_points_after_draws(zombie, bill, pool) -> Fraction:
    if sum(zombie) >= bill:
        return Fraction(int(_points(zombie, bill) >= 1))
    left = sum(pool)
    return sum((Fraction(n, left) * _chance_points_after_draws(tuple(sorted((*zombie, DENOMS[i]))), bill,
                                                             tuple(c - (j == i) for j, c in enumerate(pool)))
                for i, n in enumerate(pool) if n), Fraction(0))


def _multisets(size: int, limits: tuple[int, ...]):
    for counts in _compositions(size, len(limits)):
        if all(k <= n for k, n in zip(counts, limits, strict=True)):
            yield counts


@lru_cache(maxsize=None)
def _fresh_first_play(bill: int, dealt: int, what: str) -> Fraction:
    """Expected points (``what`` "mean") or the chance of at least one point ("chance"), over the
    Zombie's deal and your hand of 6 holding ``bill``, by brute force over both."""
    full = (10,) * 5
    weight_sum = value = Fraction(0)
    b = DENOMS.index(bill)
    for z in _multisets(dealt, full):
        z_ways = math.prod(comb(10, k) for k in z)
        zombie = tuple(d for d, k in zip(DENOMS, z, strict=True) for _ in range(k))
        after_z = tuple(10 - k for k in z)
        for h in _multisets(6, after_z):
            if h[b] == 0:
                continue
            ways = z_ways * math.prod(comb(n, k) for n, k in zip(after_z, h, strict=True))
            pool = tuple(n - k for n, k in zip(after_z, h, strict=True))
            if what == "mean":
                outcome = _expected_points_after_draws(zombie, bill, pool)
            else:
                outcome = _chance_points_after_draws(zombie, bill, pool)
            weight_sum += ways
            value += ways * outcome
    return value / weight_sum


def check_zombie_q1(instance):
    (dealt,) = _ints(r"Zombie dealt (\d+) random bill", instance.text)
    if dealt > 4:
        return  # a brute force over his deal and your hand: checked for a Zombie of up to 4 bills
    means = {f"${bill}": _fresh_first_play(bill, dealt, "mean") for bill in DENOMS}
    best = max(means.values())
    assert _right_answer(instance) == {c for c, v in means.items() if v == best}


def check_zombie_q2(instance):
    bill, dealt = _ints(r"you pay a `\$(\d+)` to a \*fresh\* Zombie dealt (\d+) random", instance.text)
    if dealt > 4:
        return  # as above: checked for a Zombie of up to 4 bills
    _in_range(instance, _fresh_first_play(bill, dealt, "chance"), percent=True)


def _best_bill_value(hand: tuple[int, ...]) -> Fraction:
    """Your 6 bills known; the Zombie's 3 dealt from the 44 others; you pay the bill expecting the
    most against him (the register is the bills you cannot see)."""
    unseen = tuple(10 - hand.count(d) for d in DENOMS)
    total = Fraction(0)
    for z in _multisets(3, unseen):
        weight = Fraction(math.prod(comb(n, k) for n, k in zip(unseen, z, strict=True)), comb(44, 3))
        zombie = tuple(d for d, k in zip(DENOMS, z, strict=True) for _ in range(k))
        pool = tuple(n - k for n, k in zip(unseen, z, strict=True))
        total += weight * max(_expected_points_after_draws(zombie, bill, pool) for bill in set(hand))
    return total


def check_zombie_q5(instance):
    found = _search(r"Hand A \((.*?)\) or Hand B \((.*?)\)", instance.text)
    value_a, value_b = (_best_bill_value(tuple(int(b) for b in re.findall(r"\$(\d+)", g))) for g in found.groups())
    expected = 0 if value_a > value_b else 1 if value_b > value_a else 2
    assert _right_answer(instance) == {instance.how["choices"][expected]}


CHECKS = {name.removeprefix("check_").replace("_q", ".q"): fn for name, fn in dict(globals()).items()
          if name.startswith("check_")}


def test_every_variant_has_an_independent_check():
    assert {q.qid for q in WITH_VARIANTS} <= set(CHECKS)


@pytest.mark.parametrize("question", WITH_VARIANTS, ids=lambda q: q.qid)
def test_a_variants_right_answer_agrees_with_an_independent_computation(question):
    check = CHECKS[question.qid]
    for instance in _instances(question.qid):
        check(instance)
