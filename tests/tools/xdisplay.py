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
