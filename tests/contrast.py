"""The contrast of the text inside charts as drawn (WCAG 1.4.3), measured in the browser.

axe cannot judge text drawn in SVG over bars, markers or a heat map's picture. Here each plotly
chart is photographed once with its text hidden: under each piece of text is then what the
text is drawn on, pixel by pixel, whatever drew it (the page, a bar, a marker, a heat map's
cell). The text's own colour is its computed fill. A piece of text is as readable as the pixel
under it that contrasts least with it, ignoring the faintest 5 % (anti-aliased edges, a grid
line's fringe).
"""
from __future__ import annotations

import io
from dataclasses import dataclass

#: every visible text of every chart: its words, fill and box (CSS pixels, relative to the chart)
TEXTS_JS = """chart => {
  const at = chart.getBoundingClientRect();
  const out = [];
  for (const t of chart.querySelectorAll('svg text')) {
    const words = t.textContent.trim();
    const box = t.getBoundingClientRect();
    const style = getComputedStyle(t);
    const hidden = style.visibility === 'hidden' || style.display === 'none';
    if (!words || box.width < 1 || box.height < 1 || hidden) continue;
    let opacity = Number(style.fillOpacity) * Number(style.opacity);
    for (let e = t.parentElement; e && e !== chart; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity === 0) continue;
    out.push({words: words.slice(0, 40), fill: style.fill, opacity, px: parseFloat(style.fontSize),
              bold: Number(style.fontWeight) >= 700 || style.fontWeight === 'bold',
              x: box.left - at.left, y: box.top - at.top, w: box.width, h: box.height});
  }
  return out;
}"""
HIDE_JS = "(chart, hide) => chart.classList.toggle('ck-contrast-probe', hide)"
PROBE_CSS = ".ck-contrast-probe svg text { visibility: hidden !important; }"


@dataclass(frozen=True)
class TextContrast:
    words: str
    ratio: float
    needed: float  # 4.5, or 3 for large text (24 px, or 18.66 px bold)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _rgba(css: str) -> tuple[float, float, float, float]:
    inside = css[css.index("(") + 1:css.rindex(")")].replace("/", ",")
    parts = [float(p) for p in inside.replace(" ", ",").split(",") if p]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def chart_text_contrasts(page, selector: str = ".js-plotly-plot") -> list[TextContrast]:
    """Every visible text of every chart matching ``selector`` on ``page``, with its contrast."""
    from PIL import Image  # the tests' extra

    page.add_style_tag(content=PROBE_CSS)
    results = []
    charts = page.locator(selector)
    for i in range(charts.count()):
        chart = charts.nth(i)
        if not chart.is_visible():
            continue
        chart.scroll_into_view_if_needed()
        texts = chart.evaluate(TEXTS_JS)
        if not texts:
            continue
        chart.evaluate(HIDE_JS, True)
        try:
            scale = page.evaluate("devicePixelRatio")
            under = Image.open(io.BytesIO(chart.screenshot(animations="disabled"))).convert("RGB")
        finally:
            chart.evaluate(HIDE_JS, False)
        for text in texts:
            r, g, b, a = _rgba(text["fill"])
            a *= text["opacity"]
            box = (int(text["x"] * scale), int(text["y"] * scale),
                   int((text["x"] + text["w"]) * scale) + 1, int((text["y"] + text["h"]) * scale) + 1)
            pixels = list(under.crop(box).get_flattened_data())
            if not pixels:
                continue
            # the text's colour as drawn over each pixel (a see-through fill blends in)
            ratios = sorted(contrast_ratio((r * a + p[0] * (1 - a), g * a + p[1] * (1 - a), b * a + p[2] * (1 - a)), p)
                            for p in pixels)
            large = text["px"] >= 24 or (text["bold"] and text["px"] >= 18.66)
            results.append(TextContrast(text["words"], round(ratios[len(ratios) // 20], 2), 3.0 if large else 4.5))
        results.extend(TextContrast(f"{a['words']} / {b['words']} (drawn over each other)", 1.0, 4.5)
                       for a, b in words_over_words(texts))
    return results


#: CSS px two texts' boxes may share each way before they count as drawn over each other (the
#: fringe of a letter's cell, which is taller than the letter)
FRINGE_PX = 3


def words_over_words(texts: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs of a chart's texts drawn over each other (their boxes share more than a fringe both
    ways): unreadable at any contrast, and invisible to the pixel test, which hides them both."""
    def shared(a: dict, b: dict, start: str, size: str) -> float:
        return min(a[start] + a[size], b[start] + b[size]) - max(a[start], b[start])

    return [(a, b) for i, a in enumerate(texts) for b in texts[i + 1:]
            if shared(a, b, "x", "w") > FRINGE_PX and shared(a, b, "y", "h") > FRINGE_PX]


def too_faint(page, selector: str = ".js-plotly-plot") -> list[TextContrast]:
    """The chart texts on ``page`` under their contrast minimum, and those drawn over each other."""
    return [t for t in chart_text_contrasts(page, selector) if t.ratio < t.needed]
