"""What the lesson tests share: run a lesson file headless, count what it drew, and
compare its page with a golden picture (with tolerance).

Golden pictures live in ``tests/golden/NAME.png`` with a text snapshot of the drawing
records beside them (``NAME.records.txt``: what was drawn, counted by kind and colour,
so that a changed picture says why); they are compared (and regenerated with
``LOGO_REGEN_GOLDENS=1``) by tests/support.py.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np

from tests.support import GOLDEN, ROOT, compare_golden_picture, run_ok

MICROWORLDS = ROOT / "microworlds"
LESSONS = ("tree", "koch", "fractree", "brush", "superformula")
TOLERANCE = 0.002  # share of the page's pixels that may differ (lines may shift a pixel)


def lesson_path(name: str) -> Path:
    return MICROWORLDS / name / f"{name}.lgo"


def run_lesson(name: str, seed: int = 5, after: str = ""):
    """A fresh interpreter that ran the lesson file (its last line draws the start
    picture) after ``(rerandom seed)``, then the instructions ``after``."""
    interp = run_ok(f"(rerandom {seed})", "seed").interp
    run_ok(lesson_path(name).read_text(encoding="utf-8"), str(lesson_path(name)), interp=interp)
    if after:
        run_ok(after, "after", interp=interp)
    return interp


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


def compare_golden(name: str, world) -> None:
    """Assert that the world's page matches ``golden/NAME.png`` within the tolerance
    and its drawing records match ``golden/NAME.records.txt``."""
    pixels = world.page.pixels
    compare_golden_picture(GOLDEN / f"{name}.png", pixels,
                           allowed=int(TOLERANCE * pixels.shape[0] * pixels.shape[1]),
                           records=records_summary(world))
