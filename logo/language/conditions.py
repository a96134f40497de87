"""Conditions: what IF, IFELSE, TEST, WHILE and the compiled conditions take as true or
false (the word TRUE or FALSE, any case; a list condition is run for its value)."""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .values import FALSE, TRUE, LogoList, is_true


def truth(x: Any) -> bool:
    """A condition: the word true or false (any case)."""
    if x is TRUE:
        return True
    if x is FALSE:
        return False
    b = is_true(x)
    if b is None:
        raise LogoError("doesnt_like", what=x)
    return b


def truth_run(I: Any, x: Any) -> bool:
    """The truth of a condition that may be a list: as in UCBLogo, IF, IFELSE and TEST
    run a list condition and test its value."""
    if type(x) is LogoList:
        value = I.run_condition(x)  # (a direct call's inputs bound: it may read them)
        if value is None:
            raise LogoError("doesnt_like", what="nothing")
        x = value
    return truth(x)


def condition_test(I: Any) -> Any:
    """The truth test compiled conditions call, for interpreter ``I``."""

    def test(x: Any) -> bool:
        if x is TRUE:
            return True
        if x is FALSE:
            return False
        return truth_run(I, x)

    return test
