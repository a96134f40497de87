"""The window under load (SDL's dummy driver): frames a second while Logo draws, the
time from Stop to an idle window, and how fast Logo runs beside the window.

    python bench/window_bench.py

    python bench/window_bench.py --rounds 5
    DISPLAY=:99 SDL_VIDEODRIVER=x11 python bench/window_bench.py   # a real X server

For each program, ``--rounds`` times: start it from the command center, run the real
frame loop for four seconds (frames counted, each frame's own time kept), press Esc and
time until nothing runs.  Printed with the load average before and after.
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

SECONDS = 4.0
PROGRAMS = {
    "forever [fd 1 rt 1]": "forever [fd 1 rt 1]",
    "deep recursion (tree)": "to tr :n if :n < 0.5 [stop] fd :n rt 10 tr 0.75 * :n "
                             "lt 20 tr 0.75 * :n rt 10 bk :n end\nforever [cs tr 60]",
    "arithmetic, no drawing": 'forever [make "x 1 + 1]',
}


def measure(app, program: str) -> tuple[float, float, float, float, float]:
    """(frames a second, median and worst frame in ms, turtle changes a second, stop
    seconds).  A frame's time is :meth:`App.step` (events, drawing, flip), not the
    sleep after it."""
    import pygame

    from tests.ui.ui_driver import press, run_until, type_line

    for line in program.split("\n"):
        type_line(app, line)
    run_until(app, lambda: app.session.busy)
    world = app.session.interp.world
    c0, f0, t0, costs = world.changes, app.frames, time.monotonic(), []
    while time.monotonic() - t0 < SECONDS:
        start = time.monotonic()
        app.step()
        costs.append(time.monotonic() - start)
        app.wait_frame()
    seconds = time.monotonic() - t0
    fps, changes = (app.frames - f0) / seconds, (world.changes - c0) / seconds
    press(pygame.K_ESCAPE)
    stop = run_until(app, lambda: not app.session.busy, timeout=5)
    return fps, statistics.median(costs) * 1000, max(costs) * 1000, changes, stop


BUTTON_LOOP = 'repeat 3000000 [make "n :n + 1]'


def button_times(app, rounds: int) -> tuple[float, float]:
    """Median seconds of a loop typed in the command center and of the same loop run
    by a click on a button (a monitor on the page watching it)."""
    from tests.ui.ui_driver import click, run_until, type_line, widget_centre

    type_line(app, f'make "n 0 newmonitor "bench.n [600 10] [:n] '
                   f'newbutton "bench.go [600 50] [{BUTTON_LOOP}]')
    run_until(app, lambda: not app.session.busy, timeout=10)

    def timed(start) -> float:
        t0 = time.monotonic()
        start()
        run_until(app, lambda: not app.session.busy and not app.session.scheduler.inbox,
                  timeout=60)
        return time.monotonic() - t0

    typed = [timed(lambda: type_line(app, BUTTON_LOOP)) for _ in range(rounds)]
    clicked = [timed(lambda: click(app, widget_centre(app, "bench.go"))) for _ in range(rounds)]
    return statistics.median(typed), statistics.median(clicked)


def main(argv: list[str] | None = None) -> None:
    import argparse

    from logo.ui.app import App, window_size

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="times each program is measured")
    rounds = ap.parse_args(argv).rounds
    app = App(size=window_size(), lang="en")
    load = os.getloadavg()
    try:
        print(f"video driver {os.environ['SDL_VIDEODRIVER']}; {rounds} rounds of {SECONDS:g} s; "
              f"fps min / median; frame ms median / worst")
        print(f"{'program':24} {'fps':>11} {'frame ms':>12} {'changes/s':>10} {'stop ms':>8}")
        stops = []
        for name, program in PROGRAMS.items():
            runs = [measure(app, program) for _ in range(rounds)]
            stops += [r[4] for r in runs]
            fps = [r[0] for r in runs]
            print(f"{name:24} {min(fps):5.1f} {statistics.median(fps):5.1f} "
                  f"{statistics.median(r[1] for r in runs):5.2f} {max(r[2] for r in runs):6.1f} "
                  f"{statistics.median(r[3] for r in runs):10.0f} "
                  f"{statistics.median(stops[-rounds:]) * 1000:8.1f}")
        print(f"stop: median {statistics.median(stops) * 1000:.1f} ms, "
              f"max {max(stops) * 1000:.1f} ms")
        typed, clicked = button_times(app, rounds)
        print(f"a loop typed {typed * 1000:.0f} ms, the same loop in a button "
              f"{clicked * 1000:.0f} ms: button/typed {clicked / typed:.2f}")
        after = os.getloadavg()
        print(f"load average {load[0]:.2f} before, {after[0]:.2f} after ({os.cpu_count()} cpus)")
    finally:
        app.close()


if __name__ == "__main__":
    main()
