"""The compiler: expression trees -> Python functions.

A procedure body (or an instruction list run with ``run``, ``if`` ... at top level) is
turned into the source of one Python function ``body(I, V)`` (``I`` the interpreter,
``V`` its variable table), compiled once and cached until a definition changes.
``if``/``ifelse``/``repeat``/``while``/``for``... with literal lists become Python
control flow; ``stop`` and ``output`` become ``return`` inside their procedure; a call
in tail position returns a :class:`~logo.language.runtime.TailCall` to the trampoline.

Every call site gets its own global name (``C12``) and starts a source line of its own,
so that when an error passes through, the traceback's line numbers tell which Logo
procedure name (as typed) and which Logo line it came from: see :class:`~logo.language.emitter.SiteMap`.
"""

from __future__ import annotations

import math
from typing import Any

from ..primitives import arithmetic
from . import call_sites, control_forms, depth, inline_prims, list_value, loop_locals, runtime
from .code_cache import compile_code
from .direct_bodies import check_inline, compile_direct
from .emitter import Emitter, wrap
from .errors import no_value, raise_
from .general_entry import compile_entry as general_entry
from .invoke_forms import output_call
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node, VarRef
from .parser import parse_logo_line
from .procedures import Procedure
from .values import FALSE, TRUE, LogoArray, LogoList, fresh_array
from .whole_inputs import block as whole_block

INFIX_HELPERS = {"+": "op_add", "-": "op_sub", "*": "op_mul", "/": "op_div", "=": "op_eq",
                 "<": "op_lt", ">": "op_gt", "<=": "op_le", ">=": "op_ge", "<>": "op_ne"}
# operators with an inline path for two plain numbers (* is left to op_mul, which
# follows UCBLogo's rule that big integer products become floats)
FAST_OPS = {"+": "+", "-": "-", "=": "==", "<": "<", ">": ">", "<=": "<=", ">=": ">=", "<>": "!="}


class Compiler:
    """Compiles instruction lines for one interpreter."""

    def __init__(self, interp: Any):
        self.I = interp
        self._ns: dict[str, Any] | None = None
        self.truth = runtime.condition_test(interp)
        self.careful = False  # compiling again with small budgets (depth.guarded)

    # --- entry points -------------------------------------------------------------------
    def compile_procedure(self, proc: Procedure, step: Any = None,
                          tail_loops: bool = True) -> Any:
        """``step``: called as ``step(I, proc, line)`` before each line (STEP);
        ``tail_loops``: a call of itself in tail position may loop (not when traced);
        a direct procedure's body takes its inputs as arguments (input_scope.py)."""
        if step is None and tail_loops and (direct := compile_direct(self, proc)):
            return direct
        if step is None and tail_loops and (entry := general_entry(self, proc)):
            return entry  # (not direct: its own entry all the same)
        return self._compile(proc.lines, "proc", f"<logo {proc.name}>", proc, step, tail_loops)

    def compile_list(self, lines: list[Any], mode: str = "list") -> Any:
        return self._compile(lines, mode, "<logo list>")

    @depth.guarded
    def _compile(self, lines: list[Any], mode: str, filename: str,
                 proc: Procedure | None = None, step: Any = None, tail_loops: bool = True,
                 inputs: dict[str, str] | None = None) -> Any:
        em = self._emit(lines, mode, proc, False, step, tail_loops, inputs)
        if em.self_loops:  # again, with the checks a loop's returns need
            em = self._emit(lines, mode, proc, True, step, tail_loops, inputs)
        params = "".join(", " + p for p in em.inputs.values())  # (a direct body's)
        fn = self.function(f"def body(I, V{params}):\n" + "\n".join(em.out) + "\n", em, filename)
        fn.tags = em.tags
        return fn

    def function(self, source: str, em: Emitter, filename: str = "<logo list>") -> Any:
        """The function ``body`` that ``source`` (``em``'s code) defines, with its
        constants; its site map registered, so that its errors are located."""
        (namespace := self.namespace()).update(em.globals)
        exec(compile_code(source, filename, self.I.sandbox is None), namespace)
        fn = namespace["body"]
        fn.sitemap = em.sitemap(source)
        self.I.register_code(fn.__code__, fn.sitemap)
        return fn

    def _emit(self, lines: list[Any], mode: str, proc: Procedure | None,
              checks: bool, step: Any, tail_loops: bool, inputs: Any = None) -> Emitter:
        em = Emitter(self.I, lines, mode)
        em.careful = self.careful
        em.proc = proc if tail_loops and proc is not None and not (proc.optional or proc.rest) \
            else None
        em.step, em.compiling, em.loop_checks, em.inputs = step, proc, checks, inputs or {}
        body: list[Node] = []
        for idx, line in enumerate(lines):
            nodes = self.parse(line, idx)
            if nodes and isinstance(nodes[0], Fail) and nodes[0].whole:
                body = nodes  # UCBLogo reads the whole body before running any of it
                break
            body.extend(nodes)
            em.node_lines.update((id(n), idx) for n in nodes if not hasattr(n, "line"))
        em.tags = tags = control_forms.tags_of(body) if mode == "proc" else {}
        if tags:
            em.proc = None  # GOTO's loop, below, is the only loop
            self.goto_body(em, body, tags, proc)
        else:
            if em.proc is not None:  # a self tail call loops back here
                if checks:
                    em.emit("_k = 0")
                em.emit("while True:")
                em.depth += 1
            whole_block(em, Statements(self, em), body)
            em.emit_return(None) if mode == "proc" else em.emit(list_value.end(em, body, mode))
        return em

    def goto_body(self, em: Emitter, body: list[Node], tags: dict[str, int], proc: Any) -> None:
        """A body with TAGs: the instructions after the k-th TAG are segment k; GOTO
        raises a signal that sets the segment to go on from."""
        cuts = sorted(set(tags.values()))
        segments: list[list[Node]] = []
        start = 0
        for cut in cuts:
            segments.append(body[start:cut])
            start = cut
        segments.append(body[start:])
        em.emit("_pc = 0")
        em.emit("while True:")
        em.emit("    try:")
        em.depth += 2
        st = Statements(self, em)
        for k, segment in enumerate(segments):
            em.emit(f"if _pc <= {k}:")
            em.depth += 1
            st.block(segment, tail=k == len(segments) - 1)
            em.depth -= 1
        em.emit("return None")
        em.depth -= 1
        em.emit("except GOTO as _g:")
        em.emit(f"    if _g.proc is not {em.const(proc)}: raise")
        segment_of = {tag: cuts.index(cut) + 1 for tag, cut in tags.items()}
        em.emit(f"    _pc = {em.const(segment_of)}[_g.tag]")
        em.emit("    if I.interrupt: I.check_interrupt()")
        em.depth -= 1

    def parse(self, line: Any, idx: int) -> list[Node]:
        return parse_logo_line(line, self.I.resolve, idx)

    def namespace(self) -> dict[str, Any]:
        self._ns = self._ns or self._make_namespace()
        return dict(self._ns)

    def helper(self, name: str) -> Any:
        self._ns = self._ns or self._make_namespace()
        return self._ns[name]

    @staticmethod
    def _make_namespace() -> dict[str, Any]:
        ns: dict[str, Any] = {name: getattr(arithmetic, name)
                              for name in INFIX_HELPERS.values()}
        ns["op_neg"] = arithmetic.op_neg
        ns.update(TAIL=runtime.TailCall, CALLP=runtime.call_proc, STOP=runtime.StopSignal,
                  GOTO=runtime.GotoSignal, LOOPCHK=runtime.loop_check, THROW=runtime.ThrowSignal,
                  OUTPUT=runtime.OutputSignal, DONT_SAY=runtime.dont_say, NEED=runtime.need_value,
                  DONT_SAY_OUT=runtime.dont_say_output, UNBOUND=runtime.UNBOUND, FALSE=FALSE,
                  NUM=frozenset((int, float)), TRUE=TRUE, LL=LogoList, LA=LogoArray,
                  SQRT=math.sqrt, LOG=math.log, HOIST=inline_prims.hoist)
        return ns


class Statements:
    """Compiles instructions (statements) into an Emitter."""

    def __init__(self, compiler: Compiler, em: Emitter):
        self.c = compiler
        self.em = em
        self.x = Expressions(compiler, em, self)

    def block(self, nodes: list[Node], tail: bool) -> None:
        if not nodes:
            self.em.emit("pass")
            return
        last_line = None
        for i, node in enumerate(nodes):
            line = self.em.node_lines.get(id(node), getattr(node, "line", None))  # (:x alone)
            if line is not None and line != last_line:
                self.em.mark_line(line)
                last_line = line
                if self.em.step is not None:
                    self.em.step_hook(line)
            self.statement(node, tail and i == len(nodes) - 1)

    def statement(self, node: Node, tail: bool) -> None:
        em = self.em
        if isinstance(node, Fail):
            em.emit(f"raise {em.const(node.error)}")
            return
        if isinstance(node, GetSet):
            fn = em.site(runtime.getset, node.name)
            call = wrap(f"{fn}(I, {em.const(node.name)}, {self.x.tuple_of(node.args, node.name)})")
            if tail and em.mode == "list":
                em.emit(f"return {call}")
            else:
                tmp = em.fresh("_r")
                em.emit(f"{tmp} = {call}")
                em.emit(f"if {tmp} is not None: raise DONT_SAY_OUT({tmp})")
            return
        if not isinstance(node, Call):
            if tail and em.mode == "list":
                em.emit(f"return {self.x.expr(node, '')}")
            else:
                em.emit(f"raise DONT_SAY({self.x.expr(node, '')})")
            return
        special = control_forms.FORMS.get(node.target.name) if not isinstance(
            node.target, Procedure) else None
        if (special is not None and depth.may_inline(self.em, node.target.name)
                and special(self, node, tail)) or loop_locals.escaping(em, node):
            return
        self.call_statement(node, tail)

    def self_tail_call(self, node: Call, line: int | None = None) -> bool:
        """A procedure calling itself in tail position: rebind the inputs and loop
        (``line`` is the Logo line of an OUTPUT that made the call)."""
        proc = self.em.proc
        if proc is None or node.target is not proc or len(node.args) != len(proc.required) \
                or proc.macro:
            return False
        inputs = call_sites.rebind(self.em, proc.required,
                                   [self.x.expr(arg, node.name) for arg in node.args])
        self.em.self_loops = True
        if self.em.loop_checks:
            self.em.emit(f"_k = {node.line + 1 if line is None else -(line + 1)}")
        call_sites.emit_again(self.em, proc, line is None, node.line if line is None else line,
                              inputs)  # (the turn, then the inputs bound)
        self.em.emit("continue")
        return True

    def call_statement(self, node: Call, tail: bool) -> None:
        em = self.em
        if isinstance(node.target, Procedure) and node.target.macro:
            want = tail and em.mode == "list"
            fn = em.site(runtime.call_macro, node.name)
            call = f"{fn}(I, {em.const(node.target)}, {self.x.args_tuple(node)}, {want})"
            em.emit(f"return {wrap(call)}" if want else call)
            return
        if tail and em.mode == "list":
            call = wrap(self.x.prim_call(node) if not isinstance(node.target, Procedure)
                        else self.x.proc_call(node))  # (a direct callee's own entry)
            em.emit(list_value.tail(em, node, call))
            return
        if isinstance(node.target, Procedure):
            if not (tail and em.mode == "proc"):
                tmp = em.fresh("_r")
                em.emit(f"{tmp} = {self.x.proc_call(node)}")
                em.emit(f"if {tmp} is not None: raise DONT_SAY_OUT({tmp})")
            elif not self.self_tail_call(node):
                call_sites.emit_tail(self.x, node, True, node.line)
            return
        form = self.x.inline_form(node)
        if form in inline_prims.STATEMENTS and inline_prims.statement(self, node, form):
            return  # (SETITEM, FD ...: Python statements; False: the call below)
        call = self.x.prim_call(node, statement=True)
        tmp = em.fresh("_r")
        em.emit(f"{tmp} = {call}")  # a statement-level call starts its own line
        em.emit(f"if {tmp} is not None: raise DONT_SAY({tmp})")

    def list_body(self, value: Any, tail: bool) -> bool:
        """Compile a literal instruction list inline; False if it is not literal."""
        if not isinstance(value, LogoList):
            return False
        nodes = self.c.parse(value, self.current_line())
        self.block(nodes, tail)
        return True

    def current_line(self) -> int:
        return self.em.current_line()


class Expressions:
    """Compiles expressions into Python expression text."""

    def __init__(self, compiler: Compiler, em: Emitter, statements: Any = None):
        self.c = compiler
        self.em = em
        self.statements = statements  # (the Statements whose expressions these are)

    @depth.nested
    def expr(self, node: Node, caller: str) -> str:
        em = self.em
        if isinstance(node, Const):
            if type(node.value) is LogoArray:
                return f"{em.const(fresh_array)}({em.const(node.value)})"
            return em.const(node.value)
        if isinstance(node, VarRef):
            if getattr(self.c.I, "recover", None) is None:  # (a fast loop's local)
                return em.local_read(node.name) or em.inputs.get(node.name) or f"V[{node.name!r}]"
            fn = em.site(no_value, "")  # ERRACT is set: its value if there is none
            return f"(V[{node.name!r}] if {node.name!r} in V else {wrap(f'{fn}({node.name!r})')})"
        if isinstance(node, Infix):
            return self.infix(node)
        if isinstance(node, Neg):
            fn = em.site(self.c.helper("op_neg"), "-")
            return wrap(f"{fn}({self.expr(node.operand, '-')})")
        if isinstance(node, Fail):
            fn = em.site(raise_, "")
            return wrap(f"{fn}({em.const(node.error)})")
        if isinstance(node, GetSet):
            fn = em.site(runtime.getset_value, node.name)
            return wrap(f"{fn}(I, {em.const(node.name)}, {self.tuple_of(node.args, node.name)}, "
                        f"{caller!r})")
        assert isinstance(node, Call)
        return self.call_expr(node, caller)

    def infix(self, node: Infix, as_bool: bool = False) -> str:
        """An infix operation with an inline fast path for two plain numbers; with
        ``as_bool`` a comparison gives a Python bool (for ``if`` and loops)."""
        em = self.em
        fn = em.site(self.c.helper(INFIX_HELPERS[node.op]), node.op)
        left = self.expr(node.left, node.op)
        right = self.expr(node.right, node.op)
        x, y, test = inline_prims.number_tests(em, node, left, right)
        op = FAST_OPS.get(node.op)
        if op is None:
            return inline_prims.mul_div(node.op, x, y, left, right, wrap(f"{fn}({x}, {y})"),
                                        test, em)
        slow = wrap(f"{fn}({x}, {y}, I)" if node.op in ("=", "<>") else f"{fn}({x}, {y})")
        if node.op in ("+", "-"):  # past 64 bits a sum is a float (op_add)
            return inline_prims.add_sub(em, node, x, y, left, right, slow, test)
        if as_bool:
            truth = em.site(runtime.truth, node.op)
            return f"({x} {op} {y} if {test} else {wrap(f'{truth}({slow})')})"
        return f"((TRUE if {x} {op} {y} else FALSE) if {test} else {slow})"

    def condition(self, node: Node, who: str) -> str:
        """A condition as a Python bool."""
        if isinstance(node, Infix) and node.op in FAST_OPS and node.op not in "+-":
            return self.infix(node, as_bool=True)
        form = self.inline_form(node)
        if form in inline_prims.BOOLEAN:
            assert isinstance(node, Call)
            return form(self, node, [self.expr(a, node.name) for a in node.args], True)
        c = self.em.fresh("_c")
        fn = self.em.site(self.c.truth, who)
        return f"((({c} := {self.expr(node, who)}) is TRUE) or ({c} is not FALSE and {wrap(f'{fn}({c})')}))"

    @staticmethod
    def inline_form(node: Node) -> Any:
        """The inline form (inline_prims) of a primitive call, or None."""
        if not isinstance(node, Call) or isinstance(node.target, Procedure):
            return None
        form = inline_prims.form_of(node.target.fn)
        if form is None or not inline_prims.takes(form, len(node.args)):
            return None
        return form

    def call_expr(self, node: Call, caller: str) -> str:
        em = self.em
        if not isinstance(node.target, Procedure):
            form = self.inline_form(node)
            if form is not None and form not in inline_prims.STATEMENTS:
                return form(self, node, [self.expr(a, node.name) for a in node.args], False)
            special = control_forms.REPORTER_FORMS.get(node.target.name)
            if special is not None:
                text = special(self, node, caller)
                if text is not None:
                    return text
            tmp = em.fresh("_t")
            need, first = list_value.need(em, node, caller, runtime.need_value)
            return (f"({tmp} if ({tmp} := {wrap(self.prim_call(node))}) is not None "
                    f"else {wrap(f'{need}({first}, {caller!r}, {node.name!r})')})")
        if node.target.macro:
            fn = em.site(runtime.call_macro, node.name)
            return wrap(f"{fn}(I, {em.const(node.target)}, {self.args_tuple(node)}, True, "
                        f"{caller!r})")
        return output_call(self, node, caller)

    def args_tuple(self, node: Call) -> str:
        return self.tuple_of(node.args, node.name)

    def proc_call(self, node: Call, proc: str | None = None, inputs: Any = None) -> str:
        """A call of a user procedure, through its caller (call_sites.py)."""
        return call_sites.call_text(self, node, proc or self.em.const(node.target), inputs)

    def tuple_of(self, args: list[Node], caller: str) -> str:
        """Python text of a tuple of the values of ``args``, inputs to ``caller``."""
        parts = [self.expr(a, caller) for a in args]
        if len(parts) == 1:
            return f"({parts[0]},)"
        return "(" + ", ".join(parts) + ")"

    def prim_call(self, node: Call, statement: bool = False) -> str:
        spec = node.target
        check_inline(self.em, spec)
        fn = self.em.site(spec.fn, node.name)
        args = [self.expr(a, node.name) for a in node.args]
        if spec.needs_interp:
            args.insert(0, "I")
        if statement and spec.value_context:
            args.append("want_value=False")
        return f"{fn}({', '.join(args)})"
