"""A private X server for one window test: ``Xvfb -displayfd`` picks a free display
number itself, so two test runs at once never race for one (``xvfb-run -a`` checks for
a free number and then starts the server, and two runs can pick the same); and the real
window on it, driven from the test, which waits for what the window shows (never a
fixed sleep that assumes a fast machine)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]  # the tree under test

X_TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
_MISSING_TOOLS = [t for t in X_TOOLS if shutil.which(t) is None]
# a window test driven end to end: skipped, with the reason, where the X tools are missing
NEEDS_X_TOOLS = pytest.mark.skipif(
    bool(_MISSING_TOOLS), reason=f"needs {', '.join(_MISSING_TOOLS)} (apt-get install xvfb "
                                 "xdotool imagemagick x11-utils; .ci/run does)")


def missing() -> str | None:
    """What is missing to start one here (None when nothing is)."""
    return None if shutil.which("Xvfb") else "no Xvfb (apt-get install xvfb)"


@contextmanager
def virtual_display(screen: str = "1024x960x24", wait: float = 20.0) -> Iterator[str]:
    """Start an X server with one screen of that size; yields its DISPLAY (``:N``)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen,
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], wait)
        number = os.read(read_end, 32).decode().strip() if ready else ""
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        os.close(read_end)
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()


# (A test in Python drives the window with real_window below, which waits for what the
# window shows; this is for a drive script in bash.)
# A bash function for the window tests' drive scripts: ``open_window LOG TENTHS COMMAND...``
# starts the window (COMMAND, its output into LOG), waits up to TENTHS tenths of a second
# for it to show, and sets WID and PID; a window process that ends before it shows (on a
# loaded machine) is started again, up to 3 times, its log printed; none: exit 3.
OPEN_WINDOW = r"""
open_window() {
  local log=$1 tenths=$2; shift 2
  WID=""
  for try in 1 2 3; do
    "$@" > "$log" 2>&1 &
    PID=$!
    for i in $(seq "$tenths"); do
      WID=$(xwininfo -root -tree 2>/dev/null | grep 'Logo microworlds"' | awk '{print $1}' | head -1)
      [ -n "$WID" ] && return 0
      kill -0 $PID 2>/dev/null || break
      sleep 0.1
    done
    echo "attempt $try: no window"; cat "$log"; kill $PID 2>/dev/null
  done
  echo "no window"; exit 3
}
"""


# --- driving the real window from the test, waiting for what it shows -----------------
DEADLINE = 30.0  # seconds a window test waits for something to show (a loaded machine)


def wait_until(done: Callable[[], object], timeout: float = DEADLINE,
               every: float = 0.1) -> bool:
    """Poll ``done()`` until it is true or ``timeout`` seconds have passed; whether it
    came true.  For a file written, a process ended: never a sleep that assumes speed."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            return bool(done())
        time.sleep(every)
    return True


class RealWindow:
    """The real ``logo`` window on a private X server (see :func:`real_window`): keys and
    clicks sent with xdotool, screenshots taken with ImageMagick's ``import``.  Input goes
    in order through the X server, so a test waits only where it must see a result:
    :meth:`wait_shot` photographs the screen until a check on the picture holds."""

    def __init__(self, env: dict[str, str], out: Path, cwd: Path | None = None) -> None:
        self.env, self.out, self.cwd = env, out, cwd
        self.log = out / "log.txt"
        self.process: subprocess.Popen | None = None
        self.wid = ""

    def open(self, argv: list[str], timeout: float = DEADLINE, tries: int = 3) -> None:
        """Start the window and wait until X shows it; a window process that ends before
        it shows (on a loaded machine) is started again, up to ``tries`` times."""
        for _ in range(tries):
            with self.log.open("w") as log:
                self.process = subprocess.Popen(argv, env=self.env, cwd=self.cwd,
                                                stdout=log, stderr=subprocess.STDOUT)
            found = wait_until(self._shown_or_ended, timeout)
            if found and self.wid:
                return
            self.close()
        raise AssertionError(f"no window after {tries} tries: {self.said()}")

    def _shown_or_ended(self) -> bool:
        return self._find() or not self.alive()

    def _find(self) -> bool:
        tree = self.x("xwininfo", "-root", "-tree")
        for line in tree.splitlines():
            if 'Logo microworlds"' in line:
                self.wid = line.split()[0]
                return True
        return False

    def x(self, *argv: str) -> str:
        """Run an X tool against this display; its output."""
        done = subprocess.run(argv, env=self.env, capture_output=True, text=True,
                              timeout=2 * DEADLINE)
        return done.stdout

    def said(self) -> str:
        """The window process's output so far (for a failure's message)."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def key(self, *keys: str) -> None:
        self.x("xdotool", "key", "--delay", "30", *keys)

    def type(self, text: str, delay: int = 10) -> None:
        self.x("xdotool", "type", "--delay", str(delay), text)

    def type_line(self, text: str) -> None:
        self.type(text)
        self.key("Return")

    def point(self, x: float, y: float) -> None:
        self.x("xdotool", "mousemove", str(round(x)), str(round(y)))

    def click(self, x: float, y: float) -> None:
        self.x("xdotool", "mousemove", str(round(x)), str(round(y)), "click", "1")

    def shot(self, name: str) -> np.ndarray:
        """Photograph the screen into ``OUT/name.png``; its pixels (rows, columns, RGB)."""
        from tests.support import read_png

        path = self.out / f"{name}.png"
        self.x("import", "-window", "root", str(path))
        return read_png(path)[:, :, :3] if path.exists() else np.zeros((1, 1, 3), np.uint8)

    def wait_shot(self, name: str, check: Callable[[np.ndarray], object],
                  timeout: float = DEADLINE, every: float = 0.2) -> np.ndarray:
        """Photograph the screen until ``check(pixels)`` holds or ``timeout`` seconds have
        passed; the last picture (the test's assertions judge it either way)."""
        end = time.monotonic() + timeout
        while True:
            pixels = self.shot(name)
            if check(pixels) or time.monotonic() > end or not self.alive():
                return pixels
            time.sleep(every)

    def wait_drawn(self, rect: tuple[int, int, int, int], timeout: float = DEADLINE) -> None:
        """Wait until the window has drawn itself: most of ``rect`` (x, y, w, h: a
        white part of it, the page) is white."""
        x, y, w, h = rect

        def white(p: np.ndarray) -> bool:
            part = p[y:y + h, x:x + w]
            return part.size > 0 and (part.min(axis=2) > 240).mean() > 0.5

        if not white(self.wait_shot("ready", white, timeout)):
            raise AssertionError(f"the window never drew: {self.said()}")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def wait_exit(self, timeout: float = DEADLINE) -> int | None:
        """Wait for the window process to end by itself; its exit status (None: it did
        not, and it is still open)."""
        assert self.process is not None
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        if self.alive():
            assert self.process is not None
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def real_window(argv: list[str], out: Path, env: dict[str, str] | None = None,
                cwd: Path | None = None) -> Iterator[RealWindow]:
    """The window ``argv`` starts, open on a private X server of its own (at 0,0), as a
    :class:`RealWindow`; closed and the server stopped afterwards."""
    env = {k: v for k, v in (env or os.environ).items() if k not in ("SDL_VIDEODRIVER",
                                                                     "DISPLAY")}
    env.update(SDL_VIDEODRIVER="x11", SDL_VIDEO_WINDOW_POS="0,0")
    # this tree's logo, whatever else is installed (from any folder ``cwd`` names)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        window = RealWindow(env, out, cwd)
        try:
            window.open(argv)
            yield window
        finally:
            window.close()
