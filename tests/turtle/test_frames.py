"""Whole frames (logo/turtle/frames.py): a window never shows a page being redrawn."""

from __future__ import annotations

import threading

import numpy as np

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from logo.turtle.world import TurtleWorld

INK = (200, 0, 0)


def _inked(frame) -> int:
    return int((frame.pixels == INK).all(axis=-1).sum())


def _scene(world: TurtleWorld) -> None:
    world.clean()
    xy = np.array([[[-100.0, y], [100.0, y]] for y in range(-50, 50, 5)])
    world.draw_batch(xy, INK)


def test_refresh_mode_shows_drawing_as_it_goes() -> None:
    world = TurtleWorld()
    first = world.frames.shown()
    world.forward(50)
    second = world.frames.shown()
    assert second.serial > first.serial
    assert not np.array_equal(first.pixels, second.pixels)
    assert world.frames.shown() is second  # nothing changed: the same frame


def test_a_batch_shows_the_old_frame_until_it_ends() -> None:
    world = TurtleWorld()
    _scene(world)
    before = world.frames.shown()
    assert _inked(before) > 0
    with world.frames.batch():
        world.clean()
        assert world.frames.shown() is before  # the wiped page is never shown
        world.draw_batch(np.array([[[0.0, 0.0], [0.0, 90.0]]]), INK)
    after = world.frames.shown()
    assert after.serial > before.serial and _inked(after) > 0


def test_norefresh_shows_drawing_only_at_boundaries() -> None:
    I = Interpreter(BufferHost())
    I.load_source("fd 10 norefresh")
    frames = I.world.frames
    shown = frames.shown()
    I.load_source("fd 40 rt 90 fd 40")
    assert frames.shown() is shown
    frames.take()  # the end of a command (a window's scheduler does this)
    assert frames.shown() is not shown
    I.load_source("refresh")
    assert frames.auto


def test_a_window_thread_never_sees_a_wiped_page() -> None:
    world = TurtleWorld()
    _scene(world)
    world.frames.shown()
    done = threading.Event()

    def animate() -> None:
        for _ in range(300):
            with world.frames.batch():
                _scene(world)
        done.set()

    thread = threading.Thread(target=animate)
    thread.start()
    blank = seen = 0
    while not done.is_set():
        frame = world.frames.shown()
        seen += 1
        blank += _inked(frame) < 1000
    thread.join()
    assert seen > 0 and blank == 0
