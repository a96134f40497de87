"""Which procedures may keep their inputs in Python locals: *direct* procedures.

A call binds its procedure's inputs in the variable table so that the procedures it
calls see them (dynamic scope).  Where no procedure it may call can see them, the
binding is work for nobody: a direct procedure's compiled body takes its inputs as
Python arguments (``body(I, V, _in_0, _in_1)``) and reads them as locals; its call binds and
restores nothing (``call_sites``).  The few places that read the table while such a call
runs, a process's or a job's turn and ERRACT, first bind the inputs there
(``lifting.py``).

The analysis is of the workspace as defined now (one generation of the definitions),
made once per generation and conservative: a procedure is direct when

- its inputs are all required, distinct and none a name the interpreter itself reads
  (ERRACT, CASEIGNOREDP ...), and no process runs as it is compiled (processes take a
  turn at every call, and each turn would bind the inputs of every direct call running);
- its own body holds only variable reads, calls of procedures defined now and of safe
  primitives (``loop_scope.SAFE``: they read no variable by name, run no Logo code and
  reach no PAUSE point), MAKE of a typed name that is none of its inputs, IF, IFELSE, IFTRUE and IFFALSE
  with literal lists and conditions that output TRUE or FALSE or are a variable or a
  procedure's output (a list there runs with the direct calls' inputs bound in the
  table, ``Interpreter.run_condition``), CATCH of a literal list and a tag typed (not
  ERROR or TRUE) or computed (ERROR or TRUE then run as CATCH's primitive with the
  inputs bound), THROW of a typed tag (not ERROR, TRUE, TOPLEVEL or SYSTEM, which
  reach the error handling), OUTPUT and STOP (no loop,
  no LOCAL: the call's frame keeps its inputs' values unchanged);
- no procedure it may call, through every call of every body reached, reads or sets one
  of its inputs by name (a procedure with an input of that name reads its own), and none
  holds anything the walk cannot see through: RUN, a template, THING or MAKE of a
  computed name, DEFINE, PAUSE, a list that is not written where it runs, a name that is
  no procedure and no primitive now (a line that cannot be parsed now: when it runs, a
  library procedure may have been loaded for it), an optional input's default.
"""

from __future__ import annotations

from typing import Any

from .loop_scope import COMPARISONS, LOGIC, LOOPS, PREDICATES, safe_prim
from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .parser import parse_line
from .procedures import Procedure
from .runparse import line_tokens
from .values import LogoList

INLINE = frozenset(("if", "ifelse"))  # a direct body's forms whose lists must be inline
TESTED = frozenset(("iftrue", "iffalse"))  # and those of TEST's (test_forms.py)


# CATCH and THROW of these tags reach the error handling or the top level: not direct
CAUGHT = frozenset(("error", "true"))
THROWN = frozenset(("error", "toplevel", "system"))


def _plain_tag(node: Node, special: frozenset[str]) -> bool:
    """A tag typed as a word that is none of ``special``."""
    return isinstance(node, Const) and type(node.value) is str and bool(node.value) \
        and node.value.lower() not in special


class Dynamic(Exception):
    """The walk met something it cannot see through."""


class Summary:
    """What one body does: the names it reads or sets, the procedures it calls, whether
    it is plain (no loop, no LOCAL, no MAKE of its own inputs), what it outputs and which
    procedures' outputs it tests inside AND, OR and NOT (which run a list input
    themselves: they must output words)."""

    __slots__ = ("calls", "names", "open", "outputs", "plain", "tests")

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.calls: set[Procedure] = set()
        self.outputs: list[Node] = []
        self.tests: set[Procedure] = set()  # procedures whose outputs are conditions
        self.plain = True
        self.open = False  # a condition that may be a list (which may STOP: sure_outputs)


class Scopes:
    """The analysis of one generation of the definitions (``I.input_scopes``)."""

    def __init__(self, interp: Any, generation: int):
        self.I = interp
        self.generation = generation
        self.summaries: dict[Procedure, Summary | None] = {}  # None: dynamic
        self.free: dict[Procedure, frozenset[str] | None] = {}
        self.words: dict[Procedure, bool] = {}
        self.waiting: dict[Procedure, list] = {}  # sites waiting for an entry (direct_entry)

    def resolve(self, name: str) -> Any:
        """What a name calls now, as ``Interpreter.resolve`` says, but never loading a
        library procedure (a name not defined now makes the walk fail)."""
        I = self.I
        proc = I.workspace.procedures.get(name)
        if proc is not None:
            return proc
        if I.page_widgets is not None:
            from ..primitives.microworld import widget_spec  # lazy: widgets only
            if widget_spec(I, name) is not None:
                return None
        return I.registry.get(name)

    def parse(self, lst: Any, idx: int) -> list[Node]:
        line = lst if type(lst) is LogoList else LogoList([lst])
        return parse_line(line_tokens(line), self.resolve, idx)

    def summary(self, proc: Procedure) -> Summary | None:
        if proc not in self.summaries:
            try:
                self.summaries[proc] = _Walk(self, proc).run()
            except Dynamic:
                self.summaries[proc] = None
        return self.summaries[proc]

    def free_names(self, proc: Procedure) -> frozenset[str] | None:
        """The names ``proc`` and what it calls may read or set that are not its own
        inputs; None where the walk cannot see through them."""
        if proc in self.free:
            return self.free[proc]
        reached: list[Procedure] = []
        todo, seen = [proc], set()
        while todo:
            q = todo.pop()
            if q in seen:
                continue
            seen.add(q)
            s = self.summary(q)
            if s is None or self.free.get(q, frozenset()) is None or not all(
                    self.outputs_words(t) for t in s.tests):
                self.free[proc] = None
                return None
            reached.append(q)
            todo.extend(s.calls)
        summaries = {q: self.summaries[q] for q in reached}
        free: dict[Procedure, frozenset[str]] = {}
        for q, s in summaries.items():
            known = self.free.get(q)
            free[q] = known if known is not None else frozenset(s.names - set(q.required))  # type: ignore[union-attr]
        changed = True
        while changed:  # a least fixpoint: recursion carries a name round its cycle
            changed = False
            for q, s in summaries.items():
                names = set(s.names)  # type: ignore[union-attr]
                for r in s.calls:  # type: ignore[union-attr]
                    names |= free[r]
                new = frozenset(names - set(q.required))
                if new != free[q]:
                    free[q], changed = new, True
        self.free.update(free)
        return free[proc]

    def outputs_words(self, proc: Procedure) -> bool:
        """Whether everything ``proc`` outputs is a word (never a list an IF would run):
        each OUTPUT's value is a word or number typed, an operation, a predicate or the
        output of such a procedure (a greatest fixpoint over those procedures)."""
        if proc in self.words:
            return self.words[proc]
        group: list[Procedure] = []
        todo, seen = [proc], set()
        while todo:
            q = todo.pop()
            if q in seen or q in self.words:
                continue
            seen.add(q)
            s = self.summary(q)
            if s is None:
                self.words[q] = False
                continue
            group.append(q)
            todo.extend(n.target for n in s.outputs
                        if isinstance(n, Call) and isinstance(n.target, Procedure))
        words = set(group)
        changed = True
        while changed:
            changed = False
            for q in list(words):
                if not all(self._word(n, words) for n in self.summaries[q].outputs):  # type: ignore[union-attr]
                    words.discard(q)
                    changed = True
        for q in group:
            self.words[q] = q in words
        return self.words[proc]

    def _word(self, node: Node, words: set[Procedure]) -> bool:
        if isinstance(node, Const):
            return type(node.value) is not LogoList
        if isinstance(node, (Infix, Neg)):
            return True
        if isinstance(node, Call) and isinstance(node.target, Procedure):
            return not node.target.macro and (node.target in words
                                              or self.words.get(node.target, False))
        return isinstance(node, Call) and node.target.name in PREDICATES | LOGIC and \
            safe_prim(node)


class _Walk:
    """Collects a body's Summary; raises Dynamic at anything it cannot see through."""

    def __init__(self, scopes: Scopes, proc: Procedure):
        self.scopes = scopes
        self.proc = proc
        self.s = Summary()

    def run(self) -> Summary:
        proc = self.proc
        if proc.macro or proc.optional:
            raise Dynamic
        for idx, line in enumerate(proc.lines):
            self.block(self.scopes.parse(line, idx))
        return self.s

    def block(self, nodes: list[Node]) -> None:
        for node in nodes:
            self.statement(node)

    def listed(self, node: Node) -> None:
        """A literal instruction list, walked where it is written."""
        if not (isinstance(node, Const) and type(node.value) is LogoList):
            raise Dynamic
        self.block(self.scopes.parse(node.value, 0))

    def set_name(self, node: Node) -> None:
        if not (isinstance(node, Const) and type(node.value) is str and node.value):
            raise Dynamic
        name = node.value.lower()
        self.s.names.add(name)
        if name in self.proc.required:
            self.s.plain = False

    def statement(self, node: Node) -> None:
        if not isinstance(node, Call) or isinstance(node.target, Procedure):
            self.expr(node)
            return
        name, args = node.target.name, node.args
        if name in INLINE:
            self.condition(args[0], True)
            for lst in args[1:]:
                self.listed(lst)
        elif name in TESTED and len(args) == 1:
            self.listed(args[0])
        elif name == "test" and len(args) == 1:
            self.condition(args[0], True)
        elif name in LOOPS:
            self.loop(name, args)
        elif name in ("make", "localmake"):
            self.set_name(args[0])
            self.expr(args[1])
            self.s.plain = self.s.plain and name == "make"
        elif name == "local":
            self.s.plain = False
            for arg in args:
                names = arg.value.items() if isinstance(arg, Const) and \
                    type(arg.value) is LogoList else [arg]
                for n in names:
                    self.set_name(n if isinstance(n, Node) else Const(n))
        elif name == "output" and len(args) == 1:
            self.s.outputs.append(args[0])
            self.expr(args[0])
        elif name == "catch" and len(args) == 2 and (
                _plain_tag(args[0], CAUGHT) or not isinstance(args[0], Const)):
            self.expr(args[0])  # (the list compiled inline: control_forms.form_catch)
            self.listed(args[1])
        elif name == "throw" and 1 <= len(args) <= 2 and _plain_tag(args[0], THROWN):
            for arg in args[1:]:
                self.expr(arg)
        elif name != "stop" or args:
            self.expr(node)

    def loop(self, name: str, args: list[Node]) -> None:
        self.s.plain = False
        if name == "for":
            control = args[0]
            if not (isinstance(control, Const) and type(control.value) is LogoList
                    and len(control.value) >= 3 and isinstance(control.value.first(), str)):
                raise Dynamic
            self.set_name(Const(control.value.first()))
            for member in control.value.items()[1:]:
                for n in self.scopes.parse(member, 0):
                    self.expr(n)
            self.listed(args[1])
        elif name == "repeat":
            self.expr(args[0])
            self.listed(args[1])
        elif name == "forever":
            self.listed(args[0])
        else:
            cond, body = (args[0], args[1]) if name in ("while", "until") else (args[1], args[0])
            if not (isinstance(cond, Const) and type(cond.value) is LogoList):
                raise Dynamic
            nodes = self.scopes.parse(cond.value, 0)
            if len(nodes) != 1:
                raise Dynamic
            self.condition(nodes[0])
            self.listed(body)

    def condition(self, node: Node, top: bool = False) -> None:
        """A condition that outputs TRUE or FALSE, never a list to run; or, as the
        whole condition of IF, IFELSE or TEST (``top``), a variable or a procedure's
        output, which may be a list: that runs with the inputs of the direct calls
        bound in the table (``Interpreter.run_condition``)."""
        may_run = isinstance(node, VarRef) or (
            isinstance(node, Call) and isinstance(node.target, Procedure))
        if top and may_run:
            self.s.open = True
            self.expr(node)
        elif isinstance(node, Infix) and node.op in COMPARISONS:
            self.expr(node)
        elif isinstance(node, Const) and type(node.value) is str:
            if node.value.lower() not in ("true", "false"):
                raise Dynamic
        elif isinstance(node, Call) and isinstance(node.target, Procedure):
            self.s.tests.add(node.target)
            self.expr(node)
        elif isinstance(node, Call) and node.target.name in LOGIC and safe_prim(node):
            for arg in node.args:
                self.condition(arg)
        elif isinstance(node, Call) and node.target.name in PREDICATES:
            self.expr(node)
        else:
            raise Dynamic

    def expr(self, node: Node) -> None:
        if isinstance(node, Const):
            return
        if isinstance(node, VarRef):
            self.s.names.add(node.name)
        elif isinstance(node, Infix):
            self.expr(node.left)
            self.expr(node.right)
        elif isinstance(node, Neg):
            self.expr(node.operand)
        elif isinstance(node, Call) and isinstance(node.target, Procedure):
            if node.target.macro or node.target.optional:
                raise Dynamic
            self.s.calls.add(node.target)
            for arg in node.args:
                self.expr(arg)
        elif isinstance(node, Call) and node.target.name in INLINE:
            self.reporter_if(node)
        elif isinstance(node, Call) and safe_prim(node):
            if node.target.name in LOGIC:
                self.condition(node)
                return
            for arg in node.args:
                self.expr(arg)
        else:
            raise Dynamic

    def reporter_if(self, node: Call) -> None:
        """IF and IFELSE as expressions: inline when each list is one expression."""
        if len(node.args) != 3:
            raise Dynamic
        self.condition(node.args[0], True)
        for lst in node.args[1:]:
            if not (isinstance(lst, Const) and type(lst.value) is LogoList):
                raise Dynamic
            nodes = self.scopes.parse(lst.value, 0)
            if len(nodes) != 1:
                raise Dynamic
            self.expr(nodes[0])


def scopes(I: Any) -> Scopes:
    """The analysis of the definitions as they are now (made again when they change)."""
    got = I.input_scopes
    if got is None or got.generation != I.generation:
        got = I.input_scopes = Scopes(I, I.generation)
    return got
