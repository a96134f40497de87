"""Parsed trees shared by the instruction lists that are written alike.

A lesson file, a long file of top-level lines, the lists that IF and RUN run: most of
their lines are the same few words again and again (``make "x :x + 3``), and parsing
each one again (runparse, then the parser asking what every name is) is most of what
running them costs.  So the interpreting tier asks here first: the trees of a list are
kept by its *words* (the list's key) and given again to any list written alike.  What
the parse of a line does not look into is no part of the key: a literal list or array
(one operand: the parse of the line does not look inside it), a number and a quoted
word (``fd 10`` and ``fd 20``, ``make "a 1`` and ``make "b 2`` parse alike).  The tree kept has a :class:`Slot` in each such place, and
each line gets a tree with its own list, number or word there (a list is data, which the
program may change: two lines never share one).  The kept tree is made by parsing the
line with a stand-in token of the same kind in each slot.

Parsing depends on what the names mean, so the trees kept are valid for one generation
of the definitions (``Interpreter.generation``, which every TO, ERASE, DEFINE, COPYDEF,
widget, STEP, TRACE and ERRACT change: the compiled code the lists cache is made again
then too) and for one set of primitives (a microworld loaded adds some).  Not kept: a
line whose parse fails (its error is raised where it is reached, and is located then:
each line needs its own), a parse during which a name was loaded from the library (the
generation changed under it), a long line (one line of 100,000 ``fd 1`` is run once; its
tree must go when it has run), a line holding anything but words, numbers, lists and
arrays (an escaped word), a script's ``#!`` line.  A line's trees are kept the second
time its key is seen: most lines of a lesson are written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .atoms import parse_number
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node
from .parser import parse_line, parse_logo_line
from .procedures import Procedure
from .runparse import Quoted, item_tokens
from .values import EMPTY, LogoArray, LogoList

MOST_WORDS = 40  # a longer list is not kept (it is rarely written twice)
MOST_KEPT = 2048  # trees kept before all are dropped and the keeping starts again
_SEEN = object()  # an entry: the words were seen once (their trees are kept the next time)
_NEVER = object()  # an entry: the words' trees cannot be kept (their parse fails)
# the place in a key of a list, an array, a number word, a number (in a list made by a
# program), a quoted word
_LIST, _ARRAY, _NUM, _VALUE, _QUOTED = object(), object(), object(), object(), object()
# stand-ins for the numbers of a line while its kept tree is parsed: distinct int objects
_NUMBER_STARTS = frozenset("0123456789-.")
_NUMBERS = [10 ** 30 + k for k in range(MOST_WORDS + 1)]
_WORDS = [Quoted(f"\0{k}") for k in range(MOST_WORDS + 1)]  # ...and for its quoted words
_KINDS: dict[str, Any] = {}  # words seen in lines: what each is in a key (_word_kind)
_MISS = object()
# loops whose literal list makes its procedure or line compiled at its first run (FOREACH
# too: a template run for each member of its data)
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for",
                   "foreach"))


class Slot(Node):
    """The place of the ``k``-th literal list or array of the line, in a kept tree."""

    __slots__ = ("k",)

    def __init__(self, k: int):
        self.k = k


class _Unkept(Exception):
    """A tree that is not kept (a Fail in it)."""


class TreeCache:
    """The trees of one interpreter's instruction lists, by their keys: for each,
    ``(nodes, loop, fill, last)`` (``fill`` makes the trees with a line's own values in
    the slots, :func:`_filler`; None where there is none: the nodes are given as they
    are; ``last``, for a
    line whose slots are all number and quoted words, the words and trees it last
    gave), or a mark (``_SEEN``, ``_NEVER``)."""

    __slots__ = ("entries", "gen", "loaded", "registry", "shapes")

    def __init__(self) -> None:
        self.entries: dict[tuple, Any] = {}  # (nodes, loop, fill, last), or a mark
        self.shapes: dict[tuple, Any] = {}  # a shape's runs, or its code (shape_code.py)
        self.gen, self.loaded = -1, -1
        self.registry: Any = None

    def valid(self, I: Any) -> None:
        """Forget every tree if a definition or the primitives changed since they were
        kept."""
        registry = I.registry
        if I.generation != self.gen or registry is not self.registry or len(
                registry.loaded) != self.loaded:
            self.entries, self.shapes = {}, {}
            self.gen, self.registry, self.loaded = I.generation, registry, len(registry.loaded)


def list_key(items: list[Any]) -> tuple[tuple | None, list[Any]]:
    """The key of a list's items, and the values of its slots in order (its literal
    lists, arrays and numbers); a key of None when the list cannot be kept."""
    if len(items) > MOST_WORDS or (items and type(items[0]) is str and items[0][:2] == "#!"):
        return None, []
    key: list[Any] = []
    values: list[Any] = []
    kinds = _KINDS
    for x in items:
        t = type(x)
        if t is str:
            kind = kinds.get(x, _MISS)
            if kind is None:  # (a word that is its own key: the usual)
                key.append(x)
                continue
            if kind is _MISS:
                kind = _word_kind(x)
            if kind is None:
                key.append(x)
            else:
                key.append(kind[0])
                values.append(kind[1])
        elif t is LogoList and x is not EMPTY:
            key.append(_LIST)
            values.append(x)
        elif t is int or t is float:
            key.append(_VALUE)
            values.append(x)
        elif t is LogoArray:
            key.append(_ARRAY)
            values.append(x)
        else:
            return None, []
    return tuple(key), values


def _word_kind(x: str) -> tuple[Any, Any] | None:
    """What a word is in a key (kept for the next time it is seen): None for a word
    that is its own key, else its place's mark and the value in the slot."""
    c = x[:1]  # (a number begins with a decimal digit, - or .: atoms.parse_number)
    if (c in _NUMBER_STARTS or (c > "\x7f" and c.isdecimal())) and (
            n := parse_number(x)) is not None:
        kind: tuple[Any, Any] | None = (_NUM, n)  # (its one token: runparse.split_word)
    elif c == '"' and "(" not in x and ")" not in x:
        kind = (_QUOTED, x[1:])  # (its one token, the word: runparse.split_word)
    else:
        kind = None
    if len(_KINDS) >= MOST_KEPT:
        _KINDS.clear()
    _KINDS[x] = kind
    return kind


def parsed(I: Any, lst: LogoList, idx: int = 0) -> tuple[list[Node], bool]:
    """The trees of the instruction list ``lst`` (line ``idx`` of what it is in) and
    whether they call a loop with a literal list (:func:`has_loop`)."""
    nodes, loop, _ = parsed_line(I, lst, idx)
    return nodes, loop


def parsed_line(I: Any, lst: LogoList, idx: int = 0
                ) -> tuple[list[Node], bool, list[Any] | None]:
    """:func:`parsed`, and the values in the slots of ``lst``: its literal lists, arrays
    and numbers (None when the list could not be keyed: they are not known then)."""
    cache: TreeCache = I.trees
    cache.valid(I)
    items = lst.items()
    key, values = list_key(items)
    if key is None:
        nodes = parse_logo_line(lst, I.resolve, idx)
        return nodes, has_loop(nodes), None
    key = (key, idx)
    entries = cache.entries
    entry = entries.get(key)
    if entry is None or entry is _NEVER:
        nodes = parse_logo_line(lst, I.resolve, idx)
        if entry is None and I.generation == cache.gen:
            if len(entries) >= MOST_KEPT:
                entries = cache.entries = {}
            entries[key] = _SEEN
        return nodes, has_loop(nodes), values
    if entry is _SEEN:
        entry = _keep(I, items, key, idx)
        if entry is None:
            nodes = parse_logo_line(lst, I.resolve, idx)
            return nodes, has_loop(nodes), values
    nodes, loop, fill, last = entry
    if fill is None:
        return nodes, loop, values
    if last is None:
        return fill(values), loop, values
    words, filled = last[0]  # (numbers only: the same words as last time, the same trees)
    if words != items:
        filled = fill(values)
        last[0] = (items, filled)
    return filled, loop, values


def _keep(I: Any, items: list[Any], key: tuple, idx: int) -> Any:
    """Parse a line with stand-ins in its slots and keep its tree (with Slots there):
    the entry, or None where it cannot be kept (then never: ``_NEVER``)."""
    toks: list[Any] = []
    slots: dict[Any, int] = {}  # a stand-in's id (a quoted word's: its text) -> its slot
    for x, kind in zip(items, key[0]):
        if type(kind) is str:
            if "\0" in kind:  # (a word that could be taken for a stand-in)
                I.trees.entries[key] = _NEVER
                return None
            item_tokens(x, toks)
            continue
        if kind is _NUM or kind is _VALUE:
            x = _NUMBERS[len(slots)]
        elif kind is _QUOTED:
            x = _WORDS[len(slots)]
            slots[str(x)] = len(slots)
            toks.append(x)
            continue
        elif id(x) in slots:  # (one list twice in a list built by the program)
            return None
        slots[id(x)] = len(slots)  # (a list, an array: it stands for itself)
        toks.append(x)
    gen = I.generation
    nodes = parse_line(toks, I.resolve, idx)
    holders: set[int] = set()
    found: list[int] = []
    try:
        kept = [_template(n, slots, holders, found) for n in nodes]
    except _Unkept:
        I.trees.entries[key] = _NEVER
        return None
    if sorted(found) != list(range(len(slots))):  # (TO takes "word as the word itself)
        I.trees.entries[key] = _NEVER
        return None
    numbers = all(kind is _NUM or kind is _QUOTED for kind in key[0] if type(kind) is not str)
    entry = (kept, has_loop(nodes), _filler(kept, frozenset(holders)) if slots else None,
             [((), None)] if numbers else None)  # (the last words of a line of numbers)
    if I.generation == gen:  # (else a name was loaded from the library: kept trees go)
        I.trees.entries[key] = entry
    return entry


def _template(node: Any, slots: dict[Any, int], holders: set[int], found: list[int]) -> Node:
    """``node`` with a Slot for each Const that holds a stand-in (its slot noted in
    ``found``; the nodes that hold one are new, and noted in ``holders``; others are
    shared)."""
    t = type(node)
    if t is Const:
        value = node.value
        k = slots.get(value if type(value) is str else id(value))
        if k is None:
            return node
        found.append(k)
        return Slot(k)
    if t is Call or t is GetSet:
        args = [_template(a, slots, holders, found) for a in node.args]
        if all(a is b for a, b in zip(args, node.args)):
            return node
        new: Node = Call(node.name, node.target, args, node.line) if t is Call else GetSet(
            node.name, args, node.line)
    elif t is Infix:
        left = _template(node.left, slots, holders, found)
        right = _template(node.right, slots, holders, found)
        if left is node.left and right is node.right:
            return node
        new = Infix(node.op, left, right)
    elif t is Neg:
        operand = _template(node.operand, slots, holders, found)
        if operand is node.operand:
            return node
        new = Neg(operand)
    elif t is Fail:
        raise _Unkept
    else:
        return node
    holders.add(id(new))
    return new


Fill = Callable[[list[Any]], Any]  # a kept tree (or trees) with a line's own values


def _filler(nodes: list[Any], holders: frozenset[int]) -> Fill:
    """The function that gives the kept trees ``nodes`` with a line's own lists,
    numbers and words in their slots (nodes with none shared), walked once here."""
    fills = [_node_filler(n, holders) for n in nodes]
    if len(fills) == 1:
        one = fills[0]
        return lambda values: [one(values)]
    return lambda values: [f(values) for f in fills]


def _node_filler(node: Any, holders: frozenset[int]) -> Fill:
    t = type(node)
    if t is Slot:
        k = node.k
        return lambda values: Const(values[k])
    if id(node) not in holders:
        return lambda values: node
    if t is Infix:
        op, left, right = node.op, _node_filler(node.left, holders), _node_filler(
            node.right, holders)
        return lambda values: Infix(op, left(values), right(values))
    if t is Neg:
        operand = _node_filler(node.operand, holders)
        return lambda values: Neg(operand(values))
    name, line, args = node.name, node.line, [_node_filler(a, holders) for a in node.args]
    if t is GetSet:
        return lambda values: GetSet(name, [a(values) for a in args], line)
    target = node.target
    if len(args) == 2:  # (the usual: make "t :t + 1, setpos [0 0] ...)
        a0, a1 = args
        return lambda values: Call(name, target, [a0(values), a1(values)], line)
    return lambda values: Call(name, target, [a(values) for a in args], line)


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
