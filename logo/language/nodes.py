"""The expression trees the parser builds and the compiler turns into Python: constants,
variable reads, calls, ALLOWGETSET names, infix operations, unary minus, and the
instructions that could not be parsed."""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .lists import LogoList


class Node:
    __slots__ = ()


class Const(Node):
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


class VarRef(Node):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Call(Node):
    """A call of a primitive (``target`` a PrimSpec) or procedure (a Procedure)."""

    __slots__ = ("args", "line", "name", "target")

    def __init__(self, name: str, target: Any, args: list[Node], line: int):
        self.name = name
        self.target = target
        self.args = args
        self.line = line


class GetSet(Node):
    """A name that is no procedure when the line is read: UCBLogo's ALLOWGETSET decides
    when it runs (``foo`` reads the variable foo, ``setfoo value`` sets it)."""

    __slots__ = ("args", "line", "name")

    def __init__(self, name: str, args: list[Node], line: int):
        self.name = name
        self.args = args
        self.line = line


class Infix(Node):
    __slots__ = ("left", "op", "right")

    def __init__(self, op: str, left: Node, right: Node):
        self.op = op
        self.left = left
        self.right = right


class Neg(Node):
    __slots__ = ("operand",)

    def __init__(self, operand: Node):
        self.operand = operand


class Fail(Node):
    """An instruction that could not be parsed: raises ``error`` when reached; with
    ``whole`` the whole line (procedure body) fails before it runs."""

    __slots__ = ("error", "line", "whole")

    def __init__(self, error: LogoError, line: int, whole: bool = False):
        self.error = error
        self.line = line
        self.whole = whole


def literal_list(node: Node) -> LogoList | None:
    """The list of a node that is a list typed in the line (``[fd 10]``), else None."""
    if isinstance(node, Const) and isinstance(node.value, LogoList):
        return node.value
    return None
