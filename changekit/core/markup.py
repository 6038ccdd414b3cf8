"""Where text becomes HTML: one escaping step for the whole kit.

Games, the frame and the class pages make plain text (a student's name, a hint, a log line) or
write a small template of their own markup; what a person typed is never markup. :func:`html`
fills a template's ``{}`` fields with text escaped, :func:`escape` escapes one piece, and both
return :class:`Html`, which passes through them as it is, so markup built from markup is
escaped exactly once.

>>> name = "<img src onerror=alert(1)>"
>>> html("<b>{}</b> reached into your bag", name)
'<b>&lt;img src onerror=alert(1)&gt;</b> reached into your bag'
>>> html("<li>{}</li>", html("<b>{}</b>", "Ann & Bo"))
'<li><b>Ann &amp; Bo</b></li>'
>>> html("P ≈ {:.2f}, {!r}", 0.456, "it's")
'P ≈ 0.46, &quot;it&#x27;s&quot;'
"""
from __future__ import annotations

import html as _html
from string import Formatter
from typing import Any, Iterable

__all__ = ["Html", "escape", "html", "join"]


class Html(str):
    """Markup the kit wrote, its text already escaped: it goes into an HTML widget as it is."""

    __slots__ = ()


def escape(value: object) -> Html:
    """``value`` as text inside HTML (an element or a quoted attribute): ``&``, ``<``, ``>`` and
    both quotes escaped. :class:`Html` is already markup and passes as it is."""
    if isinstance(value, Html):
        return value
    return Html(_html.escape(str(value), quote=True))


class _Escaping(Formatter):
    """``str.format`` with every field's text escaped after its format spec is applied."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Html) and not format_spec:
            return value
        return escape(format(value, format_spec))


_ESCAPING = _Escaping()


def html(template: str, /, *args: Any, **kwargs: Any) -> Html:
    """Markup from a ``template`` the kit wrote (never one built from typed text: braces in a
    name would be read as fields), each ``{}`` filled with its value as escaped text
    (:class:`Html` values go in as markup)."""
    return Html(_ESCAPING.vformat(template, args, kwargs))


def join(separator: str, parts: Iterable[object]) -> Html:
    """``parts`` joined by ``separator`` (both text, escaped; :class:`Html` kept as markup)."""
    return Html(escape(separator).join(escape(part) for part in parts))
