"""The control signals of running Logo code (STOP, OUTPUT, THROW, GOTO run from lists
that were not compiled into their procedure), the TailCall a body returns to the
trampoline, and the Frame of one active call (``runtime`` uses them all)."""

from __future__ import annotations

from typing import Any


class StopSignal(Exception):
    """``stop`` run from a list that was not compiled into its procedure.  The signals
    keep their fields in slots and leave ``args`` to ``BaseException``: making one is
    then about a quarter of the time (a THROW per turn of a loop is common); ``proc``
    names a lesson's STARTUP when one leaves it (``loadpath.run_startup``)."""

    __slots__ = ("proc",)

    def __init__(self) -> None:
        self.proc: Any = None


class OutputSignal(Exception):
    """``output`` run from a list that was not compiled into its procedure."""

    __slots__ = ("proc", "value")

    def __init__(self, value: Any):
        self.value = value
        self.proc: Any = None


class ThrowSignal(Exception):
    """``throw tag [value]``."""

    __slots__ = ("has_value", "proc", "tag", "value")

    def __init__(self, tag: str, value: Any = None, has_value: bool = False):
        self.tag = tag
        self.value = value
        self.has_value = has_value
        self.proc: Any = None


class GotoSignal(Exception):
    """``goto "tag``: caught by the body of ``proc``, which goes on after its TAG."""

    __slots__ = ("proc", "tag")

    def __init__(self, tag: str, proc: Any):
        self.tag = tag
        self.proc = proc


class TailCall:
    """Returned by compiled code for a call in tail position; ``command`` is true when
    the call was an instruction (its output, if any, is an error).  ``caller`` and
    ``line`` (index into the caller's lines) say where it was made, for errors;
    ``held`` and ``names``: a direct caller's inputs, their values and Logo names as
    they were when it made the call (its definition may have changed since)."""

    __slots__ = ("args", "caller", "command", "covered", "held", "line", "names", "proc")

    def __init__(self, proc: Any, args: tuple, command: bool, caller: Any = None,
                 line: int = 0, held: tuple | None = None, names: tuple = ()):
        self.proc = proc
        self.args = args
        self.command = command
        self.caller = caller
        self.line = line
        self.held = held  # a direct caller's inputs as it made the call (input_scope.py)
        self.names = names
        self.covered = -1  # the generation whose callee hides them all (direct_tails.py)


class Frame:
    """One active procedure call: the procedure and the values its bindings hide
    (``proc`` and ``saved``, set by the caller: ``Frame()`` is the quickest object)."""

    __slots__ = ("proc", "saved")
    proc: Any
    saved: dict
