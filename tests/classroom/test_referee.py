"""The store is the table's referee (issue 45), for every game of the registry: a student's token
used straight on the store's API (as a hub student could, from their Python prompt) learns nothing
its seat's view hides: no seed, no other seat's hidden cards, no log or move that reveals them; an
illegal move is refused naming its rule and changes nothing, a malformed one is refused apart; a
bot's seat cannot be moved by a student (nor by the teacher: the referee plays the bots).

Each check is made on the store here and through the class service (RemoteStore, as on a hub).
What the test holds true is replayed here from the teacher's seed and log, by the engine alone."""
from __future__ import annotations

import json
import random
from dataclasses import asdict, is_dataclass
from typing import Any

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.tables import bot_seat, encode_action, open_table, student_seat
from changekit.classroom.table_rules import decode_action
from changekit.core import ChangekitError, IllegalAction
from changekit.core.errors import InvalidMove
from changekit.registry import game_keys, game_spec, load_game

from .test_class_service import as_user, service  # noqa: F401 - the class service fixture

#: a seed no other number of a game's data spells (its digits are searched for in what a student reads)
SEED = 7_406_221_958
#: moves per game the test plays (or the end of the game, if sooner)
MOVES = 24


def seats_for(game: str, names: tuple[str, str]) -> list[dict[str, str]]:
    """The first student in seat 0, a bot in seat 1, the second student in seat 2, bots after."""
    n = max(3, load_game(game).min_players)
    seats = [bot_seat() for _ in range(n)]
    seats[0], seats[2] = student_seat(names[0]), student_seat(names[1])
    return seats


def raw(value: Any) -> str:
    """Everything a store call gave, as the text a student could search."""
    def plain(v: Any) -> Any:
        if is_dataclass(v) and not isinstance(v, type):
            return plain(asdict(v))
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v if v is None or isinstance(v, (bool, int, float, str)) else repr(v)
    return json.dumps(plain(value), ensure_ascii=False)


def same_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def truth_of(teacher, code: str, key: str, table_id: int):
    """The position the teacher may replay: the seed and the whole log, every move of it applied."""
    table = next(t for t in teacher.tables(code, key) if t.table_id == table_id)
    assert table.settings["seed"] == SEED
    state = load_game(table.game)(players=len(table.settings["seats"]), **table.settings["options"]).new_state(
        seed=SEED)
    log = teacher.moves(code, key, table_id)
    for move in log:
        state.apply(decode_action(move.action["action"]), move.action["seat"])
    return state, log


def hidden_from(state, seat: int) -> list[str]:
    """What other seats' views hold that ``seat``'s does not, as JSON text long enough to be told
    apart (a hand, a bid, a hidden grid): none of it may reach ``seat``'s student."""
    mine = json.dumps(state.view(seat))
    secrets = []
    for other in range(state.players):
        if other == seat:
            continue
        for key, value in state.view(other).items():
            text = json.dumps(value)
            if key not in ("you", "log") and len(text) >= 8 and text not in mine:
                secrets.append(text)
    return secrets


def check_what_the_student_reads(student, teacher, code: str, key: str, token: str, table_id: int, seat: int):
    """Every read a student may make of the table: no seed, nothing of another seat's hidden view;
    the view is exactly the engine's view of the seat, the moves are the seat's own."""
    truth, log = truth_of(teacher, code, key, table_id)
    seen = student.table_view(code, token, table_id)
    tables = student.tables(code, token)
    moves = student.moves(code, token, table_id)
    text = raw([seen, tables, moves])
    over = truth.is_terminal()
    if not over:
        assert str(SEED) not in text and seen.seed is None
        assert all("seed" not in t.settings for t in tables)
        for secret in hidden_from(truth, seat):
            assert secret not in text, f"another seat's hidden {secret} reached the student"
        assert all(m.action["action"] is None for m in moves if m.action["seat"] != seat)
        assert all(a is None for p, a in seen.history if p != seat)
    else:
        assert seen.seed == SEED  # the replay after the game: everything
    assert seen.seat == seat and seen.made == len(log) == len(moves)
    assert seen.view == same_json(truth.view(seat))  # the seat's view, the engine's own, and nothing else
    assert seen.legal == same_json([encode_action(a) for a in truth.legal_actions(seat)] if not over else [])
    assert seen.to_act == list(truth.current_players())
    return seen, truth, log


def nearby(action: Any) -> list[Any]:
    """Moves of the same kind as ``action`` with a number in it changed (a bid, a pick, a die one
    more): well-formed, and often not allowed."""
    if isinstance(action, bool):
        return []
    if isinstance(action, int):
        return [action + k for k in (1, 2, 3, 5, 10, -1)]
    if isinstance(action, tuple):
        rebuild = (lambda values: type(action)(*values)) if hasattr(action, "_fields") else tuple
        found = []
        for i, value in enumerate(action):
            for changed in nearby(value):
                try:
                    found.append(rebuild([*action[:i], changed, *action[i + 1:]]))
                except (ChangekitError, TypeError, ValueError):
                    continue
        return found
    return []


def an_illegal_move(truth, seat: int, candidates: list[Any]):
    """A well-formed move the position does not allow ``seat`` now, with the engine's rule for it:
    one legal elsewhere in the game, or one of the same kind as a legal one with a number changed."""
    for action in [*candidates, *(changed for legal in truth.legal_actions(seat) for changed in nearby(legal))]:
        trial = truth.clone()
        try:
            trial.apply(action, seat)
        except InvalidMove:
            continue
        except IllegalAction as err:
            return action, err.rule
    return None, None


def play_and_attack(students, teacher, code: str, key: str, tokens: list[str], table_id: int, game: str) -> None:
    rng = random.Random(f"referee:{game}")
    seats = (0, 2)
    seen_actions: list[Any] = []
    refused_illegal = 0
    for _ in range(MOVES):
        acted = False
        for student, token, seat in zip(students, tokens, seats, strict=True):
            seen, truth, log = check_what_the_student_reads(student, teacher, code, key, token, table_id, seat)
            if truth.is_terminal():
                assert refused_illegal > 0, "no illegal move was tried: the test proved nothing of it"
                return
            for p in range(truth.players):
                seen_actions.extend(truth.legal_actions(p))
            before = [(m.number, m.action, m.student) for m in log]
            # a bot's seat: refused for a student and for the teacher; nothing written
            bot = next(p for p in range(truth.players) if p not in seats)
            some = seen_actions[0]
            for secret, mover in ((token, student), (key, teacher)):
                with pytest.raises(ClassroomError) as refused:
                    mover.play_move(code, secret, table_id, seen.made, {"seat": bot, "action": encode_action(some)})
                assert refused.value.reason == "not-your-seat" and "referee plays the bots" in str(refused.value)
            # a malformed move and an illegal one: refused apart, each naming its rule; nothing written
            with pytest.raises(ClassroomError) as malformed:
                student.play_move(code, token, table_id, seen.made, {"seat": seat, "action": "no-such-move"})
            assert malformed.value.reason == "bad-move" and "(rule move-shape)" in str(malformed.value)
            if seat in truth.current_players():
                action, rule = an_illegal_move(truth, seat, seen_actions)
                if action is not None:
                    refused_illegal += 1
                    with pytest.raises(ClassroomError) as illegal:
                        student.play_move(code, token, table_id, seen.made, {"seat": seat,
                                                                              "action": encode_action(action)})
                    assert illegal.value.reason == "illegal-move" and f"(rule {rule})" in str(illegal.value)
            else:
                with pytest.raises(ClassroomError) as waiting:
                    student.play_move(code, token, table_id, seen.made, {"seat": seat, "action": encode_action(some)})
                assert waiting.value.reason in ("not-your-turn", "game-over")
            after, _ = truth_of(teacher, code, key, table_id)
            assert [(m.number, m.action, m.student) for m in teacher.moves(code, key, table_id)] == before
            assert after.to_json() == truth.to_json()
            # then a legal move, and the bots' replies come with it (the referee's, once)
            if seat in truth.current_players():
                action = rng.choice(truth.legal_actions(seat))
                answer = student.play_move(code, token, table_id, seen.made,
                                           {"seat": seat, "action": encode_action(action)})
                truth.apply(action, seat)
                log = teacher.moves(code, key, table_id)
                assert answer.made == len(log) and log[seen.made].student is not None
                assert all(m.student is None and m.action["seat"] not in seats for m in log[seen.made + 1:])
                assert answer.over or (answer.seed is None and str(SEED) not in raw(answer))
                acted = True
        assert acted, "nobody at the table could move: it stalled"
    assert refused_illegal > 0, "no illegal move was tried: the test proved nothing of it"



@pytest.mark.parametrize("game", game_keys())
def test_a_students_token_on_the_store_learns_only_their_seat(store, game):
    opened = store.open_session("Period 3")
    ada, bo = store.join(opened.code, "Ada"), store.join(opened.code, "Bo")
    table = open_table(store, opened.code, opened.teacher_key, game, seats_for(game, ("Ada", "Bo")), seed=SEED,
                       options=dict(game_spec(game).short_options))
    play_and_attack([store, store], store, opened.code, opened.teacher_key, [ada.token, bo.token],
                    table.table_id, game)


@pytest.mark.parametrize("game", game_keys())
def test_a_hub_students_token_through_the_class_service_learns_the_same(service, game):  # noqa: F811
    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    opened = lee.open_session("Tables")
    a, b = ada.join(opened.code, ""), bo.join(opened.code, "")
    table = open_table(lee, opened.code, opened.teacher_key, game, seats_for(game, ("ada", "bo")), seed=SEED,
                       options=dict(game_spec(game).short_options))
    play_and_attack([ada, bo], lee, opened.code, opened.teacher_key, [a.token, b.token], table.table_id, game)


def test_a_log_written_before_the_referee_still_loads(tmp_path):
    """A table of today's saves: pages moved the bots (and a page past the store wrote a void
    move). The referee replays it alike, skips the void move, and plays a bot's turn left due."""
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        opened = store.open_session("Period 3")
        ada = store.join(opened.code, "Ada")
        table = open_table(store, opened.code, opened.teacher_key, "diminishing",
                           [student_seat("Ada"), bot_seat("random")], seed=3)
        state = load_game("diminishing")(players=2).new_state(seed=3)
        with store._db.transaction(write=True) as tx:
            tx.execute("DELETE FROM moves WHERE table_id = ?", (table.table_id,))  # as before the referee
            (ada_id,) = tx.row("SELECT id FROM students WHERE name = 'Ada'")
            rows = []
            while len(rows) < 3 and not state.is_terminal():
                seat = state.current_player
                action = state.legal_actions(seat)[0]
                # Ada's page wrote the bot's moves, as pages did; and once a move for nobody's seat (void)
                rows.append((len(rows), ada_id, {"seat": seat, "action": encode_action(action)}))
                state.apply(action, seat)
            rows.insert(1, (1, ada_id, {"seat": 5, "action": 1}))
            for number, (_, student, data) in enumerate(rows):
                tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) "
                           "VALUES (?, ?, ?, ?, 0)", (table.table_id, number, student, json.dumps(data)))
        from changekit.classroom import referee
        referee.POSITIONS.clear()
        seen = store.table_view(opened.code, ada.token, table.table_id)
        if not state.is_terminal() and state.current_player == 1:  # the bot's turn was left due: played now
            assert seen.made == len(rows) + 1 and seen.history[:-1] == [[p, None if p else encode_action(a)]
                                                                       for p, a in state.history]
        else:
            assert seen.made == len(rows) and seen.view == same_json(state.view(0))
        with pytest.raises(ChangekitError):
            store.append_move(opened.code, ada.token, table.table_id, 0, {"seat": 0, "action": [1]})


def test_a_table_id_used_again_after_a_deleted_session_is_a_new_table(tmp_path, monkeypatch):
    """SQLite gives a deleted table's id to the next table: the position this process kept of the
    old table (same game, seats and seed, as many moves) must not stand for the new one, whose
    moves another kernel (another process, with its own kept positions) made."""
    from changekit.classroom import referee

    here = referee.POSITIONS
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        ids, views = [], []
        for pick, positions in ((0, here), (-1, referee.Positions())):  # the second table: another kernel
            opened = store.open_session("Period 3")
            tokens = [store.join(opened.code, name).token for name in ("Ada", "Bo")]
            table = open_table(store, opened.code, opened.teacher_key, "diminishing",
                               [student_seat("Ada"), student_seat("Bo")], seed=4)
            monkeypatch.setattr(referee, "POSITIONS", positions)
            for _ in range(4):
                for seat, token in enumerate(tokens):
                    seen = store.table_view(opened.code, token, table.table_id)
                    if seat in seen.to_act:
                        store.play_move(opened.code, token, table.table_id, seen.made,
                                        {"seat": seat, "action": seen.legal[pick]})
            monkeypatch.setattr(referee, "POSITIONS", here)  # read in this process
            truth, log = truth_of_seed(store, opened.code, opened.teacher_key, table.table_id, seed=4)
            seen = store.table_view(opened.code, tokens[0], table.table_id)
            assert seen.made == len(log) and seen.view == same_json(truth.view(0))
            ids.append(table.table_id)
            views.append(seen.view)
            store.delete_session(opened.code, opened.teacher_key)
        assert ids[0] == ids[1] and views[0] != views[1]  # the same id, another game


def truth_of_seed(store, code: str, key: str, table_id: int, *, seed: int):
    table = next(t for t in store.tables(code, key) if t.table_id == table_id)
    state = load_game(table.game)(players=len(table.settings["seats"])).new_state(seed=seed)
    log = store.moves(code, key, table_id)
    for move in log:
        state.apply(decode_action(move.action["action"]), move.action["seat"])
    return state, log
