"""The balance report as a picture: one row per power with its starting
figures and the spread of its centre counts after the fuzzed games
(a bar from fewest to most, a box around the middle half, the median as a
tick), and the victory line."""
from __future__ import annotations

import statistics

from lxml import etree

from ..review.balance import BalanceReport
from ..model import Variant
from .render import SVG_NS, element, power_colours


def _quartiles(counts):
    if len(counts) < 2:
        return counts[0], counts[0]
    q = statistics.quantiles(counts, n=4, method="inclusive")
    return q[0], q[2]


def balance_svg(report: BalanceReport, variant: Variant) -> bytes:
    colours = power_colours(variant)
    row_h, top, left, chart_w = 34, 92, 560, 420
    width = left + chart_w + 40
    height = top + row_h * len(report.powers) + 60
    root = etree.Element(f"{{{SVG_NS}}}svg", nsmap={None: SVG_NS})
    for k, v in (("viewBox", f"0 0 {width} {height}"), ("width", str(width)), ("height", str(height))):
        root.set(k, v)
    g = element(root, "g", font_family="DejaVu Sans, sans-serif", font_size=12, fill="#222")
    element(g, "rect", x=0, y=0, width=width, height=height, fill="#f6f3ea")
    t = element(g, "text", x=16, y=28, font_size=17, font_weight="bold")
    t.text = f"Balance of {report.variant}"
    t = element(g, "text", x=16, y=50, fill="#444")
    t.text = (f"{len(report.neutral)} neutral centres; victory at {variant.victory}"
              + (f"; {report.games} random games of {report.years} years, seed {report.seed}"
                 if report.games else ""))
    heads = [(150, "homes"), (215, "near 1"), (280, "near 2"), (350, "contested"), (440, "chokepoints")]
    for x, text in heads:
        h = element(g, "text", x=x, y=top - 12, font_weight="bold", text_anchor="middle", font_size=11)
        h.text = text
    most = max([variant.victory] + [p.spread.high for p in report.powers if p.spread]) or 1
    scale = chart_w / most
    h = element(g, "text", x=left, y=top - 12, font_weight="bold", font_size=11)
    h.text = f"centres after {report.years} years" if report.games else "no games played (--games N)"
    for i, p in enumerate(report.powers):
        y = top + i * row_h
        element(g, "rect", x=16, y=y + 6, width=14, height=14, fill=colours[p.power], stroke="#222")
        t = element(g, "text", x=38, y=y + 18)
        t.text = p.name
        for x, value in zip([c for c, _ in heads], (len(p.homes), len(p.within_one), len(p.within_two),
                                                     len(p.contested), len(p.chokepoints))):
            t = element(g, "text", x=x, y=y + 18, text_anchor="middle")
            t.text = str(value)
        if p.spread is None:
            continue
        s = p.spread
        q1, q3 = _quartiles(sorted(s.counts))
        mid = y + 13
        element(g, "line", x1=left + s.low * scale, y1=mid, x2=left + s.high * scale, y2=mid,
           stroke="#555", stroke_width=2)
        element(g, "rect", x=f"{left + q1 * scale:.1f}", y=mid - 8, width=f"{max((q3 - q1) * scale, 2):.1f}",
           height=16, fill=colours[p.power], stroke="#222", **{"class": "spread"})
        element(g, "line", x1=f"{left + s.median * scale:.1f}", y1=mid - 10, x2=f"{left + s.median * scale:.1f}",
           y2=mid + 10, stroke="#000", stroke_width=3)
        t = element(g, "text", x=f"{left + s.high * scale + 6:.1f}", y=mid + 4, font_size=10, fill="#444")
        t.text = f"{s.low}-{s.high}, median {s.median:g}" + (f", won {s.wins}" if s.wins else "")
    axis_y = top + row_h * len(report.powers) + 8
    element(g, "line", x1=left, y1=axis_y, x2=left + chart_w, y2=axis_y, stroke="#777")
    step = max(1, round(most / 10))
    for n in range(0, most + 1, step):
        element(g, "line", x1=left + n * scale, y1=axis_y, x2=left + n * scale, y2=axis_y + 5, stroke="#777")
        t = element(g, "text", x=left + n * scale, y=axis_y + 18, font_size=10, text_anchor="middle")
        t.text = str(n)
    vx = left + variant.victory * scale
    element(g, "line", x1=vx, y1=top - 4, x2=vx, y2=axis_y, stroke="#c0271e", stroke_dasharray="4 3")
    t = element(g, "text", x=vx, y=axis_y + 34, font_size=10, text_anchor="middle", fill="#c0271e")
    t.text = "victory"
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)
