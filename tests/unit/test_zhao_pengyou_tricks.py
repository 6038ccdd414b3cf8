"""Zhao Pengyou's card logic: shapes, trick winner, follow rules (every refusal), enumeration."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from changekit.core import ChangekitError
from changekit.games.zhao_pengyou import shape_of, trick_winner
from changekit.games.zhao_pengyou.tricks import (
    ALL_CODES, CARDS_PER_DECK, PAIR, TRUMPS_PER_DECK, canonical, context, follow_need, follow_plays, follow_problem,
    lead_plays, lead_problem, next_cards, play_problem, shortfall, single_follows,
)

CLUBS2 = context("C", "2")


def H(text: str) -> list[str]:
    return text.split()


# ---- trick winner: the sheet's example and the order of strength ---------------------------
def test_sheet_example_trump_clubs_diamonds_led():
    assert trick_winner([["4D"], ["3C"], ["5S"]], "C", "2") == 1
    assert trick_winner([["4D"], ["5S"], ["3C"]], "C", "2") == 2
    assert trick_winner([["4D"], ["5S"], ["AS"]], "C", "2") == 0  # off-suit never wins


@pytest.mark.parametrize(("plays", "winner"), [
    ([["AC"], ["2D"]], 1),        # trump rank off-suit beats the trump suit's ace
    ([["2D"], ["2C"]], 1),        # trump rank in the trump suit beats it off-suit
    ([["2C"], ["SJ"]], 1),        # small joker beats the trump rank
    ([["SJ"], ["BJ"]], 1),        # big joker beats small joker
    ([["BJ"], ["BJ"]], 0),        # identical: the first wins
    ([["2D"], ["2S"], ["2H"]], 0),  # equal trump-rank cards: the earlier play wins
    ([["3D"], ["AD"], ["KD"]], 1),
    ([["3C"], ["AD"]], 0),        # trump lead: a plain ace cannot win
    ([["KD"], ["3C"], ["4C"]], 2),  # higher trump over-trumps
])
def test_order_of_strength(plays, winner):
    assert trick_winner(plays, "C", "2") == winner


def test_only_the_led_shape_can_win():
    # a pair lead: two single high trumps do not win, a pair of low trumps does
    assert trick_winner([["5D", "5D"], ["BJ", "SJ"], ["3C", "3C"]], "C", "2") == 2
    assert trick_winner([["5D", "5D"], ["AD", "AD"]], "C", "2") == 1
    # a tractor lead: a pair of jokers and two trump pairs that are not adjacent do not win
    lead = ["5D", "5D", "6D", "6D"]
    assert trick_winner([lead, ["SJ", "SJ", "BJ", "BJ"]], "C", "2") == 0
    assert trick_winner([lead, ["3C", "3C", "5C", "5C"]], "C", "2") == 0
    assert trick_winner([lead, ["3C", "3C", "4C", "4C"]], "C", "2") == 1
    assert trick_winner([lead, ["9D", "9D", "10D", "10D"], ["AD", "AD", "KD", "KD"]], "C", "2") == 2
    # a triple lead: a higher pair plus one does not win
    assert trick_winner([["4D"] * 3, ["AD", "AD", "KD"], ["3C"] * 3], "C", "2") == 2
    # a wonky tractor is beaten by a higher wonky tractor either way round
    assert trick_winner([["4D", "4D", "4D", "5D", "5D"], ["9D", "9D", "10D", "10D", "10D"]], "C", "2") == 1
    # mixed trumps and plain cards never win
    assert trick_winner([["4D", "4D"], ["3C", "AD"]], "C", "2") == 0


def test_trick_winner_refuses_bad_input():
    for plays in ([], [[]], "4D", [["4D"], ["3C", "3C"]], [["XX"]], [["4D", "5S"]], [[4]], [["4D"] * 4]):
        with pytest.raises(ChangekitError):
            trick_winner(plays, "C", "2")
    with pytest.raises(ChangekitError, match="throws are off"):
        trick_winner([["4D", "5D"]], "C", "2", throws=False)  # two singles: a throw, or nothing
    with pytest.raises(ChangekitError):
        trick_winner([["4D"]], "X", "2")
    with pytest.raises(ChangekitError):
        trick_winner([["4D"]], "C", "1")


# ---- shapes --------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "shape"), [
    ("7D", ("single", 1)),
    ("7D 7D", ("pair", 1)),
    ("7D 7D 7D", ("triple", 1)),
    ("SJ SJ", ("pair", 1)),
    ("BJ BJ BJ", ("triple", 1)),
    ("2S 2S", ("pair", 1)),            # trump-rank pair
    ("7D 7D 8D 8D", ("tractor", 2)),
    ("7D 7D 8D 8D 9D 9D", ("tractor", 3)),
    ("7D 7D 7D 8D 8D", ("wonky", 2)),
    ("7D 7D 8D 8D 8D", ("wonky", 2)),
    ("3C 3C 4C 4C", ("tractor", 2)),   # a trump-suit tractor
    ("7D 8D", None),
    ("7D 7D 9D 9D", None),             # not consecutive
    ("7D 7D 8H 8H", None),             # two suits
    ("7D 7D 7D 8D 8D 8D", None),       # two triples: not a listed shape
    ("7D 7D 8D 8D 8D 9D 9D", None),
    ("2D 2D 2S 2S", None),             # trump-rank cards make no tractor
    ("SJ SJ BJ BJ", None),             # nor do jokers
    ("AC AC 2C 2C", None),
    ("7D 7D 7D 7D", None),
    ("7D SJ", None),
])
def test_shapes(cards, shape):
    assert shape_of(tuple(H(cards)), CLUBS2) == shape


def test_tractors_skip_the_trump_rank():
    five = context("C", "5")
    assert shape_of(("4D", "4D", "6D", "6D"), five) == ("tractor", 2)      # 5 is skipped
    assert shape_of(("4C", "4C", "6C", "6C"), five) == ("tractor", 2)      # in the trump suit too
    assert shape_of(("4D", "4D", "5D", "5D"), five) is None                # a trump-rank card is a trump
    assert shape_of(("4D", "4D", "6D", "6D"), CLUBS2) is None
    assert shape_of(("AD", "AD", "3D", "3D"), CLUBS2) is None              # no wrap-around
    assert shape_of(("KD", "KD", "KD", "2D", "2D"), context("C", "A")) is None
    assert shape_of(("4D", "4D", "4D", "6D", "6D"), five) == ("wonky", 2)
    assert trick_winner([["4D", "4D", "6D", "6D"], ["3D", "3D", "4D", "4D"]], "C", "5") == 0


def test_wonky_option_off():
    assert shape_of(("7D", "7D", "7D", "8D", "8D"), CLUBS2, wonky=False) is None
    plays = lead_plays(H("7D 7D 7D 8D 8D"), CLUBS2, wonky=False)
    assert ("7D", "7D", "7D", "8D", "8D") not in plays


def test_lead_plays_are_exactly_the_legal_shapes():
    rng = random.Random(1)
    for _ in range(30):
        ctx = context(rng.choice("SHDC"), rng.choice(["2", "5", "K", "A"]))
        ranks = rng.sample(["3", "4", "5", "6", "K", "A", "2"], 4)
        pool = [r + s for r in ranks for s in "DC"] + ["SJ", "BJ"]
        hand = rng.sample(pool * 3, 11)
        listed = set(lead_plays(hand, ctx))
        assert len(listed) == len(lead_plays(hand, ctx))
        counts = Counter(hand)
        brute = set()
        for n in range(1, 8):
            for combo in combinations_with_replacement(sorted(counts), n):
                if not Counter(combo) - counts and shape_of(combo, ctx) is not None:
                    brute.add(canonical(combo))
        assert listed == brute


# ---- following: every refusal --------------------------------------------------------------
def problem(hand, lead, play, ctx=CLUBS2, **kw):
    found = follow_problem(H(hand), H(lead), H(play), ctx, **kw)
    return None if found is None else found[0]


def message(hand, lead, play, ctx=CLUBS2, **kw):
    return follow_problem(H(hand), H(lead), H(play), ctx, **kw)[1]


def test_follow_suit():
    assert problem("4D 9S", "KD", "9S") == "follow-suit"
    assert "you must follow ♦" in message("4D 9S", "KD", "9S") and "9♠" in message("4D 9S", "KD", "9S")
    assert problem("4D 9S", "KD", "4D") is None
    assert problem("9S 8H", "KD", "9S") is None                     # void: anything
    # trumps are one suit: a trump lead must be followed by any trump, the trump rank and jokers included
    assert problem("2D 9S", "3C", "9S") == "follow-suit"
    assert problem("SJ 9S", "3C", "9S") == "follow-suit"
    assert problem("2D 9S", "3C", "2D") is None
    # a trump-rank card is not a diamond
    assert problem("2D 9S", "KD", "9S") is None


def test_short_in_suit_plays_all_of_it():
    lead = "7D 7D 8D 8D"
    assert problem("4D 9S 9H 3H 5S", lead, "4D 9S 9H 3H") is None
    assert problem("4D 9S 9H 3H 5S", lead, "9S 9H 3H 5S") == "follow-suit"
    assert "play all your ♦" in message("4D 9S 9H 3H 5S", lead, "9S 9H 3H 5S")
    assert problem("4D 5D 6D 10D 9S", lead, "4D 5D 6D 10D") is None     # exactly enough: all of them


def test_follow_pair():
    assert problem("4D 4D 9D 9S", "KD KD", "4D 9D") == "follow-pair"
    assert message("4D 4D 9D 9S", "KD KD", "4D 9D").startswith("you hold a pair of ♦ (4♦ 4♦) and must play it")
    assert problem("4D 4D 9D 9S", "KD KD", "4D 4D") is None
    assert problem("4D 5D 9D 9S", "KD KD", "4D 9D") is None              # no pair: any two diamonds


def test_pair_inside_a_triple_need_not_be_split():
    hand = "4D 4D 4D 9D 9S"
    assert problem(hand, "KD KD", "4D 9D") is None                       # the sheet's default
    assert problem(hand, "KD KD", "4D 4D") is None                       # but may be
    assert problem(hand, "KD KD", "4D 9D", split_triples=True) == "follow-pair"
    # a real pair beside the triple is still owed
    assert problem("4D 4D 4D 7D 7D 9D", "KD KD", "4D 9D") == "follow-pair"
    assert problem("4D 4D 4D 7D 7D 9D", "KD KD", "4D 4D") is None        # any pair satisfies it


def test_follow_triple_and_its_cascade():
    lead = "KD KD KD"
    assert problem("4D 4D 4D 9D 9S", lead, "4D 4D 9D") == "follow-triple"
    assert "you hold a triple of ♦ (4♦ 4♦ 4♦)" in message("4D 4D 4D 9D 9S", lead, "4D 4D 9D")
    assert problem("4D 4D 4D 9D 9S", lead, "4D 4D 4D") is None
    # no triple: a pair is owed
    assert problem("4D 4D 8D 9D 9S", lead, "4D 8D 9D") == "follow-pair"
    assert problem("4D 4D 8D 9D 9S", lead, "4D 4D 9D") is None
    assert problem("4D 6D 8D 9D 9S", lead, "4D 8D 9D") is None


def test_follow_tractor():
    lead = "7D 7D 8D 8D"
    hand = "3D 3D 4D 4D 10D QD"
    assert problem(hand, lead, "3D 3D 10D QD") == "follow-tractor"
    assert "you hold a tractor in ♦ (3♦ 3♦ 4♦ 4♦)" in message(hand, lead, "3D 3D 10D QD")
    assert problem(hand, lead, "3D 3D 4D 4D") is None
    # no tractor: as many pairs as held (up to the lead's two)
    hand = "3D 3D 5D 5D 10D QD"
    assert problem(hand, lead, "3D 3D 10D QD") == "follow-pair"
    assert "you hold 2 pairs of ♦" in message(hand, lead, "3D 3D 10D QD")
    assert problem(hand, lead, "3D 3D 5D 5D") is None
    assert problem("3D 3D 5D 9D 10D QD", lead, "3D 3D 5D 9D") is None
    assert problem("3D 3D 5D 9D 10D QD", lead, "3D 5D 9D 10D") == "follow-pair"
    # tractor across the trump rank: 4-6 is a tractor when 5 is the trump rank
    five = context("C", "5")
    assert problem("4D 4D 6D 6D 9D JD", "9D 9D 10D 10D", "4D 4D 9D JD", five) == "follow-tractor"
    assert problem("4D 4D 6D 6D 9D JD", "9D 9D 10D 10D", "4D 4D 6D 6D", five) is None
    # a longer tractor must be matched by one of the same length
    assert problem("3D 3D 4D 4D 5D 5D 9D", "7D 7D 8D 8D", "4D 4D 5D 5D") is None
    assert problem("3D 3D 4D 4D 5D 5D 9D", "7D 7D 8D 8D", "3D 3D 5D 5D") == "follow-tractor"


def test_tractor_made_of_triples_is_not_owed_by_default():
    hand = "3D 3D 3D 4D 4D 4D 9D"
    lead = "7D 7D 8D 8D"
    assert problem(hand, lead, "3D 4D 4D 9D") is None
    assert problem(hand, lead, "3D 4D 4D 9D", split_triples=True) == "follow-tractor"


def test_follow_wonky():
    lead = "7D 7D 7D 8D 8D"
    hand = "3D 3D 3D 4D 4D 10D QD"
    assert problem(hand, lead, "3D 3D 3D 10D QD") == "follow-wonky"
    assert problem(hand, lead, "3D 3D 3D 4D 4D") is None
    # no wonky: a triple and a pair where held
    hand = "3D 3D 3D 6D 6D 10D QD"
    assert problem(hand, lead, "3D 3D 3D 10D QD") == "follow-pair"
    assert problem(hand, lead, "3D 6D 6D 10D QD") == "follow-triple"
    assert problem(hand, lead, "3D 3D 3D 6D 6D") is None
    # no triple: two pairs stand in for the triple and the pair
    hand = "3D 3D 6D 6D 10D QD JD"
    assert problem(hand, lead, "3D 3D 6D 10D QD") == "follow-pair"
    assert problem(hand, lead, "3D 3D 6D 6D 10D") is None


def test_follow_size_is_checked():
    assert problem("4D 4D 9D", "KD KD", "4D 4D 9D") == "size"


# ---- enumeration: card by card equals the whole-play rules, over every subset --------------
def _brute_follows(hand, lead, ctx, **kw):
    counts = Counter(hand)
    out = set()
    for combo in combinations_with_replacement(sorted(counts), len(lead)):
        if not Counter(combo) - counts and follow_problem(hand, lead, combo, ctx, **kw) is None:
            out.add(canonical(combo))
    return out


def _card_by_card(hand, lead, ctx, **kw):
    need = follow_need(hand, lead, ctx, **kw)
    out = set()

    def walk(chosen, left):
        if sum(chosen.values()) == len(lead):
            out.add(canonical(chosen.elements()))
            return
        for c in next_cards(need, chosen, left.elements()):
            walk(chosen + Counter([c]), left - Counter([c]))

    walk(Counter(), Counter(hand))
    return out


LEADS = ["7D", "7D 7D", "7D 7D 7D", "7D 7D 8D 8D", "7D 7D 7D 8D 8D", "8D 8D 8D 9D 9D", "7D 7D 8D 8D 9D 9D",
         "3C", "3C 3C", "4C 4C 5C 5C", "SJ SJ"]


@pytest.mark.parametrize("split", [False, True])
def test_card_by_card_choices_give_exactly_the_legal_follows(split):
    rng = random.Random(7 + split)
    ctx = CLUBS2
    diamonds = [c for c in ALL_CODES if c.endswith("D") and c != "2D"] * 3
    trumps = [c for c in ALL_CODES if c.endswith("C") or c.startswith("2") or c in ("SJ", "BJ")] * 3
    others = [c for c in ALL_CODES if c[-1] in "SH" and c[0] != "2"] * 3
    checked = 0
    for _ in range(70):
        lead = H(rng.choice(LEADS))
        pool = diamonds if lead[0].endswith("D") else trumps
        hand = rng.sample(pool, rng.randint(0, 8)) + rng.sample(others, rng.randint(0, 3))
        if len(hand) < len(lead):
            continue
        brute = _brute_follows(hand, lead, ctx, split_triples=split)
        assert brute, (hand, lead)  # a legal follow always exists
        assert _card_by_card(hand, lead, ctx, split_triples=split) == brute
        assert set(follow_plays(hand, lead, ctx, split_triples=split)) == brute
        checked += 1
    assert checked > 40


def test_legal_follow_always_exists_and_shortfall_of_nothing_is_fine():
    need = follow_need(H("3D 3D 4D 4D 9D 9S"), H("7D 7D 8D 8D"), CLUBS2)
    assert shortfall(need, Counter()) is None
    assert need.demand == (("tractor", 2),)


# ---- the shortcuts the engine takes, against the rules they shortcut ---------------------------
def test_a_deck_and_its_trumps():
    assert CARDS_PER_DECK == 54 == len(ALL_CODES) == len(set(ALL_CODES))
    for suit, rank in [("C", "2"), ("H", "K"), (None, "7")]:
        ctx = context(suit, rank)
        trumps = sum(1 for c in ALL_CODES if ctx.eff[c] == "T")
        assert trumps == (TRUMPS_PER_DECK if suit else TRUMPS_PER_DECK - 12)  # no trump suit: jokers and the rank


def test_single_follows_are_the_led_suit_or_anything_when_void():
    rng = random.Random(11)
    deck = list(ALL_CODES) * 3
    for _ in range(300):
        ctx = context(rng.choice("SHDC"), rng.choice(["2", "7", "A"]))
        hand = rng.sample(deck, rng.randint(1, 12))
        lead = rng.choice(deck)
        in_suit = {c for c in hand if ctx.eff[c] == ctx.eff[lead]}
        expected = in_suit or set(hand)
        assert sorted(single_follows(hand, lead, ctx)) == sorted(expected)
        assert set(next_cards(follow_need(hand, [lead], ctx), {}, hand)) == expected


def _most_pairs_follows(hand, lead, ctx, split):
    """Independently: the follows of a lead made of pairs only: led-suit cards if you have enough (else
    all of them), holding as many pairs as the lead has and the hand can be made to play."""
    counts = Counter(hand)
    suit = ctx.eff[lead[0]]
    held = [c for c in hand if ctx.eff[c] == suit]
    followable = sum(1 for c, k in counts.items() if ctx.eff[c] == suit and (k >= 2 if split else k == 2))
    owed = min(len(lead) // 2, followable)
    out = set()
    for combo in combinations_with_replacement(sorted(counts), len(lead)):
        chosen = Counter(combo)
        if chosen - counts:
            continue
        in_suit = sum(k for c, k in chosen.items() if ctx.eff[c] == suit)
        if len(held) <= len(lead):
            ok = in_suit == len(held)
        else:
            pairs = sum(k // 2 for c, k in chosen.items())  # identical cards, two at a time (never a triple here)
            ok = in_suit == len(lead) and pairs >= owed
        if ok:
            out.add(canonical(combo))
    return out


@pytest.mark.parametrize("split", [False, True])
def test_pair_leads_owe_as_many_pairs_as_the_hand_can_give(split):
    rng = random.Random(5 + split)
    diamonds = [c for c in ALL_CODES if c.endswith("D") and c != "2D"] * 3
    others = [c for c in ALL_CODES if c[-1] in "SH" and c[0] != "2"] * 3
    checked = 0
    for _ in range(80):
        lead = H(rng.choice(["7D 7D", "QD QD", "5D 5D 9D 9D", "3D 3D 8D 8D KD KD"]))  # a pair, or pairs thrown
        hand = rng.sample(diamonds, rng.randint(0, 9)) + rng.sample(others, rng.randint(0, 3))
        if len(hand) < len(lead) or max(Counter(hand).values()) > 2 and not split:
            continue  # (a triple would stand in as a pair only with split: covered by the brute-force test above)
        need = follow_need(hand, lead, CLUBS2, split_triples=split)
        assert set(need.demand) <= {PAIR}
        expected = _most_pairs_follows(hand, lead, CLUBS2, split)
        assert set(follow_plays(hand, lead, CLUBS2, split_triples=split)) == expected
        checked += 1
    assert checked > 30


def test_play_problem_names_the_rule_of_a_whole_play():
    hand = H("KD KD 9S 4D")
    assert play_problem(hand, H("KD KD"), CLUBS2) is None
    assert play_problem(hand, H("KD 9S"), CLUBS2)[0] == "shape"
    assert play_problem(hand, H("AD"), CLUBS2)[0] == "own-card"
    # with throws allowed, cards of one suit make a throw; mixing suits does not
    assert play_problem(hand, H("KD KD 4D"), CLUBS2, throws=True) is None
    assert play_problem(hand, H("KD 9S"), CLUBS2, throws=True)[0] == "throw-one-suit"
    assert play_problem(hand, H("9S"), CLUBS2, throws=True, down=H("KD"))[0] == "throw-one-suit"
    assert lead_problem(hand, H("KD 4D"), CLUBS2, throws=True)[1].startswith(
        "a lead is a single, pair, triple, tractor or wonky tractor in one suit (or, as a throw:")
    # a follow counts the cards already down: one 4♦ down, the other completes the owed pair
    follower = H("4D 4D 9D 3S")
    assert play_problem(follower, H("4D 9D"), CLUBS2, lead=H("KD KD"))[0] == "follow-pair"
    assert play_problem(H("4D 9D 3S"), H("4D"), CLUBS2, lead=H("KD KD"), down=H("4D")) is None
    assert play_problem(H("4D 9D 3S"), H("9D"), CLUBS2, lead=H("KD KD"), down=H("4D"))[0] == "follow-pair"
    assert play_problem(follower, H("4D"), CLUBS2, lead=H("KD KD"))[0] == "size"
    assert play_problem(follower, H("AD AD"), CLUBS2, lead=H("KD KD"))[0] == "own-card"
