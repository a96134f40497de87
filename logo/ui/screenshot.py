"""A picture of the window for the docs, made with SDL's dummy driver (no display):

    python -m logo.ui.screenshot OUT.png [LESSON.lgo] [-e INSTRUCTION]... [--click BUTTON]...
        [--toolbar ACTION]... [--type TEXT]... [--key NAME]... [--size WxH] [--settle S]
        [--lang ru]

The lesson is loaded (its STARTUP runs); then, in the order given, the instructions are
typed into the command center, the page's buttons clicked and the toolbar's actions
(``flip`` for the procedures pane, ``new``, ``info``...: ui/toolbar.py ACTIONS) taken;
the window is saved once everything has finished (a dialog an action opened included).
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
    steps: list[tuple[str, str]] = []
    for flag, kind in STEPS:
        p.add_argument(flag, action=_Step, dest="steps", kind=kind, default=steps)
    p.add_argument("--size", help="the window's size, WxH (default: as the window opens)")
    p.add_argument("--settle", type=float, default=120.0,
                   help="the most seconds to wait for a step to finish (a STEP waits)")
    p.add_argument("--lang", default="en")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    from .app import App, window_size  # lazy: pygame, after the driver

    size = window_size()
    if args.size:
        width, _, height = args.size.partition("x")
        size = (int(width), int(height))
    app = App([args.lesson] if args.lesson else [], lang=args.lang, size=size)
    try:
        settle(app, args.settle)
        for kind, value in args.steps:
            take_step(app, kind, value)
            settle(app, args.settle)
        _save(app.screen, args.out)
    finally:
        app.close()
    return 0


# the steps, in the order given: a command-center line, a page button, a toolbar action,
# text typed into whatever has the keys (a dialog's filter), a key by its pygame name
STEPS = (("-e", "line"), ("--click", "click"), ("--toolbar", "toolbar"), ("--type", "type"),
         ("--key", "key"))


def take_step(app: Any, kind: str, value: str) -> None:
    import pygame  # lazy: after SDL_VIDEODRIVER is set

    from . import focus

    if kind == "line":  # typed in the command center, as after a click on it
        focus.focus_command(app)
        app.command.edit.set(value)
        app.actions.key(pygame.K_RETURN, 0)
    elif kind == "click":
        app.session.click_button(app.session.widgets.get(value))
    elif kind == "toolbar":
        app.actions.toolbar(value)
    elif kind == "type":
        app.actions.text(value)
    else:
        app.actions.key(pygame.key.key_code(value), 0)


class _Step(argparse.Action):
    """Each of the STEPS options adds a step, kept in the order typed."""

    def __init__(self, *args: Any, kind: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        getattr(namespace, self.dest).append((self.kind, values))


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



def _save(surface: Any, path: str) -> None:
    """The window's picture as PNG, written as every save is (safefile)."""
    import io

    import pygame  # lazy: after SDL_VIDEODRIVER is set

    from ..session.safefile import atomic_write

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "screenshot.png")
    atomic_write(path, buffer.getvalue())


if __name__ == "__main__":
    raise SystemExit(main())
