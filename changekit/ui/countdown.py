"""A countdown that ticks in the browser and tells the kernel when time is up.

Why not ``ipywidgets.Play``: its timer starts only on a playing False→True change seen by a
view that already exists, so a clock started before the page is drawn (a student robbed before
their first turn) never runs. This widget's count restarts whenever :meth:`Countdown.start` is
called again, and it ticks only while the clock is on the screen: when a count starts, the prompt
above the clock is scrolled into view, and a clock drawn below the fold during page load (1,800 px
down on a phone) waits until the student actually sees it (an IntersectionObserver).
"""
from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const bar = document.createElement("progress");
  bar.setAttribute("aria-label", "time left to decide");
  const label = document.createElement("span");
  label.style.marginLeft = "8px";
  el.append(bar, label);
  let timer = null;
  // tick only while the clock is on the screen and the tab is shown: time the student cannot see
  // is not time to decide
  let onScreen = false;
  const watcher = new IntersectionObserver((entries) => {
    onScreen = entries[entries.length - 1].isIntersecting;
  }, { threshold: 0.9 });
  watcher.observe(el);
  const seen = () => onScreen && document.visibilityState === "visible";
  const bringIntoView = () => {
    // the prompt sits just above the clock's row: show both
    const row = el.closest(".widget-hbox") || el;
    const target = row.previousElementSibling || row;
    target.scrollIntoView({ block: "start", inline: "nearest" });
  };
  const show = () => {
    bar.max = model.get("seconds");
    bar.value = model.get("left");
    label.textContent = model.get("running") ? `${model.get("left")} s left`
      : (model.get("left") === 0 ? "time is up" : "no time limit");
  };
  const stop = () => { if (timer !== null) { clearInterval(timer); timer = null; } };
  const start = () => {
    stop();
    if (!model.get("running")) return;
    requestAnimationFrame(bringIntoView);
    timer = setInterval(() => {
      if (!seen()) return;
      const left = Math.max(0, model.get("left") - 1);
      model.set("left", left);
      if (left === 0) { model.set("running", false); stop(); }
      model.save_changes();
    }, 1000);
  };
  const onRunning = () => { if (!model.get("running")) stop(); show(); };
  model.on("change:left", show);
  model.on("change:seconds", show);
  model.on("change:running", onRunning);
  model.on("change:run", start);
  show();
  start();
  return () => {
    stop();
    watcher.disconnect();
    model.off("change:left", show);
    model.off("change:seconds", show);
    model.off("change:running", onRunning);
    model.off("change:run", start);
  };
}
export default { render };
"""


class Countdown(anywidget.AnyWidget):
    """``seconds`` to decide; :meth:`start` (re)starts the count, :meth:`stop` lifts the limit,
    :meth:`on_expire` registers what happens when the browser counts down to zero."""

    _esm = _ESM
    seconds = traitlets.Int(5).tag(sync=True)
    left = traitlets.Int(0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    run = traitlets.Int(0).tag(sync=True)  # bumped by start(): a drawn clock restarts its count

    def start(self) -> None:
        with self.hold_sync():
            self.left, self.running = self.seconds, True
            self.run += 1

    def stop(self) -> None:
        self.running = False

    def on_expire(self, callback: Callable[[], None]) -> None:
        # only the browser counts down to zero; start() sets ``left`` to ``seconds`` (> 0)
        self.observe(lambda change: callback() if change["new"] == 0 else None, names="left")
