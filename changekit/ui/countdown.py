"""A countdown whose seconds are seconds the person saw: the browser reports each second the clock
was on the screen, and the kernel counts them.

Why the kernel counts: the browser alone decided before, and a second view of the same clock (a
notebook re-rendering a cell, the same app shown twice) ticked it twice, or from a place nobody
looked at; a JupyterLab notebook after Run All ran a robbery's clock out while the app was
scrolled away. Now every view of the clock sends a ``tick`` only after a second during which it
was seen (inside the screen: an IntersectionObserver; the page shown: ``document.visibilityState``;
not hidden by CSS), and the kernel takes at most one tick in :data:`MIN_TICK_GAP` seconds, so two
views do not count double and ticks queued while the kernel was busy do not land as a burst. A
clock nobody sees sends nothing: it cannot run out. A view out of sight says it is paused.

Why not ``ipywidgets.Play``: its timer starts only on a playing False→True change seen by a
view that already exists, so a clock started before the page is drawn never runs.
"""
from __future__ import annotations

import time
from typing import Any, Callable

import anywidget
import traitlets

#: The shortest time between two ticks the kernel counts (seconds): a little under one second,
#: so a tick that arrives late is not lost, and two views a half second apart count once.
MIN_TICK_GAP = 0.75

_ESM = """
function render({ model, el }) {
  const bar = document.createElement("progress");
  bar.setAttribute("aria-label", "time left to decide");
  const label = document.createElement("span");
  label.className = "ck-countdown-label";
  label.style.marginLeft = "8px";
  el.append(bar, label);
  let timer = null;
  let onScreen = false;
  // seen: inside the screen (clipped by every scrolling box above it), the page shown, the clock
  // itself drawn (not display:none, not scaled to nothing in a hidden JupyterLab tab)
  const seen = () => {
    if (!onScreen || document.visibilityState !== "visible" || !el.isConnected) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const show = () => {
    const running = model.get("running"), left = model.get("left");
    const out = !running && left === 0 && model.get("run") > 0;  // a count that ran to zero
    bar.max = model.get("seconds");
    bar.value = running || out ? left : model.get("seconds");
    label.textContent = running ? (seen() ? `${left} s left` : `${left} s left: paused while out of sight`)
      : (out ? "time is up" : model.get("idle"));
  };
  const watcher = new IntersectionObserver((entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
    show();
  }, { threshold: 0.9 });
  watcher.observe(el);
  const bringIntoView = () => {
    // the prompt sits just above the clock's row: show both
    const row = el.closest(".widget-hbox") || el;
    const target = row.previousElementSibling || row;
    target.scrollIntoView({ block: "start", inline: "nearest" });
  };
  // a second seen is reported to the kernel, which counts it (for this run of the clock only)
  const tick = () => {
    if (model.get("running") && seen()) model.send({ tick: model.get("run") });
    show();
  };
  const stop = () => { if (timer !== null) { clearInterval(timer); timer = null; } };
  const start = () => {
    stop();
    show();
    if (model.get("running")) timer = setInterval(tick, 1000);
  };
  const restart = () => {
    start();
    // a count starts: the prompt it belongs to comes into sight
    if (model.get("running")) requestAnimationFrame(bringIntoView);
  };
  model.on("change:left", show);
  model.on("change:seconds", show);
  model.on("change:idle", show);
  model.on("change:running", start);
  model.on("change:run", restart);
  document.addEventListener("visibilitychange", show);
  start();
  // a clock drawn full (a count waiting for its Start, or not ticked yet) belongs to a prompt just
  // drawn, maybe below the fold of a phone: bring it into sight (it does not tick by being seen)
  if (model.get("left") === model.get("seconds")) requestAnimationFrame(bringIntoView);
  return () => {
    stop();
    watcher.disconnect();
    document.removeEventListener("visibilitychange", show);
    model.off("change:left", show);
    model.off("change:seconds", show);
    model.off("change:idle", show);
    model.off("change:running", start);
    model.off("change:run", restart);
  };
}
export default { render };
"""


class Countdown(anywidget.AnyWidget):
    """``seconds`` to decide; :meth:`start` (re)starts the count, :meth:`stop` lifts the limit,
    :meth:`on_expire` registers what happens when the count reaches zero. The count goes down by
    :meth:`tick`, which the browser's views call once for each second the clock was seen.

    >>> clock = Countdown(seconds=2)
    >>> clock.start(); clock.tick(now=10.0); clock.tick(now=10.2)  # a second view's tick: not counted
    >>> clock.left, clock.running
    (1, True)
    >>> clock.tick(now=11.0); clock.left, clock.running
    (0, False)
    """

    _esm = _ESM
    seconds = traitlets.Int(5).tag(sync=True)
    left = traitlets.Int(0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    run = traitlets.Int(0).tag(sync=True)  # bumped by start(): a tick names the run it belongs to
    idle = traitlets.Unicode("no time limit").tag(sync=True)  # what a clock that is not running says

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._last_tick: float | None = None
        self.on_msg(self._message)

    def start(self) -> None:
        self._last_tick = None
        with self.hold_sync():
            self.left, self.running = self.seconds, True
            self.run += 1

    def stop(self, idle: str = "no time limit") -> None:
        """No more count (the time limit lifted), saying ``idle``."""
        with self.hold_sync():
            self.running, self.idle = False, idle

    def hold(self, idle: str) -> None:
        """A full clock that waits (its count not started), saying ``idle``."""
        with self.hold_sync():
            self.running, self.left, self.idle = False, self.seconds, idle

    def tick(self, *, now: float | None = None) -> None:
        """One second the clock was seen: the count goes down by one (not more often than every
        :data:`MIN_TICK_GAP` seconds, and never for a clock that is not running)."""
        if not self.running:
            return
        now = time.monotonic() if now is None else now
        if self._last_tick is not None and now - self._last_tick < MIN_TICK_GAP:
            return
        self._last_tick = now
        left = max(0, self.left - 1)
        if left == 0:
            self.running = False
        self.left = left

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # a tick from a view of an earlier run (a message in flight when the count restarted) is dropped
        if isinstance(content, dict) and content.get("tick") == self.run:
            self.tick()

    def on_expire(self, callback: Callable[[], None]) -> None:
        # start() sets ``left`` to ``seconds`` (> 0): only counted ticks bring it to zero
        self.observe(lambda change: callback() if change["new"] == 0 else None, names="left")
