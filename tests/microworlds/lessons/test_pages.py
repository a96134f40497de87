"""Every lesson's page keeps its widgets (sliders, buttons, text boxes, plots, monitors)
out of its drawing: after the lesson opens and after each of its buttons, the box of
what is drawn (every pixel not of the page's commonest colour, the paper or the fence's
outside) meets no widget's rectangle.  The turtle is hidden where the drawing is the
point."""

from __future__ import annotations

import numpy as np
import pytest

from logo.language.values import show_form
from tests.microworlds.lessons.lesson_support import run_lesson

ALL = ("tree", "koch", "fractree", "brush", "superformula", "cat", "muscle")
# buttons not clicked here: the 84-second film; the forever buttons run a few times
SKIP = {"film"}
SETUP = {"brush": "setstage 2"}  # watch animates a step at a time: a small stage


def drawn_box(pixels: np.ndarray) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom), inclusive, of the pixels not of the commonest colour."""
    rgb = pixels.astype(np.uint32)  # one number a colour: a 1-D count, not a sort of rows
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    colours, counts = np.unique(packed, return_counts=True)
    drawn = packed != colours[np.argmax(counts)]
    if not drawn.any():
        return None
    rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
    return int(cols[0]), int(rows[0]), int(cols[-1]), int(rows[-1])


def covering(interp, box) -> list[str]:
    """The widgets whose rectangle meets the box."""
    left, top, right, bottom = box
    hit = []
    for w in interp.page_widgets.items.values():
        x, y, ww, hh = w.rect()
        if w.visible and x <= right and x + ww - 1 >= left and y <= bottom and y + hh - 1 >= top:
            hit.append(w.name)
    return hit


def check(interp, when: str) -> None:
    box = drawn_box(interp.world.page.pixels)
    if box is None:  # a clean page (the button "clear")
        return
    assert not covering(interp, box), f"{when}: {covering(interp, box)} cover the drawing {box}"


def buttons(interp) -> list:
    return [w for w in interp.page_widgets.items.values()
            if hasattr(w, "forever") and w.name not in SKIP]


@pytest.mark.parametrize("lesson", ALL)
def test_no_widget_covers_the_drawing(lesson):
    interp = run_lesson(lesson, after=SETUP.get(lesson, ""))
    if lesson == "cat":
        interp = run_lesson("cat", after="setup")
    check(interp, f"{lesson} as it opens")
    for button in buttons(interp):
        text = show_form(button.instructions)[1:-1]
        repeat = 400 if button.forever else 1  # the cat walks across the whole page
        for k in range(0, repeat, 20 if button.forever else 1):
            ok = interp.run_source(f"repeat {min(20, repeat)} [{text}]" if button.forever
                                   else text, button.name)
            assert ok or "stopall" in text, "".join(interp.host.errors)  # stop: STOPALL
            check(interp, f"{lesson} after {button.name} ({k})")


@pytest.mark.parametrize("lesson", ["tree", "koch", "fractree", "brush", "superformula",
                                    "muscle"])
def test_the_turtle_is_hidden_where_the_drawing_is_the_point(lesson):
    interp = run_lesson(lesson)
    assert not interp.world.first().shown


@pytest.mark.parametrize("side", [1, 5, 40])
def test_the_brush_keeps_to_the_page_at_every_stage(side):
    """Every stage the slider allows, with the smallest, the first and the largest step:
    each figure inside its strip of the page (no wrapping round), clear of the widgets."""
    from logo.turtle.records import Segment, Segments

    interp = run_lesson("brush")
    for stage in range(7):
        for button in ("logo_brush", "engine_brush", "fitted"):
            assert interp.run_source(f"cg ht setstage {stage} setside {side} {button}", "b")
            xy: list[list[float]] = []
            for rec in interp.world.log:
                if isinstance(rec, Segment):
                    xy.append([rec.x0, rec.y0, rec.x1, rec.y1])
                elif isinstance(rec, Segments):
                    xy.extend(np.asarray(rec.xy).reshape(-1, 4).tolist())
            pts = np.array(xy).reshape(-1, 2)
            assert len(pts), f"stage {stage} {button}: nothing drawn"
            assert pts[:, 0].min() >= -232 and pts[:, 0].max() <= 400, (stage, button)
            assert pts[:, 1].min() >= -300 and pts[:, 1].max() <= 300, (stage, button)
            check(interp, f"brush stage {stage} side {side} {button}")
