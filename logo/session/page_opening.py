"""LOAD of a file and the page's widgets: a file that makes widgets replaces the page's.

Apart from ``logo/primitives/microworld.py`` (the widget primitives) so that LOAD and
``logo run FILE``, which load every file through it, do not import the widgets' classes
(``logo/session/widgets.py``, dataclasses: ~10 ms of imports) when there is no page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def opening_page(I: Any) -> Iterator[None]:
    """LOAD of a file: its widgets, if it makes any, replace the page's (``Widgets.opening``);
    the forever buttons replaced stop, and their names stop meaning anything."""
    ws = I.page_widgets
    if ws is None or not ws.items:  # no page to replace
        yield
        return
    try:
        with ws.opening():
            yield
    finally:
        if ws.replaced:
            I.generation += 1
            sched: Any = I.scheduler
            for w in ws.replaced if sched is not None else ():
                p = sched.button_process(w)
                if p is not None:
                    sched.end(p)
