"""The cold path's short cuts read and run as the general ways do: a plain line read at
once is the line the token loop reads (a comment at its end sends a line to the token
loop, and changes nothing else), and the lines of a file run once leave no garbage
cycles behind (each is freed when it has run, by its reference count alone)."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logo.language.reader import read_lines
from logo.language.values import LogoArray, LogoList
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter

PIECES = ["fd", "make", '"x', ":x", "3", "-2", "+", "a+b", "(", ")", "[", "]", "[]", " ",
          "  ", "\t", "\r", "print(3)", "if", "é", "?1"]


def shape(x):
    """A datum as nested tuples: each list with its source position, each word its type."""
    if isinstance(x, LogoList):
        return ("list", x.src, tuple(shape(i) for i in x))
    if isinstance(x, LogoArray):
        return ("array", x.origin, tuple(shape(i) for i in x))
    return (type(x).__name__, str(x))


def read(text: str, blank: bool):
    try:
        return [shape(line) for line in read_lines(text, "f", blank)]
    except Exception as err:  # a LogoError: the same kind either way
        return ("error", getattr(err, "kind", repr(err)), getattr(err, "lineno", None))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), max_size=6),
       st.booleans())
def test_a_plain_line_reads_as_the_token_loop_reads_it(lines: list[str], blank: bool) -> None:
    plain = "\n".join(lines) + "\n"
    commented = "\n".join(line + " ;" for line in lines) + "\n"
    assert read(plain, blank) == read(commented, blank)


@pytest.mark.parametrize("tiers", ["auto", "interpret"])
def test_lines_run_once_leave_no_garbage_cycles(tiers: str) -> None:
    text = "".join(f'make "x :x + {i}\nif :x > 7 [make "y [{i} [a]] print :y]\n'
                   for i in range(300))
    host = BufferHost()
    I = Interpreter(host, tiers=tiers)
    I.load_source('make "x 0\n' + text)  # (first uses load and cache what they need)
    printed = host.output.count("\n")
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        I.load_source(text)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
    assert host.output.count("\n") - printed == 300  # (every line ran: x is past 7)
