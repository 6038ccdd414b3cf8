"""Zombie's greedy, careful and duplicate-shedding bots, on views from real games."""
from __future__ import annotations

import random

from changekit.games.zombie.bots import CarefulBot, GreedyBot, SheddingBot, TieSheddingBot, expected_points
from changekit.games.zombie.rules import Zombie, make_change


def views(seeds=range(30), players=3):
    """(view, legal) at every turn of random games."""
    for seed in seeds:
        state = Zombie(players=players).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player
            legal = state.legal_actions(player)
            yield state.view(player), legal
            state.apply(rng.choice(legal), player)


def test_greedy_pays_the_bill_with_the_most_change_when_the_zombie_covers_every_bill():
    # the Zombie's hand is face up: when it covers the bill it draws nothing, so the points are
    # certain: the change it must give (make_change, checked against brute force) minus the bill
    checked = 0
    for view, legal in views():
        if sum(view["zombie"]) < max(legal):
            continue
        gain = {b: sum(make_change(list(view["zombie"]), b)) - b for b in legal}
        best = max(gain.values())
        choice = GreedyBot().choose(view, legal, rng=random.Random(0))
        assert gain[choice] == best and choice == min(b for b in legal if gain[b] == best), (view, gain)
        checked += 1
    assert checked > 50


def test_greedy_takes_the_most_expected_points_and_says_so():
    for view, legal in views(range(5)):
        choice = GreedyBot().choose(view, legal, rng=random.Random(0))
        assert choice in legal
        assert f"Pay ${choice}: expects {expected_points_of(view, choice):.2f} points now" == GreedyBot().explain(
            view, choice)
        assert all(expected_points_of(view, b) <= expected_points_of(view, choice) for b in legal), view


def expected_points_of(view, bill):
    from changekit.games.zombie.bots import position

    zombie, pool = position(view)
    return expected_points(bill, zombie, pool)


def test_careful_without_caution_is_greedy_and_with_it_sometimes_gives_up_points():
    differ = 0
    for view, legal in views():
        rng = random.Random(0)
        greedy = GreedyBot().choose(view, legal, rng=rng)
        assert CarefulBot(caution=0).choose(view, legal, rng=rng) == greedy
        careful = CarefulBot().choose(view, legal, rng=rng)
        assert careful in legal
        if careful != greedy:  # no more points now, for less left to the next player
            differ += 1
            assert expected_points_of(view, careful) <= expected_points_of(view, greedy)
            assert CarefulBot().value(careful, view) > CarefulBot().value(greedy, view)
    assert differ > 10  # the caution changes real choices (233 of 2,160 turns in 40 such games)


def test_careful_is_greedy_when_the_next_player_has_no_bills_left():
    for view, legal in views():
        nxt = (view["you"] + 1) % len(view["hand_sizes"])
        if view["hand_sizes"][nxt] == 0:
            assert CarefulBot().choose(view, legal, rng=random.Random(0)) == GreedyBot().choose(
                view, legal, rng=random.Random(0))
            assert CarefulBot().value(legal[0], view) == expected_points_of(view, legal[0])


def test_careful_bots_play_six_player_games_to_the_end():
    # with six hands the register empties and the discards are recycled mid-game: the careful
    # bot's model must still give an answer (it raised "no unseen bill is left" before)
    from changekit.games.zombie.analysis import bot_tournament

    result = bot_tournament(["careful"] * 6, games=12, seed=1)
    assert result.games == 12 and abs(sum(r["win_rate"] for r in result.rows()) - 1) < 1e-9


def test_bots_and_model_never_import_the_analysis():
    """One dependency direction: rules <- model <- bots <- analysis (imports inside functions count)."""
    import ast
    from pathlib import Path

    import changekit.games.zombie.bots as bots
    import changekit.games.zombie.model as model

    for module, banned in ((bots, ("analysis", "app")), (model, ("bots", "analysis", "app"))):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert imported and not [m for m in imported if m.rsplit(".", 1)[-1] in banned], (module.__name__, imported)


def test_careful_bot_names_its_payment_in_the_rules_words():
    from changekit.games.zombie import Zombie

    state = Zombie(players=3).new_state(seed=2)
    view, legal = state.view(state.current_player), state.legal_actions()
    choice = CarefulBot().choose(view, legal, rng=random.Random(0))
    reason = CarefulBot().explain(view, choice)
    assert reason.startswith(state.describe_action(choice) + ": balances") and reason.endswith(
        f"(value {CarefulBot().value(choice, view):.2f})")


def test_the_shedding_bot_pays_a_duplicate_while_it_holds_one():
    shed = 0
    for view, legal in views():
        doubled = [b for b in legal if view["hand"].count(b) > 1]
        choice = SheddingBot().choose(view, legal, rng=random.Random(0))
        greedy = GreedyBot().choose(view, legal, rng=random.Random(0))
        if not doubled:
            assert choice == greedy, view
            continue
        assert choice in doubled  # the best of its duplicates now, the smaller bill of equal ones
        best = max(expected_points_of(view, b) for b in doubled)
        assert expected_points_of(view, choice) == best
        assert choice == min(b for b in doubled if expected_points_of(view, b) == best)
        shed += choice != greedy
    assert shed > 50  # the rule changes real choices


def test_the_tie_shedding_bot_is_greedy_except_between_equally_good_bills():
    moved = 0
    for view, legal in views():
        choice = TieSheddingBot().choose(view, legal, rng=random.Random(0))
        greedy = GreedyBot().choose(view, legal, rng=random.Random(0))
        # never fewer expected points than greedy's bill (a float sum: the same to 1e-9)
        assert abs(expected_points_of(view, choice) - expected_points_of(view, greedy)) < 1e-9, view
        if choice != greedy:
            assert view["hand"].count(choice) > 1 and view["hand"].count(greedy) == 1, view
            moved += 1
    assert moved > 10  # ties between a single and a duplicate happen
