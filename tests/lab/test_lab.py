"""The lab's public functions: what they take, what they refuse, and that one seed fixes a run."""
from __future__ import annotations

import textwrap

import pytest

from changekit.core.errors import ChangekitError
from changekit.lab import BadSource, NoSandbox, check_bot, check_source, tournament
from changekit.lab import sandbox
from changekit.lab.referee import rank_bands
from changekit.stats.intervals import Estimate

MAX_BILL = "def choose(view, legal, rng):\n    return max(legal)\n"
MIN_BILL = "def choose(view, legal, rng):\n    return min(legal)\n"
GREEDY = textwrap.dedent("""
    # the kit's greedy bot, written as a student would: the most expected points now
    from changekit.games.zombie.bots import position
    from changekit.games.zombie.model import expected_points

    def choose(view, legal, rng):
        zombie, pool = position(view)
        return max(legal, key=lambda bill: (expected_points(bill, zombie, pool), -bill))
""")
COUNTER = textwrap.dedent("""
    class Counter:
        def reset(self):
            self.moves = 0
        def choose(self, view, legal, rng):
            self.moves += 1
            if self.moves == 4:
                raise RuntimeError(f'move {self.moves} of this game')
            return legal[0]
""")


@pytest.mark.parametrize("source, words", [
    ("def choose(view, legal, rng)\n    return legal[0]\n", "line 1:"),
    ("x = 1\n\n\ndef choose(view, legal, rng):\nreturn legal[0]\n", "line 5:"),
    ("def pick(view, legal, rng):\n    return legal[0]\n", "defines no choose"),
    ("async def choose(view, legal, rng):\n    return legal[0]\n", "not async"),
    ("def choose(v, l, r):\n    return l[0]\n" + "#" * 20_000, "at most 20,000"),
    (b"def choose(v, l, r):\n    return '\xff'\n", "not UTF-8"),
    ("def choose(v, l, r):\n    return 0\x00\n", "NUL"),
    (12, "is text"),
])
def test_bad_source_is_refused_with_a_reason(source, words):
    with pytest.raises(BadSource, match=words.replace("(", r"\(")):
        check_source(source)


def test_a_syntax_error_names_its_line():
    with pytest.raises(BadSource) as err:
        check_source("def choose(view, legal, rng):\n    return legal[0\n")
    assert err.value.line == 2


def test_bad_source_runs_nothing(tmp_path):
    marker = tmp_path / "ran"
    with pytest.raises(BadSource):
        check_bot("zombie", f"open({str(marker)!r}, 'w')\n", against=["greedy"], games=2, seed=1)
    assert not marker.exists()


@pytest.mark.parametrize("kwargs, words", [
    ({"games": 0}, "games: a whole number from 1"),
    ({"games": True}, "games"),
    ({"seed": -1}, "seed: a whole number from 0"),
    ({"against": ["greedy", "nobody"]}, "no bot called 'nobody'"),
    ({"move_seconds": 60}, "move_seconds: a time from 0.05 to 10"),
    ({"game": "chess"}, "no game called 'chess'"),
])
def test_bad_arguments_are_refused(kwargs, words):
    args = {"game": "zombie", "source": MAX_BILL, "against": ["greedy"], "games": 2, "seed": 1, **kwargs}
    with pytest.raises(ChangekitError, match=words):
        check_bot(args.pop("game"), args.pop("source"), **args)


def test_the_greedy_bot_written_by_a_student_gives_nothing_away():
    report = check_bot("zombie", GREEDY, against=["careful", "random"], games=12, seed=3)
    assert report.failures == [] and report.games == 12
    assert report.exact["moves"] == report.exact["best_moves"] > 0
    assert report.exact["points_given_away"] == pytest.approx(0, abs=1e-9)
    naive = check_bot("zombie", MIN_BILL, against=["careful", "random"], games=12, seed=3)
    assert naive.exact["points_given_away"] > 1 and naive.exact["best_moves"] < naive.exact["moves"]


def test_a_report_counts_what_the_games_say():
    report = check_bot("zombie", MAX_BILL, against=["greedy", "careful"], games=9, seed=4)
    played = report.results.games_of(0)
    assert len(played) == 9 and sorted(seat for _, seat in played) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    wins = sum(1 / len(r.winners) for r, seat in played if seat in r.winners)
    assert report.win_rate.value == pytest.approx(wins / 9)
    assert report.mean_score.value == pytest.approx(sum(r.scores[seat] for r, seat in played) / 9)
    # duplicate format: each deal three times, once from each seat
    deals = [r.deal for r in report.results.records]
    assert len(set(deals)) == 3 and all(deals.count(d) == 3 for d in deals)
    assert "win rate" in report.summary() and "seed 4" in report.summary()


def test_a_class_bot_is_made_afresh_for_every_game():
    report = check_bot("zombie", COUNTER, against=["greedy", "careful"], games=3, seed=1)
    # the count starts again in every game: one failure in each, at its fourth move
    assert [(f.game, f.message) for f in report.failures] == [
        (game, "line 8: RuntimeError: move 4 of this game") for game in range(3)]


def test_a_failure_opens_its_game_just_before_the_move():
    report = check_bot("zombie", COUNTER, against=["greedy", "careful"], games=3, seed=1)
    failure = report.failures[0]
    state = report.replay(failure)
    assert len(state.history) == failure.move and not state.is_terminal()
    assert failure.seat in state.current_players()


def test_one_seed_fixes_a_tournament_whatever_the_order_of_entries():
    entries = [("max", MAX_BILL), ("min", MIN_BILL), "greedy", "careful", "random"]
    first = tournament("zombie", entries, games=8, seed=11, players=3)
    again = tournament("zombie", list(reversed(entries)), games=8, seed=11, players=3)
    assert first.rows == again.rows
    assert [r.save for r in first.results.records] == [r.save for r in again.results.records]
    other = tournament("zombie", entries, games=8, seed=12, players=3)
    assert [r.save for r in other.results.records] != [r.save for r in first.results.records]
    assert {row["entry"] for row in first.rows} == {"max", "min", "greedy bot", "careful bot", "random bot"}
    assert all(row["games"] >= 8 for row in first.rows)
    assert [row["rank"] for row in first.rows] == sorted(row["rank"] for row in first.rows)


def test_standings_export_and_payoffs():
    standings = tournament("zombie", [("=HYPERLINK(1)", MAX_BILL), "greedy", "careful"], games=3, seed=1,
                           players=3)
    text = standings.to_csv()
    assert "'=HYPERLINK(1)" in text and text.splitlines()[0].startswith("rank,entry,kind,games,win_rate")
    assert "=HYPERLINK" not in standings.to_csv(anonymous=True)
    matrix = standings.payoff_matrix()
    assert len(matrix) == 3 and all(matrix[i][i] is None for i in range(3))
    records = standings.results.records
    assert matrix[0][1] == pytest.approx(sum(r.scores[r.seating.index(0)] for r in records) / len(records))


def test_rank_bands_split_only_where_neighbours_differ_significantly():
    e = lambda v, lo, hi: Estimate(v, lo, hi, 100)  # noqa: E731
    assert rank_bands([e(0.5, 0.4, 0.6), e(0.45, 0.35, 0.55), e(0.2, 0.1, 0.3), e(0.15, 0.05, 0.25)]) == [1, 1, 2, 2]


def test_without_a_sandbox_no_one_elses_code_runs(monkeypatch, tmp_path):
    monkeypatch.setattr(sandbox, "BWRAP", "no-such-bwrap")  # no bubblewrap here
    with pytest.raises(NoSandbox, match="runs no code that another person wrote"):
        tournament("zombie", [("a", MAX_BILL), "greedy", "careful"], games=3, seed=1, players=3)
    with pytest.raises(NoSandbox):
        check_bot("zombie", MAX_BILL, against=["greedy", "careful"], games=3, seed=1)
    own = check_bot("zombie", MAX_BILL, against=["greedy", "careful"], games=3, seed=1, own_code=True)
    assert own.games == 3 and own.failures == []


ALWAYS_ONE_DOLLAR = '''
def choose(view, legal, rng):
    if view["phase"] == "claim":
        return max(legal, key=lambda i: sum(view["buckets"][i]))
    return min(legal, key=sum)
'''


def test_boneyard_first_round_bids_are_set_against_the_equilibrium():
    from changekit.lab.starters import examples_for

    mix_source = examples_for("boneyard")["Bid like the first round's equilibrium."]
    report = check_bot("boneyard", mix_source, against=["equilibrium"] * 3, games=40, seed=5)
    exact = report.exact
    assert exact["bids"] == 40 and sum(exact["mix"].values()) == pytest.approx(1)
    # every total the equilibrium plays earns its value against it: a bot bidding only those loses nothing
    assert exact["shortfall"] == pytest.approx(0, abs=1e-9)
    assert 0 < exact["exploitability"] < 3  # a sampled mix is near, not at, the equilibrium
    lone = check_bot("boneyard", ALWAYS_ONE_DOLLAR, against=["equilibrium"] * 3, games=8, seed=5).exact
    # by hand: if everybody bid $1, all $1s cancel (-$1 each); a lone $3 (the next total the opening bills
    # make) is unmatched and takes the $10 bucket: 10 - 3 = 7, so a best bid beats the mix by 8
    assert lone["mix"] == {1: 1.0} and lone["exploitability"] == pytest.approx(8)
    # and yet against equilibrium bidders it loses nothing: $1 is in the 4-player equilibrium's support,
    # and every total there earns the same (why the mix alone does not protect anybody)
    assert lone["shortfall"] == pytest.approx(0, abs=1e-6) and "$8.00 more" in lone["summary"]


def test_diminishing_returns_counts_the_won_positions_a_bot_keeps_and_its_first_losing_move():
    from changekit.games.diminishing.table import solve_position
    from changekit.lab.starters import examples_for

    sources = examples_for("diminishing")
    perfect_source = sources["Perfect play with two players, from the kit's exact solution."]
    perfect = check_bot("diminishing", perfect_source, against=["random"], games=10, seed=2).exact
    assert perfect["won_positions"] > 0 and perfect["kept_won"] == perfect["won_positions"]
    assert perfect["first_losing_move"] is None and perfect["share_kept"] == 1.0
    greedy_source = sources["Keep the most money this turn."]
    greedy = check_bot("diminishing", greedy_source, against=["perfect"], games=10, seed=2).exact
    assert greedy["kept_won"] < greedy["won_positions"]
    first = greedy["first_losing_move"]
    me = first["you"]
    solved = solve_position(first["hands"][me], first["hands"][1 - me], first["pot"])
    assert solved.mover_wins and first["played"] not in first["winning"] and first["winning"]
    assert f"first losing move: {first['played']}" in greedy["summary"]


VIEW_SUM = "def choose(view, legal, rng):\n    return legal[sum(map(ord, repr(view))) % len(legal)]\n"


def _view_sum_move(view, legal):
    return legal[sum(map(ord, repr(view))) % len(legal)]


def test_the_worker_sees_the_whole_view_though_only_new_log_lines_are_sent():
    # the referee sends a sandboxed entry only the log lines its worker has not had; the bot's
    # view must still be state.view(seat) to the character, also after its worker is restarted
    # mid-game and after a move asked with a whole view (the path check_bot's comparisons use)
    from changekit.registry import load_game
    import random

    state = load_game("zombie")(players=3).new_state(seed=11)
    bot = sandbox.SandboxedBot(check_source(VIEW_SUM), "view sum")
    rng = random.Random(4)
    bot.new_game(0, 1, 0, lambda: len(state.history))
    asked = 0
    try:
        while not state.is_terminal():
            seat = state.current_player
            if seat == 0:
                asked += 1
                expected = _view_sum_move(state.view(seat), state.legal_actions(seat))
                if asked == 5:
                    bot.close()  # a restarted worker starts the game's log afresh
                if asked == 9:
                    move = bot.choose(state.view(seat), state.legal_actions(seat), rng=rng)
                else:
                    move = bot.move(state, seat)
                assert move == expected, f"move {asked}"
            else:
                move = rng.choice(state.legal_actions(seat))
            state.apply(move, seat)
    finally:
        bot.close()
    assert asked == 18 and bot.failures == []


REMEMBERS = textwrap.dedent("""
    # module state lives on across this entry's games: it sees them in the order it played them
    moves = []

    def choose(view, legal, rng):
        moves.append(len(legal))
        return legal[(sum(moves) + len(moves)) % len(legal)]
""")


def test_tables_played_at_once_give_the_results_of_one_table_after_another():
    from changekit.lab.referee import as_entry, play_groups, round_robin_groups
    from changekit.registry import load_game

    game = load_game("zombie")(players=4)
    sources = [(f"remembers {i}", REMEMBERS) for i in range(4)] + [("max", MAX_BILL), ("min", MIN_BILL)]
    entries = [as_entry(game, e, i) for i, e in enumerate([*sources, "random", "greedy", "careful"], 1)]
    runs = [play_groups(game, entries, round_robin_groups(len(entries), 4), rounds=4, seed=3, sandboxed=True,
                        move_seconds=1.0, threads=threads) for threads in (1, 8)]
    one_by_one, at_once = ([(r.deal, r.seating, r.scores, r.save) for r in run.records] for run in runs)
    # 9 entries at tables of 4: three tables a round, the last filled from the front of the order
    assert len(one_by_one) == 4 * 3 * 4 and at_once == one_by_one
    assert runs[0].failures == runs[1].failures == [[]] * 9


def test_a_bot_may_write_a_named_move_or_its_plain_value_and_the_games_are_the_same():
    from changekit.lab.starters import starter_source

    named = textwrap.dedent("""
        from changekit.games.zombie.moves import Pay

        def choose(view, legal, rng):
            assert all(isinstance(move, Pay) for move in legal)
            return Pay(max(move.bill for move in legal))
    """)
    plain = "def choose(view, legal, rng):\n    return int(max(legal))\n"
    by_name = check_bot("zombie", named, against=["careful", "random"], games=6, seed=8)
    by_value = check_bot("zombie", plain, against=["careful", "random"], games=6, seed=8)
    assert by_name.failures == by_value.failures == []
    assert [r.scores for r in by_name.results.records] == [r.scores for r in by_value.results.records]
    starter = starter_source("zombie")
    assert "from changekit.games.zombie.moves import Pay\n" in starter and "[Pay(1), Pay(3)" in starter
    assert check_bot("zombie", starter, against=["careful"], games=2, seed=1).failures == []


def test_standings_go_to_json_and_back_with_every_game_and_nothing_else_is_taken_for_them():
    import json

    from changekit.lab.lab import standings_from_json

    first = "def choose(view, legal, rng):\n    return legal[0]\n"
    standings = tournament("zombie", ["careful", "greedy", "random", ("ada", first)], games=4, seed=9)
    back = standings_from_json(json.loads(json.dumps(standings.to_json())))
    assert back.rows == standings.rows and back.game == "zombie" and back.seed == 9
    assert back.payoff_matrix() == standings.payoff_matrix()
    assert [r.save for r in back.results.records] == [r.save for r in standings.results.records]
    assert back.results.failures == standings.results.failures
    assert back.replay(1, moves=3).to_json() == standings.replay(1, moves=3).to_json()
    assert "source" not in json.dumps(standings.to_json())  # the entries' code stays with the store
    for bad in ({}, {"format": 2}, {**standings.to_json(), "records": [{"deal": 1}]}, [1]):
        with pytest.raises(ChangekitError, match="standings"):
            standings_from_json(bad)
