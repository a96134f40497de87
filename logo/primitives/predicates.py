"""Data structure primitives, part 2: predicates and queries (UCBLogo manual chapter 2).

Word comparisons ignore case while the variable CASEIGNOREDP is TRUE (its default), as in
UCBLogo.  The helpers :func:`ignore_case` and :func:`same` are shared with ``data.py``.
"""


from __future__ import annotations

from typing import Any

from ..language import values
from ..language.list_scan import find_number, find_pair, scan_any, scan_word
from ..language.values import (
    EMPTY,
    FALSE,
    TRUE,
    LogoArray,
    LogoList,
    is_number,
    logo_bool,
    parse_number,
    print_form,
)
from . import coerce as c
from .chunks import CHUNK, found, long_lists_equal
from .registry import primitive

STANDOUT_ON = "\x1b[7m"
STANDOUT_OFF = "\x1b[27m"


# --- helpers shared with data.py -------------------------------------------------------
def ignore_case(I: Any) -> bool:
    """Whether word comparisons ignore case: CASEIGNOREDP is the word TRUE (in any case),
    as in UCBLogo; erased, FALSE or anything else, they do not."""
    try:
        flag = I.vars.get("caseignoredp")
    except AttributeError:
        return True
    return flag is TRUE or (isinstance(flag, str) and flag.lower() == TRUE)


def same(a: Any, b: Any, caseig: bool = True) -> bool:
    """UCBLogo's equalp_help: numbers by value, words by text, lists item by item."""
    if caseig:
        return values.equalp(a, b)
    ta, tb = type(a), type(b)
    if ta is LogoList and tb is LogoList:
        return len(a) == len(b) and all(same(x, y, False) for x, y in zip(a, b, strict=True))
    if ta is str and tb is str and (parse_number(a) is None or parse_number(b) is None):
        return a == b
    return values.equalp(a, b)


def char_arg(x: Any) -> str:
    """A one-character word input."""
    w = c.word(x)
    if len(w) != 1:
        raise c.bad(x)
    return w


def member_tail(I: Any, thing: Any, seq: Any) -> Any:
    """The part of ``seq`` from the first ``thing`` on: a list tail, a word tail or None."""
    if type(seq) is LogoList:
        return list_tail(I, thing, seq)
    if type(thing) in (LogoList, LogoArray) or type(seq) is LogoArray:
        return None
    ch, text = c.word(thing), c.word(seq)
    if len(ch) != 1:
        return None
    text_cmp, ch = (text.lower(), ch.lower()) if ignore_case(I) else (text, ch)
    at = text_cmp.find(ch)
    return None if at < 0 else text[at:]


def list_tail(I: Any, thing: Any, seq: LogoList) -> LogoList | None:
    """member_tail of a list, by the scanner for the kind of ``thing`` (list_scan: a
    circular list is an error, a long search looks at Stop)."""
    t = type(thing)
    if t is int or t is float:
        return find_number(I, seq, thing)
    ci = ignore_case(I)
    if ci and isinstance(thing, str):
        return find_pair(I, seq, scan_word, thing, thing.lower())
    return find_pair(I, seq, scan_any, thing, lambda a, b: same(a, b, ci))


# --- predicates -------------------------------------------------------------------------
@primitive("wordp", "word?")
def wordp(thing):
    """WORDP thing
    outputs TRUE if the input is a word (numbers are words), FALSE otherwise."""
    return TRUE if type(thing) is not LogoList and type(thing) is not LogoArray else FALSE


@primitive("listp", "list?")
def listp(thing):
    """LISTP thing
    outputs TRUE if the input is a list, FALSE otherwise."""
    return TRUE if type(thing) is LogoList else FALSE


@primitive("arrayp", "array?")
def arrayp(thing):
    """ARRAYP thing
    outputs TRUE if the input is an array, FALSE otherwise."""
    return TRUE if type(thing) is LogoArray else FALSE


@primitive("emptyp", "empty?")
def emptyp(thing):
    """EMPTYP thing
    outputs TRUE if the input is the empty word or the empty list, FALSE otherwise."""
    return TRUE if isinstance(thing, (str, LogoList)) and not thing else FALSE


@primitive("equalp", "equal?")
def equalp(I, thing1, thing2):
    """EQUALP thing1 thing2
    outputs TRUE if the inputs are equal: numbers by value, words ignoring case
    (while CASEIGNOREDP is TRUE), lists member by member, arrays only if the same array."""
    t = type(thing1)
    if t is type(thing2) and (t is str or t is int):  # the common case, without a call
        if thing1 == thing2:
            return TRUE
        if t is int:
            return FALSE
        if I.vars.get("caseignoredp") is TRUE:  # (atom_equal)
            return TRUE if thing1.lower() == thing2.lower() else FALSE
    return TRUE if _equal(I, thing1, thing2) else FALSE


def _equal(I: Any, a: Any, b: Any) -> bool:
    ci = ignore_case(I)
    if type(a) is LogoList and type(b) is LogoList and len(a) > CHUNK:  # (looks at Stop)
        long = long_lists_equal(I, a, b, lambda x, y: same(x, y, ci))
        if long is not None:
            return long
    return same(a, b, ci)


@primitive("notequalp", "notequal?")
def notequalp(I, thing1, thing2):
    """NOTEQUALP thing1 thing2
    outputs FALSE if the inputs are equal (as EQUALP decides), TRUE otherwise."""
    return logo_bool(not _equal(I, thing1, thing2))


@primitive("beforep", "before?")
def beforep(I, word1, word2):
    """BEFOREP word1 word2
    outputs TRUE if word1 comes before word2 in dictionary (character code) order."""
    a, b = c.word(word1), c.word(word2)
    if ignore_case(I):
        a, b = a.lower(), b.lower()
    return logo_bool(a < b)


@primitive(".eq")
def dot_eq(thing1, thing2):
    """.EQ thing1 thing2
    outputs TRUE if the inputs are the same datum, so that a mutator applied to one
    changes the other too; equal but separate lists are not .EQ, and numbers never
    are (each number is a datum of its own, as in UCBLogo where .EQ 3 3 is FALSE)."""
    if type(thing1) is LogoList and type(thing2) is LogoList:
        if not thing1 and not thing2:
            return logo_bool(True)
        return logo_bool(thing1 is thing2 or thing1.same_pair(thing2))
    if LogoList in (type(thing1), type(thing2)) or LogoArray in (type(thing1), type(thing2)):
        return logo_bool(thing1 is thing2)
    if type(thing1) in (int, float) or type(thing2) in (int, float):
        return logo_bool(False)
    return logo_bool(isinstance(thing1, str) and isinstance(thing2, str)
                     and thing1 == thing2)


@primitive("memberp", "member?")
def memberp(I, thing1, thing2):
    """MEMBERP thing1 thing2
    outputs TRUE if thing1 is EQUALP to a member of the list or array thing2, or if
    thing1 is a one-character word found in the word thing2; FALSE otherwise."""
    t2 = type(thing2)
    if t2 is LogoList:
        if type(thing1) is int or type(thing1) is float:
            return TRUE if find_number(I, thing2, thing1) is not None else FALSE
        return TRUE if list_tail(I, thing1, thing2) is not None else FALSE
    if t2 is str and type(thing1) is str and len(thing1) == 1:  # a letter in a word
        if I.vars.get("caseignoredp") is TRUE or ignore_case(I):
            return TRUE if thing1.lower() in thing2.lower() else FALSE
        return TRUE if thing1 in thing2 else FALSE
    if t2 is LogoArray:
        ci = ignore_case(I)
        return logo_bool(found(I, lambda x: same(thing1, x, ci), thing2.items))
    return logo_bool(member_tail(I, thing1, thing2) is not None)


@primitive("substringp", "substring?")
def substringp(I, thing1, thing2):
    """SUBSTRINGP thing1 thing2
    outputs TRUE if both inputs are words and thing1 appears within thing2 (ignoring
    case while CASEIGNOREDP is TRUE); FALSE otherwise."""
    if any(type(t) in (LogoList, LogoArray) for t in (thing1, thing2)):
        return logo_bool(False)
    a, b = c.word(thing1), c.word(thing2)
    if ignore_case(I):
        a, b = a.lower(), b.lower()
    return logo_bool(a in b)


@primitive("numberp", "number?")
def numberp(thing):
    """NUMBERP thing
    outputs TRUE if the input is a number (a word that spells a number counts)."""
    return TRUE if type(thing) not in (LogoList, LogoArray) and is_number(thing) else FALSE


@primitive("backslashedp", "backslashed?", "vbarredp", "vbarred?")
def backslashedp(char):
    """BACKSLASHEDP char
    outputs TRUE if the character was typed with a backslash or inside vertical bars;
    this reader keeps no such mark, so it outputs FALSE."""
    char_arg(char)
    return logo_bool(False)


# --- queries ----------------------------------------------------------------------------
@primitive("count")
def count(thing):
    """COUNT thing
    outputs the number of characters in a word, members in a list or items in an array."""
    if type(thing) is LogoList or type(thing) is LogoArray:
        return len(thing)
    return len(c.word(thing))


@primitive("ascii")
def ascii_(char):
    """ASCII char
    outputs the character code of the input, a one-character word."""
    return ord(char_arg(char))


@primitive("rawascii")
def rawascii(char):
    """RAWASCII char
    outputs the character code of the input as stored, backslashed or not."""
    return ord(char_arg(char))


@primitive("char")
def char(code):
    """CHAR int
    outputs the one-character word whose character code is the input."""
    n = c.integer(code)
    if not 0 <= n <= 0x10FFFF:
        raise c.bad(code)
    return chr(n)


@primitive("member")
def member(I, thing1, thing2):
    """MEMBER thing1 thing2
    outputs the part of thing2 from the first member EQUALP to thing1 on (for a word,
    from the first such character); the empty list or word if there is none."""
    if type(thing2) is LogoArray:
        raise c.bad(thing2)
    tail = member_tail(I, thing1, thing2)
    if tail is None:
        return EMPTY if type(thing2) is LogoList else ""
    return tail


@primitive("lowercase")
def lowercase(word):
    """LOWERCASE word
    outputs a copy of the input word with its capital letters made lower case."""
    return c.word(word).lower()


@primitive("uppercase")
def uppercase(word):
    """UPPERCASE word
    outputs a copy of the input word with its lower case letters made capitals."""
    return c.word(word).upper()


@primitive("standout")
def standout(thing):
    """STANDOUT thing
    outputs a word that prints like the input but shown in standout (reverse video)."""
    return STANDOUT_ON + print_form(thing) + STANDOUT_OFF


@primitive("parse")
def parse(I, word):
    """PARSE word
    outputs the list READLIST would give if the word were typed on a line."""
    return I.parse(c.word(word))


@primitive("runparse")
def runparse(I, wordorlist):
    """RUNPARSE wordorlist
    outputs the list of the input as RUN sees it, with infix operators and
    parentheses split into separate members."""
    return I.runparse(c.word_or_list(wordorlist))
