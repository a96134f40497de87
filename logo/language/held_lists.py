"""IF, IFELSE and REPEAT of lists held in variables, compiled as statements.

``if :c :action``, ``ifelse :big :grow :shrink`` and ``repeat 3 :steps`` name their
lists by expressions, so the compiler cannot write the lists' instructions inline as it
does literal ones (control_forms).  A list run before since the last definition keeps its
command code (``lst.compiled``), and these statements call it from the compiled code
itself, as the statement ``run :x`` does (run_forms.form_run), instead of the primitive,
its truth test and ``Interpreter.run``:

- every input is computed first, in order, as the primitive's call computes them;
- IF and IFELSE: a condition that is TRUE or FALSE chooses the list, whose kept code is
  called with ``Interpreter.run``'s error handling (runresult_parts.failed/translated);
  anything else (another condition, a word, a list never run, a definition made since)
  is the primitive's call on the computed inputs, as before;
- REPEAT of a whole count >= 0 and a list: REPEAT's loop (REPCOUNT set, Stop looked at
  each turn, REPCOUNT put back at its end, however it ends), each turn calling the list's
  kept code, or ``Interpreter.run`` where it has none yet (its first run makes it);
  another count or input is the primitive's call.
STOP, OUTPUT and THROW of the list pass through, as through the primitive.

Not compiled this way: in tail position of a list run for its value (the value is the
list's), under ERRACT's recovering call sites, in a direct body or a fast loop's locals,
a traced or redefined IF, IFELSE or REPEAT.
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .nodes import Call, Const, Node
from .print_forms import plain as plain_primitive
from .runresult_parts import INTERNAL, failed, translated
from .values import LogoList


def _compiles(st: Any, node: Call, tail: bool, chapter: str, fn_name: str) -> bool:
    em = st.em
    return not ((tail and em.mode == "list") or em.region is not None or em.inputs or
                getattr(st.c.I, "recover", None) is not None or
                not plain_primitive(node, chapter, fn_name))


def _literal(node: Node) -> bool:
    return type(node) is Const and type(node.value) is LogoList


def _inputs(st: Any, node: Call) -> list[str]:
    """Each input computed into a local of its own, in order."""
    names = []
    for arg in node.args:
        name = st.em.fresh("_h")
        st.em.emit(f"{name} = {st.x.expr(arg, node.name)}")
        names.append(name)
    return names


def _call_kept(em: Any, lst: str, otherwise: list[str]) -> None:
    """The kept command code of the list in ``lst`` called, else ``otherwise``'s lines."""
    cache, code, e = em.fresh("_hc"), em.fresh("_hf"), em.fresh("_he")
    em.emit(f"if type({lst}) is LL and ({cache} := {lst}.compiled)[2] == I.generation "
            f"and ({code} := {cache}[0]) is not None:")
    em.emit("    try:")
    em.emit(f"        {code}(I, V)")
    em.emit(f"    except {em.const(LogoError)} as {e}:")
    em.emit(f"        {em.const(failed)}(I, {e})")
    em.emit("        raise")
    em.emit(f"    except {em.const(INTERNAL)} as {e}:")
    em.emit(f"        raise {em.const(translated)}(I, {e}) from None")
    em.emit("else:")
    em.depth += 1
    for line in otherwise:
        em.emit(line)
    em.depth -= 1


def _primitive(st: Any, node: Call, names: list[str]) -> list[str]:
    """The primitive's statement call on the computed inputs (a value is an error)."""
    fn = st.em.site(node.target.fn, node.name)
    r = st.em.fresh("_hr")
    want = ", want_value=False" if node.target.value_context else ""
    return [f"{r} = {fn}(I, {', '.join(names)}{want})", f"if {r} is not None: raise DONT_SAY({r})"]


def form_if(st: Any, node: Call, tail: bool) -> bool:
    """IF or IFELSE with a list that is not literal (``if :c :action``)."""
    name = "if_" if node.target.name == "if" else "ifelse"
    if all(_literal(a) for a in node.args[1:]) or not _compiles(st, node, tail, "control", name):
        return False
    em = st.em
    names = _inputs(st, node)
    cond, lst = names[0], em.fresh("_hl")
    other = names[2] if len(names) > 2 else "None"
    em.emit(f"{lst} = {names[1]} if {cond} is TRUE else {other} if {cond} is FALSE else 0")
    em.emit(f"if {lst} is not None:")  # (None: FALSE and no second list, nothing to run)
    em.depth += 1
    _call_kept(em, lst, _primitive(st, node, names))
    em.depth -= 1
    return True


def form_repeat(st: Any, node: Call, tail: bool) -> bool:
    """REPEAT of a list that is not literal (``repeat 3 :steps``)."""
    if len(node.args) != 2 or not _compiles(st, node, tail, "loops", "repeat"):
        return False
    em = st.em
    count, lst = _inputs(st, node)
    i, old = em.fresh("_hi"), em.fresh("_hrc")
    em.emit(f"if type({count}) is int and {count} >= 0 and type({lst}) is LL:")
    em.emit(f"    {old} = I.repcount")
    em.emit("    try:")
    em.emit(f"        for {i} in range(1, {count} + 1):")
    em.emit(f"            I.repcount = {i}")
    em.emit("            if I.interrupt: I.check_interrupt()")
    em.depth += 3
    _call_kept(em, lst, [f"I.run({lst}, False)"])
    em.depth -= 3
    em.emit("    finally:")
    em.emit(f"        I.repcount = {old}")
    em.emit("else:")
    em.depth += 1
    for line in _primitive(st, node, [count, lst]):
        em.emit(line)
    em.depth -= 1
    return True
