"""A direct body's inputs that are small whole numbers: their arithmetic untested.

A direct procedure (``input_scope``) reads its inputs as Python locals (``_in_0``) that
nothing but its own self tail calls assign: no MAKE of an input, no callee or process
that reads or sets them by name.  So one test, at the top of the body (of each pass of
its self-tail-call loop, where the inputs are assigned anew), that an input is a whole
number within :data:`SMALL` holds for every read of it in that pass.  Where it holds,
a typed copy of the body runs: an input read as an operand of ``+ - *`` or a comparison
needs no type test (``inline_numbers.number_tests`` names it by its own text), nor
as REMAINDER's dividend or ITEM's index (``for_wholes.input_of``), nor in INT of it
divided by a whole number typed (truncated: it is within UCBLogo's integer limit), a sum
or difference of two such values (an input, a whole number typed within SMALL) needs
no 64-bit range test (it is below 2**31 in size), nor a product the test of its
floats' range (below 2**60: its floats are finite); a product still keeps UCBLogo's
rule (past 2147483647, the product of the floats).  A
sum or product of such values is known a float or a whole number within a bound
(:func:`_bound`), and a sum of those too needs no 64-bit range test while its bound
is below 2**63 (``3 * :n + 1``).  Where the test fails (a float, a
word, a big whole number), the body as it always was runs, from the start of the pass:
the test reads only the locals, runs nothing and changes nothing, so the general body
gives every value and every error it gave.  Such an input divided needs no test (whole
numbers below 2**53 are exact as floats), but ``/``'s divisor keeps its tests (one read
as its own text is taken for REPEAT's counter, never 0), and so do sums of any other
side.

The typed copy is made only where it pays for its compiling and its test: the body has
more such operands than inputs tested (one for a square), and it is small (:data:`MOST_LINES` lines compiled).  Not
while ERRACT is set (a variable's read is then another expression), nor when stepped.
"""

from __future__ import annotations

import re
from typing import Any

SMALL = 2**30 - 1  # a one-digit Python int: its comparisons are the quick ones
MOST_LINES = 120  # (block)
TYPED_OPS = frozenset(("+", "-", "*", "=", "<>", "<", ">", "<=", ">="))
_LITERAL = re.compile(r"-?\d+")


class Wholes:
    """The emitter's state: the inputs' locals counted, with hints that they are
    floats (the general copy), or proven whole or float (the typed copy)."""

    __slots__ = ("bounds", "floats", "hints", "proven", "typed", "uses")

    def __init__(self, names: list[str]):
        self.uses = dict.fromkeys(names, 0)
        self.hints = dict.fromkeys(names, 0)
        self.proven: frozenset[str] = frozenset()  # small whole numbers
        self.floats: frozenset[str] = frozenset()
        self.typed = False
        self.bounds: dict[str, int] = {}  # (_bound)


def block(em: Any, st: Any, body: list[Any]) -> None:
    """The body's statements (``st.block``), after a typed copy where it pays, the
    typed copy entered by a test of its inputs (it ends in a return of its own)."""
    names = list(em.inputs.values()) if em.mode == "proc" and em.step is None and \
        getattr(em.I, "recover", None) is None else []
    if not names:
        st.block(body, tail=True)
        return
    start = len(em.out)
    em.wholes = wholes = Wholes(names)
    try:
        st.block(body, tail=True)
    finally:
        em.wholes = None
    used = [n for n, k in wholes.uses.items() if k]
    general = em.out[start:]
    if sum(wholes.uses.values()) <= len(used) or len(general) > MOST_LINES:
        return
    del em.out[start:]
    wholes.floats = frozenset(n for n in used if wholes.hints[n])
    wholes.proven = frozenset(used) - wholes.floats
    wholes.typed = True
    em.emit(f"if {' and '.join(_test(n, n in wholes.floats) for n in used)}:")
    em.depth += 1
    em.wholes = wholes
    try:
        st.block(body, tail=True)
        em.emit_return(None)
    finally:
        em.wholes = None
        em.depth -= 1
    em.out.extend(general)


def _test(name: str, float_: bool) -> str:
    """The test that the input's local ``name`` is a float, or a small whole number."""
    return f"type({name}) is float" if float_ else \
        f"type({name}) is int and -{SMALL} <= {name} <= {SMALL}"


def proven(em: Any, node: Any, side: Any, text: str) -> bool:
    """Is ``side`` of the operation ``node`` (compiled to ``text``) an input proven a
    small whole number (or a float, not for ``/``) here?  (In the general copy, counts
    the type tests it would save: one for ``:x * :x``, a square; and a hint that it is
    a float where the other side is a float typed.)"""
    if node.op not in TYPED_OPS and not (node.op == "/" and side is node.left):
        return False
    name = getattr(side, "name", None)
    square = side is node.right and name is not None and getattr(node.left, "name", None) == name
    other = node.right if side is node.left else node.left
    if read(em, side, text, not square, type(getattr(other, "value", None)) is float):
        return True
    wholes = em.wholes
    return wholes is not None and node.op != "/" and text in wholes.floats and \
        em.inputs.get(name) == text


def read(em: Any, side: Any, text: str, counts: bool = True, hint: bool = False) -> bool:
    """Is ``side`` (compiled to ``text``) a read of an input proven a small whole number
    here?  (In the general copy, counts a type test it would save.)"""
    wholes = em.wholes
    if wholes is None or text not in wholes.uses or getattr(side, "name", None) is None \
            or em.inputs.get(side.name) != text:
        return False
    if not wholes.typed:
        wholes.uses[text] += counts
        wholes.hints[text] += hint
        return False
    return text in wholes.proven


def float_arg(em: Any, side: Any, text: str) -> bool:
    """Is ``side``, the input of a function of floats (SQRT, SIN ...), an input proven a
    float here?  (In the general copy, counts a use and a hint that it is a float.)"""
    wholes = em.wholes
    if wholes is None or getattr(side, "name", None) is None or \
            em.inputs.get(side.name) != text or text not in wholes.uses:
        return False
    if not wholes.typed:
        read(em, side, text, True, True)
        return False
    return text in wholes.floats


def is_float(em: Any, node: Any) -> bool:
    """Is ``node`` (a variable read) an input proven a float here?"""
    wholes = em.wholes
    return wholes is not None and wholes.typed and em.inputs.get(node.name) in wholes.floats


def _small(em: Any, name: str, text: str) -> int:
    """3 for a side (``number_tests``' name and its text) that is an input proven a
    float, 2 one proven a small whole number, 1 for a whole number typed within SMALL,
    4 for a float typed, else 0."""
    if name != text:
        return 0
    if _LITERAL.fullmatch(text):
        return int(abs(int(text)) <= SMALL)
    wholes = em.wholes
    if wholes is not None and wholes.typed and (text in wholes.proven or text in wholes.floats):
        return 2 if text in wholes.proven else 3
    try:
        return 4 if type(float(text)) is float else 0
    except ValueError:
        return 0


def _both(em: Any, x: str, y: str, left: str, right: str) -> bool:
    """Are both sides small whole numbers, or floats, at least one of them a proven
    input (and no float typed beside a whole number)?"""
    a, b = _small(em, x, left), _small(em, y, right)
    if not (a and b) or not {2, 3} & {a, b}:
        return False
    return 3 in (a, b) or 4 not in (a, b)


I64 = 2**63  # a whole sum below it in size stays whole (op_add)


def _bound(em: Any, name: str, text: str, test: str) -> int | None:
    """In the typed copy, the most a side can be in size, where it is a float or a whole
    number: a whole number typed, an input proven whole, or a sum or product of such
    computed here (named by ``number_tests``, its test that it is not None); else None."""
    wholes = em.wholes
    if wholes is None or not wholes.typed:
        return None
    if name == text:
        if _LITERAL.fullmatch(text):
            return abs(int(text))
        return SMALL if text in wholes.proven else None
    if text in wholes.bounds and f"(({name} := {text}) is not None)" in test:
        return wholes.bounds[text]
    return None


def _bounded(em: Any, text: str, bound: int) -> str:
    """``text``, known a float or a whole number within ``bound`` in size."""
    em.wholes.bounds[text] = bound
    return text


def sum_(em: Any, op: str, x: str, y: str, left: str, right: str, test: str = "True",
         slow: str = "") -> str | None:
    """``x + y`` or ``x - y`` of two small whole numbers or of a float and a number, or
    of sides bounded so that a whole sum stays within 64 bits: plain, or None."""
    if _both(em, x, y, left, right):
        a, b = _bound(em, x, left, test), _bound(em, y, right, test)
        text = f"({x} {op} {y})"
        return text if a is None or b is None else _bounded(em, text, a + b)
    a, b = _bound(em, x, left, test), _bound(em, y, right, test)
    if a is None or b is None or a + b >= I64 or not slow:
        return None
    text = f"({x} {op} {y} if {test} else {slow})" if test != "True" else f"({x} {op} {y})"
    return _bounded(em, text, a + b)


def product(em: Any, x: str, y: str, left: str, right: str, top: int, test: str = "True",
            slow: str = "") -> str | None:
    """``x * y`` of two small whole numbers, or of sides bounded: whole within UCBLogo's
    integer limit ``top``, else the product of their floats (finite: below 2**126); of
    a float and a number, the float product; or None."""
    a, b = _bound(em, x, left, test), _bound(em, y, right, test)
    if _both(em, x, y, left, right):
        if 3 in (_small(em, x, left), _small(em, y, right)):
            return f"({x} * {y})"
        test, slow = "True", "True"
    if a is None or b is None or a * b >= 2**126 or not slow:
        return None
    if a * b <= top:
        text = f"({x} * {y} if {test} else {slow})" if test != "True" else f"({x} * {y})"
        return _bounded(em, text, a * b)
    whole = f"(_r if -{top} <= (_r := {x} * {y}) <= {top} else float({x}) * float({y}))"
    return _bounded(em, f"({whole} if {test} else {slow})" if test != "True" else whole, top)
