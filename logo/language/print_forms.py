"""PRINT, TYPE and SHOW as instructions, compiled as the line written (control_forms
registers them), with any number of inputs.  An input that is a plain word, a whole
number of fewer than 19 digits or a float is its own text (as ``print_form`` and
``format_number`` make it; a constant word or number is made into text once, here); the
line's text goes to the interpreter's quick_text cell when it is armed, else to
``Interpreter.write`` at a call site of the primitive's own, so that an error of the
writer (a SETWRITE file) names PRINT on that line as before.  Any other value (a list,
an array, a word with bars) makes the line the primitive's own call, with the inputs
computed; so does one of PRINTDEPTHLIMIT, PRINTWIDTHLIMIT and FULLPRINTP set
(:data:`UNLIMITED`: the primitive prints under them, print_limits.py).  Not compiled this way: the primitive traced (the debugger's function in its
place) or redefined (the parser gives a procedure then), last in a list run for its
value, or while ERRACT's recovering call sites are wanted."""

from __future__ import annotations

from typing import Any

from ..session.quick_text import quick_cell
from .atoms import EscapedWord
from .emitter import wrap
from .nodes import Call, Const
from .print_limits import INITIAL_FULLPRINTP
from .procedures import Procedure
from .values import print_form

# none of PRINTDEPTHLIMIT, PRINTWIDTHLIMIT and FULLPRINTP set (print_limits.py), each
# tested where it may change the line (a depth of 0 changes every thing; a width a word
# longer than 10 characters or a list of two or more; FULLPRINTP, whose initial value
# "false" the table keeps, the empty word and escaped words), or the primitive's call
# prints the line under them
UNLIMITED = {"depth": "'printdepthlimit' not in V", "width": "'printwidthlimit' not in V",
             "full": "'fullprintp' in V and V['fullprintp'] is _FALSE_"}
WORD_LEAST = 10  # (print_limits': no word this long is cut)
_SMALL = 10 ** 18  # (str() of such a whole number is format_number's text)
_FLOAT = "{:.15g}".format  # format_number's text of a float that is a number (not NaN)
# the primitive's function, how the texts of its inputs are joined, what ends the line
_KINDS = {"print": ("print_", " ", "\n"), "type": ("type_", "", ""),
          "show": ("show", " ", "\n")}


def plain(node: Call, chapter: str, name: str) -> bool:
    """Whether ``node`` calls the primitive function ``name`` of ``chapter`` itself (not
    the debugger's tracing one in its place, nor a wrapper)."""
    fn = node.target.fn
    return getattr(fn, "__module__", None) == "logo.primitives." + chapter and \
        getattr(fn, "__name__", None) == name and not hasattr(fn, "__wrapped__")


def _known_text(arg: Any) -> str | None:
    """The printed text of a constant word or number (None: anything else)."""
    if type(arg) is not Const or type(arg.value) not in (str, EscapedWord, int, float) or \
            (type(arg.value) is int and not -_SMALL < arg.value < _SMALL):
        return None
    return print_form(arg.value)


Texts = list[tuple[str, list[tuple[bool, str]]]]  # per input: its pieces and their joiner
# inputs whose text is their inputs' texts joined (by a space, or none): LIST anywhere
# (it cannot fail), SENTENCE and WORD last (their error, made in the primitive's call
# when an input is no word or number, then comes after every other input as before)
_JOINED = {"list_": (" ", False, False), "sentence": (" ", False, True),
           "word_": ("", True, True)}  # joiner, also in SHOW, only last


def _piece(st: Any, arg: Any, name: str, tests: list[str], limits: set[str]
           ) -> tuple[tuple[bool, str], str]:
    """One printed thing's text (a constant's text, True; or an expression whose
    ``format`` is the text, False; its test added to ``tests``) and its value; the
    printing variables that may change it added to ``limits`` (UNLIMITED)."""
    em = st.em
    known = _known_text(arg)
    if known is not None:
        if len(known) > WORD_LEAST:
            limits.add("width")
        if known == "" or type(arg.value) is EscapedWord:
            limits.add("full")
        return (True, known), em.const(arg.value)
    value = st.x.expr(arg, name)
    if em.region is not None and value in em.region.repvars:
        return (False, value), value  # (REPEAT's counter in a fast loop: a whole number)
    limits.update(("width", "full"))
    v, t = em.fresh("_pv"), em.fresh("_pt")
    em.emit(f"{v} = {value}")
    tests.append(f"(({t} := type({v})) is str or ({t} is int and "
                 f"-{_SMALL} < {v} < {_SMALL}) or ({t} is float and {v} == {v}))")
    return (False, f"({v} if {t} is not float else {em.const(_FLOAT)}({v}))"), v


def _joined(arg: Any, show: bool, last: bool) -> str | None:
    """The joiner of ``arg``'s inputs' texts where it is a call of one of _JOINED."""
    if type(arg) is not Call or isinstance(arg.target, Procedure):
        return None
    for fn, (joiner, in_show, only_last) in _JOINED.items():
        if (in_show or not show) and (last or not only_last) and plain(arg, "data", fn):
            return joiner
    return None


def _texts(st: Any, node: Call, show: bool) -> tuple[Texts, list[str], list[str], list[str]]:
    """For each input its pieces (the inputs of a LIST, SENTENCE or WORD: _JOINED);
    the tests that make the variable ones texts (first, of the printing variables
    that may change the line); the values as the primitive takes them, after the
    statements that make those of SENTENCE and WORD."""
    texts: Texts = []
    tests: list[str] = []
    values: list[str] = []
    made: list[str] = []
    limits = {"depth"}
    for k, arg in enumerate(node.args):
        joiner = _joined(arg, show, k == len(node.args) - 1)
        if joiner is None or not isinstance(arg, Call):
            piece, value = _piece(st, arg, node.name, tests, limits)
            texts.append(("", [piece]))
            values.append(value)
            continue
        if len(arg.args) > 1:
            limits.add("width")
        pieces = [_piece(st, item, arg.name, tests, limits) for item in arg.args]
        texts.append((joiner, [piece for piece, _ in pieces]))
        call = f"{st.em.site(arg.target.fn, arg.name)}({', '.join(v for _, v in pieces)})"
        value = st.em.fresh("_pl")
        made.append(f"{value} = {wrap(call)}")
        values.append(value)
    tests[:0] = [UNLIMITED[name] for name in ("depth", "width", "full") if name in limits]
    return texts, tests, values, made


def _join(texts: Texts, sep: str, end: str) -> str:
    """The Python expression of the line's text: the inputs' texts joined by ``sep``,
    then ``end``, as an f-string (of a word or a whole number, its format is its text)."""
    out: list[str] = []
    for k, (joiner, group) in enumerate(texts):
        if k:
            out.append(sep.replace("{", "{{").replace("}", "}}"))
        for j, (known, text) in enumerate(group):
            if j:
                out.append(joiner)
            out.append(text.replace("{", "{{").replace("}", "}}") if known else
                       "{" + text + "}")
    out.append(end)
    return "f" + repr("".join(out))


def form_write(st: Any, node: Call, tail: bool) -> bool:
    """PRINT, TYPE or SHOW (``node.target.name``) as the line written."""
    em = st.em
    kind = _KINDS.get(node.target.name)
    if kind is None or not node.args or (tail and em.mode == "list") or \
            not plain(node, "communication", kind[0]) or \
            getattr(st.c.I, "recover", None) is not None:
        return False
    texts, tests, values, made = _texts(st, node, kind[0] == "show")
    text, quick = _join(texts, kind[1], kind[2]), em.fresh("_pw")
    cell = em.const(quick_cell(st.c.I))
    em.globals["_FALSE_"] = INITIAL_FULLPRINTP
    write = em.site(type(st.c.I).write, node.name)
    em.emit(f"if {' and '.join(tests)}:")
    em.emit(f"    if ({quick} := {cell}[0]) is not None: {quick}({text})")
    em.emit("    else: " + wrap(f"{write}(I, {text})"))
    call = f"{em.site(node.target.fn, node.name)}(I, {', '.join(values)})"
    em.emit("else:")
    for statement in made:
        em.emit("    " + statement)
    em.emit("    " + wrap(call))
    return True
