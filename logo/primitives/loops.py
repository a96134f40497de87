"""Loops (UCBLogo manual: CONTROL STRUCTURES): REPEAT, FOREVER, REPCOUNT, WHILE,
UNTIL, DO.WHILE, DO.UNTIL and FOR.

The compiler turns them into Python loops when their lists are literal (see
``logo/language/control_forms.py``); these functions run otherwise.  Every repetition is
a point where the program may be stopped.
"""

from __future__ import annotations

from ..language import runtime
from ..language.errors import LogoError
from .coerce import bad, lst, num, word
from .registry import primitive


@primitive("repeat")
def repeat(I, count, instructions):
    """REPEAT num instructionlist
    Runs the instructions num times; REPCOUNT tells which time it is."""
    n = runtime.count(count)
    old = I.repcount
    try:
        for i in range(1, n + 1):
            I.repcount = i
            if I.interrupt:
                I.check_interrupt()
            I.run(instructions, False)
    finally:
        I.repcount = old


@primitive("forever")
def forever(I, instructions):
    """FOREVER instructionlist
    Runs the instructions again and again, until STOP, THROW or the Stop button."""
    old = I.repcount
    i = 0
    try:
        while True:
            i += 1
            I.repcount = i
            if I.interrupt:
                I.check_interrupt()
            I.run(instructions, False)
    finally:
        I.repcount = old


@primitive("repcount")
def repcount(I):
    """REPCOUNT
    Outputs the number of the current repetition of the innermost REPEAT or FOREVER."""
    return I.repcount


def _loop_cond(I, cond) -> bool:
    value = I.run(cond)
    if value is None:
        raise LogoError("didnt_output", who=str(cond), caller="while")
    return runtime.truth_run(I, value)  # (a list it outputs is run: UCBLogo's RUN of it)


@primitive("while")
def while_(I, cond, instructions):
    """WHILE tfexpression instructionlist
    Runs the instructions while the expression outputs TRUE (tested first)."""
    while _loop_cond(I, cond):
        if I.interrupt:
            I.check_interrupt()
        I.run(instructions, False)


@primitive("until")
def until(I, cond, instructions):
    """UNTIL tfexpression instructionlist
    Runs the instructions until the expression outputs TRUE (tested first)."""
    while not _loop_cond(I, cond):
        if I.interrupt:
            I.check_interrupt()
        I.run(instructions, False)


@primitive("do.while")
def do_while(I, instructions, cond):
    """DO.WHILE instructionlist tfexpression
    Runs the instructions, then again while the expression outputs TRUE."""
    while True:
        if I.interrupt:
            I.check_interrupt()
        I.run(instructions, False)
        if not _loop_cond(I, cond):
            return


@primitive("do.until")
def do_until(I, instructions, cond):
    """DO.UNTIL instructionlist tfexpression
    Runs the instructions, then again until the expression outputs TRUE."""
    while True:
        if I.interrupt:
            I.check_interrupt()
        I.run(instructions, False)
        if _loop_cond(I, cond):
            return


@primitive("for")
def for_(I, control, instructions):
    """FOR [var start end step] instructionlist
    Runs the instructions with var from start to end by step (default 1 or -1).
    Start, end and step are each one member of the list, run to give its value
    ([i 1 :n], [i 0 [:n * 2] 0.5])."""
    control = lst(control)
    if len(control) < 3:
        raise bad(control)
    name = word(control.first()).lower()
    members = control.items()[1:4] if len(control) == 4 else control.items()[1:3]
    values = [I.run(x) for x in members]
    start, end = num(values[0]), num(values[1])
    step = num(values[2]) if len(values) > 2 else (1 if end >= start else -1)
    V = I.vars
    old = V.get(name, runtime.UNBOUND)
    try:
        v = start
        while (v <= end) if step >= 0 else (v >= end):
            V[name] = v
            if I.interrupt:
                I.check_interrupt()
            I.run(instructions, False)
            v = v + step
    finally:
        runtime.restore(V, {name: old})
