"""LogoError: the one error type a Logo program sees.

Messages and codes follow UCBLogo 6.2.2 (its ``error`` list is
``[code message procedure line]``).  Anything else raised inside the interpreter is an
internal error: a bug, logged and reported as such, never shown as a traceback.
"""

from __future__ import annotations

from typing import Any

# code -> message template; {who} is the procedure, {what} the datum (show form).
MESSAGES: dict[str, tuple[int, str]] = {
    "out_of_space": (1, "Out of space"),
    "stack_overflow": (2, "Stack overflow"),
    "out_of_bounds": (3, "turtle out of bounds"),
    "doesnt_like": (7, "{who} doesn't like {what} as input"),
    "doesnt_like_unrec": (4, "{who} doesn't like {what} as input"),
    "too_many_inputs": (8, "too many inputs to {who}"),
    "didnt_output": (5, "{who} didn't output to {caller}"),
    "not_enough_inputs": (6, "not enough inputs to {who}"),
    "too_much_in_parens": (8, "too much inside ()'s"),
    "dont_say": (9, "You don't say what to do with {what}"),
    "paren_not_found": (10, "too many ('s"),
    "no_value": (11, "{what} has no value"),
    "unexpected_paren": (12, "unexpected ')'"),
    "dont_know": (13, "I don't know how  to {who}"),
    # a name given as data (APPLY "foo, TEXT "foo): UCBLogo's nonrecoverable code
    "dont_know_named": (24, "I don't know how  to {who}"),
    "no_catch": (14, "Can't find catch tag for {what}"),
    "already_defined": (15, "{who} is already defined"),
    "stopped": (16, "Stopped!"),
    "already_dribbling": (17, "Already dribbling"),
    "file_error": (18, "File system error: {what}"),
    "throw_error": (21, 'Throw "Error'),  # THROW "ERROR without a value
    "is_primitive": (22, "{who} is a primitive"),
    "to_in_procedure": (23, "can't use {who} inside a procedure"),
    "iftrue_without_test": (25, "{who} without TEST"),
    "unexpected_bracket": (26, "unexpected ']'"),
    "unexpected_brace": (27, "unexpected '}'"),
    "missing_bracket": (26, "missing ']' (a '[' is never closed)"),
    "macro_returned": (29, "Macro returned {what} instead of a list"),
    "dont_say_output": (30, "You don't say what to do with {what}"),
    "only_in_procedure": (31, "Can only use {who} inside a procedure"),
    "apply_bad": (32, "APPLY doesn't like {what} as input"),
    "end_in_instruction": (33, "END inside multi-line instruction in {who}"),
    "user": (35, "{what}"),
    "runresult_stop": (38, "Can't use OUTPUT or STOP inside RUNRESULT"),
    "cant_open": (40, "I can't open file {what}"),
    "already_open": (41, "File {what} already open"),
    "not_open": (42, "File {what} not open"),
    "no_end": (36, "{who} needs an END"),
    "sandbox": (18, "File system error: {what} is outside the sandbox"),
    "no_shell": (18, "File system error: SHELL is not allowed in the sandbox"),
    "no_editor": (18, "File system error: {who} needs the window or a terminal"),
    "timeout": (16, "Stopped! (time limit of {what} s)"),
    "memory": (1, "Out of space (memory limit of {what} MB)"),
}


class LogoError(Exception):
    """An error in a Logo program, reported as UCBLogo reports it.

    ``kind`` keys :data:`MESSAGES`; ``who`` is the procedure that complained, ``what``
    the datum; ``proc`` and ``line`` say where it happened (filled in as the error
    travels out of procedures); ``hint`` is an extra line of help.
    """

    def __init__(self, kind: str, who: str | None = None, what: Any = None,
                 hint: str | None = None, **extra: Any):
        self.kind = kind
        self.who = who
        self.what = what
        self.hint = hint
        self.extra = extra
        self.proc: str | None = None
        self.line: Any = None  # the instruction line (a LogoList) where it happened
        self.lineno: int | None = None
        self.file: str | None = None
        self.value: Any = None  # the thrown value for `throw "error`
        super().__init__(kind)

    @property
    def code(self) -> int:
        return MESSAGES[self.kind][0]

    @property
    def message(self) -> str:
        from .values import LogoArray, barred_form, print_form

        template = MESSAGES[self.kind][1]
        what = self.what
        if self.kind == "user":  # a thrown array shows its origin ({a b}@0), as UCBLogo
            what_text = barred_form(what) if type(what) is LogoArray else print_form(what)
        elif isinstance(what, str) and what == "":
            what_text = "||"
        elif self.kind in ("no_value", "no_catch", "file_error", "sandbox", "timeout",
                           "memory", "cant_open", "already_open", "not_open"):
            what_text = print_form(what) if what is not None else ""
        else:
            what_text = barred_form(what) if what is not None else ""
        # plain replacement, not str.format: the templates hold literal braces ('}')
        return (template.replace("{who}", self.who or "")
                .replace("{caller}", str(self.extra.get("caller", "")))
                .replace("{what}", what_text))

    def __str__(self) -> str:
        return self.message

    def report(self) -> str:
        """The text shown to the user: message, then where, then a hint."""
        from .values import print_form

        lines = [self.message]
        if self.proc:
            lines.append(f"  in {self.proc}" + (f" (line {self.lineno})" if self.lineno else ""))
            if self.line is not None:
                lines.append("  [" + print_form(self.line) + "]")
        elif self.file and self.lineno:
            lines.append(f"  at {self.file}:{self.lineno}")
        if self.hint:
            lines.append(self.hint)
        return "\n".join(lines)


def doesnt_like(who: str | None, what: Any) -> LogoError:
    return LogoError("doesnt_like", who=who, what=what)
