"""What a student types or taps reaches the kernel before the click that follows it.

ipywidgets sends a field's new value as a state update, and holds an update back while the
field's last one is still on its way (until the kernel says it is idle); a button's click is sent
at once. So a number typed fast, or a choice changed, just before **Lock in** could reach the
kernel after the click: Lock in then took the box's older text, or the choice tapped first.

:class:`SentInOrder` sits in the question's box and sends each keystroke's text, and each tapped
choice, as a message of its own the moment it happens. Messages are never held back, and the
kernel reads a page's messages in the order the page sent them, so the click always comes after
what was typed before it. It shows nothing. The value it sets is not sent back to the page (it
came from there, and a student typing on would see their box rewritten).
"""
from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

#: a field's text longer than this is not a student's answer (a script's): ignored
LONGEST_TEXT = 200

_ESM = """
function render({ model, el }) {
  el.classList.add("ck-in-order");  // a view that shows nothing, by design
  el.style.display = "none";
  const fieldOf = target => {
    const box = el.closest(model.get("root"));
    if (!box || !target || !target.closest) return null;
    for (const name of model.get("fields")) {
      const field = target.closest("." + name);
      if (field && field.closest(model.get("root")) === box) return name;
    }
    return null;
  };
  // on the document, capturing: ahead of the field's own handler, and for a field drawn later
  const typed = event => {
    const field = fieldOf(event.target);
    if (field && event.target.matches("input, textarea")) model.send({ field, text: event.target.value });
  };
  const tapped = event => {
    const choice = event.target.closest && event.target.closest("button.widget-toggle-button");
    const field = choice && !choice.disabled ? fieldOf(choice) : null;
    if (field) model.send({ field, index: Number(choice.value) });
  };
  document.addEventListener("input", typed, true);
  document.addEventListener("click", tapped, true);
  return () => {
    document.removeEventListener("input", typed, true);
    document.removeEventListener("click", tapped, true);
  };
}
export default { render };
"""


class SentInOrder(anywidget.AnyWidget):
    """Sends the fields :meth:`follow` names (a ``Text``'s text, a ``ToggleButtons``' tapped
    choice) to the kernel as they change, in order with the clicks after them. Put it inside the
    box matching ``root`` that holds the fields."""

    _esm = _ESM
    root = traitlets.Unicode(".widget-box").tag(sync=True)
    fields = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._followed: dict[str, w.Widget] = {}
        self.on_msg(self._heard)

    def follow(self, field: w.Widget, what: str) -> None:
        """Follow ``field`` (a ``Text`` or a ``ToggleButtons``); ``what`` names it (a CSS class is
        made of it and this widget's id: two questions' fields are never taken for each other)."""
        if not isinstance(field, (w.Text, w.ToggleButtons)):
            raise TypeError(f"SentInOrder follows a Text or a ToggleButtons, not {type(field).__name__}")
        name = f"ck-in-order-{self.model_id}-{what}"
        field.add_class(name)
        self._followed[name] = field
        if name not in self.fields:  # a synced list: set anew, not appended to in place
            self.fields = [*self.fields, name]

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A page's message: what it says is data from a student's browser, checked before use."""
        if not isinstance(content, dict):
            return
        field = self._followed.get(content.get("field"))  # type: ignore[arg-type]
        if field is None or field.disabled:  # a locked or held field takes nothing (Question refuses it too)
            return
        if isinstance(field, w.Text):
            text = content.get("text")
            if isinstance(text, str) and len(text) <= LONGEST_TEXT and text != field.value:
                with field._lock_property(value=text):  # from the page: not sent back to it
                    field.value = text
        else:
            index = content.get("index")
            if (isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(field.options)
                    and index != field.index):
                with field._lock_property(index=index):
                    field.index = index
