"""The source of one generated Python function: its lines and indentation, the
constants and call-site names it uses, and the site map that leads from a Python
traceback line back to the Logo name typed and the Logo line.

Every call site gets its own global name (``C12``) and starts a source line of its own
(:func:`wrap`); a ``#L<n>`` comment marks where Logo line ``n`` begins."""

from __future__ import annotations

import re
from typing import Any

from .procedures import Procedure

_SITE_RE = re.compile(r"\bC(\d+)\(")
_LINE_RE = re.compile(r"#L(-?\d+)$")
_SITE_BYTES = re.compile(rb"\bC(\d+)\(")  # (a traceback's columns count UTF-8 bytes)
CAUGHT_FROM, CAUGHT_TO = "#E{", "#E}"  # the lines of an inline CATCH "ERROR's list


class SiteMap:
    """Python line -> (name typed at the call, Logo line index) of generated code, read
    from the code's source when first asked (an error, the debugger): most code never
    fails, and reading every line of it as it is compiled cost more than compiling."""

    def __init__(self, lines: list[Any], source: str = "",
                 site_names: dict[int, str] | None = None, proc: Procedure | None = None):
        self.lines = lines  # the Logo lines (LogoLists) the code came from
        self.proc = proc  # the procedure whose body (or a copy of it) the code is
        self._source = source
        self._site_names = site_names or {}
        self._head = 0  # Python lines 1.._head belong to no Logo line (unplace_head)
        self._calls: dict[int, str] | None = None
        self._logo_line: dict[int, int] = {}
        self._shared: dict[int, list[tuple[int, str]]] = {}  # lines of two sites: each one's
        # byte column and name
        self._caught: set[int] = set()  # the lines inside an inline CATCH "ERROR

    def unplace_head(self, count: int) -> None:
        """The first ``count`` Python lines (a prologue) belong to no Logo line."""
        self._head = max(self._head, count)
        for pyline in range(1, count + 1):
            self._logo_line.pop(pyline, None)

    @property
    def calls(self) -> dict[int, str]:
        if self._calls is None:
            self._read()
        return self._calls  # type: ignore[return-value]

    @property
    def logo_line(self) -> dict[int, int]:
        if self._calls is None:
            self._read()
        return self._logo_line

    def _read(self) -> None:
        calls: dict[int, str] = {}
        logo_lines = self._logo_line
        names = self._site_names
        logo_line, caught = 0, 0
        for pyline, text in enumerate(self._source.split("\n"), start=1):
            code = text.strip()
            caught += (code == CAUGHT_FROM) - (code == CAUGHT_TO)
            if caught:
                self._caught.add(pyline)
            m = _LINE_RE.search(code)
            if m:
                logo_line = int(m.group(1))
            if pyline > self._head:
                logo_lines[pyline] = logo_line
            for site in _SITE_RE.finditer(text):
                calls[pyline] = names.get(int(site.group(1)), "")
            if text.count("C") > 1:
                sites = [(m.start(), names.get(int(m.group(1)), ""))
                         for m in _SITE_BYTES.finditer(text.encode())]
                if len(sites) > 1:
                    self._shared[pyline] = sites
        self._calls = calls
        self._source = ""

    def at(self, pyline: int) -> tuple[str | None, int | None]:
        return self.calls.get(pyline), self.logo_line.get(pyline)

    def caught(self, pyline: int) -> bool:
        """Is Python line ``pyline`` inside the list of an inline CATCH "ERROR?"""
        return self.calls is not None and pyline in self._caught

    def shares(self, pyline: int) -> bool:
        """Does Python line ``pyline`` hold more than one call site?"""
        return self.calls is not None and pyline in self._shared

    def who(self, pyline: int, column: int | None) -> str | None:
        """The name typed at the call of Python line ``pyline`` that begins at byte
        ``column`` (where the line holds two sites, the one whose call failed), else
        at the line's call."""
        calls = self.calls
        for start, name in self._shared.get(pyline, ()):
            if start == column:
                return name
        return calls.get(pyline)


class Emitter:
    """Builds the source of one function, indentation and names included."""

    def __init__(self, interp: Any, lines: list[Any], mode: str):
        self.I = interp
        self.out: list[str] = []
        self.depth = 1
        self.globals: dict[str, Any] = {}
        self.site_names: dict[int, str] = {}
        self.n = 0
        self.lines = lines
        # "proc": stop/output return; "list": they raise signals and the last
        # instruction gives the value; "cmd": as "list", but a value is an error
        self.mode = mode
        self.proc: Procedure | None = None  # the procedure compiled, for self tail calls
        self.compiling: Procedure | None = None
        self.careful = False  # small budgets for depth (depth.py's second try)
        self.step: Any = None  # STEP's hook, called before each line (debugger.py)
        self.stepped: set[int] = set()
        self.self_loops = False  # a self tail call became a loop (see emit_return)
        self.loop_checks = False  # returns check how the loop was entered (``_k``)
        self.tags: dict[str, int] = {}  # a body's TAGs (compiler._tags)
        self.node_lines: dict[int, int] = {}  # the line of a body's instruction with none
        self.repvar: str | None = None  # the counter of the REPEAT being compiled
        self.region: Any = None  # the fast loop being compiled (loop_locals.Region)
        self.loops = 0  # how many loop bodies enclose the code being emitted
        self.caught = 0  # how many inline CATCH lists enclose it (catch_forms)
        self.inputs: dict[str, str] = {}  # a direct body's inputs: their locals (input_scope)
        self.wholes: Any = None  # those proven small whole numbers (whole_inputs.Wholes)
        self.held: dict[str, Any] = {}  # a fused loop's held variables: their lists (held_fusion)

    def proc_or_none(self) -> Procedure | None:
        return self.compiling

    def may_tail(self) -> bool:
        """May OUTPUT of a call here be a tail call?  Not inside an inline loop or
        CATCH: the call runs inside them (REPCOUNT, a FOREACH's ``?``, what CATCH
        catches are the loop's and the catch's), so it is an ordinary call whose value
        is returned."""
        return not (self.loops or self.caught)

    # --- names ------------------------------------------------------------------------
    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, value: Any) -> str:
        t = type(value)
        if (t is int or (t is float and value == value and abs(value) != float("inf"))):
            return repr(value)
        if t is str:
            return repr(str(value))
        name = self.fresh("K")
        self.globals[name] = value
        return name

    def site(self, fn: Any, typed_name: str) -> str:
        """A global alias of ``fn`` for one call site (written at a line start, so
        that a traceback's line number identifies the site)."""
        recover = getattr(self.I, "recover", None)  # ERRACT is set: session/recovery.py
        if recover is not None:
            fn = recover(self.I, fn, typed_name)
        self.n += 1
        self.globals[f"C{self.n}"] = fn
        self.site_names[self.n] = typed_name
        return f"C{self.n}"

    def emit(self, text: str) -> None:
        pad = "    " * self.depth
        for i, part in enumerate(text.split("\n")):
            self.out.append((pad if i == 0 else pad + "        ") + part)

    def emit_return(self, value: str | None) -> None:
        """Return from a procedure body.  Where a self tail call loops, ``_k`` says how
        the loop was last entered: > 0 by an instruction (an output is then an error),
        < 0 by OUTPUT (then stopping without one is), as the caller would have said."""
        if not self.loop_checks:
            self.emit(f"return {value or 'None'}")
            return
        me = self.const(self.proc)
        if value is None:
            self.emit(f"if _k < 0: LOOPCHK(I, {me}, _k, None)")
            self.emit("return None")
            return
        tmp = self.fresh("_o")
        self.emit(f"{tmp} = {value}")
        self.emit(f"if _k > 0: LOOPCHK(I, {me}, _k, {tmp})")
        self.emit(f"return {tmp}")

    def mark_line(self, line: int) -> None:
        self.out.append("    " * self.depth + f"#L{line}")

    def step_hook(self, line: int) -> None:
        """A stepped procedure: the hook runs before line ``line`` (once: not again
        inside the line's own lists)."""
        if line not in self.stepped:
            self.stepped.add(line)
            self.emit(f"{self.const(self.step)}(I, {self.const(self.compiling)}, {line})")

    def local(self, name: str) -> str | None:
        """The Python local that holds variable ``name`` in a fast loop (to assign)."""
        return None if self.region is None else self.region.local(name)

    def local_read(self, name: str) -> str | None:
        """A read of variable ``name`` held in a fast loop's local, or None."""
        return None if self.region is None else self.region.read(name)

    def current_line(self) -> int:
        """The Logo line whose code is being emitted."""
        for text in reversed(self.out):
            m = _LINE_RE.search(text.strip())
            if m:
                return int(m.group(1))
        return 0

    def sitemap(self, source: str) -> SiteMap:
        """The site map of the finished ``source`` (read from it when first asked)."""
        return SiteMap(self.lines, source, self.site_names, self.compiling)



def wrap(call_text: str) -> str:
    """Parenthesise a call so that it starts a source line of its own."""
    return "(\n" + call_text + ")"
