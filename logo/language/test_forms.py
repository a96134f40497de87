"""TEST, IFTRUE and IFFALSE compiled inline when IFTRUE's and IFFALSE's lists are literal.

TEST keeps its truth value for the procedure running it, keyed by the depth of
``I.frames`` as the primitives in ``primitives/control.py`` keep it: the forms read and
write the same table, so a TEST compiled here and an IFTRUE run by its primitive (from a
RUN list, say) agree.  IFTRUE's list is compiled where it is written, as IF's is (an
OUTPUT or STOP in it leaves the procedure itself), and so a direct procedure
(input_scope.py) may hold these forms.  An IFTRUE without a TEST before it at that depth
is the primitive's error, named as the call was typed (IFT, IFTRUE).
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .nodes import Call, Const
from .print_forms import plain
from .values import LogoList


def tested(I: Any) -> bool:
    """The last TEST's truth value in the running procedure."""
    result = I.test_result.get(len(I.frames))
    if result is None:
        raise LogoError("iftrue_without_test")
    return result


def _usable(st: Any, node: Call, name: str) -> bool:
    return plain(node, "control", name) and getattr(st.c.I, "recover", None) is None


def form_test(st: Any, node: Call, tail: bool) -> bool:
    if len(node.args) != 1 or not _usable(st, node, "test"):
        return False
    st.em.emit(f"I.test_result[len(I.frames)] = {st.x.condition(node.args[0], node.name)}")
    return True


def _branch(st: Any, node: Call, tail: bool, name: str, negate: bool) -> bool:
    if len(node.args) != 1 or not _usable(st, node, name):
        return False
    arg = node.args[0]
    if not (isinstance(arg, Const) and type(arg.value) is LogoList):
        return False
    em = st.em
    fn = em.site(tested, node.name)
    em.emit(f"if {'not ' if negate else ''}{fn}(I):")
    em.depth += 1
    st.list_body(arg.value, tail)
    em.depth -= 1
    return True


def form_iftrue(st: Any, node: Call, tail: bool) -> bool:
    return _branch(st, node, tail, "iftrue", False)


def form_iffalse(st: Any, node: Call, tail: bool) -> bool:
    return _branch(st, node, tail, "iffalse", True)


FORMS = {"test": form_test, "iftrue": form_iftrue, "iffalse": form_iffalse}
