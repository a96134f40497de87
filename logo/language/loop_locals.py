"""Loops whose variables live in Python locals.

A loop body that cannot see the variable table by name (it calls no procedure, runs no
list it was not written with, reads no variable by a computed name, has no PAUSE or
STEP point) is compiled twice: a *fast* copy, where every variable the body reads or
MAKEs, FOR's variable and REPCOUNT are Python locals, and the ordinary copy.  The fast
copy runs when every variable the body reads is bound as the loop starts (else the
ordinary copy gives the error at the same place); the locals are written back to the
table wherever the table can be seen: at every exit of the loop (its end, an error,
STOP, OUTPUT, THROW: a ``finally``) and around each interrupt check, where Stop is
raised and processes take their turn (they may read and set variables: the locals are
read again after it).  :func:`closed` decides, conservatively, what a body may observe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from . import inline_prims
from .nodes import Call, Const, Fail, Infix, Neg, Node, VarRef
from .procedures import Procedure
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
}.items()}
# primitives that output the word TRUE or FALSE (never a list an IF would run)
PREDICATES = frozenset(("wordp", "listp", "arrayp", "emptyp", "equalp", "notequalp",
                        "beforep", ".eq", "memberp", "substringp", "numberp", "lessp",
                        "greaterp", "lessequalp", "greaterequalp"))
LOGIC = frozenset(("and", "or", "not"))
COMPARISONS = frozenset(("=", "<", ">", "<=", ">=", "<>"))
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for"))
# variables the interpreter itself reads: a loop that names one keeps the table
SPECIAL = frozenset(("caseignoredp", "erract", "redefp", "printdepthlimit",
                     "printwidthlimit", "fullprintp", "allowgetset", "startup",
                     "loadnoisily", "command.line"))


class Escape(Exception):
    """The fast copy met something the analysis did not foresee: compile only the
    ordinary copy."""


class Region:
    """The Logo variables of a fast loop and the Python locals that hold them."""

    def __init__(self, scope: Scope, fresh: Callable[[str], str]):
        # needs: read before the loop makes them (bound as it starts, or no fast copy)
        self.needs, self.writes = scope.needs, scope.writes
        self.names = {n: fresh("_L") for n in sorted(scope.reads | scope.writes)}
        self.for_vars: list[tuple[str, str]] = []  # (name, local) of the fast FORs open
        self.repvars: set[str] = set()  # counters of fast REPEATs and FOREVERs

    def guard(self) -> str:
        return " and ".join(f"{n!r} in V" for n in sorted(self.needs))

    def load(self) -> list[str]:
        return [f"{py} = V[{n!r}]" if n in self.needs else f"{py} = V.get({n!r}, UNBOUND)"
                for n, py in self.names.items()]

    def store(self) -> list[str]:
        """Write what the loop may have made back to the table."""
        return [f"V[{n!r}] = {py}" if n in self.needs else
                f"if {py} is not UNBOUND: V[{n!r}] = {py}"
                for n, py in self.names.items() if n in self.writes]

    def interrupt(self, repvar: str | None) -> list[str]:
        """The interrupt check: the table and REPCOUNT as the ordinary copy has them,
        then the variables again (a process may have set them)."""
        out = self.store() + [f"V[{n!r}] = {py}" for n, py in self.for_vars]
        if repvar is not None and repvar in self.repvars:
            out.append(f"I.repcount = {repvar}")
        out.append("I.check_interrupt()")
        out += self.load()
        out += [f"{py} = V[{n!r}]" for n, py in self.for_vars]
        return out

    def local(self, name: str) -> str | None:
        for n, py in reversed(self.for_vars):
            if n == name:
                return py
        return self.names.get(name)


def emit_interrupt(em: Any) -> None:
    """The per-iteration interrupt check, in either copy."""
    region = em.region
    if region is None:
        em.emit("if I.interrupt: I.check_interrupt()")
        return
    em.emit("if I.interrupt:")
    em.depth += 1
    for text in region.interrupt(em.repvar):
        em.emit(text)
    em.depth -= 1


def either(st: Any, lists: list[LogoList], emit: Callable[[], None],
           for_var: str | None = None, condition: Node | None = None) -> None:
    """Emit a loop whose body lists are ``lists`` (``emit`` writes it, looking at
    ``em.region``; ``condition``: WHILE's test): twice, fast and ordinary, where the
    body is closed."""
    em = st.em
    if em.region is not None:
        emit()
        return
    scope = None if em.no_fast or not fast_allowed(st) else closed(st, lists, for_var,
                                                                   condition)
    if scope is None:
        emit()
        return
    mark, depth, repvar = len(em.out), em.depth, em.repvar
    region = Region(scope, em.fresh)
    try:
        _emit_both(st, region, emit)
    except Escape:
        del em.out[mark:]
        em.depth, em.region, em.no_fast, em.repvar = depth, None, False, repvar
        emit()


def _emit_both(st: Any, region: Region, emit: Callable[[], None]) -> None:
    em = st.em
    guard = region.guard()
    if guard:
        em.emit(f"if {guard}:")
        em.depth += 1
    for text in region.load():
        em.emit(text)
    em.emit("try:")
    em.depth += 1
    em.region = region
    try:
        emit()
    finally:
        em.region = None
    em.depth -= 1
    em.emit("finally:")
    em.depth += 1
    for text in region.store() or ["pass"]:
        em.emit(text)
    em.depth -= 1
    if guard:
        em.depth -= 1
        em.emit("else:")
        em.depth += 1
        em.no_fast = True
        try:
            emit()
        finally:
            em.no_fast = False
        em.depth -= 1


def fast_allowed(st: Any) -> bool:
    """No ERRACT (its wrappers pause at a call), STEP or traced variables."""
    I, em = st.c.I, st.em
    debugger = getattr(I, "debugger", None)
    return (getattr(I, "recover", None) is None and em.step is None
            and not (debugger is not None and debugger.originals))


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
    """The variables of a loop body: ``reads`` (``needs``: those read before the body
    makes them in the same iteration) and ``writes`` (MAKE, LOCALMAKE)."""

    def __init__(self) -> None:
        self.needs: set[str] = set()
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
    """Collects a body's variables; raises Escape at anything it may observe.
    ``made``: the variables surely made earlier in the iteration (a list that may not
    run, IF's or a loop's, makes none for what follows it)."""

    def __init__(self, st: Any):
        self.st = st
        self.scope = Scope()
        self.made: set[str] = set()

    def apart(self, lst: Any, bound: set[str]) -> None:
        """Walk a list that may run or not (its MAKEs count inside it only)."""
        made = set(self.made)
        self.block(lst, bound)
        self.made = made

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
                self.apart(_lit(lst), bound)
        elif name in LOOPS:
            self.loop(name, args, bound)
        elif name in ("make", "localmake"):
            var = _name(args[0])
            if name == "localmake" and self.st.em.mode != "proc":
                raise Escape
            self.expr(args[1], bound)
            if var not in bound:
                self.scope.writes.add(var)
                self.made.add(var)
        elif name == "output" and args:
            self.expr(args[0], bound)
        elif name != "stop":
            self.expr(node, bound)

    def loop(self, name: str, args: list[Node], bound: set[str]) -> None:
        if name == "repeat":
            self.expr(args[0], bound)
            self.apart(_lit(args[1]), bound)
        elif name == "forever":
            self.apart(_lit(args[0]), bound)
        elif name == "for":
            control = _lit(args[0])
            if len(control) < 3 or not isinstance(control.first(), str):
                raise Escape
            for member in control.items()[1:]:
                nodes = self.parse(member)
                if len(nodes) != 1 or isinstance(nodes[0], Fail):
                    raise Escape
                self.expr(nodes[0], bound)
            self.apart(_lit(args[1]), bound | {control.first().lower()})
        else:
            lists = [_lit(a) for a in args]
            cond, body = (lists[0], lists[1]) if name in ("while", "until") else (
                lists[1], lists[0])
            nodes = self.parse(cond)
            if len(nodes) != 1:
                raise Escape
            self.condition(nodes[0], bound)
            self.apart(body, bound)

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
                if node.name not in self.made:
                    self.scope.needs.add(node.name)
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
