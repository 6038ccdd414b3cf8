"""QR codes of addresses a class opens on their phones (the join page): drawn by the teacher's
dashboard and by the projector."""
from __future__ import annotations

from ..core.markup import escape


def qr_svg(text: str, *, scale: int = 5, fit: int | None = None) -> str:
    """``text`` as an inline SVG QR code (segno, pure Python: no network), ``scale`` px a module;
    with ``fit``, the largest whole scale whose code (quiet zone included) fits ``fit`` px.

    >>> qr_svg("https://example.org/join").startswith('<svg role="img" aria-label="QR code of https://example.org/join"')
    True
    >>> 'width="429"' in qr_svg("https://example.org/join", fit=460)  # 25 modules and the quiet zone, 13 px each
    True
    """
    import segno  # segno only when a join screen is drawn

    code = segno.make(text, error="m")
    if fit is not None:
        scale = max(1, fit // int(code.symbol_size(scale=1)[0]))
    svg = code.svg_inline(scale=scale, dark="#000", light="#fff")
    size = int(code.symbol_size(scale=scale)[0])
    # a viewBox too, so that a narrower screen may draw it smaller (max-width) without cutting it
    return svg.replace("<svg ", f'<svg role="img" aria-label="QR code of {escape(text)}" '
                                f'viewBox="0 0 {size} {size}" ', 1)
