"""Loops whose variables live in Python locals.

A loop body that cannot see the variable table by name (it calls no procedure, runs no
list it was not written with, reads no variable by a computed name, has no PAUSE or
STEP point) is compiled with every variable it reads or MAKEs, FOR's variable and
REPCOUNT in Python locals.  A variable with no value as the loop starts is UNBOUND in its
local, and reading it there is the error that reading the table was.  The locals are
written back to the table wherever the table can be seen: at every exit of the loop
(its end, an error, STOP, OUTPUT, THROW: a ``finally``) and around each interrupt check,
where Stop is raised and processes take their turn (they may read and set variables:
the locals are read again after it).  ``loop_scope.closed`` decides, conservatively, what a
body may observe; where the compiler meets what it did not foresee (:class:`Escape`),
the loop is compiled as before.  One copy only: a loop that runs once costs no more to
compile than it did.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from . import depth, for_wholes, loop_counters, loop_fills, loop_numbers
from .errors import LogoError
from .loop_scope import Escape, Scope, closed, safe_prim
from .nodes import Call, Const, Node
from .runtime import UNBOUND
from .values import LogoList

HOT = 1000  # a loop known to run fewer times keeps its variables in the table


def _is_repcount(node: Node) -> bool:
    """Is ``node`` a call of REPCOUNT, the primitive?"""
    return isinstance(node, Call) and not node.args and node.target.name == "repcount" and \
        safe_prim(node)


class Region:
    """The Logo variables of a fast loop and the Python locals that hold them (UNBOUND
    where the variable has no value: a read of it is then the error it was)."""

    def __init__(self, scope: Scope, em: Any, for_var: str | None = None):
        fresh = em.fresh
        self.proven: set[str] = set()
        self.numbers: set[str] = set()
        self.flag: str | None = None
        self.writes = scope.writes
        self.names = {n: fresh("_L") for n in sorted(scope.reads | scope.writes)}
        self.for_vars: list[tuple[str, str]] = []  # (name, local) of the fast FORs open
        self.repvars: set[str] = set()  # counters of fast REPEATs and FOREVERs
        self.wholes: dict[str, str] = {}  # FOR variable -> its flag (for_wholes)
        # the arrays of variables read and never made (inline_arrays): name -> the
        # locals of (array, items, origin, length)
        self.arrays = {n: (fresh("_H"), fresh("_A"), fresh("_O"), fresh("_N"))
                       for n in sorted(scope.arrays) if n in self.names and n not in self.writes}
        # variables proven numbers (loop_numbers), the flag that they hold numbers, and
        # whether the body being emitted is the copy that relies on it
        self.typed = False
        self.prove(em, scope, for_var)

    def prove(self, em: Any, scope: Scope, for_var: str | None) -> None:
        """The variables proven numbers in the loop of ``scope`` (this region's, or one
        inside it: the innermost loop's body is the one that can be typed)."""
        self.proven = loop_numbers.typed(em, scope, for_var)
        self.numbers = {n for n in self.proven if n in self.names}
        self.flag = em.fresh("_T") if self.proven else None
        # the counters among them (loop_counters), and the range of the turns their
        # test in the flag counts with (None: not tested, not relied on)
        self.counters = loop_counters.find(scope, self.numbers) if self.flag else {}
        self.accumulators = loop_counters.accumulators(
            scope, self.numbers, self.counters, _is_repcount) if self.flag else {}
        self.turns: str | None = None
        self.turns_test = ""  # (FOR's: that its values are a range)
        self.steady_for = for_var if self.flag and for_var in self.proven and \
            all(v != for_var for v, _ in scope.assigns) else None
        self.small_for: str | None = None  # (set as its loop starts)

    def entry_check(self) -> str:
        """The flag as the loop starts: the proven variables (and the FOR variables of
        loops around, proven) hold numbers."""
        typed = [self.names[n] for n in sorted(self.numbers)]
        typed += [v for n, v in self.for_vars if n in self.proven]
        return f"{self.flag} = {loop_numbers.check(typed)}"

    def proven_local(self, name: str) -> str | None:
        """The local of ``name`` where it is proven a number (in the typed copy)."""
        for n, py in reversed(self.for_vars):
            if n == name:
                return py if name in self.proven else None
        return self.names[name] if name in self.numbers else None

    def load(self) -> list[str]:
        return [f"{py} = V.get({n!r}, UNBOUND)" for n, py in self.names.items()] + \
            self.hoists()

    def hoists(self) -> list[str]:
        """The hoisted arrays (inline_arrays) of the variables' values now."""
        return [f"({', '.join(four)},) = HOIST({self.names[n]})"
                for n, four in self.arrays.items()]

    def store(self) -> list[str]:
        """Write what the loop may have made back to the table."""
        return [f"if {py} is not UNBOUND: V[{n!r}] = {py}"
                for n, py in self.names.items() if n in self.writes]

    def interrupt(self, em: Any) -> str:
        """The interrupt check, one line: the table and REPCOUNT as the ordinary loop
        has them, then the locals again (a process may have set the variables)."""
        pairs = [*self.names.items(), *self.for_vars]
        rep = em.repvar if em.repvar in self.repvars else None
        if not pairs:
            return f"if I.interrupt: {em.const(sync)}(I, V, (), (), {rep}, 0)"
        names = ", ".join(f"{n!r}" for n, _ in pairs)
        pys = ", ".join(py for _, py in pairs)
        again = ""
        if self.flag is not None:  # the proven variables (and FOR's) checked again
            typed = [self.names[n] for n in sorted(self.numbers)] + [v for _, v in self.for_vars]
            again = f"; {self.flag} = {loop_numbers.check(typed)}{loop_counters.recheck(self)}"
        again += "".join(f"; {text}" for text in self.hoists() + for_wholes.resync(self))
        return (f"if I.interrupt: ({pys},) = {em.const(sync)}(I, V, ({names},), ({pys},), "
                f"{rep}, {len(self.names)}){again}")

    def local(self, name: str) -> str | None:
        """The local that holds ``name`` (to assign)."""
        for n, py in reversed(self.for_vars):
            if n == name:
                return py
        return self.names.get(name)

    def read(self, name: str) -> str | None:
        """A read of ``name``: FOR's variable always has a value; another, if it has
        none, is read from the table, which raises the error it always did."""
        py = self.local(name)
        if py is None or any(py == v for _, v in self.for_vars) or (
                self.typed and name in self.numbers):
            return py
        return f"({py} if {py} is not UNBOUND else V[{name!r}])"


def sync(I: Any, V: dict[str, Any], names: tuple[str, ...], values: tuple[Any, ...],
         rep: int | None, plain: int) -> tuple[Any, ...]:
    """A fast loop's interrupt check: the variables ``names`` (the first ``plain`` made
    or read by the loop, the rest FOR variables, which always have a value) into the
    table, REPCOUNT ``rep``; the check; the variables out of the table again."""
    for name, value in zip(names, values):
        if value is not UNBOUND:
            V[name] = value
    old = I.repcount
    if rep is not None:
        I.repcount = rep
    try:
        I.check_interrupt()
    finally:
        I.repcount = old
    if any(n not in V for n in names[plain:]):  # a FOR variable erased meanwhile
        raise LogoError("no_value", what=next(n for n in names[plain:] if n not in V))
    return tuple(V.get(n, UNBOUND) if k < plain else V[n] for k, n in enumerate(names))


def emit_interrupt(em: Any) -> None:
    """The per-iteration interrupt check (with a fast loop's locals synced)."""
    if em.region is None:
        em.emit("if I.interrupt: I.check_interrupt()")
    else:
        em.emit(em.region.interrupt(em))


def loop_body(st: Any, body: LogoList) -> None:
    """A loop's body, compiled inline (``em.loops`` counts the loops around it)."""
    st.em.loops += 1
    region = st.em.region
    try:
        if region is not None and region.flag is not None and not region.typed:
            loop_numbers.both(st, region, body)
        else:
            st.list_body(body, False)
    finally:
        st.em.loops -= 1


def few(st: Any, bounds: list[Node]) -> bool:
    """Is this a loop of a line that runs once, not inside another loop, with typed
    bounds (REPEAT's count; FOR's start, end and step) that make fewer than :data:`HOT`
    turns?  Then locals would save less than compiling them costs (``repeat 4 [fd 10
    make "x :x + 1]``).  (A procedure's body is compiled to run many times.)"""
    if st.em.mode == "proc" or st.em.loops:
        return False
    values = [b.value for b in bounds if isinstance(b, Const)]
    if len(values) != len(bounds) or any(type(v) not in (int, float) for v in values):
        return False
    if len(values) == 1:
        return values[0] < HOT
    step = values[2] if len(values) == 3 else 1
    return step != 0 and abs(values[1] - values[0]) / abs(step) + 1 < HOT


def either(st: Any, lists: list[LogoList], emit: Callable[[], None],
           for_var: str | None = None, condition: Node | None = None) -> None:
    """Emit a loop whose body lists are ``lists`` (``emit`` writes it, looking at
    ``em.region``; ``condition``: WHILE's test): with its variables in locals where
    the body is closed (else, or where the fast emission meets what the analysis
    did not foresee, as it always was)."""
    em = st.em
    values, em.for_values = (getattr(em, "for_values", None) if for_var else None), None
    if em.region is not None:
        region = em.region
        loop_numbers.inner(st, region, lists, lambda: _started(
            st, region, lists, for_var, values, emit), for_var, condition)
        return
    scope = closed(st, lists, for_var, condition) if fast_allowed(st) else None
    if scope is None:
        emit()
        return
    mark, depth, repvar = len(em.out), em.depth, em.repvar
    try:
        made = Region(scope, em, for_var)
        _emit_fast(st, made, lambda: _started(st, made, lists, for_var, values, emit))
    except Escape:
        del em.out[mark:]
        em.depth, em.region, em.repvar = depth, None, repvar
        emit()


def _started(st: Any, region: Region, lists: list[LogoList], for_var: str | None,
             values: str | None, emit: Callable[[], None]) -> None:
    """A fast loop: FOR's flag that its variable is whole (for_wholes), then the loop
    or the fill that does its work (loop_fills)."""
    started = for_wholes.start(st.em, region, for_var, values)
    if for_var is not None:
        loop_counters.for_start(st.em, region, for_var, values)
    try:
        loop_fills.either(st, region, lists, for_var, values, emit)
    finally:
        for_wholes.end(region, started)


def _emit_fast(st: Any, region: Region, emit: Callable[[], None]) -> None:
    """The loop with its variables loaded; what it makes is written back at its end,
    however it ends."""
    em = st.em
    for text in region.load():
        em.emit(text)
    if region.flag is not None:
        em.emit(region.entry_check())
    store = region.store()
    if store:
        em.emit("try:")
        em.depth += 1
    em.region = region
    try:
        emit()
    finally:
        em.region = None
    if store:
        em.depth -= 1
        em.emit("finally:")
        em.depth += 1
        for text in store:
            em.emit(text)
        em.depth -= 1


def fast_allowed(st: Any) -> bool:
    """No ERRACT (its wrappers pause at a call), STEP or traced variables; and room
    for the one more block (the ``try`` that writes back) within depth.py's budget."""
    I, em = st.c.I, st.em
    debugger = getattr(I, "debugger", None)
    if getattr(I, "recover", None) is not None or em.step is not None or (
            debugger is not None and debugger.originals) or em.careful:
        return False
    return em.depth <= depth.QUICK_DEPTH - 2 or \
        depth.open_blocks(em.out) + 3 <= depth.BLOCK_BUDGET


def escaping(em: Any, node: Node) -> bool:
    """Called for a statement the control forms left to a call: inside a fast copy,
    anything but a safe primitive gives up the fast copy (False: compile the call)."""
    if em.region is not None and isinstance(node, Call) and not safe_prim(node):
        raise Escape
    return False


def for_values(start: Any, end: Any, step: Any = None) -> Iterator[Any] | range:
    """FOR's values: a ``range`` when start, end and step are whole numbers (not a
    step of 0), else the values of repeated addition, as UCBLogo's FOR adds the step."""
    from ..primitives.coerce import num  # loaded: the compiler imports it

    a, e = num(start), num(end)
    s = num(step) if step is not None else (1 if e >= a else -1)
    if type(a) is int and type(e) is int and type(s) is int and s:
        return range(a, e + 1, s) if s > 0 else range(a, e - 1, s)
    return _adding(a, e, s)


def _adding(v: Any, e: Any, s: Any) -> Iterator[Any]:
    if s >= 0:
        while v <= e:
            yield v
            v = v + s
    else:
        while v >= e:
            yield v
            v = v + s


def counted(st: Any, body: LogoList, values: str,
            look: Callable[[str], str] | None = None) -> None:
    """REPEAT's and FOREVER's loop: REPCOUNT is the counter (in a fast copy only a
    local, given to ``I.repcount`` where it could be seen).  ``look(counter)``: a line
    run after each look at Stop, where the turn may have changed something (RUN's fused
    loop, run_forms.py, gives the turn back then)."""
    em = st.em
    i, old, fast = em.fresh("_i"), em.fresh("_rc"), em.region is not None
    if not fast:
        em.emit(f"{old} = I.repcount")
        em.emit("try:")
        em.depth += 1
    else:
        values = loop_counters.counting(em, values)
    em.emit(f"for {i} in {values}:")
    em.depth += 1
    if fast:
        em.region.repvars.add(i)
    else:
        em.emit(f"I.repcount = {i}")
    outer, em.repvar = em.repvar, i
    if look is None:
        emit_interrupt(em)
    else:
        em.emit("if I.interrupt:")
        em.depth += 1
        emit_interrupt(em)
        em.emit(look(i))
        em.depth -= 1
    loop_body(st, body)
    em.repvar = outer
    em.depth -= 1
    if not fast:
        em.depth -= 1
        em.emit("finally:")
        em.emit(f"    I.repcount = {old}")
