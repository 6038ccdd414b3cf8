"""Every app's constructor settings are checked before use, in the engine's words (issue 41): a
student editing a cell saw raw traitlets errors for a bad bot or seed, and nothing at all for a
player count or seed a number box clamped. One check in the frame (ui/app.py) serves every game."""
from __future__ import annotations

import pytest

from changekit.core import ChangekitError
from changekit.registry import game_keys, game_spec
from changekit.ui.app import SEED_BOX_MAX


@pytest.fixture(params=game_keys())
def app_class(request):
    return game_spec(request.param).app_class()


def refusal(app_class, **settings) -> str:
    with pytest.raises(ChangekitError) as caught:
        app_class(**settings)
    return str(caught.value)


def test_an_unknown_bot_is_named_with_the_bots_there_are(app_class):
    game = app_class.game
    assert refusal(app_class, bot="smart") == (f"bot: {game.title} has no bot called 'smart'; "
                                               f"it has {sorted(app_class.bots)}")
    assert "no bot called 3" in refusal(app_class, bot=3)


@pytest.mark.parametrize("players", ["four", 1, 9, 2.0, True, -3])
def test_a_player_count_outside_the_game_is_refused_with_its_range(app_class, players):
    game = app_class.game
    wrong = game.max_players + 1 if players == 9 else players  # one more than the game seats
    assert refusal(app_class, players=wrong) == (
        f"{game.title} is for {game.min_players} to {game.max_players} players, not {wrong!r}")


@pytest.mark.parametrize("seed", ["abc", -3, 2.5, None, SEED_BOX_MAX + 1])
def test_a_seed_must_be_a_whole_number_the_seed_box_holds(app_class, seed):
    assert refusal(app_class, seed=seed) == f"seed is a whole number from 0 to {SEED_BOX_MAX}, not {seed!r}"


def test_hot_seat_is_true_or_false(app_class):
    assert refusal(app_class, hot_seat="yes") == "hot_seat is True or False, not 'yes'"


def test_an_unknown_setting_is_named_with_the_settings_there_are(app_class):
    message = refusal(app_class, colour="red")
    assert message.startswith(f"{app_class.__name__} has no setting called 'colour': it takes players, bot, seed, "
                              "hot_seat, ")
    assert message.endswith(f"the options of {app_class.game.title} "
                            f"{sorted(set(app_class.game.Options.__dataclass_fields__) - {'players'})}")
    assert all(own in message for own in app_class.own_settings)


def test_a_bad_game_option_gets_the_engines_own_error(app_class):
    # every game's options are a frozen dataclass: a value of the wrong type for its first field
    name = next(n for n in app_class.game.Options.__dataclass_fields__ if n != "players")
    with pytest.raises(ChangekitError) as caught:
        app_class(**{name: object()})
    assert name in str(caught.value)  # the option is named (no TraitError, no TypeError)


def test_the_apps_own_settings_are_checked_too():
    moneybags, cambio = game_spec("moneybags").app_class(), game_spec("cambio").app_class()
    assert refusal(moneybags, countdown="ten") == "countdown is a whole number from 0 to 600, not 'ten'"
    assert refusal(moneybags, countdown=601) == "countdown is a whole number from 0 to 600, not 601"
    assert refusal(cambio, auto_pass="no") == "auto_pass is True or False, not 'no'"
