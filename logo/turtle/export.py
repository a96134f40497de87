"""Saving the page: PNG from the raster, SVG from the drawing records; writes are atomic.

PNG is written here with ``zlib`` and ``struct`` (8-bit RGB, no interlace), so saving needs
neither pygame nor a display.  SVG is built from the records after the last clear: the
background, lines (``<line>``/``<path>``, round caps for thick pens; ``erase`` draws the
background colour, ``reverse`` uses ``mix-blend-mode: difference``), fills (the filled
pixel runs as rectangles, exact to the pixel; a batch's horizontal thin runs, a
microworld's shape drawn row by row, are areas too), stamps (polygons) and labels (``<text>``).
Both go to a temporary file in the same folder, renamed over the target when complete.
"""

from __future__ import annotations

import struct
import zlib
from html import escape  # (xml.sax.saxutils' escape costs 20 ms of imports: urllib...)

import numpy as np

from ..session.safefile import atomic_write as write
from .page import as_rgb
from .palette import rgb_to_hex
from .records import (
    REVERSE,
    Background,
    Clear,
    Fill,
    Label,
    Polygon,
    Record,
    Segment,
    Segments,
    Stamp,
    since_last_clear,
)
from .turtle import shape_points


def atomic_write(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    write(path, data)


def png_bytes(pixels: np.ndarray) -> bytes:
    """An (H, W, 3) uint8 array as a PNG file."""
    h, w, _ = pixels.shape
    rows = np.zeros((h, 1 + 3 * w), np.uint8)  # filter byte 0 (None) per row
    rows[:, 1:] = pixels.reshape(h, 3 * w)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b""))


def write_png(path: str, pixels: np.ndarray) -> None:
    atomic_write(path, png_bytes(pixels))


class _Svg:
    """Accumulates SVG elements in page coordinates (origin top left, y down)."""

    def __init__(self, width: int, height: int):
        self.cx, self.cy = width / 2, height / 2
        self.width, self.height = width, height
        self.parts: list[str] = []
        self.bg = "#ffffff"
        self._style: tuple | None = None
        self._path: list[str] = []
        self._end: tuple[float, float] | None = None

    def line(self, rec: Segment, rgb) -> None:
        """Add one line to the open path (a new path when the pen style changes)."""
        style = (rgb, rec.width, rec.mode)
        if style != self._style:
            self.flush()
            self._style = style
        if self._end != (rec.x0, rec.y0):
            self._path.append("M" + self.pt(rec.x0, rec.y0))
        self._path.append("L" + self.pt(rec.x1, rec.y1))
        self._end = (rec.x1, rec.y1)

    def flush(self) -> None:
        if self._path and self._style is not None:
            rgb, width, mode = self._style
            self.parts.append(f'<path d="{"".join(self._path)}" '
                              f'{self.stroke(rgb, width, mode)}/>')
        self._path, self._style, self._end = [], None, None

    def pt(self, x: float, y: float) -> str:
        return f"{self.cx + x:.6g},{self.cy - y:.6g}"

    def stroke(self, rgb, width: float, mode: str) -> str:
        colour = "#ffffff" if mode == REVERSE else rgb_to_hex(rgb)
        extra = ' style="mix-blend-mode:difference"' if mode == REVERSE else ""
        return (f'fill="none" stroke="{colour}" stroke-width="{max(width, 1):.6g}" '
                f'stroke-linecap="round" stroke-linejoin="round"{extra}')

    def colour(self, rgb, mode: str, bg) -> tuple[int, int, int]:
        return bg if mode == "erase" else rgb

    def text(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width + 1}" '
                f'height="{self.height + 1}" viewBox="-0.5 -0.5 {self.width + 1} '
                f'{self.height + 1}">\n'
                f'<rect x="-0.5" y="-0.5" width="{self.width + 1}" '
                f'height="{self.height + 1}" fill="{self.bg}"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def svg_text(log: list[Record], width: int, height: int) -> str:
    """The drawing as SVG text (``width`` x ``height`` turtle steps).  Consecutive lines of
    one pen style become one ``<path>``; each line is one ``L`` (after an ``M`` where the
    path jumps), so the SVG has exactly the segments of the records."""
    svg = _Svg(width, height)
    bg = (255, 255, 255)
    for rec in since_last_clear(log):
        if isinstance(rec, Segment):
            svg.line(rec, svg.colour(rec.rgb, rec.mode, bg))
            continue
        svg.flush()
        if isinstance(rec, Clear | Background):
            bg = rec.rgb if isinstance(rec, Clear) else rec.new
            svg.bg = rgb_to_hex(bg)
        elif isinstance(rec, Segments):
            _svg_batch(svg, rec, bg)
        elif isinstance(rec, Fill):
            _svg_fill(svg, rec)
        elif isinstance(rec, Stamp | Polygon):
            pts = " ".join(svg.pt(x, y) for x, y in (rec.points if isinstance(rec, Polygon) else
                           shape_points(rec.shape, rec.x, rec.y, rec.heading, rec.size)))
            svg.parts.append(f'<polygon points="{pts}" fill="{rgb_to_hex(rec.rgb)}"/>')
        elif isinstance(rec, Label):
            svg.parts.append(f'<text x="{svg.cx + rec.x:.6g}" y="{svg.cy - rec.y:.6g}" '
                             f'font-family="sans-serif" font-size="{rec.height:.6g}" '
                             f'fill="{rgb_to_hex(rec.rgb)}">{escape(rec.text, quote=False)}</text>')
    svg.flush()
    return svg.text()


def _svg_batch(svg: _Svg, rec: Segments, bg) -> None:
    """A batch of lines: its horizontal runs of a thin pen (a microworld's filled shape,
    a shadow or voxels drawn row by row) as areas, the rest as lines."""
    xy = np.asarray(rec.xy, np.float64).reshape(-1, 4)
    colours = np.asarray(rec.rgb, np.uint8)
    if colours.ndim == 1:
        colours = np.broadcast_to(colours, (len(xy), 3))
    keys = [as_rgb(c) for c in colours]
    area = (xy[:, 1] == xy[:, 3]) & (rec.width <= 1) & (rec.mode != REVERSE)
    groups: dict[tuple[int, int, int], list[str]] = {}
    runs: dict[tuple[int, int, int], list[tuple[float, float, float]]] = {}
    for (x0, y0, x1, y1), key, flat in zip(xy.tolist(), keys, area.tolist(), strict=True):
        if flat:
            runs.setdefault(key, []).append((svg.cy - y0, svg.cx + min(x0, x1),
                                             svg.cx + max(x0, x1)))
        else:
            groups.setdefault(key, []).append(f"M{svg.pt(x0, y0)}L{svg.pt(x1, y1)}")
    for key, moves in groups.items():
        rgb = svg.colour(key, rec.mode, bg)
        svg.parts.append(f'<path d="{"".join(moves)}" {svg.stroke(rgb, rec.width, rec.mode)}/>')
    for key, found in runs.items():
        rgb = svg.colour(key, rec.mode, bg)
        svg.parts.append(f'<path d="{_run_rects(found)}" fill="{rgb_to_hex(rgb)}" '
                         f'shape-rendering="crispEdges"/>')


def _run_rects(runs: list[tuple[float, float, float]]) -> str:
    """Horizontal runs (row, x0, x1) in SVG coordinates, each a pixel high, as one path
    of rectangles: runs with the same ends on rows one apart become one rectangle, so a
    filled shape is an area and not a stack of lines."""
    rects: list[list[float]] = []  # [x0, x1, first row, last row]
    for row, x0, x1 in sorted(runs, key=lambda r: (r[1], r[2], r[0])):
        last = rects[-1] if rects else None
        if last is not None and last[0] == x0 and last[1] == x1 and row - last[3] == 1:
            last[3] = row
        else:
            rects.append([x0, x1, row, row])
    return "".join(f"M{x0 - 0.5:.6g},{r0 - 0.5:.6g}h{x1 - x0 + 1:.6g}v{r1 - r0 + 1:.6g}"
                   f"h{x0 - x1 - 1:.6g}z" for x0, x1, r0, r1 in rects)


def _svg_fill(svg: _Svg, rec: Fill) -> None:
    if rec.spans is None or not len(rec.spans):
        return
    s = rec.scale
    rects = []
    for row, c0, c1 in _merge_spans(np.asarray(rec.spans)):
        x, y, w, h = c0 / s - 0.5, row[0] / s - 0.5, (c1 - c0 + 1) / s, (row[1] - row[0] + 1) / s
        rects.append(f"M{x:.6g},{y:.6g}h{w:.6g}v{h:.6g}h{-w:.6g}z")
    svg.parts.append(f'<path d="{"".join(rects)}" fill="{rgb_to_hex(rec.rgb)}"/>')


def _merge_spans(spans: np.ndarray) -> list[tuple[tuple[int, int], int, int]]:
    """Runs (row, c0, c1) merged into rectangles ((row0, row1), c0, c1) where the same
    columns repeat on consecutive rows."""
    order = np.lexsort((spans[:, 0], spans[:, 2], spans[:, 1]))
    out: list[tuple[tuple[int, int], int, int]] = []
    for row, c0, c1 in spans[order].tolist():
        if out and out[-1][1] == c0 and out[-1][2] == c1 and out[-1][0][1] == row - 1:
            out[-1] = ((out[-1][0][0], row), c0, c1)
        else:
            out.append(((row, row), c0, c1))
    return out


def write_svg(path: str, log: list[Record], width: int, height: int) -> None:
    atomic_write(path, svg_text(log, width, height).encode("utf-8"))
