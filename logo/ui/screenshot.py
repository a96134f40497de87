"""A picture of the window for the docs, made with SDL's dummy driver (no display):

    python -m logo.ui.screenshot OUT.png [LESSON.lgo] [-e INSTRUCTION]... [--click BUTTON]...
        [--lang ru]

The lesson is loaded (its STARTUP runs), the instructions are typed into the command
center, the buttons are clicked, and the window is saved once everything has finished.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m logo.ui.screenshot")
    p.add_argument("out")
    p.add_argument("lesson", nargs="?")
    p.add_argument("-e", dest="lines", action="append", default=[])
    p.add_argument("--click", action="append", default=[])
    p.add_argument("--lang", default="en")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame  # lazy: after SDL_VIDEODRIVER is set

    from .app import App, window_size  # lazy: pygame, after the driver

    app = App([args.lesson] if args.lesson else [], lang=args.lang, size=window_size())
    try:
        settle(app)
        for line in args.lines:
            app.command.edit.set(line)
            app.actions.key(pygame.K_RETURN, 0)
            settle(app)
        for name in args.click:
            app.session.click_button(app.session.widgets.get(name))
            settle(app)
        _save(app.screen, args.out)
    finally:
        app.close()
    return 0


def settle(app, timeout: float = 120.0) -> None:
    """Frames until the interpreter is idle (and a second for the fps counter)."""
    end = time.monotonic() + timeout
    app.step()
    while app.session.busy and time.monotonic() < end:
        app.step()
        time.sleep(0.01)
    until = time.monotonic() + 1.1
    while time.monotonic() < until:
        app.step()
        app.wait_frame()


if __name__ == "__main__":
    raise SystemExit(main())


def _save(surface: Any, path: str) -> None:
    """The window's picture as PNG, written as every save is (safefile)."""
    import io

    import pygame  # lazy: after SDL_VIDEODRIVER is set

    from ..session.safefile import atomic_write

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "screenshot.png")
    atomic_write(path, buffer.getvalue())
