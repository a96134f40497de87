"""Loops whose variables live in Python locals.

A loop body that cannot see the variable table by name (it calls no procedure, runs no
list it was not written with, reads no variable by a computed name, has no PAUSE or
STEP point) is compiled with every variable it reads or MAKEs, FOR's variable and
REPCOUNT in Python locals.  A variable with no value as the loop starts is UNBOUND in its
local, and reading it there is the error that reading the table was.  The locals are
written back to the table wherever the table can be seen: at every exit of the loop
(its end, an error, STOP, OUTPUT, THROW: a ``finally``) and around each interrupt check,
where Stop is raised and processes take their turn (they may read and set variables:
the locals are read again after it).  :func:`closed` decides, conservatively, what a
body may observe; where the compiler meets what it did not foresee (:class:`Escape`),
the loop is compiled as before.  One copy only: a loop that runs once costs no more to
compile than it did.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from . import depth, inline_prims
from .nodes import Call, Const, Fail, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .runtime import UNBOUND
from .values import LogoList

P = "logo.primitives."
# primitives that read no variable by name, run no Logo code and reach no PAUSE point
SAFE: dict[str, frozenset[str]] = {P + m: frozenset(names.split()) for m, names in {
    "arithmetic": "sum difference minus product quotient remainder modulo int round "
                  "lessp greaterp lessequalp greaterequalp",
    "math_functions": "sqrt power exp log10 ln sin cos arctan radsin radcos radarctan",
    "data": "word list sentence fput lput array listtoarray arraytolist combine reverse "
            "first firsts last butfirst butfirsts butlast item setitem",
    "predicates": "wordp listp arrayp emptyp equalp notequalp beforep .eq memberp "
                  "substringp numberp count ascii rawascii char member lowercase uppercase",
    "logic": "and or not",
    "loops": "repcount",
    "communication": "print type show",
    "random_numbers": "random",
    "graphics": "forward back right left setpos setxy setx sety setheading home xcor "
                "ycor heading pos towards distance",
    "graphics_pen": "penup pendown setpencolor setpensize pencolor pensize",
    "management": "pprop gprop remprop plist",  # property lists, not variables
}.items()}
# primitives that output the word TRUE or FALSE (never a list an IF would run)
PREDICATES = frozenset(("wordp", "listp", "arrayp", "emptyp", "equalp", "notequalp",
                        "beforep", ".eq", "memberp", "substringp", "numberp", "lessp",
                        "greaterp", "lessequalp", "greaterequalp"))
LOGIC = frozenset(("and", "or", "not"))
COMPARISONS = frozenset(("=", "<", ">", "<=", ">=", "<>"))
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for"))
HOT = 1000  # a loop known to run fewer times keeps its variables in the table
# variables the interpreter itself reads: a loop that names one keeps the table
SPECIAL = frozenset(("caseignoredp", "erract", "redefp", "printdepthlimit",
                     "printwidthlimit", "fullprintp", "allowgetset", "startup",
                     "loadnoisily", "command.line"))


class Escape(Exception):
    """Compiling a loop with locals met something the analysis did not foresee: the
    loop is compiled as before."""


class Region:
    """The Logo variables of a fast loop and the Python locals that hold them (UNBOUND
    where the variable has no value: a read of it is then the error it was)."""

    def __init__(self, scope: Scope, fresh: Callable[[str], str]):
        self.writes = scope.writes
        self.names = {n: fresh("_L") for n in sorted(scope.reads | scope.writes)}
        self.for_vars: list[tuple[str, str]] = []  # (name, local) of the fast FORs open
        self.repvars: set[str] = set()  # counters of fast REPEATs and FOREVERs

    def load(self) -> list[str]:
        return [f"{py} = V.get({n!r}, UNBOUND)" for n, py in self.names.items()]

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
        return (f"if I.interrupt: ({pys},) = {em.const(sync)}(I, V, ({names},), ({pys},), "
                f"{rep}, {len(self.names)})")

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
        if py is None or any(py == v for _, v in self.for_vars):
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
    return tuple(V.get(n, UNBOUND) if k < plain else V[n] for k, n in enumerate(names))


def emit_interrupt(em: Any) -> None:
    """The per-iteration interrupt check (with a fast loop's locals synced)."""
    if em.region is None:
        em.emit("if I.interrupt: I.check_interrupt()")
    else:
        em.emit(em.region.interrupt(em))


def few(bounds: list[Node]) -> bool:
    """Does a loop with these typed bounds (REPEAT's count; FOR's start, end and step)
    run fewer than :data:`HOT` times?  Then locals would save less than compiling them
    costs (``repeat 4 [fd 100 rt 90]``)."""
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
    if em.region is not None:
        emit()
        return
    scope = closed(st, lists, for_var, condition) if fast_allowed(st) else None
    if scope is None:
        emit()
        return
    mark, depth, repvar = len(em.out), em.depth, em.repvar
    try:
        _emit_fast(st, Region(scope, em.fresh), emit)
    except Escape:
        del em.out[mark:]
        em.depth, em.region, em.repvar = depth, None, repvar
        emit()


def _emit_fast(st: Any, region: Region, emit: Callable[[], None]) -> None:
    """The loop with its variables loaded; what it makes is written back at its end,
    however it ends."""
    em = st.em
    for text in region.load():
        em.emit(text)
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
    if em.region is not None and isinstance(node, Call) and not _safe_prim(node):
        raise Escape
    return False


def _safe_prim(node: Call) -> bool:
    spec = node.target
    if isinstance(spec, Procedure) or hasattr(spec.fn, "__wrapped__"):
        return False
    names = SAFE.get(getattr(spec.fn, "__module__", "") or "")
    if names is None or spec.name not in names:
        return False
    return spec.name != "repcount" or inline_prims.form_of(spec.fn) is not None


class Scope:
    """The variables of a loop body: those it reads and those it makes (MAKE,
    LOCALMAKE)."""

    def __init__(self) -> None:
        self.reads: set[str] = set()
        self.writes: set[str] = set()


def closed(st: Any, lists: list[LogoList], for_var: str | None,
           condition: Node | None = None) -> Scope | None:
    """The variables (read, made) of loop body ``lists`` (and a loop's ``condition``),
    or None where the body may observe the variable table by name or run code that
    does."""
    walk = _Walk(st)
    bound = {for_var} if for_var else set()
    try:
        if condition is not None:
            walk.condition(condition, bound)
        for lst in lists:
            walk.block(lst, bound)
    except Escape:
        return None
    scope = walk.scope
    if (scope.reads | scope.writes) & SPECIAL:
        return None
    return scope


class _Walk:
    """Collects a body's variables; raises Escape at anything it may observe."""

    def __init__(self, st: Any):
        self.st = st
        self.scope = Scope()

    def parse(self, lst: Any) -> list[Node]:
        return self.st.c.parse(lst if type(lst) is LogoList else LogoList([lst]), 0)

    def block(self, lst: Any, bound: set[str]) -> None:
        if type(lst) is not LogoList:
            raise Escape
        for node in self.parse(lst):
            self.statement(node, bound)

    def statement(self, node: Node, bound: set[str]) -> None:
        if not isinstance(node, Call) or isinstance(node.target, Procedure):
            self.expr(node, bound)
            return
        name, args = node.target.name, node.args
        if name in ("if", "ifelse"):
            self.condition(args[0], bound)
            for lst in args[1:]:
                self.block(_lit(lst), bound)
        elif name in LOOPS:
            self.loop(name, args, bound)
        elif name in ("make", "localmake"):
            var = _name(args[0])
            if name == "localmake" and self.st.em.mode != "proc":
                raise Escape
            self.expr(args[1], bound)
            if var not in bound:
                self.scope.writes.add(var)
        elif name == "output" and args:
            self.expr(args[0], bound)
        elif name != "stop":
            self.expr(node, bound)

    def loop(self, name: str, args: list[Node], bound: set[str]) -> None:
        if name == "repeat":
            self.expr(args[0], bound)
            self.block(_lit(args[1]), bound)
        elif name == "forever":
            self.block(_lit(args[0]), bound)
        elif name == "for":
            control = _lit(args[0])
            if len(control) < 3 or not isinstance(control.first(), str):
                raise Escape
            for member in control.items()[1:]:
                nodes = self.parse(member)
                if len(nodes) != 1 or isinstance(nodes[0], Fail):
                    raise Escape
                self.expr(nodes[0], bound)
            self.block(_lit(args[1]), bound | {control.first().lower()})
        else:
            lists = [_lit(a) for a in args]
            cond, body = (lists[0], lists[1]) if name in ("while", "until") else (
                lists[1], lists[0])
            nodes = self.parse(cond)
            if len(nodes) != 1:
                raise Escape
            self.condition(nodes[0], bound)
            self.block(body, bound)

    def condition(self, node: Node, bound: set[str]) -> None:
        """A condition that outputs TRUE or FALSE, never a list to run."""
        if isinstance(node, Infix) and node.op in COMPARISONS:
            self.expr(node, bound)
        elif isinstance(node, Const) and type(node.value) is str and \
                node.value.lower() in ("true", "false"):
            return
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name in LOGIC and _safe_prim(node):
            for arg in node.args:
                self.condition(arg, bound)
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name in PREDICATES:
            self.expr(node, bound)
        else:
            raise Escape

    def expr(self, node: Node, bound: set[str]) -> None:
        if isinstance(node, (Const, Fail)):
            return
        if isinstance(node, VarRef):
            if node.name not in bound:
                self.scope.reads.add(node.name)
        elif isinstance(node, Infix):
            self.expr(node.left, bound)
            self.expr(node.right, bound)
        elif isinstance(node, Neg):
            self.expr(node.operand, bound)
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name in ("if", "ifelse"):
            self.reporter_if(node, bound)
        elif isinstance(node, Call) and _safe_prim(node):
            if node.target.name in LOGIC:
                self.condition(node, bound)
                return
            for arg in node.args:
                self.expr(arg, bound)
        else:
            raise Escape

    def reporter_if(self, node: Call, bound: set[str]) -> None:
        """IFELSE as an expression: compiled inline when each list is one expression."""
        lists = [_lit(a) for a in node.args[1:]]
        if len(lists) != 2:
            raise Escape
        self.condition(node.args[0], bound)
        for lst in lists:
            nodes = self.parse(lst)
            if len(nodes) != 1:
                raise Escape
            self.expr(nodes[0], bound)


def _lit(node: Node) -> LogoList:
    if isinstance(node, Const) and type(node.value) is LogoList:
        return node.value
    raise Escape


def _name(node: Node) -> str:
    if isinstance(node, Const) and type(node.value) is str and node.value:
        return node.value.lower()
    raise Escape


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
