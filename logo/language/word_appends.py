"""Building a word a piece at a time, in place.

``make "s word :s X`` in a fast loop (``loop_locals``: the variable lives in a Python
local) copies the whole word each turn when compiled as a plain WORD: the word is held
by the temporaries of WORD's inline form as well as by the local.  Here the two inputs
are held in temporaries, the first let go before the join, so the join is ``local +=
piece`` on a string only the local holds, which CPython grows in place: building a word
of n letters costs n steps, not n * n / 2 letters copied.  Where ``:s`` is not the word
the local holds (X changed it, should a fast loop allow that, or it has no value and the
table's was read), or either input is not a plain word or a whole number, WORD itself
is called on the two values, so every result and error is the primitive's.

CPython lets go of the local's word before it grows it, and frees it should growing
fail: a join that runs out of memory would leave the local with no value at all.  So
only words up to ``IN_PLACE`` letters grow in place (an allocation that small fails
only when memory is already spent; then the local goes back to UNBOUND, the table
keeping the word it held before the loop, and the error is "Out of space"), and
longer ones are copied by WORD, which keeps the old word should the copy fail.
"""

from __future__ import annotations

from typing import Any

from .inline_words import slow
from .loop_scope import safe_prim
from .nodes import Call, Node, VarRef

IN_PLACE = 1 << 20  # letters: the longest word grown in place (at most 4 MB)


def appended(st: Any, name: str, value: Node) -> bool:
    """Emit ``make "name value`` where ``value`` is ``word :name X`` and ``name`` lives
    in the fast loop's local; False (nothing emitted) for any other MAKE."""
    local = st.em.local(name)
    if local is None or not _word_of_itself(name, value):
        return False
    assert isinstance(value, Call)
    x, em = st.x, st.em
    held, piece = em.fresh("_wa"), em.fresh("_wp")
    em.emit(f"{held} = {x.expr(value.args[0], value.name)}")
    em.emit(f"{piece} = {x.expr(value.args[1], value.name)}")
    em.emit(f"if type({piece}) is int: {piece} = str({piece})")
    em.emit(f"if {held} is {local} and type({held}) is str and type({piece}) is str "
            f"and len({held}) + len({piece}) <= {IN_PLACE}:")
    em.emit(f"    {held} = None")  # (the local alone holds the word now)
    em.emit("    try:")
    em.emit(f"        {local} += {piece}")
    em.emit("    except MemoryError:")
    em.emit(f"        {local} = UNBOUND")  # (CPython freed the word)
    em.emit("        raise")
    em.emit("else:")
    em.emit(f"    {local} = {slow(x, value, [held, piece])}")
    return True


def _word_of_itself(name: str, value: Node) -> bool:
    """Is ``value`` WORD (the primitive) of ``:name`` and one more input?"""
    if type(value) is not Call or len(value.args) != 2 or not safe_prim(value) \
            or value.target.name != "word":  # (safe_prim: never a procedure)
        return False
    first = value.args[0]
    return type(first) is VarRef and first.name.lower() == name
