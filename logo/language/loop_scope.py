"""What a loop body may observe: does it see the variable table by name?

:func:`closed` walks the trees of a loop's lists, conservatively: a body is closed when
everything it runs is a safe primitive (one that reads no variable by name, runs no
Logo code and reaches no PAUSE point), a variable read, MAKE or LOCALMAKE of a typed
name, or a control form whose lists are written in it (and compiled inline: IF, IFELSE,
REPEAT, FOR ..., RUNRESULT of one operation; or held lists in a fused loop, RUN's
too: held_fusion), with conditions that output TRUE or FALSE
(a list as a condition would be run).  A call of a procedure, RUN, THING, a template,
a computed name, a variable the interpreter itself reads (CASEIGNOREDP, ERRACT ...):
not closed.  ``loop_locals`` keeps
a closed loop's variables in Python locals.
"""

from __future__ import annotations

from typing import Any

from . import inline_prims, name_families
from .inline_numbers import TYPED_OPS
from .nodes import Call, Const, Fail, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .result_lists import lone_operation
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
# variables the interpreter itself reads: a loop that names one keeps the table
SPECIAL = frozenset(("caseignoredp", "erract", "redefp", "printdepthlimit",
                     "printwidthlimit", "fullprintp", "allowgetset", "startup",
                     "loadnoisily", "command.line"))


class Escape(Exception):
    """Compiling a loop with locals met something the analysis did not foresee: the
    loop is compiled as before."""


def safe_prim(node: Call) -> bool:
    """Is this call one of a safe primitive, as registered (not TRACE's wrapper)?"""
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
        self.fors: set[str] = set()  # the variables of the FORs inside
        self.loops = False  # a loop inside (an interrupt check of its own)
        self.assigns: list[tuple[str, Node]] = []  # (variable, value) of each MAKE
        self.operands: set[str] = set()  # the variables read as an infix operand (FOR's too)
        self.arrays: set[str] = set()  # the variables read as ITEM's or SETITEM's array
        self.uses: dict[str, int] = {}  # how often each is an operand of + - * = < ...
        self.size = 0  # the instructions and expressions of the body (loop_numbers)
        self.families: set[str] = set()  # prefixes of the names computed (name_families)


MOST_NESTED = 16  # loops inside a loop's body that the walk looks into


def closed(st: Any, lists: list[LogoList], for_var: str | None,
           condition: Node | None = None, loops: bool = True) -> Scope | None:
    """The variables (read, made) of loop body ``lists`` (and a loop's ``condition``),
    or None where the body may observe the variable table by name or run code that
    does (or, not ``loops``, holds a loop: the walk stops there)."""
    walk = _Walk(st)
    walk.loops_ok = loops
    bound = {for_var} if for_var else set()
    try:
        if condition is not None:
            walk.condition(condition, bound)
        for lst in lists:
            walk.block(lst, bound)
    except Escape:
        return None
    scope = walk.scope
    if (scope.reads | scope.writes) & (SPECIAL | scope.fors):
        return None  # (a FOR's variable read or made outside it too: the table)
    if not name_families.apart(scope.families, scope.reads | scope.writes | scope.fors | bound):
        return None  # (a local a computed name could be)
    return scope


class _Walk:
    """Collects a body's variables; raises Escape at anything it may observe."""

    def __init__(self, st: Any):
        self.st = st
        self.scope = Scope()
        self.loops_ok = True
        self.nested = 0  # the loops inside the body walked so far
        self.held: dict[str, Any] = getattr(st.em, "held", {})  # (held_fusion's lists)

    def parse(self, lst: Any) -> list[Node]:
        """A list's trees, parsed once per compilation (nested loops walk their inner
        lists again: parsing each again made deep nesting quadratic in the parser)."""
        em = self.st.em
        trees = getattr(em, "scope_trees", None)
        if trees is None:
            trees = em.scope_trees = {}
        got = trees.get(id(lst))
        if got is None or got[0] is not lst:
            got = trees[id(lst)] = (lst, self.st.c.parse(
                lst if type(lst) is LogoList else LogoList([lst]), 0))
        return got[1]

    def listed(self, node: Node, bound: set[str]) -> None:
        """A literal list, or a held one (held_fusion: written inline, its variable
        held no more inside it)."""
        if type(node) is not VarRef or node.name not in self.held:
            self.block(_lit(node), bound)
            return
        lst = self.held.pop(node.name)
        try:
            self.block(lst, bound)
        finally:
            self.held[node.name] = lst

    def block(self, lst: Any, bound: set[str]) -> None:
        if type(lst) is not LogoList:
            raise Escape
        for node in self.parse(lst):
            self.statement(node, bound)

    def statement(self, node: Node, bound: set[str]) -> None:
        self.scope.size += 1
        if not isinstance(node, Call) or isinstance(node.target, Procedure):
            self.expr(node, bound)
            return
        name, args = node.target.name, node.args
        if name in ("if", "ifelse"):
            self.condition(args[0], bound)
            for lst in args[1:]:
                self.listed(lst, bound)
        elif name == "run" and len(args) == 1 and type(args[0]) is VarRef and \
                args[0].name in self.held and not hasattr(node.target.fn, "__wrapped__"):
            self.scope.size -= 1  # (written inline, RUN itself is no work of the body)
            self.listed(args[0], bound)
        elif name in LOOPS:
            self.loop(name, args, bound)
        elif (family := name_families.computed_make(name, args, safe_prim)) is not None:
            self.scope.families.add(family)
            self.expr(args[0], bound)
            self.expr(args[1], bound)
        elif name in ("make", "localmake"):
            var = _name(args[0])
            if name == "localmake" and self.st.em.mode != "proc":
                raise Escape
            self.expr(args[1], bound)
            self.scope.assigns.append((var, args[1]))  # (a FOR's variable too)
            if var not in bound:
                self.scope.writes.add(var)
        elif name == "output" and args:
            self.expr(args[0], bound)
        elif name != "stop":
            self.expr(node, bound)

    def loop(self, name: str, args: list[Node], bound: set[str]) -> None:
        self.scope.loops = True
        self.nested += 1  # (each loop of a nest walks the loops inside it again: past
        if not self.loops_ok or self.nested > MOST_NESTED:  # a few, the table is kept)
            raise Escape
        if name == "repeat":
            self.expr(args[0], bound)
            self.listed(args[1], bound)
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
            var = control.first().lower()
            if var in bound:  # a FOR inside a FOR of the same variable keeps the table
                raise Escape
            self.scope.fors.add(var)
            self.block(_lit(args[1]), bound | {var})
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
                node.target.name in LOGIC and safe_prim(node):
            for arg in node.args:
                self.condition(arg, bound)
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name in PREDICATES:
            self.expr(node, bound)
        else:
            raise Escape

    def expr(self, node: Node, bound: set[str]) -> None:
        self.scope.size += 1
        if isinstance(node, (Const, Fail)):
            return
        if isinstance(node, VarRef):
            if node.name not in bound:
                self.scope.reads.add(node.name)
        elif isinstance(node, Infix):
            for side in (node.left, node.right):
                if isinstance(side, VarRef):
                    self.scope.operands.add(side.name)
                    if node.op in TYPED_OPS:
                        self.scope.uses[side.name] = self.scope.uses.get(side.name, 0) + 1
            self.expr(node.left, bound)
            self.expr(node.right, bound)
        elif isinstance(node, Neg):
            self.expr(node.operand, bound)
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name in ("if", "ifelse"):
            self.reporter_if(node, bound)
        elif isinstance(node, Call) and not isinstance(node.target, Procedure) and \
                node.target.name == "runresult" and self.result(node, bound):
            return
        elif isinstance(node, Call) and \
                (family := name_families.looked_up(node, safe_prim)) is not None:
            self.scope.families.add(family)
            self.expr(node.args[0], bound)
        elif isinstance(node, Call) and safe_prim(node):
            if node.target.name in LOGIC:
                self.condition(node, bound)
                return
            if node.target.name in ("item", "setitem") and len(node.args) > 1 and \
                    isinstance(node.args[1], VarRef) and node.args[1].name not in bound:
                self.scope.arrays.add(node.args[1].name)
            for arg in node.args:
                self.expr(arg, bound)
        else:
            raise Escape

    def result(self, node: Call, bound: set[str]) -> bool:
        """RUNRESULT of a literal list of one operation (result_lists): its expression
        walked as the body's own (it is compiled where RUNRESULT stands)."""
        if len(node.args) != 1 or hasattr(node.target.fn, "__wrapped__"):
            return False
        top = lone_operation(self.parse(_lit(node.args[0])))
        if top is None:
            raise Escape
        self.expr(top, bound)
        return True

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
