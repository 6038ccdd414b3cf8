"""A line of the page that screen readers read out when it changes (an ARIA live region).

Why not ``ipywidgets.HTML`` with ``role="status"`` in its value: the HTML widget replaces its
content on every change, so the live region itself is new each time, and screen readers announce
changes inside a region that was already on the page, not a region that has just appeared (NVDA
and VoiceOver stay silent on many of them). Here the widget's own element is the region: it is
made once, carries ``role`` and ``aria-live`` from the start, and only what is inside it changes.

``value`` is HTML the kit made (anything a person typed in it is escaped by its caller, as for
``ipywidgets.HTML``), so the widget is a drop-in for the status lines that were HTML widgets.
"""
from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.classList.add("ck-live");
  el.setAttribute("role", model.get("role"));
  el.setAttribute("aria-live", model.get("role") === "alert" ? "assertive" : "polite");
  el.setAttribute("aria-atomic", "true");  // read the whole line, not the changed words alone
  const show = () => { el.innerHTML = model.get("value"); };
  model.on("change:value", show);
  show();
  return () => model.off("change:value", show);
}
export default { render };
"""


class LiveRegion(anywidget.AnyWidget):
    """HTML ``value`` shown in a region that exists before its first change: ``role`` "status"
    (polite: read when the reader is idle) or "alert" (assertive: read at once)."""

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    role = traitlets.Enum(["status", "alert"], default_value="status").tag(sync=True)
