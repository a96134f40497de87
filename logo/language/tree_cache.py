"""Parsed trees shared by the instruction lists that are written alike.

A lesson file, a long file of top-level lines, the lists that IF and RUN run: most of
their lines are the same few words again and again (``make "x :x + 3``), and parsing
each one again (runparse, then the parser asking what every name is) is most of what
running them costs.  So the interpreting tier asks here first: the trees of a list are
kept by its *words* (the list's key) and given again to any list written with the same
words.  A literal list or array inside the line is no part of the key (the parse of the
line does not look inside it: it is one operand); the tree kept has a :class:`Slot` in
its place, and each line gets a tree with its own list there (a list is data, which the
program may change: two lines never share one).

Parsing depends on what the names mean, so the trees kept are valid for one generation
of the definitions (``Interpreter.generation``, which every TO, ERASE, DEFINE, COPYDEF,
widget, STEP, TRACE and ERRACT change: the compiled code the lists cache is made again
then too) and for one set of primitives (a microworld loaded adds some).  Not kept: a
line whose parse failed (its error is raised where it is reached, and is located then:
each line needs its own), a parse during which a name was loaded from the library (the
generation changed under it), a long line (one line of 100,000 ``fd 1`` is run once; its
tree must go when it has run), a line holding anything but plain words, lists and arrays
(a number or an escaped word as data: ``3`` and ``3.0`` are equal keys).
"""

from __future__ import annotations

from typing import Any

from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node
from .procedures import Procedure
from .values import EMPTY, LogoArray, LogoList

MOST_WORDS = 40  # a longer list is not kept (it is rarely written twice)
MOST_KEPT = 2048  # trees kept before all are dropped and the keeping starts again
_WORDS = {str}
_SEEN = object()  # an entry: the words were seen once (their trees are kept the next time)
_LIST, _ARRAY = object(), object()  # a list's, an array's place in a key
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for"))


class Slot(Node):
    """The place of the ``k``-th literal list or array of the line, in a kept tree."""

    __slots__ = ("k",)

    def __init__(self, k: int):
        self.k = k


class _Unkept(Exception):
    """A tree that is not kept (a Fail in it)."""


class TreeCache:
    """The trees of one interpreter's instruction lists, by their words: for each key,
    ``(nodes, loop, holders)``; ``holders`` the ids of the kept nodes that hold a slot
    (None: no slot, the nodes are given as they are)."""

    __slots__ = ("entries", "gen", "loaded", "registry")

    def __init__(self) -> None:
        self.entries: dict[tuple, Any] = {}  # (nodes, loop, holders), or _SEEN
        self.gen, self.loaded = -1, -1
        self.registry: Any = None

    def valid(self, I: Any) -> None:
        """Forget every tree if a definition or the primitives changed since they were
        kept."""
        registry = I.registry
        if I.generation != self.gen or registry is not self.registry or len(
                registry.loaded) != self.loaded:
            self.entries = {}
            self.gen, self.registry, self.loaded = I.generation, registry, len(registry.loaded)


def list_key(items: list[Any]) -> tuple[tuple | None, list[Any]]:
    """The key of a list's items and its literal lists and arrays, in order; a key of
    None when the list cannot be kept."""
    if len(items) > MOST_WORDS:
        return None, []
    types = set(map(type, items))
    if types == _WORDS:  # (the usual: words only)
        return tuple(items), []
    key: list[Any] = []
    lists: list[Any] = []
    for x in items:
        t = type(x)
        if t is str:
            key.append(x)
        elif t is LogoList and x is not EMPTY:
            key.append(_LIST)
            lists.append(x)
        elif t is LogoArray:
            key.append(_ARRAY)
            lists.append(x)
        else:
            return None, []
    return tuple(key), lists


def parsed(I: Any, lst: LogoList, idx: int = 0) -> tuple[list[Node], bool]:
    """The trees of the instruction list ``lst`` (line ``idx`` of what it is in) and
    whether they call a loop with a literal list (:func:`has_loop`)."""
    nodes, loop, _ = parsed_line(I, lst, idx)
    return nodes, loop


def parsed_line(I: Any, lst: LogoList, idx: int = 0
                ) -> tuple[list[Node], bool, list[Any] | None]:
    """:func:`parsed`, and the literal lists and arrays of ``lst`` (None when the list
    could not be keyed: they are not known then).  A list's trees are kept the second
    time its words are seen (most lines of a lesson are written once: the first time,
    only that the words were seen is kept)."""
    cache: TreeCache = I.trees
    cache.valid(I)
    key, lists = list_key(lst.items())
    if key is None:
        nodes = I.compiler.parse(lst, idx)
        return nodes, has_loop(nodes), None
    key = (key, idx)
    entries = cache.entries
    entry = entries.get(key)
    if entry is not None and entry is not _SEEN:
        nodes, loop, holders = entry
        if holders is None:
            return nodes, loop, lists
        return [_fill(n, lists, holders) for n in nodes], loop, lists
    gen = I.generation
    nodes = I.compiler.parse(lst, idx)
    loop = has_loop(nodes)
    if I.generation != gen:  # a name loaded from the library: kept trees are gone
        return nodes, loop, lists
    if entry is None:
        if len(entries) >= MOST_KEPT:
            entries = cache.entries = {}
        entries[key] = _SEEN
    elif len(set(map(id, lists))) == len(lists):
        _keep(entries, key, nodes, loop, lists)
    return nodes, loop, lists


def _keep(entries: dict, key: tuple, nodes: list[Node], loop: bool,
          lists: list[Any]) -> None:
    """Keep the trees of a list (with slots for its literal lists), if they can be."""
    slots = {id(x): k for k, x in enumerate(lists)}
    holders: set[int] = set()
    try:
        kept = [_template(n, slots, holders) for n in nodes]
    except _Unkept:
        return
    entries[key] = (kept, loop, frozenset(holders) if lists else None)


def _template(node: Any, slots: dict[int, int], holders: set[int]) -> Node:
    """``node`` with a Slot for each Const that is one of the line's literal lists
    (the nodes that hold one are new, and noted in ``holders``; others are shared)."""
    t = type(node)
    if t is Const:
        k = slots.get(id(node.value))
        return node if k is None else Slot(k)
    if t is Call or t is GetSet:
        args = [_template(a, slots, holders) for a in node.args]
        if all(a is b for a, b in zip(args, node.args)):
            return node
        new: Node = Call(node.name, node.target, args, node.line) if t is Call else GetSet(
            node.name, args, node.line)
    elif t is Infix:
        left, right = _template(node.left, slots, holders), _template(node.right, slots,
                                                                       holders)
        if left is node.left and right is node.right:
            return node
        new = Infix(node.op, left, right)
    elif t is Neg:
        operand = _template(node.operand, slots, holders)
        if operand is node.operand:
            return node
        new = Neg(operand)
    elif t is Fail:
        raise _Unkept
    else:
        return node
    holders.add(id(new))
    return new


def _fill(node: Any, lists: list[Any], holders: frozenset[int]) -> Any:
    """A kept tree with this line's own lists in its slots (nodes with none shared)."""
    t = type(node)
    if t is Slot:
        return Const(lists[node.k])
    if id(node) not in holders:
        return node
    if t is Call:
        return Call(node.name, node.target, [_fill(a, lists, holders) for a in node.args],
                    node.line)
    if t is GetSet:
        return GetSet(node.name, [_fill(a, lists, holders) for a in node.args], node.line)
    if t is Infix:
        return Infix(node.op, _fill(node.left, lists, holders),
                     _fill(node.right, lists, holders))
    return Neg(_fill(node.operand, lists, holders))


def has_loop(nodes: list[Node]) -> bool:
    """Whether a loop primitive with a literal instruction list is called in ``nodes``."""
    for node in nodes:
        if type(node) is Call:
            target = node.target
            if type(target) is not Procedure and target.name in LOOPS and any(
                    type(a) is Const and type(a.value) is not str for a in node.args):
                return True
            if node.args and has_loop(node.args):
                return True
        elif type(node) is Infix:
            if has_loop([node.left, node.right]):
                return True
        elif type(node) is Neg and has_loop([node.operand]):
            return True
    return False
