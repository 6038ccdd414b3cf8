"""SVG pictures of bills and cards (plain strings: usable in HTML widgets and Jupyter reprs)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from changekit.core.errors import ChangekitError
from changekit.core.words import money

from .markup import escape

if TYPE_CHECKING:
    from changekit.core.cards import Card

#: One colour per Change! denomination (fill, ink), readable side by side.
BILL_COLOURS: dict[int, tuple[str, str]] = {
    1: ("#d9ead3", "#274e13"),
    3: ("#cfe2f3", "#073763"),
    5: ("#fff2cc", "#7f6000"),
    7: ("#f4cccc", "#660000"),
    10: ("#d9d2e9", "#20124d"),
}


def bill_svg(value: int, *, width: int = 88, dim: bool = False, label: str | None = None) -> str:
    """A banknote: denomination in the corners and large in the middle.

    >>> "$5" in bill_svg(5) and "<svg" in bill_svg(5)
    True
    """
    fill, ink = BILL_COLOURS.get(value, ("#eeeeee", "#333333"))
    height = round(width * 0.52)
    title = escape(label or f"{money(value)} bill")
    opacity = ' opacity="0.35"' if dim else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 100 52" role="img"'
        f' aria-label="{title}"{opacity}><title>{title}</title>'
        f'<rect x="1" y="1" width="98" height="50" rx="5" fill="{fill}" stroke="{ink}" stroke-width="2"/>'
        f'<rect x="6" y="6" width="88" height="40" rx="3" fill="none" stroke="{ink}" stroke-width="0.8"'
        ' stroke-dasharray="2 2"/>'
        f'<ellipse cx="50" cy="26" rx="17" ry="14" fill="#ffffff" fill-opacity="0.6" stroke="{ink}"'
        ' stroke-width="0.8"/>'
        '<text x="50" y="33" text-anchor="middle" font-family="Georgia, serif" font-size="20" font-weight="bold"'
        f' fill="{ink}">${value}</text>'
        f'<text x="10" y="17" font-family="Georgia, serif" font-size="10" fill="{ink}">{value}</text>'
        f'<text x="90" y="45" text-anchor="end" font-family="Georgia, serif" font-size="10" fill="{ink}">{value}</text>'
        "</svg>"
    )


def bills_html(values: Iterable[int], *, width: int = 64, empty: str = "no bills") -> str:
    """A row of bill pictures (or ``empty`` in words)."""
    pictures = [bill_svg(v, width=width) for v in values]
    if not pictures:
        return f'<span class="ck-empty">{escape(empty)}</span>'
    return '<span class="ck-row" style="display:inline-flex;gap:4px;flex-wrap:wrap">' + "".join(pictures) + "</span>"


def card_svg(card: Card | None, *, width: int = 60, face_down: bool = False, label: str | None = None) -> str:
    """A playing card (a ``changekit.core.Card``), or its back when ``face_down`` (then the card
    may be unknown: None)."""
    height = round(width * 1.4)
    if face_down:
        title = escape(label or "face-down card")
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 50 70" role="img"'
            f' aria-label="{title}"><title>{title}</title>'
            '<rect x="1" y="1" width="48" height="68" rx="4" fill="#3d5a80" stroke="#1d2d44" stroke-width="1.5"/>'
            '<rect x="5" y="5" width="40" height="60" rx="2" fill="none" stroke="#e0fbfc" stroke-width="1"'
            ' stroke-dasharray="3 2"/>'
            "</svg>"
        )
    if card is None:
        raise ChangekitError("a face-up card needs the card: None draws only a face-down one")
    text = str(card)
    red = getattr(card, "is_red", False)
    ink = "#b3261e" if red else "#1b1b1b"
    title = escape(label or text)
    rank = escape(card.rank if not getattr(card, "is_joker", False) else ("Big" if card.rank == "BJ" else "Small"))
    suit = escape(text[len(card.rank):]) if not getattr(card, "is_joker", False) else "★"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 50 70" role="img"'
        f' aria-label="{title}"><title>{title}</title>'
        '<rect x="1" y="1" width="48" height="68" rx="4" fill="#fffdf7" stroke="#555" stroke-width="1.2"/>'
        f'<text x="5" y="14" font-family="Georgia, serif" font-size="11" font-weight="bold" fill="{ink}">{rank}</text>'
        f'<text x="5" y="25" font-family="Georgia, serif" font-size="10" fill="{ink}">{suit}</text>'
        '<text x="25" y="47" text-anchor="middle" font-family="Georgia, serif" font-size="22"'
        f' fill="{ink}">{suit}</text>'
        "</svg>"
    )


def token_svg(text: str, *, width: int = 60, fill: str = "#fffdf7", ink: str = "#1b1b1b", sub: str = "",
              label: str | None = None) -> str:
    """A game-specific card or token with a word on it (CHA-CHING, Veto, a worker stack...)."""
    height = round(width * 1.4)
    title = escape(label or f"{text} {sub}".strip())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 50 70" role="img"'
        f' aria-label="{title}"><title>{title}</title>'
        f'<rect x="1" y="1" width="48" height="68" rx="4" fill="{fill}" stroke="{ink}" stroke-width="1.2"/>'
        '<text x="25" y="40" text-anchor="middle" font-family="Georgia, serif"'
        f' font-size="{14 if len(text) < 5 else 9}"'
        f' font-weight="bold" fill="{ink}">{escape(text)}</text>'
        '<text x="25" y="60" text-anchor="middle" font-family="Georgia, serif" font-size="8"'
        f' fill="{ink}">{escape(sub)}</text>'
        "</svg>"
    )
