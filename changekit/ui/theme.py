"""One look for every chart of the kit."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import plotly.graph_objects as go

PALETTE = ["#3d5a80", "#ee6c4d", "#2a9d8f", "#e9c46a", "#8d5a97", "#6c757d", "#98c1d9", "#293241"]


def text_on(fill: str) -> str:
    """The colour for words drawn on ``fill`` (``#rrggbb``): black or white, whichever contrasts
    more with it; one of the two always reaches 4.58:1, over WCAG's 4.5 (1.4.3).

    >>> text_on("#3d5a80"), text_on("#2a9d8f")
    ('white', '#000000')
    """
    def channel(pair: str) -> float:
        v = int(pair, 16) / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * channel(fill[1:3]) + 0.7152 * channel(fill[3:5]) + 0.0722 * channel(fill[5:7])
    return "white" if 1.05 / (lum + 0.05) > (lum + 0.05) / 0.05 else "#000000"


def plain_dollars(text: str) -> str:
    """``text`` with its dollar signs kept as money: plotly typesets anything between two ``$`` as
    mathematics when MathJax is on the page ("$1, $3" became italic maths), so from two dollars
    on each is written as the entity ``&#36;``, which plotly shows as "$" and never typesets.

    >>> plain_dollars("Paying $5"), plain_dollars("bid $1, $3")
    ('Paying $5', 'bid &#36;1, &#36;3')
    """
    return text.replace("$", "&#36;") if text.count("$") >= 2 else text


def style(fig: go.Figure, *, title: str, x: str, y: str, log_x: bool = False, height: int = 380) -> go.Figure:
    """Title, axis names and the kit's colours on a plotly figure; returns it."""
    fig.update_layout(
        title={"text": plain_dollars(title), "x": 0.01, "xanchor": "left"},
        xaxis_title=plain_dollars(x),
        yaxis_title=plain_dollars(y),
        template="plotly_white",
        colorway=PALETTE,
        height=height,
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        # the key at the figure's foot, under the x axis's title whatever its rows (at y = -0.2 of the
        # plot, a key wrapped to two rows or more lay over the axis's title and numbers); plotly makes
        # the room for it
        legend={"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom"},
    )
    # the x axis's numbers a little below the axis: the first one, at the corner, was drawn over the y
    # axis's 0 (a bar at 0 puts it at -0.5)
    fig.update_xaxes(ticklabelstandoff=6)
    if log_x:
        fig.update_xaxes(type="log")
    return fig
