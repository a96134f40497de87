"""The film: the herd walking, frame by frame, to the page, a GIF, PNG frames or text.

A frame every 1/fps s (24 fps, as a film; the ODEs step 1 ms between frames, exactly on
the frame times).  A picture frame is the shadow filled on a page (``scene``) by
horizontal runs drawn with the page's batch-line operation; a text frame is the
printer's (``printer``).  ``progress(done, total)`` is called after every frame.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from . import gait, printer, scene

INK = (0, 0, 0)
PAPER = (255, 255, 255)
GROUND = (150, 150, 150)
PALETTE = (PAPER, INK, GROUND)
Progress = Callable[[int, int], None]
Walk = Callable[..., Any]  # gait.walk(g, seconds, dt) -> the herd after


def frames(g, seconds: float, fps: float = 24, dt: float = 1e-3, walk: Walk = gait.walk
           ) -> Iterator:
    """The herd at each frame time t0 + k / fps, k = 0 .. round(seconds * fps) - 1,
    walked with ``walk`` (``gait.walk``'s signature: one that can be stopped, for the
    primitives).  A yielded Gait is valid until the next one is asked for."""
    n = round(seconds * fps)
    done = 0  # steps taken
    for k in range(n):
        target = round(k / fps / dt)
        if target > done:
            g = walk(g, (target - done) * dt, dt)
            done = target
        yield g


def frame_segments(g, view: scene.View, scale: float = 1.0) -> np.ndarray:
    """Horizontal lines (N, 4) = x0 y0 x1 y1 in turtle steps that fill the herd's shadow
    on a page drawn at ``scale`` pixels a step (one line per pixel row)."""
    spans = scene.frame_spans(scene.frame_shadow(g, view), 1.0 / scale)
    return np.stack([spans[:, 1], spans[:, 0], spans[:, 2], spans[:, 0]], axis=1)


def ground_segments(view: scene.View, cats: int) -> np.ndarray:
    """The ground line of each cat's lane, just under the paws' soles."""
    from .body import PAW_LEVEL

    ys = view.y0 + view.scale * view.aspect * (-PAW_LEVEL - view.lane * np.arange(cats))
    x1 = view.x0 + view.scale * view.width
    return np.stack([np.full(cats, view.x0), ys, np.full(cats, x1), ys], axis=1)


def draw(world, g, view: scene.View, ground: bool = True, rgb=INK) -> None:
    """Clean the page and draw the herd's frame on it (two batches of lines), as one
    whole frame (a window never shows the page wiped and not yet redrawn)."""
    with world.frames.batch():
        world.clean()
        if ground:
            world.draw_batch(ground_segments(view, g.cats), GROUND)
        world.draw_batch(frame_segments(g, view, world.page.scale), rgb)


def film_view(width: int, height: int) -> scene.View:
    """The view of a film frame width x height pixels: 10 H across, ground low."""
    return scene.page_view(width, height, ground=0.5)


def picture(page, g, view: scene.View, ground: bool = True) -> np.ndarray:
    """The frame as palette indices (H, W) into PALETTE, drawn on ``page``."""
    page.clear(PAPER)
    if ground:
        page.draw_segments(ground_segments(view, g.cats), GROUND)
    page.draw_segments(frame_segments(g, view, page.scale), INK)
    px = page.pixels
    out = np.zeros(px.shape[:2], np.uint8)
    out[(px == INK).all(axis=-1)] = 1
    out[(px == GROUND).all(axis=-1)] = 2
    return out


def write_film(g, path: str, seconds: float = 84.0, fps: float = 24, width: int = 480,
               height: int = 200, progress: Progress | None = None,
               walk: Walk = gait.walk) -> int:
    """Render the walk to ``path``: an animated GIF, or PNG frames when the path has a
    ``%d``-style field (``frames/cat%04d.png``).  Returns the number of frames."""
    from logo.turtle.export import write_png
    from logo.turtle.page import Page

    page, view = Page(width, height), film_view(width, height)
    total = round(seconds * fps)
    gif = None
    if "%" not in path:
        from logo.turtle.gif import GifWriter

        gif = GifWriter(path, page.w, page.h, PALETTE)
    try:
        for k, h in enumerate(frames(g, seconds, fps, walk=walk)):
            image = picture(page, h, view)
            if gif is not None:
                gif.add(image, 1 / fps)
            else:
                write_png(path % k, np.array(PALETTE, np.uint8)[image])
            if progress:
                progress(k + 1, total)
    finally:
        if gif is not None:
            gif.close()
    return total


def print_film(g, write: Callable[[str], object], seconds: float = 84.0, fps: float = 24,
               sheet: printer.Sheet | None = None, look: str = "dense",
               progress: Progress | None = None, walk: Walk = gait.walk) -> int:
    """Print the walk frame by frame with ``write``: a header line (КАДР n), then the
    frame's lines; frames after the first start with a form feed.  Returns the count."""
    total, sheet = round(seconds * fps), sheet or printer.Sheet()
    for k, h in enumerate(frames(g, seconds, fps, walk=walk)):
        head = ("\f" if k else "") + f"КАДР {k + 1:5d}   Т = {h.t:8.3f}\n"  # Cyrillic Т
        write(head + "".join(line + "\n" for line in printer.frame_lines(h, sheet, look)))
        if progress:
            progress(k + 1, total)
    return total


def terminal_progress(stream=None, width: int = 40) -> Progress:
    """A progress bar on a terminal (stderr): ``[#####.....]  50%  1008/2016``."""
    stream = stream or sys.stderr
    shown = [-1]

    def show(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent == shown[0] and done < total:
            return
        shown[0] = percent
        full = int(width * done / max(total, 1))
        stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {percent:3d}% {done}/{total}")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def frame_folder(path: str) -> None:
    """Make the folder of a PNG-frames path pattern."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
