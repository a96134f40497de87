"""Logical operations (UCBLogo manual chapter 6): AND, OR, NOT, TRUE, FALSE.

Inputs are the words TRUE and FALSE in any case.  An input may also be a list: it is
run as an expression (left to right, only when needed) and must output TRUE or FALSE,
so ``AND [NOT :X = 0] [(1 / :X) > .5]`` never divides by zero.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import FALSE, TRUE, LogoList, is_true
from .coerce import bad
from .registry import primitive


def _truth(I: Any, x: Any) -> bool:
    """The truth of an input, running it first if it is a list."""
    if type(x) is LogoList:
        x = I.run(x)
        if x is None:
            raise LogoError("doesnt_like", what="nothing")
    b = is_true(x)
    if b is None:
        raise bad(x)
    return b


@primitive("and", inputs=2)
def and_(I: Any, *tfs: Any) -> str:
    """AND tf1 tf2
    (AND tf1 tf2 tf3 ...)

    outputs TRUE if all inputs are TRUE, otherwise FALSE.  An input can be a
    list, run as an expression that must output TRUE or FALSE; inputs are looked
    at from left to right, and once one is FALSE the rest are not examined."""
    for x in tfs:
        if not _truth(I, x):
            return FALSE
    return TRUE


@primitive("or", inputs=2)
def or_(I: Any, *tfs: Any) -> str:
    """OR tf1 tf2
    (OR tf1 tf2 tf3 ...)

    outputs TRUE if any input is TRUE, otherwise FALSE.  An input can be a list,
    run as an expression that must output TRUE or FALSE; inputs are looked at
    from left to right, and once one is TRUE the rest are not examined."""
    for x in tfs:
        if _truth(I, x):
            return TRUE
    return FALSE


@primitive("not")
def not_(I: Any, tf: Any) -> str:
    """NOT tf

    outputs TRUE if the input is FALSE, and vice versa.  The input can be a list,
    run as an expression that must output TRUE or FALSE."""
    return FALSE if _truth(I, tf) else TRUE
