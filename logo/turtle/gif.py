"""A small animated-GIF writer (GIF89a, LZW), so films need neither Pillow nor pygame.

Frames are palette-index images (H, W) of uint8.  Each frame after the first stores only
the rectangle that changed since the one before (disposal "leave in place"), so a
silhouette walking over white paper costs little.  Delays are in seconds and rounded to
the format's hundredths so that their running sum stays exact.
"""

from __future__ import annotations

import io
import os
import struct

import numpy as np


class _Bits:
    """Codes of varying width packed least significant bit first."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = self.bits = 0

    def emit(self, code: int, width: int) -> None:
        self.acc |= code << self.bits
        self.bits += width
        while self.bits >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.bits -= 8

    def done(self) -> bytes:
        return bytes(self.out) + (bytes([self.acc & 0xFF]) if self.bits else b"")


def lzw_encode(data: bytes, min_code_size: int) -> bytes:
    """``data`` (palette indices < 2**min_code_size) compressed as GIF's LZW codes,
    packed least significant bit first (not yet cut into sub-blocks)."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    size, next_code = min_code_size + 1, end + 1
    table: dict[int, int] = {}
    out = _Bits()
    emit = out.emit
    emit(clear, size)
    prefix = data[0]
    for byte in data[1:]:
        key = (prefix << 8) | byte
        code = table.get(key)
        if code is not None:
            prefix = code
            continue
        emit(prefix, size)
        if next_code < 4096:
            table[key] = next_code
            next_code += 1
            if next_code > (1 << size) and size < 12:
                size += 1
        else:
            emit(clear, size)
            table.clear()
            size, next_code = min_code_size + 1, end + 1
        prefix = byte
    emit(prefix, size)
    emit(end, size)
    return out.done()


def _blocks(data: bytes) -> bytes:
    parts = [bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)]
    return b"".join(parts) + b"\x00"


class GifWriter:
    """Write frames one by one for ``path``; ``palette`` is a list of (r, g, b).  The
    file is written when it is closed, as every save is (logo/session/safefile.py)."""

    def __init__(self, path: str, width: int, height: int, palette, loop: int = 0) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):  # said now, not after the whole film
            raise FileNotFoundError(2, os.strerror(2), path)
        self.path = path
        self.f = io.BytesIO()
        self.width, self.height = width, height
        bits = max(1, int(np.ceil(np.log2(max(len(palette), 2)))))
        self.min_code = max(2, bits)
        table = list(palette) + [(0, 0, 0)] * ((1 << bits) - len(palette))
        self.f.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 0, 0))
        self.f.write(bytes(v for rgb in table for v in rgb))
        self.f.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00")
        self.previous: np.ndarray | None = None
        self.clock = 0.0  # seconds written so far
        self.written = 0  # hundredths written so far

    def add(self, frame: np.ndarray, delay: float) -> None:
        """Append a frame (H, W) of palette indices shown for ``delay`` seconds."""
        frame = np.asarray(frame, np.uint8)
        self.clock += delay
        hundredths = round(self.clock * 100) - self.written
        self.written += hundredths
        top, left, bottom, right = self._changed(frame)
        self.previous = frame.copy()
        self.f.write(b"\x21\xf9\x04" + struct.pack("<BHB", 1 << 2, hundredths, 0) + b"\x00")
        self.f.write(b"\x2c" + struct.pack("<HHHHB", left, top, right - left, bottom - top, 0))
        part = np.ascontiguousarray(frame[top:bottom, left:right])
        self.f.write(bytes([self.min_code]) + _blocks(lzw_encode(part.tobytes(),
                                                                  self.min_code)))

    def _changed(self, frame: np.ndarray) -> tuple[int, int, int, int]:
        """The rectangle (top, left, bottom, right) that differs from the last frame
        (the whole frame first; one pixel when nothing changed)."""
        if self.previous is None:
            return 0, 0, self.height, self.width
        rows = np.nonzero((frame != self.previous).any(axis=1))[0]
        if not len(rows):
            return 0, 0, 1, 1
        cols = np.nonzero((frame != self.previous).any(axis=0))[0]
        return int(rows[0]), int(cols[0]), int(rows[-1]) + 1, int(cols[-1]) + 1

    def close(self) -> None:
        from ..session.safefile import atomic_write  # lazy: saving only

        self.f.write(b"\x3b")
        atomic_write(self.path, self.f.getvalue())

    def __enter__(self) -> GifWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

