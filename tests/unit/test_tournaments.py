"""The one tournament runner and chart every game uses, and which way each game's scores go."""
from __future__ import annotations

import random

import pytest

from changekit.core import Bot, ChangekitError, RandomBot, play_out
from changekit.registry import all_games, load_game
from changekit.stats.tournaments import TournamentResult, bot_tournament, tournament_figure

#: From the rule sheets (docs/rules.md): CHA-CHING's penalties and Cambio's grid totals count
#: against the player; every other game's score is money, points or levels won.
LOWER_IS_BETTER = {"cha_ching", "cambio"}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_each_game_says_which_way_its_scores_go(game):
    assert game.lower_is_better is (game.name in LOWER_IS_BETTER)


@pytest.mark.parametrize("name", sorted(LOWER_IS_BETTER))
def test_where_lower_is_better_the_winners_hold_the_lowest_score(name):
    game = load_game(name)(players=3)
    for seed in range(3):
        state = game.new_state(seed=seed)
        play_out(state, [RandomBot()] * 3, rng=random.Random(seed), max_steps=50_000)
        scores = state.scores()
        assert state.winners() and all(scores[w] == min(scores) for w in state.winners())


def test_ranking_and_rows_read_points_the_games_way():
    # equal wins: the mean points break the tie, the lower first only where lower is better
    higher = TournamentResult(["a", "b"], 10, [5.0, 5.0], [100.0, 50.0])
    lower = TournamentResult(["a", "b"], 10, [5.0, 5.0], [100.0, 50.0], lower_is_better=True)
    assert higher.ranking() == [0, 1] and lower.ranking() == [1, 0]
    assert lower.mean_points() == [10.0, 5.0]
    assert [r["lower_is_better"] for r in lower.rows()] == [True, True]
    # more wins rank first whatever the points
    assert TournamentResult(["a", "b"], 10, [3.0, 7.0], [0.0, 900.0], lower_is_better=True).ranking() == [1, 0]


def test_a_cha_ching_tournament_ranks_the_lower_penalties_first():
    from changekit.games.cha_ching import ChaChing

    result = bot_tournament(ChaChing(players=2, game_to=300), ["greedy", "random"], games=10, seed=1)
    assert result.lower_is_better and result.names == ["greedy", "random"]
    greedy, random_ = result.mean_points()
    assert greedy < random_  # the greedy bot goes out; the random one collects penalties
    assert result.ranking() == [0, 1]
    figure = tournament_figure(result)
    assert "lower is better" in figure.layout.xaxis.title.text
    [bar] = [t for t in figure.data if t.type == "bar"]
    assert list(bar.text) == [f"mean points {m:.1f}" for m in (greedy, random_)]


def test_a_higher_is_better_chart_says_so():
    from changekit.games.zombie import Zombie

    result = bot_tournament(Zombie(players=2), ["greedy", "random"], games=4, seed=2)
    assert not result.lower_is_better
    assert "higher is better" in tournament_figure(result).layout.xaxis.title.text


def test_names_and_bots_mix_and_repeated_names_get_numbered_labels():
    from changekit.games.zombie import Zombie
    from changekit.games.zombie.bots import GreedyBot

    seen: list[float] = []
    result = bot_tournament(Zombie(players=4), ["careful", GreedyBot(), "careful", "greedy"], games=8, seed=3,
                            progress=seen.append)
    assert seen == [i / 8 for i in range(1, 9)]
    assert sum(result.wins) == pytest.approx(8)
    assert result.labels() == ["careful 1", "greedy 1", "careful 2", "greedy 2"]
    figure = tournament_figure(result, title="Careful or greedy?")
    [bar] = [t for t in figure.data if t.type == "bar"]
    assert list(bar.x) == result.labels() and figure.layout.title.text == "Careful or greedy?"
    assert list(bar.y) == [e.value for e in result.win_rates()]
    again = bot_tournament(Zombie(players=4), ["careful", "greedy", "careful", "greedy"], games=8, seed=3)
    assert again.wins == result.wins and again.points == result.points


def test_bad_line_ups_are_refused_by_name():
    from changekit.games.zombie import Zombie

    with pytest.raises(ChangekitError, match="no bot called 'sneaky'.*careful"):
        bot_tournament(Zombie(players=2), ["sneaky", "random"], games=2, seed=0)
    with pytest.raises(ChangekitError, match="3 bots for a 2-player game"):
        bot_tournament(Zombie(players=2), ["random"] * 3, games=2, seed=0)
    with pytest.raises(ChangekitError, match="a Bot or a bot's name"):
        bot_tournament(Zombie(players=2), ["random", 7], games=2, seed=0)


def test_cambios_head_to_head_chart_reads_grid_totals_as_lower_is_better():
    from changekit.games.cambio.analysis import comparison_figure, value_of_snapping

    rows = value_of_snapping(games=20, seed=8)
    assert [r["lower_is_better"] for r in rows] == [True, True]
    figure = comparison_figure(rows, title="Value of a snap")
    [bar] = [t for t in figure.data if t.type == "bar"]
    assert list(bar.x) == ["snaps when sure", "never snaps"]
    assert list(bar.text) == [f"mean points {r['mean_points']:.1f}" for r in rows]
    assert "lower is better" in figure.layout.xaxis.title.text


def test_a_bot_is_shown_the_log_unless_its_own_class_says_it_never_reads_it():
    from changekit.core.bots import bot_move
    from changekit.games.zombie.bots import GreedyBot

    seen = []

    class Spy(RandomBot):  # RandomBot says it never reads it, its subclass does not: shown the log
        def choose(self, view, legal, *, rng):
            seen.append("log" in view)
            return super().choose(view, legal, rng=rng)

    class Blind(Spy):
        reads_log = False

    class SpyOnGreedy(GreedyBot):  # GreedyBot says it never reads it; a subclass must say so itself
        def choose(self, view, legal, *, rng):
            seen.append("log" in view)
            return super().choose(view, legal, rng=rng)

    state = load_game("zombie")(players=2).new_state(seed=1)
    rng = random.Random(1)
    for bot in (Spy(), Blind(), SpyOnGreedy()):
        view = state.view(state.current_players()[0])
        assert bot_move(state, state.current_players()[0], bot, rng) in state.legal_actions()
        assert state.view(state.current_players()[0]) == view  # the state is untouched
    assert seen == [True, False, True]
    assert GreedyBot.reads_log is False and Bot.reads_log is True


def test_the_test_of_two_shares_of_the_same_games_and_who_leads() -> None:
    from math import sqrt

    # a seat name twice: its wins add up (60 + 20 of 200 for "a")
    result = TournamentResult(["a", "b", "a", "c"], 200, [60.0, 70.0, 20.0, 50.0])
    assert result.share("a") == 80 / 200 and result.share("b") == 70 / 200
    p1, p2 = 0.40, 0.35  # written out: Var(p1 - p2) = (p1 + p2 - (p1 - p2)^2) / n
    assert result.difference_z("a", "b") == pytest.approx((p1 - p2) / sqrt((p1 + p2 - (p1 - p2) ** 2) / 200))
    assert result.difference_z("b", "a") == pytest.approx(-result.difference_z("a", "b"))
    # a against c: 0.40 - 0.25 over sqrt((0.65 - 0.0225) / 200) = 2.68, beyond 1.96; a against b: 0.82
    assert result.leaders() == ["a", "b"]
    assert TournamentResult(["x", "y"], 100, [51.0, 49.0]).leaders() == ["x", "y"]
    assert TournamentResult(["x", "y"], 100, [80.0, 20.0]).leaders() == ["x"]
    with pytest.raises(ChangekitError, match="no bot called 'd' played"):
        result.share("d")
