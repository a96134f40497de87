"""``logo run --gif OUT.gif``: the page recorded at its frame boundaries (frames.py) as
an animated GIF.

A frame is kept whenever one is taken (a microworld's redraw, REFRESH, the end of a
command) and at every WAIT, shown for as long as the program waited; the last frame is
the page as the run left it.  At most ``max_frames`` are kept (later ones replace the
last), and the colours are those of the frames (the nearest of a 6x6x6 cube and grays
when a run draws with more than 256).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from .gif import GifWriter

MAX_FRAMES = 600
DEFAULT_DELAY = 0.1  # seconds a frame is shown when no WAIT says how long


class GifRecorder:
    """Frames of one world, kept as (pixels, seconds shown)."""

    def __init__(self, world: Any, max_frames: int = MAX_FRAMES,
                 overlay: Any = None) -> None:
        self.world = world
        self.overlay = overlay  # pixels -> pixels with the page's plots and monitors
        self.max_frames = max_frames
        self.frames: list[list[Any]] = []  # [pixels, seconds]
        self.last_serial = -1
        self.fresh = False  # the last frame kept has not been waited on yet
        world.frames.listeners.append(self.keep)

    def keep(self, frame: Any) -> None:
        """A frame was taken: keep it (the page did not change: nothing to keep)."""
        if frame.serial == self.last_serial:
            return
        self.last_serial = frame.serial
        pixels = frame.pixels if self.overlay is None else self.overlay(frame.pixels)
        if len(self.frames) >= self.max_frames:
            self.frames[-1] = [pixels, DEFAULT_DELAY]
        else:
            self.frames.append([pixels, DEFAULT_DELAY])
        self.fresh = True
        _progress(len(self.frames))

    def waited(self, seconds: float) -> None:
        """WAIT: the page so far is a frame, shown for as long as the program waited."""
        self.world.frames.take()
        if self.frames:  # (waits with nothing drawn between add up)
            last = self.frames[-1]
            last[1] = max(seconds, 0.0) if self.fresh else last[1] + max(seconds, 0.0)
            self.fresh = False

    def save(self, path: str) -> int:
        """Write the GIF (the page as it is now ends it); the number of frames."""
        self.world.frames.take()
        if not self.frames:
            return 0
        palette, indexed = quantize([f[0] for f in self.frames])
        h, w = indexed[0].shape
        with GifWriter(path, w, h, palette) as gif:
            for image, (_, seconds) in zip(indexed, self.frames, strict=True):
                gif.add(image, max(seconds, 0.02))
        if sys.stderr.isatty():
            print(file=sys.stderr)
        return len(self.frames)


def quantize(frames: list[np.ndarray]) -> tuple[list[tuple[int, int, int]], list[np.ndarray]]:
    """Frames (H, W, 3) uint8 -> a palette of at most 256 RGB colours and (H, W) index
    images: the frames' own colours when there are at most 256, else the nearest of a
    6x6x6 colour cube and 40 grays (found once for each distinct colour)."""
    packed = [(f[..., 0].astype(np.int32) << 16) | (f[..., 1].astype(np.int32) << 8)
              | f[..., 2] for f in frames]
    colours = np.unique(np.concatenate([p.ravel() for p in packed]))
    if len(colours) <= 256:
        palette = [(int(c >> 16) & 255, int(c >> 8) & 255, int(c) & 255) for c in colours]
        return palette, [np.searchsorted(colours, p).astype(np.uint8) for p in packed]
    palette, nearest = _cube(colours)
    return palette, [nearest[np.searchsorted(colours, p)] for p in packed]


def _cube(colours: np.ndarray) -> tuple[list[tuple[int, int, int]], np.ndarray]:
    """The cube-and-grays palette, and the index of its entry nearest to each packed
    RGB colour of ``colours`` (K,) int32 -> (K,) uint8."""
    levels = np.array([0, 51, 102, 153, 204, 255])
    grays = np.linspace(0, 255, 42)[1:-1].round().astype(int)
    palette = [(int(r), int(g), int(b)) for r in levels for g in levels for b in levels]
    palette += [(int(v), int(v), int(v)) for v in grays]
    table = np.array(palette, np.int32)  # (256, 3)
    rgb = np.stack([(colours >> 16) & 255, (colours >> 8) & 255, colours & 255], axis=1)
    nearest = np.empty(len(rgb), np.uint8)
    for start in range(0, len(rgb), 65536):  # chunks: a (n, 256) distance table
        part = rgb[start:start + 65536]
        d = ((part[:, None, :] - table[None, :, :]) ** 2).sum(axis=2)
        nearest[start:start + 65536] = d.argmin(axis=1)
    return palette, nearest


def _progress(count: int) -> None:
    if sys.stderr.isatty():
        print(f"\rgif: {count} frames", end="", file=sys.stderr, flush=True)
