"""Finding widgets inside an app's widget tree (for app tests without a browser)."""
from __future__ import annotations

import re

import ipywidgets as w


def widgets(root):
    yield root
    for child in getattr(root, "children", ()):
        yield from widgets(child)


def find_button(app, pattern):
    found = [b for b in widgets(app.widget) if isinstance(b, w.Button) and re.search(pattern, b.description)]
    assert found, f"no button matching {pattern!r}"
    return found[0]


def html_text(app):
    return " ".join(x.value for x in widgets(app.widget) if isinstance(x, w.HTML))
