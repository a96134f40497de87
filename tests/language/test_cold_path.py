"""The cold path's short cuts read and run as the general ways do: a plain line read at
once is the line the token loop reads (a comment at its end sends a line to the token
loop, and changes nothing else), and the lines of a file run once leave no garbage
cycles behind (each is freed when it has run, by its reference count alone)."""

from __future__ import annotations

import copy
import gc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logo.language import tree_cache
from logo.language.nodes import Call, GetSet
from logo.language.values import LogoList
from logo.session import text_lines
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import read_shapes

PIECES = ["fd", "make", '"x', ":x", "3", "-2", "+", "a+b", "(", ")", "[", "]", "[]", " ",
          "  ", "\t", "\r", "print(3)", "if", "é", "?1"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), max_size=6),
       st.booleans())
def test_a_plain_line_reads_as_the_token_loop_reads_it(lines: list[str], blank: bool) -> None:
    plain = "\n".join(lines) + "\n"
    commented = "\n".join(line + " ;" for line in lines) + "\n"
    assert read_shapes(plain, blank) == read_shapes(commented, blank)


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


# --- trees kept by a line's words (language/tree_cache.py) -------------------------------

LINES = ['make "x :x + 3', 'if :x > 7 [make "y :x]', "print :x", "print (list f 1 2)",
         "to f :a\noutput :a * 2\nend", "to f :a :b\noutput :a + :b\nend", 'erase "f',
         'make "f 5', 'make "l lput [1 2] :l', "make \"l lput [a [b]] :l",
         ".setfirst first :l :x", "show :l", "ifelse :x > 10 [print \"big] [print \"small]",
         'if :x > 10 [print "big] [print "small]', "print f 3", 'catch "error [print 1 / 0]',
         "print item 2 error", 'make "v lput {1 2} :v', "setitem 1 first :v :x", "show :v",
         "repeat 2 [make \"x :x + 1]", "print -:x", "print 3 - -:x", "print (sum 1 2 :x)",
         "local \"x make \"x 100 print :x", 'run [print "run]', "run (list \"print :x)",
         "show runresult [:x + 1]", "print f", "print 12345678901234567890 + :x",
         'make "x :x + 5', "print 3.0", "print 3", "print -0.0", "print 0.0", "fd 10 rt 90",
         "show (list 1 2.0 -3 007 1e2)", "show (list 1 2 -3 7 100)", 'run (list "print 3)',
         'run (list "print 3.0)', "print 10 - -5", "print 10 - 5", "print 3-2", "print 3 - 2",
         'make "x :x + 0.5', "print f 1e3", "print (f 2 3.5)", "setitem 2 :v 7",
         'print "abc', 'print "ABC', 'print word "a "b', 'print word "c "d', 'make "z "w',
         'make "f "g', "print :z", 'show "|a b|', 'print "', 'print "a(b', 'print thing "x']
START = 'make "x 0\nmake "y 0\nmake "l []\nmake "v []\n'


def _run(text: str, tiers: str) -> str:
    host = BufferHost()
    Interpreter(host, tiers=tiers).run_source(text)
    return host.output


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=30), st.sampled_from(
    ["auto", "interpret"]))
def test_lines_alike_run_as_lines_parsed_each_alone(lines: list[str], tiers: str) -> None:
    """The same text with and without the trees kept: the same output, the same errors
    (every line of the pool is written twice, or more, in most texts)."""
    text = START + "\n".join(lines + lines) + "\n"
    kept = _run(text, tiers)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tree_cache, "MOST_WORDS", -1)  # (no list is kept)
        alone = _run(text, tiers)
    assert kept == alone


def test_kept_trees_go_when_the_primitives_change() -> None:
    """A name that was no primitive (a variable read or set: ALLOWGETSET) is one once
    the registry has it (a microworld loaded, COPYDEF), with no definition changed."""
    I = Interpreter(BufferHost())
    nodes, _ = tree_cache.parsed(I, LogoList(["zz", "1"]))
    assert type(nodes[0]) is GetSet
    assert type(tree_cache.parsed(I, LogoList(["zz", "1"]))[0][0]) is GetSet  # (kept)
    reg = copy.copy(I.registry)
    reg.by_name = {**reg.by_name, "zz": I.registry.get("minus")}
    I.registry = reg
    nodes, _ = tree_cache.parsed(I, LogoList(["zz", "1"]))
    assert type(nodes[0]) is Call and nodes[0].target is I.registry.get("minus")
    I.registry.loaded["test"] = None  # (a microworld loaded into the same registry)
    reg.by_name["zz"] = reg.by_name["first"]
    nodes, _ = tree_cache.parsed(I, LogoList(["zz", "1"]))
    assert type(nodes[0]) is Call and nodes[0].target is reg.by_name["first"]


def test_a_long_text_leaves_no_garbage_cycles() -> None:
    """A text long enough to be set aside from the collector while it runs: afterwards
    the collector has it back, and nothing of it is left in a cycle."""
    text = "".join(f'make "x :x + {i}\nif :x > 7 [make "y [{i} [a]]]\n'
                   for i in range(text_lines.LONG_TEXT))
    I = Interpreter(BufferHost())
    I.load_source('make "x 0\n' + text)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        I.load_source(text)
        assert gc.collect() == 0
        assert not gc.get_freeze_count()
    finally:
        if enabled:
            gc.enable()
    assert I.vars["y"].first() == str(text_lines.LONG_TEXT - 1)


def test_a_line_is_given_its_own_words_in_the_slots() -> None:
    """Numbers and quoted words are slots of a kept tree, each line its own; TO takes its
    quoted words as they are written (never a slot: such a line is parsed each time)."""
    I = Interpreter(BufferHost())
    for k in range(4):
        make: Any = tree_cache.parsed(I, LogoList(["make", f'"v{k}', str(k), "+", f"{k}.5"]))[0]
        assert make[0].args[0].value == f"v{k}"
        assert (make[0].args[1].left.value, make[0].args[1].right.value) == (k, k + 0.5)
        assert type(make[0].args[1].left.value) is int
        to: Any = tree_cache.parsed(I, LogoList(["to", "g", f'"w{k}', f"{k}"]))[0]
        assert [a.value for a in to[0].args] == ["g", f'"w{k}', k]
