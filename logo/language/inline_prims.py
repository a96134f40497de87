"""Hot primitives compiled inline: the common case (a plain list, a plain word, small
whole numbers, the words TRUE and FALSE) is done in the generated Python itself; any
other input goes to the primitive, at a call site of its own, which gives the same
result or UCBLogo's error.  So ``first :l`` costs a type test and an index, not three
Python calls.

Each form takes the expression compiler, the Call node, the texts of its inputs' values
(already compiled, in order) and whether a Python bool is wanted (for ``if`` and loops)
and returns Python text, or None to leave the call alone.  A form must agree with its
primitive on every input it keeps for itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import inline_arrays
from .emitter import wrap
from .inline_arrays import hoist as hoist  # (the compiler's HOIST)
from .inline_arrays import setitem_statement
from .inline_compare import BINARY as _COMPARING
from .inline_compare import FORMS as _COMPARE_FORMS
from .inline_compare import equalp
from .inline_inputs import (
    TRUE_TEST,
    In,
    boolean,
    choose,
    inputs,
    only_slow,
    slow_of,
    type_is,
)
from .inline_lists import list_, listp, sentence, wordp
from .inline_names import namep, thing
from .inline_numbers import add_sub as add_sub  # (the compiler's infix + and -)
from .inline_numbers import mul_div as mul_div  # (the compiler's infix * and /)
from .inline_numbers import number_tests as number_tests
from .inline_parts import butfirst, butlast, emptyp, first, last, numberp
from .inline_plists import gprop, pprop_statement, remprop_statement
from .inline_power import power
from .inline_random import random_
from .inline_words import ascii_, char, count, lowercase, uppercase, word
from .inline_words import slow as _slow
from .inline_words import temps as _temps
from .math_forms import arctan, cos, exp, ln, log10, sin, sqrt
from .nodes import Call, Const, Infix, Node, VarRef
from .whole_forms import int_, minus, modulo, quotient, remainder, round_


def _bool(text: str, as_bool: bool) -> str:
    return text if as_bool else f"(TRUE if {text} else FALSE)"


def fput(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a, b = ins = inputs(x, node, args)
    return choose(f"{b.name}.fput({a.name})", [_bound(a), type_is(b, "LL")], [],
                  slow_of(x, node, ins), ins)


def lput(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a, b = ins = inputs(x, node, args)
    return choose(f"{b.name}.lput({a.name})", [_bound(a), type_is(b, "LL")], [],
                  slow_of(x, node, ins), ins)


def _bound(v: In) -> str:
    return TRUE_TEST if v.known is not None else f"{v.first} is not UNBOUND"


def not_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    if _gives_bool(x, node.args[0]):  # NOT of a comparison or predicate: of its bool
        return _bool(f"(not {x.condition(node.args[0], node.name)})", as_bool)
    (a,) = t = _temps(x, 1)
    test = (f"(False if ({a} := {args[0]}) is TRUE else True if {a} is FALSE "
            f"else {_slow(x, node, t)} is TRUE)")
    return _bool(test, as_bool)


def _logic(x: Any, node: Call, args: list[str], as_bool: bool, any_: bool) -> str | None:
    """AND/OR: every input is computed anyway; when all are TRUE or FALSE the answer is
    found here, otherwise (a list to run, another word) the primitive decides."""
    if all(_gives_bool(x, a) for a in node.args):  # comparisons, predicates: as bools
        em, outer = x.em, getattr(x.em, "shared_reads", None)
        if outer is None and getattr(x.c.I, "recover", None) is None and \
                all(_pure(x, a) for a in node.args):
            em.shared_reads = {}  # FIRST of one input computed once (see first)
        try:
            parts = [x.condition(a, node.name) for a in node.args]
        finally:
            em.shared_reads = outer
        general = "(" + (" | " if any_ else " & ").join(f"({p})" for p in parts) + ")"
        if outer is None and getattr(x.c.I, "recover", None) is None:
            from .logic_numbers import fast_path  # small whole numbers: types tested once

            general = fast_path(x, node, any_, general, first)
        return _bool(general, as_bool)
    t = _temps(x, len(args))
    plain = " & ".join(f"((({a} := {v}) is TRUE) | ({a} is FALSE))" for a, v in zip(t, args))
    which = " or " if any_ else " and "
    answer = which.join(f"{a} is TRUE" for a in t)
    test = f"(({answer}) if {plain} else {_slow(x, node, t)} is TRUE)"
    return _bool(test, as_bool)


COMPARISONS = frozenset(("=", "<>", "<", ">", "<=", ">="))
_PURE_OPS = COMPARISONS | {"+", "-"}


def _pure(x: Any, node: Node) -> bool:
    """Whether ``node`` runs no Logo code and its compiled text computes every part of
    it, always, in order (comparisons and sums of variables, literals and FIRSTs of
    them): within the inputs of one OR or AND, FIRST of the same text is the same value,
    so the first one computed serves the others.  (Not under ERRACT: CONTINUE's value
    is asked for at each error.)"""
    if isinstance(node, (Const, VarRef)):
        return True
    if isinstance(node, Infix):
        return node.op in _PURE_OPS and _pure(x, node.left) and _pure(x, node.right)
    return isinstance(node, Call) and len(node.args) == 1 and \
        x.inline_form(node) in (first, numberp, emptyp) and _pure(x, node.args[0])


def _gives_bool(x: Any, node: Node) -> bool:
    """Whether ``node`` outputs TRUE or FALSE whatever happens (else it is an error): a
    comparison, or a predicate compiled inline as a Python bool."""
    if isinstance(node, Infix):
        return node.op in COMPARISONS
    return x.inline_form(node) in BOOLEAN


def or_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _logic(x, node, args, as_bool, True)


def and_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _logic(x, node, args, as_bool, False)


def item(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ITEM of a whole number in an array, or in a list up to its first link (a fast
    loop's array: inline_arrays)."""
    hoisted = inline_arrays.item(x, node, args, inline_arrays.general_item)
    return hoisted if hoisted is not None else inline_arrays.general_item(x, node, args, as_bool)


def setitem(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """SETITEM of a number or word into an array (nothing that could hold the array)."""
    a, b, v = ins = inputs(x, node, args)
    tests = [type_is(a, "int"), type_is(b, "LA"), type_is(v, "int", "str", "float")]
    return choose(f"{b.name}.items.__setitem__({a.name} - {b.name}.origin, {v.name})", tests,
                  [f"0 <= {a.name} - {b.name}.origin < len({b.name}.items)"],
                  slow_of(x, node, ins), ins)


def memberp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """MEMBERP of a number in a list (list_scan), of a plain word in a list (its scan,
    while CASEIGNOREDP is TRUE), or of a letter in a word while CASEIGNOREDP is TRUE."""
    from .list_scan import SEARCHED, has_number

    a, b = ins = inputs(x, node, args)
    ta, slow = a.t, f"{slow_of(x, node, ins)} is TRUE"
    m, s = a.name, b.name
    test = (f"(({ta} := type({a.first})) is int or {ta} is float) & (type({b.first}) is LL)"
            if a.known is None else f"type({b.first}) is LL")
    if b.known is not None and b.known is not str:  # a number typed: no list, no letters
        return boolean(only_slow(ins, slow), as_bool)
    if b.known is str:  # a word typed: its lower case now
        if a.known is not None:
            return boolean(only_slow(ins, slow), as_bool)
        return boolean(f"({m}.lower() in {b.value.lower()!r} if type({a.first}) is str and "
                       f"len({m}) == 1 and V.get('caseignoredp') is TRUE else {slow})",
                       as_bool)
    recover = getattr(x.c.I, "recover", None) is not None  # ERRACT's CONTINUE: its value
    if a.known is str:
        word, lowered = repr(str(a.value)), repr(str(a.value).lower())
        in_list = slow if recover else _word_in_list(x, node, s, word, lowered, slow)
        return boolean(f"({in_list} if type({b.first}) is LL else {slow})"
                       if len(a.value) != 1 else
                       f"({lowered} in {s}.lower() if (_ty := type({b.first})) is str "
                       f"and V.get('caseignoredp') is TRUE else {in_list} if _ty is LL "
                       f"else {slow})", as_bool)
    if recover:
        return boolean(only_slow(ins, slow), as_bool)
    number = wrap(f"{x.em.site(has_number, node.name)}(I, {s}, {m})")
    mm, memo = x.em.fresh("_mm"), x.em.const(SEARCHED.get)  # (the list searched before)
    number = f"({m} in {mm}[1] if ({mm} := {memo}(id({s}))) is not None and {mm}[1] else {number})"
    if a.known is not None:  # a number typed
        return boolean(f"({number} if {test} else {slow})", as_bool)
    in_list = _word_in_list(x, node, s, m, f"{m}.lower()", slow)
    word = (f"{m}.lower() in {s}.lower() if {ta} is str and (_ty := type({s})) is str "
            f"and len({m}) == 1 and V.get('caseignoredp') is TRUE else "
            f"{in_list} if {ta} is str and _ty is LL else {slow}")
    return boolean(f"({number} if {test} else {word})", as_bool)


def _word_in_list(x: Any, node: Call, seq: str, word: str, lowered: str, slow: str) -> str:
    """MEMBERP of a plain word in the list ``seq`` while CASEIGNOREDP is TRUE: the
    primitive's own scan (list_scan.find_pair with scan_word), without its call."""
    from .list_scan import find_pair, scan_word

    find = wrap(f"{x.em.site(find_pair, node.name)}(I, {seq}, {x.em.const(scan_word)}, "
                f"{word}, {lowered})")
    return f"({find} is not None if V.get('caseignoredp') is TRUE else {slow})"


def slot(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """``?`` and ``?2`` in an explicit-slot template: an input of the innermost one."""
    if not args:
        k = 1
    elif isinstance(node.args[0], Const) and type(node.args[0].value) is int:
        k = node.args[0].value
    else:
        return None
    if k < 1:
        return None
    if k == 1 and getattr(x.em, "slot_var", None) is not None:
        return x.em.slot_var  # (an inline FOREACH's member: template_forms.py)
    return (f"(_s[-1][{k - 1}] if (_s := I.slots) and len(_s[-1]) >= {k} "
            f"else {_slow(x, node, args)})")


def repcount(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """REPCOUNT: the loop's own counter inside a REPEAT or FOREVER compiled inline."""
    if x.em.repvar is not None:
        return str(x.em.repvar)
    return f"(_rp if (_rp := I.repcount) is not None else {_slow(x, node, [])})"


def pprop(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return None  # (an instruction: statement below)


def remprop(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return None  # (an instruction: statement below)


Form = Callable[[Any, Call, list[str], bool], "str | None"]


def _step(name: str) -> Form:
    """A turtle step's form, from inline_turtle.py (imported when a step first compiles:
    a program that draws nothing does not load it)."""
    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        from . import inline_turtle

        return getattr(inline_turtle, name)(x, node, args, as_bool)  # type: ignore[no-any-return]
    return form


forward, back, right, left = (_step(n) for n in ("forward", "back", "right", "left"))
PRIMITIVES = "logo.primitives."
FORMS: dict[tuple[str, str], Form] = {  # (chapter module, function) -> form: naming them
    # keeps the chapters unimported until a program uses them (start-up time)
    ("data", "first"): first, ("data", "butfirst"): butfirst, ("data", "last"): last,
    ("data", "butlast"): butlast, ("predicates", "emptyp"): emptyp, ("data", "fput"): fput,
    ("data", "word_"): word, ("predicates", "count"): count,
    ("predicates", "ascii_"): ascii_, ("predicates", "char"): char,
    ("arithmetic", "remainder"): remainder, ("predicates", "numberp"): numberp,
    ("logic", "not_"): not_, ("logic", "or_"): or_, ("logic", "and_"): and_,
    ("data", "item"): item, ("data", "setitem"): setitem, ("math_functions", "sqrt"): sqrt,
    ("math_functions", "ln"): ln, ("control", "slot"): slot,
    ("loops", "repcount"): repcount, ("arithmetic", "int_"): int_,
    ("math_functions", "sin"): sin, ("math_functions", "cos"): cos,
    ("math_functions", "arctan"): arctan, ("math_functions", "power"): power,
    ("data", "lput"): lput, ("predicates", "memberp"): memberp,
    ("arithmetic", "round_"): round_,
    ("management", "gprop"): gprop, ("management", "pprop"): pprop,
    ("management", "remprop"): remprop,
    ("management", "thing"): thing, ("management", "namep"): namep,
    ("graphics", "forward"): forward, ("graphics", "back"): back,
    ("graphics", "right"): right, ("graphics", "left"): left,
    ("data", "list_"): list_, ("data", "sentence"): sentence,
    ("predicates", "wordp"): wordp, ("predicates", "listp"): listp,
    ("random_numbers", "random_"): random_,
    ("arithmetic", "modulo"): modulo, ("arithmetic", "quotient"): quotient,
    ("math_functions", "exp"): exp, ("math_functions", "log10"): log10,
    ("arithmetic", "minus"): minus,
    ("predicates", "uppercase"): uppercase, ("predicates", "lowercase"): lowercase,
}
FORMS.update(_COMPARE_FORMS)
BOOLEAN = frozenset((emptyp, numberp, not_, or_, and_, memberp, namep, wordp,
                     listp, *_COMPARE_FORMS.values()))  # Python bools
STATEMENTS = frozenset((setitem, pprop, remprop, forward, back, right, left))  # instructions only
_EMITTERS: dict[Form, Callable[[Any, Call], None]] = {  # (those that emit their statements)
    setitem: setitem_statement, pprop: pprop_statement, remprop: remprop_statement}


def statement(st: Any, node: Call, form: Form) -> bool:
    """Emit the instruction ``node`` of a STATEMENTS form: its own statement emitter's
    (inputs computed there), or the form's text; False where the form leaves it to the
    primitive's call."""
    emitter = _EMITTERS.get(form)
    if emitter is not None:
        emitter(st, node)
        return True
    text = form(st.x, node, [st.x.expr(a, node.name) for a in node.args], False)
    if text:
        st.em.emit(text)
    return bool(text)


_INPUTS: dict[Form, tuple[int, int]] = {word: (1, 16), or_: (1, 99), and_: (1, 99),
                                        slot: (0, 1), fput: (2, 2), lput: (2, 2),
                                        memberp: (2, 2), equalp: (2, 2), item: (2, 2),
                                        setitem: (3, 3), gprop: (2, 2), pprop: (3, 3),
                                        remprop: (2, 2), forward: (1, 1), back: (1, 1),
                                        right: (1, 1), left: (1, 1), thing: (1, 1),
                                        namep: (1, 1), list_: (0, 16), sentence: (2, 16),
                                        random_: (1, 2), arctan: (1, 1), quotient: (1, 2),
                                        **{f: (2, 2) for f in _COMPARING}}


def form_of(fn: Any) -> Form | None:
    """The inline form of the primitive function ``fn`` (not of a wrapper: TRACE's)."""
    module = getattr(fn, "__module__", "") or ""
    if not module.startswith(PRIMITIVES) or hasattr(fn, "__wrapped__"):
        return None
    return FORMS.get((module[len(PRIMITIVES):], getattr(fn, "__name__", "")))


def takes(form: Form, n: int) -> bool:
    """Whether ``form`` handles a call with ``n`` inputs (else the primitive does)."""
    lo, hi = _INPUTS.get(form, (0, 99))
    return lo <= n <= hi
