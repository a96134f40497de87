"""The interpreting tier of procedure bodies (see ``interpreting.py`` for lists): a body
runs from its trees for its first :data:`HOT_CALLS` calls, then compiles.  A call last in
the body (or OUTPUT of a call, inside IF/IFELSE lists too) is a TailCall for the
trampoline, so the stack does not grow; an error is placed at its line; CATCH finds the
line in this tier's frame (:func:`running_line`)."""

from __future__ import annotations

from typing import Any

from . import runtime
from .errors import LogoError
from .interpreting import expression, has_loop, maybe_value, statement, values, who
from .nodes import Call, Const, Fail, Node
from .parser import parse_logo_line
from .procedures import Procedure, place_error
from .tree_cache import parsed
from .values import LogoList

HOT_CALLS = 2  # calls of a procedure before it is compiled ("auto")
_GO_ON = object()  # a statement of a procedure body that did not end the procedure


class ProcTree:
    """A procedure's body as trees, with the lists of its IF and IFELSE parsed once."""

    __slots__ = ("body", "calls", "gen", "lines", "lists", "proc")

    def __init__(self, proc: Procedure, body: list[Node], gen: int, lines: dict[int, int]):
        self.proc, self.body, self.gen = proc, body, gen
        self.lists: dict[int, list[Node]] = {}
        self.lines = lines  # the line of each body instruction that keeps none (``5``)
        self.calls = 0


def tree_procedure(I: Any, proc: Procedure) -> Any:
    """The code of ``proc`` for its first calls (``code(I, V)`` as compiled code), or
    None where it is compiled at once: a body with a loop or with TAGs (GOTO's
    segments are the compiled tier's)."""
    body: list[Node] = []
    lines: dict[int, int] = {}
    for idx, line in enumerate(proc.lines):
        nodes = (parsed(I, line, idx)[0] if type(line) is LogoList  # (lines written
                 else parse_logo_line(line, I.resolve, idx))  # alike share their trees)
        if nodes and type(nodes[0]) is Fail and nodes[0].whole:
            body = nodes  # UCBLogo reads the whole body before running any of it
            break
        body.extend(nodes)
        lines.update((id(n), idx) for n in nodes if not hasattr(n, "line"))
    if _has_tag(body) or (I.tiers == "auto" and has_loop(body)):
        return None
    tree = ProcTree(proc, body, I.generation, lines)

    def code(I: Any, V: Any) -> Any:
        tree.calls += 1
        if tree.calls > HOT_CALLS and I.tiers == "auto" and proc.code is code \
                and I.recover is None:
            proc.code = compiled = I.compiler.compile_procedure(proc)
            return compiled(I, V)
        result = _proc_block(I, tree, tree.body, True)
        return None if result is _GO_ON else result

    code.tree = tree  # type: ignore[attr-defined]
    return code


def _has_tag(body: list[Node]) -> bool:
    return any(type(n) is Call and type(n.target) is not Procedure and n.target.name == "tag"
               for n in body)


def _proc_block(I: Any, tree: ProcTree, nodes: list[Node], tail: bool) -> Any:
    """Run instructions of a procedure body; what ends the procedure (None for STOP,
    OUTPUT's value, a TailCall for the trampoline), or _GO_ON."""
    last = len(nodes) - 1
    for i, node in enumerate(nodes):
        try:
            result = _proc_statement(I, tree, node, tail and i == last)
        except LogoError as err:
            if err.proc is None:
                err.proc = tree.proc.name
                place_error(err, tree.proc, _line_of(tree, node))
            raise
        if result is not _GO_ON:
            return result
    return _GO_ON


def _proc_statement(I: Any, tree: ProcTree, node: Any, tail: bool) -> Any:
    if type(node) is Call:
        target = node.target
        if type(target) is Procedure:
            if tail and not target.macro:  # the trampoline runs it: no stack grows
                return runtime.TailCall(target, values(I, node.args, node.name), True,
                                        tree.proc, node.line)
        elif target.name == "output" and len(node.args) == 1:
            arg = node.args[0]
            if type(arg) is Call and type(arg.target) is Procedure and not arg.target.macro:
                return runtime.TailCall(arg.target, values(I, arg.args, arg.name), False,
                                        tree.proc, node.line)
            return expression(I, arg, node.name)
        elif target.name == "stop" and not node.args:
            return None
        elif target.name == ".maybeoutput" and len(node.args) == 1:
            return maybe_value(I, node.args[0], node.name)
        elif target.name in ("if", "ifelse") and len(node.args) in (2, 3) and all(
                type(a) is Const and type(a.value) is LogoList for a in node.args[1:]):
            return _proc_if(I, tree, node, tail)
    statement(I, node, False)
    return _GO_ON


def _proc_if(I: Any, tree: ProcTree, node: Call, tail: bool) -> Any:
    """IF and IFELSE with literal lists in a procedure: the list chosen runs as part of
    the body (its OUTPUT and its tail calls are the procedure's)."""
    args: Any = node.args
    test = who(runtime.truth_run, node.name, I, expression(I, args[0], node.name))
    if not test and len(args) == 2:
        return _GO_ON
    lst = args[1].value if test else args[2].value
    nodes = tree.lists.get(id(lst))
    if nodes is None:
        nodes = tree.lists[id(lst)] = parsed(I, lst, node.line)[0]
        tree.lines.update((id(n), node.line) for n in nodes if not hasattr(n, "line"))
    return _proc_block(I, tree, nodes, tail)



def running_line(frame: Any, proc: Procedure) -> tuple[bool, int | None]:
    """Whether the Python frame ``frame`` runs ``proc``'s body in this tier, and the
    line it is at (CATCH's frame and those it was called from: session/locating.py)."""
    if frame.f_code is not _proc_block.__code__:
        return False, None
    tree, node = frame.f_locals.get("tree"), frame.f_locals.get("node")
    if tree is None or tree.proc is not proc:
        return False, None
    return True, _line_of(tree, node)


def _line_of(tree: ProcTree, node: Any) -> int | None:
    """The body line of an instruction of ``tree`` (its own, or the one it is on)."""
    line = getattr(node, "line", None)
    return tree.lines.get(id(node)) if line is None else line
