"""Parts of an interpreter made on first use: the file streams, a microworld's state.
Each is kept in the interpreter's ``parts`` dictionary under its name, so an interpreter
that never opens a file never builds its streams.  (The turtle world and the widgets,
read on hot paths, are plain attributes: ``turtle_world``, ``page_widgets``.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def part(I: Any, name: str, make: Callable[[], T]) -> T:
    """The interpreter's part ``name``, made with ``make()`` the first time."""
    value = I.parts.get(name)
    if value is None:
        value = I.parts[name] = make()
    return value
