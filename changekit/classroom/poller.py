"""Following the class store from a page: the one :class:`Poller` every class page uses (the
teacher's dashboard, a student's page, the tables, the auction), and :func:`off_loop`, which
runs a button's store call in a worker thread.

One rule for every page: a read that fails is *said* on the page (``on_problem`` gets the
reason; ``None`` once a read works again) and the poller keeps trying, a little slower; it stops
only when told (:meth:`Poller.stop`), when ``done()`` says nothing more can come, or when the
store says the session or seat is gone for good (then ``on_stop`` gets the reason). Nothing
stops following silently.

A page polls only while somebody has it open: :data:`PRESENCE` hears the page's heartbeat
(``changekit.classroom.keeper.PageKeeper``); when the heartbeat stops (the tab closed, the
device asleep) the pollers sleep and send nothing, so the server may cull the kernel, and they
wake by themselves when it comes back. A kernel without a keeper (JupyterLab, tests) counts as
always visited.

Widget-free: the tables' clients and the store's tests import it without ipywidgets.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable, Generic, TypeVar

from ..core.errors import ChangekitError, ClassroomError

T = TypeVar("T")

#: how often a page reads the store (a student sees the teacher's Reveal within about this)
POLL_SECONDS = 0.5
#: after a failed read the poller waits twice as long each time, up to this
SLOWEST_RETRY_SECONDS = 5.0
#: a page whose heartbeat (every few seconds) has been silent this long is not open anywhere
#: (browsers run a hidden tab's timers about once a minute: well inside it)
ABSENT_AFTER_SECONDS = 150.0
#: the store's refusals after which nothing more can come to this page
FINAL_REASONS = frozenset({"unknown-session", "session-closed", "unknown-student", "wrong-teacher-key"})


def describe(err: BaseException) -> str:
    """What a page says about a failure: the store's reason (a :class:`ClassroomError` is
    written for people), or the kind of failure for anything else."""
    if isinstance(err, ChangekitError):
        return str(err)
    return f"the class store did not answer ({type(err).__name__}: {err}); trying again"


class Presence:
    """Whether anybody has this kernel's page open, from the page's heartbeat."""

    def __init__(self) -> None:
        self.last_beat: float | None = None  # None: no keeper on this page: always here

    def beat(self) -> None:
        self.last_beat = time.monotonic()

    def here(self) -> bool:
        return self.last_beat is None or time.monotonic() - self.last_beat < ABSENT_AFTER_SECONDS

    async def wait(self, every: float) -> None:
        """Return once somebody is here (at once if they are)."""
        while not self.here():
            await asyncio.sleep(max(every, 1.0))


#: the kernel's one page
PRESENCE = Presence()


class Poller(Generic[T]):
    """Read ``fetch()`` (blocking, e.g. a store query) every ``every`` seconds in a worker thread
    and pass each result that differs from the last to ``apply`` on the event loop (where widget
    values may be set). Keep the poller: it holds its task.

    ``on_problem(reason)`` shows a failed read or apply (``on_problem(None)`` clears it once a
    read works again); ``on_stop(reason)`` is told why it stopped. A quiet poll sends nothing to
    the browser (``apply`` runs only on a change)."""

    def __init__(self, fetch: Callable[[], T], apply: Callable[[T], object], *, every: float = POLL_SECONDS,
                 done: Callable[[], bool] | None = None, on_problem: Callable[[str | None], object] | None = None,
                 on_stop: Callable[[str], object] | None = None, presence: Presence = PRESENCE) -> None:
        self.fetch, self.apply, self.every = fetch, apply, every
        self.done, self.on_problem, self.on_stop, self.presence = done, on_problem, on_stop, presence
        self.task: asyncio.Task | None = None  # kept: an unreferenced task may be collected
        self.stopped_because: str | None = None
        self.problem: str | None = None
        self._last: Any = object()

    @property
    def period(self) -> float:  # the tables' name for it
        return self.every

    @period.setter
    def period(self, seconds: float) -> None:
        self.every = seconds

    # -- one read ----------------------------------------------------------------------------------
    def tick(self) -> bool:
        """One read and apply, blocking (a first draw, tests). True if it changed; a failure is
        shown like the task's (and a final one stops it)."""
        try:
            state = self.fetch()
        except Exception as err:  # noqa: BLE001 - shown on the page: the one rule
            self._failed(err)
            return False
        return self.take(state)

    async def once(self) -> bool:
        """One read in a worker thread and its apply here. True if it changed."""
        try:
            state = await asyncio.to_thread(self.fetch)
        except Exception as err:  # noqa: BLE001 - shown on the page: the one rule
            self._failed(err)
            return False
        return self.take(state)

    def take(self, state: T) -> bool:
        """Apply ``state`` (read by the caller) if it is new; True if it was."""
        if self.problem is not None:
            self._say(None)
        if state == self._last:
            return False
        try:
            self.apply(state)
        except Exception as err:  # noqa: BLE001 - a drawing bug must not end the following
            self._say(f"this page could not show the latest ({type(err).__name__}: {err})")
            return False
        self._last = state
        return True

    def _failed(self, err: Exception) -> None:
        reason = describe(err)
        if isinstance(err, ClassroomError) and err.reason in FINAL_REASONS:
            self.stop(reason)
        else:
            self._say(reason)

    def _say(self, problem: str | None) -> None:
        self.problem = problem
        if self.on_problem is not None:
            self.on_problem(problem)

    def forget(self) -> None:
        """Apply the next read even if it equals the last (after the page redrew by itself)."""
        self._last = object()

    # -- the task ----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(self) -> None:
        """Follow the store on the kernel's event loop (again, after a stop)."""
        if self.running:
            return
        self.stopped_because = None
        self.task = asyncio.get_event_loop().create_task(self.run())

    def stop(self, reason: str = "stopped") -> None:
        task = self.task
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()
        if self.stopped_because is None:
            self.stopped_because = reason
            if self.on_stop is not None:
                self.on_stop(reason)

    async def run(self) -> None:
        self.stopped_because = None
        delay = self.every
        while self.stopped_because is None:
            try:
                finished = self.done is not None and self.done()
            except Exception as err:  # noqa: BLE001 - the one rule: said, and the following goes on
                self._failed(err)
                finished = False
            if finished:
                self.stop("done")
                return
            await self.presence.wait(self.every)
            await self.once()
            delay = min(max(delay * 2, 0.5), SLOWEST_RETRY_SECONDS) if self.problem else self.every
            await asyncio.sleep(delay)


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no loop running (a test calling stop directly)
        return None


class NewsPoller(Poller[int]):
    """A :class:`Poller` over ``step()`` (blocking; True when it brought news, e.g. new moves),
    calling ``changed()`` on the loop after each step with news: the tables' way."""

    def __init__(self, step: Callable[[], object], changed: Callable[[], object], *, period: float = POLL_SECONDS,
                 done: Callable[[], bool] | None = None, on_problem: Callable[[str | None], object] | None = None,
                 on_stop: Callable[[str], object] | None = None) -> None:
        self._news = 0
        self.step, self.changed = step, changed

        def count() -> int:
            self._news += bool(self.step())
            return self._news

        super().__init__(count, lambda _: self.changed(), every=period, done=done, on_problem=on_problem,
                         on_stop=on_stop)


def off_loop(work: Callable[[], T], then: Callable[[T], object], *,
             failed: Callable[[str], object]) -> Awaitable[None] | None:
    """Run ``work`` (blocking: a store call a button makes) in a worker thread, then ``then`` with
    its result on the event loop (where widgets are set); ``failed`` gets the reason of any
    failure (see :func:`describe`). Without a running loop (a plain script, a unit test) it all
    runs here, now. Returns the task when there is one (kept in :data:`_RUNNING` meanwhile)."""
    # the app frame brings ipywidgets: only a button's call needs it, so the module stays widget-free
    from ..ui.app import kernel_loop

    loop = kernel_loop()
    if loop is None or not BACKGROUND:
        try:
            result = work()
        except Exception as err:  # noqa: BLE001 - shown on the page: the one rule
            failed(describe(err))
            return None
        then(result)
        return None

    async def run() -> None:
        try:
            result = await asyncio.to_thread(work)
        except Exception as err:  # noqa: BLE001 - shown on the page: the one rule
            failed(describe(err))
            return
        then(result)

    task = loop.create_task(run())
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
    return task


#: store calls from buttons go to a worker thread (off in unit tests that click and read at once)
BACKGROUND = True
_RUNNING: set[asyncio.Task] = set()


__all__ = ["ABSENT_AFTER_SECONDS", "FINAL_REASONS", "POLL_SECONDS", "PRESENCE", "NewsPoller", "Poller", "Presence",
           "describe", "off_loop"]
