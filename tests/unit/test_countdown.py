"""The countdown's kernel side: it goes down only by seconds a browser view reports as seen,
once per second however many views report, and only for the run they belong to."""
from __future__ import annotations

from changekit.ui.countdown import MIN_TICK_GAP, Countdown


def test_a_clock_counts_only_the_ticks_its_views_send():
    clock = Countdown(seconds=3)
    expired = []
    clock.on_expire(lambda: expired.append(clock.left))
    clock.start()
    assert (clock.left, clock.running, clock.run) == (3, True, 1)
    clock._message(clock, {"tick": 1}, [])  # a view's second seen (the message the browser sends)
    assert clock.left == 2
    clock._message(clock, {"tick": 1}, [])  # a second view, the same second: not counted twice
    assert clock.left == 2
    clock.tick(now=1e12)
    clock.tick(now=1e12 + MIN_TICK_GAP)
    assert (clock.left, clock.running, expired) == (0, False, [0])


def test_a_clock_nobody_sees_never_runs_out():
    clock = Countdown(seconds=2)
    clock.start()
    # a hidden view sends nothing: the kernel's clock stands, however long
    assert (clock.left, clock.running) == (2, True)
    clock._message(clock, {"tick": 0}, [])  # a tick of an earlier run, in flight when it restarted
    clock._message(clock, {"visible": True}, [])  # no tick at all
    assert clock.left == 2


def test_stop_and_hold_say_why_the_clock_is_not_running():
    clock = Countdown(seconds=4)
    clock.hold("starts when you press Start")
    assert (clock.running, clock.left, clock.idle) == (False, 4, "starts when you press Start")
    clock.tick(now=5.0)
    assert clock.left == 4  # a clock that does not run does not count
    clock.start()
    clock.tick(now=6.0)
    clock.stop()
    assert (clock.running, clock.left, clock.idle) == (False, 3, "no time limit")
    clock.tick(now=9.0)
    assert clock.left == 3


def test_the_browser_side_reports_only_seen_seconds():
    js = Countdown._esm
    assert "IntersectionObserver" in js and 'document.visibilityState !== "visible"' in js
    assert "model.send({ tick: model.get(\"run\") })" in js and "paused while out of sight" in js
    assert 'model.set("left"' not in js  # the browser never counts down itself: the kernel does
