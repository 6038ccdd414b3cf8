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


#: a fraction whose top or bottom has this many digits is too long to read aloud
LONG_DIGITS = 5


def exact_html(top: int, bottom: int, places: int | None = 3) -> Html:
    """An exact value as a reader takes it: a short fraction as it is, with its decimal
    (``37/25 ≈ 1.480``); a long one as its decimal, the fraction a tap away (an inline
    ``<details>``: answers such as ``924594051/708274672`` are the computer's, not the lesson's).
    ``places=None``: the decimal alone (6 significant digits) for a long one, a short one untouched.

    >>> exact_html(37, 25), exact_html(1, 3, None)
    ('37/25 ≈ 1.480', '1/3')
    >>> long = exact_html(924594051, 708274672)
    >>> long.startswith('<details class="ck-fraction"'), "≈ 1.305</summary>" in long
    (True, True)
    >>> long.endswith(" (exactly 924594051/708274672)</details>")
    True
    """
    value = top / bottom
    if max(len(str(abs(top))), len(str(bottom))) < LONG_DIGITS:
        return Html(f"{top}/{bottom}" if places is None else f"{top}/{bottom} ≈ {value:.{places}f}")
    shown = f"{value:.6g}" if places is None else f"≈ {value:.{places}f}"
    return Html(f'<details class="ck-fraction" style="display:inline"><summary style="display:inline;cursor:pointer">'
                f'{shown}</summary> (exactly {top}/{bottom})</details>')
