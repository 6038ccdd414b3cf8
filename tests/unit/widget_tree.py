"""Finding widgets inside an app's widget tree (for app tests without a browser)."""
from __future__ import annotations

import re

import ipywidgets as w


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
