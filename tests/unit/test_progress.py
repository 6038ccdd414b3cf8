"""Long analyses report progress (issue 17 §6): the fraction passed to ``progress`` rises to 1, and
the result is the same as without a progress bar."""
from __future__ import annotations


def _recorder():
    seen: list[float] = []
    return seen, seen.append


def _check(seen: list[float]) -> None:
    assert seen, "progress was never reported"
    assert all(0 <= f <= 1 for f in seen)
    assert seen == sorted(seen)
    assert seen[-1] == 1


def test_cambio_threshold_sweep_and_comparisons():
    from changekit.games.cambio import analysis

    seen, report = _recorder()
    rows = analysis.threshold_sweep([0, 6], games=4, seed=1, progress=report)
    _check(seen)
    assert len(seen) == 8
    assert rows == analysis.threshold_sweep([0, 6], games=4, seed=1)
    seen, report = _recorder()
    assert analysis.value_of_information(games=3, progress=report) == analysis.value_of_information(games=3)
    _check(seen)
    seen, report = _recorder()
    assert analysis.value_of_snapping(games=3, progress=report) == analysis.value_of_snapping(games=3)
    _check(seen)


def test_moneybags_boss_policy_study():
    from changekit.games.moneybags import analysis

    seen, report = _recorder()
    study = analysis.boss_policy_study(("even", "front"), games=3, seed=2, progress=report)
    assert seen == [k / 6 for k in range(1, 7)]
    assert study == analysis.boss_policy_study(("even", "front"), games=3, seed=2)


def test_diminishing_game_lengths_and_the_lengths_answer():
    from changekit.core import RandomBot
    from changekit.games.diminishing import analysis

    seen, report = _recorder()
    lengths = analysis.game_lengths([RandomBot(), RandomBot()], games=5, seed=3, progress=report)
    assert seen == [k / 5 for k in range(1, 6)]
    assert lengths == analysis.game_lengths([RandomBot(), RandomBot()], games=5, seed=3)
    seen, report = _recorder()
    fig = analysis.lengths_answer(games=4, progress=report)
    _check(seen)
    assert len(seen) == 8 and seen[3] == 0.5
    assert len(fig.data) == 2
