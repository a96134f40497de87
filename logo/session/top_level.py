"""What reaches the top level of a command: a STOP, OUTPUT or THROW that no procedure
or CATCH took (their Logo errors, as UCBLogo gives them), and the Python exceptions that
are Logo errors (a stack too deep, memory, a file, a variable with no value)."""

from __future__ import annotations

from typing import Any

from ..language import runtime
from ..language.caught_errors import user_error
from ..language.errors import LogoError
from . import locating

SIGNALS = (runtime.StopSignal, runtime.OutputSignal, runtime.ThrowSignal)


def translate(I: Any, exc: BaseException, proc: Any) -> BaseException:
    """A Python exception from running Logo -> LogoError, if it is a Logo error."""
    if isinstance(exc, RecursionError):
        err = LogoError("stack_overflow")
    elif isinstance(exc, MemoryError):
        err = LogoError("out_of_space")
    elif isinstance(exc, OSError):  # a file a primitive could not read or write
        from .streams import io_error  # lazy: start-up time
        err = io_error(str(exc.filename or ""), exc)
    elif isinstance(exc, KeyError) and locating.from_generated(I, exc.__traceback__):
        err = LogoError("no_value", what=exc.args[0])
    else:
        return exc
    I.locate_error(err, proc, exc.__traceback__)
    if "erract" in I.vars:
        I.erract(err)
    return err


def signal_error(sig: Exception, at_command_level: bool = True) -> LogoError:
    """The Logo error of a STOP, OUTPUT or THROW that reached the top level; one from a
    lesson's STARTUP names it (``sig.proc``, see loadpath.run_startup).  THROW "TOPLEVEL
    goes back to the command level silently there; at the top of a button's job or a
    process (``at_command_level`` false) there is no command level to go back to, and it
    is the error of a tag without its CATCH."""
    if isinstance(sig, runtime.ThrowSignal):
        err = _uncaught_throw(sig, at_command_level)
    else:
        who = "stop" if isinstance(sig, runtime.StopSignal) else "output"
        err = LogoError("only_in_procedure", who=who)
    if getattr(sig, "proc", None) and not getattr(err, "silent", False):
        err.proc = sig.proc  # type: ignore[attr-defined]
    return err


def _uncaught_throw(sig: runtime.ThrowSignal, at_command_level: bool) -> LogoError:
    if sig.tag.lower() == "toplevel" and at_command_level:  # back to the top level, silently
        from .debugger import toplevel  # lazy

        return toplevel()
    if sig.tag.lower() == "error":
        return user_error(sig)
    return LogoError("no_catch", what=sig.tag)
