"""CHA-CHING!: sums with wilds, penalties, the engine's rules, and the greedy bot."""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product

import pytest

from changekit import load_game
from changekit.core import ChangekitError, IllegalAction, play_out
from changekit.core.errors import InvalidMove
from changekit.conformance import check_words
from changekit.games.cha_ching import ChaChing, can_reach, penalty
from changekit.games.cha_ching.bots import FRESH_HAND_CHANGES, GreedyBot, NoPowersBot, RandomBot, changes_needed
from changekit.games.cha_ching.moves import Discard, reroll, trade
from changekit.games.cha_ching.rules import CARDS, DEFAULT_DECK

VALUES = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50, "cent": 0, "chaching": 0}


def brute_reach(hand, target):
    """Try every assignment of 1/5/10/25/50 to the wilds."""
    fixed = sum(VALUES[c] for c in hand if c != "wild")
    wilds = hand.count("wild")
    return any(fixed + sum(vals) == target for vals in product((1, 5, 10, 25, 50), repeat=wilds))


def brute_changes(hand, target):
    """Try every set of positions to change and every replacement value (0 for ¢ included)."""
    n = len(hand)
    for r in range(n + 1):
        for mask in range(1 << n):
            if bin(mask).count("1") != r:
                continue
            kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
            for new in product(("1", "5", "10", "25", "50", "cent"), repeat=r):
                if brute_reach(kept + list(new), target):
                    return r
    return n + 1


# ---- sums and penalties ----------------------------------------------------------------------
def test_the_sheets_penalty_example_scores_108():
    assert penalty(["1", "1", "1", "5", "$", "$", "25", "25"]) == 108
    assert penalty(["1", "1", "1", "5", "wild", "wild", "25", "25"]) == 108


@pytest.mark.parametrize(("hand", "points"), [
    (["wild"] * 8, 400),                                   # no number card: each $ is 50
    (["cent"] * 7 + ["wild"], 50),
    (["chaching", "chaching", "cent", "1", "1", "1", "1", "1"], 105),
    (["1", "wild", "wild", "cent", "cent", "cent", "cent", "cent"], 3),   # $ = the highest number, 1
    (["50", "10", "wild", "5", "5", "5", "5", "5"], 135),
])
def test_penalties(hand, points):
    assert penalty(hand) == points


def test_can_reach_agrees_with_brute_force_over_wild_assignments():
    rng = random.Random(6)
    checked = hits = 0
    for _ in range(1500):
        hand = [rng.choice(CARDS) for _ in range(rng.randint(0, 8))]
        made = sum(VALUES.get(c) or rng.choice((1, 5, 10, 25, 50)) * (c == "wild") for c in hand)
        target = made if rng.random() < 0.5 else max(0, made + rng.randint(-6, 6))   # near misses too
        expected = brute_reach(hand, target)
        assert can_reach(hand, target) is expected, (hand, target)
        checked += 1
        hits += expected
    assert 50 < hits < checked  # both answers were exercised


def test_can_reach_examples_from_the_sheet():
    hand = ["1", "1", "1", "5", "10", "wild", "25", "25"]   # 68 + the $
    assert [t for t in range(150) if can_reach(hand, t)] == [69, 73, 78, 93, 118]


def test_bad_cards_and_targets_are_refused():
    for bad in (["2"], [1], ["wild", None]):
        with pytest.raises(ChangekitError, match="card"):
            can_reach(bad, 10)
        with pytest.raises(ChangekitError, match="card"):
            penalty(bad)
    for target in (10.0, "10", True):
        with pytest.raises(ChangekitError, match="target"):
            can_reach(["10"], target)


def test_hands_written_with_the_table_symbols_sort_and_label_like_named_ones():
    from changekit.games.cha_ching.rules import label, sort_hand

    assert sort_hand(["¢", "$", "1", "CHA-CHING", "50"]) == ["1", "50", "cent", "wild", "chaching"]
    assert label(["¢", "$", "25"]) == label(["cent", "wild", "25"]) == "¢, $, 25"
    with pytest.raises(ChangekitError):
        sort_hand(["7"])


def test_changes_needed_agrees_with_brute_force():
    rng = random.Random(2)
    seen = Counter()
    for _ in range(120):
        hand = [rng.choice(CARDS) for _ in range(rng.randint(1, 4))]
        target = rng.randint(0, 120)
        expected = brute_changes(hand, target)
        assert changes_needed(hand, target) == expected, (hand, target)
        seen[expected] += 1
    assert len(seen) >= 3


# ---- the engine ------------------------------------------------------------------------------
def fresh(players=3, seed=1, **options):
    return ChaChing(players=players, **options).new_state(seed=seed)


def test_setup_deals_eight_each_turns_one_up_and_rolls_a_valid_target():
    for seed in range(30):
        state = fresh(players=4, seed=seed)
        assert [len(h) for h in state.hands] == [8] * 4
        assert len(state.discards) == 1 and len(state.deck) == 120 - 32 - 1
        assert 10 <= state.target <= 99 and 1 <= state.black <= 9 and 0 <= state.white <= 9
        assert state.inventory() == Counter({c: 15 for c in CARDS})
        assert state.current_players() == (1,) and state.legal_actions() == ["deck", "pile"]


def test_the_registry_knows_the_game():
    assert load_game("cha_ching") is ChaChing


def test_a_turn_draw_discard_then_out_or_pass():
    state = fresh()
    top = state.discards[-1]
    state.apply("pile")
    assert top in state.hands[1] and len(state.hands[1]) == 9 and state.phase == "discard"
    card = state.hands[1][0]
    state.apply(("discard", card))
    assert state.discards[-1] == card and len(state.hands[1]) == 8
    assert state.legal_actions() == ["out", "pass"]
    state.apply("pass")
    assert state.current_players() == (2,)
    size = len(state.deck)
    state.apply("deck")
    assert len(state.deck) == size - 1


def _set_up(state, player, hand, black, white):
    state.hands[player] = sorted(hand, key=CARDS.index)
    state.black, state.white = black, white
    return state


def test_going_out_right_charges_the_others_their_penalties():
    state = fresh(players=3)
    hand = ["1", "1", "1", "5", "10", "wild", "25", "25"]
    state.apply("deck")
    state.apply(("discard", state.hands[1][0]))
    _set_up(state, 1, hand, 9, 3)
    others = {p: penalty(state.hands[p]) for p in (0, 2)}
    state.apply("out")
    assert state.points == [others[0], 0, others[2]]
    out = next(e for e in state.log if e.kind == "out")
    assert out.data["scored"] == [others[0], 0, others[2]] and out.data["target"] == 93
    assert state.round == 2 and state.dealer == 1 and state.current_players() == (2,)


def test_a_false_go_out_costs_the_caller_the_target():
    state = fresh(players=3)
    state.apply("deck")
    state.apply(("discard", state.hands[1][0]))
    _set_up(state, 1, ["50"] * 8, 4, 2)
    state.apply("out")
    assert state.points == [0, 42, 0]
    assert any(e.kind == "false_out" for e in state.log)


def _play_chaching(state, action):
    player = state.current_player
    state.apply("deck")
    state.hands[player] = sorted(state.hands[player][1:] + ["chaching"], key=CARDS.index)
    state.apply(action)
    return player


def test_cha_ching_trades_hands_with_the_chosen_opponent():
    state = fresh(players=3)
    player = state.current_player
    state.apply("deck")
    state.hands[player] = sorted(state.hands[player][1:] + ["chaching"], key=CARDS.index)
    mine_after = [c for c in state.hands[player]]
    mine_after.remove("chaching")
    theirs = list(state.hands[0])
    state.apply(("chaching", "trade", 0))
    assert state.hands[player] == theirs and state.hands[0] == mine_after
    assert state.discards[-1] == "chaching"
    private = [e for e in state.log if e.kind == "hand"]
    assert {e.to for e in private} == {(0,), (player,)}
    with pytest.raises(IllegalAction):
        fresh(players=3).apply(("chaching", "trade", 1))


def test_cha_ching_rerolls_only_the_chosen_die_and_never_a_black_zero():
    whites, blacks = set(), set()
    for seed in range(60):
        state = fresh(seed=seed)
        black = state.black
        _play_chaching(state, ("chaching", "reroll", "white"))
        assert state.black == black
        whites.add(state.white)
        state = fresh(seed=seed)
        white = state.white
        _play_chaching(state, ("chaching", "reroll", "black"))
        assert state.white == white
        blacks.add(state.black)
    assert whites == set(range(10)) and blacks == set(range(1, 10))


def test_own_trade_and_missing_cha_ching_are_refused():
    state = fresh(players=3)
    state.apply("deck")
    state.hands[1] = [c for c in state.hands[1] if c != "chaching"] or ["1"]
    before = state.to_json()
    for bad in [("chaching", "reroll", "both"), ("discard", "2"), ("chaching", "trade", 1), "out", "deck"]:
        with pytest.raises(IllegalAction) as refused:
            state.apply(bad)
        assert refused.value.rule == "discard-phase" and str(refused.value)
    for malformed in [("discard", 5), ("chaching", "trade", True), ("chaching", "fly", 1)]:  # no move at all
        with pytest.raises(InvalidMove):
            state.apply(malformed)
    with pytest.raises(IllegalAction, match="'2' is not in your hand"):
        state.apply(("discard", "2"))
    with pytest.raises(IllegalAction, match="no CHA-CHING"):
        state.apply(("chaching", "reroll", "both"))
    assert state.to_json() == before


def _same(a, b):
    """Equality that tells True from 1 and a list from a tuple, inside tuples too."""
    if type(a) is not type(b):
        return False
    if type(a) in (tuple, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _as_json(value):
    """A move as its JSON reads (the plain value a named move also accepts): words as str, tuples as lists."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_as_json(v) for v in value]
    return value


class _Text(str):
    pass


def test_an_action_is_accepted_exactly_when_it_is_one_of_the_legal_actions():
    # The engine checks an action without building the legal list (speed): it must accept
    # the same actions, compared type for type.
    junk = ["deck", "pile", "out", "pass", "draw", _Text("deck"), None, 0, 1, True, ("discard",), ("discard", "7"),
            ["discard", "1"], ("discard", 1), ("discard", _Text("1")), ("chaching", "reroll", "red"),
            ("chaching", "reroll", _Text("both")), ("chaching", "trade", True), ("chaching", "trade", 1.0),
            ("chaching", "trade", -1), ("chaching", "trade", 9), ("chaching", "swap", 0), ("chaching", "trade", 0, 1),
            ("discard", "1", "x")]
    junk += [(kind, card) for kind in ("discard", "chaching") for card in CARDS]
    junk += [("chaching", power, arg) for power in ("reroll", "trade")
             for arg in ("black", "white", "both", 0, 1, 2, 3)]
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        state = fresh(players=rng.choice([2, 3, 4]), seed=seed)
        for _ in range(40):
            if state.is_terminal():
                break
            seat = state.current_player
            legal = state.legal_actions(seat)
            saved = state.to_json()  # the position every trial starts from (state itself is not played on)
            for action in [*legal, *junk]:
                trial = state.clone()
                try:
                    trial.apply(action, seat)
                    accepted = True
                except IllegalAction:
                    accepted = False
                    assert trial.to_json() == saved  # a refusal changes nothing
                assert accepted == any(_same(_as_json(action), _as_json(a)) for a in legal), (state.phase, action)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 5_000


def test_who_acts_follows_the_turn_through_play_undo_clone_and_load():
    rng = random.Random(9)
    for seed in range(6):
        state = fresh(players=rng.choice([2, 3, 6]), seed=seed, game_to=150)
        while not state.is_terminal():
            assert state.current_players() == (state.turn,) and state.turn is not None
            state.apply(rng.choice(state.legal_actions()))
        assert state.current_players() == () and state.turn is None and state.winners()
        for other in (state.clone(), type(state).from_json(state.to_json())):
            assert other.current_players() == () and other.is_terminal()
        state.undo(1)
        assert state.current_players() == (state.turn,) and not state.is_terminal()


def test_an_empty_deck_is_rebuilt_from_the_discards_but_the_top_card():
    state = fresh(players=2)
    cards = state.deck + state.discards
    state.deck, state.discards = [], cards
    state.apply("deck")
    assert state.discards == cards[-1:]
    assert len(state.deck) == len(cards) - 2
    assert any(e.kind == "reshuffle" for e in state.log)
    assert state.inventory() == Counter({c: 15 for c in CARDS})


def test_the_game_ends_at_game_to_and_the_lowest_wins():
    state = fresh(players=2, game_to=50)
    state.points = [30, 45]
    state.apply("deck")
    state.apply(("discard", state.hands[1][0]))
    _set_up(state, 1, ["50"] * 8, 1, 0)
    state.apply("out")  # false: +10 to player 1 → 30, 55
    assert state.is_terminal() and state.winners() == (0,) and state.points == [30, 55]


def test_a_tie_for_lowest_plays_on():
    state = fresh(players=2, game_to=50)
    state.points = [55, 45]
    state.apply("deck")
    state.apply(("discard", state.hands[1][0]))
    _set_up(state, 1, ["50"] * 8, 1, 0)
    state.apply("out")  # 55, 55: tied at the top and the bottom
    assert not state.is_terminal() and state.winners() == ()


def test_views_hide_other_hands_and_the_deck_draw():
    state = fresh(players=3)
    state.apply("deck")
    card = state.log[-1].data["card"]
    assert state.log[-1].to == (1,)
    assert state.view(1)["hand"] == state.hands[1] and card in state.view(1)["hand"]
    assert state.view(0)["hand"] == state.hands[0]
    assert all(e[1].get("card") is None for e in state.view(0)["log"] if e[0] == "draw")
    assert state.view(None)["hand"] is None


def test_options_deck_as_a_dict_json_and_size_checks():
    small = {"1": 6, "5": 6, "10": 6, "wild": 2}
    state = ChaChing(players=2, deck=small).new_state(seed=3)
    assert state.inventory() == Counter(small)
    loaded = type(state).from_json(state.to_json())
    assert loaded == state and loaded.options.deck == state.options.deck
    assert json.loads(state.to_json())["options"]["deck"][0] == ["1", 6]
    with pytest.raises(ChangekitError, match="too small"):
        ChaChing(players=3, deck={"1": 25})
    for bad in ({"2": 40}, {"1": -1}, {"1": 2.5}, 7):
        with pytest.raises(ChangekitError):
            ChaChing(players=2, deck=bad)
    with pytest.raises(ChangekitError, match="game_to"):
        ChaChing(game_to=0)
    assert ChaChing().options.deck == DEFAULT_DECK


# ---- bots ------------------------------------------------------------------------------------
def test_greedy_goes_out_only_with_a_right_hand():
    bot = GreedyBot()
    view = {"phase": "end", "hand": ["1", "1", "1", "5", "10", "wild", "25", "25"], "target": 93}
    assert bot.choose(view, ["out", "pass"], rng=random.Random(0)) == "out"
    assert bot.choose({**view, "target": 94}, ["out", "pass"], rng=random.Random(0)) == "pass"


def test_greedy_takes_the_discard_that_completes_its_hand_and_drops_the_useless_card():
    bot = GreedyBot()
    hand = ["1", "1", "5", "10", "10", "25", "cent", "50"]   # 52 without the 50
    view = {"phase": "draw", "hand": hand, "target": 77, "black": 7, "white": 7, "discards": ["10", "25"]}
    assert bot.choose(view, ["deck", "pile"], rng=random.Random(0)) == "pile"
    view.update(phase="discard", hand=hand + ["25"], you=0, points=[0, 0])
    legal = [Discard(c) for c in CARDS if c in view["hand"]]  # named moves, as legal_actions lists them
    assert bot.choose(view, legal, rng=random.Random(0)) == ("discard", "50")


def test_greedy_rerolls_when_the_target_is_hopeless_for_its_hand():
    bot = GreedyBot()
    hand = ["50"] * 6 + ["wild", "chaching", "cent"]     # 300 or more: target 12 needs many changes
    view = {"phase": "discard", "hand": hand, "target": 12, "black": 1, "white": 2, "discards": ["1"],
            "you": 0, "scores": [0, 10, 5]}
    legal = [Discard(c) for c in ("50", "cent", "wild", "chaching")]
    legal += [reroll(d) for d in ("black", "white", "both")] + [trade(1), trade(2)]
    choice = bot.choose(view, legal, rng=random.Random(0))
    assert choice[0] == "chaching" and choice[1] in ("reroll", "trade")
    if choice[1] == "trade":
        assert choice[2] == 2  # the leader
    assert bot.explain(view, choice)


def test_the_bot_without_powers_discards_the_card_plainly_and_otherwise_plays_as_greedy():
    hand = ["50"] * 6 + ["wild", "chaching", "cent"]  # the position where the greedy bot plays a power
    view = {"phase": "discard", "hand": hand, "target": 12, "black": 1, "white": 2, "discards": ["1"],
            "you": 0, "scores": [0, 10, 5]}
    plain = [Discard(c) for c in ("50", "cent", "wild", "chaching")]
    legal = plain + [reroll(d) for d in ("black", "white", "both")] + [trade(2)]
    assert GreedyBot().choose(view, legal, rng=random.Random(0))[0] == "chaching"
    choice = NoPowersBot().choose(view, legal, rng=random.Random(0))
    assert choice == GreedyBot().choose(view, plain, rng=random.Random(0))  # the greedy bot's best plain discard
    assert choice in plain
    # whole games: the same play as the greedy bot's, never a power
    state = ChaChing(players=3, game_to=300).new_state(seed=4)
    play_out(state, [NoPowersBot()] * 3, rng=random.Random(4), max_steps=20000)
    assert state.is_terminal() and not [e for e in state.log if e.kind in ("reroll", "trade")]


def test_greedy_beats_random():
    from changekit.stats.tournaments import bot_tournament

    result = bot_tournament(ChaChing(players=2, game_to=300), [GreedyBot(), RandomBot()], games=20, seed=1)
    assert result.wins[0] >= 18


def test_greedy_games_finish_and_conserve_cards():
    state = fresh(players=4, seed=9)
    play_out(state, [GreedyBot()] * 4, rng=random.Random(0), max_steps=20000)
    assert state.is_terminal() and max(state.points) >= 1000
    assert state.inventory() == Counter({c: 15 for c in CARDS})
    false_outs = [e for e in state.log if e.kind == "false_out"]
    assert false_outs == []


def test_the_bots_trade_table_is_the_exact_mean():
    from changekit.games.cha_ching.analysis import mean_changes

    exact = mean_changes()
    assert set(exact) == set(FRESH_HAND_CHANGES)
    assert all(abs(float(exact[t]) - FRESH_HAND_CHANGES[t]) < 5e-4 for t in exact)


def test_every_event_reads_as_a_sentence():
    state = fresh(players=3, seed=5, game_to=300)
    play_out(state, [GreedyBot(), RandomBot(), GreedyBot()], rng=random.Random(1), max_steps=20000)
    kinds = {e.kind for e in state.log}
    assert {"round", "deal", "draw", "drew", "discard", "out", "false_out", "round_end", "game_end"} <= kinds
    names = ["Ann", "Bo", "Cy"]
    for event in state.log:
        sentence = state.narrate(event, names)
        assert not sentence.startswith(f"{event.kind}:") and sentence.endswith(".")
    state = fresh(players=3)
    _play_chaching(state, ("chaching", "trade", 2))
    state.apply("pass")
    _play_chaching(state, ("chaching", "reroll", "both"))
    for event in state.log[-8:]:
        assert not state.narrate(event, names).startswith(f"{event.kind}:")
    assert "swapped hands with Cy" in " ".join(state.narration(None, names))
    assert "re-rolled both dice" in " ".join(state.narration(None, names))


# ---- the game's vocabulary: actions by name, their words, the declared view ---------------------
def test_named_actions_are_the_encodings_the_engine_plays_and_saves():
    from changekit.games.cha_ching.rules import DECK, OUT, PASS, PILE, discard, reroll, trade

    assert (DECK, PILE, OUT, PASS) == ("deck", "pile", "out", "pass")
    assert discard("25") == ("discard", "25") and discard("$") == ("discard", "wild")
    assert reroll("white") == ("chaching", "reroll", "white") and trade(2) == ("chaching", "trade", 2)
    rng = random.Random(3)
    kinds = set()
    for seed in range(40):  # games in which CHA-CHING cards were played, through the constructors
        state = fresh(players=3, seed=seed)
        for _ in range(30):
            if state.phase == "draw":
                state.apply(rng.choice([DECK, PILE]))
            elif state.phase == "end":
                state.apply(rng.choice([OUT, PASS]))
            elif "chaching" in state.hands[state.current_player]:
                state.apply(rng.choice([reroll(rng.choice(["black", "white", "both"])),
                                        trade((state.current_player + 1) % 3)]))
            else:
                state.apply(discard(rng.choice(state.hands[state.current_player])))
        loaded = type(state).from_json(state.to_json())
        assert loaded.history == state.history and loaded.to_json() == state.to_json()
        kinds |= {e.kind for e in state.log}
    assert {"trade", "reroll", "out", "false_out", "discard"} <= kinds


@pytest.mark.parametrize("bad", [("discard", "7"), ("reroll", "red"), ("reroll", True), ("trade", -1), ("trade", 6),
                                 ("trade", True), ("trade", 1.0)])
def test_named_actions_refuse_what_is_no_action(bad):
    from changekit.games.cha_ching import rules

    kind, argument = bad
    with pytest.raises(ChangekitError):
        getattr(rules, kind)(argument)


def test_every_legal_action_has_its_own_words():
    from changekit.games.cha_ching.rules import CARD_WORDS

    rng = random.Random(8)
    seen_kinds = set()
    for seed in range(15):
        state = fresh(players=rng.choice([2, 3, 5]), seed=seed)
        for _ in range(40):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            words = [state.describe_action(a) for a in legal]
            assert not check_words(state, legal)  # words for each action, no two alike
            for action, said in zip(legal, words, strict=True):
                if action == "deck":
                    assert said == "Draw from the deck"
                elif action == "pile":
                    assert said == f"Take the top discard ({CARD_WORDS[state.discards[-1]]})"
                elif action == "out":
                    assert said == f"Go out (claim: my 8 cards make {state.target})"
                elif action == "pass":
                    assert said == "End my turn"
                elif action[0] == "discard":
                    assert said == f"Discard {CARD_WORDS[action[1]]}"
                elif action[1] == "reroll":
                    assert said == ("CHA-CHING: re-roll both dice" if action[2] == "both"
                                    else f"CHA-CHING: re-roll {action[2]}")
                else:
                    assert said == f"CHA-CHING: trade hands with Player {action[2] + 1}"
                    assert state.describe_action(action, ["Ann", "Bo", "Cy", "Di", "Ed"]).endswith(
                        ["Ann", "Bo", "Cy", "Di", "Ed"][action[2]])
                seen_kinds.add(action if isinstance(action, str) else action[:2])
            state.apply(rng.choice(legal))
    assert seen_kinds == {"deck", "pile", "out", "pass", ("discard", "1"), ("discard", "5"), ("discard", "10"),
                          ("discard", "25"), ("discard", "50"), ("discard", "cent"), ("discard", "wild"),
                          ("discard", "chaching"), ("chaching", "reroll"), ("chaching", "trade")}


@pytest.mark.parametrize("junk", ["draw", ("discard", "7"), ("chaching", "trade", 9), ("chaching", "swap", 1), 3, None])
def test_describing_a_non_action_is_refused(junk):
    with pytest.raises(ChangekitError, match="is not a CHA-CHING! action"):
        fresh().describe_action(junk)


def test_the_view_holds_exactly_the_declared_keys_and_scores_are_the_scores():
    from changekit.games.cha_ching.rules import ChaChingView

    state = fresh(players=3, seed=3, game_to=60)
    play_out(state, [RandomBot(), RandomBot(), RandomBot()], rng=random.Random(2), max_steps=20000)
    for player in (None, 0, 2):
        view = state.view(player)
        assert set(view) - {"to_act", "log"} == set(ChaChingView.__annotations__)
        assert view["scores"] == list(state.scores()) and view["winners"] == list(state.winners()) != []
        assert view["top"] == state.discards[-1] == view["discards"][-1]
    fresh_view = fresh(players=3).view(1)
    assert fresh_view["winners"] == [] and fresh_view["scores"] == [0, 0, 0] and fresh_view["goal"] == 1000
