"""Lines nested deeper than Python's own limits (200 parentheses, 20 nested blocks, 100
levels of indentation) run as in UCBLogo: never an internal error (language/depth.py)."""

from __future__ import annotations

import pytest

from logo.language import depth
from logo.language.errors import LogoError
from tests.support import run_ok

SIZES = [5, 30, 70, 300, 2000]


def chain(n: int, op: str) -> str:
    return f" {op} ".join(["1"] * n)


# name -> (program text for a size n, what it prints)
SHAPES = {
    "infix_chain": (lambda n: f"print {chain(n, '+')}", lambda n: str(n)),
    "product_chain": (lambda n: f"print {chain(n, '*')}", lambda n: "1"),
    "comparison_chain": (lambda n: f"print {chain(n, '=')}",
                         lambda n: "true" if n == 2 else "false"),
    "right_nested": (lambda n: "print " + "1 + (" * n + "1" + ")" * n, lambda n: str(n + 1)),
    "parentheses": (lambda n: "print " + "(" * n + "1" + ")" * n, lambda n: "1"),
    "nested_sum": (lambda n: "print " + "sum 1 " * n + "1", lambda n: str(n + 1)),
    "nested_minus": (lambda n: "print " + "minus " * n + "1",
                     lambda n: "-1" if n % 2 else "1"),
    "nested_procedure": (lambda n: "to g :x\noutput :x + 1\nend\nprint " + "g " * n + "0",
                         lambda n: str(n)),
    "nested_ifelse_value": (lambda n: "print " + "ifelse 1 < 2 [" * n + "7" + "] [0]" * n,
                            lambda n: "7"),
    "many_inputs": (lambda n: "print (sum " + " ".join(["1"] * n) + ")", lambda n: str(n)),
    "long_line": (lambda n: 'make "n 0 ' + 'make "n :n + 1 ' * n + "print :n", lambda n: str(n)),
    "nested_repeat": (lambda n: 'make "n 0 ' + "repeat 1 [" * n + 'make "n :n + 1' + "]" * n
                      + " print :n", lambda n: "1"),
    "nested_if_in_procedure": (lambda n: 'to f\nmake "n 0\n' + "if 1 < 2 [" * n
                               + 'make "n :n + 1' + "]" * n + "\noutput :n\nend\nprint f",
                               lambda n: "1"),
    "nested_while": (lambda n: 'make "n 0 ' + 'make "a 0 while [:a < 1] [make "a :a + 1 ' * n
                     + 'make "n :n + 1' + "]" * n + " print :n", lambda n: "1"),
    "nested_for": (lambda n: 'make "n 0 ' + "for [i 1 1] [" * n + 'make "n :n + :i' + "]" * n
                   + " print :n", lambda n: "1"),
    "nested_catch": (lambda n: 'make "n 0 ' + 'catch "x [' * n + 'make "n :n + 1' + "]" * n
                     + " print :n", lambda n: "1"),
    "nested_list": (lambda n: "print count " + "[" * n + "a" + "]" * n, lambda n: "1"),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_deep_lines_run_as_in_ucblogo(shape: str, size: int) -> None:
    program, printed = SHAPES[shape]
    ran = run_ok(program(size))
    assert ran.lines == [printed(size)]


def test_output_from_a_list_too_deep_to_inline_leaves_the_procedure() -> None:
    text = ("to f\nmake \"k 0\n" + "repeat 2 [repeat 1 [" * 15
            + "if :k > 3 [output :k] make \"k :k + 1" + "]]" * 15 + "\noutput \"never\nend\n"
            "print f\n")
    assert run_ok(text).lines == ["4"]


def test_an_error_deep_in_a_chain_names_its_procedure_and_line() -> None:
    text = (f"to f :x\nprint {chain(80, '+')} + :x + {chain(80, '+')}\nend\n"
            "catch \"error [f \"a]\nmake \"e error\nprint item 2 :e\nprint item 3 :e\n")
    assert run_ok(text).lines[:2] == ["+ doesn't like a as input", "f"]


def test_an_error_deep_in_a_chain_names_who_complained() -> None:
    text = (f"to f :x\nprint {chain(60, '+')} + (first :x) + {chain(60, '+')}\nend\n"
            "catch \"error [f []]\nmake \"e error\nprint item 2 :e\nprint item 3 :e\n")
    assert run_ok(text).lines[:2] == ["first doesn't like [] as input", "f"]


def test_an_error_in_a_list_too_deep_to_inline_names_its_procedure_and_line() -> None:
    text = ("to f\nmake \"n 0\n" + "repeat 1 [" * 20 + "make \"n :n + \"x" + "]" * 20
            + "\nend\ncatch \"error [f]\nmake \"e error\nprint item 2 :e\nprint item 3 :e\n"
            "print first item 4 :e\n")
    assert run_ok(text).lines == ["+ doesn't like x as input", "f", "repeat"]


def test_ordinary_nesting_is_inlined() -> None:
    class Em:
        depth = 3
        careful = False
        I = FakeCompiler.I
    assert depth.may_inline(Em(), "repeat")
    Em.depth = depth.INDENT_BUDGET + 1
    assert not depth.may_inline(Em(), "repeat")
    assert not depth.may_inline(Em(), "if")
    assert depth.may_inline(Em(), "make")


def test_open_blocks_are_counted_from_the_source() -> None:
    out = ["    x = 1", "    for i in range(3):", "        try:", "            if y:",
           "                #L2", "                while True:", "                    z = (",
           "                            C1(2))"]
    assert depth.open_blocks(out) == 3
    assert depth.open_blocks(out[:5]) == 2
    assert depth.open_blocks(["    pass"]) == 0


def test_a_tail_call_under_many_ifs_still_loops() -> None:
    text = ("to down :n\n" + "if 1 < 2 [" * 60 + "if :n = 0 [stop] down :n - 1" + "]" * 60
            + "\nend\ndown 100000\nprint \"done\n")
    assert run_ok(text).lines == ["done"]


class FakeCompiler:
    careful = False

    class I:  # noqa: E742 - the interpreter, as the compiler names it
        pass


def test_python_limits_become_logo_errors() -> None:
    compile_source = depth.guarded(lambda c, text: compile(text, "<test>", "exec"))
    deep = "x = " + "(" * 500 + "1" + ")" * 500 + "\n"
    with pytest.raises(LogoError) as caught:
        compile_source(FakeCompiler(), deep)
    assert caught.value.kind == "stack_overflow"
    with pytest.raises(SyntaxError):  # a mistake of ours stays one
        compile_source(FakeCompiler(), "x = = 1\n")


def test_running_out_of_stack_while_compiling_is_logo_s_stack_overflow() -> None:
    def bottomless(c: object, n: int) -> int:
        return bottomless(c, n + 1) + 1
    with pytest.raises(LogoError) as caught:
        depth.guarded(bottomless)(FakeCompiler(), 0)
    assert caught.value.kind == "stack_overflow"


@pytest.mark.parametrize("shape", ["infix_chain", "nested_sum", "nested_repeat",
                                   "nested_if_in_procedure", "nested_ifelse_value"])
def test_when_the_budgets_are_too_big_a_careful_second_try_compiles(
        shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(depth, "EXPR_SPAN", 10**6)
    monkeypatch.setattr(depth, "BLOCK_BUDGET", 10**6)
    program, printed = SHAPES[shape]
    ran = run_ok(program(300))
    assert ran.lines == [printed(300)]
    assert not ran.interp.compiler.careful  # the second try's budgets are put back
