"""Picture helpers of the sheet and the plot: reading a run's PNG page, shrinking it,
writing text on pixels (the plots' anti-aliased letters of ``logo/turtle``)."""

from __future__ import annotations

import struct
import zlib

import numpy as np

from ..turtle.plot_picture import text_alpha

RGB = tuple[int, int, int]
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode_png(data: bytes) -> np.ndarray:
    """A PNG page as an (H, W, 3) uint8 array.  The pages ``logo run --png`` saves
    (8-bit RGB, every row unfiltered) are read here with zlib; any other PNG through
    pygame.  ValueError when it is no picture."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    pos, header, body = 8, b"", []
    while pos + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            body.append(chunk)
        pos += size + 12
    if len(header) < 13:
        raise ValueError("no PNG header")
    w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header[:13])
    if (depth, colour, interlace) == (8, 2, 0):
        try:
            raw = np.frombuffer(zlib.decompress(b"".join(body)), np.uint8)
        except zlib.error:
            raise ValueError("damaged PNG") from None
        if raw.size == h * (1 + 3 * w):
            rows = raw.reshape(h, 1 + 3 * w)
            if not rows[:, 0].any():
                return rows[:, 1:].reshape(h, w, 3).copy()
    return _by_pygame(data)


def _by_pygame(data: bytes) -> np.ndarray:
    import io
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # lazy: only for a PNG this module does not read itself

    try:
        surface = pygame.image.load(io.BytesIO(data), "page.png")
    except pygame.error as exc:
        raise ValueError(str(exc)) from None
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def shrink(pixels: np.ndarray, width: int) -> np.ndarray:
    """The picture about ``width`` pixels wide (never wider): each block of f x f pixels
    (f the whole factor nearest to the ratio) becomes its pixel that differs most from
    the block's mean colour, so one-pixel lines stay seen on any ground."""
    h, w = pixels.shape[:2]
    f = max(1, round(w / width))
    if f == 1:
        return pixels[:, :width]
    h2, w2 = h // f, w // f
    blocks = (pixels[:h2 * f, :w2 * f].reshape(h2, f, w2, f, 3).transpose(0, 2, 1, 3, 4)
              .reshape(h2, w2, f * f, 3)).astype(np.int16)
    mean = blocks.mean(axis=2, keepdims=True)
    far = np.abs(blocks - mean).sum(axis=3).argmax(axis=2)
    picked = np.take_along_axis(blocks, far[:, :, None, None], axis=2)[:, :width, 0]
    return picked.astype(np.uint8)


def write_text(pixels: np.ndarray, col: int, row: int, text: str, rgb: RGB,
               px: int = 11, width: int | None = None) -> None:
    """Text on the pixels, its top-left corner at (col, row), cut at ``width`` pixels."""
    alpha = text_alpha(text, px)
    if not alpha.size:
        return
    h, w = pixels.shape[:2]
    right = w if width is None else min(w, col + width)
    r1, c1 = min(h, row + alpha.shape[0]), min(right, col + alpha.shape[1])
    r0, c0 = max(0, row), max(0, col)
    if r1 > r0 and c1 > c0:
        a = alpha[r0 - row:r1 - row, c0 - col:c1 - col, None]
        part = pixels[r0:r1, c0:c1]
        part[:] = (part * (1 - a) + np.array(rgb) * a + 0.5).astype(np.uint8)


def text_size(text: str, px: int = 11) -> tuple[int, int]:
    """(width, height) of the text in pixels."""
    alpha = text_alpha(text, px)
    return (int(alpha.shape[1]), int(alpha.shape[0])) if alpha.size else (0, 0)
