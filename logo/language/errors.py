"""LogoError: the one error type a Logo program sees.

Messages and codes follow UCBLogo 6.2.2 (its ``error`` list is
``[code message procedure line]``).  Anything else raised inside the interpreter is an
internal error: a bug, logged and reported as such, never shown as a traceback.
"""

from __future__ import annotations

from typing import Any

from ..messages import fill, template, text

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
    "assertion_failed": 35, "assertion_failed_with": 35, "no_turtle": 35, "no_cat": 35,
    "only_definitions": 35, "lsystem_no_weight": 35, "lsystem_no_random": 35,
    "lsystem_too_long": 35, "lsystem_negative_stage": 35, "lsystem_counts_deterministic": 35,
    "lsystem_self_defined": 35,
}

# How {what} is written: "print" as PRINT would (no brackets, no bars), "item" as an item
# of a printed list (brackets kept, no bars); any other kind as SHOW would, with bars
# where the word needs them.
WHAT_FORM: dict[str, str] = dict.fromkeys(
    ("user", "no_value", "no_catch", "file_error", "sandbox", "timeout", "memory",
     "cant_open", "already_open", "not_open", "file_io", "not_for_writing",
     "not_for_reading", "not_text", "assertion_failed_with", "only_definitions"), "print")
WHAT_FORM.update(dict.fromkeys(
    ("library_doesnt_like", "not_a_macro", "not_true_or_false"), "item"))


class LogoError(Exception):
    """An error in a Logo program, reported as UCBLogo reports it.

    ``kind`` keys :data:`CODES` and the message catalogue (logo/messages); ``who`` is the
    procedure that complained, ``what`` the datum, ``extra`` more fields of the message;
    ``proc`` and ``line`` say where it happened (filled in as the error travels out of
    procedures); ``hint`` is the catalogue key (``hint.*``) of an extra line of help.
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
        return CODES[self.kind]

    @property
    def message(self) -> str:
        """UCBLogo's English message: what ERROR outputs, whatever the session's language."""
        return self.text("en")

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (the session's language if None)."""
        message = template(self.kind, lang)
        if "{" not in message:
            return message
        message = message.replace("{who}", self.who or "")
        if self.extra:
            message = fill(message, self.extra)
        # {what} last: the datum may hold braces of its own
        return message.replace("{what}", self._what_text()) if "{what}" in message else message

    def fields(self) -> dict[str, object]:
        """The values of the message's ``{fields}``: ``who``, ``what``, and the extras."""
        return {**self.extra, "who": self.who or "", "what": self._what_text()}

    def _what_text(self) -> str:
        from .values import LogoArray, LogoList, barred_form, print_form

        what = self.what
        if what is None:
            return ""
        form = WHAT_FORM.get(self.kind)
        if self.kind == "user":  # a thrown array shows its origin ({a b}@0), as UCBLogo
            return barred_form(what) if type(what) is LogoArray else print_form(what)
        if isinstance(what, str) and what == "":
            return "||"
        if form == "print":
            return print_form(what)
        if form == "item":
            return print_form(LogoList([what]))
        return barred_form(what)

    def __str__(self) -> str:
        return self.message

    def report(self, lang: str | None = None) -> str:
        """The text shown to the user, in ``lang`` (the session's language if None):
        the message, then where, then a hint."""
        from .values import print_form

        lines = [self.text(lang)]
        if self.proc:
            where = "where.in_line" if self.lineno else "where.in"
            lines.append("  " + text(where, lang, proc=self.proc, line=self.lineno))
            if self.line is not None:
                lines.append("  [" + print_form(self.line) + "]")
        elif self.file and self.lineno:
            lines.append("  " + text("where.at", lang, file=self.file, line=self.lineno))
        if self.hint:
            lines.append(fill(template(self.hint, lang), self.fields()))
        return "\n".join(lines)


def doesnt_like(who: str | None, what: Any) -> LogoError:
    return LogoError("doesnt_like", who=who, what=what)
