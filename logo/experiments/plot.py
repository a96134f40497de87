"""``--plot``: each measure against the first varied slider, a line per value of the
second (one line when only one slider varies), drawn as the page's plots are drawn
(``logo/turtle/plot_picture``), the measures one under the other.

A point is the mean of the numeric measures of the ``ok`` runs with those two values
(over the repetitions and any further sliders); a measure that is no number is left
out.  The caption under each plot names the axes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..turtle.export import write_png
from ..turtle.plot_picture import picture
from .engine import Results
from .pictures import write_text
from .runs import OK

WIDTH, HEIGHT, CAPTION = 560, 260, 18
COLOURS = [(31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14),
           (23, 190, 207), (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34)]
INK = (30, 30, 40)


@dataclass
class Pen:
    name: str
    rgb: tuple[int, int, int]
    points: list[tuple[float, float]] = field(default_factory=list)


@dataclass
class Chart:
    """A plot as plot_picture reads one: name, size, pens."""

    name: str
    pens: dict[str, Pen]
    w: int = WIDTH
    h: int = HEIGHT


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if np.isfinite(value) else None


def chart(results: Results, measure: str, first: str, second: str | None) -> Chart:
    """One measure's plot: x the first slider, a pen per value of the second."""
    sums: dict[str, dict[float, list[float]]] = {}
    for row in results.rows:
        x, y = _number(row.get(first, "")), _number(row.get(measure, ""))
        if row.get("status") != OK or x is None or y is None:
            continue
        line = f"{second}={row.get(second, '')}" if second else measure
        sums.setdefault(line, {}).setdefault(x, []).append(y)
    pens = {}
    for i, (line, by_x) in enumerate(sums.items()):
        points = [(x, float(np.mean(ys))) for x, ys in sorted(by_x.items())]
        pens[line] = Pen(line, COLOURS[i % len(COLOURS)], points)
    return Chart(measure, pens)


def plot_picture(results: Results) -> np.ndarray:
    """Every measure's plot, one under the other, as an (H, W, 3) uint8 array."""
    names = results.header[:results.header.index("repetition")]
    measures = results.header[results.header.index("seed") + 1:-1]
    first = names[0] if names else ""
    second = names[1] if len(names) > 1 else None
    parts = []
    for measure in measures or [""]:
        pic = picture(chart(results, measure, first, second))
        caption = np.full((CAPTION, pic.shape[1], 3), 255, np.uint8)
        text = f"x: {first}" + (f"   lines: {second}" if second else "")
        write_text(caption, 6, 2, text + f"   y: {measure}", INK, 11)
        parts += [pic, caption]
    return np.concatenate(parts, axis=0)


def save_plot(results: Results, path: str) -> None:
    write_png(path, plot_picture(results))
