"""A private X server for one window test: ``Xvfb -displayfd`` picks a free display
number itself, so two test runs at once never race for one (``xvfb-run -a`` checks for
a free number and then starts the server, and two runs can pick the same)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

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
