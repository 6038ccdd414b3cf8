"""QR codes of addresses a class opens on their phones (the join page): drawn by the teacher's
dashboard and by the projector."""
from __future__ import annotations

from ..core.markup import escape


def qr_svg(text: str, *, scale: int = 5) -> str:
    """``text`` as an inline SVG QR code (segno, pure Python: no network).

    >>> qr_svg("https://example.org/join").startswith('<svg role="img" aria-label="QR code of https://example.org/join"')
    True
    """
    import segno  # segno only when a join screen is drawn

    svg = segno.make(text, error="m").svg_inline(scale=scale, dark="#000", light="#fff")
    return svg.replace("<svg ", f'<svg role="img" aria-label="QR code of {escape(text)}" ', 1)
