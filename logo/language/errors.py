"""LogoError: the one error type a Logo program sees.

Messages and codes follow UCBLogo 6.2.2 (its ``error`` list is
``[code message procedure line]``); the text of an error is made by ``error_text``
(it prints Logo data, which may raise errors: this module imports nothing of Logo's).
Anything else raised inside the interpreter is an
internal error: a bug, logged and reported as such, never shown as a traceback.
"""

from __future__ import annotations

from typing import Any, NoReturn

# kind -> UCBLogo's error code; the kind's message, English and Russian, is in the
# catalogue (logo/messages/messages.tsv).
CODES: dict[str, int] = {
    "out_of_space": 1, "stack_overflow": 2, "out_of_bounds": 3, "doesnt_like": 7,
    "doesnt_like_unrec": 4, "too_many_inputs": 8, "didnt_output": 5,
    "not_enough_inputs": 6, "too_much_in_parens": 8, "dont_say": 9, "paren_not_found": 10,
    "no_value": 11, "unexpected_paren": 12, "dont_know": 13,
    "dont_know_named": 24,  # a name given as data (APPLY "foo): UCBLogo's nonrecoverable code
    "no_catch": 14, "already_defined": 15, "stopped": 16, "already_dribbling": 17,
    "file_error": 18, "throw_error": 21,  # THROW "ERROR without a value
    "is_primitive": 22, "to_in_procedure": 23, "iftrue_without_test": 25,
    "unexpected_bracket": 26, "unexpected_brace": 27, "missing_bracket": 26,
    "macro_returned": 29, "dont_say_output": 30, "only_in_procedure": 31, "apply_bad": 32,
    "end_in_instruction": 33, "user": 35, "runresult_stop": 38, "cant_open": 40,
    "already_open": 41, "not_open": 42, "no_end": 36,
    # thrown by UCBLogo's own library (its logolib), code 35 as any THROW "ERROR
    "library_doesnt_like": 35, "not_a_macro": 35, "not_true_or_false": 35,
    "empty_clause": 35,
    # this Logo's own
    "sandbox": 18, "no_shell": 18, "no_editor": 18, "file_io": 18, "not_for_writing": 18,
    "not_for_reading": 18, "not_text": 18, "timeout": 16, "memory": 1,
    "assertion_failed": 35, "assertion_failed_with": 35, "no_turtle": 35,
    "only_definitions": 35, "microworld_broken": 35, "shipped_file": 18,
    # a microworld's own kinds (its messages.tsv) are added, code 35, when it is loaded
}

# How {what} is written: "print" as PRINT would (no brackets, no bars), "item" as an item
# of a printed list (brackets kept, no bars); any other kind as SHOW would, with bars
# where the word needs them.
WHAT_FORM: dict[str, str] = dict.fromkeys(
    ("user", "no_value", "no_catch", "file_error", "sandbox", "timeout", "memory",
     "cant_open", "already_open", "not_open", "file_io", "not_for_writing",
     "not_for_reading", "not_text", "assertion_failed_with", "only_definitions",
     "shipped_file"), "print")
WHAT_FORM.update(dict.fromkeys(
    ("library_doesnt_like", "not_a_macro", "not_true_or_false"), "item"))


# the kinds whose message names who complained: the name typed where it was raised
NEEDS_WHO = frozenset(("doesnt_like", "doesnt_like_unrec", "too_many_inputs",
                       "not_enough_inputs", "too_much_in_parens", "dont_know",
                       "only_in_procedure", "iftrue_without_test"))


def needs_who(err: LogoError) -> bool:
    """Whether the message of ``err`` names who complained and nobody is named yet (a
    stop inside a long primitive names the primitive: hint.stopped_in)."""
    return err.who is None and (err.kind in NEEDS_WHO or err.hint == "hint.stopped_in")


class LogoError(Exception):
    """An error in a Logo program, reported as UCBLogo reports it.

    ``kind`` keys :data:`CODES` and the message catalogue (logo/messages); ``who`` is the
    procedure that complained, ``what`` the datum, ``extra`` more fields of the message;
    ``proc`` and ``line`` say where it happened (filled in as the error travels out of
    procedures); ``hint`` is the catalogue key (``hint.*``) of an extra line of help.

    Where it happened starts as the class's values: an error is made, and most often
    caught by CATCH "ERROR, in about half the time it took to set all six in each.
    """

    proc: str | None = None
    line: Any = None  # the instruction line (a LogoList) where it happened
    lineno: int | None = None
    file: str | None = None
    value: Any = None  # the thrown value for `throw "error`
    in_caller = False  # raised as a call began: the caller's error (locating)

    def __init__(self, kind: str, who: str | None = None, what: Any = None,
                 hint: str | None = None, **extra: Any):
        self.kind = kind
        self.who = who
        self.what = what
        self.hint = hint
        self.extra = extra
        super().__init__(kind)

    @property
    def code(self) -> int:
        return CODES[self.kind]

    def __str__(self) -> str:  # (the message is error_text.message: it prints Logo data)
        return self.kind if self.who is None else f"{self.kind} ({self.who})"


def doesnt_like(who: str | None, what: Any) -> LogoError:
    return LogoError("doesnt_like", who=who, what=what)


def raise_(err: Exception) -> NoReturn:
    """The call site of an error found while compiling its line: it fails when run."""
    raise err


def no_value(name: str) -> NoReturn:
    """A variable read that found no value, in code compiled while ERRACT is set (there
    ERRACT's value stands for the variable's: session/recovery.py)."""
    raise LogoError("no_value", what=name)
