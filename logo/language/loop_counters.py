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
"""

from __future__ import annotations

import re
from typing import Any

from .nodes import Const, Infix, Node, VarRef

SMALL = 2**30 - 1  # (whole_inputs.SMALL) a counter's size all along the typed copy
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


def test(region: Any) -> str:
    """The counters' part of the flag: each a whole number that stays within SMALL for
    the turns of the loop (``region.turns``, a range: at most the distance of its
    bounds, which len() could not give past 2**63), and FOR's values (where its
    variable is one, ``region.small_for``) within SMALL."""
    parts = [f"type({region.names[n]}) is int and "
             f"abs({region.names[n]}) + {step} * abs({region.turns}.stop - {region.turns}.start)"
             f" <= {SMALL}"
             for n, step in sorted(region.counters.items())]
    if region.small_for is not None:
        rg = region.turns
        parts.append(f"-{SMALL} <= {rg}.start <= {SMALL} and -{SMALL} <= {rg}.stop <= {SMALL}")
    return " and ".join(parts)


def counting(em: Any, values: str) -> str:
    """REPEAT's values (a ``range(...)`` text) in a fast loop with counters: named, and
    the counters added to the flag; else ``values`` as they are."""
    region = em.region
    if region is None or region.flag is None or not region.counters or \
            not values.startswith("range("):
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
    if region.steady_for == for_var:
        region.small_for = for_var
    elif not region.counters:
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
