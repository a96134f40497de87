"""MicroWorlds processes: things that run beside the command center, taking turns.

    launch [instructions]              run them once, beside the command center
    launch [forever [instructions]]    run them again and again, beside it
    when [condition] [instructions]    run them each time the condition becomes true
    cancel [instructions]              end the process of that list (or that condition)
    stopall                            end every process and the running program

How the turns work, and their limits, is told in ``logo/processes.py``.  UCBLogo's own
``forever`` is still the loop that waits: the command center runs it until Stop.
"""

from __future__ import annotations

from ..language.errors import LogoError
from ..language.values import LogoList
from ..session.processes import scheduler
from .coerce import lst
from .registry import primitive


@primitive("launch")
def launch(I, instructions):
    """LAUNCH instructionlist
    Runs the instructions beside the command center (a process): the command center is
    free at once.  LAUNCH [FOREVER [list]] runs the list again and again until STOPALL,
    CANCEL or the Stop button."""
    scheduler(I).launch("once", lst(instructions))


@primitive("when")
def when(I, condition, instructions):
    """WHEN conditionlist instructionlist
    Starts a process that watches the condition and runs the instructions each time it
    becomes true.  CANCEL conditionlist or STOPALL ends it."""
    scheduler(I).launch("when", lst(instructions), condition=lst(condition))


@primitive("cancel")
def cancel(I, instructions):
    """CANCEL instructionlist
    Ends the process started with that instruction list (or the WHEN with that
    condition)."""
    scheduler(I).cancel(lst(instructions))


@primitive("stopall")
def stopall(I):
    """STOPALL
    Ends every process, every forever button and the running program."""
    scheduler(I).stop_all(quiet=True)
    raise LogoError("stopped")


@primitive("processes")
def processes(I):
    """PROCESSES
    Outputs the instruction lists of the processes that are running."""
    return LogoList([p.instructions for p in scheduler(I).processes if not p.done])
