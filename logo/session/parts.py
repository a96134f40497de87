"""Parts of an interpreter made on first use: the turtle world, the file streams, the
widgets, a microworld's state.  Each is kept on the interpreter as ``_name``, so an
interpreter that never draws never builds a world (nor imports numpy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def part(I: Any, name: str, make: Callable[[], T]) -> T:
    """The interpreter's part ``name``, made with ``make()`` the first time."""
    value = getattr(I, "_" + name, None)
    if value is None:
        value = make()
        setattr(I, "_" + name, value)
    return value
