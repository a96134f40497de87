"""A plain GIF decoder for the tests: full frames of palette indices, and delays."""

from __future__ import annotations

import struct

import numpy as np


def lzw_decode(data: bytes, min_code_size: int, count: int) -> list[int]:
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    pos = 0
    bits = len(data) * 8
    out: list[int] = []
    size = min_code_size + 1
    table: list[list[int]] = []
    prev: list[int] | None = None

    def reset() -> None:
        nonlocal table, size, prev
        table = [[i] for i in range(clear)] + [[], []]
        size, prev = min_code_size + 1, None

    reset()
    while pos + size <= bits and len(out) < count:
        code = int.from_bytes(data[pos // 8:pos // 8 + 3], "little") >> (pos % 8) & ((1 << size) - 1)
        pos += size
        if code == clear:
            reset()
            continue
        if code == end:
            break
        if code < len(table):
            entry = table[code]
            if prev is not None:
                table.append(prev + entry[:1])
        else:
            assert prev is not None
            entry = prev + prev[:1]
            table.append(entry)
        out.extend(entry)
        prev = entry
        if len(table) == (1 << size) and size < 12:
            size += 1
    return out


def decode(path: str) -> tuple[list[tuple[np.ndarray, int]], list[tuple[int, int, int]]]:
    """(frames, palette): every frame as a full (H, W) index image with its delay."""
    with open(path, "rb") as fh:
        raw = fh.read()
    assert raw[:6] == b"GIF89a"
    width, height, packed = struct.unpack("<HHB", raw[6:11])
    n = 2 << (packed & 7)
    palette = [tuple(raw[13 + 3 * i:16 + 3 * i]) for i in range(n)]
    pos = 13 + 3 * n
    canvas = np.zeros((height, width), np.uint8)
    frames, delay = [], 0
    while raw[pos] != 0x3B:
        if raw[pos] == 0x21:
            label = raw[pos + 1]
            pos += 2
            if label == 0xF9:
                delay = struct.unpack("<H", raw[pos + 2:pos + 4])[0]
            while raw[pos]:
                pos += raw[pos] + 1
            pos += 1
            continue
        left, top, w, h, _ = struct.unpack("<HHHHB", raw[pos + 1:pos + 10])
        pos += 10
        min_code = raw[pos]
        pos += 1
        data = bytearray()
        while raw[pos]:
            data += raw[pos + 1:pos + 1 + raw[pos]]
            pos += raw[pos] + 1
        pos += 1
        pixels = lzw_decode(bytes(data), min_code, w * h)
        canvas[top:top + h, left:left + w] = np.array(pixels, np.uint8).reshape(h, w)
        frames.append((canvas.copy(), delay))
    return frames, palette
