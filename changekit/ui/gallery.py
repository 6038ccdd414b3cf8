"""The gallery page: one card per registered game, linking to its app notebook."""
from __future__ import annotations

from typing import TYPE_CHECKING

from changekit.registry import all_specs

from ..core.markup import escape

if TYPE_CHECKING:
    import ipywidgets


def gallery_html(*, class_pages: bool = True) -> str:
    """Cards with relative links, so they work under ``voila``, Binder's ``/voila/render``
    and JupyterLab alike; ``class_pages``: and the links to the class-session pages (which need
    the kit's server: the zero-server static site leaves them out)."""
    cards = []
    for spec in all_specs():
        if spec.notebook is None:  # no lesson page of the kit's to link to
            continue
        game, link = spec.game, escape(spec.notebook)
        cards.append(
            '<div class="ck-card" style="border:1px solid #ccd;border-radius:8px;padding:10px 14px;'
            'width:300px;max-width:100%;box-sizing:border-box;background:#fbfbfe">'
            f'<h3 style="margin:4px 0"><a href="{link}">{escape(game.title)}</a></h3>'
            f'<p style="margin:4px 0">{escape(game.teaser)}</p>'
            f'<p style="margin:4px 0;color:#555"><b>Teaches:</b> {escape(game.teaches)}</p>'
            f'<p style="margin:4px 0;color:#555">{game.min_players}–{game.max_players} players · '
            f'<a href="{link}" aria-label="Play {escape(game.title)}">Play and explore →</a></p></div>'
        )
    return ('<nav aria-label="games" style="display:flex;flex-wrap:wrap;gap:12px">' + "".join(cards) + "</nav>"
            + (CLASS_LINKS if class_pages else ""))


#: the class-session pages and the strategy lab (they need the kit's server: the static site stays
#: single-player)
CLASS_LINKS = ('<p class="ck-class-links" style="margin-top:14px"><b>Teaching a class?</b> '
               '<a href="class.ipynb">Open a class session</a> (teacher) · '
               '<a href="join.ipynb">Join a class</a> (students) · '
               '<a href="lab.ipynb">Strategy lab: write a bot</a></p>')


def gallery() -> ipywidgets.HTML:
    """The gallery as a widget (for the index notebook)."""
    import ipywidgets as w  # widgets only for the notebook: gallery_html is plain HTML

    return w.HTML(gallery_html())
