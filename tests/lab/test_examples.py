"""Every game's worked examples: they are bots the lab takes, they run in the real sandbox without
a failed move, and the Zombie one does what its comment says."""
from __future__ import annotations

import pytest

from changekit.core.errors import ChangekitError
from changekit.lab import check_bot, check_source, sandbox_available
from changekit.lab.starters import examples_for, starter_source
from changekit.registry import game_keys, game_spec, load_game

EXAMPLES = [(game, title) for game in game_keys() for title in examples_for(game)]


@pytest.mark.parametrize("game", game_keys())
def test_every_game_has_two_or_more_examples(game):
    assert len(examples_for(game)) >= 2, f"{game}: its folder's lab_examples/ has fewer than two bots"


def test_an_unknown_game_is_refused():
    with pytest.raises(ChangekitError, match="no game called 'chess'"):
        examples_for("chess")


@pytest.mark.parametrize("game, title", EXAMPLES)
def test_an_example_is_checked_source(game, title):
    assert check_source(examples_for(game)[title]).kind == "function"


@pytest.mark.skipif(not sandbox_available(), reason="needs bubblewrap")
@pytest.mark.parametrize("game, title", EXAMPLES)
def test_an_example_plays_in_the_sandbox_without_a_failed_move(game, title):
    players = load_game(game)().options.players
    report = check_bot(game, examples_for(game)[title], against=["random"] * (players - 1), games=players,
                       seed=5)
    assert report.games == players
    assert report.failure_counts() == {"timeout": 0, "error": 0, "illegal": 0}
    assert not report.stopped


@pytest.mark.skipif(not sandbox_available(), reason="needs bubblewrap")
def test_the_zombie_expected_points_example_gives_nothing_away():
    source = examples_for("zombie")["Most expected points now (the kit's greedy idea, in your own words)."]
    report = check_bot("zombie", source, against=["greedy", "careful", "random"], games=8, seed=2)
    assert report.exact is not None and report.exact["moves"] > 0
    assert report.exact["best_moves"] == report.exact["moves"]
    assert report.exact["points_given_away"] == pytest.approx(0.0, abs=1e-9)
    smallest = check_bot("zombie", examples_for("zombie")["Pay with the smallest bill."],
                         against=["greedy", "careful", "random"], games=8, seed=2)
    assert smallest.exact is not None and smallest.exact["points_given_away"] > 1.0


@pytest.mark.skipif(not sandbox_available(), reason="needs bubblewrap")
@pytest.mark.parametrize("game", game_keys())
def test_every_games_starter_bot_plays_in_the_sandbox(game):
    """The bot a student starts from, for every game of the registry: it runs as written, in the
    real sandbox, against the game's default bot, in its short form (a whole Zhao Pengyou match is
    long)."""
    spec = game_spec(game)
    players = spec.game.min_players
    report = check_bot(spec.game(players=players, **spec.short_options), starter_source(game),
                       against=[spec.default_bot] * (players - 1), games=players, seed=3)
    assert report.games == players and report.failures == [] and not report.stopped
