"""The Speed slider slows motion within a command: below full speed a step glides
(logo/ui/motion.py), and the instructions of one line are seen one after another."""

from __future__ import annotations

import time

from tests.ui.ui_driver import drag, idle, run_until, type_line, world


def column_ink(app, x: int, y0: int, y1: int) -> int:
    """How many dark pixels of the screen's column ``x`` between page rows y0 and y1."""
    count = 0
    for row in range(y0, y1):
        sx, sy = app.page_view.to_screen(x, row)
        if max(app.screen.get_at((round(sx), round(sy)))[:3]) < 80:
            count += 1
    return count


def test_at_the_slowest_speed_fd_100_moves_visibly(app):
    r = app.toolbar.speed_rect
    drag(app, r.center, (r.x - 20, r.centery))  # to the slow end
    assert app.toolbar.speed == 0 and app.session.host.delay > 0.2
    type_line(app, "pu setx 10 pd fd 100")  # (a column of the page clear of the turtle)
    run_until(app, lambda: world(app).pos() == (10.0, 100.0))
    seen = [column_ink(app, 410, 200, 300)]
    end = time.monotonic() + 30  # frames until the glide has drawn the whole line
    while seen[-1] < 95 and time.monotonic() < end:
        app.step()
        seen.append(column_ink(app, 410, 200, 300))
        time.sleep(0.01)
    idle(app)
    assert max(seen) >= 95  # the whole line in the end...
    assert any(5 < n < 90 for n in seen), seen  # ...after parts of it


def test_at_full_speed_nothing_glides(app):
    type_line(app, "fd 100")
    idle(app)
    assert app.page_view.motion is None
