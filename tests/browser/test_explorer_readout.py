"""An explorer's readout wraps like a sentence (issue 41): the static site's Zombie explorer broke
its readout after the exact value, the next line starting "; at least one point…". The readout
and the explorer's own style, laid out in Chromium at several widths: a line never starts with
the semicolon (nor any punctuation)."""
from __future__ import annotations

import pytest

from changekit.games.zombie.app import first_play_explorer
from changekit.ui.explorer import READOUT_CSS

pytestmark = [pytest.mark.browser]

#: the text of each line box of the readout (a range over its text, split where its rects move down)
LINES_JS = """() => {
  const root = document.querySelector('.ck-readout');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const lines = [];
  let top = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest('details:not([open])') && !parent.closest('summary')) continue;  // not shown
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find(r => r.width > 0);
      if (!rect) continue;  // a collapsed space
      if (top === null || rect.top > top + 4) { lines.push(""); top = rect.top; }
      lines[lines.length - 1] += node.data[i];
    }
  }
  return lines.map(l => l.trim());
}"""


@pytest.mark.parametrize("width", [1100, 700, 520, 360])
def test_the_zombie_readout_breaks_only_between_words(page, width):
    explorer = first_play_explorer()
    style = explorer.widget.children[0].value
    assert style == READOUT_CSS  # the explorer's page carries the style
    page.set_viewport_size({"width": width, "height": 600})
    page.set_content(f'{style}<div class="ck-readout" style="font: 14px system-ui, sans-serif">'
                     f'{explorer.readout.value}</div>')
    lines = page.evaluate(LINES_JS)
    assert "; at least one point" in explorer.readout.value and lines, lines
    assert not any(line[:1] in ";,.:" for line in lines), lines
    assert "exactly" not in " ".join(lines)  # the exact fraction stays a tap away
    page.locator("summary").click()  # opened, the fraction joins the sentence: still no line starts with ";"
    opened = page.evaluate(LINES_JS)
    assert "924594051/708274672" in " ".join(opened) and not any(line[:1] in ";,.:" for line in opened), opened
    if width >= 1000:  # room for the whole readout on one line, as it was before the exact value broke it
        assert len(lines) == 1, lines
