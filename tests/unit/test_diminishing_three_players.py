"""Question 7, the three-player game (issue 43): the kit's answers checked against the test's own
enumeration from the rule sheet (tests/unit/diminishing_three_checks.py), never the kit's solver,
and its play-through replayed in the engine."""
from __future__ import annotations

import re

import pytest

from changekit.core.errors import InvalidArgument
from changekit.games.diminishing import three_players as T
from changekit.games.diminishing.questions import QUESTIONS
from changekit.games.diminishing.rules import GAME, DiminishingState, play

from . import diminishing_three_checks as C


def test_no_seat_can_make_sure_of_winning_with_5_3_1_each():
    # the question's answer, by the test's own search: each seat loses against the other two as a team
    assert C.forcing((5, 3, 1)) == []
    assert T.forcing_seats((5, 3, 1)) == () == T.forcing_seats()
    right = QUESTIONS["diminishing.q7"].how["choices"][3]
    assert right == "no seat can" and QUESTIONS["diminishing.q7"].reading.startswith("**No seat can.**")


def test_the_tiny_game_with_a_third_player_is_the_third_seats():
    assert C.forcing((3, 1)) == [2] and T.forcing_seats((1, 3)) == (2,)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_every_small_purse_agrees_with_the_tests_own_search(size):
    for purse in C.purses_of(size):
        assert list(T.forcing_seats(purse)) == C.forcing(purse), purse


def test_the_chart_counts_match_the_tests_own_search():
    rows = T.seats_by_purse()
    for size in (1, 2, 3):
        found = [C.forcing(p) for p in C.purses_of(size)]
        assert rows[size] == {"first": found.count([0]), "second": found.count([1]), "third": found.count([2]),
                              "no seat": found.count([])}
    assert C.three_bill_counts() == (rows[3]["no seat"], sum(rows[3].values())) == (24, 35)
    assert C.always_third((1, 2))
    figure = T.seats_figure(rows)
    assert [(bar.name, list(bar.y)) for bar in figure.data] == [
        ("the first seat can", [0, 0, 0]), ("the second seat can", [0, 0, 0]),
        ("the third seat can", [5, 15, 11]), ("no seat can", [0, 0, 24])]


def test_the_play_through_replays_and_its_last_player_is_a_kingmaker():
    king = T.kingmaker()
    assert king is not None and len(king.turns) == 3 and king.mover == 0
    position: C.Position = C.start((5, 3, 1))
    for seat, words, purses_after in king.turns:
        purses, pot, to_play = position
        assert seat == to_play
        moves = {f"play ${bill}" + (f", take back {' '.join(f'${b}' for b in taken)}" if taken else "")
                 + (f" (${sum(taken)})" if len(taken) > 1 else ""): (purse, new_pot)
                 for bill, taken, purse, new_pot in C.turns(purses[seat], pot)}
        assert words in moves, (words, sorted(moves))
        position = C.after(position, *moves[words])
        assert [sorted(p) for p in position[0]] == [sorted(p) for p in purses_after]
    purses, pot, mover = position
    assert mover == king.mover and sorted(pot) == sorted(king.pot)
    assert [sorted(p) for p in purses] == [sorted(p) for p in king.purses]
    # every move of the player to play leaves another seat able to make sure of winning, not always the same
    verdicts = []
    for _, _, purse, new_pot in C.turns(purses[mover], pot):
        nxt = C.after(position, purse, new_pot)
        verdicts.append([s for s in range(3) if C.can_force(s, nxt)])
    assert all(len(v) == 1 and v[0] != mover for v in verdicts)
    assert sorted(seat for _, seat in king.choices) == sorted(v[0] for v in verdicts)
    assert {v[0] for v in verdicts} == {1, 2}
    assert not C.can_force(mover, position)  # "cannot make sure of winning any more"
    html = T.kingmaker_html()
    assert "<b>no seat</b> can make sure of winning" in html
    assert all(f"<i>{words}</i>: then the <b>{T.SEAT_NAMES[seat]}</b> player" in html for words, seat in king.choices)


def test_the_play_through_is_legal_in_the_engine():
    """The kit's three-player search follows the engine's turn order and rules."""
    king = T.kingmaker()
    state = DiminishingState(GAME(players=3, purse=(5, 3, 1)).options, seed=1)
    first = state.turn
    for seat, words, purses_after in king.turns:
        player = (first + seat) % 3
        assert state.turn == player
        match = re.fullmatch(r"play \$(\d+)(?:, take back ((?:\$\d+ ?)+)(?: \(\$\d+\))?)?", words)
        taken = [int(b) for b in re.findall(r"\$(\d+)", match.group(2) or "")]
        state.apply(play(int(match.group(1)), *taken), player)
        assert [tuple(state.purses[(first + s) % 3]) for s in range(3)] == [tuple(p) for p in purses_after]
    assert state.turn == (first + king.mover) % 3


def test_the_variant_is_another_purse_solved_exactly_and_both_answers_come_up():
    kinds = []
    for seed in range(40):
        instance = T.three_player_variant(seed)
        assert instance == T.three_player_variant(seed)
        purse = tuple(int(b) for b in re.findall(r"`\$(\d+)`", instance.text))
        assert len(purse) == 3 and sorted(purse) != [1, 3, 5]
        seats = C.forcing(tuple(sorted(purse)))
        expected = T.THREE_CHOICES[seats[0]] if seats else "no seat can"
        assert instance.correct == {"choices": [expected]} and instance.how["choices"] == T.THREE_CHOICES
        kinds.append(expected)
    assert 10 <= kinds.count("no seat can") <= 30 and set(kinds) == {"no seat can", "yes, the third"}


@pytest.mark.parametrize("purse, words", [
    ((), "at least one bill"),
    ((5, 5, 5, 5, 5), "purse"),
    ((2, 1), "2"),
    ("5 3 1", "purse"),
])
def test_a_bad_purse_is_refused_with_its_problem_named(purse, words):
    with pytest.raises(InvalidArgument, match=words):
        T.forcing_seats(purse)


def test_the_kit_marks_no_seat_can_as_questions_right_answer():
    answer = QUESTIONS["diminishing.q7"].kit_answer()
    assert C.forcing((5, 3, 1)) == [] and answer is not None and answer.correct == {"choices": ["no seat can"]}


def test_the_play_through_says_which_turn_gave_up_a_sure_win():
    """The play-through is the shortest way to a kingmaker position, not good play: the rule sheet's
    own search finds the turn whose player could make sure of winning and no longer can after it."""
    king = T.kingmaker()
    assert king is not None
    position: C.Position = C.start((5, 3, 1))
    given_up = []
    for number, (seat, words, _) in enumerate(king.turns, start=1):
        purses, pot, _ = position
        moves = {f"play ${bill}" + (f", take back {' '.join(f'${b}' for b in taken)}" if taken else "")
                 + (f" (${sum(taken)})" if len(taken) > 1 else ""): (purse, new_pot)
                 for bill, taken, purse, new_pot in C.turns(purses[seat], pot)}
        nxt = C.after(position, *moves[words])
        if C.can_force(seat, position) and not C.can_force(seat, nxt):
            sure = [w for w, move in moves.items() if C.can_force(seat, C.after(position, *move))]
            given_up.append((number, seat, sure))
        position = nxt
    assert given_up == [(3, 2, ["play $5, take back $3 $1 ($4)"])]
    assert king.missed == [(3, 2, "play $5, take back $3 $1 ($4)")]
    assert ("Not good play: at turn 3 the <b>third</b> player could have made sure of winning "
            "(<i>play $5, take back $3 $1 ($4)</i>) and gave that up.") in T.kingmaker_html()
