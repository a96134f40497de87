"""The inline forms of the comparing predicates: EQUALP and NOTEQUALP, LESSP, GREATERP,
LESSEQUALP and GREATEREQUALP, BEFOREP and ARRAYP (see inline_prims, which registers
them).  Each is a Python bool where a condition wants one (IF, the inputs of OR and
AND, loops), so no word TRUE or FALSE is made only to be tested.

EQUALP's fast path takes two whole numbers or two plain words (words compare ignoring
case while CASEIGNOREDP is TRUE, as atom_equal does); NOTEQUALP is its opposite.  The
numeric four take two plain numbers, tested as the infix comparisons test theirs
(inline_numbers.number_tests), and compare them as their primitives do (Python's own
operators); BEFOREP takes two plain words while CASEIGNOREDP is TRUE.  Anything else
(words that spell numbers, a list, CASEIGNOREDP changed) is the primitive's own call on
the same values, which gives the same answer or UCBLogo's error naming it.
"""

from __future__ import annotations

from typing import Any

from .atoms import parse_number
from .inline_inputs import In, boolean, inputs, only_slow, slow_of
from .inline_numbers import number_tests
from .inline_words import slow as call_slow
from .nodes import Call, Infix

IGNORING = "V.get('caseignoredp') is TRUE"


def equalp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """EQUALP (``=`` is the compiler's own) of two whole numbers or two plain words."""
    return boolean(_equal(x, node, args, "TRUE"), as_bool)


def notequalp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """NOTEQUALP: not EQUALP (its primitive's FALSE is EQUALP's TRUE)."""
    return boolean(f"(not {_equal(x, node, args, 'FALSE')})", as_bool)


def _equal(x: Any, node: Call, args: list[str], equal_word: str) -> str:
    """Whether the inputs are EQUALP, as a Python bool; the primitive's call (its
    output ``is`` ``equal_word`` when they are) where the fast path does not apply."""
    a, b = ins = inputs(x, node, args)
    t, slow = a.t, f"{slow_of(x, node, ins)} is {equal_word}"
    if (a.known is None) is not (b.known is None) and (a.known or b.known) in (int, str):
        return _equal_typed(a, b, slow)
    same = (f"(({t} := type({a.first})) is type({b.first})) and ({t} is int or {t} is str)")
    words = (f"{a.name}.lower() == {b.name}.lower() if {IGNORING} "
             f"else {slow}") if a.known in (None, str) and b.known in (None, str) else slow
    return f"((True if {a.name} == {b.name} else False if {t} is int else {words}) " \
           f"if {same} else {slow})"


def _equal_typed(a: In, b: In, slow: str) -> str:
    """EQUALP of an input and a whole number or word typed: that type is the one test,
    and a word's lower case is the typed word's, found now.  A word typed that is no
    number equals a word whose lower case differs under no CASEIGNOREDP (the primitive
    compares such words by their text), so only a word that differs from it in case
    alone asks CASEIGNOREDP.  A word of ASCII characters none of which is a letter
    equals only itself, whatever CASEIGNOREDP is (no other character's lower case is
    one of them: only U+0130 and the Kelvin sign lower to ASCII letters), and one with
    letters, only a word of its length."""
    v, k = (a, b) if b.known is not None else (b, a)
    test = f"type({v.first}) is {k.known.__name__}"  # type: ignore[union-attr]
    if k.known is int:
        return f"({v.name} == {k.name} if {test} else {slow})"
    word = str(k.value)
    low = word.lower()
    if word.isascii() and low == word.upper():  # (no letters: only itself is equal)
        return f"({v.name} == {k.name} if {test} else {slow})"
    size = f"len({v.name}) == {len(word)} and " if word.isascii() else ""  # (else unequal)
    if parse_number(word) is None:
        return (f"(({v.name} == {k.name} or {size}{v.name}.lower() == {low!r} and "
                f"({IGNORING} or {slow})) if {test} else {slow})")
    return (f"((True if {v.name} == {k.name} else {size}({v.name}.lower() == "
            f"{low!r} if {IGNORING} else {slow})) if {test} else {slow})")


def _numeric(op: str) -> Any:
    """The form of a numeric comparing predicate: ``op`` on two plain numbers."""
    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        left, right = args
        n, m, test = number_tests(x.em, Infix(op, node.args[0], node.args[1]), left, right)
        slow = f"{call_slow(x, node, [n, m])} is TRUE"
        return boolean(f"({n} {op} {m} if {test} else {slow})", as_bool)
    return form


lessp, greaterp = _numeric("<"), _numeric(">")
lessequalp, greaterequalp = _numeric("<="), _numeric(">=")


def beforep(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """BEFOREP of two plain words while CASEIGNOREDP is TRUE: their lower cases' order."""
    a, b = ins = inputs(x, node, args)
    slow = f"{slow_of(x, node, ins)} is TRUE"
    if a.known not in (None, str) or b.known not in (None, str):
        return boolean(only_slow(ins, slow), as_bool)  # (a number typed: its digits)
    tests = [f"type({v.first}) is str" for v in ins if v.known is None]
    low = [repr(str(v.value).lower()) if v.known is str else f"{v.name}.lower()" for v in ins]
    test = " & ".join(f"({t})" for t in tests) if len(tests) > 1 else "".join(tests)
    fast = f"{low[0]} < {low[1]} if {IGNORING} else {slow}"
    return boolean(f"(({fast}) if {test} else {slow})" if test else f"({fast})", as_bool)


def arrayp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return boolean(f"(type({args[0]}) is LA)", as_bool)


FORMS = {("predicates", "equalp"): equalp, ("predicates", "notequalp"): notequalp,
         ("arithmetic", "lessp"): lessp, ("arithmetic", "greaterp"): greaterp,
         ("arithmetic", "lessequalp"): lessequalp,
         ("arithmetic", "greaterequalp"): greaterequalp,
         ("predicates", "beforep"): beforep, ("predicates", "arrayp"): arrayp}
BINARY = (equalp, notequalp, lessp, greaterp, lessequalp, greaterequalp, beforep)
