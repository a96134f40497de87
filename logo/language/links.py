"""The links of a run of list pairs (lists.py): the pairs whose butfirst is not the pair
below them, after ``.SETBF`` or an FPUT in the middle of a run."""

from __future__ import annotations

from bisect import insort

from .atoms import Value


class Links:
    """The pairs of one run whose butfirst is not the pair below: ``at[p]`` is the
    butfirst of the pair at ``p`` (a list, or a word after ``.SETBF list word``);
    ``pos`` holds the same positions sorted."""

    __slots__ = ("at", "pos")

    def __init__(self) -> None:
        self.at: dict[int, Value] = {}
        self.pos: list[int] = []

    def set(self, p: int, rest: Value) -> None:
        if p not in self.at:
            insort(self.pos, p)
        self.at[p] = rest
