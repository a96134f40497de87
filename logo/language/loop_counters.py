"""Counters in a fast loop: variables stepped by a whole number typed, their sums and
products with no range test.

In a fast loop's typed copy (``loop_numbers``: the variables it proves hold numbers), a
variable every MAKE of which in the body is itself plus or minus a whole number typed
(``make "k :k + 1``) changes by at most the sum of those steps in one turn: the body
holds no loop of its own (``loop_numbers.proven`` proves nothing in one that does), so
each MAKE runs at most once a turn.  Where the loop's turns are counted before it
starts (REPEAT's count, FOR over a ``range``), the typed copy's flag also says that the
counter is a whole number that stays within :data:`SMALL` for every turn left: its
start's size plus the steps of all the turns.  The flag is made as the loop starts and
again after each interrupt check (where a process may have set the variable), with the
turns of the whole loop (at least those left).  In that copy a sum or difference of
counters and small whole numbers typed is plain Python (below 2**31 in size: whole, as
op_add's), and a product only UCBLogo's rule (past 2147483647 the product of the
floats, finite: below 2**62).  Where the test fails (a float, a word, a big whole
number, a long loop), the flag is false and the general copy runs, as before.

An *accumulator* is a proven variable, no counter, every MAKE of which is itself plus
and minus whole numbers typed and REPEAT's REPCOUNT (``make "s :s + repcount - 1``): the
flag also says that it is a whole number that stays within :data:`ACC` (2**62) for
every turn left, REPCOUNT at most the count.  In the typed copy it is then known a
whole number of that size (``number_facts.of_text``), so that its sum with REPCOUNT, a
counter or another accumulator is plain Python, with no 64-bit range test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .nodes import Const, Infix, Node, VarRef

SMALL = 2**30 - 1  # (whole_inputs.SMALL) a counter's size all along the typed copy
ACC = 2**62  # an accumulator's size all along the typed copy
STEP = 2**53  # an accumulator's typed steps in one turn are at most this in size
TERMS = 8  # an accumulator's MAKE is a sum of at most this many terms
_LITERAL = re.compile(r"-?\d+")


def find(scope: Any, numbers: set[str]) -> dict[str, int]:
    """The counters among the proven variables ``numbers``: name -> the most the body
    changes it by in one turn (the sum of the sizes of its MAKEs' steps)."""
    steps: dict[str, int] = {}
    others: set[str] = set()
    for var, value in scope.assigns:
        step = _step(var, value)
        if step is None:
            others.add(var)
        else:
            steps[var] = steps.get(var, 0) + abs(step)
    return {n: s for n, s in steps.items() if n in numbers and n not in others and s <= SMALL}


def _step(var: str, node: Node) -> int | None:
    """The step of ``:var + n``, ``n + :var`` or ``:var - n`` (n a whole number typed),
    else None."""
    if not isinstance(node, Infix) or node.op not in ("+", "-"):
        return None
    sides = (node.left, node.right)
    for me, other in (sides, sides[::-1]):
        if isinstance(me, VarRef) and me.name == var and isinstance(other, Const) and \
                type(other.value) is int and (other is node.right or node.op == "+"):
            return other.value
    return None


def accumulators(scope: Any, numbers: set[str], counters: dict[str, int],
                 repcount: Callable[[Node], bool]) -> dict[str, tuple[int, int]]:
    """The accumulators among the proven variables ``numbers`` (no counters): name ->
    (the sum of the sizes of its typed steps in one turn, how many REPCOUNT steps;
    ``repcount`` tells a node that is REPCOUNT, the primitive)."""
    steps: dict[str, tuple[int, int]] = {}
    others: set[str] = set()
    for var, value in scope.assigns:
        step = _accumulated(var, value, repcount)
        if step is None:
            others.add(var)
        else:
            typed, counts = steps.get(var, (0, 0))
            steps[var] = (typed + step[0], counts + step[1])
    return {n: s for n, s in steps.items()
            if n in numbers and n not in others and n not in counters and s[0] <= STEP}


def _accumulated(var: str, node: Node, repcount: Callable[[Node], bool]
                 ) -> tuple[int, int] | None:
    """A sum and difference of ``:var`` (once, added) and terms each a whole number
    typed or REPCOUNT (``:var + repcount - 1``): (the sizes of the typed terms,
    how many REPCOUNTs); else None."""
    terms: list[tuple[Node, bool]] = []
    if not _terms(node, True, terms, 0):
        return None
    mine = [added for term, added in terms if isinstance(term, VarRef) and term.name == var]
    if mine != [True]:
        return None
    typed = counts = 0
    for term, _ in terms:
        if isinstance(term, Const) and type(term.value) is int:
            typed += abs(term.value)
        elif repcount(term):
            counts += 1
        elif not (isinstance(term, VarRef) and term.name == var):
            return None
    return typed, counts


def _terms(node: Node, added: bool, out: list[tuple[Node, bool]], depth: int) -> bool:
    """The terms of a sum and difference, each with whether it is added (not
    subtracted); False for a tree of more than :data:`TERMS` of them."""
    if isinstance(node, Infix) and node.op in ("+", "-"):
        if depth >= TERMS:
            return False
        return _terms(node.left, added, out, depth + 1) and \
            _terms(node.right, added == (node.op == "+"), out, depth + 1)
    out.append((node, added))
    return len(out) <= TERMS


def test(region: Any) -> str:
    """The counters' part of the flag: each a whole number that stays within SMALL for
    the turns of the loop (``region.turns``, a range: at most the distance of its
    bounds, which len() could not give past 2**63), and FOR's values (where its
    variable is one, ``region.small_for``) within SMALL."""
    rg = region.turns
    parts = [f"type({region.names[n]}) is int and "
             f"abs({region.names[n]}) + {step} * abs({rg}.stop - {rg}.start) <= {SMALL}"
             for n, step in sorted(region.counters.items())]
    for n, (typed, counts) in sorted(region.accumulators.items()):
        turn = str(typed) if not counts else f"({typed} + {counts} * abs({rg}.stop))"
        parts.append(f"type({region.names[n]}) is int and "
                     f"abs({region.names[n]}) + {turn} * abs({rg}.stop - {rg}.start) <= {ACC}")
    if region.small_for is not None:
        parts.append(f"-{SMALL} <= {rg}.start <= {SMALL} and -{SMALL} <= {rg}.stop <= {SMALL}")
    return " and ".join(parts)


def counting(em: Any, values: str) -> str:
    """REPEAT's values (a ``range(...)`` text) in a fast loop with counters: named, and
    the counters added to the flag; else ``values`` as they are."""
    region = em.region
    if region is None or region.flag is None or not (region.counters or region.accumulators) \
            or not values.startswith("range("):
        return values
    rg = em.fresh("_rg")
    em.emit(f"{rg} = {values}")
    _start(em, region, rg)
    return rg


def for_start(em: Any, region: Any, for_var: str, values: str | None) -> None:
    """FOR's values (``values``, the name of a range or of other values) in a fast loop
    with counters, or whose variable is proven a number and never made in the body: the
    counters and the range's bounds added to the flag where they are a range (else the
    flag is false: the general copy runs)."""
    if region is None or region.flag is None or values is None:
        return
    # (REPCOUNT in a FOR is a REPEAT's around it: the FOR's values do not bound it)
    region.accumulators = {n: s for n, s in region.accumulators.items() if not s[1]}
    if region.steady_for == for_var:
        region.small_for = for_var
    elif not (region.counters or region.accumulators):
        return
    _start(em, region, values, f"type({values}) is range and ")


def _start(em: Any, region: Any, turns: str, first: str = "") -> None:
    region.turns, region.turns_test = turns, first
    em.emit(f"{region.flag} = {region.flag} and {first}{test(region)}")


def _for_local(region: Any) -> str | None:
    """The local of FOR's variable where it is a small whole number (the innermost FOR
    of its name), else None."""
    if region.small_for is None:
        return None
    return next((py for n, py in reversed(region.for_vars) if n == region.small_for), None)


def recheck(region: Any) -> str:
    """The counters' part of the flag made again after an interrupt check (FOR's
    variable, which a process may have set, tested itself)."""
    if region.turns is None:
        return ""
    py = _for_local(region)
    mine = "" if py is None else f" and type({py}) is int and -{SMALL} <= {py} <= {SMALL}"
    return f" and {region.turns_test}{test(region)}{mine}"


def _small(em: Any, name: str, text: str) -> int:
    """2 for a side (named by its text) that is a counter or FOR's variable kept small,
    1 a whole number typed within SMALL, else 0."""
    if name != text:
        return 0
    if _LITERAL.fullmatch(text):
        return int(abs(int(text)) <= SMALL)
    region = em.region
    if region is None or not region.typed or region.turns is None:
        return 0
    if text == _for_local(region):
        return 2
    return 2 if any(region.names.get(n) == text for n in region.counters) else 0


def _both(em: Any, x: str, y: str, left: str, right: str) -> bool:
    a, b = _small(em, x, left), _small(em, y, right)
    return bool(a and b) and 2 in (a, b)


def sum_(em: Any, op: str, x: str, y: str, left: str, right: str) -> str | None:
    """``x + y`` or ``x - y`` of counters and small whole numbers: plain; else None."""
    return f"({x} {op} {y})" if _both(em, x, y, left, right) else None


def product(em: Any, x: str, y: str, left: str, right: str, top: int) -> str | None:
    """``x * y`` of counters and small whole numbers: whole within UCBLogo's integer
    limit ``top``, else the product of their floats; else None."""
    if not _both(em, x, y, left, right):
        return None
    if x == y:
        return f"(_r if (_r := {x} * {y}) <= {top} else (_rf := float({x})) * _rf)"
    return f"(_r if -{top} <= (_r := {x} * {y}) <= {top} else float({x}) * float({y}))"


def accumulator(em: Any, text: str) -> bool:
    """Is ``text`` the local of an accumulator, read in the typed copy of a loop whose
    turns are counted (its flag says the accumulator is within ACC)?"""
    region = em.region
    return region is not None and region.typed and region.turns is not None and \
        any(region.names.get(n) == text for n in region.accumulators)
