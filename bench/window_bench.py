"""The window under load (SDL's dummy driver): frames a second while Logo draws, the
time from Stop to an idle window, and how fast Logo runs beside the window.

    python bench/window_bench.py

For each program: start it from the command center, run the real frame loop for two
seconds (frames counted, worst frame kept), press Esc and time until nothing runs.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # the checkout's own logo package, run from anywhere

PROGRAMS = {
    "forever [fd 1 rt 1]": "forever [fd 1 rt 1]",
    "deep recursion (tree)": "to tr :n if :n < 0.5 [stop] fd :n rt 10 tr 0.75 * :n "
                             "lt 20 tr 0.75 * :n rt 10 bk :n end\nforever [cs tr 60]",
    "arithmetic, no drawing": 'forever [make "x 1 + 1]',
}


def measure(app, program: str) -> tuple[float, float, float, float]:
    """(frames a second, worst frame in ms, turtle changes a second, stop seconds)."""
    import pygame

    from tests.ui.ui_driver import press, run_until, type_line

    for line in program.split("\n"):
        type_line(app, line)
    run_until(app, lambda: app.session.busy)
    world = app.session.interp.world
    c0, f0, t0, worst = world.changes, app.frames, time.monotonic(), 0.0
    while time.monotonic() - t0 < 2.0:
        start = time.monotonic()
        app.step()
        app.wait_frame()
        worst = max(worst, time.monotonic() - start)
    seconds = time.monotonic() - t0
    fps, changes = (app.frames - f0) / seconds, (world.changes - c0) / seconds
    press(pygame.K_ESCAPE)
    stop = run_until(app, lambda: not app.session.busy, timeout=5)
    return fps, worst * 1000, changes, stop


def main() -> None:
    from logo.ui.app import App, window_size

    app = App(size=window_size(), lang="en")
    try:
        print(f"{'program':28} {'fps':>6} {'worst ms':>9} {'changes/s':>10} {'stop ms':>8}")
        stops = []
        for name, program in PROGRAMS.items():
            fps, worst, changes, stop = measure(app, program)
            stops.append(stop)
            print(f"{name:28} {fps:6.1f} {worst:9.1f} {changes:10.0f} {stop * 1000:8.1f}")
        print(f"stop: median {statistics.median(stops) * 1000:.1f} ms, "
              f"max {max(stops) * 1000:.1f} ms")
    finally:
        app.close()


if __name__ == "__main__":
    main()
