"""Resource limits for a running program: memory (``--max-memory``).

A watch thread reads the process's resident memory every few milliseconds and, past
the limit, asks the program to stop with the Logo error "Out of space" (the workspace
stays as it was).  A hard address-space limit well above it is the backstop for a
single operation that grows faster than the watch can see.
"""

from __future__ import annotations

import os
import threading
from typing import Any

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int:
    """This process's resident memory, from /proc (0 where there is none)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def virtual_bytes() -> int:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


class MemoryWatch:
    """Stops ``interp`` with "Out of space" when it uses more than ``limit_mb`` MB more
    than it did when the watch started."""

    def __init__(self, interp: Any, limit_mb: int, interval: float = 0.005):
        self.interp = interp
        self.limit = limit_mb * 1024 * 1024
        self.base = resident_bytes()
        self.interval = interval
        self.tripped = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="memory-watch", daemon=True)

    def start(self) -> MemoryWatch:
        self._hard_limit()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        while not self._stop.wait(self.interval):
            if resident_bytes() - self.base > self.limit and not self.tripped:
                self.tripped = True
                self.interp.request_stop(reason="memory", detail=self.limit // 2**20)

    def _hard_limit(self) -> None:
        try:
            import resource  # lazy: POSIX only

            hard = virtual_bytes() + 3 * self.limit + 256 * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        except (ImportError, ValueError, OSError):
            pass
