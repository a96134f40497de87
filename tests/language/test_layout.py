"""How real programs lay out their text, read as UCBLogo reads it: a ``(`` left open goes
on over the next lines, ``#!`` lines are comments, titles written without colons."""

from __future__ import annotations

import pytest

from logo.command_line.repl import Repl, needs_more
from logo.language.error_text import message
from logo.language.errors import LogoError
from logo.language.procedures import parse_title
from logo.language.reader import open_paren_at_end, read_lines
from logo.language.runparse import runparse_line
from logo.language.values import LogoList, print_form
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from logo.session.workspace import more_prompt
from tests.support import run_logo


def lines_of(text: str) -> list[str]:
    return [print_form(line) for line in read_lines(text)]


def test_an_open_paren_continues_the_line():
    assert lines_of("print (sum 1 2\n3 4)\nprint 5") == ["print (sum 1 2 3 4)", "print 5"]
    assert lines_of('show (list "a ; note (\n  [b\nc] "d)') == ['show (list "a [b c] "d)']


def test_a_continued_line_keeps_the_line_it_began_on():
    first, second = read_lines("\nprint (sum 1\n2)\nprint 3", "f.lgo")
    assert first.src == ("f.lgo", 2) and second.src == ("f.lgo", 4)


@pytest.mark.parametrize("text, count", [
    ("show [(]\nprint 1", 1),           # a ( in a list counts, as in UCBLogo
    ('show "(\nprint 1', 1),            # and in a quoted word
    ('show "|(|\nprint 1', 2),          # not between bars
    ('show "\\(\nprint 1', 2),          # not after a backslash
    ("show 1 ; (\nprint 1", 2),         # not in a comment
    ('print "x) (sum 1\n2)', 1),        # a ) with none open is not counted
    ("print (sum 1 2))\nprint 1", 2),
])
def test_which_parens_keep_a_line_open(text, count):
    assert len(read_lines(text)) == count


def test_open_paren_at_end():
    assert open_paren_at_end("print (sum 1")
    assert open_paren_at_end("print (sum [ ] 1\n2")
    assert not open_paren_at_end("print (sum 1\n2)")
    assert not open_paren_at_end('print "|(| ; (')


@pytest.mark.parametrize("text, more", [
    ("print (sum 1 2", True), ("print (sum 1 2\n3)", False), ("print [a", True),
    ("to foo", True), ("print 1 ~", True), ("print (1))", False)])
def test_the_repl_and_command_center_read_on_while_a_paren_is_open(text, more):
    assert needs_more(text) is more


@pytest.mark.parametrize("text, prompt", [
    ("print (sum 1", "~ "), ("print [a", "~ "), ("print 1 ~", "~ "), ("to f", "> "),
    ("to f\nprint (sum 1", "~ "), ("to f\nprint 1", "> "), ("print 1", None),
    ('print "|a (', "| "), ('print "|a (|', None), ('print "|a|', None)])
def test_the_prompt_for_the_next_line_is_ucblogos(text, prompt):
    assert more_prompt(text) == prompt


def test_the_repl_runs_a_paren_continued_instruction():
    typed = iter(["print (sum 1 2", "3 4)", "to f", "show (list 1", "2)", "end", "f"])
    host = BufferHost()
    repl = Repl(Interpreter(host=host), read=lambda prompt: next(typed))
    for _ in range(3):
        repl.execute(repl.read_instruction())
    assert host.output == "10\n[1 2]\n"


def test_a_file_ending_inside_a_paren_runs_nothing():
    ran = run_logo('print "a\nprint (sum 1\n2\n')
    assert ran.printed == "" and ran.errors.startswith("too many ('s")


def test_end_inside_a_multiline_instruction():
    for body in ("print (sum 1\nend\n2)", "show [a\nend\nb]"):
        with pytest.raises(LogoError) as info:
            Interpreter(host=BufferHost()).load_source(f"to foo\n{body}\nend\n", "f")
        assert message(info.value) == "END inside multi-line instruction in foo"
        assert info.value.lineno == 1
    ran = run_logo("to foo\nshow (sum 1 ~\nend\n2)\nend\nfoo")  # after ~ it is a word
    assert ran.errors.startswith("I don't know how  to end")


def test_shebang_lines_are_comments():
    assert runparse_line(LogoList(["#!/usr/bin/logo", "print", "1"])) == []
    ran = run_logo('#!/usr/bin/logo -f\nprint "a\n  #!x y\nrun [#!x print 1]\nprint "b')
    assert (ran.printed, ran.errors) == ("a\nb\n", "")


@pytest.mark.parametrize("title, parsed", [
    (["fib", "m"], ("fib", ["m"], [], None, None)),
    (["t", ":a", '"b', "c"], ("t", ["a", "b", "c"], [], None, None)),
    (["p", "w", LogoList(["pad", "(char", "32)"])],
     ("p", ["w"], [("pad", ["(", "char", 32, ")"])], None, None)),
    (["p", LogoList([":x", '"y']), LogoList(["rest"]), "1"],
     ("p", [], [("x", ['"y'])], "rest", 1)),
    (["p", "a", LogoList(["r"]), "5"], ("p", ["a"], [], "r", 5)),
])
def test_titles_written_every_way(title, parsed):
    name, required, optional, rest, count = parse_title(title)
    assert (name, required, [(n, d.items()) for n, d in optional], rest, count) == parsed


@pytest.mark.parametrize("title, bad", [
    (["p", LogoList([":a", "1"]), "b"], "b"),      # a required input after an optional
    (["p", ":a", "0"], "0"),                       # fewer than the required inputs
    (["p", ":a", "3"], "3"),                       # more than the most inputs
    (["p", LogoList(["r"]), LogoList(["s"])], "[s]"),
    (["p", LogoList()], "[]"),
])
def test_titles_ucblogo_refuses(title, bad):
    with pytest.raises(LogoError) as info:
        parse_title(title)
    assert message(info.value) == f"to doesn't like {bad} as input"
    assert info.value.code == 4


def test_define_takes_the_names_as_written_and_a_count_word():
    ran = run_logo('define "f [[a [b 1] 2] [show list :a :b]]\nf 5 6\nshow text "f')
    assert ran.printed == "[5 6]\n[[a [b 1] 2] [show list :a :b]]\n" and ran.errors == ""


def test_parse_and_readlist_keep_semicolons_run_reads_comments():
    from logo.language.reader import read_list

    assert print_form(read_list("a ; b [c;d] |e;f|", comments=False)) == "a ; b [c;d] e;f"
    assert print_form(read_list("a ; b [c;d]")) == "a"


def test_readlist_reads_on_while_a_paren_is_open():
    host = BufferHost(input_lines=["(e f", "g) h ; (", "last"])
    interp = Interpreter(host=host)
    interp.run_source("show readlist\nshow readlist")
    assert host.output == "[(e f g) h ; (]\n[last]\n"
