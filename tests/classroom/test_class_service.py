"""The class service (changekit.hub.service) over real HTTP: students' servers reach the store only
through it (RemoteStore), as their hub user; the store's own rules hold; no one acts as another.

The hub's two answers (which user a token names, who is a teacher) are given by the test; the rest
(tornado, the wire format, the Store) is the real thing."""
from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.store import METHODS, RemoteStore, Store
from changekit.classroom.tables import TableClient, bot_seat, open_table, student_seat
from changekit.hub.service import ClassService, Seats, make_app
from changekit.testing import free_port

TOKENS = {"tok-lee": "ms-lee", "tok-ada": "ada", "tok-bo": "bo"}
PREFIX = "/services/changekit-class/"


@pytest.fixture
def service(tmp_path):
    """The service on a free loopback port in a thread of its own; yields its URL."""
    store = connect(f"sqlite:///{tmp_path}/service/class.db")
    port = free_port()
    ready = threading.Event()
    loop = asyncio.new_event_loop()

    async def identify(token):
        return {"name": TOKENS[token], "kind": "user"} if token in TOKENS else None

    async def is_teacher(name):
        return name == "ms-lee"

    def run():
        asyncio.set_event_loop(loop)
        app = make_app(ClassService(store, Seats(tmp_path / "service" / "seats.db")), PREFIX, identify, is_teacher)
        app.listen(port, "127.0.0.1")
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    yield f"http://127.0.0.1:{port}{PREFIX}"
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    store.close()


def as_user(url, token):
    return RemoteStore(url, token=token)


def test_the_client_forwards_every_store_method_with_its_parameters():
    import inspect

    for method, names in METHODS.items():
        assert tuple(inspect.signature(getattr(Store, method)).parameters)[1:] == names, method
        assert getattr(RemoteStore, method) is not getattr(Store, method)


def test_every_public_store_method_goes_through_the_service_with_its_secret_checked():
    """The dashboard's revote, timer, pause, report and counts once ran Store's own code inside a
    student's server (RemoteStore has no database: "no attribute '_db'") because the list of calls
    was written out by hand; now every public method is a declared call (@remote, with who makes
    it) or the page's own, and each call's secret is checked by its kind."""
    import inspect

    from changekit.classroom.store import API, LOCAL_METHODS
    from changekit.hub.service import MEMBER_CALLS, STUDENT_CALLS, TEACHER_CALLS

    public = {name for name, _ in inspect.getmembers(Store, inspect.isfunction) if not name.startswith("_")}
    assert set(METHODS) == set(API) == public - LOCAL_METHODS and LOCAL_METHODS == {"close", "seat_owner"}
    assert len(API) == 55  # every domain's calls: sessions, polls, variants, reports, tables, lab, projector, export
    for method in METHODS:
        checked = method in TEACHER_CALLS or method in STUDENT_CALLS or method in MEMBER_CALLS
        assert checked or method == "join", f"{method} would reach the store with no secret checked"


def test_the_declared_api_is_the_service_s_dispatch_table_and_remote_store_s_methods():
    """One declaration per call (@remote in the store's domain modules) makes the service's table
    and the hub client: the three are the same calls, with the same parameters, and each call's
    kind names the secret its parameters carry (the service checks the caller by it)."""
    import inspect

    from changekit.classroom.store import API
    from changekit.hub import service as service_module

    secret_of = {"teacher_key": "teacher", "projector_key": "projector", "token": "student", "secret": "member"}
    remote_methods = {name for name, method in vars(RemoteStore).items() if inspect.isfunction(method)
                      and not name.startswith("_")} - {"close", "call"}
    assert remote_methods == set(API) == set(service_module.METHODS)
    for name, call in API.items():
        assert call.parameters == service_module.METHODS[name] == tuple(
            inspect.signature(getattr(RemoteStore, name)).parameters)[1:], name
        kinds = {secret_of[p] for p in call.parameters if p in secret_of}
        expected = {"open_session": set(), "join": set()}.get(name, {call.caller})
        assert kinds == expected, f"{name} is declared a {call.caller}'s call but takes {kinds}"
    by_kind = {kind: {n for n, c in API.items() if c.caller == kind} for kind in ("teacher", "projector", "student",
                                                                                   "member", "anyone")}
    assert service_module.TEACHER_CALLS == by_kind["teacher"] | by_kind["projector"]
    assert service_module.STUDENT_CALLS == by_kind["student"] and service_module.MEMBER_CALLS == by_kind["member"]
    assert by_kind["anyone"] == {"join"} and "open_session" in by_kind["teacher"]


def test_a_call_is_declared_once_and_a_wrong_secret_is_refused_when_declared():
    from changekit.classroom.store_api import declared_calls, remote

    class More(Store):
        @remote("student")
        def hand_in(self, code, token, work): ...

        def helper(self, code): ...

    calls = declared_calls(More)
    assert calls["hand_in"].parameters == ("code", "token", "work") and calls["hand_in"].caller == "student"
    assert "helper" not in calls and set(calls) - {"hand_in"} == set(METHODS)
    with pytest.raises(TypeError, match="a student's call takes token, not teacher_key"):
        remote("student")(lambda self, code, teacher_key: None)
    with pytest.raises(TypeError, match="a member's call takes secret, not none"):
        remote("member")(lambda self, code: None)
    with pytest.raises(TypeError, match="not 'admin'"):
        remote("admin")


def test_remote_store_binds_arguments_as_the_store_method_does():
    """A call with a wrong argument is the store method's own TypeError, raised before any request."""
    client = RemoteStore("http://127.0.0.1:1/services/changekit-class/", token="tok-ada")
    with pytest.raises(TypeError):
        client.submit("ABCDEF", "1.x", "q1", 1, None, "one too many")
    with pytest.raises(TypeError):
        client.publish_standings("ABCDEF", "key", "zombie", {})  # 'named' is keyword-only and has no default
    sent = []
    client.call = lambda method, **arguments: sent.append((method, arguments))  # the request, recorded
    client.publish_standings("ABCDEF", "key", "zombie", {"rows": []}, named=True)
    client.table_view("ABCDEF", "key", 3)
    assert sent == [("publish_standings", {"code": "ABCDEF", "teacher_key": "key", "game": "zombie",
                                           "result": {"rows": []}, "named": True}),
                    ("table_view", {"code": "ABCDEF", "secret": "key", "table_id": 3})]


def test_a_whole_poll_run_through_the_service(service):
    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    session = lee.open_session("Period 3")
    code, key = session.code, session.teacher_key
    me, them = ada.join(code, ""), bo.join(code, "")
    lee.open_question(code, key, "q1", {"choices": ["a", "b"]})
    lee.mark_correct(code, key, "q1", {"choices": ["a"]})
    lee.set_timer(code, key, "q1", 60)
    ada.submit(code, me.token, "q1", "b")
    assert lee.joined_count(code, key) == 2 and lee.unanswered(code, key, "q1") == ["bo"]
    bo.submit(code, them.token, "q1", "a")
    lee.start_discussion(code, key, "q1")
    lee.pause_question(code, key, "q1", True)
    lee.pause_question(code, key, "q1", False)
    ada.submit_revote(code, me.token, "q1", "a")
    bo.submit_revote(code, them.token, "q1", "a")
    assert lee.revotes(code, key, "q1") == {"ada": "a", "bo": "a"}
    (row,) = lee.lesson_report(code, key)
    assert (row.question_id, row.first_votes, row.first_right, row.revotes, row.revote_right) == ("q1", 2, 1, 2, 2)
    assert row.gain == 1.0
    for call in (lambda: ada.start_discussion(code, me.token, "q1"), lambda: ada.lesson_report(code, me.token),
                 lambda: bo.submit_revote(code, me.token, "q1", "b")):
        with pytest.raises(ClassroomError) as refused:
            call()
        assert refused.value.reason in ("teacher-only", "not-your-seat")


def test_a_hub_address_in_the_setting_opens_the_service_client(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-ada")
    store = connect("http://127.0.0.1:1/services/changekit-class/")
    assert isinstance(store, RemoteStore) and store.where == "http://127.0.0.1:1/services/changekit-class/"
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN")
    with pytest.raises(ClassroomError, match="JUPYTERHUB_API_TOKEN is not set"):
        connect("http://127.0.0.1:1/services/changekit-class/")


def test_a_poll_through_the_service_with_hub_names(service):
    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    session = lee.open_session("Period 3")
    me = ada.join(session.code, "Bo")  # the name typed is ignored: she is her hub user
    assert me.name == "ada"
    assert ada.join(session.code, "anything").token == me.token  # one seat per hub user, back again
    them = bo.join(session.code.lower(), "x")
    assert them.name == "bo"
    lee.open_question(session.code, session.teacher_key, "q1", {"text": "Heads?"})
    ada.submit(session.code, me.token, "q1", 0.5)
    bo.submit(session.code, them.token, "q1", 0.25)
    polls = ada.polls(session.code, me.token)
    assert [(p.question_id, p.prompt, p.mine, p.revealed) for p in polls] == [("q1", {"text": "Heads?"}, 0.5, False)]
    assert lee.answers(session.code, session.teacher_key, "q1") == {"ada": 0.5, "bo": 0.25}
    lee.reveal_question(session.code, session.teacher_key, "q1", {"text": "one half"})
    assert bo.polls(session.code, them.token)[0].answer == {"text": "one half"}
    assert lee.students(session.code, session.teacher_key) == ["ada", "bo"]
    # the store's own refusals come back as they are said on one machine
    with pytest.raises(ClassroomError) as closed:
        ada.submit(session.code, me.token, "q1", 1)
    assert closed.value.reason == "question-closed" and "its answer has been revealed" in str(closed.value)


def test_no_one_acts_as_another_user_or_as_the_teacher(service):
    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    session = lee.open_session("Period 3")
    mine, bos = ada.join(session.code, "ada"), bo.join(session.code, "bo")
    refusals = {
        "open_session": lambda: ada.open_session("mine"),
        "answers": lambda: ada.answers(session.code, session.teacher_key, "q1"),  # even with the key
        "submit": lambda: ada.submit(session.code, bos.token, "q1", 1),  # with bo's token
        "polls": lambda: ada.polls(session.code, bos.token),
        "rejoin": lambda: ada.rejoin(session.code, bos.token),
        "teacher key as a secret": lambda: ada.polls(session.code, session.teacher_key),
    }
    for what, call in refusals.items():
        with pytest.raises(ClassroomError) as refused:
            call()
        assert refused.value.reason in ("teacher-only", "not-your-seat"), what
    assert lee.answers(session.code, session.teacher_key, "q1") == {}  # nothing written
    with pytest.raises(ClassroomError) as stranger:
        as_user(service, "not-a-hub-token").polls(session.code, mine.token)
    assert stranger.value.reason == "not-on-hub"
    with pytest.raises(ClassroomError, match="has no call"):
        ada.call("_write")
    with pytest.raises(ClassroomError, match="takes no where"):
        ada.call("polls", code=session.code, secret=mine.token, where="x")


def test_a_networked_table_between_two_servers(service):
    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    session = lee.open_session("Tables")
    a, b = ada.join(session.code, ""), bo.join(session.code, "")
    table = open_table(lee, session.code, session.teacher_key, "cha_ching",
                       [student_seat("ada"), bot_seat(), student_seat("bo")], seed=3)
    pages = [TableClient(ada, session.code, a.token, table.table_id),
             TableClient(bo, session.code, b.token, table.table_id)]
    assert [p.seat for p in pages] == [0, 2]
    for _ in range(200):
        if all(p.state.is_terminal() for p in pages):
            break
        for page in pages:
            page.play_bots()
            page.sync()
            if not page.state.is_terminal() and page.seat in page.state.current_players():
                page.move(page.state.legal_actions(page.seat)[0])
    for page in pages:
        page.sync()
    assert pages[0].state.is_terminal() and pages[0].made == pages[1].made > 2
    # the game is over: both pages may see the whole game the referee played, and see the same one
    assert pages[0].state.history == pages[1].state.history and pages[0].seed == pages[1].seed == 3
    assert pages[0].state.scores() == pages[1].state.scores()
    # bo cannot move ada's seat: the table's own rule, said through the service
    moves = lee.moves(session.code, session.teacher_key, table.table_id)
    assert {m.student for m in moves} >= {"ada", "bo"}


BOT = "def choose(view, legal, rng):\n    return legal[{}]\n"


def test_the_class_tournament_runs_in_the_service_and_its_standings_are_the_same_as_here(service, tmp_path):
    """On a hub the class service plays the tournament (a student's server there is a sandbox:
    classmates' code could not run in the teacher's); the teacher's page gets the same standings,
    with every game, as a tournament played here with the same entries and seed."""
    from changekit.classroom.class_tournament import class_entries, run_class_tournament
    from changekit.lab import tournament

    lee, ada, bo = as_user(service, "tok-lee"), as_user(service, "tok-ada"), as_user(service, "tok-bo")
    session = lee.open_session("Lab")
    ada.submit_bot(session.code, ada.join(session.code, "").token, "zombie", BOT.format(0))
    bo.submit_bot(session.code, bo.join(session.code, "").token, "zombie", BOT.format(-1))
    heard: list[float] = []
    standings = run_class_tournament(lee, session.code, session.teacher_key, "zombie", ["careful", "greedy"],
                                     games=8, seed=11, progress=heard.append)
    here = tournament("zombie", [("ada", BOT.format(0)), ("bo", BOT.format(-1)), "careful", "greedy"], games=8, seed=11)
    assert standings.rows == here.rows and [r["entry"] for r in standings.rows] == [r["entry"] for r in here.rows]
    assert {r["entry"] for r in standings.rows} == {"ada", "bo", "careful bot", "greedy bot"}
    assert standings.payoff_matrix() == here.payoff_matrix()
    assert [r.save for r in standings.results.records] == [r.save for r in here.results.records]
    assert standings.replay(0).to_json() == here.replay(0).to_json()  # any game opens on the teacher's page
    assert heard and heard[-1] == 1.0 and heard == sorted(heard)
    # the entries, read through the service, are the submitted sources
    assert class_entries(lee, session.code, session.teacher_key, "zombie", ["careful"]) == [
        ("ada", BOT.format(0)), ("bo", BOT.format(-1)), "careful"]


def test_only_the_teacher_runs_a_class_tournament_and_a_failed_one_says_why(service):
    from changekit.classroom.class_tournament import run_class_tournament

    lee, ada = as_user(service, "tok-lee"), as_user(service, "tok-ada")
    session = lee.open_session("Lab")
    ada.join(session.code, "")
    for call in (lambda: ada.call("start_tournament", code=session.code, teacher_key=session.teacher_key,
                                  game="zombie", kit=["careful"], games=2, seed=1),
                 lambda: ada.call("tournament_progress", code=session.code, teacher_key=session.teacher_key,
                                  job="x")):
        with pytest.raises(ClassroomError) as refused:
            call()
        assert refused.value.reason == "teacher-only"
    with pytest.raises(ClassroomError) as wrong_key:  # a teacher of the hub, but not this session's key
        lee.call("start_tournament", code=session.code, teacher_key="not-the-key", game="zombie",
                 kit=["careful"], games=2, seed=1)
    assert wrong_key.value.reason != "teacher-only"
    with pytest.raises(ClassroomError) as unknown:
        lee.call("tournament_progress", code=session.code, teacher_key=session.teacher_key, job="nope")
    assert unknown.value.reason == "unknown-tournament"
    # too few entries for a table of Zombie: the run fails, and the teacher's page is told why
    with pytest.raises(ClassroomError, match="entries") as failed:
        run_class_tournament(lee, session.code, session.teacher_key, "zombie", ["careful"], games=2, seed=1)
    assert failed.value.reason == "tournament-failed"


def test_a_body_the_json_parser_cannot_read_is_a_bad_call_that_says_why(service):
    """A security review: 100,000 brackets (under the size limit) made the parser recurse too deep,
    and the service answered 500 with an HTML page; a 5,000-digit number was "not JSON"."""
    def post(body: bytes) -> tuple[int, dict]:
        request = urllib.request.Request(f"{service}call/polls", data=body, method="POST",
                                         headers={"Authorization": "token tok-ada"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    assert post(b'{"code": ' + b"[" * 100_000 + b"}") == (
        400, {"error": "bad-call", "message": "the call's arguments are nested too deeply"})
    status, said = post(b'{"code": ' + b"7" * 5_000 + b"}")
    assert (status, said["error"]) == (400, "bad-call") and "digits" in said["message"], said
