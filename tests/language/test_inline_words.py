"""The inline forms of the word and list primitives (language/inline_prims.py) on the
words the main sweep (test_inline_forms.py) leaves out: Unicode letters, words with
backslashed and vertical-bar characters, a very long word, numbers that print
otherwise than typed (``1.50``, ``1e3``, ``-0``), and lists that share pairs after FPUT
onto their middle.  Each form prints the same value or error, naming the same procedure
and line, in the compiled tier as in the interpreting tier, which calls the primitives."""

from __future__ import annotations

import itertools

import pytest

from tests.support import run_logo

SETUP = """make "ru "слово make "bar "|a b| make "esc "abc\\ def make "long "x
repeat 13 [make "long word :long :long]
make "n150 1.50 make "e3 1e3 make "neg -0 make "up "TRUE make "one "ё
make "base [a b c d] make "mid fput "z butfirst :base make "deep fput 1 fput 2 butfirst :mid
"""
WORDS = [":ru", ":bar", ":esc", ":long", ":n150", ":e3", ":neg", ":up", ":one", "1.50",
         "123", '"слово', '"|x y|', ":mid", ":deep", "butfirst :mid", "butfirst :deep"]
UNARY = ["first", "butfirst", "last", "butlast", "count", "emptyp", "ascii", "numberp"]
BINARY = ["word", "memberp", "equalp", "fput", "lput"]


def _same_in_both_tiers(exprs: list[str]) -> None:
    body = "\n".join(f'catch "error [show {e}] show error' for e in exprs)
    text = f"to t\n{body}\nend\n{SETUP}t\n"
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.errors == interpreted.errors
    got, want = compiled.printed.splitlines(), interpreted.printed.splitlines()
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"line {k}: compiled {a!r}, primitive {b!r}"


@pytest.mark.parametrize("name", UNARY)
def test_a_form_of_one_input_agrees_on_unusual_words(name: str) -> None:
    _same_in_both_tiers([f"{name} {w}" for w in WORDS])


@pytest.mark.parametrize("name", BINARY)
def test_a_form_of_two_inputs_agrees_on_unusual_words(name: str) -> None:
    _same_in_both_tiers([f"{name} {a} {b}" for a, b in itertools.product(WORDS, WORDS)
                         if not (a == b == ":long")])


def test_an_error_in_a_word_form_names_the_procedure_and_line() -> None:
    text = 'to f :w\nprint count :w\nprint first butfirst :w\nend\nf "ab\nf "a'
    for tiers in ("compile", "interpret"):
        ran = run_logo(text, tiers=tiers)
        assert ran.printed == "2\nb\n1\n"
        assert ran.errors == ("first doesn't like || as input\n  in f (line 3)\n"
                              "  [print first butfirst :w]\n")
