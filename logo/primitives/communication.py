"""Communication: transmitters (PRINT, TYPE, SHOW), receivers (READLIST, READWORD,
READRAWLINE, READCHAR, READCHARS) and CLEARTEXT.  UCBLogo manual chapter 4.1, 4.2, 4.4.

Text goes out through ``I.write`` (the writer: console or a SETWRITE file) and comes in
through ``I.read_line`` (the reader: console or a SETREAD file); see ``logo/streams.py``.
"""

from __future__ import annotations

from typing import Any

from ..language.print_limits import limited_form, limits
from ..language.reader import open_paren_at_end
from ..language.values import EMPTY
from .chunks import printed
from .coerce import items_count
from .registry import primitive


# --- transmitters ----------------------------------------------------------------------
@primitive("print", "pr", inputs=1)
def print_(I: Any, *things: Any) -> None:
    """PRINT thing
    (PRINT thing1 thing2 ...)

    Prints the inputs to the write stream (the screen unless SETWRITE chose a file), on
    one line separated by spaces, then a newline.  A list is printed without its outer
    brackets; sublists keep theirs, arrays are printed in braces.  PRINTDEPTHLIMIT,
    PRINTWIDTHLIMIT and FULLPRINTP, when set, change how things are printed."""
    if (lim := limits(I.vars)) is not None:
        I.write(" ".join([limited_form(t, True, lim) for t in things]) + "\n")
    elif len(things) == 1:
        x = things[0]
        if type(x) is str:  # (a word is its own text: print_form's first case)
            I.write(x + "\n")
        else:
            I.write(printed(I, x) + "\n")
    else:
        I.write(" ".join([printed(I, t) for t in things]) + "\n")


@primitive("type", inputs=1)
def type_(I: Any, *things: Any) -> None:
    """TYPE thing
    (TYPE thing1 thing2 ...)

    Prints the inputs like PRINT, but with no spaces between them and no newline at
    the end."""
    if (lim := limits(I.vars)) is not None:
        I.write("".join([limited_form(t, True, lim) for t in things]))
        return
    I.write(printed(I, things[0]) if len(things) == 1 else
            "".join([printed(I, t) for t in things]))


@primitive("show", inputs=1)
def show(I: Any, *things: Any) -> None:
    """SHOW thing
    (SHOW thing1 thing2 ...)

    Prints the inputs like PRINT, except that a list is printed inside square
    brackets: SHOW [a b] prints [a b]."""
    if (lim := limits(I.vars)) is not None:
        I.write(" ".join([limited_form(t, False, lim) for t in things]) + "\n")
    elif len(things) == 1:
        I.write(printed(I, things[0], False) + "\n")
    else:
        I.write(" ".join([printed(I, t, False) for t in things]) + "\n")


# --- receivers ---------------------------------------------------------------------------
def _line_state(text: str) -> tuple[bool, bool]:
    """(a [ or { is still open, the line ends with a continuation ~) for a line of
    Logo text; backslashed characters and text inside |bars| do not count."""
    depth = 0
    bar = False
    tilde = False
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        tilde = False
        if c == "\\":
            i += 2
            continue
        if c == "|":
            bar = not bar
        elif not bar:
            if c in "[{":
                depth += 1
            elif c in "]}":
                depth -= 1
            elif c == "~":
                tilde = i == n - 1
        i += 1
    return depth > 0, tilde


def _read_logical_line(I: Any, for_list: bool) -> str | None:
    """A line from the reader joined with the next ones while it ends with ~ (and, for
    READLIST, while a bracket or a parenthesis is open).  READLIST drops the ~ and the newline; READWORD
    keeps both, so the program sees what was typed."""
    text = I.read_line()
    if text is None:
        return None
    while True:
        open_bracket, tilde = _line_state(text)
        if not (tilde or (for_list and (open_bracket or open_paren_at_end(text)))):
            return text
        more = I.read_line()
        if more is None:
            return text
        text = text[:-1] + more if tilde and for_list else text + "\n" + more


def _unbackslash(text: str) -> str:
    """The text with each backslash removed and the character after it kept."""
    if "\\" not in text:
        return text
    out = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] == "\\" and i + 1 < n:
            i += 1
        out.append(text[i])
        i += 1
    return "".join(out)


@primitive("readlist", "rl")
def readlist(I: Any) -> Any:
    """READLIST
    RL

    Reads a line from the read stream (the keyboard unless SETREAD chose a file) and
    outputs it as a list, split into members as if typed in square brackets.  A line
    ending in ~ continues on the next one, and so does a line with an open [ or (.
    At the end of a file READLIST outputs the empty word (not the empty list)."""
    text = _read_logical_line(I, for_list=True)
    if text is None:
        return ""
    return I.parse(text)


@primitive("readword", "rw")
def readword(I: Any) -> Any:
    """READWORD
    RW

    Reads a line from the read stream and outputs it as one word, spaces and brackets
    included.  Backslashes are removed (the character after one is kept); vertical bars
    are kept; a line ending in ~ goes on with the next one, the ~ and the newline kept.
    At the end of a file READWORD outputs the empty list (not the empty word)."""
    text = _read_logical_line(I, for_list=False)
    if text is None:
        return EMPTY
    return _unbackslash(text)


@primitive("readrawline")
def readrawline(I: Any) -> Any:
    """READRAWLINE

    Reads a line from the read stream and outputs it as a word exactly as it was
    written: backslash, vertical bar and tilde mean nothing special.  At the end of a
    file READRAWLINE outputs the empty list."""
    text = I.read_line()
    if text is None:
        return EMPTY
    return text


@primitive("readchar", "rc")
def readchar(I: Any) -> Any:
    """READCHAR
    RC

    Reads one character from the read stream and outputs it as a word (the end of a
    line reads as a newline character).  At the end of a file READCHAR outputs the
    empty list."""
    from ..session.streams import streams  # lazy: start-up time

    text = streams(I).read_chars(1, I.read_line)
    return EMPTY if text is None else text


@primitive("readchars", "rcs")
def readchars(I: Any, num: Any) -> Any:
    """READCHARS num
    RCS num

    Reads num characters (at most 50,000,000) from the read stream and outputs them as
    one word (fewer if the file ends first).  At the end of a file READCHARS outputs the empty list."""
    n = items_count(num)  # (at most 50,000,000: the longest word Logo makes)
    from ..session.streams import streams  # lazy: start-up time

    text = streams(I).read_chars(n, I.read_line, I.check_stop)
    return EMPTY if text is None else text


# --- terminal access -----------------------------------------------------------------------
@primitive("cleartext", "ct")
def cleartext(I: Any) -> None:
    """CLEARTEXT
    CT

    Clears the text window."""
    I.text_cursor = None  # CURSOR is [0 0] again
    clear = getattr(getattr(I, "host", None), "clear_text", None)
    if clear is not None:
        clear()
