"""Zhao Pengyou throws (option ``allow_throws``): leading, failing, following, winning; the bot and the app."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, product

import pytest

from changekit.core import GameRng, IllegalAction, play_out
from changekit.games.zhao_pengyou import ZhaoPengyou, trick_winner
from changekit.games.zhao_pengyou.bots import HeuristicBot, sure_throw
from changekit.games.zhao_pengyou.moves import Play, Throw
from changekit.games.zhao_pengyou.tricks import (
    ALL_CODES, canonical, combos_of, context, follow_need, follow_problem, lead_parts, next_cards, shape_of,
    throw_failure,
)
from tests.unit.test_zhao_pengyou import H, play_position

CLUBS2 = context("C", "2")


def throwing(hands, **options):
    return play_position(hands, allow_throws=True, deals=1, **options)


def throw(state, cards):
    for c in H(cards):
        state.apply(("throw", c))
    state.apply(("throw",))


# ---- reading a throw -------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "parts"), [
    ("AD AD KD QD QD", [("AD", "AD"), ("QD", "QD"), ("KD",)]),
    ("AD AD KD KD QD", [("KD", "KD", "AD", "AD"), ("QD",)]),                 # K-A pairs: a tractor
    ("5D 5D 5D 6D 6D 7D 7D 9D", [("6D", "6D", "7D", "7D"), ("5D", "5D", "5D"), ("9D",)]),  # 5♦ stays a triple
    ("SJ BJ", [("BJ",), ("SJ",)]),                                          # a trump throw
    ("2D 2D 3C 3C 4C", [("2D", "2D"), ("3C", "3C"), ("4C",)]),               # trump-rank pair: no tractor
    ("7D 7D 7D 8D 8D", [("7D", "7D", "7D", "8D", "8D")]),                   # one combination: a plain lead
])
def test_a_throw_is_read_triples_tractors_pairs_singles(cards, parts):
    assert lead_parts(H(cards), CLUBS2) == parts


def test_wonky_tractors_are_not_formed_inside_a_throw():
    assert lead_parts(H("7D 7D 7D 8D 8D"), CLUBS2, wonky=False) == [("7D", "7D", "7D"), ("8D", "8D")]
    assert lead_parts(H("7D 7D 7D 8D 8D 3D"), CLUBS2) == [("7D", "7D", "7D"), ("8D", "8D"), ("3D",)]
    assert lead_parts(H("7D 8S"), CLUBS2) is None                            # two suits: no throw
    assert lead_parts(H("7D 8D"), CLUBS2, throws=False) is None


# ---- leading a throw -------------------------------------------------------------------------
HANDS = ["AD AD QD QD KD 3S 4S", "JD JD 5D 6H 7H 8H 9H", "9D 7D 3H 4H 5H 6H 10H", "3C 3C 5C 5C 8C 9S 10S"]


def test_a_throw_nobody_can_beat_is_led_whole_card_by_card():
    state = throwing(HANDS)
    legal = state.legal_actions()
    assert [a for a in legal if a[0] == "throw"] == [("throw", c) for c in ("3S", "4S", "QD", "KD", "AD")]
    state.apply(("throw", "AD"))
    # under way: more diamonds, or done; the others see nothing yet
    assert state.legal_actions() == [("throw", "QD"), ("throw", "KD"), ("throw", "AD"), ("throw",)]
    assert state.view(0)["selection"] == ["AD"] and state.view(1)["selection"] == []
    assert state.view(1)["hand_sizes"][0] == 7 and state.log[-1].kind != "play"
    for c in ("AD", "KD", "QD", "QD"):
        state.apply(("throw", c))
    state.apply(("throw",))
    assert state.trick == [[0, ["QD", "QD", "KD", "AD", "AD"]]] and state.current_player == 1
    assert state.log[-1].data["parts"] == [["AD", "AD"], ["QD", "QD"], ["KD"]]
    assert state.narration()[-1] == "Player 1 throws A♦ A♦ + Q♦ Q♦ + K♦: nobody can beat any part."


def test_throw_actions_listed_are_exactly_those_accepted():
    state = throwing(HANDS)
    for selection in ([], ["AD"], ["AD", "QD"]):
        for c in selection:
            state.apply(("throw", c))
        legal = state.legal_actions()
        tried = [("throw", c) for c in ALL_CODES] + [("throw",), ("throw", "AD", "AD"), ("play", "KD"), ("play", "3S")]
        for action in tried:
            twin = state.clone()
            try:
                twin.apply(action)
            except IllegalAction:
                assert action not in legal, action
            else:
                assert action in legal, action
        state = throwing(HANDS)


def test_refusals_while_throwing_name_the_rule():
    state = throwing(HANDS)
    for action, rule in [(("throw",), "throw-empty"), (("throw", "AD", "KD"), "throw-form"),
                         (("throw", "ZZ"), "card"), (("throw", "AS"), "own-card"), (("throw", 3), "move-shape"),
                         (("play", "AD", "KD"), "shape")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.rule == rule, action
    assert "('throw', card)" in str(err.value)  # the shape refusal points to the throw
    state.apply(("throw", "AD"))
    with pytest.raises(IllegalAction) as err:
        state.apply(("throw", "3S"))
    assert err.value.rule == "throw-one-suit" and "a throw must be one suit" in str(err.value)
    assert "A♦ 3♠" in str(err.value) and "♦ and ♠" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.apply(("play", "KD"))
    assert err.value.rule == "throw-under-way"
    with pytest.raises(IllegalAction) as err:
        state.check_play(["KD", "3S"])
    assert err.value.rule == "throw-one-suit"
    # a follower cannot throw
    state.play_cards(["AD", "KD"])
    with pytest.raises(IllegalAction) as err:
        state.apply(("throw", "5D"))
    assert err.value.rule == "throw-lead"


def test_throws_are_refused_when_the_option_is_off():
    state = play_position(HANDS, deals=1)
    assert all(a[0] == "play" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(("throw", "AD"))
    assert err.value.rule == "throws-off"
    with pytest.raises(IllegalAction) as err:
        state.check_play(["AD", "AD", "KD"])
    assert err.value.rule == "shape" and "throw" not in str(err.value)


def test_a_failed_throw_leads_only_the_lowest_part_that_can_be_beaten():
    hands = ["AD KD KD 9D 3S 4S 5S", "3D 4D 6H 7H 8H 9H 10H", "10D JD 3H 4H 5H 6H 7H", "AD AD 3C 4C 5C 6C 7C"]
    state = throwing(hands)
    throw(state, "AD KD KD 9D")
    # K♦ K♦ (beaten by seat 3's A♦ A♦) and 9♦ (by seat 2's 10♦) fail; 9♦ is the lower part
    assert state.trick == [[0, ["9D"]]] and state.current_player == 1
    assert Counter(state.hands[0]) == Counter(H("AD KD KD 3S 4S 5S"))
    failed = next(e for e in state.log if e.kind == "throw_failed")
    assert failed.to is None and failed.data == {"player": 0, "parts": [["KD", "KD"], ["AD"], ["9D"]],
                                                 "part": ["9D"], "by": 2, "beater": ["10D"]}
    assert state.narration()[-2:] == [
        ("Player 1 tries to throw K♦ K♦ + A♦ + 9♦, but Player 3 holds 10♦, which beats 9♦: "
         "Player 1 takes the throw back and leads 9♦ alone."),
        "Player 1 plays 9♦."]
    # what the table saw stays where it was seen when hidden cards are dealt again
    for s in range(4):
        twin = state.determinize(1, GameRng(s))
        assert not Counter(H("AD KD KD")) - Counter(twin.hands[0]) and "10D" in twin.hands[2]
    assert sum(state.inventory().values()) == 162


@pytest.mark.parametrize(("parts", "others", "expected"), [
    # a single and a pair both beatable: the lower top card goes, whatever its size
    (["KD", "9D 9D"], [(1, "AD 3S"), (2, "10D 10D")], (("9D", "9D"), 2, ("10D", "10D"))),
    (["8D", "QD QD"], [(1, "3D 3S"), (2, "KD KD 9D")], (("8D",), 2, ("9D",))),
    # the first seat in play order able to beat it shows its lowest beating combination
    (["8D", "AD AD"], [(1, "QD KD"), (2, "9D")], (("8D",), 1, ("QD",))),
    # only the same suit beats a part: trumps do not, nor equal cards
    (["AD", "KD KD"], [(1, "3C 3C BJ"), (2, "AD KD")], None),
    # a pair inside a triple can beat a pair
    (["AD", "QD QD"], [(1, "KD KD KD")], (("QD", "QD"), 1, ("KD", "KD"))),
    # trumps thrown: beaten by higher trumps of the part's shape
    (["SJ", "AC AC"], [(1, "2D 2D 3S")], (("AC", "AC"), 1, ("2D", "2D"))),
    (["2C", "AC AC"], [(1, "2D 2S"), (2, "KC KC")], None),
])
def test_throw_failure(parts, others, expected):
    got = throw_failure([tuple(H(p)) for p in parts], [(seat, H(h)) for seat, h in others], CLUBS2)
    assert got == expected


# ---- following a throw -----------------------------------------------------------------------
def test_following_a_throw_owes_its_suit_and_its_shapes_each_refusal():
    lead = H("AD AD KD KD QD")  # a tractor and a single
    hand = H("5D 5D 6D 6D 8D 10D 3S")
    assert follow_problem(hand, lead, H("5D 5D 6D 6D 3S"), CLUBS2)[0] == "follow-suit"
    rule, text = follow_problem(hand, lead, H("5D 5D 6D 8D 10D"), CLUBS2)
    assert rule == "follow-tractor" and "you hold a tractor in ♦ (5♦ 5♦ 6♦ 6♦) and must play a tractor" in text
    assert follow_problem(hand, lead, H("5D 5D 6D 6D 10D"), CLUBS2) is None
    assert follow_problem(hand, lead, H("5D 5D 6D 6D"), CLUBS2)[0] == "size"
    # no tractor: its two pairs are owed instead
    rule, text = follow_problem(H("5D 5D 7D 7D 8D 10D 3S"), lead, H("5D 5D 7D 8D 10D"), CLUBS2)
    assert rule == "follow-pair" and "you hold 2 pairs of ♦" in text
    # a triple in the throw: owed if held, else a pair stands in
    lead = H("AD AD AD QD")
    assert follow_problem(H("4D 4D 4D 7D 7D 9D"), lead, H("7D 7D 9D 4D"), CLUBS2)[0] == "follow-triple"
    assert follow_problem(H("4D 4D 4D 7D 7D 9D"), lead, H("4D 4D 4D 9D"), CLUBS2) is None
    assert follow_problem(H("4D 4D 7D 9D 10D"), lead, H("4D 7D 9D 10D"), CLUBS2)[0] == "follow-pair"
    # a short follower plays all their diamonds first
    rule, text = follow_problem(H("5D 6D 3S 4S 5S 6S"), lead, H("5D 3S 4S 5S"), CLUBS2)
    assert rule == "follow-suit" and "play all your ♦" in text


def test_following_a_throw_through_the_engine():
    state = throwing(["AD AD QD QD KD 3S 4S", "5D 5D 7D 9D 9D 3S 4S", "9D 7D 3H 4H 5H 6H 10H",
                      "3C 3C 5C 5C 8C 9S 10S"])
    throw(state, "AD AD KD QD QD")
    with pytest.raises(IllegalAction) as err:
        state.check_play(["5D", "7D", "9D", "3S", "4S"])
    assert err.value.rule == "follow-suit"
    with pytest.raises(IllegalAction) as err:
        state.check_play(["5D", "5D", "7D", "9D", "3S"])
    assert err.value.rule == "follow-suit"  # five diamonds held: all five owed, no spade
    state.play_cards(["5D", "5D", "7D", "9D", "9D"])
    assert state.trick[-1] == [1, ["5D", "5D", "7D", "9D", "9D"]]


def _brute_profile(cards: Counter, shapes) -> tuple:
    """How much of a lead's make-up ``cards`` holds, by exhaustive search: which tractors (in
    order), then how many triples, then how many pairs, the unmatched parts standing in as pairs."""
    big = [s for s in shapes if s[0] == "tractor"]
    best = None
    for mask in product((0, 1), repeat=len(big)):
        options = [combos_of(s, dict(cards), CLUBS2) if m else [()] for s, m in zip(big, mask, strict=True)]
        for choice in product(*options):
            used = Counter(c for combo in choice for c in combo)
            if used - cards:
                continue
            left = cards - used
            triples_owed = sum(1 for s in shapes if s[0] == "triple")
            pairs_owed = (sum(1 for s in shapes if s[0] == "pair")
                          + sum(s[1] for s, m in zip(big, mask, strict=True) if not m))
            codes = sorted(left)
            for t in range(min(triples_owed, len(codes)), -1, -1):
                for trip in combinations([c for c in codes if left[c] >= 3], t):
                    rest = [c for c in codes if left[c] >= 2 and c not in trip]
                    p = min(len(rest), pairs_owed + triples_owed - t)
                    profile = (mask, t, p)
                    best = profile if best is None or profile > best else best
    return best


THROWS = ["9D 9D QD", "9D 9D 9D QD", "9D 9D JD JD", "9D 9D 10D 10D QD", "9D 9D 9D 10D 10D JD JD",
          "9D 9D 10D 10D QD QD KD KD", "9D 9D 10D 10D JD JD KD", "9D 9D 9D JD JD JD"]


@pytest.mark.parametrize("seed", range(3))
def test_throw_follows_are_exactly_the_plays_holding_the_most_of_its_make_up(seed):
    """With split triples on (any pair counts), a non-short follow is legal exactly when no other
    choice of as many cards holds more of the throw's tractors, then triples, then pairs."""
    rng = random.Random(seed)
    low = [r + "D" for r in ("3", "4", "5", "6", "7", "8")] * 3  # few ranks: pairs and tractors are common
    for lead in map(H, THROWS):
        hand = rng.sample(low, len(lead) + rng.randint(1, 3))
        parts = lead_parts(lead, CLUBS2)
        assert parts is not None and len(parts) >= 2
        shapes = [shape_of(p, CLUBS2) for p in parts]
        counts = Counter(hand)
        subsets = {canonical(c) for c in combinations_with_replacement(sorted(counts), len(lead))
                   if not Counter(c) - counts}
        profiles = {s: _brute_profile(Counter(s), shapes) for s in subsets}
        top = max(profiles.values())
        legal = {s for s in subsets if follow_problem(hand, lead, s, CLUBS2, split_triples=True) is None}
        assert legal == {s for s, p in profiles.items() if p == top}, (lead, hand)
        # and the engine's card-by-card choices reach exactly those
        assert _reachable(follow_need(hand, lead, CLUBS2, split_triples=True), hand, len(lead)) == legal


def _reachable(need, hand, size):
    """The whole follows reached by choosing one of ``next_cards`` at a time (each partial choice once)."""
    done, seen = set(), set()

    def walk(chosen, left):
        key = canonical(chosen.elements())
        if key in seen:
            return
        seen.add(key)
        if len(key) == size:
            done.add(key)
        for c in next_cards(need, chosen, left.elements()):
            walk(chosen + Counter([c]), left - Counter([c]))

    walk(Counter(), Counter(hand))
    return done


# ---- winning a throw -------------------------------------------------------------------------
@pytest.mark.parametrize(("plays", "winner"), [
    ([["AD", "AD", "KD"], ["3C", "4C", "4C"], ["5C", "5C", "SJ"]], 2),   # ruffed, then over-ruffed
    ([["AD", "AD", "KD"], ["3C", "4C", "5C"]], 0),                       # no pair among the trumps
    ([["AD", "AD", "KD"], ["3C", "3C", "3C"]], 1),                       # a triple holds a pair and a single
    ([["AD", "AD", "KD"], ["3C", "3C", "4S"]], 0),                       # trumps and a plain card: no
    ([["AD", "AD", "KD"], ["QS", "QS", "AS"]], 0),                       # another plain suit: no
    ([["AD", "AD", "KD", "KD", "QD"], ["3C", "3C", "5C", "5C", "9C"], ["3C", "3C", "4C", "4C", "6C"]], 2),
    ([["QD", "QD", "9D"], ["KD", "KD", "3D"]], 1),                       # same suit, higher key part
    ([["SJ", "SJ", "AC"], ["BJ", "BJ", "3C"], ["2C", "2C", "2C"]], 1),   # a trump throw
    ([["AD", "KD"], ["3C", "2C"], ["4C", "5C"]], 1),                     # singles: the top card decides
])
def test_trick_winner_with_throws(plays, winner):
    assert trick_winner(plays, "C", "2") == winner


def test_a_void_player_ruffs_a_throw_through_the_engine_and_takes_its_points():
    state = throwing(HANDS)
    throw(state, "AD AD KD QD QD")
    state.play_cards(["JD", "JD", "5D", "6H", "7H"])
    state.play_cards(["9D", "7D", "3H", "4H", "5H"])
    state.play_cards(["3C", "3C", "5C", "5C", "8C"])  # two trump pairs and a trump: the throw's make-up
    assert state.last_winner == 3 and state.captured[3] == 10 + 5 + 5 + 10
    plays = [cards for _, cards in state.last_trick]
    assert trick_winner(plays, "C", "2") == 3


def test_the_leader_keeps_a_throw_that_trumps_cannot_copy():
    hands = list(HANDS)
    hands[3] = "3C 4C 5C 5C 8C 9S 10S"
    state = throwing(hands)
    throw(state, "AD AD KD QD QD")
    state.play_cards(["JD", "JD", "5D", "6H", "7H"])
    state.play_cards(["9D", "7D", "3H", "4H", "5H"])
    state.play_cards(["3C", "4C", "5C", "5C", "8C"])  # only one trump pair
    assert state.last_winner == 0


# ---- the app, the bot, the bound -------------------------------------------------------------
def test_the_app_plays_selected_cards_as_a_throw():
    from changekit.games.zhao_pengyou.app import ZhaoPengyouApp
    from tests.unit.test_zhao_pengyou_app import press

    app = ZhaoPengyouApp(seed=1, allow_throws=True)
    app.state, app.bot_players = throwing(HANDS), {}
    app.refresh()
    assert "throw several of one suit" in app._prompt.value
    hand = app.state.view(0)["hand"]
    for i, code in enumerate(hand):
        if code in ("AD", "3S"):
            app.toggle(i)
    press(app, "Play selected cards")
    assert "a throw must be one suit" in app.error
    app.picked = [i for i, code in enumerate(hand) if code.endswith("D")]
    press(app, "Play selected cards")
    assert app.error == "" and app.state.trick[0] == [0, ["QD", "QD", "KD", "AD", "AD"]]


def _lead_view(hand, log=()):
    return {"you": 0, "host": 0, "friends": [], "calls": [], "levels": ["2"] * 4, "trump_suit": "C",
            "trump_rank": "2", "phase": "play", "selection": [], "hand": hand, "trick": [], "to_act": [0],
            "decks": 3, "kitty": None, "log": list(log)}


def test_the_heuristic_throws_only_what_no_unseen_card_can_beat():
    # every A♦ and K♦ is in its hand: both triples are sure, the 9♦ is not
    view = _lead_view(H("AD AD AD KD KD KD 9D 3S"))
    assert sure_throw(view) == H("AD AD AD KD KD KD")
    legal = [Play("3S"), Throw("3S"), Throw("9D"), Throw("KD"), Throw("AD")]  # named, as legal_actions lists them
    assert HeuristicBot().choose(view, legal, rng=random.Random(0)) == ("throw", "AD")
    view = _lead_view(H("AD AD KD KD KD 9D 3S"), log=[["deal_start", {}], ["play", {"cards": ["AD"]}]])
    view["selection"] = ("AD", "AD", "KD", "KD", "KD")
    legal = [Throw("9D"), Throw()]
    assert HeuristicBot().choose(view, legal, rng=random.Random(0)) == ("throw",)
    # an A♦ unseen: the K♦s could be beaten, and one sure part is no throw
    assert sure_throw(_lead_view(H("AD AD KD KD KD 3S"))) == []
    assert HeuristicBot().choose(_lead_view(H("AD AD KD 3S")), [Play("AD", "AD"), Throw("AD")],
                                 rng=random.Random(0)) == ("play", "AD", "AD")


def test_heuristic_bots_throw_and_never_fail():
    thrown = 0
    for seed in range(3):
        state = ZhaoPengyou(allow_throws=True, deals=1).new_state(seed=seed)
        play_out(state, [HeuristicBot() for _ in range(4)], rng=random.Random(seed))
        assert state.is_terminal() and not any(e.kind == "throw_failed" for e in state.log)
        thrown += sum(1 for e in state.log if e.kind == "play" and "parts" in e.data)
    assert thrown > 0


def test_random_deals_with_throws_stay_within_the_declared_bound():
    game = ZhaoPengyou(allow_throws=True, deals=1)
    bound = ZhaoPengyou.max_steps(game.options)
    assert bound > ZhaoPengyou.max_steps(ZhaoPengyou(deals=1).options)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        assert steps <= bound and sum(state.inventory().values()) == 162
        assert any(e.kind == "throw_failed" for e in state.log)
