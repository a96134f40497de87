"""Control structures (UCBLogo manual: CONTROL STRUCTURES): running lists, conditions,
STOP and OUTPUT, CATCH and THROW, CASE and COND, GOTO, APPLY.  The loops are in
``loops.py``.

The compiler turns most of these into Python control flow when their lists are literal
(see ``logo/language/control_forms.py``); the functions here are what runs otherwise:
with lists held in variables, through ``apply``, or inside ``run``.
"""

from __future__ import annotations

from typing import Any

from ..language import caught_errors, runtime
from ..language.error_text import message
from ..language.errors import LogoError
from ..language.templates import apply_template
from ..language.templates import slot as template_slot
from ..language.values import LogoList, equalp, is_true, logo_bool
from . import predicates
from .coerce import index, lst, word
from .coerce import sixtieths as c_sixtieths
from .registry import primitive


@primitive("run")
def run(I, instructions, *, want_value=True):
    """RUN instructionlist
    Runs the instructions; outputs what they output, if anything."""
    return I.run(instructions, want_value)


@primitive("runresult")
def runresult(I, instructions):
    """RUNRESULT instructionlist
    Runs the instructions; outputs [] if they output nothing, else [value]."""
    try:
        value = I.run(instructions)
    except (runtime.StopSignal, runtime.OutputSignal):
        if not I.frames:
            raise
        raise LogoError("runresult_stop") from None
    return LogoList() if value is None else LogoList([value])


@primitive("if")
def if_(I, condition, instructions, otherwise=None, *, want_value=True):
    """IF tf instructionlist   or   (IF tf list1 list2)   or   IF tf [...] [...]
    Runs the instructions if tf is TRUE; with a second list, runs it if tf is FALSE.
    As in UCBLogo, a second list written right after the first (a literal [...]) is
    taken as that second input without parentheses: IF then works as IFELSE."""
    if runtime.truth_run(I, condition):
        return I.run(instructions, want_value)
    if otherwise is not None:
        return I.run(otherwise, want_value)
    I.unvalued = ""  # ran nothing: "Macro returned [] instead of a list" if a value is wanted
    return None


@primitive("ifelse")
def ifelse(I, condition, yes, no, *, want_value=True):
    """IFELSE tf list1 list2
    Runs list1 if tf is TRUE, list2 if FALSE; outputs what the list outputs."""
    return I.run(yes if runtime.truth_run(I, condition) else no, want_value)


@primitive("test")
def test(I, condition):
    """TEST tf
    Remembers tf for IFTRUE and IFFALSE in the same procedure."""
    I.test_result[len(I.frames)] = runtime.truth_run(I, condition)


def _tested(I) -> bool:
    result = I.test_result.get(len(I.frames))
    if result is None:
        raise LogoError("iftrue_without_test")
    return result


@primitive("iftrue", "ift")
def iftrue(I, instructions, *, want_value=True):
    """IFTRUE instructionlist
    Runs the instructions if the last TEST was TRUE."""
    if _tested(I):
        return I.run(instructions, want_value)
    I.unvalued = ""
    return None


@primitive("iffalse", "iff")
def iffalse(I, instructions, *, want_value=True):
    """IFFALSE instructionlist
    Runs the instructions if the last TEST was FALSE."""
    if not _tested(I):
        return I.run(instructions, want_value)
    I.unvalued = ""
    return None


@primitive("stop")
def stop(I):
    """STOP
    Ends the running procedure; it outputs nothing."""
    raise runtime.StopSignal()


@primitive("output", "op")
def output(I, value):
    """OUTPUT value
    Ends the running procedure, which outputs value."""
    raise runtime.OutputSignal(value)


@primitive(".maybeoutput", inputs=1, min_inputs=1)
def maybeoutput(I, value=None):
    """.MAYBEOUTPUT value
    Like OUTPUT, but a missing value means STOP."""
    if value is None:
        raise runtime.StopSignal()
    raise runtime.OutputSignal(value)


@primitive("catch")
def catch(I, tag, instructions, *, want_value=True):
    """CATCH tag instructionlist
    Runs the instructions; a THROW of tag ends them. CATCH "ERROR catches errors."""
    name = word(tag).lower()
    if name == "error":  # (what ended the list answered as the inline form answers it)
        try:
            return I.run(instructions, want_value)
        except caught_errors.SIGNALS as exc:
            caught_errors.answer(I, exc)
            return None
    try:
        return I.run(instructions, want_value)
    except runtime.ThrowSignal as sig:
        if sig.tag.lower() != name and (name != "true" or sig.tag.lower() == "error"):
            raise  # (THROW "ERROR is an error: not TRUE's)
        return sig.value if sig.has_value else None


@primitive("throw", max_inputs=2)
def throw(I, tag, value=None):
    """THROW tag   or   (THROW tag value)
    Ends the instructions of the CATCH with that tag; its CATCH outputs value.
    THROW "ERROR is an error, caught by CATCH "ERROR only: alone, error 21 (Throw
    "Error) of the procedure and line of the THROW; with a value, the value is its
    message."""
    name = word(tag)
    if value is None and name.lower() == "error":
        raise LogoError("throw_error")
    raise runtime.ThrowSignal(name, value, value is not None)


@primitive("error")
def error(I):
    """ERROR
    Outputs [code message procedure line] of the last error caught by CATCH "ERROR,
    or [] if none; then forgets it."""
    err = getattr(I, "last_error", None)
    I.last_error = None
    if err is None:
        return LogoList()
    line = err.line if err.line is not None else LogoList()
    return LogoList([err.code, message(err), err.proc or LogoList(), line])


@primitive("wait")
def wait(I, sixtieths):
    """WAIT time
    Waits time sixtieths of a second (the Stop button ends the wait)."""
    seconds = c_sixtieths(sixtieths) / 60.0
    I.host.waiting(seconds)
    end = I.host.now() + seconds
    while True:
        left = end - I.host.now()
        if left <= 0:
            return
        I.host.sleep(min(left, 0.05))
        if I.host.poll() or I.stop_requested:
            I.interrupt = True
            I.check_interrupt()


def _clause(x: Any, who: str) -> LogoList:
    if type(x) is not LogoList or not x:
        raise LogoError("empty_clause", who=who.upper())
    return x


@primitive("case")
def case(I, value, clauses, *, want_value=True):
    """CASE value clauses
    Clauses are lists [[values] instructions...]: runs (or outputs the value of) the
    instructions of the first clause whose list of values has a member EQUALP to value;
    a clause [else instructions...] matches anything."""
    for clause in lst(clauses):
        clause = _clause(clause, "case")
        head = clause.first()
        if equalp(head, "else") or predicates.memberp(I, value, head) == "true":
            return I.run(clause.butfirst(), want_value)
    return None


@primitive("cond")
def cond(I, clauses, *, want_value=True):
    """COND clauses
    Clauses are lists [[condition] instructions...]: runs (or outputs the value of) the
    instructions of the first clause whose condition outputs TRUE; a clause
    [else instructions...] is taken when no condition before it was TRUE."""
    for clause in lst(clauses):
        clause = _clause(clause, "cond")
        head = clause.first()
        if equalp(head, "else"):
            return I.run(clause.butfirst(), want_value)
        result = I.run(head)
        test = is_true(result) if result is not None else None
        if test is None:
            raise LogoError("not_true_or_false",
                            what=result if result is not None else LogoList())
        if test:
            return I.run(clause.butfirst(), want_value)
    return None


@primitive("tag")
def tag(I, name):
    """TAG quoted.word
    Does nothing: marks the place in a procedure's body where GOTO quoted.word goes on.
    The input must be a quoted word written after TAG, at the top level of the body."""


@primitive("goto")
def goto(I, name):
    """GOTO word
    Goes on running the procedure from the TAG with the same word (in the same
    procedure)."""
    label = word(name).lower()
    if not I.frames:
        raise LogoError("only_in_procedure", who="goto")
    proc = I.frames[-1].proc
    if label not in getattr(proc.code, "tags", ()):
        raise LogoError("doesnt_like_unrec", what=name)
    raise runtime.GotoSignal(label, proc)


@primitive("bye")
def bye(I):
    """BYE
    Leaves Logo."""
    raise SystemExit(0)


@primitive("apply")
def apply(I, template, inputs):
    """APPLY template inputlist
    Calls the template (a procedure name or a template list) with the inputs."""
    if type(inputs) is not LogoList:  # UCBLogo blames the procedure applied
        if isinstance(template, str) and template.lower() in ("to", ".macro"):
            raise LogoError("dont_know_named", who=template)  # no procedure to apply
        raise LogoError("doesnt_like", what=inputs,
                        who=template if isinstance(template, str) else None)
    return apply_template(I, template, inputs.items())


@primitive("?", max_inputs=1)
def slot(I, n=1):
    """?   or   (? n)   or   ?n
    Inside an explicit-slot template: its (n-th) input."""
    return template_slot(I, index(n))


@primitive("procedure?", "procedurep")
def procedurep(I, name):
    """PROCEDUREP name
    Outputs TRUE if name is a procedure (primitive or defined)."""
    return logo_bool(I.resolve(word(name).lower()) is not None)
