"""Compiled code for a line's shape: RUN of lists a program builds again and again.

``repeat 100000 [run (list "make quoted "t (list ":t "+ repcount))]`` runs a new list
each time, so no list's own cache helps: each is parsed (``tree_cache`` gives the kept
tree of lines written alike, filled with the line's own lists, numbers and words) and
interpreted.  Here, once a line's *shape* (its tree_cache key: the words the parse looks
at, a slot for each literal list, number and quoted word) has been run :data:`HOT` times,
the kept tree is compiled once, each slot read from the function's third argument (the
line's own values, in slot order): ``code(I, V, values)``.  Each new list of that shape
then costs its key and the call.

The compiler sees each slot as a constant of a type it knows nothing of
(:class:`_Placeholder`), so it specialises nothing on the value: a quoted word is a
computed name (MAKE of it calls the primitive), a number is tested at run time as any
value read, a list is run by its primitive (IF, REPEAT, CATCH...), as the interpreting tier
runs it.  Each placeholder's global becomes a local of the function, set from the values;
a shape whose compiled code keeps a placeholder anywhere else (inside a constant made at
compile time) is not compiled.  Not compiled either: a shape with a literal array (a
line's array is copied each run: ``fresh_array``), a line with a loop (the list itself is
compiled at once, ``interpreting.tree_code``), lines under ERRACT, STEP or TRACE, or
``LOGO_TIERS`` other than the default (then no list is compiled by its use).
"""

from __future__ import annotations

import re
from typing import Any

from . import depth
from .built_runs import not_compiled as _not_compiled
from .emitter import Emitter
from .errors import LogoError
from .interpreting import TreeCode, tree_code
from .nodes import Call, Const, GetSet, Infix, Neg, Node
from .tree_cache import _ARRAY, _NEVER, _SEEN, MOST_KEPT, Slot, list_key, parsed_line
from .values import LogoList

HOT = 16  # runs of lists of one shape before the shape is compiled
_CONST_NAME = re.compile(r"K\d+$")


class _Placeholder:
    """Slot ``k`` of a shape while its code is compiled."""

    __slots__ = ("k",)

    def __init__(self, k: int):
        self.k = k


def list_code(I: Any, lst: LogoList, mode: str, slot: int) -> Any:
    """The code of a list for its first run (``Interpreter._list_code``): its shape's
    compiled code with its values, where that shape is hot, else ``tree_code``'s."""
    if I.tiers != "auto" or I.recover is not None or I.debugger is not None:
        return tree_code(I, lst, mode, slot)
    cache = I.trees
    cache.valid(I)
    key, values = list_key(lst.items())
    if key is None or _ARRAY in key:
        return tree_code(I, lst, mode, slot)
    skey = (key, 0, mode)
    shapes = cache.shapes
    hit = shapes.get(skey)
    if hit is not None and type(hit) is not int:
        if hit is _not_compiled:
            return tree_code(I, lst, mode, slot)
        return lambda I, V: hit(I, V, values)
    nodes, loop, _ = parsed_line(I, lst)
    if loop:
        return I.compiler.compile_list([lst], mode)
    runs = (hit or 0) + 1
    entry = cache.entries.get((key, 0))
    if runs < HOT or entry is None or entry is _SEEN or entry is _NEVER:
        if len(shapes) >= MOST_KEPT:  # (a program of many shapes keeps no pile)
            shapes.clear()
        shapes[skey] = runs
        return TreeCode(lst, nodes, mode, slot)
    gen = I.generation
    try:
        code = _compile_shape(I.compiler, entry[0], mode)
    except LogoError:  # (past Python's limits: the trees run as they did)
        code = _not_compiled
    if I.generation == gen:  # (else a name was loaded meanwhile: the trees went)
        shapes[skey] = code
    if code is _not_compiled:
        return TreeCode(lst, nodes, mode, slot)
    return lambda I, V: code(I, V, values)


def _placed(node: Any) -> Node:
    """A kept tree with a placeholder constant in each slot (the nodes that hold none
    are the kept ones)."""
    t = type(node)
    if t is Slot:
        return Const(_Placeholder(node.k))
    if t is Call:
        return Call(node.name, node.target, [_placed(a) for a in node.args], node.line)
    if t is GetSet:
        return GetSet(node.name, [_placed(a) for a in node.args], node.line)
    if t is Infix:
        return Infix(node.op, _placed(node.left), _placed(node.right))
    if t is Neg:
        return Neg(_placed(node.operand))
    return node


@depth.guarded
def _compile_shape(compiler: Any, kept: list[Node], mode: str) -> Any:
    """``code(I, V, values)`` for the kept trees ``kept``, or :func:`_not_compiled`."""
    from . import list_value  # lazy: the compiler's modules, loaded with it
    from .compiler import Statements

    I = compiler.I
    body = [_placed(n) for n in kept]
    em = Emitter(I, [LogoList()], mode)
    em.careful = compiler.careful
    Statements(compiler, em).block(body, tail=True)
    em.emit(list_value.end(em, body, mode))
    locals_: list[str] = []
    for name, value in list(em.globals.items()):
        if type(value) is _Placeholder and _CONST_NAME.match(name):
            locals_.append(f"    {name} = values[{value.k}]")
            del em.globals[name]
        elif _holds_placeholder(value):
            return _not_compiled
    return compiler.function("def body(I, V, values):\n" + "\n".join(locals_ + em.out) + "\n", em)


def _holds_placeholder(value: Any) -> bool:
    """Whether a constant of the compiled code holds a placeholder (a node, a tuple)."""
    if type(value) is _Placeholder or isinstance(value, Node):
        return True
    if type(value) in (tuple, list, frozenset, set):
        return any(_holds_placeholder(v) for v in value)
    if type(value) is dict:
        return any(_holds_placeholder(v) for v in value.values())
    return False
