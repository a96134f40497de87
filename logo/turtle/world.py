"""The turtle world: the page, the named turtles, who is being talked to, the edge mode.

Everything a window needs to show lives here as data: :attr:`TurtleWorld.page` (its
``pixels`` array), :attr:`TurtleWorld.turtles` (positions, headings, shapes, colours,
visibility), the drawing log :attr:`TurtleWorld.log`, and :attr:`TurtleWorld.changes`, a
counter bumped by every change (a window redraws when it moved on).  Commands act on
every turtle in :attr:`TurtleWorld.current` (``talkto``); queries read the first one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..language.errors import LogoError
from . import geometry as geo
from . import palette
from .frames import Frames
from .moves import TurtleMoves
from .page import Page
from .palette import resolve_color
from .records import (
    ERASE,
    PAINT,
    REVERSE,
    Background,
    Clear,
    Fill,
    Label,
    Record,
    Segments,
    Stamp,
)
from .replay import replay
from .turtle import SHAPE_NAMES_RU, SHAPES, Turtle

RGB = tuple[int, int, int]


class TurtleWorld(TurtleMoves):
    """Turtles on a page.  ``width`` x ``height`` are turtle steps (see ``page.py``)."""

    def __init__(self, width: int = 800, height: int = 600) -> None:
        self.bg_color: Any = palette.WHITE
        self.palette_changes: dict[int, palette.RGB] = {}  # SETPALETTE, by table index
        self.path: list[tuple[float, float]] | None = None  # FILLED's points (filled.py)
        page = Page(width, height, bg=palette.number_to_rgb(palette.WHITE))
        self._start_runs(page, [Clear(page.bg)])  # (runs.py: the page, the log)
        self.bounds = geo.Bounds(width // 2, height // 2)
        self.mode = geo.WRAP
        self.xs = self.ys = 1.0
        self.label_height: float = 12
        self.turtles: dict[str, Turtle] = {}
        self.changes = 0
        self.current: list[Turtle] = [self.new_turtle("t1")]
        self.frames = Frames(self)  # what a window shows (frames.py)
        self.check_stop: Any = None  # the interpreter's look at Stop, for long drawings

    # --- turtles -----------------------------------------------------------------------
    def new_turtle(self, name: str) -> Turtle:
        key = name.lower()
        if key in self.turtles:
            raise LogoError("doesnt_like", what=name, hint="hint.turtle_exists")
        t = Turtle(name=name)
        self.turtles[key] = t
        self.changes += 1
        return t

    def turtle(self, name: str) -> Turtle:
        t = self.turtles.get(str(name).lower())
        if t is None:
            raise LogoError("doesnt_like", what=name, hint="hint.no_turtle_named")
        return t

    def remove_turtle(self, name: str) -> None:
        t = self.turtle(name)
        del self.turtles[t.name.lower()]
        self.current = [c for c in self.current if c is not t]
        self.changes += 1

    def talk_to(self, names: Iterable[str]) -> None:
        self.current = [self.turtle(n) for n in names]

    def first(self) -> Turtle:
        """The turtle queries (``pos``, ``heading``...) read."""
        if not self.current:
            raise LogoError("no_turtle")
        return self.current[0]

    # --- the log of lines ---------------------------------------------------------------
    def draw_batch(self, xy: Any, rgb: Any, width: float = 1, mode: str = PAINT) -> None:
        """Draw many segments in one call (a microworld's numpy core): ``xy`` is
        an (N, 4) array of x0 y0 x1 y1 turtle coordinates, ``rgb`` one colour or an (N, 3)
        array.  Kept in the log as one :class:`Segments` record."""
        import numpy as np  # lazy: numpy

        xy = np.array(xy, np.float64).reshape(-1, 4)
        colours = np.array(rgb, np.uint8)
        self.page.draw_segments(xy, colours, width, mode)
        self.log.append(Segments(xy, colours, width, mode))
        self.changes += 1

    def set_mode(self, mode: str) -> None:
        """``wrap``, ``window`` or ``fence``."""
        if mode in (geo.WRAP, geo.FENCE):
            for t in self.turtles.values():
                geo.fold_into_page(t, self.bounds)
        self.mode = mode
        self.changes += 1

    def set_scrunch(self, xs: float, ys: float) -> None:
        self.xs, self.ys = xs, ys
        self.changes += 1

    # --- queries -----------------------------------------------------------------------
    def pos(self, t: Turtle | None = None) -> tuple[float, float]:
        """Position as ``pos`` reports it (truncated to 6 decimals, like UCBLogo)."""
        t = t or self.first()
        return geo.cut_error(t.x / self.xs), geo.cut_error(t.y / self.ys)

    def towards(self, x: float, y: float) -> float:
        t = self.first()
        return geo.towards(x, y, t.x, t.y, self.xs, self.ys)

    def distance(self, x: float, y: float) -> float:
        t = self.first()
        return geo.distance(x, y, t.x / self.xs, t.y / self.ys)

    def color_under(self) -> int | float:
        """The colour number of the pixel under the first turtle (background off the page):
        exact for palette colours, the nearest palette shade for any other colour."""
        t = self.current[0] if self.current else self.first()
        page = self._page
        rgb = page.color_at(t.x, t.y) or page.bg
        return palette.nearest_number(rgb)

    # --- the pen -----------------------------------------------------------------------
    def set_pen(self, down: bool | None = None, mode: str | None = None) -> None:
        for t in self.each():
            if down is not None:
                t.pen_down = down
            if mode is not None:
                t.pen_mode = mode

    def set_pen_color(self, color: Any) -> None:
        """Set the pen colour: a number, a colour name, or a tuple (r, g, b)."""
        value, rgb = resolve_color(color, self.palette_changes)
        for t in self.each():
            t.color, t.rgb = value, rgb
        self.changes += 1

    def set_pen_size(self, size: float) -> None:
        for t in self.each():
            t.pen_size = size

    def set_shape(self, shape: str) -> None:
        name = SHAPE_NAMES_RU.get(shape.lower(), shape.lower())
        if name not in SHAPES:
            raise LogoError("doesnt_like", what=shape, hint="hint.shapes",
                            shapes=" ".join(sorted(SHAPES)))
        for t in self.each():
            t.shape = name
        self.changes += 1

    def show(self, shown: bool) -> None:
        for t in self.each():
            t.shown = shown
        self.changes += 1

    # --- the page ----------------------------------------------------------------------
    def clean(self) -> None:
        """Wipe the page to the background colour; turtles stay.  The log restarts (what
        was wiped cannot be undone, and a program that clears often stays small)."""
        self._drop_run(paint=False)  # (the lines not yet made records are wiped too)
        self.page.clear(self.page.bg)
        self._log[:] = [Clear(self.page.bg)]
        self._packed = 0
        self.changes += 1

    def clear_screen(self) -> None:
        """``cs``/``cg``: wipe the page and bring the turtles home."""
        self.clean()
        for t in self.each():
            t.home()

    def set_background(self, color: Any) -> None:
        value, rgb = resolve_color(color, self.palette_changes)
        old = self.page.bg
        self.page.set_background(rgb)
        self.bg_color = value
        self.log.append(Background(old, rgb))
        self.changes += 1

    def fill(self) -> None:
        """Flood-fill, with each turtle's pen colour, the region under it."""
        for t in self.each():
            rgb = self.page.bg if t.pen_mode == ERASE else t.rgb
            spans = self.page.fill(t.x, t.y, rgb)
            if spans is not None:
                self.log.append(Fill(t.x, t.y, rgb, spans, self.page.scale))
        self.changes += 1

    def stamp(self) -> None:
        for t in self.each():
            self.page.fill_polygon(t.outline(), t.rgb)
            self.log.append(Stamp(t.x, t.y, t.heading, t.shape, t.rgb, t.size))
        self.changes += 1

    def label(self, text: str) -> None:
        for t in self.each():
            self.page.draw_text(t.x, t.y, text, t.rgb, self.label_height)
            self.log.append(Label(t.x, t.y, text, t.rgb, self.label_height))
        self.changes += 1

    # --- records -----------------------------------------------------------------------
    def render(self, scale: float = 1, width: int | None = None,
               height: int | None = None, upto: int | None = None) -> Page:
        """A fresh page with the log (or its first ``upto`` records) replayed on it."""
        page = Page(width or self.page.width, height or self.page.height, scale,
                    bg=self.page.bg)
        for rec in self.log[:upto]:
            replay(rec, page)
        return page

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` drawing records (the turtles do not move)."""
        keep = max(1, len(self.log) - n)
        del self.log[keep:]
        self._packed = min(self._packed, keep)
        self.page = self.render()
        self.changes += 1

    def checkpoint(self) -> tuple[Record, int]:
        """A mark for :meth:`undo_to` (the window's Undo of one command-center line).
        The log is packed first, so later packing never merges records across it."""
        if len(self.log) > self._packed:
            self._pack()
        return self.log[0], len(self.log)

    def undo_to(self, mark: tuple[Record, int]) -> bool:
        """Take back what was drawn after ``mark``; False when that is impossible (the
        page was cleared since: the records before the clear are gone)."""
        first, n = mark
        if self.log[0] is not first or len(self.log) < n:
            return False
        if len(self.log) > n:
            self.undo(len(self.log) - n)
        return True

    def set_page_size(self, width: int, height: int) -> None:
        """Resize the page (turtle steps); the drawing is replayed around the centre."""
        self.bounds = geo.Bounds(width // 2, height // 2)
        self.page = self.render(width=width, height=height)
        if self.mode != geo.WINDOW:
            for t in self.turtles.values():
                geo.fold_into_page(t, self.bounds)
        self.changes += 1

    def save_png(self, path: str, scale: float = 1) -> None:
        from .export import write_png  # lazy: numpy

        write_png(path, (self.page if scale == 1 else self.render(scale)).pixels)

    def save_svg(self, path: str) -> None:
        from .export import write_svg  # lazy: numpy

        write_svg(path, self.log, self.page.width, self.page.height)


__all__ = ["ERASE", "PAINT", "REVERSE", "TurtleWorld", "replay", "resolve_color"]
