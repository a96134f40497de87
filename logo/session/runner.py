"""Running Logo on a worker thread with a large stack, so that deep (non-tail) recursion
is a Logo error at the depth limit rather than a crash, and so that the caller's thread
stays free to notice Ctrl-C (or a Stop button) and ask the program to stop."""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 400_000


@contextmanager
def recursion_limit(at_least: int) -> Iterator[None]:
    """While Logo runs, the process's recursion limit is at least ``at_least``; it is put
    back afterwards (making an interpreter or importing a module changes nothing)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, at_least))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


FRAME_ROOM = 1 << 20  # slots (8 MB, reserved, touched only as calls go deep)


def in_room(fn: Callable[[], Any]) -> Any:
    """``fn()`` called from a Python frame made roomy (:data:`FRAME_ROOM`).  CPython
    (3.11 on) keeps a thread's Python frames in chunks of 16 KB, and frees a chunk as
    soon as a return leaves it: a recursion going up and down across a chunk's edge
    (Logo's FIB, any tree recursion) allocates and frees memory at every crossing, which
    made a worker thread's FIB up to 2.5 times slower, depending on the depth it started
    at.  This frame's room is one big chunk, so the program's own frames fill it first
    and no chunk is freed until ``fn`` returns.  Elsewhere it is a plain call."""
    return _roomy(fn)


def _roomy(fn: Callable[[], Any]) -> Any:
    return fn()


_roomy.__code__ = _roomy.__code__.replace(co_stacksize=FRAME_ROOM)  # (unused stack room)


class Stuck(Exception):
    """The program did not stop within the grace time after its time limit (one long
    step that never reaches a point where it could stop); the worker is still busy."""


class Runner:
    """One worker thread; ``call(fn)`` runs ``fn()`` there and returns its result."""

    def __init__(self) -> None:
        self._jobs: deque = deque()  # (a deque and a semaphore: queue is slow to import)
        self._ready = threading.Semaphore(0)
        old = threading.stack_size()
        threading.stack_size(STACK_BYTES)
        try:
            self._thread = threading.Thread(target=self._loop, name="logo", daemon=True)
            self._thread.start()
        finally:
            threading.stack_size(old)

    def _loop(self) -> None:
        while True:
            self._ready.acquire()
            fn, box, done = self._jobs.popleft()
            with recursion_limit(RECURSION_LIMIT):
                try:
                    box.append((True, in_room(fn)))
                except BaseException as exc:  # handed back to the caller's thread
                    box.append((False, exc))
            done.set()

    def call(self, fn: Callable[[], Any], on_interrupt: Callable[[], None] | None = None,
             timeout: float | None = None, on_timeout: Callable[[], None] | None = None,
             grace: float | None = None) -> Any:
        """Run ``fn`` on the worker; Ctrl-C in this thread calls ``on_interrupt`` (and
        waits for ``fn`` to end); after ``timeout`` seconds ``on_timeout`` is called, and
        if ``fn`` is still running ``grace`` seconds later, :class:`Stuck` is raised."""
        box: list = []
        done = threading.Event()
        self._jobs.append((fn, box, done))
        self._ready.release()
        deadline = None if timeout is None else time.monotonic() + timeout
        give_up = None
        while not done.is_set():
            try:
                done.wait(0.02)
            except KeyboardInterrupt:
                if on_interrupt is None:
                    raise
                on_interrupt()
            now = time.monotonic()
            if deadline is not None and now > deadline and on_timeout:
                on_timeout()
                deadline = None
                give_up = None if grace is None else now + grace
            if give_up is not None and now > give_up and not done.is_set():
                raise Stuck()
        ok, value = box[0]
        if ok:
            return value
        raise value
