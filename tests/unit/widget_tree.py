"""Finding widgets inside an app's widget tree (for app tests without a browser)."""
from __future__ import annotations

import re

import ipywidgets as w

from changekit.ui.live_region import LiveRegion


def widgets(root):
    yield root
    for child in getattr(root, "children", ()):
        yield from widgets(child)


def visible_widgets(root, skip=()):
    """The widgets under ``root`` a visitor can see: a box hidden by its layout (``display:
    none``, ``visibility: hidden``) hides its children; ``skip`` (widgets) are left out with theirs."""
    if any(root is s for s in skip):
        return
    layout = getattr(root, "layout", None)
    if layout is not None and (layout.display == "none" or layout.visibility == "hidden"):
        return
    yield root
    for child in getattr(root, "children", ()):
        yield from visible_widgets(child, skip)


def find_button(app, pattern):
    found = [b for b in widgets(app.widget) if isinstance(b, w.Button) and re.search(pattern, b.description)]
    assert found, f"no button matching {pattern!r}"
    return found[0]


def html_text(app):
    return " ".join(x.value for x in widgets(app.widget) if isinstance(x, w.HTML))


def shown_widgets(root):
    """Every widget a page shows from ``root``: children, and any other trait holding widgets
    (an Accordion's panes, a chart's parts), each once."""
    seen, todo = set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        for key in widget.keys:
            if key in ("layout", "style"):
                continue
            value = getattr(widget, key, None)
            values = value if isinstance(value, (list, tuple)) else (value,)
            todo.extend(v for v in values if isinstance(v, w.Widget))


#: traits the browser renders as HTML (everything else it shows as text)
#: a LiveRegion (the status lines) shows its value as HTML too
MARKUP_TRAITS = {(w.HTML, "value"), (w.HTMLMath, "value"), (LiveRegion, "value")}
#: traits that are code or set-up, never text a person reads
NOT_TEXT = {"_esm", "_css", "_model_name", "_view_name", "_model_module", "_view_module", "_model_module_version",
            "_view_module_version", "_dom_classes", "_anywidget_id", "button_style", "bar_style", "box_style",
            "orientation", "continuous_update", "tabbable", "role"}


def _strings(value, where):
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _strings(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}.{key}")


def shown_strings(root):
    """(widget, trait, text, is_markup) for every string the page sends from ``root``'s widgets:
    an HTML or HTMLMath value, a description that allows HTML and a chart's figure (plotly reads
    tags in its text) are markup; a label, a button's description and tooltip, a dropdown's
    options, an accordion's titles are shown as text."""
    for widget in shown_widgets(root):
        for key in widget.keys:
            if key in NOT_TEXT or key in ("layout", "style"):
                continue
            value = getattr(widget, key, None)
            if isinstance(value, w.Widget):
                continue
            markup = any(isinstance(widget, cls) and key == trait for cls, trait in MARKUP_TRAITS) or (
                key == "description" and bool(getattr(widget, "description_allow_html", False))) or (
                key == "figure")  # a chart: plotly reads tags in its text
            for where, text in _strings(value, key):
                yield widget, where, text, markup
