"""Driving the window in tests with synthetic pygame events (SDL's dummy video driver)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

SIZE = (880, 877)  # logo.ui.app.window_size(): the page at scale 1
# seconds a test waits for the window or the interpreter to get somewhere: generous, for
# a loaded machine (a deadline only: what a test checks never depends on speed)
DEADLINE = 60.0


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def type_text(text: str) -> None:
    post(pygame.TEXTINPUT, text=text)


def press(key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)


def type_line(app, text: str) -> None:
    """Type a line into the command center and press Enter."""
    type_text(text)
    press(pygame.K_RETURN)
    app.step()


def click(app, pos, button: int = 1) -> None:
    pos = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def drag(app, start, end, steps: int = 8, button: int = 1) -> None:
    (x0, y0), (x1, y1) = start, end
    post(pygame.MOUSEBUTTONDOWN, pos=(round(x0), round(y0)), button=button)
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        post(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0))
        app.step()
    post(pygame.MOUSEBUTTONUP, pos=(round(x1), round(y1)), button=button)
    app.step()


def run_until(app, done: Callable[[], bool], timeout: float = DEADLINE) -> float:
    """Run frames until ``done()``; the seconds it took (fails after ``timeout``)."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not done after {timeout} s")
        app.step()
        time.sleep(0.002)
    return time.monotonic() - start


def cpu_until(app, done: Callable[[], bool], timeout: float = DEADLINE) -> float:
    """Run frames until ``done()`` (fails after ``timeout`` seconds); the CPU seconds this
    process spent meanwhile.  A latency judged in CPU time holds on a loaded machine,
    where wall time goes to other processes: work the program or the window does (a
    Stop not seen for a while) is counted, waiting for a core is not."""
    start = time.process_time()
    run_until(app, done, timeout)
    return time.process_time() - start


def frames_for(app, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        time.sleep(0.002)


def idle(app, timeout: float = DEADLINE) -> None:
    """Handle the events posted, wait until the interpreter has nothing left to do,
    then one more frame."""
    app.step()
    run_until(app, lambda: not app.session.busy and not app.session.scheduler.inbox,
              timeout)
    app.step()


def output(app) -> list[str]:
    """The command center's output lines (echoed input left out)."""
    return [text for kind, text in app.command.lines if kind in ("out", "err")]


def errors(app) -> list[str]:
    return [text for kind, text in app.command.lines if kind == "err"]


def widget_centre(app, name: str) -> tuple[float, float]:
    w = app.session.widgets.get(name)
    return app.widget_views.screen_rect(w).center


def world(app):
    """The turtle world the window shows."""
    return app.session.interp.world
