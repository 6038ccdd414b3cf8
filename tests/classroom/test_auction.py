"""The class auction: the first round's symmetric equilibrium for a whole class (up to 60
bidders), and one round bid through the class store and resolved with the engine."""
from __future__ import annotations

import random

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.auction import AuctionBidder, AuctionPanel, auction_question
from changekit.games.boneyard import check_bid, resolve_auction, settled_bids
from changekit.core import ChangekitError
from changekit.games.boneyard.analysis import (FIRST_ROUND_BIDS, MAX_CLASS_PLAYERS, expected_payoffs,
                                               first_round_equilibrium)
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE


@pytest.mark.parametrize("n", [2, 9, 17, 31, 45, MAX_CLASS_PLAYERS])
def test_class_size_equilibrium_is_exact_to_1e_9(n):
    eq = first_round_equilibrium(n)
    assert abs(sum(eq.strategy.values()) - 1) < 1e-12
    assert min(eq.strategy.values()) >= 0
    # checked with the pure-Python recursion, not the numpy one the solver uses
    pay = expected_payoffs(eq.strategy, n - 1)
    value = sum(p * pay[t] for t, p in eq.strategy.items())
    assert set(pay) == set(FIRST_ROUND_BIDS)
    assert max(pay.values()) - value <= 1e-9   # no pure bid improves on it by more than 1e-9
    for t in eq.support:  # every bid it uses earns the same
        assert abs(pay[t] - value) <= 1e-9
    assert abs(eq.value - value) <= 1e-9


def test_class_size_equilibrium_check_can_fail():
    eq = first_round_equilibrium(MAX_CLASS_PLAYERS)
    shifted = dict(eq.strategy)
    shifted[1] -= 0.001
    shifted[3] += 0.001
    pay = expected_payoffs(shifted, MAX_CLASS_PLAYERS - 1)
    assert max(pay.values()) - sum(p * pay[t] for t, p in shifted.items()) > 1e-6


def test_class_size_equilibrium_matches_the_bots_table():
    for n, mix in EQUILIBRIUM_TABLE.items():
        eq = first_round_equilibrium(n)
        assert set(eq.support) == set(mix)
        assert all(abs(eq.strategy[t] - p) < 1e-9 for t, p in mix.items())


def test_bigger_classes_bid_low_more_often():
    # with more bidders than buckets most bids cancel: the $1 bid (the cheapest loss) grows
    ones = [first_round_equilibrium(n).strategy[1] for n in (8, 20, 40, 60)]
    assert ones == sorted(ones) and ones[-1] > 0.9


def test_class_sizes_out_of_range_are_refused():
    for bad in (1, MAX_CLASS_PLAYERS + 1):
        with pytest.raises(ValueError, match="n_players is 2 to 60"):
            first_round_equilibrium(bad)


# ---- the auction through the store -------------------------------------------------------------


def test_resolving_the_sheet_s_way():
    # totals 13, 10, 10, 8, 5, 1, 1, 26: the 10s and the 1s cancel; 26, 13, 8, 5 unmatched take
    # $10, $7, $5, $3 in that order (highest bid, richest bucket)
    bids = {"A": [10, 3], "B": [10], "C": [7, 3], "D": [5, 3], "E": [5], "F": [1], "G": [1], "H": [10, 7, 5, 3, 1]}
    result = resolve_auction(bids)
    got = {o.name: (o.total, o.outcome, o.net) for o in result.outcomes}
    assert got == {
        "A": (13, "took the $7 bucket", 7 - 13), "B": (10, "cancelled", -10), "C": (10, "cancelled", -10),
        "D": (8, "took the $5 bucket", 5 - 8), "E": (5, "took the $3 bucket", 3 - 5),
        "F": (1, "cancelled", -1), "G": (1, "cancelled", -1), "H": (26, "took the $10 bucket", 10 - 26)}
    assert result.equilibrium.n_players == 8 and result.report.n_players == 8
    assert sorted(result.report.distribution) == [1, 5, 8, 10, 13, 26]
    # more unmatched bids than buckets: the lowest gets its bid back
    six = resolve_auction({str(t): b for t, b in enumerate(([10, 7, 5, 3, 1], [10, 7, 5, 3], [10, 7, 5], [10, 7],
                                                             [10], [7]))})
    assert [o.outcome for o in six.outcomes][-1] == "no bucket left: bid returned" and six.outcomes[-1].net == 0


def test_bids_are_checked():
    assert check_bid([3, 10]) == (10, 3)
    for bad, message in (([], "at least one"), ([2], "not one of them"), ([10, 10], "only one of each"),
                         ("10", "list of bills"), ([True], "not one of them")):
        with pytest.raises(ChangekitError, match=message):
            check_bid(bad)


def test_a_class_of_sixty_bids_and_the_teacher_settles(store_url):
    with connect(store_url) as teacher_store, connect(store_url) as class_store:
        session = teacher_store.open_session("Auction day")
        panel = AuctionPanel(teacher_store, session.code, session.teacher_key, poll=False)
        question = panel.start()
        assert question == auction_question(1) == "auction.1"
        students = [class_store.join(session.code, f"S{i:02d}") for i in range(60)]
        pages = [AuctionBidder(class_store, session.code, s.token, question) for s in students]
        rng = random.Random(60)
        expected = {}
        for student, page in zip(students, pages, strict=True):
            bills = sorted(rng.sample([10, 7, 5, 3, 1], rng.randint(1, 2)), reverse=True)
            for button in page.w_bills:
                button.value = int(button.description[1:]) in bills
            page.submit()
            expected[student.name] = bills
        assert pages[0].bid() == ()  # a new pick starts from nothing: it replaces the bid (issue 29)
        pages[0].w_bills[0].value = True  # Ada changes her mind: the later bid counts, alone
        expected["S00"] = list(pages[0].bid())
        pages[0].submit()
        assert expected["S00"] == [10]
        panel.count()
        assert "60 of 60 students have bid" in panel.w_count.value
        assert panel.chart_box.layout.display == "none"  # no empty chart before the first result
        result = panel.close()
        assert panel.chart_box.layout.display is None
        assert result.bidders == 60
        assert {o.name: list(o.bid) for o in result.outcomes} == expected
        assert result.equilibrium.n_players == 60
        # the chart: the class's shares beside the 60-player equilibrium
        figure = panel.chart.figure
        assert abs(sum(figure.data[0].y) - 1) < 1e-12
        assert list(figure.data[1].y) == [result.equilibrium.strategy[t] for t in figure.data[1].x]
        # the explorer is fed the class's totals and the class size
        assert panel.explorer.w_players.value == 60
        assert sorted(int(t) for t in panel.explorer.w_bids.value.split()) == sorted(sum(b) for b in expected.values())
        assert "best bid" in panel.explorer.w_text.value
        assert result.outcomes[0].name in panel.w_results.value
        # bidding is closed: a late bid is refused on the page, and changes nothing
        pages[1].w_bills[0].value = True
        pages[1].submit()
        assert "closed" in pages[1].w_status.value
        assert teacher_store.answers(session.code, session.teacher_key, question) == expected
        assert panel.start() == "auction.2"


def test_a_refused_settle_reaches_the_dashboard(store_url):
    """Issue 23: a settle the store refused said nothing. (Past the bidder limit it no longer fails at
    all: the store refuses the 61st bid and settling takes the first 60; see test_the_61st_bidder...)."""
    with connect(store_url) as store:
        session = store.open_session("Auction day")
        panel = AuctionPanel(store, session.code, session.teacher_key, poll=False)
        panel.start()
        for name in ("Ada", "Bo", "Cy"):
            student = store.join(session.code, name)
            store.submit(session.code, student.token, panel.question_id, [10])
        panel.teacher_key = "not-the-key"  # a refusal the store makes: the settle must say it
        panel.w_close.click()
        assert "could not be settled" in panel.w_message.value and "not the teacher key" in panel.w_message.value
        assert not panel.w_close.disabled  # the teacher may try again
        panel.teacher_key = session.teacher_key
        panel.w_close.click()
        assert panel.result is not None and panel.result.bidders == 3 and panel.w_message.value == ""


def test_the_bidder_page_refuses_an_empty_bid_and_a_wrong_question(store_url):
    with connect(store_url) as store:
        session = store.open_session("Auction day")
        ada = store.join(session.code, "Ada")
        page = AuctionBidder(store, session.code, ada.token, "auction.1")
        page.submit()
        assert "at least one bill" in page.w_status.value
        assert store.answers(session.code, session.teacher_key, "auction.1") == {}
        with pytest.raises(ClassroomError, match="not a class auction"):
            AuctionBidder(store, session.code, ada.token, "zombie-q1")


def test_the_61st_bidder_is_refused_when_bidding_and_the_auction_settles(store_url):
    # issue 23: past 60 bidders, "Close bidding and settle" closed the question, the settle raised
    # "at most 60 bidders" and nothing was revealed
    with connect(store_url) as store:
        session = store.open_session("Auction day")
        panel = AuctionPanel(store, session.code, session.teacher_key, poll=False)
        question = panel.start()
        students = [store.join(session.code, f"S{i:02d}") for i in range(MAX_CLASS_PLAYERS + 1)]
        for s in students[:MAX_CLASS_PLAYERS]:
            store.submit(session.code, s.token, question, [10])
        late = AuctionBidder(store, session.code, students[-1].token, question)
        late.w_bills[0].value = True
        late.submit()  # the page says why, at once
        assert "takes 60 answers and has them all" in late.w_status.value
        with pytest.raises(ClassroomError) as refused:
            store.submit(session.code, students[-1].token, question, [7])
        assert refused.value.reason == "question-full"
        store.submit(session.code, students[0].token, question, [7, 1])  # a bidder may still change their bid
        result = panel.close()
        assert result.bidders == MAX_CLASS_PLAYERS
        assert store.polls(session.code, students[0].token)[0].answer["bidders"] == MAX_CLASS_PLAYERS
        assert dict(settled_bids(store.answers(session.code, session.teacher_key, question)))["S00"] == (7, 1)


def test_an_auction_with_more_bids_than_bidders_still_settles(store_url):
    # an auction opened before the store took max_answers (or by hand) has 62 bids, 61 of them
    # valid: the first 60 valid ones (in join order) are settled, and the class sees the result
    with connect(store_url) as store:
        session = store.open_session("Auction day")
        store.open_question(session.code, session.teacher_key, "auction.1", {"kind": "auction", "text": "old"})
        students = [store.join(session.code, f"S{i:02d}") for i in range(MAX_CLASS_PLAYERS + 2)]
        for s in students:
            store.submit(session.code, s.token, "auction.1", [5])
        with pytest.raises(ClassroomError, match="is a bid: a bid is a list of bills") as refused:
            store.submit(session.code, students[1].token, "auction.1", "not a bid")
        assert refused.value.reason == "bad-answer"
        # a bid the store took before it checked bids: left out, not counted
        with store._db.transaction(write=True) as tx:
            tx.execute("UPDATE answers SET value = ? WHERE student_id = ? AND question_id = ?",
                       ('"not a bid"', int(students[1].token.split(".")[0]), "auction.1"))
        panel = AuctionPanel(store, session.code, session.teacher_key, poll=False)
        panel.question_id = "auction.1"
        result = panel.close()
        assert result.bidders == MAX_CLASS_PLAYERS
        assert [o.name for o in result.outcomes] == [s.name for s in students if s.name != "S01"][:MAX_CLASS_PLAYERS]
        assert store.polls(session.code, students[0].token)[0].revealed


def test_a_rebid_on_the_student_page_replaces_the_bid_through_the_buttons(store_url, monkeypatch):
    """Issue 29: re-bidding added to the old bid (the picked bills stayed toggled). After a bid is
    sent the pick starts from nothing, the page says the new bid replaces it, and it does."""
    from changekit.classroom.live import StudentPage

    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(store_url) as store:
        session = store.open_session("Auction day")
        panel = AuctionPanel(store, session.code, session.teacher_key, poll=False)
        panel.w_start.click()
        page = StudentPage(store, live=False)
        page.join(session.code, "Ada")
        page.link.refresh()
        (bidder,) = page._bidders.values()
        assert page.current.children == (bidder.widget,)
        bills = {toggle.description: toggle for toggle in bidder.w_bills}
        bills["$10"].value = bills["$3"].value = True
        bidder.w_submit.click()
        assert store.answers(session.code, session.teacher_key, panel.question_id) == {"Ada": [10, 3]}
        assert [t.value for t in bidder.w_bills] == [False] * 5  # nothing stays picked
        assert "Your bid: <b>$13</b>" in bidder.w_status.value and "replaces" in bidder.w_status.value
        bills["$5"].value = True  # Ada changes her mind: $5 alone
        bidder.w_submit.click()
        assert store.answers(session.code, session.teacher_key, panel.question_id) == {"Ada": [5]}
        assert "Your bid: <b>$5</b>" in bidder.w_status.value and [t.value for t in bidder.w_bills] == [False] * 5
        page.link.refresh()  # the page follows the store: still her one $5 bid
        assert "Your bid: <b>$5</b>" in bidder.w_status.value
        panel.w_close.click()
        assert [(o.name, list(o.bid)) for o in panel.result.outcomes] == [("Ada", [5])]
