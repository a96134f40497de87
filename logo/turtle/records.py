"""Drawing as data: every change to the page is also kept as a record.

The page (``page.py``) is the raster; the log of records is the drawing's history.  From
the log the picture can be exported as SVG, redrawn on a page of another size, replayed
step by step, or undone (replay all but the last records).  Coordinates are turtle
coordinates (origin at the centre, y up); colours are RGB triples; ``width`` is the pen
size in turtle steps; ``mode`` is ``"paint"``, ``"erase"`` or ``"reverse"``.  Records are
named tuples: cheap to make (a turtle makes one per line it draws) and immutable.
"""

from typing import Any, NamedTuple

RGB = tuple[int, int, int]

PAINT, ERASE, REVERSE = "paint", "erase", "reverse"


class Segment(NamedTuple):
    """A straight line drawn by a turtle's pen (round ends when ``width`` > 1)."""

    x0: float
    y0: float
    x1: float
    y1: float
    rgb: RGB
    width: float = 1
    mode: str = PAINT


class Segments(NamedTuple):
    """Many lines drawn in one call (by a microworld's numpy core): ``xy`` is an (N, 4)
    float array of x0 y0 x1 y1 rows; ``rgb`` one colour or an (N, 3) uint8 array."""

    xy: Any
    rgb: Any
    width: float = 1
    mode: str = PAINT


class Fill(NamedTuple):
    """A flood fill from (x, y).  ``spans`` is the filled region as an (K, 3) int array of
    page-pixel runs ``row, first column, last column`` (kept for SVG export);
    ``scale`` is the pixels per turtle step of the page it was computed on."""

    x: float
    y: float
    rgb: RGB
    spans: Any = None
    scale: float = 1


class Stamp(NamedTuple):
    """The turtle's shape printed on the page (a filled polygon)."""

    x: float
    y: float
    heading: float
    shape: str
    rgb: RGB
    size: float = 1


class Label(NamedTuple):
    """Text written with its lower left corner at (x, y)."""

    x: float
    y: float
    text: str
    rgb: RGB
    height: float = 12


class Clear(NamedTuple):
    """The page wiped to one colour (``cs``, ``clean``, ``cg``)."""

    rgb: RGB


class Background(NamedTuple):
    """``setbg``: the pixels of the old background colour take the new one."""

    old: RGB
    new: RGB


class Polygon(NamedTuple):
    """FILLED: the inside of the path its instructions drew, painted one colour."""

    points: tuple[tuple[float, float], ...]
    rgb: RGB


Record = Segment | Segments | Fill | Stamp | Label | Clear | Background | Polygon


def since_last_clear(log: list[Record]) -> list[Record]:
    """The records that still show: everything after the last :class:`Clear` (included)."""
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], Clear):
            return log[i:]
    return list(log)


def segment_count(log: list[Record]) -> int:
    """How many line segments the visible records draw."""
    n = 0
    for rec in since_last_clear(log):
        if isinstance(rec, Segment):
            n += 1
        elif isinstance(rec, Segments):
            n += len(rec.xy)
    return n
