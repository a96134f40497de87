"""Helpers for the lesson tests: run a microworld headless, count what it drew, and
compare its page with a golden picture (with tolerance).

Golden pictures live in ``tests/golden/NAME.png`` with a text snapshot of the drawing
records beside them (``NAME.records.txt``: what was drawn, counted by kind and colour,
so that a changed picture says why).  ``LOGO_UPDATE_GOLDEN=1 pytest ...`` rewrites them.
On a mismatch the actual picture and a diff (changed pixels in red) are written to
``$TMPDIR/logo-golden/`` and their paths are in the failure message.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
MICROWORLDS = ROOT / "microworlds"
GOLDEN = Path(__file__).resolve().parent / "golden"
LESSONS = ("tree", "koch", "fractree", "brush", "superformula")
TOLERANCE = 0.002  # share of the page's pixels that may differ (lines may shift a pixel)


def lesson_path(name: str) -> Path:
    return MICROWORLDS / name / f"{name}.lgo"


def run_lesson(name: str, seed: int = 5, after: str = ""):
    """A fresh interpreter that ran the lesson file (its last line draws the start
    picture) after ``(rerandom seed)``, then the instructions ``after``."""
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    interp = Interpreter(host=BufferHost())
    assert interp.run_source(f"(rerandom {seed})", "seed")
    ok = interp.run_source(lesson_path(name).read_text(encoding="utf-8"), str(lesson_path(name)))
    assert ok, "".join(interp.host.errors)
    if after:
        assert interp.run_source(after, "after"), "".join(interp.host.errors)
    return interp


def printed(interp) -> list[str]:
    return "".join(interp.host.chunks).split()


def segment_rows(world) -> int:
    """How many segments the drawing log holds (single ones and batches)."""
    from logo.turtle.records import Segment, Segments

    n = 0
    for rec in world.log:
        if isinstance(rec, Segment):
            n += 1
        elif isinstance(rec, Segments):
            n += len(rec.xy)
    return n


def records_summary(world) -> str:
    """The drawing log as text: records by kind, segments by colour."""
    from logo.turtle.records import Segment, Segments

    kinds: Counter[str] = Counter()
    colours: Counter[str] = Counter()
    for rec in world.log:
        if not isinstance(rec, (Segment, Segments)):  # lines are counted by colour
            kinds[type(rec).__name__] += 1
        if isinstance(rec, Segment):
            colours[" ".join(str(int(v)) for v in rec.rgb)] += 1
        elif isinstance(rec, Segments):
            rgb = np.asarray(rec.rgb).reshape(-1, 3)[0]
            colours[" ".join(str(int(v)) for v in rgb)] += len(rec.xy)
    lines = [f"records {k}: {v}" for k, v in sorted(kinds.items())]
    lines += [f"segments in rgb {k}: {v}" for k, v in sorted(colours.items())]
    lines.append(f"segments: {segment_rows(world)}")
    return "\n".join(lines) + "\n"


def _read_png(path: Path) -> np.ndarray:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load(str(path))
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def _write_png(path: Path, pixels: np.ndarray) -> None:
    from logo.turtle.export import write_png

    path.parent.mkdir(parents=True, exist_ok=True)
    write_png(str(path), np.ascontiguousarray(pixels, np.uint8))


def compare_golden(name: str, world) -> None:
    """Assert that the world's page matches ``golden/NAME.png`` within the tolerance
    and its drawing records match ``golden/NAME.records.txt``."""
    pixels = world.page.pixels
    png, records = GOLDEN / f"{name}.png", GOLDEN / f"{name}.records.txt"
    summary = records_summary(world)
    if os.environ.get("LOGO_UPDATE_GOLDEN") or not png.exists():
        _write_png(png, pixels)
        records.write_text(summary, encoding="utf-8")
        if not os.environ.get("LOGO_UPDATE_GOLDEN"):
            raise AssertionError(f"no golden picture for {name}: wrote {png}; check it")
        return
    expected = _read_png(png)
    assert expected.shape == pixels.shape, f"{name}: page {pixels.shape} != {expected.shape}"
    changed = (expected != pixels).any(axis=2)
    share = changed.mean()
    if share > TOLERANCE:
        out = Path(tempfile.gettempdir()) / "logo-golden"
        actual, diff = out / f"{name}.actual.png", out / f"{name}.diff.png"
        _write_png(actual, pixels)
        shown = (expected // 3 + 170).astype(np.uint8)
        shown[changed] = (255, 0, 0)
        _write_png(diff, shown)
        raise AssertionError(f"{name}: {changed.sum()} pixels differ ({share:.2%} > "
                             f"{TOLERANCE:.2%}); actual: {actual}  diff: {diff}")
    assert summary == records.read_text(encoding="utf-8"), f"{name}: drawing records changed"
