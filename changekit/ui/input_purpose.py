"""What a text field asks for, said to the browser (WCAG 1.3.5, Identify Input Purpose).

``ipywidgets.Text`` draws an ``<input>`` with no way to set its ``autocomplete`` attribute; a
field that asks for the student's own name should say ``autocomplete="name"``, so that a browser
(or a student's assistive tool) can fill it in and show its purpose. :class:`InputPurpose` sits in
the same box as the field and sets the attribute on it, again whenever the field is redrawn. It
shows nothing.
"""
from __future__ import annotations

import anywidget
import traitlets

#: the HTML autocomplete tokens the kit's fields ask for (the kit asks for nothing else personal)
PURPOSES = ("name", "off")

_ESM = """
function render({ model, el }) {
  el.classList.add("ck-input-purpose");  // a view that shows nothing, by design
  el.style.display = "none";
  const box = () => el.closest(model.get("root")) || document;
  const mark = () => {
    for (const input of box().querySelectorAll(model.get("field") + " input")) {
      if (input.getAttribute("autocomplete") !== model.get("purpose")) {
        input.setAttribute("autocomplete", model.get("purpose"));
      }
    }
  };
  // a field drawn after this widget, redrawn, or given its class after it was drawn (ipywidgets
  // adds a widget's classes once its view exists); this view may itself be drawn before its box is
  // on the page, so the page is watched
  const watcher = new MutationObserver(mark);
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  mark();
  return () => watcher.disconnect();
}
export default { render };
"""


class InputPurpose(anywidget.AnyWidget):
    """Sets ``autocomplete=purpose`` on the inputs of the fields matching ``field`` (a CSS class
    selector the field's widget carries) inside the nearest box matching ``root``."""

    _esm = _ESM
    field = traitlets.Unicode().tag(sync=True)
    purpose = traitlets.Enum(PURPOSES).tag(sync=True)
    root = traitlets.Unicode(".widget-box").tag(sync=True)
