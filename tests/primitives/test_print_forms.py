"""PRINT and SHOW of lists inside lists (values._shallow_form, by recursion up to
values.SHALLOW levels) print what the stack-based printer prints (values._nested_form,
the only one with SHALLOW below zero): every depth around the bound, arrays, empty
lists and words, lists FPUT shares, lists .SETBF changed."""

from __future__ import annotations

import pytest

from logo.language import values
from tests.support import run_logo

PROGRAM = """make "l [x]
repeat 30 [make "l (list :l repcount) show :l print :l]
show [a [b [c [d]]] [] [[]] 1.5 [2 {3 4}] e]
print [a [b [c [d]]] [] [[]] 1.5 [2 {3 [4]}] e]
show (list "|a b| "a\\ b 3e5 0.1 -0 [|c d| [e\\ f]] 4611686018427387904)
show (list [] "|| [[[]]])
print (list [] "|| [[[]]] "z)
show fput [1 [2]] bf bf [q r s]
make "c [1 2 3]
.setbf bf :c [9]
show (list :c [[7]])
show (list {1 [2]} [{3}])
"""


def test_nested_lists_print_as_the_stack_printer_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = run_logo(PROGRAM)
    monkeypatch.setattr(values, "SHALLOW", -1)
    slow = run_logo(PROGRAM)
    assert fast.errors == slow.errors == ""
    assert fast.printed == slow.printed
    assert "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x] 1] 2]" in fast.printed
